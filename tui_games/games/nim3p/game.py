"""Nim3P state: the protocol adapter over rules.py (moves named and read as Nim's are)."""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.engine.heaps import HeapState, heap_lines, name_move, read_move, why_illegal
from tui_games.engine.kernel_state import GameKernels
from tui_games.games.nim3p import rules


class Nim3PState(HeapState):
    """A Nim3P position: ``heaps``, ``decode`` and ``encode`` as a Nim state has them."""

    __slots__ = ()
    N_HEAPS_AT = rules.N_HEAPS
    HEAPS_AT = rules.HEAPS

    @property
    def max_take(self) -> int:
        """The most items one move may take: M = S, the starting size of a heap."""
        return int(self.params["size"])

    @property
    def extra_rule(self) -> bool:
        """True when the seat after the winner gets the extra 0.2."""
        return bool(self.field("extra_rule"))


def _observe(state: Nim3PState, player: int) -> str:
    lines = heap_lines(state)
    if state.extra_rule:
        lines.append("extra rule: the seat after the winner gets 0.2")
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    return rules.initial_state(params["heaps"], params["size"], int(params["extra_rule"] == "on"))


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=name_move,
    read_action=read_move,
    why_illegal=why_illegal,
    observe=_observe,
)


DEFINITION = GameDefinition(state_class=Nim3PState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.nim3p.ai"))
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""
