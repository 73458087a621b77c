"""Connect Four rules as jitted kernels: the only implementation, used by the UI, the AI and the solver.

Board: 7 columns by 6 rows. Bitboards follow Pascal Pons / John Tromp: bit ``column * 7 + row``
(row 0 at the bottom) is one cell; bit ``column * 7 + 6`` is an always-empty sentinel above each
column, so a column's next free cell is ``mask + bottom``.

State array: the common header, then the bitboards and the last column (:data:`LAYOUT`).
Actions: the column 0-6 from the left (OpenSpiel's numbering). Seat 0 moves first.
"""

from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_EVALUATE, SIG_LEGAL, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)
from tui_games.engine.standard import two_player_win_loss_returns as returns  # noqa: F401 (kernel)
from tui_games.games.connect_four.constants import HEIGHT, WIDTH

CELLS = WIDTH * HEIGHT
COLUMN_BITS = HEIGHT + 1
"""Bits per column: six cells plus the sentinel."""

LAYOUT = StateLayout(
    "Connect Four state",
    Field("position", 1, "the stones of the player to move (Pons' current_position bitboard)"),
    Field("mask", 1, "every stone on the board (bitboard)"),
    Field("last_column", 1, "the column of the last move (-1 before the first move)"),
)
"""The state array: the common header, then the two bitboards and the last column."""
LAYOUT.export(globals())  # POSITION, MASK, LAST_COLUMN, STATE_SIZE
MAX_ACTIONS = WIDTH
"""Legal moves in any position: the seven columns."""

BOTTOM_MASK = sum(1 << (c * COLUMN_BITS) for c in range(WIDTH))
"""One bit at the bottom cell of every column."""
BOARD_MASK = BOTTOM_MASK * ((1 << HEIGHT) - 1)
"""Every playable cell (no sentinels)."""

COLUMN_ORDER = np.array([3, 2, 4, 1, 5, 0, 6], dtype=np.int64)
"""Columns from the centre outwards: the move-ordering prior of every search."""
CENTRE_WEIGHTS = np.array([0.0, 0.5, 1.0, 2.0, 1.0, 0.5, 0.0])
"""Heuristic worth of a stone in each column (the centre takes part in the most fours)."""

ODD_ROWS = BOTTOM_MASK * (1 | (1 << 2) | (1 << 4))
"""Rows 1, 3 and 5 counted from the bottom: where the first player's threats count."""
EVEN_ROWS = BOTTOM_MASK * ((1 << 1) | (1 << 3) | (1 << 5))
"""Rows 2, 4 and 6 counted from the bottom: where the second player's threats count."""

