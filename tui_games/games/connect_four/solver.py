"""The exact Connect Four solver: a null-window negamax on the bitboards of rules.py.

Scores follow Pascal Pons: for the side to move, ``22 - stones the winner has played when it wins``
if it wins (``(43 - moves) // 2`` for a win with its next stone), 0 for a draw, the negation for a
loss.

The ideas are those of Pons' blog "Solving Connect 4": alpha-beta negamax, moves that hand the
opponent an immediate win never searched (and a single opponent threat forcing the block), moves
ordered by how many winning cells they create (centre first among equals), a transposition table
of upper and lower bounds, and the exact score found by a sequence of null-window searches that
narrow the score interval. On top of that:

- the search is a loop over an explicit stack rather than recursive calls (no call overhead per
  node, the whole path in a few small arrays);
- the table is one ``uint32`` array of ``2**bits`` entries, each entry the stored bound (7 bits)
  beside the low bits of a multiplicative hash of the 49-bit position key whose high bits are the
  index. The hash is a bijection on 49 bits, so index plus stored bits identify the key exactly
  and a probe costs one memory access;
- positions with few empty cells go to a small second table of the search's own
  (:func:`new_near_table`, 256 kB, so it stays in the processor's cache), not to the large shared
  one: their transpositions are near each other in the search, and a probe of the large table
  there costs more than it saves (with the near table: about 35% fewer nodes and 30% less time
  on hard nine-stone positions and on the Pons sets);
- enhanced transposition cutoffs: far from the end of the game, before searching any child, the
  table is asked whether one child is already known to be good enough to cut off;
- Allis' claimeven as static bounds: the second player's follow-up strategy (answer on top, and
  pair up the columns of odd height) caps the first player's score when it is to move, and
  guarantees the second player's when it is to move (see :func:`follow_up_bound` and
  :func:`follow_up_lower_bound`; together about 30% fewer nodes on hard nine-stone positions).

Every kernel takes the engine's control array (engine/stopflag.py layout): the caller (any thread) sets ``control[STOP]``
to abort, or ``control[BUDGET]`` (if positive) to abort once that many nodes are searched; the
search polls both every 4096 nodes, sets ``control[ABORTED]`` and returns at once without writing
partial results to the table. ``control[NODES]`` counts the nodes searched.

A *weak* solve asks only for win, draw or loss: solving within the bounds [-1, 1] returns the sign
of the exact score, much faster than the exact score itself.
"""

from __future__ import annotations

from tui_games.engine.jit import kernel, np
from tui_games.engine.stopflag import ABORTED, BUDGET, CONTROL_SIZE, NODES, STOP
from tui_games.games.connect_four.rules import (
    BOARD_MASK, BOTTOM_MASK, CELLS, COLUMN_BITS, COLUMN_ORDER, EVEN_ROWS, MAX_SCORE, MIN_SCORE,
    ODD_ROWS, WIDTH, bottom_mask_col, can_play, can_win_next, column_mask, has_four, move_score,
    non_losing_moves, possible_moves, winning_cells,
)


KEY_BITS = WIDTH * COLUMN_BITS
"""Bits of a position key (``position + mask``)."""
KEY_MASK = (1 << KEY_BITS) - 1
HASH_MULTIPLIER = 0x9E3779B97F4A7C15 & KEY_MASK
"""An odd multiplier: ``key * HASH_MULTIPLIER mod 2**49`` is a bijection that spreads every key bit
into the high bits used as the table index."""
VALUE_BITS = 7
VALUE_MASK = (1 << VALUE_BITS) - 1
MIN_TABLE_BITS = KEY_BITS - (32 - VALUE_BITS)
"""The smallest table (2**24 entries, 64 MB) whose entries hold the rest of the hash in 25 bits."""
MAX_TABLE_BITS = 30
TABLE_BITS = 24
"""Table size of play and of the benchmarks: 2**24 entries, 64 MB."""
LARGE_TABLE_BITS = 26
"""Table size of the opening-book generator: 2**26 entries, 256 MB."""

