"""Exact max-n values of every Nim3P position, in one table built backwards from the end of the game.

Max-n: each seat maximises its own return, and a position's value is the vector of the three seats'
returns under that play. The value does not depend on who is to move except by a rotation, so the
table holds one vector per heap configuration, *relative to the seat to move* (component 0 the
mover's, 1 the next seat's, 2 the one after). Configurations are numbered in mixed radix S+1, heap 0
the lowest digit; a move lowers one digit, so every child comes before its parent and one pass in
increasing order fills the table. Moves are generated and played by the rules' own kernels.

A second set of columns holds each seat's *hope*: its expected return if it plays max-n moves while
the two others move at random. Among the moves of equal max-n value for it the AI takes the one with
the best hope (against perfect players they are all the same; against fallible ones it matters).

Ties are broken as :mod:`tui_games.engine.maxn` breaks them (max-n values depend on it): among the
moves equally good for the mover, the first in legal-action order is kept. The engine's max-n search
to the end of the game therefore finds the same values (a test checks it), only far slower: the game
tree of 3 heaps of 5 has 25 million leaves, the table 216 rows.
"""

from __future__ import annotations

from functools import lru_cache

from tui_games.engine.header import NO_WINNER, PLAYER, TERMINAL, WINNER
from tui_games.engine.jit import kernel, np, types
from tui_games.games.nim3p.rules import (HEAPS, MAX_ACTIONS, N_HEAPS, SEATS, apply_action, initial_state,
                                         legal_actions, returns)

VALUE, HOPE = 0, SEATS
"""The first column of a table row's max-n vector and of its hope vector."""
COLUMNS = 2 * SEATS


@kernel(types.int64(types.int64[::1], types.int64))
def configuration_index(s, radix):
    """The table row of the heaps in ``s``: their sizes as digits in base ``radix``, heap 0 lowest."""
    index = 0
    for heap in range(s[N_HEAPS] - 1, -1, -1):
        index = index * radix + s[HEAPS + heap]
    return index


@kernel(types.float64[:, ::1](types.int64, types.int64, types.int64))
def build_table(n_heaps, size, extra_rule):
    """Row ``i`` for heap configuration ``i``, relative to the seat to move: columns VALUE.. the max-n
    vector, columns HOPE.. each seat's expected return against random play (row 0, no items left, is
    never a position to move in and stays zero)."""
    radix = size + 1
    count = radix ** n_heaps
    table = np.zeros((count, COLUMNS), np.float64)
    s = initial_state(n_heaps, size, extra_rule)
    child = np.empty_like(s)
    actions = np.empty(MAX_ACTIONS, np.int64)
    vectors = np.zeros((MAX_ACTIONS, SEATS), np.float64)
    hopes = np.zeros((MAX_ACTIONS, SEATS), np.float64)
    for index in range(1, count):
        rest = index
        for heap in range(n_heaps):
            s[HEAPS + heap] = rest % radix
            rest //= radix
        s[PLAYER] = 0
        s[WINNER] = NO_WINNER
        n = legal_actions(s, actions)
        best = 0
        for i in range(n):
            child[:] = s
            apply_action(child, actions[i])
            if child[PLAYER] == TERMINAL:
                returns(child, vectors[i])
                hopes[i, :] = vectors[i, :]
            else:  # seat 1 moves there: the child's row is relative to seat 1
                row = configuration_index(child, radix)
                for seat in range(SEATS):
                    vectors[i, seat] = table[row, VALUE + (seat + SEATS - 1) % SEATS]
                    hopes[i, seat] = table[row, HOPE + (seat + SEATS - 1) % SEATS]
            if vectors[i, 0] > vectors[best, 0]:
                best = i
        table[index, VALUE:VALUE + SEATS] = vectors[best]
        mine = -1.0
        for i in range(n):  # the mover: a max-n move, the one that does best against random replies
            if vectors[i, 0] == vectors[best, 0] and hopes[i, 0] > mine:
                mine = hopes[i, 0]
        table[index, HOPE] = mine
        for seat in range(1, SEATS):  # the two others move at random here
            table[index, HOPE + seat] = hopes[:n, seat].mean()
    return table


@lru_cache(maxsize=2)  # the largest table holds 48 MB
def value_table(n_heaps: int, size: int, extra_rule: bool) -> np.ndarray:
    """The table of a game of ``n_heaps`` heaps of ``size`` (built once per game kind: a million rows
    for the largest, 6 heaps of 9, in 2-3 seconds)."""
    table = build_table(n_heaps, size, int(extra_rule))
    table.setflags(write=False)
    return table


def table_for(state) -> np.ndarray:
    """The value table of the game ``state`` belongs to."""
    return value_table(int(state.array[N_HEAPS]), int(state.params["size"]), bool(state.extra_rule))


def _vector(state, first_column: int) -> tuple[float, ...]:
    """Columns ``first_column``.. of ``state``'s row, turned to seat 0 first (its returns once over)."""
    if state.is_terminal:
        return tuple(state.returns())
    row = table_for(state)[configuration_index(state.array, int(state.params["size"]) + 1)]
    mover = state.current_player
    return tuple(float(row[first_column + (seat - mover) % SEATS]) for seat in range(SEATS))


def position_value(state) -> tuple[float, ...]:
    """The max-n value vector of ``state``, seat 0 first (its returns once the game is over)."""
    return _vector(state, VALUE)


def position_hope(state) -> tuple[float, ...]:
    """Each seat's hope in ``state`` (seat 0 first): its expected return playing max-n moves (the best
    hope among equals) while the two others move at random."""
    return _vector(state, HOPE)


def _children(state) -> dict[int, object]:
    children = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        children[action] = child
    return children


def action_values(state) -> dict[int, tuple[float, ...]]:
    """The max-n value vector (seat 0 first) of the position each legal move leads to."""
    return {action: position_value(child) for action, child in _children(state).items()}


def best_action(state) -> int:
    """The max-n move: the best for the mover; among equals the one with the best hope, then the first
    in legal-action order."""
    mover = state.current_player
    scored = {action: (position_value(child)[mover], position_hope(child)[mover])
              for action, child in _children(state).items()}
    return max(scored, key=lambda action: (*scored[action], -action))


def first_best_action(state) -> int:
    """The move max-n itself plays (the engine's too): the first of the moves best for the mover."""
    values = action_values(state)
    mover = state.current_player
    return max(values, key=lambda action: (values[action][mover], -action))
