"""Kociemba's two-phase method for the 3x3, as one jitted search.

Phase 1 turns the cube into the subgroup H = <U, D, R2, L2, F2, B2>: every corner twisted right,
every edge flipped right, the four middle edges in the middle layer (TWIST, FLIP and the slice
coordinate all 0). Phase 2 solves within H using only H's ten moves. Both phases are iterative-
deepening depth-first searches cut by distance tables (a branch ends when the moves left cannot reach
the phase's goal). Phase 1 is searched at growing depths, and every phase-1 solution is handed to
phase 2 with the moves a shorter total still allows, so the total keeps shrinking for as long as
the search may run; it stops at the first total within ``target`` moves, when stopped (the control
array of :mod:`tui_games.engine.stopflag`), or when no shorter total can exist.

Two cuts keep the search from visiting the same sequences twice: no face turns twice in a row, and
of two opposite faces turned one after the other only one order is tried (U before D, R before L,
F before B). A phase-1 solution must end with a quarter turn of R, L, F or B (else dropping its last
move would be a shorter one, tried already).
"""

from __future__ import annotations

import threading

import numpy as np

from tui_games.engine.jit import kernel
from tui_games.engine.stopflag import NODES, POLL_NODES, StopFlag, should_stop
from tui_games.games.rubiks_cube.coords import CORNERS, FLIP, SLICE_COUNT, SLICE_SORTED, TWIST, UD_EDGES, coordinate
from tui_games.games.rubiks_cube.rules import CO, CP, CUBE_SIZE, EO, EP, solved_cube, turn
from tui_games.games.rubiks_cube.tables import PHASE2_MOVES, TwoPhaseTables, two_phase_tables

MAX_LENGTH = 30
"""The longest solution the search is asked for (every position has one of 20 moves or fewer)."""
PHASE2_LIMIT = 10
"""The longest phase-2 finish tried for one phase-1 solution (Kociemba's own programs use 10: longer
finishes rarely beat what a longer phase 1 gives, and searching for them costs much time)."""
NOT_FOUND = -1
"""What the search returns when it found nothing (stopped first, or nothing within the limit)."""


@kernel()
def skips(face, previous):
    """True when turning ``face`` right after ``previous`` (-1: none) repeats a face or tries the
    second order of two opposite faces."""
    if previous < 0:
        return False
    return face == previous or face == previous - 3


