"""2048 rules as jitted kernels: the only implementation, used by the UI, the tests and the AI.

State: the common header, then 16 cells row-major from the top left, each holding the tile's
exponent (0 empty, k for the tile 2**k), then the score and a few fields for the view (see the
offsets below). Actions: 0 up, 1 right, 2 down, 3 left (OpenSpiel's ids). Chance outcomes:
``2 * cell`` places a 2 and ``2 * cell + 1`` places a 4 on an empty cell (OpenSpiel's encoding);
a 2 comes with probability 0.9 and a 4 with 0.1, the cell uniformly among the empty ones.

The one rule of movement is :func:`slide_line`. The packed-board helpers at the end (a 64-bit
board of 16 nibbles and the 65536-entry row tables built by calling :func:`slide_line` on every
row) are what the AI searches with; they are exact as long as no tile exceeds 32768.
"""

from tui_games.engine.header import (
    CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER,
)
from tui_games.engine.jit import SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_LEGAL, SIG_RETURNS, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.games.g2048.heuristic import line_heuristic
from tui_games.games.g2048.constants import DOWN, LEFT, RIGHT, UP  # noqa: F401 (the moves' ids)

SIZE = 4
"""The board is SIZE x SIZE cells."""
NUM_CELLS = SIZE * SIZE
"""16 cells, numbered 0-15 row-major from the top left."""

NUM_MOVES = 4
"""Moves are actions 0..3."""
NUM_CHANCE_OUTCOMES = 2 * NUM_CELLS
"""Chance outcome ids run 0..31: ``2 * cell`` for a 2, ``2 * cell + 1`` for a 4."""
MAX_ACTIONS = NUM_CHANCE_OUTCOMES
"""The most moves or chance outcomes at a node: a new tile on any of the 16 cells, a 2 or a 4."""

PROB_TWO = 0.9
"""Probability that a new random tile is a 2."""
PROB_FOUR = 0.1
"""Probability that a new random tile is a 4."""
WIN_EXPONENT = 11
"""Reaching 2**11 = 2048 wins the game (play may continue)."""

LAYOUT = StateLayout(
    "2048 state",
    Field("cells", NUM_CELLS, "exponent of the tile on each cell, row-major from the top left; 0 empty"),
    Field("score", 1, "sum of the values of all tiles made by merging so far"),
    Field("last_move", 1, "the last move played (0-3), or -1 before the first move"),
    Field("last_spawn", 1, "the cell of the last random tile, or -1 before the first"),
    Field("last_gain", 1, "the score gained by the last move"),
    Field("pending_spawns", 1, "random tiles still to place before the player moves (2 at the start)"),
)
"""The state array: the common header, the board, the score and what the view shows of the last move."""
LAYOUT.export(globals())  # CELLS, SCORE, LAST_MOVE, LAST_SPAWN, LAST_GAIN, PENDING_SPAWNS, STATE_SIZE

LINES = np.array(
    [
        [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]],  # up
        [[3, 2, 1, 0], [7, 6, 5, 4], [11, 10, 9, 8], [15, 14, 13, 12]],  # right
        [[12, 8, 4, 0], [13, 9, 5, 1], [14, 10, 6, 2], [15, 11, 7, 3]],  # down
        [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]],  # left
    ],
    dtype=np.int64,
)
"""LINES[move, k]: the 4 cells of line k for ``move``, listed from the edge the tiles slide toward."""


# ----- the rule of movement ---------------------------------------------------------------------
@kernel()
def slide_line(line, out):
    """Slide the 4 exponents of ``line`` toward index 0 and merge; returns the score gained.

    ``out`` receives the new line. Tiles close up toward index 0; two equal neighbours (after
    closing up) merge into one tile of twice the value, the pair nearest index 0 first, and a
    merged tile does not merge again in the same move: 2 2 2 2 -> 4 4 . . and 4 4 8 . -> 8 8 . .
    """
    for i in range(SIZE):
        out[i] = 0
    filled = 0
    last_merged = False
    gained = 0
    for i in range(SIZE):
        value = line[i]
        if value == 0:
            continue
        if filled > 0 and out[filled - 1] == value and not last_merged:
            out[filled - 1] = value + 1
            gained += np.int64(1) << (value + 1)
            last_merged = True
        else:
            out[filled] = value
            filled += 1
            last_merged = False
    return gained


@kernel()
def move_cells(cells, move, out):
    """Play ``move`` on the 16 exponents ``cells`` into ``out``; returns (score gained, moved?)."""
    line = np.empty(SIZE, dtype=np.int64)
    slid = np.empty(SIZE, dtype=np.int64)
    gained = 0
    moved = False
    for k in range(SIZE):
        for i in range(SIZE):
            line[i] = cells[LINES[move, k, i]]
        gained += slide_line(line, slid)
        for i in range(SIZE):
            out[LINES[move, k, i]] = slid[i]
            if slid[i] != line[i]:
                moved = True
    return gained, moved


