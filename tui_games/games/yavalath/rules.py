"""Yavalath rules as jitted kernels: a hexagon of side 5 (61 cells), two or three seats placing stones.

A line of four or more of the mover's stones wins at once, even if the same stone also makes a line
of three; a line of exactly three (without four) loses. Two seats: the seat making three loses and the
other wins. Three seats: the seat making three is out (its stones stay on the board) and the other two
play on, skipping it, until one makes four (and wins) or three (and the last seat in wins). A full
board without a winner is a draw of the seats still in.

Three seats while all three are in: if the next seat could win with its next stone, the mover must
block, i.e. play on one of the cells where the next seat would make four (or win at once itself);
the legal actions shrink to those cells. Once a seat is out the two others play as in the two-seat game.

Two seats with the swap (pie) rule on: as their first move the second seat (seat 1) may take the first
stone as its own (action :data:`SWAP_ACTION`); seat 0 then moves again.

Cells and actions: the hexagon of :func:`tui_games.engine.hexgrid.hexagon` (5), numbered row by row
from the top, left to right (0-60); the swap is 61.

Returns: two seats +1 / -1, 0 each for a draw; three seats +1 for the winner and -1 for every other
seat; after a full board -1 for a seat out and 0 for the seats still in.
"""

from tui_games.engine.elimination import IN_PLAY, end_move, next_in_play
from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_EVALUATE, SIG_LEGAL, SIG_RETURNS, kernel, np, types
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)
from tui_games.games.yavalath.constants import GRID, N_CELLS, SWAP_ACTION

MAX_ACTIONS = N_CELLS + 1
"""Every action id is below this: the cells and the swap."""
MAX_SEATS = 3
EMPTY = 0
"""An empty cell; seat p's stones hold p + 1."""
NEUTRAL, THREE, FOUR = 0, 1, 2
"""What a stone makes (:func:`stone_makes`): nothing decisive, a losing three, a winning four."""
NEIGHBOURS = GRID.neighbours
"""``NEIGHBOURS[cell, d]``: the cell one step in hex direction d (-1 past the rim); d and d + 3 are
opposite, so d = 0, 1, 2 are the board's three line directions."""

LAYOUT = StateLayout(
    "Yavalath state",
    Field("swap", 1, "1 when the pie rule is on (two seats only)"),
    Field("swapped", 1, "1 once the second seat has taken the first stone"),
    Field("free", 1, "empty cells left"),
    Field("win_cell", 1, "the stone that made the winning four, -1 if none"),
    Field("out", MAX_SEATS, "per seat: 0 in play, else 1 for the first seat out, 2 for the second"),
    Field("out_cell", MAX_SEATS, "per seat: the stone that made its losing three, -1 if none"),
    Field("cells", N_CELLS, "0 empty, p + 1 a stone of seat p; row by row from the top"),
)
"""The state array: the common header, the pie rule, counts, who is out and the cells."""
LAYOUT.export(globals())  # SWAP, SWAPPED, FREE, WIN_CELL, OUT, OUT_CELL, CELLS, STATE_SIZE


