"""Expectimax search over packed 2048 boards, with the moves of rules.py and the row heuristic.

The tree alternates the player's move (take the best) and the random tile (average over every
empty cell, a 2 with p 0.9 and a 4 with p 0.1). Leaves are scored by the row heuristic; a branch
whose probability falls under a threshold is cut and scored there too. A transposition cache
(one fixed-size table, invalidated per search by a generation stamp) shares the value of boards
reached by different move orders. Every call takes the engine's control array
(engine/stopflag.py layout, plus one slot for the cache generation): another thread stops it
through control[STOP], and a node budget keeps the time per move bounded.

All tables travel in one :class:`SearchTables` tuple built once per process by :func:`tables`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from tui_games.engine import stopflag
from tui_games.engine.jit import kernel, np
from tui_games.engine.stopflag import ABORTED, BUDGET, NODES, STOP
from tui_games.games.g2048 import rules
from tui_games.games.g2048.heuristic import build_heuristic_table

MAX_CACHE_BITS = 24
"""A transposition cache has a power-of-two size of at most 2**MAX_CACHE_BITS entries."""
_HASH_MULTIPLIER = rules._signed(0x9E3779B97F4A7C15)

GENERATION = stopflag.CONTROL_SIZE
"""control[GENERATION]: stamp of the current search in the transposition cache (the slot after the
engine's STOP, ABORTED, NODES and BUDGET)."""
CONTROL_SIZE = GENERATION + 1
STOP_POLL_MASK = 1023
"""The stop flag and the budget are checked every 1024 nodes."""


class SearchTables(NamedTuple):
    """The lookup tables and the transposition cache one search needs."""

    left: np.ndarray
    right: np.ndarray
    gain: np.ndarray
    heuristic: np.ndarray
    cache_keys: np.ndarray
    cache_depths: np.ndarray
    cache_values: np.ndarray
    cache_generations: np.ndarray


@lru_cache(maxsize=1)
def row_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(left, right, gain, heuristic) row tables, built once per process."""
    left, right, gain = rules.build_row_tables()
    return left, right, gain, build_heuristic_table()


def tables(cache_bits: int = 20) -> SearchTables:
    """Fresh search tables: the shared row tables plus a private cache of 2**cache_bits entries."""
    left, right, gain, heuristic = row_tables()
    size = 1 << min(cache_bits, MAX_CACHE_BITS)
    return SearchTables(left, right, gain, heuristic, np.zeros(size, dtype=np.int64),
                        np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.float64),
                        np.full(size, -1, dtype=np.int64))


@kernel()
def rows_heuristic(board, heuristic):
    """Sum of the row heuristic over the 4 rows of a packed board."""
    return (heuristic[board & 0xFFFF] + heuristic[(board >> 16) & 0xFFFF]
            + heuristic[(board >> 32) & 0xFFFF] + heuristic[(board >> 48) & 0xFFFF])


@kernel()
def board_heuristic(board, heuristic):
    """Sum of the row heuristic over the 4 rows and the 4 columns of a packed board."""
    return rows_heuristic(board, heuristic) + rows_heuristic(rules.transpose(board), heuristic)


@kernel()
def _should_stop(control):
    """Count a node; True once the search must end (checked every STOP_POLL_MASK + 1 nodes)."""
    if control[ABORTED] != 0:
        return True
    control[NODES] += 1
    if control[NODES] & STOP_POLL_MASK == 0 and (control[STOP] != 0 or control[NODES] >= control[BUDGET]):
        control[ABORTED] = 1
        return True
    return False


@kernel()
def spawn_value(after, depth, probability, threshold, t, control):
    """Expected value of the afterstate ``after`` (the random tile is due), ``depth`` moves deep.

    ``t`` is a :class:`SearchTables`; ``probability`` is the chance of reaching this node. A
    child whose depth runs out or whose probability falls below ``threshold`` is scored by the
    heuristic on the spot; a board with no move left is worth 0.
    """
    if depth <= 0 or probability < threshold or _should_stop(control):
        return board_heuristic(after, t.heuristic)
    slot = ((after * _HASH_MULTIPLIER) >> (64 - MAX_CACHE_BITS)) & (t.cache_keys.shape[0] - 1)
    if (t.cache_generations[slot] == control[GENERATION] and t.cache_keys[slot] == after
            and t.cache_depths[slot] >= depth):
        return t.cache_values[slot]
    empty = rules.count_empty(after)
    total = 0.0
    for cell in range(16):
        if (after >> (4 * cell)) & 0xF != 0:
            continue
        for exponent in (1, 2):
            chance = rules.PROB_TWO if exponent == 1 else rules.PROB_FOUR
            child_probability = probability * chance / empty
            leaf = depth == 1 or child_probability < threshold
            board = after | (np.int64(exponent) << (4 * cell))
            transposed = rules.transpose(board)
            best = 0.0
            for move in range(4):
                moved, moved_transposed = rules.move_both(board, transposed, move, t.left, t.right)
                if moved == board:
                    continue
                if leaf:
                    value = (rows_heuristic(moved, t.heuristic)
                             + rows_heuristic(moved_transposed, t.heuristic))
                else:
                    value = spawn_value(moved, depth - 1, child_probability, threshold, t, control)
                if value > best:
                    best = value
            total += chance * best
    value = total / empty
    if control[ABORTED] == 0:
        t.cache_generations[slot] = control[GENERATION]
        t.cache_keys[slot] = after
        t.cache_depths[slot] = depth
        t.cache_values[slot] = value
    return value


@kernel()
def score_moves(board, depth, threshold, t, control, values):
    """Fill ``values[move]`` with each move's expected value (-1 for a move that moves nothing).

    ``depth`` counts the player's moves looked at, this one included (1 = judge the board right
    after the move). Returns the best move, or -1 when no move is legal.
    """
    best_move = -1
    best_value = -1.0
    for move in range(4):
        moved = rules.move_board(board, move, t.left, t.right)
        if moved == board:
            values[move] = -1.0
            continue
        value = spawn_value(moved, depth - 1, 1.0, threshold, t, control)
        values[move] = value
        if value > best_value:
            best_value = value
            best_move = move
    return best_move


@kernel()
def greedy_move(board, left, right, gain, tie_break):
    """The legal move that earns the most points now (-1 if none); ``tie_break`` (any 64-bit
    number, varied by the caller from move to move) picks among equally good moves."""
    best_gain = -1
    best_count = 0
    best_moves = np.empty(4, dtype=np.int64)
    for move in range(4):
        if rules.move_board(board, move, left, right) == board:
            continue
        earned = rules.move_gain(board, move, gain)
        if earned > best_gain:
            best_gain = earned
            best_count = 0
        if earned == best_gain:
            best_moves[best_count] = move
            best_count += 1
    if best_count == 0:
        return -1
    return best_moves[(tie_break & 0x7FFFFFFF) % best_count]
