"""The exact value of two-seat Sim up to K = 6 nodes (15 edges), for perfect play and the hint.

Every position reachable from the one asked about is valued once (win, draw or loss for the seat to
move) and remembered in a table indexed by the edges read as a base-3 number (free 0, seat 0's 1,
seat 1's 2): 3**15 one-byte entries for K = 6 (14 MiB), made once per board size. With two seats the
colours fix who is to move, so the edges alone name a position. Moves are played by the rules' own
kernels. Known result (Mead, Rosa and Huang, 1974): on six nodes the second player wins.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from tui_games.engine.header import NO_WINNER, PLAYER, TERMINAL, WINNER
from tui_games.engine.jit import kernel, np, types
from tui_games.games.sim.rules import EDGES, MAX_EDGES, N_NODES, apply_action, legal_actions

SOLVED_NODES = 6
"""Boards of up to this many nodes are solved exactly (two seats)."""
WIN, DRAW, LOSS = 1, 0, -1
"""Values for the seat to move."""
UNKNOWN = 0
"""A table entry not yet worked out; a known value ``v`` is stored as ``v + 2``."""


@kernel(types.int64(types.int64[::1]))
def position_code(s):
    """The edges of ``s`` as a base-3 number, edge 0 the lowest digit."""
    k = s[N_NODES]
    code = 0
    for edge in range(k * (k - 1) // 2 - 1, -1, -1):
        code = code * 3 + s[EDGES + edge]
    return code


@kernel(types.int64(types.int64[::1], types.int8[::1]))
def solve(s, table):
    """The value of the unfinished two-seat position ``s`` for the seat to move: WIN, DRAW or LOSS."""
    code = position_code(s)
    if table[code] != UNKNOWN:
        return table[code] - 2
    mover = s[PLAYER]
    actions = np.empty(MAX_EDGES, np.int64)
    child = np.empty_like(s)
    n = legal_actions(s, actions)
    best = LOSS
    for i in range(n):
        child[:] = s
        apply_action(child, actions[i])
        if child[PLAYER] == TERMINAL:
            value = DRAW if child[WINNER] == NO_WINNER else (WIN if child[WINNER] == mover else LOSS)
        else:
            value = -solve(child, table)
        if value > best:
            best = value
            if best == WIN:
                break
    table[code] = best + 2
    return best


_lock = threading.Lock()


@lru_cache(maxsize=SOLVED_NODES)
def _table(nodes: int) -> np.ndarray:
    return np.zeros(3 ** (nodes * (nodes - 1) // 2), np.int8)


def solvable(state) -> bool:
    """True for a two-seat game on at most :data:`SOLVED_NODES` nodes."""
    return state.num_players == 2 and state.nodes <= SOLVED_NODES


def position_value(state) -> int:
    """WIN, DRAW or LOSS for the seat to move in the unfinished two-seat ``state`` (perfect play)."""
    with _lock:  # one table per board size, shared by every player of this process
        return int(solve(state.array, _table(state.nodes)))


def action_values(state) -> dict[int, int]:
    """Each legal move's value for the seat making it: WIN, DRAW or LOSS."""
    mover = state.current_player
    values = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if child.is_terminal:
            values[action] = int(np.sign(child.returns()[mover]))
        else:
            values[action] = -position_value(child)
    return values