@kernel()
def initial_state(seats, swap):
    """An empty board for ``seats`` seats (2 or 3), seat 0 to move; ``swap`` 1 turns the pie rule on
    (ignored for three seats)."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = seats
    s[SWAP] = swap if seats == 2 else 0
    s[FREE] = N_CELLS
    s[WIN_CELL] = -1
    for seat in range(MAX_SEATS):
        s[OUT_CELL + seat] = -1
    return s


@kernel(types.int64(types.int64[::1], types.int64, types.int64, types.int64))
def run_from(s, cell, colour, direction):
    """How many stones of ``colour`` follow ``cell`` in a row in ``direction`` (``cell`` not counted)."""
    count = 0
    step = NEIGHBOURS[cell, direction]
    while step >= 0 and s[CELLS + step] == colour:
        count += 1
        step = NEIGHBOURS[step, direction]
    return count


@kernel(types.int64(types.int64[::1], types.int64, types.int64, types.int64))
def line_length(s, cell, colour, axis):
    """The length of the line of ``colour`` through ``cell`` along ``axis`` (0-2), counting ``cell``
    as ``colour`` whatever it holds."""
    return 1 + run_from(s, cell, colour, axis) + run_from(s, cell, colour, axis + 3)


@kernel(types.int64(types.int64[::1], types.int64, types.int64))
def stone_makes(s, cell, colour):
    """What a stone of ``colour`` on ``cell`` makes: FOUR (a line of four or more: it wins, even
    with a three beside it), THREE (a line of exactly three and no four: it loses) or NEUTRAL."""
    three = False
    for axis in range(3):
        length = line_length(s, cell, colour, axis)
        if length >= 4:
            return FOUR
        if length == 3:
            three = True
    return THREE if three else NEUTRAL


@kernel(types.boolean(types.int64[::1]))
def swap_allowed(s):
    """True when the player to move may swap (two seats, pie rule on, one stone on the board)."""
    return s[SWAP] != 0 and s[PLY] == 1 and s[PLAYER] == 1


@kernel(types.boolean(types.int64[::1]))
def blocking_applies(s):
    """True when the forced block rule is in force: three seats, none of them out, a game running."""
    if s[NUM_PLAYERS] != 3 or s[PLAYER] < 0:
        return False
    for seat in range(3):
        if s[OUT + seat] != IN_PLAY:
            return False
    return True


@kernel(types.int64(types.int64[::1], types.int64, types.int64[::1]))
def winning_cells(s, seat, out):
    """The empty cells where a stone of ``seat`` would make four, in index order, into ``out``."""
    n = 0
    colour = seat + 1
    for cell in range(N_CELLS):
        if s[CELLS + cell] == EMPTY and stone_makes(s, cell, colour) == FOUR:
            out[n] = cell
            n += 1
    return n


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """Every empty cell in index order, then the swap when allowed. Under the forced block rule, when
    the next seat has a winning cell: only the cells that block it and those where the mover wins now."""
    mover = s[PLAYER]
    if mover < 0:
        return 0
    if blocking_applies(s):
        following = (mover + 1) % 3
        if winning_cells(s, following, out) > 0:
            n = 0
            for cell in range(N_CELLS):
                if s[CELLS + cell] == EMPTY and (stone_makes(s, cell, following + 1) == FOUR or
                                                 stone_makes(s, cell, mover + 1) == FOUR):
                    out[n] = cell
                    n += 1
            return n
    n = 0
    for cell in range(N_CELLS):
        if s[CELLS + cell] == EMPTY:
            out[n] = cell
            n += 1
    if swap_allowed(s):
        out[n] = SWAP_ACTION
        n += 1
    return n


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Place the mover's stone (or swap). Four wins; three puts the mover out (ends a two-seat game,
    or a three-seat game once only one seat is left); a full board ends the game as a draw."""
    mover = s[PLAYER]
    s[PLY] += 1
    if action == SWAP_ACTION:
        for cell in range(N_CELLS):
            if s[CELLS + cell] != EMPTY:
                s[CELLS + cell] = 2
        s[SWAPPED] = 1
        s[PLAYER] = 0
        return 0
    made = stone_makes(s, action, mover + 1)
    s[CELLS + action] = mover + 1
    s[FREE] -= 1
    if made == FOUR:
        s[WIN_CELL] = action
        s[WINNER] = mover
        s[PLAYER] = TERMINAL
        return 0
    if made == THREE:
        s[OUT_CELL + mover] = action
    end_move(s, OUT, mover, made == THREE, s[FREE] == 0)
    return 0


