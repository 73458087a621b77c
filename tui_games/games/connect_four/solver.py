"""The exact Connect Four solver: Pascal Pons' negamax on the bitboards of rules.py.

Scores follow Pons: for the side to move, ``22 - stones the winner has played when it wins`` if it
wins (``(43 - moves) // 2`` for a win with its next stone), 0 for a draw, the negation for a loss.

The search is a null-window negamax with alpha-beta, a transposition table of upper and lower bounds
(two numpy arrays: a 32-bit key check and a one-byte value, indexed by ``key % size``; the size is
a prime above 2**23 so the stored bits plus the index identify the 49-bit key exactly), centre-first
move ordering refined by how many winning cells a move creates, pruning of moves that hand the
opponent an immediate win, and iterative narrowing of the score window at the root.

Every kernel takes a small ``control`` int64 array: the caller (any thread) sets ``control[STOP]``
to abort, or ``control[NODE_LIMIT]`` (if positive) to abort once that many nodes are searched; the
search polls both every 4096 nodes, sets ``control[ABORTED]`` and returns at once without writing
partial results to the table. ``control[NODES]`` counts the nodes searched.

A *weak* solve asks only for win, draw or loss: solving within the bounds [-1, 1] returns the sign
of the exact score, much faster than the exact score itself.
"""

from __future__ import annotations

from tui_games.engine.jit import kernel, np
from tui_games.games.connect_four.rules import (
    CELLS, COLUMN_ORDER, MAX_SCORE, MIN_SCORE, WIDTH, bottom_mask_col, can_play, can_win_next,
    column_mask, move_score, non_losing_moves, possible_moves, winning_cells,
)

STOP = 0
NODES = 1
ABORTED = 2
NODE_LIMIT = 3
CONTROL_SIZE = 4

DEFAULT_TABLE_SIZE = 8388617
"""A prime just above 2**23: about 40 MB of table (4-byte key check + 1-byte value per entry)."""
LARGE_TABLE_SIZE = 33554467
"""A prime just above 2**25, for the opening-book generator (about 170 MB)."""

POLL_MASK = 4095
UNKNOWN = -1000
"""Score of a column that could not be solved (aborted search) in :func:`column_scores`."""


def new_table(size: int = DEFAULT_TABLE_SIZE) -> tuple[np.ndarray, np.ndarray]:
    """A fresh, empty transposition table: (key checks uint32, values int8)."""
    return np.zeros(size, dtype=np.uint32), np.zeros(size, dtype=np.int8)


def new_control() -> np.ndarray:
    """A fresh control array (stop request, node count, aborted flag, node limit: 0 for none)."""
    return np.zeros(CONTROL_SIZE, dtype=np.int64)


def new_sort_buffers() -> tuple[np.ndarray, np.ndarray]:
    """Per-depth scratch space for move ordering: (moves, scores), each CELLS x WIDTH."""
    return np.zeros((CELLS + 1, WIDTH), dtype=np.int64), np.zeros((CELLS + 1, WIDTH), dtype=np.int64)


@kernel()
def table_get(keys, values, key):
    """The stored value for ``key``, 0 if absent."""
    index = key % keys.shape[0]
    if keys[index] == np.uint32(key & 0xFFFFFFFF):
        return np.int64(values[index])
    return np.int64(0)


@kernel()
def table_put(keys, values, key, value):
    """Store ``value`` (1..127) for ``key``, replacing whatever shared its slot."""
    index = key % keys.shape[0]
    keys[index] = np.uint32(key & 0xFFFFFFFF)
    values[index] = np.int8(value)