@kernel()
def phase_two(cube, t, limit, path1, length1, out):
    """The shortest phase-2 finish (at most ``limit`` moves) of ``cube`` turned by ``path1[:length1]``,
    written to ``out``; its length, or NOT_FOUND. ``t`` holds the tables (see :func:`solve_cube`)."""
    corners_move, edges_move, order_move, corners_distance, edges_distance, control, counters = t
    counters[1] += 1
    block = cube.copy()
    for i in range(length1):
        turn(block, path1[i])
    corners = np.empty(32, np.int64)
    edges = np.empty(32, np.int64)
    order = np.empty(32, np.int64)
    tried = np.empty(32, np.int64)
    path = np.empty(32, np.int64)
    corners[0] = coordinate(CORNERS, block)
    edges[0] = coordinate(UD_EDGES, block)
    order[0] = coordinate(SLICE_SORTED, block)
    estimate = max(corners_distance[corners[0] * 24 + order[0]], edges_distance[edges[0] * 24 + order[0]])
    last_face = path1[length1 - 1] // 3 if length1 > 0 else -1
    for depth in range(estimate, limit + 1):
        d = 0
        tried[0] = 0
        while d >= 0:
            if d == depth:
                for i in range(depth):
                    out[i] = PHASE2_MOVES[path[i]]
                return depth
            i = tried[d]
            if i >= PHASE2_MOVES.shape[0]:
                d -= 1
                continue
            tried[d] = i + 1
            face = PHASE2_MOVES[i] // 3
            if skips(face, PHASE2_MOVES[path[d - 1]] // 3 if d > 0 else last_face):
                continue
            c = corners_move[corners[d], i]
            e = edges_move[edges[d], i]
            o = order_move[order[d], i]
            counters[0] += 1
            counters[2] += 1
            if corners_distance[c * 24 + o] > depth - d - 1 or edges_distance[e * 24 + o] > depth - d - 1:
                continue
            path[d] = i
            corners[d + 1], edges[d + 1], order[d + 1] = c, e, o
            d += 1
            tried[d] = 0
    return NOT_FOUND


@kernel()
def solve_cube(cube, twist_move, flip_move, slice_move, twist_distance, flip_distance, twist_flip_distance, phase2,
               max_length, target, control, out):
    """The shortest solution the two-phase search finds for the cube block ``cube`` within
    ``max_length`` moves, written to ``out``; its length, or NOT_FOUND. Stops at the first solution of
    at most ``target`` moves, when ``control`` says stop, or when the search is complete (then the
    answer is the shortest two-phase solution there is). ``phase2`` is the tuple of phase 2's tables,
    the control array and a counter array (positions visited, phase-2 searches, their positions)."""
    counters = phase2[6]
    twists = np.empty(32, np.int64)
    flips = np.empty(32, np.int64)
    slices = np.empty(32, np.int64)
    tried = np.empty(32, np.int64)
    path = np.empty(32, np.int64)
    finish = np.empty(32, np.int64)
    twists[0] = coordinate(TWIST, cube)
    flips[0] = coordinate(FLIP, cube)
    slices[0] = coordinate(SLICE_SORTED, cube) // 24
    best = max_length + 1
    estimate = max(twist_distance[twists[0] * SLICE_COUNT + slices[0]],
                   flip_distance[flips[0] * SLICE_COUNT + slices[0]], twist_flip_distance[twists[0] * 2048 + flips[0]])
    depth = estimate
    polled = counters[0]
    while depth < best:
        d = 0
        tried[0] = 0
        while d >= 0:
            if counters[0] - polled >= POLL_NODES:
                polled = counters[0]
                if should_stop(control, counters[0]):
                    return best if best <= max_length else NOT_FOUND
            if d == depth:
                last = path[depth - 1] if depth > 0 else -1
                if depth == 0 or not (last // 3 == 0 or last // 3 == 3 or last % 3 == 1):
                    found = phase_two(cube, phase2, min(best - 1 - depth, PHASE2_LIMIT), path, depth, finish)
                    if found >= 0:
                        best = depth + found
                        for i in range(depth):
                            out[i] = path[i]
                        for i in range(found):
                            out[depth + i] = finish[i]
                        if best <= target:
                            return best
                d -= 1
                continue
            m = tried[d]
            if m >= 18:
                d -= 1
                continue
            tried[d] = m + 1
            if skips(m // 3, path[d - 1] // 3 if d > 0 else -1):
                continue
            t = twist_move[twists[d], m]
            f = flip_move[flips[d], m]
            s = slice_move[slices[d], m]
            counters[0] += 1
            left = depth - d - 1
            if (twist_distance[t * SLICE_COUNT + s] > left or flip_distance[f * SLICE_COUNT + s] > left
                    or twist_flip_distance[t * 2048 + f] > left):
                continue
            path[d] = m
            twists[d + 1], flips[d + 1], slices[d + 1] = t, f, s
            d += 1
            tried[d] = 0
        depth += 1
    return best if best <= max_length else NOT_FOUND


@kernel()
def inverse_cube(cube):
    """The cube block of the inverse position: the moves that solve it, reversed and each turned the
    other way, solve ``cube`` (and the other way round)."""
    inverse = np.empty(CUBE_SIZE, np.int64)
    for i in range(8):
        inverse[CP + cube[CP + i]] = i
        inverse[CO + cube[CP + i]] = (3 - cube[CO + i]) % 3
    for i in range(12):
        inverse[EP + cube[EP + i]] = i
        inverse[EO + cube[EP + i]] = cube[EO + i]
    return inverse


def inverse_moves(moves: list[int]) -> list[int]:
    """The moves that undo ``moves``: reversed, each turned the other way (U <-> U', U2 stays)."""
    return [3 * (m // 3) + 2 - m % 3 for m in reversed(moves)]


class TwoPhaseSolver:
    """Solutions of 3x3 positions by the two-phase search; :meth:`stop` aborts one from any thread.

    Each :meth:`solve` searches the position and its inverse at once, in two threads (the kernels
    release the GIL): the inverse often has a short two-phase solution where the position has not,
    and the first of the two to reach the target stops the other (as Kociemba's own solver searches
    several directions at once)."""

    def __init__(self, tables: TwoPhaseTables | None = None) -> None:
        self.tables = tables or two_phase_tables()
        self.stop_flag = StopFlag()
        self.counters = np.zeros(3, np.int64)
        """After a search: positions visited, phase-2 searches started, positions those visited
        (both directions together)."""
        self.solve(solved_cube(), seconds=None)  # compiles (or loads) the search before any deadline

    def stop(self) -> None:
        """Make a running :meth:`solve` return its best solution so far."""
        self.stop_flag.set()

    @property
    def nodes(self) -> int:
        """Positions the last :meth:`solve` visited."""
        return int(self.counters[0])

    def _search(self, block: np.ndarray, target: int, max_length: int, counters: np.ndarray) -> list[int] | None:
        """One direction's search (see :func:`solve_cube`); on reaching ``target`` it stops the other."""
        t = self.tables
        phase2 = (t.corners_move, t.edges_move, t.slice_order_move, t.corners_slice_distance,
                  t.edges_slice_distance, self.stop_flag.array, counters)
        out = np.empty(MAX_LENGTH + 2, np.int64)
        length = solve_cube(block, t.twist_move, t.flip_move, t.slice_move, t.twist_slice_distance,
                            t.flip_slice_distance, t.twist_flip_distance, phase2, max_length, target,
                            self.stop_flag.array, out)
        if length < 0:
            return None
        if length <= target:
            self.stop_flag.set()
        return [int(m) for m in out[:length]]

    def solve(self, cube: np.ndarray, target: int = 20, max_length: int = 24,
              seconds: float | None = 1.0) -> list[int] | None:
        """A solution (actions) of the cube block ``cube``: the first within ``target`` moves, else the
        shortest found in ``seconds`` (None: no limit) and within ``max_length``; None if none was
        found (stopped too soon). ``target`` 0 searches for the shortest until the time is up."""
        block = np.ascontiguousarray(cube[:CUBE_SIZE], dtype=np.int64)
        limit = min(max_length, MAX_LENGTH)
        self.stop_flag.clear()
        counters = np.zeros((2, 3), np.int64)
        found: list[list[int] | None] = [None, None]

        def search_inverse() -> None:
            found[1] = self._search(inverse_cube(block), target, limit, counters[1])

        with self.stop_flag.deadline(seconds):
            helper = threading.Thread(target=search_inverse, name="two-phase inverse", daemon=True)
            helper.start()
            found[0] = self._search(block, target, limit, counters[0])
            helper.join()
        self.counters[:] = counters.sum(axis=0)
        self.stop_flag.array[NODES] = self.counters[0]
        if found[1] is not None:
            found[1] = inverse_moves(found[1])
        answers = [moves for moves in found if moves is not None]
        return min(answers, key=len) if answers else None
