"""The exact Othello endgame solver: alpha-beta on the 64-bit boards of bits.py.

Scores are the final disc difference for the side to move with perfect play on both sides, empty
squares going to the winner (the FFO convention): always even, from -64 to +64.

How it searches (the textbook ideas of endgame solvers; nothing game-independent would do here):

- the root's exact score comes from null-window tests stepped from a guess (the evaluation's),
  as in MTD(f): a test around a score close to the truth costs a fraction of a full-window search,
  and the transposition table carries each test's work into the next;
- with four empty squares or fewer one function per count (:func:`solve_4` .. :func:`solve_last`),
  trying the empty squares themselves, those in quadrants with an odd number of empties first
  (parity), and scoring the last square by counting flips alone; up to :data:`SHALLOW_EMPTIES`
  a plain recursive alpha-beta in the same order;
- above that, principal-variation search with moves ordered fastest-first: the move that leaves
  the opponent the fewest moves (corners counted twice) first, after the transposition table's
  best move; with many empties the evaluation passed in refines the order;
- a transposition table of lower and upper bounds and the best move, keyed by both boards, which
  also cuts a node whose child is already known to refute it (enhanced transposition cutoff);
  threads may share it (each key is stored mixed with its data, so a torn entry never matches);
- threads sharing a solve (:func:`solve_moves` and :func:`help_solve`) split the work as in ABDADA
  (Weill 1996): each marks the positions with many empty squares it is searching in a shared
  ``busy`` array and leaves a sibling another thread is in (all but the first) until last;
- a stability cutoff: discs that can never turn over bound the score, so a node that cannot
  reach the window with the opponent's stable discs counted against it returns at once.

Every search kernel takes the engine's control array (:mod:`tui_games.engine.stopflag`): a stop
request or a spent node budget makes it unwind at once (its result is then meaningless and
``control[ABORTED]`` says so); ``counters[0]`` counts the nodes (``counters[1]`` is the solver's own).
"""

from __future__ import annotations

from tui_games.engine.jit import kernel, np, types
from tui_games.engine.stopflag import NODES, should_stop, stop_requested
from tui_games.games.othello.bits import (
    COLUMN_A, COLUMN_H, CORNERS, NEIGHBOURHOODS, NOT_A, NOT_H, ONE, QUADRANTS, ROW_1, ROW_8, ZERO, after_move,
    board_hash, flip_bits, lowest_square, move_bits, pick_next, popcount,
)
from tui_games.games.othello.patterns import PHASES, pattern_value
from tui_games.games.othello.rules import final_score

U64 = types.uint64
I64S = types.int64[::1]
I64_2D = types.int64[:, ::1]
W2D = types.float32[:, ::1]

SHALLOW_EMPTIES = 7
"""At this many empty squares or fewer the solver stops sorting moves and probing the table."""
EVAL_ORDER_EMPTIES = 14
"""From this many empty squares up, moves are also ordered by the learned evaluation."""
EVAL_ORDER_WEIGHT = 16.0
"""Ordering points per disc of evaluation (64 points per opponent reply)."""
ETC_EMPTIES = 12
"""From this many empty squares up, a node looks its children up in the table before searching them."""
SHARED_EMPTIES = 11
"""Threads sharing a solve mark in ``busy`` the positions with this many empty squares or more."""
BUSY_BITS = 16
"""log2 of the entries of a ``busy`` array of threads sharing a solve."""
POLL_NODES = 16384
"""The deep search looks at the control array when this many nodes have passed since the last
look (``counters[1]`` holds the node count of the next look)."""
INFINITY = 65
"""Beyond every score (they lie in -64..64)."""
TABLE_BITS = 20
"""Default table size: 2**20 entries of 24 bytes (24 MB)."""
NO_MOVE = 127
"""The best move of a table entry that has none."""
WORK_ROWS = 64
"""Rows of the per-node move lists (one per number of empty squares)."""

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


def new_table(bits: int = TABLE_BITS) -> np.ndarray:
    """A fresh transposition table of 2**bits entries: rows of (mover ^ data, opponent ^ data, data),
    the data packed by :func:`pack`."""
    return np.zeros((1 << bits, 3), np.int64)


def new_busy(shared: bool = True) -> np.ndarray:
    """A fresh ``busy`` array for threads sharing a solve (one entry, never marked: not shared)."""
    return np.zeros(1 << BUSY_BITS if shared else 1, np.int64)


