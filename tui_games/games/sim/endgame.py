"""Sim solved to the end of the game for two or three seats, once few enough edges are free.

Max-n over the rules' own kernels with a transposition table: every seat maximises its own return
(the coalition's two seats share theirs, so there it is plain minimax). Where several moves are
equally good for the seat to move, the position's value is the mean of their vectors: the other seats
are taken to pick any of their best moves alike, which values the positions that give them more ways to
go wrong. A seat that can colour a safe edge never completes its own triangle unless every safe edge
loses for it too: then any edge is as good as another for it, and all of them count among its ties
(a doomed seat may well go out at once, which changes the turns of the two left).

The table is keyed by a Zobrist hash of the coloured edges and the seat to move (the edges alone tell
who is out), so its values hold for every game of the same nodes, seats and coalition and are kept
between moves and games (:func:`solve_actions`). A search stopped by the control array (time or node
budget, :mod:`tui_games.engine.stopflag`) stores nothing it did not finish.
"""

from __future__ import annotations

import threading
from functools import lru_cache

import numpy as np

from tui_games.engine.header import NUM_PLAYERS, PLAYER, TERMINAL
from tui_games.engine.jit import kernel, types
from tui_games.engine.stopflag import NODES, POLL_NODES, StopFlag, should_stop, stop_requested
from tui_games.games.sim.rules import (EDGES, MAX_EDGES, MAX_SEATS, N_NODES, apply_action, legal_actions,
                                       returns, third_node)

TABLE_BITS = 21
"""The table holds 2**TABLE_BITS positions (about 40 MiB)."""
PROBES = 8
"""Slots looked at for one position before the table counts as full there."""
TIE = 1e-6
"""Values closer than this are equal."""
ZOBRIST_SEED = 20261124


