"""Depth-limited alpha-beta on the 64-bit boards: the middle-game search of the top level (learned
pattern evaluation) and of the benchmark's classical player (mobility, corners and edges).

The engine's generic negamax cannot serve here: its evaluation kernel has no room for the weight
tables (and they must not be frozen into compiled code as globals), and searching the bare boards,
passes and all, is several times faster than going through the state array.

Values are for the side to move, in discs: the evaluation estimates the final disc difference, and a
finished game scores its exact final difference (empties to the winner), as the endgame solver does.
The search is principal-variation search with a transposition table (bounds, depth and best move);
moves are ordered by the table's move, then at the root by a one-ply evaluation and inside the tree
fastest-first (fewest replies left to the opponent). One ply from the horizon a node evaluates its
moves without sorting or the table (:func:`frontier_value`). Control array and node counts as in
:mod:`tui_games.games.othello.solver`; ``tables`` are the folded pattern tables of
:func:`~tui_games.games.othello.patterns.evaluation_tables` (any small array for the classical kind).
"""

from __future__ import annotations

from tui_games.engine.jit import kernel, np, types
from tui_games.engine.stopflag import NODES, should_stop, stop_requested
from tui_games.games.othello.bits import (
    CORNERS, ONE, ZERO, after_move, lowest_square, move_bits, pick_next, popcount, table_slot,
)
from tui_games.games.othello.heuristic import classic_value_moves
from tui_games.games.othello.patterns import pattern_value_moves
from tui_games.games.othello.rules import final_score

CLASSIC, PATTERNS = 0, 1
"""Evaluation kinds: the classical heuristic, or the learned pattern tables."""
POLL_NODES = 4096
TABLE_BITS = 18
NO_MOVE = 127
U64 = types.uint64
I64S = types.int64[::1]
F64S = types.float64[::1]
W2D = types.float32[:, ::1]
I64_2D = types.int64[:, ::1]
F64_2D = types.float64[:, ::1]
MAX_PLY = 128
"""Rows of the per-ply work arrays: deeper than any search (passes included) can go."""


def new_table(bits: int = TABLE_BITS):
    """A fresh table: (mover keys, opponent keys, lower bounds, upper bounds, depth*256 + move)."""
    size = 1 << bits
    return (np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros(size, np.float64),
            np.zeros(size, np.float64), np.full(size, -1, np.int64))


@kernel()
def evaluate_boards(mover, opponent, kind, tables):
    """The evaluation of the chosen ``kind`` for the side to move."""
    return evaluate_moves(mover, opponent, move_bits(mover, opponent), move_bits(opponent, mover), kind,
                          tables)


@kernel()
def evaluate_moves(mover, opponent, my_moves, their_moves, kind, tables):
    """:func:`evaluate_boards` given both sides' moves."""
    if kind == PATTERNS:
        return pattern_value_moves(mover, opponent, my_moves, their_moves, tables)
    return classic_value_moves(mover, opponent, my_moves, their_moves)


@kernel()
def order_keys(mover, opponent, moves, best_move, by_evaluation, kind, tables, squares, keys):
    """Writes the moves and their ordering keys (higher first); returns how many. The table's move
    comes first, then (``by_evaluation``, at the root) the move whose position the evaluation likes
    best, or (inside the tree, cheaper) the move that leaves the opponent the fewest replies."""
    n = 0
    while moves:
        square = lowest_square(moves)
        moves &= moves - ONE
        child_mover, child_opponent = after_move(square, mover, opponent)
        if square == best_move:
            key = 1.0e9
        elif by_evaluation:
            key = -evaluate_boards(child_mover, child_opponent, kind, tables)
        else:
            replies = move_bits(child_mover, child_opponent)
            key = -float(popcount(replies) + popcount(replies & CORNERS))
        squares[n] = square
        keys[n] = key
        n += 1
    return n


@kernel()
def leaf_value(mover, opponent, kind, tables):
    """The evaluation of a position at the search's horizon; a finished game's exact final score."""
    my_moves = move_bits(mover, opponent)
    their_moves = move_bits(opponent, mover)
    if my_moves == ZERO and their_moves == ZERO:
        return float(final_score(mover, opponent))
    return evaluate_moves(mover, opponent, my_moves, their_moves, kind, tables)


@kernel()
def frontier_value(mover, opponent, alpha, beta, kind, tables):
    """The value of a position one ply from the horizon (its moves evaluated, no ordering, no table),
    fail-soft; the side to move has a move."""
    moves = move_bits(mover, opponent)
    best = -np.inf
    while moves:
        square = lowest_square(moves)
        moves &= moves - ONE
        child_mover, child_opponent = after_move(square, mover, opponent)
        value = -leaf_value(child_mover, child_opponent, kind, tables)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


@kernel(types.float64(U64, U64, types.int64, types.float64, types.float64, types.int64, types.int64, W2D,
                      I64S, I64S, F64S, F64S, I64S, I64_2D, F64_2D, I64S, I64S))