@kernel()
def pack(lower, upper, move, empties):
    """One table entry's data: bounds (offset by 64), best move and empties, a byte each; never 0
    (an empty entry)."""
    return (lower + 64) | ((upper + 64) << 8) | (move << 16) | (empties << 24) | (1 << 32)


@kernel()
def probe(table, mover, opponent):
    """The slot of a position in the table and its packed data there (0 when the table lacks it)."""
    slot = board_hash(mover, opponent) & (table.shape[0] - 1)
    data = table[slot, 2]
    if table[slot, 0] ^ data == np.int64(mover) and table[slot, 1] ^ data == np.int64(opponent):
        return slot, data
    return slot, np.int64(0)


@kernel()
def store(table, slot, mover, opponent, data):
    """Write a position's packed data into its slot."""
    table[slot, 2] = data
    table[slot, 0] = np.int64(mover) ^ data
    table[slot, 1] = np.int64(opponent) ^ data


@kernel()
def quadrant_parity(empty):
    """The empty squares that lie in a quadrant with an odd number of empty squares."""
    odd = ZERO
    for q in range(4):
        if popcount(empty & QUADRANTS[q]) & 1:
            odd |= QUADRANTS[q]
    return empty & odd


@kernel()
def full_lines(occupied):
    """(rows, columns, a1-h8 diagonals, h1-a8 diagonals): the squares whose whole line along each
    axis is occupied (no move can ever be played on it)."""
    t = occupied & (occupied >> np.uint64(4))
    t &= t >> np.uint64(2)
    t &= t >> np.uint64(1)
    rows = (t & COLUMN_A) * np.uint64(0xFF)
    t = occupied & (occupied >> np.uint64(32))
    t &= t >> np.uint64(16)
    t &= t >> np.uint64(8)
    columns = (t & ROW_1) * COLUMN_A
    down_right = up_left = down_left = up_right = occupied
    for _ in range(7):
        down_right = occupied & (COLUMN_H | ROW_8 | ((down_right >> np.uint64(9)) & NOT_H))
        up_left = occupied & (COLUMN_A | ROW_1 | ((up_left << np.uint64(9)) & NOT_A))
        down_left = occupied & (COLUMN_A | ROW_8 | ((down_left >> np.uint64(7)) & NOT_A))
        up_right = occupied & (COLUMN_H | ROW_1 | ((up_right << np.uint64(7)) & NOT_H))
    return rows, columns, down_right & up_left, down_left & up_right


@kernel()
def stable_discs(mine, theirs):
    """Discs of ``mine`` that can never turn over (some of them): on each of the four axes through
    the disc the line is full, or a neighbour along the axis is the board's edge or such a disc."""
    rows, columns, diagonals, antidiagonals = full_lines(mine | theirs)
    edge_rows = ROW_1 | ROW_8
    edge_columns = COLUMN_A | COLUMN_H
    stable = ZERO
    while True:
        across = rows | edge_columns | ((stable << ONE) & NOT_A) | ((stable >> ONE) & NOT_H)
        down = columns | edge_rows | (stable << np.uint64(8)) | (stable >> np.uint64(8))
        diagonal = (diagonals | edge_rows | edge_columns | ((stable << np.uint64(9)) & NOT_A)
                    | ((stable >> np.uint64(9)) & NOT_H))
        antidiagonal = (antidiagonals | edge_rows | edge_columns | ((stable << np.uint64(7)) & NOT_H)
                        | ((stable >> np.uint64(7)) & NOT_A))
        grown = mine & across & down & diagonal & antidiagonal
        if grown == stable:
            return stable
        stable = grown


@kernel()
def stability_bound(mover, opponent):
    """An upper bound of the mover's score: 64 less twice the opponent's stable discs."""
    return 64 - 2 * popcount(stable_discs(opponent, mover))


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


@kernel()
def solve_2(mover, opponent, alpha, beta, a, b, counters):
    """The exact score (fail-soft) with the two empty squares ``a`` and ``b``."""
    counters[0] += 1
    for turn in range(2):  # the side to move, then (if it must pass) the other side
        best = -INFINITY
        if NEIGHBOURHOODS[a] & opponent:
            flips = flip_bits(a, mover, opponent)
            if flips:
                best = -solve_last(opponent & ~flips, mover | flips | (ONE << np.uint64(a)), b)
                if best >= beta:
                    return best if turn == 0 else -best
        if NEIGHBOURHOODS[b] & opponent:
            flips = flip_bits(b, mover, opponent)
            if flips:
                best = max(best, -solve_last(opponent & ~flips, mover | flips | (ONE << np.uint64(b)), a))
        if best != -INFINITY:
            return best if turn == 0 else -best
        mover, opponent = opponent, mover
        alpha, beta = -beta, -alpha
    return final_score(mover, opponent)