UPPER_BOUND_LIMIT = MAX_SCORE - MIN_SCORE + 1
"""Stored values up to this are upper bounds (``score - MIN_SCORE + 1``), above it lower bounds
(``score + MAX_SCORE - 2 * MIN_SCORE + 2``); 0 means no entry."""
ETC_EMPTY_CELLS = 20
"""Enhanced transposition cutoffs are tried in positions with more empty cells than this."""
TABLE_EMPTY_CELLS = 14
"""Only positions with more empty cells than this use the large table; those with fewer use the
near table."""
NEAR_EMPTY_CELLS = 4
"""Positions with at most this many empty cells are not stored at all: searching them again costs
less than a probe."""
NEAR_TABLE_BITS = 15
"""log2 of the entries of the near table (2**15 entries of 8 bytes: 256 kB)."""
NEAR_TAG = np.int64(1) << 60
"""Set in the hash of a position of the near table on the search's stack (there -1 marks a
position not stored). The near table's code is written out in :func:`negamax_shared`: as
functions beside table_get and table_put it made the search 15% slower."""

SHARED_STONES = 20
"""Threads sharing a search (see :func:`negamax_shared`) coordinate in positions of fewer stones."""
BUSY_BITS = 16
"""log2 of the entries of the ``busy`` array of threads sharing a search."""
POLL_MASK = 4095
UNKNOWN = -1000
"""Score of a column that could not be solved (aborted search) in :func:`column_scores`."""


def new_table(bits: int = TABLE_BITS) -> np.ndarray:
    """A fresh, empty transposition table of ``2**bits`` entries (``MIN_TABLE_BITS`` .. 30)."""
    if not MIN_TABLE_BITS <= bits <= MAX_TABLE_BITS:
        raise ValueError(f"table bits must be {MIN_TABLE_BITS}..{MAX_TABLE_BITS} (got {bits})")
    return np.zeros(1 << bits, dtype=np.uint32)


def new_control() -> np.ndarray:
    """A fresh control array in the engine's layout (stop, aborted, nodes, budget: 0 for none)."""
    return np.zeros(CONTROL_SIZE, dtype=np.int64)


@kernel()
def new_near_table():
    """A fresh near table: the search's own table of the positions with few empty cells (see
    TABLE_EMPTY_CELLS), each entry the stored value beside the whole 49-bit hash."""
    return np.zeros(np.int64(1) << NEAR_TABLE_BITS, dtype=np.uint64)


@kernel()
def table_shift(table):
    """How far the 49-bit hash is shifted right to index ``table`` (its size is a power of two)."""
    bits = 0
    while (np.int64(1) << bits) < table.shape[0]:
        bits += 1
    return KEY_BITS - bits


@kernel()
def key_hash(position, mask):
    """The bijective 49-bit hash of a position's key."""
    key = np.uint64(position + mask)
    return np.int64((key * np.uint64(HASH_MULTIPLIER)) & np.uint64(KEY_MASK))


@kernel()
def table_get(table, shift, hashed):
    """The stored value of the position with hash ``hashed``, 0 if absent."""
    entry = np.int64(table[hashed >> shift])
    if (entry >> VALUE_BITS) == (hashed & ((np.int64(1) << shift) - 1)):
        return entry & VALUE_MASK
    return np.int64(0)


@kernel()
def table_put(table, shift, hashed, value):
    """Store ``value`` (1..127) for the position with hash ``hashed``, replacing its slot."""
    check = hashed & ((np.int64(1) << shift) - 1)
    table[hashed >> shift] = np.uint32((check << VALUE_BITS) | value)


@kernel()
def stored_lower_bound(value):
    """The score bound of a stored value that is a lower bound (see UPPER_BOUND_LIMIT)."""
    return value + 2 * MIN_SCORE - MAX_SCORE - 2


@kernel()
def stored_upper_bound(value):
    """The score bound of a stored value that is an upper bound (see UPPER_BOUND_LIMIT)."""
    return value + MIN_SCORE - 1


