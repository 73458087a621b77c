"""The exact Othello endgame solver: alpha-beta on the 64-bit boards of bits.py.

Scores are the final disc difference for the side to move with perfect play on both sides, empty
squares going to the winner (the FFO convention): always even, from -64 to +64.

How it searches (the textbook ideas of endgame solvers; nothing game-independent would do here):

- near the end (:data:`SHALLOW_EMPTIES` or fewer empty squares) a plain recursive alpha-beta over
  the empty squares, those in quadrants with an odd number of empties first (parity), and the last
  empty square scored by counting flips alone;
- above that, principal-variation search (null windows after the first move) with moves ordered
  fastest-first: the move that leaves the opponent the fewest moves (corners counted twice) first,
  after the transposition table's best move; with many empties a shallow search of each move by
  the evaluation passed in refines the order;
- a transposition table of lower and upper bounds and the best move, keyed by both boards.

Every search kernel takes the engine's control array (:mod:`tui_games.engine.stopflag`): a stop
request or a spent node budget makes it unwind at once (its result is then meaningless and
``control[ABORTED]`` says so); ``counters[0]`` counts the nodes (``counters[1]`` is the solver's own).
"""

from __future__ import annotations

from tui_games.engine.jit import kernel, np, types
from tui_games.engine.stopflag import NODES, should_stop, stop_requested
from tui_games.games.othello.bits import (
    CORNERS, ONE, QUADRANTS, ZERO, after_move, flip_bits, lowest_square, move_bits, pick_next, popcount,
    table_slot,
)
from tui_games.games.othello.patterns import PHASES, pattern_value
from tui_games.games.othello.rules import final_score

U64 = types.uint64
I64S = types.int64[::1]
W2D = types.float32[:, ::1]

SHALLOW_EMPTIES = 7
"""At this many empty squares or fewer the solver stops sorting moves and probing the table."""
EVAL_ORDER_EMPTIES = 14
"""From this many empty squares up, moves are also ordered by the learned evaluation."""
EVAL_ORDER_WEIGHT = 16.0
"""Ordering points per disc of evaluation (64 points per opponent reply)."""
POLL_NODES = 16384
"""The deep search looks at the control array when this many nodes have passed since the last
look (``counters[1]`` holds the node count of the next look)."""
INFINITY = 65
TABLE_BITS = 20
"""Default table size: 2**20 entries of 24 bytes (24 MB)."""
NO_MOVE = 127

SQUARE_ORDER_BONUS = np.array([
    18, 1, 8, 6, 6, 8, 1, 18,
    1, 0, 3, 4, 4, 3, 0, 1,
    8, 3, 7, 5, 5, 7, 3, 8,
    6, 4, 5, 2, 2, 5, 4, 6,
    6, 4, 5, 2, 2, 5, 4, 6,
    8, 3, 7, 5, 5, 7, 3, 8,
    1, 0, 3, 4, 4, 3, 0, 1,
    18, 1, 8, 6, 6, 8, 1, 18,
], dtype=np.int64)
"""A tie-break between moves that leave the opponent equally many moves: corners first, squares
next to an empty corner last (a fixed square-value table, as many solvers use)."""


def new_table(bits: int = TABLE_BITS):
    """A fresh transposition table: (mover keys, opponent keys, packed data) of 2**bits entries."""
    size = 1 << bits
    return (np.zeros(size, np.int64), np.zeros(size, np.int64), np.full(size, -1, np.int64))


@kernel()
def pack(lower, upper, move, empties):
    """One table entry's data: bounds (offset by 64), best move and empties, a byte each."""
    return (lower + 64) | ((upper + 64) << 8) | (move << 16) | (empties << 24)


@kernel()
def quadrant_parity(empty):
    """The empty squares that lie in a quadrant with an odd number of empty squares."""
    odd = ZERO
    for q in range(4):
        if popcount(empty & QUADRANTS[q]) & 1:
            odd |= QUADRANTS[q]
    return empty & odd


