"""Othello rules as jitted kernels: the only implementation, used by the UI, the AI and the solver.

Board: 8x8 squares; square ``row * 8 + col`` with a1 = 0 at the top left, h1 = 7 and h8 = 63 (see
:mod:`~tui_games.games.othello.bits` for the 64-bit boards). Black (X, seat 0) moves first from the
standard start: white on d4 and e5, black on d5 and e4.

Actions (OpenSpiel's ``othello`` ids): the square 0-63 of the disc placed, or :data:`PASS` (64),
which is legal only when the player to move has no move (and then it is the only action). The game
ends as soon as neither player can move; the one with more discs wins (+1, the other -1, 0 for a
draw: OpenSpiel's returns). The final disc difference is shown beside them.

State: the common header, then the fields of :data:`LAYOUT`.
"""

from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_EVALUATE, SIG_LEGAL, kernel, np, types
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)
from tui_games.engine.standard import two_player_win_loss_returns as returns  # noqa: F401 (kernel)
from tui_games.games.othello.bits import (
    FULL, ZERO, after_move, flip_bits, lowest_square, move_bits, popcount, table_slot,
)
from tui_games.games.othello.constants import PASS, SQUARES
from tui_games.games.othello.heuristic import classic_value

MAX_ACTIONS = SQUARES
"""The most legal actions a position can have (never more than its empty squares)."""
BLACK, WHITE = 0, 1
"""Seats: black (X) moves first."""

LAYOUT = StateLayout(
    "Othello state",
    Field("black_discs", 1, "black's (X, seat 0) discs: a 64-bit board, bit row*8+col, a1 = bit 0"),
    Field("white_discs", 1, "white's (O, seat 1) discs, same bits"),
    Field("last_move", 1, "the last action: a square 0-63, PASS 64, or -1 before the first"),
    Field("flipped", 1, "the discs the last move turned over (a 64-bit board)"),
)
"""The state array: the common header, then both colours' boards and the last move."""
LAYOUT.export(globals())  # BLACK_DISCS, WHITE_DISCS, LAST_MOVE, FLIPPED, STATE_SIZE

START_BLACK = (1 << 28) | (1 << 35)
"""e4 and d5."""
START_WHITE = (1 << 27) | (1 << 36)
"""d4 and e5."""


@kernel()
def discs_of(s, seat):
    """``seat``'s discs as a uint64 board."""
    return np.uint64(s[BLACK_DISCS + seat])


@kernel()
def final_score(mover, opponent):
    """The disc difference for ``mover`` at the end of a game, empty squares going to the winner
    (the usual way of scoring a finished game, and the FFO convention)."""
    mine = popcount(mover)
    theirs = popcount(opponent)
    empties = 64 - mine - theirs
    if mine > theirs:
        return mine - theirs + empties
    if mine < theirs:
        return mine - theirs - empties
    return 0


@kernel()
def settle_turn(s):
    """After a move: the opponent moves next if they can, else the same player (the opponent must
    pass first); if neither can move the game is over and the winner is set by the disc count."""
    mover = s[PLAYER]
    opponent = 1 - mover
    mine = discs_of(s, mover)
    theirs = discs_of(s, opponent)
    s[PLAYER] = opponent
    if move_bits(theirs, mine) == ZERO and move_bits(mine, theirs) == ZERO:
        s[PLAYER] = TERMINAL
        black = popcount(np.uint64(s[BLACK_DISCS]))
        white = popcount(np.uint64(s[WHITE_DISCS]))
        if black > white:
            s[WINNER] = BLACK
        elif white > black:
            s[WINNER] = WHITE
        else:
            s[WINNER] = NO_WINNER
    return 0