@kernel()
def solve_3(mover, opponent, alpha, beta, empty, counters):
    """The exact score (fail-soft) with the three empty squares ``empty``."""
    counters[0] += 1
    odd = quadrant_parity(empty)
    for turn in range(2):
        best = -INFINITY
        low = alpha
        for stage in range(2):
            squares = odd if stage == 0 else empty & ~odd
            while squares:
                square = lowest_square(squares)
                squares &= squares - ONE
                if NEIGHBOURHOODS[square] & opponent == ZERO:
                    continue
                flips = flip_bits(square, mover, opponent)
                if flips == ZERO:
                    continue
                placed = ONE << np.uint64(square)
                rest = empty & ~placed
                value = -solve_2(opponent & ~flips, mover | flips | placed, -beta, -low, lowest_square(rest),
                                 lowest_square(rest & (rest - ONE)), counters)
                if value > best:
                    best = value
                    if value > low:
                        low = value
                        if low >= beta:
                            return best if turn == 0 else -best
        if best != -INFINITY:
            return best if turn == 0 else -best
        mover, opponent = opponent, mover
        alpha, beta = -beta, -alpha
    return final_score(mover, opponent)


@kernel()
def solve_4(mover, opponent, alpha, beta, empty, counters):
    """The exact score (fail-soft) with the four empty squares ``empty``."""
    counters[0] += 1
    odd = quadrant_parity(empty)
    for turn in range(2):
        best = -INFINITY
        low = alpha
        for stage in range(2):
            squares = odd if stage == 0 else empty & ~odd
            while squares:
                square = lowest_square(squares)
                squares &= squares - ONE
                if NEIGHBOURHOODS[square] & opponent == ZERO:
                    continue
                flips = flip_bits(square, mover, opponent)
                if flips == ZERO:
                    continue
                placed = ONE << np.uint64(square)
                value = -solve_3(opponent & ~flips, mover | flips | placed, -beta, -low, empty & ~placed, counters)
                if value > best:
                    best = value
                    if value > low:
                        low = value
                        if low >= beta:
                            return best if turn == 0 else -best
        if best != -INFINITY:
            return best if turn == 0 else -best
        mover, opponent = opponent, mover
        alpha, beta = -beta, -alpha
    return final_score(mover, opponent)


@kernel(types.int64(U64, U64, types.int64, types.int64, U64, I64S))
def solve_shallow(mover, opponent, alpha, beta, empty, counters):
    """The exact score (fail-soft alpha-beta) of a position with few empty squares ``empty``.

    Tries the empty squares themselves (cheaper than generating moves this close to the end),
    those of odd quadrants first.
    """
    count = popcount(empty)
    if count <= 4:
        if count == 4:
            return solve_4(mover, opponent, alpha, beta, empty, counters)
        if count == 3:
            return solve_3(mover, opponent, alpha, beta, empty, counters)
        if count == 2:
            return solve_2(mover, opponent, alpha, beta, lowest_square(empty), lowest_square(empty & (empty - ONE)),
                           counters)
        if count == 1:
            return solve_last(mover, opponent, lowest_square(empty))
        return final_score(mover, opponent)
    counters[0] += 1
    best = -INFINITY
    odd = quadrant_parity(empty)
    for stage in range(2):
        squares = odd if stage == 0 else empty & ~odd
        while squares:
            square = lowest_square(squares)
            squares &= squares - ONE
            if NEIGHBOURHOODS[square] & opponent == ZERO:
                continue
            flips = flip_bits(square, mover, opponent)
            if flips == ZERO:
                continue
            placed = ONE << np.uint64(square)
            value = -solve_shallow(opponent & ~flips, mover | flips | placed, -beta, -alpha, empty & ~placed,
                                   counters)
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


@kernel()
def refuted_by_child(mover, opponent, beta, table, squares, n):
    """A value of at least ``beta`` when the table already proves one of the moves ``squares[:n]``
    that good (the child's upper bound is low enough), else -INFINITY."""
    for i in range(n):
        child_mover, child_opponent = after_move(squares[i], mover, opponent)
        _, data = probe(table, child_mover, child_opponent)
        if data:
            value = 64 - ((data >> 8) & 255)  # minus the child's upper bound
            if value >= beta:
                return value
    return -INFINITY


