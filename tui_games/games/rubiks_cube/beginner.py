"""The beginner's method, layer by layer, each step with the words a beginner's guide would use.

The colours: U yellow, R orange, F green, D white, L red, B blue (white opposite yellow, green
opposite blue). The first layer is built on the white (D) face, so the algorithms of the last layer
are the usual ones, done with the yellow face up and the green face in front:

1. **White cross**: the four white edges home (the shortest way, from a table of every cross).
2. **First layer corners**: each white corner brought above its place with U turns, then
   ``R U R' U'`` repeated (seen from the side whose right-hand corner it is) until it sits right;
   a corner stuck in the wrong bottom place is first taken out the same way.
3. **Second layer**: each middle edge brought over its colour with U turns, then inserted to the
   right (``U R U' R' U' F' U F``) or to the left (``U' L' U L U F U' F'``).
4. **Yellow cross**: ``F R U R' U' F'`` (after the right U turn) until the top edges all show yellow.
5. **Yellow edges**: ``R U R' U R U2 R' U`` swaps top edges until each matches its side.
6. **Yellow corners in place**: ``U R U' L' U R' U' L`` cycles three top corners.
7. **Yellow corners turned**: ``R' D' R D`` twice at a time on the front-right top corner until its
   yellow is on top, then U to bring the next one; the lower layers come back by themselves.

Steps 3-6 try the algorithm from each side (and U turns before it) in turn and keep the shortest
sequence that reaches the step's goal without undoing an earlier one. A 2x2 is the same without
edges: its first layer grows from corner DBL (white-blue-red), then steps 6 and 7.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from tui_games.games.rubiks_cube import geometry
from tui_games.games.rubiks_cube.coords import CROSS, coordinate
from tui_games.games.rubiks_cube.pocket import held, unheld_moves
from tui_games.games.rubiks_cube.rules import CO, CP, CUBE_SIZE, EO, EP, turn
from tui_games.games.rubiks_cube.tables import CrossTable, cross_table

COLOUR_NAMES = ("yellow", "orange", "green", "white", "red", "blue")
"""The colour of each face's stickers (U R F D L B)."""
Y_TURN = {"F": "R", "R": "B", "B": "L", "L": "F", "U": "U", "D": "D"}
"""An algorithm written with the green face in front, as seen with the next side (to the right) in front."""

FIRST_LAYER_EDGES = (4, 5, 6, 7)
FIRST_LAYER_CORNERS = (4, 5, 6, 7)
MIDDLE_EDGES = (8, 9, 10, 11)
TOP_EDGES = (0, 1, 2, 3)
CORNER_ABOVE = {4: 0, 7: 3, 6: 2, 5: 1}
"""The top corner place above each bottom corner place (DFR under URF ...)."""
CORNER_TRIGGER = {4: "R U R' U'", 7: "B U B' U'", 6: "L U L' U'", 5: "F U F' U'"}
"""The move that lifts a bottom corner place's piece up and puts the piece above it in (repeated)."""
SIDE_NAMES = {"F": "green", "R": "orange", "B": "blue", "L": "red"}


def parse_moves(text: str) -> list[int]:
    """Actions of a move string like "R U R' U2"."""
    moves = []
    for token in text.split():
        face = geometry.FACES.index(token[0])
        suffix = token[1:]
        moves.append(3 * face + geometry.TURN_SUFFIXES.index(suffix))
    return moves


def moves_text(moves) -> str:
    """"R U R' U2" for a list of actions."""
    return " ".join(geometry.MOVE_NAMES[m] for m in moves)


def turned_text(text: str, sides: int) -> str:
    """The algorithm ``text`` (green in front) as done with the side ``sides`` steps to the right in front."""
    for _ in range(sides):
        text = " ".join(Y_TURN[token[0]] + token[1:] for token in text.split())
    return text


