"""Rubik's Cube state: the protocol adapter over rules.py, with read-only properties for the view.

Parameters: ``size`` 2 or 3 and ``scramble``, a move string ("R U R' F2") played on the solved
cube, or empty for a position drawn at random (every position equally likely) from the seed.
"""

from __future__ import annotations

import numpy as np

from tui_games.core.definition import GameDefinition, SeatFigures, ai_factory
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.words import counted
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.games.rubiks_cube import geometry, rules

MOVE_NAMES = geometry.MOVE_NAMES
"""'U', 'U2', "U'", 'R' ... by action (3 * face + turn)."""
SUFFIX_WORDS = {"": 0, "2": 1, "'": 2, "’": 2, "i": 2, "2'": 1, "3": 2}
"""What may follow a face letter in a move: nothing (clockwise), 2 (half), ' or i (counter-clockwise)."""
MAX_SCRAMBLE_MOVES = 200
"""The longest scramble accepted."""


def read_move(word: str) -> int | None:
    """The action a move word names ("R", "r'", "U2", "Fi"), or None if it names none."""
    word = word.strip()
    if not word or word[0].upper() not in geometry.FACES:
        return None
    turn = SUFFIX_WORDS.get(word[1:].lower())
    if turn is None:
        return None
    return 3 * geometry.FACES.index(word[0].upper()) + turn


def parse_scramble(text: str) -> list[int]:
    """The actions of a scramble like "R U R' F2"; InvalidParameterError names the first bad word."""
    words = text.replace(",", " ").split()
    if len(words) > MAX_SCRAMBLE_MOVES:
        raise InvalidParameterError(f"scramble: at most {MAX_SCRAMBLE_MOVES} moves (got {len(words)})")
    moves = []
    for word in words:
        move = read_move(word)
        if move is None:
            raise InvalidParameterError(f"scramble: {word!r} is not a move (moves are U R F D L B, each alone, "
                                        "with 2 for a half turn or ' for counter-clockwise)")
        moves.append(move)
    return moves


def random_cube(seed: int, size: int) -> np.ndarray:
    """A cube block drawn uniformly from every position of the ``size`` cube, never the solved one."""
    rng = np.random.default_rng(int(seed) & 0xFFFFFFFFFFFFFFFF)
    while True:
        cp = rng.permutation(8)
        co = rng.integers(0, 3, 8)
        co[7] = (-co[:7].sum()) % 3
        if size == 3:
            ep = rng.permutation(12)
            if geometry.parity(ep) != geometry.parity(cp):
                ep[[0, 1]] = ep[[1, 0]]
            eo = rng.integers(0, 2, 12)
            eo[11] = eo[:11].sum() % 2
        else:
            ep, eo = np.arange(12), np.zeros(12, np.int64)
        cube = np.concatenate([cp, co, ep, eo]).astype(np.int64)
        if not rules.is_solved(size, cube):
            return cube


def scrambled_cube(seed: int, params: dict) -> np.ndarray:
    """The starting cube block of a game with ``params`` (its scramble, or a random position)."""
    size = int(params["size"])
    text = str(params.get("scramble", "") or "").strip()
    if not text:
        return random_cube(seed, size)
    cube = rules.solved_cube()
    for move in parse_scramble(text):
        rules.turn(cube, move)
    if rules.is_solved(size, cube):
        raise InvalidParameterError(f"scramble: {text!r} leaves the cube solved")
    return cube


class CubeState(KernelState):
    """A Rubik's Cube position. The properties below are read-only views for the UI and the tests."""

    __slots__ = ()

    @property
    def size(self) -> int:
        """2 or 3."""
        return self.field("size")

    @property
    def cube(self) -> np.ndarray:
        """A copy of the cube block (pieces by place, their twists and flips; see rules.py)."""
        return self.array[rules.CUBE:rules.CUBE + rules.CUBE_SIZE].copy()

    @property
    def colours(self) -> list[int]:
        """The colour (face index 0-5, U R F D L B) of each facelet in Kociemba's order: 54 for a 3x3
        (centres included), 24 for a 2x2 (each face's four stickers row by row)."""
        cube = self.cube
        colours = geometry.facelets_of(cube[rules.CP:rules.CP + 8], cube[rules.CO:rules.CO + 8],
                                       cube[rules.EP:rules.EP + 12], cube[rules.EO:rules.EO + 12])
        if self.size == 2:
            return [int(colours[f]) for f in geometry.CORNER_FACELETS_2X2]
        return [int(c) for c in colours]

    @property
    def facelets(self) -> str:
        """The stickers as Kociemba's facelet string: each letter the face whose colour it has."""
        return "".join(geometry.FACES[c] for c in self.colours)

    @property
    def is_solved(self) -> bool:
        """True when every face shows a single colour."""
        return bool(rules.is_solved(self.size, self.array[rules.CUBE:rules.CUBE + rules.CUBE_SIZE]))

    @property
    def moves_made(self) -> int:
        """Face turns played since the scramble."""
        return len(self.history)

    @property
    def scramble(self) -> str:
        """The scramble as given (empty for a random position)."""
        return str(self.params.get("scramble", "") or "").strip()


def _name_action(state: KernelState, action: int) -> str:
    if not 0 <= action < geometry.NUM_MOVES:
        raise IllegalActionError(_why_illegal(state, action))
    return MOVE_NAMES[action]


def _read_action(state: KernelState, text: str) -> int:
    move = read_move(text)
    if move is not None:
        return move
    if text.strip().isdigit():
        return int(text.strip())
    raise IllegalActionError(f"{text!r} is not a move: write a face U R F D L B, with 2 for a half turn or "
                             "' for counter-clockwise (R, R2, R')")


def _why_illegal(state: KernelState, action: int) -> str:
    return (f"there is no move {action}: moves are 0-17, 3 x face (U R F D L B) + turn (0 clockwise, 1 half, "
            "2 counter-clockwise)")


def net_lines(state: CubeState) -> list[str]:
    """The unfolded net as text, one face letter per sticker (U on top, then L F R B, then D)."""
    n = state.size
    colours = state.colours
    faces = [[geometry.FACES[c] for c in colours[f * n * n:(f + 1) * n * n]] for f in range(6)]

    def row(face: int, r: int) -> str:
        return "".join(faces[face][r * n:(r + 1) * n])

    pad = " " * (n + 1)
    lines = [pad + row(geometry.U, r) for r in range(n)]
    lines += [" ".join(row(f, r) for f in (geometry.L, geometry.F, geometry.R, geometry.B)) for r in range(n)]
    lines += [pad + row(geometry.D, r) for r in range(n)]
    return lines


def _observe(state: KernelState, player: int) -> str:
    status = "solved" if state.is_solved else counted(state.moves_made, "move")
    return "\n".join(net_lines(state) + [status])


def _initial(seed: int, params: dict):
    return rules.initial_state(int(params["size"]), scrambled_cube(seed, params))


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)
"""The kernels and Python hooks the generic state adapter and the engine use for the cube."""


def figures(state: CubeState, seat: int) -> SeatFigures:
    """The solve's length in moves, for the statistics (its time comes from the match's clock)."""
    return SeatFigures(moves=state.moves_made)


def result_text(state: CubeState) -> str:
    """'Solved in 23 moves'."""
    return f"Solved in {counted(state.moves_made, 'move')}"


DEFINITION = GameDefinition(
    state_class=CubeState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.rubiks_cube.ai"),
    result_text=result_text, figures=figures,
)
"""The game as the catalogue plays it."""