@kernel()
def solve_last(mover, opponent, square):
    """The exact score with one empty ``square`` left (the board otherwise full)."""
    base = 2 * popcount(mover) - 62  # mover's difference if it plays there and turns nothing over
    flips = popcount(flip_bits(square, mover, opponent))
    if flips:
        return base + 2 * flips
    flips = popcount(flip_bits(square, opponent, mover))
    if flips:
        return base - 2 - 2 * flips
    return base if base > 0 else base - 2


@kernel(types.int64(U64, U64, types.int64, types.int64, U64, I64S))
def solve_shallow(mover, opponent, alpha, beta, empty, counters):
    """The exact score (fail-soft alpha-beta) of a position with few empty squares ``empty``.

    Tries the empty squares themselves (cheaper than generating moves this close to the end),
    those of odd quadrants first.
    """
    counters[0] += 1
    if (empty & (empty - ONE)) == ZERO:
        if empty == ZERO:
            return final_score(mover, opponent)
        return solve_last(mover, opponent, lowest_square(empty))
    best = -INFINITY
    odd = quadrant_parity(empty)
    for stage in range(2):
        squares = odd if stage == 0 else empty & ~odd
        while squares:
            square = lowest_square(squares)
            squares &= squares - ONE
            flips = flip_bits(square, mover, opponent)
            if flips == ZERO:
                continue
            placed = ONE << np.uint64(square)
            value = -solve_shallow(opponent & ~flips, mover | flips | placed, -beta, -alpha,
                                   empty & ~placed, counters)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        return best
    if best == -INFINITY:
        if move_bits(opponent, mover) == ZERO:
            return final_score(mover, opponent)
        return -solve_shallow(opponent, mover, -beta, -alpha, empty, counters)
    return best


@kernel()
def order_moves(mover, opponent, moves, best_move, empties, tables, squares, keys):
    """Writes the moves into ``squares`` and their ordering keys (higher first) into ``keys``;
    returns how many. Fastest first: fewer opponent replies (corners counting twice) is better;
    with :data:`EVAL_ORDER_EMPTIES` or more empty squares (and pattern ``tables`` given, folded by
    patterns.evaluation_tables) the evaluation of the position after the move counts too."""
    n = 0
    use_eval = empties >= EVAL_ORDER_EMPTIES and tables.shape[0] == PHASES
    while moves:
        square = lowest_square(moves)
        moves &= moves - ONE
        child_mover, child_opponent = after_move(square, mover, opponent)
        replies = move_bits(child_mover, child_opponent)
        key = SQUARE_ORDER_BONUS[square] - 64 * (popcount(replies) + popcount(replies & CORNERS))
        if use_eval:
            key -= np.int64(EVAL_ORDER_WEIGHT * pattern_value(child_mover, child_opponent, tables))
        if square == best_move:
            key = 1 << 20
        squares[n] = square
        keys[n] = key
        n += 1
    return n