@kernel(SIG_RETURNS)
def returns(s, out):
    """The seats' returns once the game is over (0 each while it runs); see the module docstring."""
    seats = s[NUM_PLAYERS]
    for seat in range(seats):
        out[seat] = 0.0
    if s[PLAYER] != TERMINAL:
        return seats
    winner = s[WINNER]
    for seat in range(seats):
        if winner >= 0:
            out[seat] = 1.0 if seat == winner else -1.0
        elif s[OUT + seat] != IN_PLAY:
            out[seat] = -1.0
    return seats


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A guess from the winning cells (threats) each seat has: the seat's own minus the mean of the
    other seats still in, scaled into (-0.5, 0.5); a seat already out gets its -1."""
    if s[OUT + player] != IN_PLAY:
        return -1.0
    cells = np.empty(N_CELLS, np.int64)
    mine = winning_cells(s, player, cells)
    others = 0.0
    count = 0
    for seat in range(s[NUM_PLAYERS]):
        if seat != player and s[OUT + seat] == IN_PLAY:
            others += winning_cells(s, seat, cells)
            count += 1
    if count == 0:
        return 0.0
    return (mine - others / count) / (2.0 * (N_CELLS + 1))


PLAIN, MAKES_THREE, WINS, BLOCKS, BLOCKS_WITH_THREE = 0, 1, 2, 3, 4
"""How :func:`guided_actions` sorts the moves: neither, makes a three, wins, blocks the next seat's
four, blocks it but makes a three."""


@kernel(SIG_LEGAL)
def guided_actions(s, out):
    """The legal actions the forced-move rules leave (the AI's move filter, not a rule of the game):
    a move that wins now if there is one; else the cells blocking the next seat's winning cells if it
    has any; else every move; and from the blocks or the moves, those that make no three unless all
    of them do."""
    n = legal_actions(s, out)
    if n <= 1:
        return n
    mover = s[PLAYER]
    mine = mover + 1
    theirs = next_in_play(s, OUT, mover) + 1
    kinds = np.empty(n, np.int64)
    counts = np.zeros(5, np.int64)  # of each kind: PLAIN, MAKES_THREE, WINS, BLOCKS, BLOCKS_WITH_THREE
    for i in range(n):
        action = out[i]
        made = NEUTRAL if action == SWAP_ACTION else stone_makes(s, action, mine)
        if made == FOUR:
            kinds[i] = WINS
        elif action != SWAP_ACTION and stone_makes(s, action, theirs) == FOUR:
            kinds[i] = BLOCKS_WITH_THREE if made == THREE else BLOCKS
        else:
            kinds[i] = MAKES_THREE if made == THREE else PLAIN
        counts[kinds[i]] += 1
    if counts[WINS] > 0:
        keep = WINS
    elif counts[BLOCKS] + counts[BLOCKS_WITH_THREE] > 0:
        keep = BLOCKS if counts[BLOCKS] > 0 else BLOCKS_WITH_THREE
    else:
        keep = PLAIN if counts[PLAIN] > 0 else MAKES_THREE
    kept = 0
    for i in range(n):
        if kinds[i] == keep:
            out[kept] = out[i]
            kept += 1
    return kept


@kernel(types.int64(types.int64[::1], types.int64, types.int64[::1]))
def decisive_lines(s, cell, out):
    """The stones of the lines that the stone on ``cell`` made: its four (or longer line) if it made
    one, else its threes; written into ``out`` (``cell`` once, first), returns how many."""
    colour = s[CELLS + cell]
    if colour == EMPTY:
        return 0
    want_four = stone_makes(s, cell, colour) == FOUR
    out[0] = cell
    n = 1
    for axis in range(3):
        length = line_length(s, cell, colour, axis)
        if (want_four and length >= 4) or (not want_four and length == 3):
            for direction in (axis, axis + 3):
                step = NEIGHBOURS[cell, direction]
                while step >= 0 and s[CELLS + step] == colour:
                    out[n] = step
                    n += 1
                    step = NEIGHBOURS[step, direction]
    return n