def merged(moves: list[int]) -> list[int]:
    """``moves`` with turns of one face in a row added up (R R becomes R2, R R' nothing)."""
    out: list[int] = []
    for move in moves:
        if out and out[-1] // 3 == move // 3:
            quarter = ((out[-1] % 3) + 1 + (move % 3) + 1) % 4
            out.pop()
            if quarter:
                out.append(3 * (move // 3) + quarter - 1)
        else:
            out.append(move)
    return out


def corner_name(piece: int) -> str:
    """'white-green-orange' for corner piece ``piece``."""
    return "-".join(COLOUR_NAMES[c] for c in geometry.CORNER_COLOURS[piece])


def edge_name(piece: int) -> str:
    """'green-orange' for edge piece ``piece``."""
    return "-".join(COLOUR_NAMES[c] for c in geometry.EDGE_COLOURS[piece])


@dataclass(frozen=True)
class Step:
    """One step of the method: which stage (1-7), its name, what to do in words, and the moves."""

    stage: int
    title: str
    text: str
    moves: tuple[int, ...]


STAGES = ("White cross", "First layer corners", "Second layer", "Yellow cross", "Yellow edges",
          "Yellow corners in place", "Yellow corners turned")
"""The seven stages' names (a 2x2 has stages 2, 6 and 7)."""


class _Cube:
    """A position being solved: its cube block and the steps that led there."""

    def __init__(self, block: np.ndarray, with_edges: bool = True) -> None:
        self.block = np.array(block[:CUBE_SIZE], dtype=np.int64)
        self.with_edges = with_edges
        self.steps: list[Step] = []

    def play(self, moves) -> None:
        for move in moves:
            turn(self.block, move)

    def after(self, moves) -> np.ndarray:
        block = self.block.copy()
        for move in moves:
            turn(block, move)
        return block

    def record(self, stage: int, text: str, moves: list[int]) -> None:
        moves = merged(list(moves))
        self.play(moves)
        if moves:
            self.steps.append(Step(stage, STAGES[stage - 1], text, tuple(moves)))


def corner_home(block: np.ndarray, piece: int) -> bool:
    """True when corner ``piece`` is in its place, untwisted."""
    return block[CP + piece] == piece and block[CO + piece] == 0


def edge_home(block: np.ndarray, piece: int) -> bool:
    """True when edge ``piece`` is in its place, unflipped."""
    return block[EP + piece] == piece and block[EO + piece] == 0


def _all_home(block, corners=(), edges=()) -> bool:
    return all(corner_home(block, c) for c in corners) and all(edge_home(block, e) for e in edges)


def _where_corner(block, piece) -> int:
    return int(np.flatnonzero(block[CP:CP + 8] == piece)[0])


# ----- stage 1: the cross, the shortest way --------------------------------------------------------
def _cross(cube: _Cube, table: CrossTable) -> None:
    moves = []
    block = cube.block.copy()
    left = int(table.distance[coordinate(CROSS, block)])
    while left > 0:
        for move in range(18):
            trial = block.copy()
            turn(trial, move)
            if table.distance[coordinate(CROSS, trial)] == left - 1:
                moves.append(move)
                block, left = trial, left - 1
                break
    names = ", ".join(edge_name(e) for e in FIRST_LAYER_EDGES)
    cube.record(1, f"Bring the white edges ({names}) to the bottom, each beside its own centre.", moves)


# ----- stage 2: first layer corners -----------------------------------------------------------------
def _corner_moves(block: np.ndarray, piece: int) -> tuple[list[int], str]:
    """The moves that put corner ``piece`` home without disturbing a finished bottom piece, and why."""
    moves: list[int] = []
    words = []
    place = _where_corner(block, piece)
    work = block.copy()
    if place >= 4:
        lift = parse_moves(CORNER_TRIGGER[place])
        moves += lift
        words.append(f"take it out of the bottom with {CORNER_TRIGGER[place]}")
        for m in lift:
            turn(work, m)
        place = _where_corner(work, piece)
    target = CORNER_ABOVE[piece]
    quarter = (target - place) % 4
    if quarter:
        setup = 3 * geometry.U + quarter - 1
        moves.append(setup)
        turn(work, setup)
        words.append(f"turn {geometry.MOVE_NAMES[setup]} to bring it above its place")
    trigger = parse_moves(CORNER_TRIGGER[piece])
    repeats = 0
    while not corner_home(work, piece):
        for m in trigger:
            turn(work, m)
        moves += trigger
        repeats += 1
        if repeats > 6:
            raise AssertionError("the corner trigger does not bring the corner home")
    words.append(f"repeat {CORNER_TRIGGER[piece]} {repeats} time{'s' if repeats != 1 else ''}")
    return moves, ", ".join(words)


def _first_layer_corners(cube: _Cube, corners=FIRST_LAYER_CORNERS) -> None:
    left = [c for c in corners if not corner_home(cube.block, c)]
    while left:
        options = [(_corner_moves(cube.block, c), c) for c in left]
        (moves, words), piece = min(options, key=lambda option: len(merged(option[0][0])))
        cube.record(2, f"Corner {corner_name(piece)}: {words}.", moves)
        left.remove(piece)


# ----- stages 3-6: a goal reached by algorithms after U turns ---------------------------------------
def _shortest(cube: _Cube, macros: list[tuple[str, list[int]]], depth: int, goal, finish=((("", []),))):
    """The shortest (in moves) sequence of at most ``depth`` macros (name, moves), no two U turns in a
    row, then one of ``finish``, after which ``goal(block)`` holds; (names, moves) or None."""
    best = None
    for count in range(depth + 1):
        for sequence in itertools.product(range(len(macros)), repeat=count):
            if any(macros[a][0] in U_NAMES and macros[b][0] in U_NAMES for a, b in zip(sequence, sequence[1:])):
                continue
            moves = [m for i in sequence for m in macros[i][1]]
            for name, last in finish:
                total = merged(moves + last)
                if best is not None and len(total) >= len(best[1]):
                    continue
                if goal(cube.after(moves + last)):
                    best = ([macros[i][0] for i in sequence] + ([name] if name else []), total)
        if best is not None:
            return best
    return None


U_NAMES = ("U", "U2", "U'")
U_TURNS = [(name, parse_moves(name)) for name in U_NAMES]


def _from_each_side(text: str) -> list[tuple[str, list[int]]]:
    return [(f"{turned_text(text, side)} ({SIDE_NAMES[Y_TURN_FRONT[side]]} in front)",
             parse_moves(turned_text(text, side))) for side in range(4)]


Y_TURN_FRONT = ("F", "R", "B", "L")
RIGHT_INSERT = "U R U' R' U' F' U F"
LEFT_INSERT = "U' L' U L U F U' F'"
ORIENT_EDGES = "F R U R' U' F'"
SWAP_EDGES = "R U R' U R U2 R' U"
CYCLE_CORNERS = "U R U' L' U R' U' L"
TWIST_CORNER = "R' D' R D R' D' R D"


def _describe(names: list[str]) -> str:
    return ", then ".join(names) if names else "nothing"


def _second_layer(cube: _Cube) -> None:
    first = dict(corners=FIRST_LAYER_CORNERS, edges=FIRST_LAYER_EDGES)
    inserts = _from_each_side(RIGHT_INSERT) + _from_each_side(LEFT_INSERT)
    done = [e for e in MIDDLE_EDGES if edge_home(cube.block, e)]
    while len(done) < 4:
        options = []
        for piece in (e for e in MIDDLE_EDGES if e not in done):
            keep = tuple(done) + (piece,)
            found = _shortest(cube, U_TURNS + inserts, 3,
                              lambda b, keep=keep: _all_home(b, first["corners"], first["edges"] + keep))
            if found is not None:
                options.append((len(found[1]), piece, found))
        if not options:
            raise AssertionError("no second-layer insertion found")
        _, piece, (names, moves) = min(options)
        cube.record(3, f"Edge {edge_name(piece)}: {_describe(names)}.", moves)
        done.append(piece)


def _f2l_home(block) -> bool:
    return _all_home(block, FIRST_LAYER_CORNERS, FIRST_LAYER_EDGES + MIDDLE_EDGES)


def _top_edges_yellow(block) -> bool:
    return _f2l_home(block) and all(block[EO + e] == 0 for e in TOP_EDGES)


def _top_edges_home(block) -> bool:
    return _f2l_home(block) and all(edge_home(block, e) for e in TOP_EDGES)


def _top_corners_placed(block) -> bool:
    return _top_edges_home(block) and all(block[CP + c] == c for c in range(4))


def _last_layer(cube: _Cube) -> None:
    orient = [(f"{ORIENT_EDGES}", parse_moves(ORIENT_EDGES))]
    found = _shortest(cube, U_TURNS + orient, 5, _top_edges_yellow)
    cube.record(4, f"Make the yellow cross on top: {_describe(found[0])}.", found[1])
    finish = [("", [])] + [(f"{name} to line the edges up", moves) for name, moves in U_TURNS]
    found = _shortest(cube, U_TURNS + [(SWAP_EDGES, parse_moves(SWAP_EDGES))], 3, _top_edges_home, finish)
    cube.record(5, f"Match the yellow edges with their sides: {_describe(found[0])}.", found[1])
    _place_top_corners(cube, stage=6)
    _turn_top_corners(cube, stage=7)


def _place_top_corners(cube: _Cube, stage: int, goal=_top_corners_placed, with_u: bool = False) -> None:
    cycles = _from_each_side(CYCLE_CORNERS)
    macros = (U_TURNS if with_u else []) + cycles
    finish = [("", [])] + ([(f"{n} to line them up", m) for n, m in U_TURNS] if with_u else [])
    found = _shortest(cube, macros, 3 if with_u else 2, goal, finish)
    if found is None:
        raise AssertionError("the top corners cannot be placed by three-cycles")
    cube.record(stage, f"Put the yellow corners in their places: {_describe(found[0])}.", found[1])


def _turn_top_corners(cube: _Cube, stage: int) -> None:
    moves: list[int] = []
    work = cube.block.copy()
    twist = parse_moves(TWIST_CORNER)
    twisted = 0
    for _ in range(4):
        if work[CO + 0] != 0:
            twisted += 1
        while work[CO + 0] != 0:
            for m in twist:
                turn(work, m)
            moves += twist
        turn(work, 0)  # U: the next top corner comes to the front right
        moves.append(0)
    finish = next((k for k in range(4) if _solved_after(work, k, cube.with_edges)), 0)
    if finish:
        moves.append(3 * geometry.U + finish - 1)
    cube.record(stage, f"Turn the yellow corners: at the front-right top corner do {TWIST_CORNER} until its "
                f"yellow is on top, then U to bring the next ({twisted} corner{'s' if twisted != 1 else ''} to "
                "turn); the lower layers come back at the end; a last U turn lines the top up.", moves)


def _solved_after(block: np.ndarray, quarters: int, with_edges: bool = True) -> bool:
    work = block.copy()
    if quarters:
        turn(work, 3 * geometry.U + quarters - 1)
    corners = bool(np.all(work[CP:CP + 8] == np.arange(8)) and not work[CO:CO + 8].any())
    return corners and (not with_edges or bool(np.all(work[EP:EP + 12] == np.arange(12))
                                                and not work[EO:EO + 12].any()))


def _unheld_text(rotation: int, text: str) -> str:
    """``text`` with every move in it (a word like R, U2 or F') named by the faces of the cube as it lies."""
    def unheld(word: str) -> str:
        core = word.rstrip(".,;:()")
        if core and core[0] in geometry.FACES and core[1:] in geometry.TURN_SUFFIXES:
            move = unheld_moves(rotation, parse_moves(core))[0]
            return geometry.MOVE_NAMES[move] + word[len(core):]
        return word
    return " ".join(unheld(word) for word in text.split(" "))


def _pocket_corners_placed(block) -> bool:
    return _all_home(block, FIRST_LAYER_CORNERS) and all(block[CP + c] == c for c in range(4))


class BeginnerSolver:
    """The beginner's method for the 3x3 and the 2x2 (see the module notes)."""

    def __init__(self, table: CrossTable | None = None) -> None:
        self.table = table

    def steps(self, cube: np.ndarray, size: int) -> list[Step]:
        """Every step from the position ``cube`` (a cube block) to solved, in order."""
        if size == 2:
            return self._pocket_steps(np.asarray(cube, dtype=np.int64))
        if self.table is None:
            self.table = cross_table()
        work = _Cube(cube)
        _cross(work, self.table)
        _first_layer_corners(work)
        _second_layer(work)
        _last_layer(work)
        if not _solved_after(work.block, 0):
            raise AssertionError("the beginner's method did not solve the cube")
        return work.steps

    def _pocket_steps(self, cube: np.ndarray) -> list[Step]:
        rotation, block = held(cube)
        work = _Cube(block, with_edges=False)
        _first_layer_corners(work, corners=(4, 5, 7))
        _place_top_corners(work, stage=6, goal=_pocket_corners_placed, with_u=True)
        _turn_top_corners(work, stage=7)
        if not _solved_after(work.block, 0, with_edges=False):
            raise AssertionError("the beginner's method did not solve the 2x2")
        return [Step(s.stage, s.title, _unheld_text(rotation, s.text), tuple(unheld_moves(rotation, list(s.moves))))
                for s in work.steps]

    def solution(self, cube: np.ndarray, size: int) -> list[int]:
        """All the steps' moves in one list."""
        return [m for step in self.steps(cube, size) for m in step.moves]