@kernel(types.int64(U64, U64, types.int64, types.int64, types.int64, W2D, I64S, I64S, I64S, I64S, I64S))
def solve_deep(mover, opponent, alpha, beta, empties, tables, table_mover, table_opponent, table_data,
               control, counters):
    """The exact score (fail-soft principal-variation search) of a position with ``empties`` empty
    squares, using and filling the transposition table; 0 and ``control[ABORTED]`` set if stopped."""
    if empties <= SHALLOW_EMPTIES:
        return solve_shallow(mover, opponent, alpha, beta, ~(mover | opponent), counters)
    counters[0] += 1
    if counters[0] >= counters[1]:
        counters[1] = counters[0] + POLL_NODES
        if should_stop(control, counters[0]):
            return 0
    moves = move_bits(mover, opponent)
    if moves == ZERO:
        if move_bits(opponent, mover) == ZERO:
            return final_score(mover, opponent)
        return -solve_deep(opponent, mover, -beta, -alpha, empties, tables, table_mover, table_opponent,
                           table_data, control, counters)
    slot = table_slot(mover, opponent, table_data.shape[0])
    best_move = NO_MOVE
    lower, upper = -INFINITY + 1, INFINITY - 1
    if table_mover[slot] == np.int64(mover) and table_opponent[slot] == np.int64(opponent):
        data = table_data[slot]
        lower = (data & 255) - 64
        upper = ((data >> 8) & 255) - 64
        best_move = (data >> 16) & 255
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower == upper:
            return lower
        alpha = max(alpha, lower)
        beta = min(beta, upper)
    alpha0, beta0 = alpha, beta
    squares = np.empty(64, np.int64)
    keys = np.empty(64, np.int64)
    n = order_moves(mover, opponent, moves, best_move, empties, tables, squares, keys)
    best = -INFINITY
    best_square = NO_MOVE
    for i in range(n):
        pick_next(squares, keys, i, n)
        square = squares[i]
        child_mover, child_opponent = after_move(square, mover, opponent)
        if i == 0:
            value = -solve_deep(child_mover, child_opponent, -beta, -alpha, empties - 1, tables,
                                table_mover, table_opponent, table_data, control, counters)
        else:
            value = -solve_deep(child_mover, child_opponent, -alpha - 1, -alpha, empties - 1, tables,
                                table_mover, table_opponent, table_data, control, counters)
            if alpha < value < beta:
                value = -solve_deep(child_mover, child_opponent, -beta, -value, empties - 1, tables,
                                    table_mover, table_opponent, table_data, control, counters)
        if stop_requested(control):
            return 0
        if value > best:
            best = value
            best_square = square
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    if best >= beta0:
        lower = best
    elif best <= alpha0:
        upper = best
    else:
        lower = upper = best
    table_data[slot] = pack(lower, upper, best_square, empties)
    table_mover[slot] = np.int64(mover)
    table_opponent[slot] = np.int64(opponent)
    return best


@kernel()
def solve(mover, opponent, alpha, beta, tables, table_mover, table_opponent, table_data, control, counters):
    """The exact score of (mover, opponent) for the side to move when it lies inside (alpha, beta);
    otherwise a bound on the same side of the window (fail-soft)."""
    empties = 64 - popcount(mover | opponent)
    if empties == 0:
        return final_score(mover, opponent)
    return solve_deep(mover, opponent, alpha, beta, empties, tables, table_mover, table_opponent,
                      table_data, control, counters)


@kernel()
def solve_moves(mover, opponent, exact_all, squares, scores, tables, table_mover, table_opponent, table_data,
                control, counters):
    """Scores the moves of the side to move (which must have one); returns how many.

    With ``exact_all`` every move gets its exact score; without it only the best move's score is
    exact and the others are upper bounds (no better than the best, possibly equal to it), which is
    much faster. Once all are scored the best move comes first; the others are in the solver's order.
    """
    keys = np.empty(64, np.int64)
    moves = move_bits(mover, opponent)
    slot = table_slot(mover, opponent, table_data.shape[0])
    best_move = NO_MOVE
    if table_mover[slot] == np.int64(mover) and table_opponent[slot] == np.int64(opponent):
        best_move = (table_data[slot] >> 16) & 255
    empties = 64 - popcount(mover | opponent)
    n = order_moves(mover, opponent, moves, best_move, empties, tables, squares, keys)
    alpha = -INFINITY
    best_index = 0
    for i in range(n):
        pick_next(squares, keys, i, n)
        square = squares[i]
        child_mover, child_opponent = after_move(square, mover, opponent)
        low = -INFINITY if exact_all else alpha
        if exact_all or i == 0:
            value = -solve_deep(child_mover, child_opponent, -INFINITY, -low, empties - 1, tables,
                                table_mover, table_opponent, table_data, control, counters)
        else:
            value = -solve_deep(child_mover, child_opponent, -alpha - 1, -alpha, empties - 1, tables,
                                table_mover, table_opponent, table_data, control, counters)
            if value > alpha:
                value = -solve_deep(child_mover, child_opponent, -INFINITY, -value, empties - 1, tables,
                                    table_mover, table_opponent, table_data, control, counters)
        if stop_requested(control):
            return i
        scores[i] = value
        if value > alpha:
            alpha = value
            best_index = i
    squares[0], squares[best_index] = squares[best_index], squares[0]
    scores[0], scores[best_index] = scores[best_index], scores[0]
    if control.shape[0] > NODES:
        control[NODES] = counters[0]
    return n