@kernel()
def ordered_moves(position, mask, candidates, moves_out, start, scores):
    """Write the move bits of ``candidates`` into moves_out[start:start + count], most winning
    cells created first (centre first among equals), and return count (``scores``: scratch space
    for WIDTH values)."""
    count = 0
    for i in range(WIDTH):
        move = candidates & column_mask(COLUMN_ORDER[i])
        if move:
            score = move_score(position, mask, move)
            j = count
            while j > 0 and scores[j - 1] < score:
                moves_out[start + j] = moves_out[start + j - 1]
                scores[j] = scores[j - 1]
                j -= 1
            moves_out[start + j] = move
            scores[j] = score
            count += 1
    return count


@kernel()
def etc_cutoff(position, mask, candidates, beta, table, shift):
    """Enhanced transposition cutoff: a score >= beta proven by a child's stored upper bound (the
    child's score is at most -beta, so playing it scores at least beta), else UNKNOWN."""
    opponent = position ^ mask
    for column in range(WIDTH):
        move = candidates & column_mask(column)
        if move:
            stored = table_get(table, shift, key_hash(opponent, mask | move))
            if 0 < stored <= UPPER_BOUND_LIMIT:
                score = -stored_upper_bound(stored)
                if score >= beta:
                    return score
    return np.int64(UNKNOWN)


@kernel()
def follow_up_bound(position, mask):
    """An upper bound on the score of the first player, to move, from the second player's
    follow-up (Allis' claimeven): the second player answers a move in a column holding an even
    number of stones on top of it, and a move into a column holding an odd number (there is an
    even number of those) in another such column. The first player then ends with at most its
    stones, the empty cells of rows 1, 3 and 5 and the next cells of the odd columns. Without a
    four there it cannot win (bound 0); if the second player then has a four on the empty cells
    of rows 2, 4 and 6 that are sure to be its own, it loses (bound -1). CELLS where this tells
    nothing."""
    next_odd = (mask + BOTTOM_MASK) & EVEN_ROWS  # the next cells of columns of odd height
    empty = BOARD_MASK & ~mask
    if has_four(position | (empty & ODD_ROWS) | next_odd):
        return np.int64(CELLS)
    if has_four((position ^ mask) | (empty & EVEN_ROWS & ~next_odd)):
        return np.int64(-1)
    return np.int64(0)


@kernel()
def follow_up_lower_bound(position, mask):
    """A lower bound on the score of the second player, to move, from its own follow-up: it plays
    the next cell of one column of odd height, then follows up as in :func:`follow_up_bound`.
    For the best such first cell: unless the first player has a four on the cells it may get,
    the second player cannot lose (bound 0); with a four of its own on the cells sure to be its
    own, it wins (bound 1). -CELLS where this tells nothing."""
    next_odd = (mask + BOTTOM_MASK) & EVEN_ROWS  # odd in number: the second player is to move
    empty = BOARD_MASK & ~mask
    opponent_cells = (position ^ mask) | (empty & ODD_ROWS)
    if has_four(opponent_cells):
        return np.int64(-CELLS)
    own_cells = position | (empty & EVEN_ROWS & ~next_odd)
    bound = np.int64(-CELLS)
    rest = next_odd
    while rest:
        first = rest & -rest
        rest ^= first
        if not has_four(opponent_cells | (next_odd ^ first)):
            if has_four(own_cells | first):
                return np.int64(1)
            bound = np.int64(0)
    return bound


@kernel()
def unshared_busy():
    """The one-entry ``busy`` array of a search that shares nothing (see :func:`negamax_shared`)."""
    return np.zeros(1, np.int64)


@kernel()
def negamax(position, mask, moves, alpha, beta, table, control):
    """The exact score if it lies in (alpha, beta), else a bound beyond the window (fail-soft).

    Requires alpha < beta and that the side to move cannot win at once. Pons' recursive negamax,
    written as a loop over an explicit stack indexed by the number of stones.
    """
    return negamax_shared(position, mask, moves, alpha, beta, table, control, unshared_busy(),
                          new_near_table())


