"""Nim3P state: the protocol adapter over rules.py (moves named and read as Nim's are)."""

from __future__ import annotations

import re

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.standard import no_chance_outcomes
from tui_games.games.nim3p import rules


class Nim3PState(KernelState):
    """A Nim3P position: ``heaps``, ``decode`` and ``encode`` as a Nim state has them."""

    __slots__ = ()

    @property
    def heaps(self) -> list[int]:
        """The heap sizes, heap 1 first."""
        n = int(self.array[rules.N_HEAPS])
        return [int(x) for x in self.array[rules.HEAPS:rules.HEAPS + n]]

    @property
    def max_take(self) -> int:
        """The most items one move may take: M = S, the starting size of a heap."""
        return int(self.params["size"])

    @property
    def extra_rule(self) -> bool:
        """True when the seat after the winner gets the extra 0.2."""
        return bool(self.array[rules.EXTRA_RULE])

    def decode(self, action: int) -> tuple[int, int]:
        """(heap index 0-based, items taken) of ``action``."""
        fewer, heap = divmod(action, len(self.heaps))
        return heap, fewer + 1

    def encode(self, heap: int, take: int) -> int:
        """The action that takes ``take`` items from heap ``heap`` (0-based)."""
        return (take - 1) * len(self.heaps) + heap


def _name_action(state: Nim3PState, action: int) -> str:
    heap, take = state.decode(action)
    return f"take {take} from heap {heap + 1}"


_MOVE = re.compile(r"(?:take\s+)?(?P<take>\d+)\s*(?:from\s+|@\s*|,\s*|\s+)(?:heap\s*)?(?P<heap>\d+)")


def _read_action(state: Nim3PState, text: str) -> int:
    found = _MOVE.fullmatch(text.lower())
    if found is None:
        raise IllegalActionError(f"{text!r} is not a move: write 'take K from heap H' or 'K H'")
    take, heap = int(found["take"]), int(found["heap"])
    heaps = len(state.heaps)
    if not 1 <= heap <= heaps:
        raise IllegalActionError(f"there is no heap {heap}: heaps are 1-{heaps}")
    if take < 1:
        raise IllegalActionError("a move takes at least one item")
    return state.encode(heap - 1, take)


def _why_illegal(state: Nim3PState, action: int) -> str:
    if action < 0:
        return f"{action} is not a move"
    heap, take = state.decode(action)
    left = state.heaps[heap]
    if left == 0:
        return f"heap {heap + 1} is empty"
    if take > left:
        return f"heap {heap + 1} has only {left} item{'' if left == 1 else 's'}"
    return f"{_name_action(state, action)} is not possible now"


def _observe(state: Nim3PState, player: int) -> str:
    lines = [f"heap {i + 1}: {'|' * h} ({h})" for i, h in enumerate(state.heaps)]
    if state.extra_rule:
        lines.append("extra rule: the seat after the winner gets 0.2")
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    return rules.initial_state(params["heaps"], params["size"], int(params["extra_rule"] == "on"))


KERNELS = GameKernels(
    legal=rules.legal_actions,
    apply=rules.apply_action,
    chance=no_chance_outcomes,
    returns=rules.returns,
    evaluate=rules.evaluate,
    max_actions=rules.MAX_ACTIONS,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)


DEFINITION = GameDefinition(state_class=Nim3PState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.nim3p.ai"))
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""
