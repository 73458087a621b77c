"""The 2x2 (pocket cube) solvers: optimal by its full distance table, and a two-phase one.

A 2x2 has no centres, so turning D is turning U and the whole cube. Every position is first seen
from the one whole-cube rotation that brings corner DBL home and untwisted (:func:`held`); from there
U, R and F turns (actions 0-8) suffice, and the table of :mod:`~tui_games.games.rubiks_cube.tables`
gives every position's distance in face turns (at most 11). Walking down that table move by move gives
an optimal solution; it is then said in the faces of the cube as it lies (:func:`unheld_moves`).
"""

from __future__ import annotations

import numpy as np

from tui_games.games.rubiks_cube import geometry
from tui_games.games.rubiks_cube.coords import POCKET_PERM, POCKET_TWIST, coordinate
from tui_games.games.rubiks_cube.rules import CO, CP, CUBE_SIZE
from tui_games.games.rubiks_cube.tables import POCKET_MOVES, POCKET_PHASE2_MOVES, PocketTables, pocket_tables

TWISTS = 729
"""Values of the held 2x2's twist coordinate (its index is ``perm * TWISTS + twist``)."""
_DBL = tuple(geometry.facelet(name) for name in ("D7", "B9", "L7"))


def held(cube: np.ndarray) -> tuple[int, np.ndarray]:
    """(rotation, block): the 2x2 in ``cube`` turned as a whole by the rotation that brings corner
    DBL to its place untwisted, and that rotation's index in ``geometry.ROTATIONS``."""
    edges = np.arange(12, dtype=np.int64), np.zeros(12, np.int64)
    colours = geometry.facelets_of(cube[CP:CP + 8], cube[CO:CO + 8], *edges)
    for rotation, perm in enumerate(geometry.ROTATIONS):
        turned = geometry.moved_facelets(colours, perm)
        if tuple(int(turned[f]) for f in _DBL) == (geometry.D, geometry.B, geometry.L):
            cp, co, ep, eo = geometry.pieces_of(turned, with_edges=False)
            return rotation, np.concatenate([cp, co, ep, eo]).astype(np.int64)
    raise geometry.NotACube("no rotation brings corner DBL home")


def unheld_moves(rotation: int, moves: list[int]) -> list[int]:
    """``moves`` found on the cube turned by ``rotation``, as the faces of the cube as it lies."""
    onto = geometry.rotation_faces(rotation)
    back = {int(onto[face]): face for face in range(6)}
    return [3 * back[m // 3] + m % 3 for m in moves]


def pocket_index(block: np.ndarray) -> tuple[int, int]:
    """(permutation, twist) coordinates of a held 2x2 (corner DBL home)."""
    return int(coordinate(POCKET_PERM, block)), int(coordinate(POCKET_TWIST, block))


def distance(tables: PocketTables, cube: np.ndarray) -> int:
    """The fewest face turns that solve the 2x2 ``cube`` (its cube block)."""
    _, block = held(cube)
    perm, twist = pocket_index(block)
    return int(tables.distance[perm * TWISTS + twist])


def optimal_solution(tables: PocketTables, cube: np.ndarray) -> list[int]:
    """A shortest solution in face turns (actions) of the 2x2 ``cube``."""
    rotation, block = held(cube)
    perm, twist = pocket_index(block)
    moves = []
    left = int(tables.distance[perm * TWISTS + twist])
    while left > 0:
        for m in range(len(POCKET_MOVES)):
            p, t = int(tables.perm_move[perm, m]), int(tables.twist_move[twist, m])
            if tables.distance[p * TWISTS + t] == left - 1:
                moves.append(int(POCKET_MOVES[m]))
                perm, twist, left = p, t, left - 1
                break
    return unheld_moves(rotation, moves)


def two_phase_solution(tables: PocketTables, cube: np.ndarray) -> list[int]:
    """A solution by two phases: twist every corner right (fewest moves), then put the corners in
    place with U and half turns of R and F (fewest moves); not always the shortest in all."""
    rotation, block = held(cube)
    perm, twist = pocket_index(block)
    moves = []
    while tables.twist_distance[twist] > 0:
        left = tables.twist_distance[twist]
        m = next(m for m in range(len(POCKET_MOVES)) if tables.twist_distance[tables.twist_move[twist, m]] == left - 1)
        moves.append(int(POCKET_MOVES[m]))
        perm, twist = int(tables.perm_move[perm, m]), int(tables.twist_move[twist, m])
    while tables.perm2_distance[perm] > 0:
        left = tables.perm2_distance[perm]
        m = next(m for m in range(len(POCKET_PHASE2_MOVES))
                 if tables.perm2_distance[tables.perm2_move[perm, m]] == left - 1)
        moves.append(int(POCKET_PHASE2_MOVES[m]))
        perm = int(tables.perm2_move[perm, m])
    return unheld_moves(rotation, moves)


class PocketSolver:
    """The 2x2's solvers over its tables (built or loaded on first use)."""

    def __init__(self, tables: PocketTables | None = None) -> None:
        self.tables = tables or pocket_tables()

    def optimal(self, cube: np.ndarray) -> list[int]:
        """A shortest solution (face turns)."""
        return optimal_solution(self.tables, np.asarray(cube[:CUBE_SIZE], dtype=np.int64))

    def two_phase(self, cube: np.ndarray) -> list[int]:
        """The two-phase solution (orientation first, then permutation)."""
        return two_phase_solution(self.tables, np.asarray(cube[:CUBE_SIZE], dtype=np.int64))
