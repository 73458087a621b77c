"""The classical Othello evaluation: mobility, corners and edges, as textbooks describe it.

It serves the middle AI levels (through the engine's generic negamax) and the "classical alpha-beta
player" the strength benchmark measures the top level against. Values are for the player whose
discs are ``mover`` (to move or not), in rough disc units, always inside +-64.
"""

from tui_games.engine.jit import kernel, np
from tui_games.games.othello.bits import (
    C_SQUARES, CORNERS, EDGES, NOT_A, NOT_H, X_SQUARES, move_bits, popcount,
)

CORNER_SQUARES = np.array([0, 7, 56, 63], dtype=np.int64)
"""a1, h1, a8, h8."""
CORNER_X = np.array([9, 14, 49, 54], dtype=np.int64)
"""The X-square of each corner: b2, g2, b7, g7."""
CORNER_C = np.array([[1, 8], [6, 15], [48, 57], [55, 62]], dtype=np.int64)
"""The two C-squares of each corner."""

MOBILITY_WEIGHT = 20.0
FRONTIER_WEIGHT = 8.0
CORNER_WEIGHT = 6.0
X_SQUARE_WEIGHT = 3.0
C_SQUARE_WEIGHT = 1.5
EDGE_WEIGHT = 0.5
ENDGAME_EMPTIES = 12
"""From this many empty squares down the disc count joins the evaluation."""


@kernel()
def neighbours(discs):
    """Every square next to (in the eight directions) one of ``discs``."""
    east = (discs << np.uint64(1)) & NOT_A
    west = (discs >> np.uint64(1)) & NOT_H
    row = discs | east | west
    return east | west | (row << np.uint64(8)) | (row >> np.uint64(8))


@kernel()
def bit(board, square):
    """1 if ``square`` is set in ``board``, else 0."""
    return np.int64((board >> np.uint64(square)) & np.uint64(1))


@kernel()
def corner_danger(mover, opponent):
    """Own X- and C-squares next to an empty corner, weighted, minus the opponent's."""
    empty = ~(mover | opponent)
    value = 0.0
    for i in range(4):
        if bit(empty, CORNER_SQUARES[i]):
            value -= X_SQUARE_WEIGHT * (bit(mover, CORNER_X[i]) - bit(opponent, CORNER_X[i]))
            for j in range(2):
                value -= C_SQUARE_WEIGHT * (bit(mover, CORNER_C[i, j]) - bit(opponent, CORNER_C[i, j]))
    return value


@kernel()
def classic_value(mover, opponent):
    """Mobility (moves each side has), potential mobility (empty squares beside the other side's
    discs), corners held, X/C squares next to empty corners, safe edge squares, and late in the game
    the disc difference."""
    return classic_value_moves(mover, opponent, move_bits(mover, opponent), move_bits(opponent, mover))


@kernel()
def classic_value_moves(mover, opponent, my_moves, their_moves):
    """:func:`classic_value` given both sides' moves (a search that has them saves the work)."""
    empty = ~(mover | opponent)
    empties = popcount(empty)
    mine = popcount(my_moves)
    theirs = popcount(their_moves)
    if mine == 0 and theirs == 0:
        diff = popcount(mover) - popcount(opponent)
        return float(max(-64, min(64, diff)))
    value = MOBILITY_WEIGHT * (mine - theirs) / (mine + theirs + 2)
    my_frontier = popcount(neighbours(mover) & empty)
    their_frontier = popcount(neighbours(opponent) & empty)
    value += FRONTIER_WEIGHT * (their_frontier - my_frontier) / (my_frontier + their_frontier + 2)
    value += CORNER_WEIGHT * (popcount(mover & CORNERS) - popcount(opponent & CORNERS))
    value += corner_danger(mover, opponent)
    safe_edges = EDGES & ~(CORNERS | C_SQUARES | X_SQUARES)
    value += EDGE_WEIGHT * (popcount(mover & safe_edges) - popcount(opponent & safe_edges))
    if empties <= ENDGAME_EMPTIES:
        value += (popcount(mover) - popcount(opponent)) * (ENDGAME_EMPTIES + 1 - empties) / ENDGAME_EMPTIES
    return max(-60.0, min(60.0, value))