def pvs(mover, opponent, depth, alpha, beta, ply, kind, tables, table_mover, table_opponent, table_lower,
        table_upper, table_meta, work_squares, work_keys, control, counters):
    """The value of a position searched ``depth`` plies deep (passes are free), fail-soft. ``ply`` is
    the distance from the root: the row of the work arrays this node sorts its moves in."""
    counters[0] += 1
    if counters[0] >= counters[1]:
        counters[1] = counters[0] + POLL_NODES
        if should_stop(control, counters[0]):
            return 0.0
    moves = move_bits(mover, opponent)
    if moves == ZERO:
        if move_bits(opponent, mover) == ZERO:
            return float(final_score(mover, opponent))
        return -pvs(opponent, mover, depth, -beta, -alpha, ply, kind, tables, table_mover, table_opponent,
                    table_lower, table_upper, table_meta, work_squares, work_keys, control, counters)
    if depth <= 0:
        return evaluate_boards(mover, opponent, kind, tables)
    if depth == 1:
        return frontier_value(mover, opponent, alpha, beta, kind, tables)
    slot = table_slot(mover, opponent, table_meta.shape[0])
    best_move = NO_MOVE
    if table_mover[slot] == np.int64(mover) and table_opponent[slot] == np.int64(opponent):
        best_move = table_meta[slot] & 255
        if (table_meta[slot] >> 8) >= depth:
            lower, upper = table_lower[slot], table_upper[slot]
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
    alpha0 = alpha
    squares = work_squares[ply]
    keys = work_keys[ply]
    n = order_keys(mover, opponent, moves, best_move, False, kind, tables, squares, keys)
    best = -np.inf
    best_square = NO_MOVE
    for i in range(n):
        pick_next(squares, keys, i, n)
        square = squares[i]
        child_mover, child_opponent = after_move(square, mover, opponent)
        if i == 0:
            value = -pvs(child_mover, child_opponent, depth - 1, -beta, -alpha, ply + 1, kind, tables,
                         table_mover, table_opponent, table_lower, table_upper, table_meta, work_squares,
                         work_keys, control, counters)
        else:
            value = -pvs(child_mover, child_opponent, depth - 1, -alpha - 1e-3, -alpha, ply + 1, kind,
                         tables, table_mover, table_opponent, table_lower, table_upper, table_meta,
                         work_squares, work_keys, control, counters)
            if alpha < value < beta:
                value = -pvs(child_mover, child_opponent, depth - 1, -beta, -value, ply + 1, kind, tables,
                             table_mover, table_opponent, table_lower, table_upper, table_meta,
                             work_squares, work_keys, control, counters)
        if stop_requested(control):
            return 0.0
        if value > best:
            best = value
            best_square = square
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    table_mover[slot] = np.int64(mover)
    table_opponent[slot] = np.int64(opponent)
    table_lower[slot] = best if best > alpha0 else -np.inf
    table_upper[slot] = best if best < beta else np.inf
    table_meta[slot] = depth * 256 + best_square
    return best


@kernel()
def search_moves(mover, opponent, depth, exact_all, kind, tables, squares, values, table_mover,
                 table_opponent, table_lower, table_upper, table_meta, control, counters):
    """Scores the moves of the side to move (which must have one) ``depth`` plies deep; returns how
    many were scored (fewer if stopped). With ``exact_all`` every value is exact at that depth;
    without it only the best one is, the others being upper bounds (which may equal it). Once all
    are scored the best move comes first; the others are in the order they were searched."""
    keys = np.empty(64, np.float64)
    work_squares = np.empty((MAX_PLY, 64), np.int64)
    work_keys = np.empty((MAX_PLY, 64), np.float64)
    moves = move_bits(mover, opponent)
    slot = table_slot(mover, opponent, table_meta.shape[0])
    best_move = NO_MOVE
    if table_mover[slot] == np.int64(mover) and table_opponent[slot] == np.int64(opponent):
        best_move = table_meta[slot] & 255
    n = order_keys(mover, opponent, moves, best_move, True, kind, tables, squares, keys)
    alpha = -np.inf
    best_square = NO_MOVE
    best_index = 0
    for i in range(n):
        pick_next(squares, keys, i, n)
        square = squares[i]
        child_mover, child_opponent = after_move(square, mover, opponent)
        if exact_all or i == 0:
            value = -pvs(child_mover, child_opponent, depth - 1, -np.inf, np.inf, 1, kind, tables,
                         table_mover, table_opponent, table_lower, table_upper, table_meta, work_squares,
                         work_keys, control, counters)
        else:
            value = -pvs(child_mover, child_opponent, depth - 1, -alpha - 1e-3, -alpha, 1, kind, tables,
                         table_mover, table_opponent, table_lower, table_upper, table_meta, work_squares,
                         work_keys, control, counters)
            if value > alpha:
                value = -pvs(child_mover, child_opponent, depth - 1, -np.inf, -value, 1, kind, tables,
                             table_mover, table_opponent, table_lower, table_upper, table_meta,
                             work_squares, work_keys, control, counters)
        if stop_requested(control):
            return i
        values[i] = value
        if value > alpha:
            alpha = value
            best_square = square
            best_index = i
    squares[0], squares[best_index] = squares[best_index], squares[0]
    values[0], values[best_index] = values[best_index], values[0]
    table_mover[slot] = np.int64(mover)
    table_opponent[slot] = np.int64(opponent)
    table_lower[slot] = alpha
    table_upper[slot] = alpha
    table_meta[slot] = depth * 256 + best_square
    if control.shape[0] > NODES:
        control[NODES] = counters[0]
    return n


@kernel()
def position_values(movers, opponents, depth, kind, tables, out):
    """The ``depth``-ply search value of many positions for their side to move (the weights script
    labels its samples with them); a fresh small table for the batch, no stop."""
    table = (np.zeros(1 << 16, np.int64), np.zeros(1 << 16, np.int64), np.zeros(1 << 16, np.float64),
             np.zeros(1 << 16, np.float64), np.full(1 << 16, -1, np.int64))
    work_squares = np.empty((MAX_PLY, 64), np.int64)
    work_keys = np.empty((MAX_PLY, 64), np.float64)
    control = np.zeros(4, np.int64)
    counters = np.zeros(2, np.int64)
    counters[1] = 1 << 62
    for i in range(movers.shape[0]):
        out[i] = pvs(movers[i], opponents[i], depth, -np.inf, np.inf, 0, kind, tables, table[0], table[1],
                     table[2], table[3], table[4], work_squares, work_keys, control, counters)
    return counters[0]