@kernel()
def can_move(cells, move):
    """True if ``move`` would shift or merge at least one tile of ``cells``."""
    for k in range(SIZE):
        seen_gap = False
        previous = 0
        for i in range(SIZE):
            value = cells[LINES[move, k, i]]
            if value == 0:
                seen_gap = True
            else:
                if seen_gap or value == previous:
                    return True
                previous = value
    return False


# ----- kernels with the engine's fixed signatures -------------------------------------------------
@kernel()
def initial_state():
    """The empty board with two random tiles still to place (a chance node, as in OpenSpiel)."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[PLAYER] = CHANCE
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 1
    s[LAST_MOVE] = -1
    s[LAST_SPAWN] = -1
    s[PENDING_SPAWNS] = 2
    return s


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The moves that shift or merge at least one tile, in id order (none at chance/terminal)."""
    if s[PLAYER] != 0:
        return 0
    cells = s[CELLS:CELLS + NUM_CELLS]
    n = 0
    for move in range(NUM_MOVES):
        if can_move(cells, move):
            out[n] = move
            n += 1
    return n


@kernel()
def has_any_move(cells):
    """True if some move shifts or merges a tile."""
    for move in range(NUM_MOVES):
        if can_move(cells, move):
            return True
    return False


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Play a move (then a random tile is due) or place a random tile (then the player moves).

    After the last random tile is placed the game ends if no move is possible. ``s[WINNER]``
    becomes 0 once a 2048 tile exists; the game still goes on.
    """
    cells = s[CELLS:CELLS + NUM_CELLS]
    s[PLY] += 1
    if s[PLAYER] == CHANCE:
        cell = action >> 1
        cells[cell] = 1 + (action & 1)
        s[LAST_SPAWN] = cell
        s[PENDING_SPAWNS] -= 1
        if s[PENDING_SPAWNS] > 0:
            return 0
        s[PLAYER] = 0 if has_any_move(cells) else TERMINAL
        return 0
    after = np.empty(NUM_CELLS, dtype=np.int64)
    gained, _ = move_cells(cells, action, after)
    for i in range(NUM_CELLS):
        cells[i] = after[i]
        if after[i] >= WIN_EXPONENT:
            s[WINNER] = 0
    s[SCORE] += gained
    s[LAST_GAIN] = gained
    s[LAST_MOVE] = action
    s[PENDING_SPAWNS] = 1
    s[PLAYER] = CHANCE
    return 0


@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """At a chance node: a 2 (p 0.9) or a 4 (p 0.1) on each empty cell, the cell uniform."""
    if s[PLAYER] != CHANCE:
        return 0
    empty = 0
    for i in range(NUM_CELLS):
        if s[CELLS + i] == 0:
            empty += 1
    n = 0
    for i in range(NUM_CELLS):
        if s[CELLS + i] == 0:
            actions[n] = 2 * i
            probs[n] = PROB_TWO / empty
            actions[n + 1] = 2 * i + 1
            probs[n + 1] = PROB_FOUR / empty
            n += 2
    return n


@kernel(SIG_RETURNS)
def returns(s, out):
    """The one player's return: the score so far (OpenSpiel's definition)."""
    out[0] = np.float64(s[SCORE])
    return 1


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """Heuristic value of the position (empty cells, merges, monotone rows and columns)."""
    total = 0.0
    for move in (UP, LEFT):
        for k in range(SIZE):
            total += line_heuristic(s[CELLS + LINES[move, k, 0]], s[CELLS + LINES[move, k, 1]],
                                    s[CELLS + LINES[move, k, 2]], s[CELLS + LINES[move, k, 3]])
    return total


# ----- packed boards for search ------------------------------------------------------------------
ROW_MASK = 0xFFFF
"""One packed row: 4 nibbles."""
NIBBLE = 0xF
"""One packed cell."""
MAX_PACKED_EXPONENT = 15
"""A packed board holds exponents up to 15 (32768); a merge beyond that saturates at 15."""


def _signed(value: int) -> int:
    """A 64-bit pattern as a Python int that numba types as int64 (never uint64)."""
    return value - (1 << 64) if value >= 1 << 63 else value


_KEEP_NIBBLES = _signed(0xF0F00F0FF0F00F0F)
_NIBBLES_DOWN_LEFT = 0x0000F0F00000F0F0
_NIBBLES_UP_RIGHT = 0x0F0F00000F0F0000
_KEEP_BYTES = _signed(0xFF00FF0000FF00FF)
_BLOCK_BOTTOM_LEFT = 0x00FF00FF00000000
_BLOCK_TOP_RIGHT = 0x00000000FF00FF00
_LOW_BIT_OF_NIBBLES = 0x1111111111111111
_LOW_TWO_BITS_OF_NIBBLES = 0x3333333333333333


@kernel()
def pack_cells(cells):
    """The 16 exponents as one int64: cell i in bits 4i..4i+3 (exponents above 15 become 15)."""
    board = np.int64(0)
    for i in range(NUM_CELLS):
        value = min(cells[i], MAX_PACKED_EXPONENT)
        board |= np.int64(value) << (4 * i)
    return board


@kernel()
def unpack_board(board, out):
    """Write the 16 exponents of a packed board into ``out``."""
    for i in range(NUM_CELLS):
        out[i] = (board >> (4 * i)) & NIBBLE


@kernel()
def transpose(board):
    """The packed board mirrored on its main diagonal (columns become rows)."""
    # Swap the off-diagonal cells inside each 2x2 block, then the off-diagonal 2x2 blocks.
    a = (board & _KEEP_NIBBLES) | ((board & _NIBBLES_DOWN_LEFT) << 12) | ((board & _NIBBLES_UP_RIGHT) >> 12)
    return (a & _KEEP_BYTES) | ((a & _BLOCK_BOTTOM_LEFT) >> 24) | ((a & _BLOCK_TOP_RIGHT) << 24)


@kernel()
def count_empty(board):
    """How many cells of the packed board are empty (0..16)."""
    x = board | ((board >> 2) & _LOW_TWO_BITS_OF_NIBBLES)
    x = x | (x >> 1)
    x = ~x & _LOW_BIT_OF_NIBBLES
    count = 0
    while x != 0:
        x &= x - 1
        count += 1
    return count


@kernel()
def max_exponent(board):
    """The largest exponent on the packed board."""
    best = 0
    for i in range(NUM_CELLS):
        best = max(best, (board >> (4 * i)) & NIBBLE)
    return best


@kernel()
def count_distinct_tiles(board):
    """How many different tile values are on the packed board."""
    seen = 0
    for i in range(NUM_CELLS):
        seen |= 1 << ((board >> (4 * i)) & NIBBLE)
    seen >>= 1
    count = 0
    while seen != 0:
        seen &= seen - 1
        count += 1
    return count


@kernel()
def reverse_row(row):
    """A 16-bit row with its 4 nibbles in the opposite order."""
    return ((row >> 12) & NIBBLE) | ((row >> 4) & 0xF0) | ((row << 4) & 0xF00) | ((row << 12) & 0xF000)


@kernel()
def build_row_tables():
    """Tables over all 65536 packed rows, each computed by :func:`slide_line`.

    Returns (left, right, gain): the row after sliding toward its low nibble, the row after
    sliding toward its high nibble, and the score of the merges (the same either way).
    """
    count = 1 << 16
    left = np.empty(count, dtype=np.int64)
    gain = np.empty(count, dtype=np.int64)
    line = np.empty(SIZE, dtype=np.int64)
    slid = np.empty(SIZE, dtype=np.int64)
    for row in range(count):
        for i in range(SIZE):
            line[i] = (row >> (4 * i)) & NIBBLE
        gain[row] = slide_line(line, slid)
        packed = 0
        for i in range(SIZE):
            packed |= min(slid[i], MAX_PACKED_EXPONENT) << (4 * i)
        left[row] = packed
    right = np.empty(count, dtype=np.int64)
    for row in range(count):
        right[row] = reverse_row(left[reverse_row(row)])
    return left, right, gain


@kernel()
def slide_rows(board, table):
    """Apply a row table (left or right) to the 4 rows of a packed board."""
    out = np.int64(0)
    for r in range(SIZE):
        out |= table[(board >> (16 * r)) & ROW_MASK] << (16 * r)
    return out


@kernel()
def move_both(board, transposed, move, left, right):
    """``move`` on a packed board given with its transpose; returns (moved, moved transposed).

    The moved board equals ``board`` when the move is not legal.
    """
    if move == LEFT:
        moved = slide_rows(board, left)
        return moved, transpose(moved)
    if move == RIGHT:
        moved = slide_rows(board, right)
        return moved, transpose(moved)
    if move == UP:
        moved_transposed = slide_rows(transposed, left)
    else:
        moved_transposed = slide_rows(transposed, right)
    return transpose(moved_transposed), moved_transposed


@kernel()
def move_board(board, move, left, right):
    """The packed board after ``move`` (equal to ``board`` when the move is not legal)."""
    if move == LEFT:
        return slide_rows(board, left)
    if move == RIGHT:
        return slide_rows(board, right)
    if move == UP:
        return transpose(slide_rows(transpose(board), left))
    return transpose(slide_rows(transpose(board), right))


@kernel()
def move_gain(board, move, gain):
    """The score a move on the packed board earns."""
    if move == UP or move == DOWN:
        board = transpose(board)
    total = 0
    for r in range(SIZE):
        total += gain[(board >> (16 * r)) & ROW_MASK]
    return total
