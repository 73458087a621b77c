"""Rubik's Cube rules as jitted kernels: the only implementation of a turn, used by the UI, the tests
and every solver.

State: the common header, the cube's size (2 or 3), then the position as pieces (``cp co ep eo``,
see :mod:`~tui_games.games.rubiks_cube.geometry`): which corner and edge sits in each place and how it
is twisted or flipped. A 2x2 uses the corners alone (its edges stay put). Actions 0-17: face
U R F D L B (f = 0-5) and turn k (0 clockwise, 1 half, 2 counter-clockwise) as ``3 * f + k``; every
turn is legal until the cube is solved, which ends the game (seat 0's return is then 1).
"""

from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_EVALUATE, SIG_LEGAL, SIG_RETURNS, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)
from tui_games.games.rubiks_cube.geometry import (MOVE_CO, MOVE_CP, MOVE_EO, MOVE_EP, NUM_MOVES, SOLVED_2X2_CO,
                                                  SOLVED_2X2_CP)

CP, CO, EP, EO = 0, 8, 16, 28
"""Offsets of the corner places, corner twists, edge places and edge flips within a cube block."""
CUBE_SIZE = 40
"""Slots of a cube block: 8 + 8 + 12 + 12."""

LAYOUT = StateLayout(
    "Rubik's Cube state",
    Field("size", 1, "2 or 3: a 2x2 (corners only) or a 3x3"),
    Field("cube", CUBE_SIZE, "corner pieces by place (8), their twists (8), edge pieces by place (12), their flips (12)"),
)
"""The state array: the common header, the size, the cube block."""
LAYOUT.export(globals())  # SIZE, CUBE, STATE_SIZE
MAX_ACTIONS = NUM_MOVES
"""Every turn of every face is legal until the cube is solved: 18 actions."""


@kernel()
def turn(cube, move):
    """Play ``move`` (0-17) on the cube block ``cube`` in place."""
    old = cube.copy()
    for i in range(8):
        source = MOVE_CP[move, i]
        cube[CP + i] = old[CP + source]
        cube[CO + i] = (old[CO + source] + MOVE_CO[move, i]) % 3
    for i in range(12):
        source = MOVE_EP[move, i]
        cube[EP + i] = old[EP + source]
        cube[EO + i] = (old[EO + source] + MOVE_EO[move, i]) % 2
    return 0


@kernel()
def solved_cube():
    """The cube block of the solved cube."""
    cube = np.zeros(CUBE_SIZE, dtype=np.int64)
    for i in range(8):
        cube[CP + i] = i
    for i in range(12):
        cube[EP + i] = i
    return cube


@kernel()
def is_solved(size, cube):
    """True when every face shows one colour: a 3x3 (whose centres never move) is then back at the
    start; a 2x2 (no centres) may be solved in any of its 24 orientations."""
    if size == 3:
        for i in range(8):
            if cube[CP + i] != i or cube[CO + i] != 0:
                return False
        for i in range(12):
            if cube[EP + i] != i or cube[EO + i] != 0:
                return False
        return True
    for r in range(SOLVED_2X2_CP.shape[0]):
        same = True
        for i in range(8):
            if cube[CP + i] != SOLVED_2X2_CP[r, i] or cube[CO + i] != SOLVED_2X2_CO[r, i]:
                same = False
                break
        if same:
            return True
    return False


@kernel()
def initial_state(size, cube):
    """A game on the ``size`` cube starting at the position ``cube`` (a cube block)."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 1
    s[SIZE] = size
    s[CUBE:CUBE + CUBE_SIZE] = cube
    if is_solved(size, cube):
        s[PLAYER] = TERMINAL
        s[WINNER] = 0
    return s


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """All 18 turns while the cube is unsolved; none once solved."""
    if s[PLAYER] == TERMINAL:
        return 0
    for move in range(NUM_MOVES):
        out[move] = move
    return NUM_MOVES


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Turn a face; the game ends when the cube is solved."""
    turn(s[CUBE:CUBE + CUBE_SIZE], action)
    s[PLY] += 1
    if is_solved(s[SIZE], s[CUBE:CUBE + CUBE_SIZE]):
        s[PLAYER] = TERMINAL
        s[WINNER] = 0
    return 0


@kernel(SIG_RETURNS)
def returns(s, out):
    """1 once the cube is solved, 0 before."""
    out[0] = 1.0 if s[WINNER] == 0 else 0.0
    return 1


@kernel()
def pieces_home(size, cube):
    """How many pieces sit in their own place, turned the right way (a 2x2 counts its 8 corners)."""
    home = 0
    for i in range(8):
        if cube[CP + i] == i and cube[CO + i] == 0:
            home += 1
    if size == 3:
        for i in range(12):
            if cube[EP + i] == i and cube[EO + i] == 0:
                home += 1
    return home


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A rough measure of progress: the share of pieces already home (1 when solved)."""
    if s[PLAYER] == TERMINAL:
        return 1.0
    total = 8 if s[SIZE] == 2 else 20
    return pieces_home(s[SIZE], s[CUBE:CUBE + CUBE_SIZE]) / total
