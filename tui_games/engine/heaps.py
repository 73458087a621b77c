"""Games of heaps above their kernels (Nim, Nim3P): a position of heaps read from the state array,
and moves ("take K from heap H") named, read and refused in words.

An action takes ``take`` items (1 or more) from heap ``heap`` (0-based) and is numbered
``(take - 1) * heaps + heap``; a game whose kernels number their moves so shares all of this.
"""

from __future__ import annotations

import re

from tui_games.core.errors import IllegalActionError
from tui_games.core.words import counted
from tui_games.engine.kernel_state import KernelState


class HeapState(KernelState):
    """A position of heaps; a game's state class sets where its array holds the heap count
    (:attr:`N_HEAPS_AT`) and the heaps (:attr:`HEAPS_AT`) and says :attr:`max_take`."""

    __slots__ = ()
    N_HEAPS_AT = 0
    """Offset of the number of heaps in the state array."""
    HEAPS_AT = 0
    """Offset of the first heap's size in the state array."""

    @property
    def heaps(self) -> list[int]:
        """The heap sizes, heap 1 first."""
        n = int(self.array[self.N_HEAPS_AT])
        return [int(x) for x in self.array[self.HEAPS_AT:self.HEAPS_AT + n]]

    @property
    def max_take(self) -> int:
        """The most items one move may take."""
        raise NotImplementedError

    def decode(self, action: int) -> tuple[int, int]:
        """(heap index 0-based, items taken) of ``action``."""
        fewer, heap = divmod(action, len(self.heaps))
        return heap, fewer + 1

    def encode(self, heap: int, take: int) -> int:
        """The action that takes ``take`` items from heap ``heap`` (0-based)."""
        return (take - 1) * len(self.heaps) + heap


def name_move(state: HeapState, action: int) -> str:
    """'take K from heap H' (heaps numbered from 1); IllegalActionError for a negative number."""
    if action < 0:
        raise IllegalActionError(why_illegal(state, action))
    heap, take = state.decode(action)
    return f"take {take} from heap {heap + 1}"


_MOVE = re.compile(r"(?:take\s+)?(?P<take>\d+)\s*(?:from\s+|@\s*|,\s*|\s+)(?:heap\s*)?(?P<heap>\d+)")


def read_move(state: HeapState, text: str) -> int:
    """The action written as 'take K from heap H', 'K H', 'K@H' or 'K,H'; IllegalActionError with the
    reason for text that names no move of this position's heaps."""
    found = _MOVE.fullmatch(text.strip().lower())
    if found is None:
        raise IllegalActionError(f"{text!r} is not a move: write 'take K from heap H' or 'K H'")
    take, heap = int(found["take"]), int(found["heap"])
    heaps = len(state.heaps)
    if not 1 <= heap <= heaps:
        raise IllegalActionError(f"there is no heap {heap}: heaps are 1-{heaps}")
    if take < 1:
        raise IllegalActionError("a move takes at least one item")
    return state.encode(heap - 1, take)


def why_illegal(state: HeapState, action: int) -> str:
    """Why ``action`` cannot be played here: too many items, an empty heap or one too small."""
    if action < 0:
        return f"{action} is not a move"
    heap, take = state.decode(action)
    if take > state.max_take:
        return f"you may take at most {counted(state.max_take, 'item')} in one move"
    left = state.heaps[heap]
    if left == 0:
        return f"heap {heap + 1} is empty"
    if take > left:
        return f"heap {heap + 1} has only {counted(left, 'item')}"
    return f"{name_move(state, action)} is not possible now"


def heap_lines(state: HeapState) -> list[str]:
    """One line a heap, e.g. 'heap 2: ||| (3)'."""
    return [f"heap {i + 1}: {'|' * h} ({h})" for i, h in enumerate(state.heaps)]