@kernel()
def claimed(busy, mover, opponent):
    """True when another thread sharing ``busy`` marked this position as being searched."""
    hashed = board_hash(mover, opponent)
    return busy[hashed & (busy.shape[0] - 1)] == hashed


@kernel(types.int64(U64, U64, types.int64, types.int64, types.int64, W2D, I64_2D, I64_2D, I64_2D, I64S, I64S,
                    I64S))
def solve_deep(mover, opponent, alpha, beta, empties, tables, table, work_squares, work_keys, busy, control,
               counters):
    """The exact score (fail-soft principal-variation search) of a position with ``empties`` empty
    squares, using and filling the transposition table; 0 and ``control[ABORTED]`` set if stopped.
    A node sorts its moves in row ``empties`` of the work arrays; ``busy`` is shared with the
    other threads of the solve (one entry: none)."""
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
        return -solve_deep(opponent, mover, -beta, -alpha, empties, tables, table, work_squares, work_keys, busy,
                           control, counters)
    if alpha >= 64 - 2 * popcount(opponent):  # only then can the opponent's stable discs cut
        bound = stability_bound(mover, opponent)
        if bound <= alpha:
            return bound
    slot, data = probe(table, mover, opponent)
    best_move = NO_MOVE
    lower, upper = -INFINITY + 1, INFINITY - 1
    if data:
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
    squares = work_squares[empties]
    keys = work_keys[empties]
    n = order_moves(mover, opponent, moves, best_move, empties, tables, squares, keys)
    if empties >= ETC_EMPTIES:
        refuted = refuted_by_child(mover, opponent, beta, table, squares, n)
        if refuted >= beta:
            return refuted
    shared = busy.shape[0] > 1 and empties >= SHARED_EMPTIES
    hashed = board_hash(mover, opponent)
    if shared:
        busy[hashed & (busy.shape[0] - 1)] = hashed
    best = -INFINITY
    best_square = NO_MOVE
    deferred = np.int64(0)  # bit i: move i was left to the end (another thread is in it)
    for turn in range(2):
        for i in range(n):
            if turn == 0:
                pick_next(squares, keys, i, n)
            elif not (deferred >> i) & 1:
                continue
            square = squares[i]
            child_mover, child_opponent = after_move(square, mover, opponent)
            if turn == 0 and shared and i > 0 and claimed(busy, child_mover, child_opponent):
                deferred |= np.int64(1) << i
                continue
            if i == 0:
                value = -solve_deep(child_mover, child_opponent, -beta, -alpha, empties - 1, tables, table,
                                    work_squares, work_keys, busy, control, counters)
            else:
                value = -solve_deep(child_mover, child_opponent, -alpha - 1, -alpha, empties - 1, tables, table,
                                    work_squares, work_keys, busy, control, counters)
                if alpha < value < beta:
                    value = -solve_deep(child_mover, child_opponent, -beta, -value, empties - 1, tables, table,
                                        work_squares, work_keys, busy, control, counters)
            if stop_requested(control):
                return 0
            if value > best:
                best = value
                best_square = square
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        deferred = 0
                        break
        if deferred == 0:
            break
    if shared and busy[hashed & (busy.shape[0] - 1)] == hashed:
        busy[hashed & (busy.shape[0] - 1)] = 0
    if best >= beta0:
        lower = best
    elif best <= alpha0:
        upper = best
    else:
        lower = upper = best
    store(table, slot, mover, opponent, pack(lower, upper, best_square, empties))
    return best