@kernel(types.int64(types.int64[::1], types.int64[:, ::1], types.int64[::1]))
def position_hash(s, edge_keys, mover_keys):
    """The Zobrist hash of the coloured edges and the seat to move (never 0: 0 marks a free slot)."""
    k = s[N_NODES]
    h = mover_keys[s[PLAYER]] if s[PLAYER] != TERMINAL else 0
    for edge in range(k * (k - 1) // 2):
        colour = s[EDGES + edge]
        if colour != 0:
            h ^= edge_keys[edge, colour]
    return h | 1


@kernel(types.int64(types.int64, types.int64[::1]))
def find_slot(h, keys):
    """The slot holding ``h``, or the free slot where it would go, or -1 (no room among the probes)."""
    mask = keys.shape[0] - 1
    slot = h & mask
    for _ in range(PROBES):
        if keys[slot] == h or keys[slot] == 0:
            return slot
        slot = (slot + 1) & mask
    return -1


@kernel(types.void(types.int64[::1], types.int64[:, ::1], types.int64[::1], types.int64[::1],
                   types.float32[:, ::1], types.float64[::1], types.int64[::1], types.int64[::1]))
def solve(s, edge_keys, mover_keys, keys, values, out, stop, counters):
    """Write into ``out`` the seats' values of ``s`` (max-n to the end, ties averaged; see the module)."""
    counters[0] += 1
    if counters[0] % POLL_NODES == 0 and should_stop(stop, counters[0]):
        return
    seats = s[NUM_PLAYERS]
    mover = s[PLAYER]
    if mover == TERMINAL:
        out[:] = 0.0
        returns(s, out)
        return
    h = position_hash(s, edge_keys, mover_keys)
    slot = find_slot(h, keys)
    if slot >= 0 and keys[slot] == h:
        out[:seats] = values[slot, :seats]
        return
    legal = np.empty(MAX_EDGES, np.int64)
    n = legal_actions(s, legal)
    actions = np.empty(MAX_EDGES, np.int64)  # the safe edges first, then those that close a triangle
    safe = 0
    unsafe = n
    for i in range(n):
        if third_node(s, legal[i], mover) < 0:
            actions[safe] = legal[i]
            safe += 1
        else:
            unsafe -= 1
            actions[unsafe] = legal[i]
    child = np.empty_like(s)
    below = np.empty(MAX_SEATS, np.float64)
    total = np.zeros(MAX_SEATS, np.float64)
    best = -np.inf
    ties = 0
    for i in range(n):
        if i == safe and safe > 0 and best > -1.0 + TIE:
            break  # a seat that can still do better than going out never closes its own triangle
        child[:] = s
        apply_action(child, actions[i])
        solve(child, edge_keys, mover_keys, keys, values, below, stop, counters)
        if stop_requested(stop):
            return
        value = below[mover]
        if value > best + TIE:
            best = value
            total[:seats] = below[:seats]
            ties = 1
        elif value > best - TIE:
            total[:seats] += below[:seats]
            ties += 1
        if best >= 1.0 - TIE:  # a win: every winning line ends alike
            break
    for p in range(seats):
        out[p] = total[p] / ties
    if slot >= 0:
        keys[slot] = h
        values[slot, :seats] = out[:seats]


@kernel(types.int64(types.int64[::1], types.int64[:, ::1], types.int64[::1], types.int64[::1],
                    types.float32[:, ::1], types.int64[::1], types.float64[:, ::1], types.int64[::1]))
def solve_root(s, edge_keys, mover_keys, keys, values, actions, action_values, stop):
    """Every legal action's value vector (``action_values[i]`` for ``actions[i]``); returns how many
    actions there are, or -1 when the search was stopped before it finished."""
    counters = np.zeros(1, np.int64)
    n = legal_actions(s, actions)
    child = np.empty_like(s)
    for i in range(n):
        child[:] = s
        apply_action(child, actions[i])
        solve(child, edge_keys, mover_keys, keys, values, action_values[i], stop, counters)
        if stop_requested(stop):
            n = -1
            break
    if stop.shape[0] > NODES:
        stop[NODES] += counters[0]
    return n


class EndgameTable:
    """The transposition table of one board (nodes, seats, coalition), shared by every player."""

    def __init__(self, bits: int = TABLE_BITS) -> None:
        rng = np.random.default_rng(ZOBRIST_SEED)
        self.edge_keys = rng.integers(1, 2 ** 62, size=(MAX_EDGES, MAX_SEATS + 1), dtype=np.int64)
        self.mover_keys = rng.integers(1, 2 ** 62, size=MAX_SEATS, dtype=np.int64)
        self.keys = np.zeros(1 << bits, np.int64)
        self.values = np.zeros((1 << bits, MAX_SEATS), np.float32)
        self.lock = threading.Lock()

    @property
    def filled(self) -> float:
        """The share of slots in use."""
        return float(np.count_nonzero(self.keys)) / self.keys.shape[0]


@lru_cache(maxsize=4)
def table_for(nodes: int, seats: int, coalition: bool) -> EndgameTable:
    """The table for one kind of board (the few last used are kept)."""
    return EndgameTable()


def solve_actions(state, stop_flag: StopFlag, time_budget: float | None = None,
                  ) -> dict[int, tuple[float, ...]] | None:
    """Each legal action's exact value vector (max-n to the end, as the module says), or None when
    ``time_budget`` seconds or ``stop_flag`` stopped the search first."""
    table = table_for(state.nodes, state.num_players, state.coalition)
    actions = np.empty(MAX_EDGES, np.int64)
    vectors = np.zeros((MAX_EDGES, MAX_SEATS), np.float64)
    with table.lock:
        if table.filled > 0.75:
            table.keys[:] = 0
        stop_flag.clear()
        with stop_flag.deadline(time_budget):
            n = solve_root(state.array, table.edge_keys, table.mover_keys, table.keys, table.values, actions,
                           vectors, stop_flag.array)
    if n < 0:
        return None
    seats = state.num_players
    return {int(actions[i]): tuple(float(v) for v in vectors[i, :seats]) for i in range(n)}