MIN_SCORE = -(CELLS // 2) + 3
MAX_SCORE = (CELLS + 1) // 2 - 3
"""Bounds of Pons scores in positions that are not already decided (used by the solver's table)."""


@kernel()
def top_mask_col(column):
    """The bit of the top cell of ``column``."""
    return np.int64(1) << (HEIGHT - 1 + column * COLUMN_BITS)


@kernel()
def bottom_mask_col(column):
    """The bit of the bottom cell of ``column``."""
    return np.int64(1) << (column * COLUMN_BITS)


@kernel()
def column_mask(column):
    """The six cells of ``column``."""
    return np.int64((1 << HEIGHT) - 1) << (column * COLUMN_BITS)


@kernel()
def can_play(mask, column):
    """True if ``column`` is not full."""
    return (mask & top_mask_col(column)) == 0


@kernel()
def possible_moves(mask):
    """One bit per playable column: the lowest empty cell of each non-full column."""
    return (mask + BOTTOM_MASK) & BOARD_MASK


@kernel()
def popcount(bits):
    """The number of set bits of a non-negative int64."""
    n = 0
    while bits:
        bits &= bits - 1
        n += 1
    return n


@kernel()
def has_four(stones):
    """True if ``stones`` (one player's bitboard) contain four in a row in any direction."""
    for shift in (1, COLUMN_BITS - 1, COLUMN_BITS, COLUMN_BITS + 1):
        pairs = stones & (stones >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


@kernel()
def winning_cells(stones, mask):
    """Empty cells that would complete a four for ``stones`` (whether or not playable yet)."""
    # vertical: three stones directly below
    r = (stones << 1) & (stones << 2) & (stones << 3)
    for shift in (COLUMN_BITS - 1, COLUMN_BITS, COLUMN_BITS + 1):
        p = (stones << shift) & (stones << (2 * shift))
        r |= p & (stones << (3 * shift))
        r |= p & (stones >> shift)
        p = (stones >> shift) & (stones >> (2 * shift))
        r |= p & (stones << shift)
        r |= p & (stones >> (3 * shift))
    return r & (BOARD_MASK ^ mask)


@kernel()
def can_win_next(position, mask):
    """True if the player to move can complete a four with their next stone."""
    return (winning_cells(position, mask) & possible_moves(mask)) != 0


@kernel()
def non_losing_moves(position, mask):
    """Playable cells that do not hand the opponent an immediate win (0 if every move loses).

    Assumes the player to move cannot win at once. A single opponent threat forces the block; two
    forced blocks mean every move loses.
    """
    possible = possible_moves(mask)
    opponent_win = winning_cells(position ^ mask, mask)
    forced = possible & opponent_win
    if forced:
        if forced & (forced - 1):
            return np.int64(0)
        possible = forced
    return possible & ~(opponent_win >> 1)


@kernel()
def move_score(position, mask, move):
    """Move-ordering score of playing bit ``move``: how many winning cells it leaves the mover."""
    return popcount(winning_cells(position | move, mask))


@kernel()
def position_key(position, mask):
    """A unique key of a position with its side to move (Pons: position + mask)."""
    return position + mask


@kernel()
def mirror_bits(bits):
    """The bitboard reflected left-right (column c becomes column 6 - c)."""
    out = np.int64(0)
    for column in range(WIDTH):
        col_bits = (bits >> (column * COLUMN_BITS)) & ((1 << COLUMN_BITS) - 1)
        out |= col_bits << ((WIDTH - 1 - column) * COLUMN_BITS)
    return out


@kernel()
def canonical_key(position, mask):
    """The smaller of the keys of a position and its mirror image (for a symmetric book)."""
    key = position + mask
    mirrored = mirror_bits(position) + mirror_bits(mask)
    return min(key, mirrored)


@kernel()
def initial_state():
    """The empty board, seat 0 (Yellow, X) to move."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[PLAYER] = 0
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 2
    s[LAST_COLUMN] = -1
    return s


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The columns that are not full, left to right (none once the game is over)."""
    if s[PLAYER] == TERMINAL:
        return 0
    n = 0
    for column in range(WIDTH):
        if can_play(s[MASK], column):
            out[n] = column
            n += 1
    return n


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Drop the mover's stone in column ``action``; settle a four or a full-board draw."""
    player = s[PLAYER]
    mover_stones = s[POSITION]
    mask = s[MASK]
    new_mask = mask | (mask + bottom_mask_col(action))
    mover_stones |= new_mask ^ mask
    s[POSITION] = mover_stones ^ new_mask  # the opponent becomes the side to move
    s[MASK] = new_mask
    s[LAST_COLUMN] = action
    s[PLY] += 1
    if has_four(mover_stones):
        s[WINNER] = player
        s[PLAYER] = TERMINAL
    elif s[PLY] >= CELLS:
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = 1 - player
    return 0


@kernel()
def seat_stones(s, seat):
    """The bitboard of ``seat``'s stones (seat 0 moves at even plies)."""
    if (s[PLY] & 1) == seat:
        return s[POSITION]
    return s[POSITION] ^ s[MASK]


@kernel()
def threat_balance(position, mask):
    """Heuristic for the side to move, in (-1, 1): own minus opponent's open winning cells, with
    extra weight for threats on the rows their owner can exploit (odd rows, counted from 1 at the
    bottom, for the first player; even rows for the second), for a threat directly above another of
    the same player's (it cannot be stopped), and for stones near the centre.
    """
    opponent = position ^ mask
    mine = winning_cells(position, mask)
    theirs = winning_cells(opponent, mask)
    if popcount(mask) & 1:  # the second player is to move
        my_rows, their_rows = EVEN_ROWS, ODD_ROWS
    else:
        my_rows, their_rows = ODD_ROWS, EVEN_ROWS
    score = 4.0 * (popcount(mine) - popcount(theirs))
    score += 3.0 * (popcount(mine & my_rows) - popcount(theirs & their_rows))
    score += 6.0 * (popcount(mine & (mine >> 1)) - popcount(theirs & (theirs >> 1)))
    for column in range(WIDTH):
        cells = column_mask(column)
        score += CENTRE_WEIGHTS[column] * (popcount(position & cells) - popcount(opponent & cells))
    return score / (24.0 + abs(score))


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """Heuristic value in (-1, 1) of a non-terminal state for ``player`` (threats and centre)."""
    value = threat_balance(s[POSITION], s[MASK])
    if (s[PLY] & 1) == player:
        return value
    return -value


@kernel()
def perft(s, depth):
    """Leaf count of the game tree ``depth`` plies below ``s`` (finished games count as one leaf).

    Uses only legal_actions and apply_action, so it checks exactly the rules the game plays by.
    """
    if depth == 0 or s[PLAYER] == TERMINAL:
        return np.int64(1)
    actions = np.empty(WIDTH, dtype=np.int64)
    n = legal_actions(s, actions)
    child = np.empty_like(s)
    total = np.int64(0)
    for i in range(n):
        child[:] = s
        apply_action(child, actions[i])
        total += perft(child, depth - 1)
    return total