@kernel(types.int64(types.int64))
def even_guess(guess):
    """The even score nearest to ``guess``, inside -64..64."""
    return max(-64, min(64, 2 * ((guess + 65) // 2) - 64))


@kernel()
def exact_score(mover, opponent, guess, empties, tables, table, work_squares, work_keys, busy, control, counters):
    """The exact score by null-window tests: is it ``guess``? If not, the bound the test returns is
    the next guess, until a test lands on the score (0 and ``control[ABORTED]`` set if stopped)."""
    if empties == 0:
        return final_score(mover, opponent)
    score = even_guess(guess)
    while True:
        value = solve_deep(mover, opponent, score - 1, score + 1, empties, tables, table, work_squares, work_keys,
                           busy, control, counters)
        if stop_requested(control) or value == score:
            return value
        score = value


@kernel()
def solve(mover, opponent, guess, tables, table, control, counters):
    """The exact score of (mover, opponent) for the side to move, found from a ``guess`` of it
    (:func:`exact_score`); 0 and ``control[ABORTED]`` set if stopped."""
    work_squares, work_keys = np.empty((WORK_ROWS, 64), np.int64), np.empty((WORK_ROWS, 64), np.int64)
    return exact_score(mover, opponent, guess, 64 - popcount(mover | opponent), tables, table, work_squares,
                       work_keys, new_unshared_busy(), control, counters)


@kernel()
def new_unshared_busy():
    """The one-entry ``busy`` array of a solve no other thread shares."""
    return np.zeros(1, np.int64)


@kernel()
def best_of_root(mover, opponent, score, squares, n, empties, tables, table, work_squares, work_keys, busy, control,
                 counters):
    """Tests the moves ``squares[:n]`` (best-ordered) against a window of width two around the even
    ``score``: (index of the best move, its value), which is its exact score when it equals ``score``
    and otherwise a bound of the position's score beyond it (fail-soft). Moves another thread
    sharing ``busy`` is in come last."""
    alpha, beta = score - 1, score + 1
    best, best_index = -INFINITY, 0
    deferred = np.int64(0)
    for turn in range(2):
        for i in range(n):
            if turn == 1 and not (deferred >> i) & 1:
                continue
            child_mover, child_opponent = after_move(squares[i], mover, opponent)
            if turn == 0 and i > 0 and busy.shape[0] > 1 and claimed(busy, child_mover, child_opponent):
                deferred |= np.int64(1) << i
                continue
            value = -solve_deep(child_mover, child_opponent, -beta, -alpha, empties - 1, tables, table, work_squares,
                                work_keys, busy, control, counters)
            if stop_requested(control):
                return best_index, 0
            if value > best:
                best, best_index = value, i
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        return best_index, best
        if deferred == 0:
            break
    return best_index, best


@kernel()
def solve_moves(mover, opponent, exact_all, guess, squares, scores, tables, table, busy, control, counters):
    """Scores the moves of the side to move (which must have one) from a ``guess`` of the position's
    score; returns how many: 1 with the best move and its exact score, or with ``exact_all`` every
    move and its exact score, the best first (fewer if stopped: then the results are meaningless).
    Other threads may help through a shared table and ``busy`` (see :func:`help_solve`).
    """
    work_squares, work_keys = np.empty((WORK_ROWS, 64), np.int64), np.empty((WORK_ROWS, 64), np.int64)
    keys = np.empty(64, np.int64)
    empties = 64 - popcount(mover | opponent)
    slot, data = probe(table, mover, opponent)
    best_move = (data >> 16) & 255 if data else NO_MOVE
    n = order_moves(mover, opponent, move_bits(mover, opponent), best_move, empties, tables, squares, keys)
    for i in range(n):
        pick_next(squares, keys, i, n)
    if exact_all:
        best_index = 0
        for i in range(n):
            child_mover, child_opponent = after_move(squares[i], mover, opponent)
            scores[i] = -exact_score(child_mover, child_opponent, -guess, empties - 1, tables, table, work_squares,
                                     work_keys, busy, control, counters)
            if stop_requested(control):
                return i
            if scores[i] > scores[best_index]:
                best_index = i
            guess = scores[best_index]
    else:
        score = even_guess(guess)
        while True:
            best_index, value = best_of_root(mover, opponent, score, squares, n, empties, tables, table,
                                             work_squares, work_keys, busy, control, counters)
            if stop_requested(control):
                return 0
            if value == score:
                break
            score = value
            squares[0], squares[best_index] = squares[best_index], squares[0]  # the best so far first
            best_index = 0
        scores[best_index] = score
    squares[0], squares[best_index] = squares[best_index], squares[0]
    scores[0], scores[best_index] = scores[best_index], scores[0]
    store(table, slot, mover, opponent, pack(scores[0], scores[0], squares[0], empties))
    if control.shape[0] > NODES:
        control[NODES] = counters[0]
    return n if exact_all else 1


@kernel()
def help_solve(mover, opponent, exact_all, guess, tables, table, busy, control, counters):
    """:func:`solve_moves` for a helper thread: the same search, sharing ``table`` and ``busy`` with
    the thread whose answer counts, until stopped through ``control`` (its own answer is dropped)."""
    solve_moves(mover, opponent, exact_all, guess, np.empty(64, np.int64), np.empty(64, np.int64), tables, table,
                busy, control, counters)
