"""Nim state: the protocol adapter over rules.py."""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.engine.heaps import HeapState, heap_lines, name_move, read_move, why_illegal
from tui_games.engine.kernel_state import GameKernels
from tui_games.games.nim import rules


class NimState(HeapState):
    """A Nim position."""

    __slots__ = ()
    N_HEAPS_AT = rules.N_HEAPS
    HEAPS_AT = rules.HEAPS

    @property
    def max_take(self) -> int:
        """The most items one move may take (M)."""
        return self.field("max_take")

    @property
    def nim_sum(self) -> int:
        """XOR of the heaps' Grundy values; the player to move can force a win exactly when it is not 0."""
        return int(rules.nim_sum(self.array))


def _observe(state: NimState, player: int) -> str:
    return "\n".join(heap_lines(state))


def _initial(seed: int, params: dict):
    return rules.initial_state(params["heaps"], params["size"], params["max_take"])


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=name_move,
    read_action=read_move,
    why_illegal=why_illegal,
    observe=_observe,
)


DEFINITION = GameDefinition(state_class=NimState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.nim.ai"))
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""
