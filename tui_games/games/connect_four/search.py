"""Depth-limited alpha-beta search with a threat heuristic: the engine of the middle AI levels.

Same bitboards and helpers as the solver (rules.py). Values are floats for the side to move: a win
is ``WIN + stones left on the board`` (so faster wins score higher), a loss the negation, and a
position at the depth limit gets ``HEURISTIC_SCALE * rules.threat_balance`` (within +-100).
"""

from __future__ import annotations

from tui_games.engine.jit import kernel, np
from tui_games.games.connect_four.rules import (
    CELLS, COLUMN_ORDER, WIDTH, can_play, can_win_next, column_mask, has_four, move_score,
    non_losing_moves, threat_balance, bottom_mask_col,
)
from tui_games.engine.stopflag import ABORTED, NODES, STOP
from tui_games.games.connect_four.solver import POLL_MASK

WIN = 1000.0
HEURISTIC_SCALE = 100.0
NOT_PLAYABLE = -1.0e9
"""Value written for a full column by :func:`column_values`."""


@kernel()
def limited_negamax(position, mask, moves, depth, alpha, beta, control):
    """Negamax value of a position searched ``depth`` plies deep (side to move cannot have won yet)."""
    control[NODES] += 1
    if (control[NODES] & POLL_MASK) == 0 and control[STOP] != 0:
        control[ABORTED] = 1
    if control[ABORTED] != 0:
        return 0.0
    if can_win_next(position, mask):
        return WIN + (CELLS - moves)
    possible = non_losing_moves(position, mask)
    if possible == 0:
        return -(WIN + (CELLS - moves - 1))
    if moves >= CELLS - 2:
        return 0.0
    if depth <= 0:
        return HEURISTIC_SCALE * threat_balance(position, mask)
    order_moves = np.empty(WIDTH, dtype=np.int64)
    order_scores = np.empty(WIDTH, dtype=np.int64)
    count = 0
    for i in range(WIDTH):
        move = possible & column_mask(COLUMN_ORDER[i])
        if move:
            score = move_score(position, mask, move)
            j = count
            while j > 0 and order_scores[j - 1] < score:
                order_moves[j] = order_moves[j - 1]
                order_scores[j] = order_scores[j - 1]
                j -= 1
            order_moves[j] = move
            order_scores[j] = score
            count += 1
    best = -1.0e18
    for i in range(count):
        move = order_moves[i]
        value = -limited_negamax(position ^ mask, mask | move, moves + 1, depth - 1, -beta, -alpha,
                                 control)
        if control[ABORTED] != 0:
            return 0.0
        if value > best:
            best = value
        if value > alpha:
            alpha = value
        if alpha >= beta:
            break
    return best


@kernel()
def column_values(position, mask, moves, depth, out, control):
    """Write into out[0:7] each column's value for the side to move after a ``depth``-ply search.

    Full columns get NOT_PLAYABLE. A move that wins at once scores WIN + stones left; a move that
    lets the opponent win at once scores -(WIN + stones left after it).
    """
    for column in range(WIDTH):
        if not can_play(mask, column):
            out[column] = NOT_PLAYABLE
            continue
        move = (mask + bottom_mask_col(column)) & column_mask(column)
        child_position = position ^ mask
        child_mask = mask | move
        if has_four(child_position ^ child_mask):  # the drop completed a four for the mover
            out[column] = WIN + (CELLS - moves)
        elif moves + 1 >= CELLS:
            out[column] = 0.0
        else:
            out[column] = -limited_negamax(child_position, child_mask, moves + 1, depth - 1, -1.0e18,
                                           1.0e18, control)
        if control[ABORTED] != 0:
            return