@kernel()
def negamax(position, mask, moves, alpha, beta, keys, values, control, sort_moves, sort_scores):
    """The exact score if it lies in (alpha, beta), else a bound beyond the window.

    Requires alpha < beta and that the side to move cannot win at once.
    """
    control[NODES] += 1
    if (control[NODES] & POLL_MASK) == 0 and (
            control[STOP] != 0 or 0 < control[NODE_LIMIT] <= control[NODES]):
        control[ABORTED] = 1
    if control[ABORTED] != 0:
        return np.int64(0)
    possible = non_losing_moves(position, mask)
    if possible == 0:
        return np.int64(-((CELLS - moves) // 2))
    if moves >= CELLS - 2:
        return np.int64(0)
    low = -((CELLS - 2 - moves) // 2)
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha
    high = (CELLS - 1 - moves) // 2
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta
    key = position + mask
    stored = table_get(keys, values, key)
    if stored != 0:
        if stored > MAX_SCORE - MIN_SCORE + 1:  # a lower bound
            low = stored + 2 * MIN_SCORE - MAX_SCORE - 2
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
        else:  # an upper bound
            high = stored + MIN_SCORE - 1
            if beta > high:
                beta = high
                if alpha >= beta:
                    return beta
    # order the candidate moves: most winning cells first, centre first among equals
    count = 0
    for i in range(WIDTH):
        move = possible & column_mask(COLUMN_ORDER[i])
        if move:
            score = move_score(position, mask, move)
            j = count
            while j > 0 and sort_scores[moves, j - 1] < score:
                sort_moves[moves, j] = sort_moves[moves, j - 1]
                sort_scores[moves, j] = sort_scores[moves, j - 1]
                j -= 1
            sort_moves[moves, j] = move
            sort_scores[moves, j] = score
            count += 1
    for i in range(count):
        move = sort_moves[moves, i]
        child_mask = mask | move
        child_position = position ^ mask  # the opponent's stones: they move next
        score = -negamax(child_position, child_mask, moves + 1, -beta, -alpha, keys, values, control,
                         sort_moves, sort_scores)
        if control[ABORTED] != 0:
            return np.int64(0)
        if score >= beta:
            table_put(keys, values, key, score + MAX_SCORE - 2 * MIN_SCORE + 2)
            return score
        if score > alpha:
            alpha = score
    table_put(keys, values, key, alpha - MIN_SCORE + 1)
    return alpha


@kernel()
def solve(position, mask, moves, keys, values, control, sort_moves, sort_scores):
    """The exact Pons score of a position that is not over, for the side to move."""
    return solve_within(position, mask, moves, -CELLS, CELLS, keys, values, control, sort_moves,
                        sort_scores)


@kernel()
def solve_within(position, mask, moves, low, high, keys, values, control, sort_moves, sort_scores):
    """The exact score if it lies in [low, high]; otherwise a bound beyond them (at most ``low`` if
    the score is, at least ``high`` if the score is), so (-1, 1) gives the sign of the score."""
    if can_win_next(position, mask):
        return np.int64((CELLS + 1 - moves) // 2)
    low = max(low, -((CELLS - moves) // 2))
    high = min(high, (CELLS + 1 - moves) // 2)
    while low < high:
        middle = low + (high - low) // 2
        if middle <= 0 and low // 2 < middle:
            middle = low // 2
        elif middle >= 0 and high // 2 > middle:
            middle = high // 2
        result = negamax(position, mask, moves, middle, middle + 1, keys, values, control,
                         sort_moves, sort_scores)
        if control[ABORTED] != 0:
            return np.int64(0)
        if result <= middle:
            high = result
        else:
            low = result
    return low


@kernel()
def move_value(position, mask, moves, column, low, high, keys, values, control, sort_moves,
               sort_scores):
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
    return -solve_within(child_position, child_mask, moves + 1, -high, -low, keys, values, control,
                         sort_moves, sort_scores)


@kernel()
def column_scores(position, mask, moves, low, high, out, keys, values, control, sort_moves,
                  sort_scores):
    """Write each column's score, clipped to [low, high] as in :func:`move_value`, into out[0:7]
    (UNKNOWN for full columns and for the columns not reached before an abort)."""
    for column in range(WIDTH):
        out[column] = UNKNOWN
    for i in range(WIDTH):
        column = COLUMN_ORDER[i]
        if can_play(mask, column):
            value = move_value(position, mask, moves, column, low, high, keys, values, control,
                               sort_moves, sort_scores)
            if control[ABORTED] != 0:
                return
            out[column] = value
    return


@kernel()
def order_columns(position, mask, moves, candidates, sort_moves, sort_scores):
    """Put the columns of the ``candidates`` bits in search order into sort_moves[moves, :count]
    (most winning cells created first, centre first among equals) and return count."""
    count = 0
    for i in range(WIDTH):
        move = candidates & column_mask(COLUMN_ORDER[i])
        if move:
            ordering = move_score(position, mask, move)
            j = count
            while j > 0 and sort_scores[moves, j - 1] < ordering:
                sort_moves[moves, j] = sort_moves[moves, j - 1]
                sort_scores[moves, j] = sort_scores[moves, j - 1]
                j -= 1
            sort_moves[moves, j] = COLUMN_ORDER[i]
            sort_scores[moves, j] = ordering
            count += 1
    return count


@kernel()
def weak_best_move(position, mask, moves, result, keys, values, control, sort_moves, sort_scores):
    """A game-theoretically optimal column and the position's outcome for the side to move:
    result[0] = column, result[1] = 1 (win), 0 (draw) or -1 (loss).

    A weak solve (win, draw or loss only), then the candidate moves in search order until one keeps
    that outcome. In a lost position every move is optimal and result[0] is the first candidate
    (the caller may prefer another). After an abort result[0] = -1.
    """
    result[0] = -1
    result[1] = 0
    winning = winning_cells(position, mask) & possible_moves(mask)
    candidates = non_losing_moves(position, mask)
    if winning == 0 and candidates != 0:
        score = solve_within(position, mask, moves, -1, 1, keys, values, control, sort_moves,
                             sort_scores)
        if control[ABORTED] != 0:
            return
        score = max(-1, min(1, score))  # a fail-high or fail-low bound beyond the window
        if score >= 0:
            best_move_within(position, mask, moves, score, score, result, keys, values, control,
                             sort_moves, sort_scores)
            return
        result[0] = sort_moves[moves, 0] if order_columns(position, mask, moves, candidates,
                                                          sort_moves, sort_scores) else -1
        result[1] = -1
        return
    best_move_within(position, mask, moves, -1, 1, result, keys, values, control, sort_moves,
                     sort_scores)
    result[1] = max(-1, min(1, result[1]))


@kernel()
def best_move(position, mask, moves, result, keys, values, control, sort_moves, sort_scores):
    """An optimal column and the exact score: result[0] = column, result[1] = score.

    See :func:`best_move_within`, which this calls with no prior bounds on the score.
    """
    best_move_within(position, mask, moves, -CELLS, CELLS, result, keys, values, control, sort_moves,
                     sort_scores)


@kernel()
def best_move_within(position, mask, moves, low, high, result, keys, values, control, sort_moves,
                     sort_scores):
    """An optimal column and the position's exact score: result[0] = column, result[1] = score.

    Wins are taken at once; otherwise the position is solved, then the candidate moves are tried in
    search order with a null-window test until one proves to keep the exact score (so a winning
    side takes the fastest win and a losing side the slowest loss). After an abort result[0] = -1.
    """
    result[0] = -1
    result[1] = 0
    winning = winning_cells(position, mask) & possible_moves(mask)
    if winning:
        for i in range(WIDTH):
            column = COLUMN_ORDER[i]
            if winning & column_mask(column):
                result[0] = column
                result[1] = (CELLS + 1 - moves) // 2
                return
    candidates = non_losing_moves(position, mask)
    if candidates == 0:  # every move loses at once: any legal column keeps the (lost) score
        for i in range(WIDTH):
            column = COLUMN_ORDER[i]
            if can_play(mask, column):
                result[0] = column
                result[1] = -((CELLS - moves) // 2)
                return
    score = solve_within(position, mask, moves, low, high, keys, values, control, sort_moves,
                         sort_scores)
    if control[ABORTED] != 0:
        return
    count = order_columns(position, mask, moves, candidates, sort_moves, sort_scores)
    order = sort_moves[moves, :count].copy()
    for i in range(count):
        column = order[i]
        move = candidates & column_mask(column)
        child_position = position ^ mask
        child_mask = mask | move
        if moves + 1 >= CELLS:
            child_score = np.int64(0)
        else:
            # the child's score is at least -score; it keeps the value iff it is at most -score
            child_score = negamax(child_position, child_mask, moves + 1, -score, -score + 1, keys,
                                  values, control, sort_moves, sort_scores)
            if control[ABORTED] != 0:
                return
        if child_score <= -score:
            result[0] = column
            result[1] = score
            return
    result[0] = order[0]  # unreachable with a correct solve; keeps the result a legal move
    result[1] = score
