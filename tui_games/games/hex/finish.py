"""Finishing a won Hex game quickly: try first the moves that leave the fewest stones still needed.

A won position has many winning moves, and most of them do not bring the win closer (a stone in a
corner keeps a virtual connection as well as one on it). The top level plays, of the moves it
proves or measures winning, one that most shortens its own connection (rules.stones_needed), then
one that most lengthens the opponent's, then the one nearest the centre.
"""

from __future__ import annotations

from collections.abc import Iterable

from tui_games.games.hex import rules


def progress_order(state, cells: Iterable[int], centre: Iterable[int] = ()) -> list[int]:
    """``cells`` (empty cells of ``state``) sorted by the stones the player to move still needs after
    playing there (fewest first), then by the stones the opponent needs (most first), then by their
    place in ``centre`` (a centre-first order; cells not in it come last, in their own order)."""
    mover = int(state.current_player)
    own, theirs = mover + 1, 2 - mover
    rank = {int(cell): i for i, cell in enumerate(centre)}
    array = state.array.copy()
    keys = {}
    for position, cell in enumerate(cells):
        cell = int(cell)
        array[rules.CELLS + cell] = own
        keys[cell] = (int(rules.stones_needed(array, own)), -int(rules.stones_needed(array, theirs)),
                      rank.get(cell, len(rank) + position))
        array[rules.CELLS + cell] = rules.EMPTY
    return sorted(keys, key=keys.__getitem__)


__all__ = ["progress_order"]