@kernel()
def next_unclaimed(index, count, deferred, second_pass, opponent, mask, moves, base, busy):
    """(index, deferred, second_pass): the next sibling to search from moves[base + index] on
    (count of them) among threads sharing ``busy``. The first pass takes the first sibling and those
    no other thread is searching, and marks the others in the bits of ``deferred``; the second
    pass (second_pass 1) takes those. An index of ``count`` means all are done."""
    busy_mask = busy.shape[0] - 1
    while True:
        if index >= count:
            if second_pass == 0 and deferred != 0:
                second_pass = 1
                index = 0
                continue
            return index, deferred, second_pass
        if second_pass == 0:
            if index == 0:
                return index, deferred, second_pass
            child_hash = key_hash(opponent, mask | moves[base + index])
            if busy[child_hash & busy_mask] != child_hash:
                return index, deferred, second_pass
            deferred |= np.int64(1) << index
        elif deferred & (np.int64(1) << index):
            return index, deferred, second_pass
        index += 1


@kernel()
def unmark_busy(busy, hashed):
    """Clear the mark of the position with hash ``hashed`` from ``busy``, unless another position
    has taken its entry since."""
    slot = hashed & (busy.shape[0] - 1)
    if busy[slot] == hashed:
        busy[slot] = 0


@kernel()
def negamax_shared(position, mask, moves, alpha, beta, table, control, busy, near):
    """:func:`negamax` for one of several threads sharing ``table`` and ``busy`` (ABDADA, Weill
    1996): each marks in ``busy`` the positions of fewer than SHARED_STONES stones it is searching,
    and leaves a sibling that another thread is searching (all but the first) until its other
    siblings are done, by when that thread has mostly stored the sibling's result in the table.
    A ``busy`` of one entry shares nothing. ``near`` is this thread's near table (see
    :func:`new_near_table`), which may hold entries of earlier searches."""
    shift = table_shift(table)
    near_shift = KEY_BITS - NEAR_TABLE_BITS
    shared_below = SHARED_STONES if busy.shape[0] > 1 else 0  # positions marked in ``busy``
    busy_mask = busy.shape[0] - 1
    size = CELLS + 1
    stack_position = np.empty(size, dtype=np.int64)
    stack_mask = np.empty(size, dtype=np.int64)
    stack_alpha = np.empty(size, dtype=np.int64)
    stack_beta = np.empty(size, dtype=np.int64)
    stack_hash = np.empty(size, dtype=np.int64)
    stack_count = np.empty(size, dtype=np.int64)
    stack_next = np.empty(size, dtype=np.int64)
    stack_deferred = np.zeros(size, dtype=np.int64)  # bit i: the i-th child was left for later
    stack_second_pass = np.zeros(size, dtype=np.int64)  # 1: searching the children left for later
    stack_moves = np.empty(size * WIDTH, dtype=np.int64)
    scores = np.empty(WIDTH, dtype=np.int64)
    root = moves
    depth = moves  # the number of stones of the position at the top of the stack
    stack_position[depth] = position
    stack_mask[depth] = mask
    stack_alpha[depth] = alpha
    stack_beta[depth] = beta
    nodes = control[NODES]
    entering = True  # True: examine the position at the top; False: ``result`` is its score
    result = np.int64(0)
    while True:
        if entering:
            entering = False
            nodes += 1
            if (nodes & POLL_MASK) == 0 and (
                    control[STOP] != 0 or 0 < control[BUDGET] <= nodes):
                control[ABORTED] = 1
            if control[ABORTED] != 0:
                control[NODES] = nodes
                return np.int64(0)
            here = stack_position[depth]
            here_mask = stack_mask[depth]
            a = stack_alpha[depth]
            b = stack_beta[depth]
            candidates = non_losing_moves(here, here_mask)
            if candidates == 0:  # every move lets the opponent win at once
                result = np.int64(-((CELLS - depth) // 2))
                continue
            if depth >= CELLS - 2:  # neither side can complete a four any more
                result = np.int64(0)
                continue
            low = -((CELLS - 2 - depth) // 2)
            if a < low:
                a = low
                if a >= b:
                    result = a
                    continue
            high = (CELLS - 1 - depth) // 2
            if b > high:
                b = high
                if a >= b:
                    result = b
                    continue
            if depth & 1 == 0:  # the first player to move: the second one's follow-up caps it
                if b > -1:
                    high = follow_up_bound(here, here_mask)
                    if b > high:
                        b = high
                        if a >= b:
                            result = b
                            continue
            elif a < 1:
                low = follow_up_lower_bound(here, here_mask)
                if a < low:
                    a = low
                    if a >= b:
                        result = a
                        continue
            hashed = np.int64(-1)  # with NEAR_TAG added for the near table
            stored = np.int64(0)
            if depth < CELLS - TABLE_EMPTY_CELLS:
                hashed = key_hash(here, here_mask)
                stored = table_get(table, shift, hashed)
            elif depth < CELLS - NEAR_EMPTY_CELLS:
                hashed = key_hash(here, here_mask)
                entry = np.int64(near[hashed >> near_shift])  # the whole hash beside the value
                if (entry >> VALUE_BITS) == hashed:
                    stored = entry & VALUE_MASK
                hashed |= NEAR_TAG
            if stored > UPPER_BOUND_LIMIT:
                low = stored_lower_bound(stored)
                if a < low:
                    a = low
                    if a >= b:
                        result = a
                        continue
            elif stored != 0:
                high = stored_upper_bound(stored)
                if b > high:
                    b = high
                    if a >= b:
                        result = b
                        continue
            if depth < CELLS - ETC_EMPTY_CELLS:
                cutoff = etc_cutoff(here, here_mask, candidates, b, table, shift)
                if cutoff != UNKNOWN:
                    result = cutoff
                    continue
            stack_hash[depth] = hashed
            stack_count[depth] = ordered_moves(here, here_mask, candidates, stack_moves,
                                               depth * WIDTH, scores)
            stack_next[depth] = 0
            if depth < shared_below:
                busy[hashed & busy_mask] = hashed
                stack_deferred[depth] = 0
                stack_second_pass[depth] = 0
            stack_alpha[depth] = a
            stack_beta[depth] = b
        else:
            if depth == root:
                control[NODES] = nodes
                return result
            depth -= 1
            score = -result
            if score >= stack_beta[depth]:  # fail high: store the lower bound, return it
                if depth < shared_below:
                    unmark_busy(busy, stack_hash[depth])
                hashed = stack_hash[depth]
                value = score + MAX_SCORE - 2 * MIN_SCORE + 2
                if hashed >= NEAR_TAG:
                    near[(hashed ^ NEAR_TAG) >> near_shift] = np.uint64(
                        ((hashed ^ NEAR_TAG) << VALUE_BITS) | value)
                elif hashed >= 0:
                    table_put(table, shift, hashed, value)
                result = score
                continue
            if score > stack_alpha[depth]:
                stack_alpha[depth] = score
        index = stack_next[depth]
        if depth < shared_below:  # skip the siblings other threads are searching, come back later
            index, stack_deferred[depth], stack_second_pass[depth] = next_unclaimed(
                index, stack_count[depth], stack_deferred[depth], stack_second_pass[depth],
                stack_position[depth] ^ stack_mask[depth], stack_mask[depth], stack_moves,
                depth * WIDTH, busy)
            stack_next[depth] = index
        if index < stack_count[depth]:  # search the next child
            stack_next[depth] = index + 1
            here_mask = stack_mask[depth]
            stack_position[depth + 1] = stack_position[depth] ^ here_mask
            stack_mask[depth + 1] = here_mask | stack_moves[depth * WIDTH + index]
            stack_alpha[depth + 1] = -stack_beta[depth]
            stack_beta[depth + 1] = -stack_alpha[depth]
            depth += 1
            entering = True
        else:  # every child searched: store the upper bound, return it
            result = stack_alpha[depth]
            if depth < shared_below:
                unmark_busy(busy, stack_hash[depth])
            hashed = stack_hash[depth]
            value = result - MIN_SCORE + 1
            if hashed >= NEAR_TAG:
                near[(hashed ^ NEAR_TAG) >> near_shift] = np.uint64(
                    ((hashed ^ NEAR_TAG) << VALUE_BITS) | value)
            elif hashed >= 0:
                table_put(table, shift, hashed, value)


@kernel()
def solve(position, mask, moves, table, control):
    """The exact Pons score of a position that is not over, for the side to move."""
    return solve_within(position, mask, moves, -CELLS, CELLS, table, control)


@kernel()
def next_test(low, high):
    """The score to test next when the score lies in [low, high]: the middle, moved towards 0
    (Pons: short wins and losses are proven quickly, scores near 0 are the common case)."""
    middle = low + (high - low) // 2
    if middle <= 0 and low // 2 < middle:
        middle = low // 2
    elif middle >= 0 and high // 2 > middle:
        middle = high // 2
    return middle


@kernel()
def solve_within(position, mask, moves, low, high, table, control):
    """The exact score if it lies in [low, high]; otherwise a bound beyond them (at most ``low`` if
    the score is, at least ``high`` if the score is), so (-1, 1) gives the sign of the score."""
    if can_win_next(position, mask):
        return np.int64((CELLS + 1 - moves) // 2)
    low = max(low, -((CELLS - moves) // 2))
    high = min(high, (CELLS + 1 - moves) // 2)
    busy = unshared_busy()
    near = new_near_table()
    while low < high:
        middle = next_test(low, high)
        result = negamax_shared(position, mask, moves, middle, middle + 1, table, control, busy,
                                near)
        if control[ABORTED] != 0:
            return np.int64(0)
        if result <= middle:
            high = result
        else:
            low = result
    return low


@kernel()
def move_value(position, mask, moves, column, low, high, table, control):
    """The score for the side to move of playing ``column`` (a playable column), clipped to
    [low, high]: exact with bounds (-CELLS, CELLS), its sign with (-1, 1)."""
    move = (mask + bottom_mask_col(column)) & column_mask(column)
    if winning_cells(position, mask) & move:
        return min(high, np.int64((CELLS + 1 - moves) // 2))
    child_position = position ^ mask
    child_mask = mask | move
    if moves + 1 >= CELLS:
        return np.int64(0)
    if can_win_next(child_position, child_mask):
        return max(low, -np.int64((CELLS + 1 - (moves + 1)) // 2))
    return -solve_within(child_position, child_mask, moves + 1, -high, -low, table, control)


@kernel()
def column_scores(position, mask, moves, low, high, out, table, control):
    """Write each column's score, clipped to [low, high] as in :func:`move_value`, into out[0:7]
    (UNKNOWN for full columns and for the columns not reached before an abort)."""
    for column in range(WIDTH):
        out[column] = UNKNOWN
    for i in range(WIDTH):
        column = COLUMN_ORDER[i]
        if can_play(mask, column):
            value = move_value(position, mask, moves, column, low, high, table, control)
            if control[ABORTED] != 0:
                return
            out[column] = value
    return


@kernel()
def column_of(move):
    """The column of a single-cell bitboard."""
    for column in range(WIDTH):
        if move & column_mask(column):
            return column
    return -1


@kernel()
def best_move(position, mask, moves, result, table, control):
    """An optimal column and the exact score: result[0] = column, result[1] = score.

    See :func:`best_move_within`, which this calls with no prior bounds on the score.
    """
    best_move_within(position, mask, moves, -CELLS, CELLS, result, table, control)


@kernel()
def best_move_within(position, mask, moves, low, high, result, table, control):
    """An optimal column and the position's score: result[0] = column, result[1] = score, exact if
    it lies in [low, high] (else clipped to them; then the column only keeps that bound).

    A win at once is taken. Otherwise the root of the null-window searches is searched here, move
    by move, so the move that proves each raised lower bound is known: the last one to do so
    reaches the exact score (a winning side takes the fastest win, a losing side the slowest loss).
    After an abort result[0] = -1.
    """
    root_search(position, mask, moves, low, high, result, table, control, False, unshared_busy())


@kernel()
def new_busy():
    """A fresh ``busy`` array for threads sharing one search (see :func:`negamax_shared`)."""
    return np.zeros(np.int64(1) << BUSY_BITS, np.int64)


@kernel()
def shared_best_move(position, mask, moves, low, high, result, table, control, busy):
    """:func:`best_move_within`, for the thread whose answer counts among threads sharing ``table``
    and ``busy`` with :func:`helper_search`."""
    root_search(position, mask, moves, low, high, result, table, control, False, busy)


@kernel()
def helper_search(position, mask, moves, low, high, table, control, busy):
    """The search of :func:`best_move_within`, its root moves in reverse order, for a second thread
    that shares the table and ``busy`` with the thread running shared_best_move (with the same
    ``low`` and ``high``): the results it stores there spare the other thread work (it starts
    where the other ends, and leaves what the other is searching). Stop it with control[STOP]."""
    result = np.zeros(2, dtype=np.int64)
    root_search(position, mask, moves, low, high, result, table, control, True, busy)


@kernel()
def root_search(position, mask, moves, low, high, result, table, control, reverse, busy):
    """:func:`best_move_within`, trying the root moves in reverse order if ``reverse``, for a
    thread sharing ``busy`` with others (see :func:`negamax_shared`)."""
    result[0] = -1
    result[1] = 0
    winning = winning_cells(position, mask) & possible_moves(mask)
    if winning:
        for i in range(WIDTH):
            column = COLUMN_ORDER[i]
            if winning & column_mask(column):
                result[0] = column
                result[1] = min(high, (CELLS + 1 - moves) // 2)
                return
    candidates = non_losing_moves(position, mask)
    if candidates == 0:  # every move loses at once: any legal column keeps the (lost) score
        for i in range(WIDTH):
            column = COLUMN_ORDER[i]
            if can_play(mask, column):
                result[0] = column
                result[1] = max(low, -((CELLS - moves) // 2))
                return
    order = np.empty(WIDTH, dtype=np.int64)
    count = ordered_moves(position, mask, candidates, order, 0, np.empty(WIDTH, dtype=np.int64))
    if reverse:
        order[:count] = order[:count][::-1].copy()
    if moves >= CELLS - 2:  # no four can be completed any more
        result[0] = column_of(order[0])
        result[1] = min(max(0, low), high)
        return
    child_position = position ^ mask
    sharing = busy.shape[0] > 1
    near = new_near_table()
    wanted_low, wanted_high = low, high
    low = max(low, -((CELLS - 2 - moves) // 2))
    high = min(high, (CELLS - 1 - moves) // 2)
    best = np.int64(0)
    while low < high:
        middle = next_test(low, high)
        bound = np.int64(-CELLS)  # the best score of the moves that all fail low
        raised = False
        i, deferred, second_pass = np.int64(0), np.int64(0), np.int64(0)
        while True:
            if sharing:
                i, deferred, second_pass = next_unclaimed(i, count, deferred, second_pass,
                                                          child_position, mask, order, 0, busy)
            if i >= count:
                break
            move = order[i]
            score = -negamax_shared(child_position, mask | move, moves + 1, -middle - 1, -middle,
                                    table, control, busy, near)
            if control[ABORTED] != 0:
                return
            if score > middle:  # this move scores at least ``score``: try it first from now on
                for j in range(i, 0, -1):
                    order[j] = order[j - 1]
                order[0] = move
                best = move
                low = score
                raised = True
                break
            bound = max(bound, score)
            i += 1
        if not raised:
            high = bound
    if best == 0:  # the score is the lower bound we started from: find a move that keeps it
        best = order[0]
        for i in range(count):
            move = order[i]
            score = -negamax_shared(child_position, mask | move, moves + 1, -low, -low + 1, table,
                                    control, busy, near)
            if control[ABORTED] != 0:
                return
            if score >= low:
                best = move
                break
    result[0] = column_of(best)
    result[1] = min(max(low, wanted_low), wanted_high)