@kernel()
def state_from_boards(black, white, to_move):
    """A state with these discs (int64 bit patterns) and seat ``to_move`` to play; finished at once
    when neither side has a move."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 2
    s[BLACK_DISCS] = black
    s[WHITE_DISCS] = white
    s[LAST_MOVE] = -1
    s[PLAYER] = 1 - to_move
    settle_turn(s)
    if s[PLAYER] != TERMINAL:
        s[PLAYER] = to_move
    return s


@kernel()
def initial_state():
    """The standard start, black (X) to move."""
    return state_from_boards(START_BLACK, START_WHITE, BLACK)


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The squares the player to move may play, in increasing order; only PASS when there are none
    (and nothing once the game is over)."""
    player = s[PLAYER]
    if player == TERMINAL:
        return 0
    moves = move_bits(discs_of(s, player), discs_of(s, 1 - player))
    if moves == ZERO:
        out[0] = PASS
        return 1
    n = 0
    while moves:
        out[n] = lowest_square(moves)
        moves &= moves - np.uint64(1)
        n += 1
    return n


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Place a disc on ``action`` and turn over what it outflanks (or pass); the caller has checked
    that the action is legal."""
    player = s[PLAYER]
    mine = discs_of(s, player)
    theirs = discs_of(s, 1 - player)
    flips = ZERO
    if action != PASS:
        flips = flip_bits(action, mine, theirs)
        mine |= flips | (np.uint64(1) << np.uint64(action))
        theirs &= ~flips & FULL
    s[BLACK_DISCS + player] = np.int64(mine)
    s[BLACK_DISCS + 1 - player] = np.int64(theirs)
    s[LAST_MOVE] = action
    s[FLIPPED] = np.int64(flips)
    s[PLY] += 1
    settle_turn(s)
    return 0


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """The classical evaluation (mobility, corners, edges; see heuristic.py) for ``player``, in
    disc-like units well inside +-100."""
    return classic_value(discs_of(s, player), discs_of(s, 1 - player))


@kernel(types.int64(types.uint64, types.uint64, types.int64, types.int64[:, ::1], types.int64[::1]))
def perft_boards(mover, opponent, depth, table_keys, table_counts):
    """Leaves of the game tree ``depth`` plies below (mover, opponent): a forced pass counts as a
    ply, a game that ends sooner as one leaf. With a table of 2**k slots (``table_keys`` holds
    mover, opponent, depth per slot; length 1 turns it off) transpositions are counted once."""
    if depth == 0:
        return np.int64(1)
    moves = move_bits(mover, opponent)
    if moves == ZERO:
        if move_bits(opponent, mover) == ZERO:
            return np.int64(1)
        return perft_boards(opponent, mover, depth - 1, table_keys, table_counts)
    if depth == 1:
        return popcount(moves)
    if depth == 2:  # each reply is a leaf; a pass or the end of the game is one leaf too
        total = np.int64(0)
        while moves:
            square = lowest_square(moves)
            moves &= moves - np.uint64(1)
            flips = flip_bits(square, mover, opponent)
            replies = move_bits(opponent & ~flips, mover | flips | (np.uint64(1) << np.uint64(square)))
            total += max(popcount(replies), 1)
        return total
    slot = -1
    if table_counts.shape[0] > 1 and depth >= 3:
        slot = table_slot(mover, opponent, table_counts.shape[0])
        if (table_keys[slot, 0] == np.int64(mover) and table_keys[slot, 1] == np.int64(opponent)
                and table_keys[slot, 2] == depth):
            return table_counts[slot]
    total = np.int64(0)
    while moves:
        square = lowest_square(moves)
        moves &= moves - np.uint64(1)
        child_mover, child_opponent = after_move(square, mover, opponent)
        total += perft_boards(child_mover, child_opponent, depth - 1, table_keys, table_counts)
    if slot >= 0:
        table_keys[slot, 0] = np.int64(mover)
        table_keys[slot, 1] = np.int64(opponent)
        table_keys[slot, 2] = depth
        table_counts[slot] = total
    return total


def perft(state_array, depth: int, table_bits: int = 0) -> int:
    """Perft of a state (Python entry point): leaves ``depth`` plies below it; ``table_bits`` > 0
    uses a transposition table of 2**table_bits slots (for the deep counts of the benchmark)."""
    size = 1 << table_bits if table_bits > 0 else 1
    keys = np.full((size, 3), -1, dtype=np.int64)
    counts = np.zeros(size, dtype=np.int64)
    if state_array[PLAYER] == TERMINAL:
        return 1
    player = int(state_array[PLAYER])
    mover = state_array[BLACK_DISCS + player].view(np.uint64)
    opponent = state_array[BLACK_DISCS + 1 - player].view(np.uint64)
    return int(perft_boards(mover, opponent, depth, keys, counts))
