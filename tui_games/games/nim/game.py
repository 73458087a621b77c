"""Nim state: the protocol adapter over rules.py."""

from __future__ import annotations

import re

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.standard import no_chance_outcomes, two_player_win_loss_returns
from tui_games.games.nim import rules


class NimState(KernelState):
    """A Nim position."""

    __slots__ = ()

    @property
    def heaps(self) -> list[int]:
        """The heap sizes, heap 1 first."""
        n = int(self.array[rules.N_HEAPS])
        return [int(x) for x in self.array[rules.HEAPS:rules.HEAPS + n]]

    @property
    def max_take(self) -> int:
        """The most items one move may take (M)."""
        return int(self.array[rules.MAX_TAKE])

    def decode(self, action: int) -> tuple[int, int]:
        """(heap index 0-based, items taken) of ``action``."""
        n = len(self.heaps)
        return action % n, action // n + 1

    def encode(self, heap: int, take: int) -> int:
        """The action that takes ``take`` items from heap ``heap`` (0-based)."""
        return (take - 1) * len(self.heaps) + heap

    @property
    def nim_sum(self) -> int:
        """XOR of the heaps' Grundy values; the player to move can force a win exactly when it is not 0."""
        return int(rules.nim_sum(self.array))


def _name_action(state: NimState, action: int) -> str:
    heap, take = state.decode(action)
    return f"take {take} from heap {heap + 1}"


_PATTERNS = (
    re.compile(r"^(?:take\s+)?(\d+)\s*(?:from|@|,|\s)\s*(?:heap\s*)?(\d+)$"),
)


def _read_action(state: NimState, text: str) -> int:
    match = _PATTERNS[0].match(text.lower())
    if not match:
        raise IllegalActionError(f"{text!r} is not a move: write 'take K from heap H' or 'K H'")
    take, heap = int(match.group(1)), int(match.group(2))
    if not 1 <= heap <= len(state.heaps):
        raise IllegalActionError(f"there is no heap {heap}: heaps are 1-{len(state.heaps)}")
    if take < 1:
        raise IllegalActionError("you must take at least one item")
    return state.encode(heap - 1, take)


def _why_illegal(state: NimState, action: int) -> str:
    n = len(state.heaps)
    if action < 0:
        return f"{action} is not a move"
    heap, take = state.decode(action)
    if take > state.max_take:
        return f"you may take at most {state.max_take} items in one move"
    size = state.heaps[heap]
    if size == 0:
        return f"heap {heap + 1} is empty"
    if take > size:
        return f"heap {heap + 1} has only {size} item{'s' if size != 1 else ''}"
    return f"taking {take} from heap {heap + 1} of {n} is not possible now"


def _observe(state: NimState, player: int) -> str:
    return "\n".join(f"heap {i + 1}: {'|' * h} ({h})" for i, h in enumerate(state.heaps))


def _initial(seed: int, params: dict):
    return rules.initial_state(params["heaps"], params["size"], params["max_take"])


KERNELS = GameKernels(
    legal=rules.legal_actions,
    apply=rules.apply_action,
    chance=no_chance_outcomes,
    returns=two_player_win_loss_returns,
    evaluate=rules.evaluate,
    max_actions=rules.MAX_HEAPS * 15,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)


DEFINITION = GameDefinition(state_class=NimState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.nim.ai"))
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""
