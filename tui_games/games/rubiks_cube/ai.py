"""Rubik's Cube AI levels: each one a way to solve the cube, for hints and for 'solve it'.

1. **Beginner** - the beginner's method layer by layer (:mod:`.beginner`); its hint says which step
   the cube is at and what to do, in words, with the moves.
2. **Two-phase** - Kociemba's two-phase search on the 3x3 (:mod:`.twophase`): the first solution of
   at most 20 moves, else the shortest found in :data:`TWO_PHASE_SECONDS`; on the 2x2 the corners are twisted right
   first and then put in place (:mod:`.pocket`).
3. **Shortest** - on the 2x2 a shortest solution (from the table of every position's distance); on
   the 3x3 the two-phase search left running for :data:`SHORTEST_SECONDS`, keeping the shortest
   solution it finds.

A player works out a whole solution once and plays it move by move: while the cube follows the
plan it searches no more. ``choose`` returns its next move, ``hint`` the move with the solution and
its length (and, at level 1, the step explained); ``prepare`` loads the level's tables and kernels
before the first move needs them.
"""

from __future__ import annotations

import numpy as np

from tui_games.core.errors import IllegalActionError
from tui_games.core.hints import Hint
from tui_games.engine.players import WarmUp
from tui_games.games.rubiks_cube.beginner import BeginnerSolver, Step, merged, moves_text
from tui_games.games.rubiks_cube.game import random_cube
from tui_games.games.rubiks_cube.pocket import PocketSolver
from tui_games.games.rubiks_cube.rules import turn
from tui_games.games.rubiks_cube.twophase import TwoPhaseSolver

LEVEL_NAMES = ("Beginner", "Two-phase", "Shortest")
TWO_PHASE_TARGET = 20
"""Level 2 takes the first 3x3 solution of at most this many moves."""
TWO_PHASE_SECONDS = 0.9
"""...or the shortest it found in this time."""
SHORTEST_SECONDS = 0.9
"""How long level 3 searches a 3x3 for shorter solutions (once per solve: the whole solve, played
move by move, stays under a second; three seconds found a shorter solution for 1 of 12 positions)."""
MAX_LENGTH = 24
"""No 3x3 solution longer than this is accepted (every position has one of at most 20)."""


class CubeHint(Hint):
    """A hint that also carries the whole solution (``solution``) and, at level 1, the step of the
    beginner's method it starts with (``step``)."""

    def __init__(self, best: int, values: dict, summary: str, solution: list[int], step: Step | None = None):
        super().__init__(best, values, summary, line=list(solution))
        self.solution = list(solution)
        self.step = step


def _require_unsolved(state) -> None:
    if state.is_terminal:
        raise IllegalActionError("the cube is solved: the game is over, there is nothing to do")


class CubePlayer:
    """An AI of one level: works out a solution and plays it (see the module notes)."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.seed = seed
        self._plans: dict[bytes, list[int]] = {}  # position -> the rest of the solution from there
        self._steps: dict[bytes, list[Step]] = {}
        self._two_phase: TwoPhaseSolver | None = None
        self._pocket: PocketSolver | None = None
        self._beginner = BeginnerSolver()
        self._warm_ups = {size: WarmUp(lambda size=size: self._warm_up(size)) for size in (2, 3)}

    def prepare(self, state=None) -> None:
        """Load the tables of this level's solver (built the first time ever) and compile or load its
        kernels, by solving a random cube of the size of ``state`` (both sizes without one), once."""
        for size in (2, 3) if state is None else (state.size,):
            self._warm_ups[size]()

    def _warm_up(self, size: int) -> None:
        cube = random_cube(0, size)
        if self.level == 1:
            self._beginner.steps(cube, size)
        elif size == 2:
            self._pocket_solver().two_phase(cube)
            self._pocket_solver().optimal(cube)
        else:
            self._two_phase_solver()

    def stop(self) -> None:
        """Make a running search answer at once with its best solution so far."""
        if self._two_phase is not None:
            self._two_phase.stop()

    # ----- solving ----------------------------------------------------------------------------------
    def solution(self, state) -> list[int]:
        """The level's whole solution from ``state`` (actions)."""
        _require_unsolved(state)
        key = state.cube.tobytes()
        if key not in self._plans:
            self.prepare(state)
            self._remember(state.cube, self._solve(state))
        return list(self._plans[key])

    def _remember(self, cube: np.ndarray, moves: list[int]) -> None:
        block = cube.copy()
        for index, move in enumerate(moves):  # a position met twice keeps the shorter rest
            self._plans[block.tobytes()] = moves[index:]
            turn(block, move)

    def _solve(self, state) -> list[int]:
        cube, size = state.cube, state.size
        if self.level == 1:
            steps = self._beginner.steps(cube, size)
            self._remember_steps(cube, steps)
            return merged([m for step in steps for m in step.moves])
        if size == 2:
            pocket = self._pocket_solver()
            return pocket.two_phase(cube) if self.level == 2 else pocket.optimal(cube)
        solver = self._two_phase_solver()
        if self.level == 2:
            found = solver.solve(cube, target=TWO_PHASE_TARGET, max_length=MAX_LENGTH, seconds=TWO_PHASE_SECONDS)
        else:
            found = solver.solve(cube, target=0, max_length=MAX_LENGTH, seconds=SHORTEST_SECONDS)
        if found is None:  # stopped before a first solution: find one without a time limit
            found = solver.solve(cube, target=MAX_LENGTH, max_length=MAX_LENGTH, seconds=None)
        return found

    def _remember_steps(self, cube: np.ndarray, steps: list[Step]) -> None:
        block = cube.copy()
        for index, step in enumerate(steps):
            self._steps.setdefault(block.tobytes(), steps[index:])
            for move in step.moves:
                turn(block, move)

    def _two_phase_solver(self) -> TwoPhaseSolver:
        if self._two_phase is None:
            self._two_phase = TwoPhaseSolver()
        return self._two_phase

    def _pocket_solver(self) -> PocketSolver:
        if self._pocket is None:
            self._pocket = PocketSolver()
        return self._pocket

    # ----- the protocol -------------------------------------------------------------------------------
    def choose(self, state) -> int:
        """The next move of the level's solution."""
        return self.solution(state)[0]

    def hint(self, state) -> CubeHint:
        """The next move, the whole solution and its length; at level 1, the current step in words."""
        step = None
        if self.level == 1:
            steps = self._current_steps(state)
            moves = [m for s in steps for m in s.moves]
            self._remember(state.cube, moves)
        else:
            moves = self.solution(state)
        best = moves[0]
        count = f"{len(moves)} move{'s' if len(moves) != 1 else ''}"
        if self.level == 1:
            step = steps[0]
            summary = (f"Step {step.stage} of 7, {step.title.lower()}: {step.text} Moves: {moves_text(step.moves)}"
                       f" ({count} to the end by this method)")
            value = f"step {step.stage}: {step.title.lower()}"
        else:
            how = ("shortest found" if self.level == 3 and state.size == 3 else
                   "shortest possible" if self.level == 3 else "two-phase")
            summary = f"Solution ({count}, {how}): {moves_text(moves)}"
            value = f"{count} to solve"
        return CubeHint(best, {best: value}, summary, moves, step)

    def _current_steps(self, state) -> list[Step]:
        """The steps of the beginner's method from ``state`` on: those planned before when the cube
        is at the start of one, else worked out afresh from here."""
        _require_unsolved(state)
        key = state.cube.tobytes()
        if key not in self._steps:
            self._remember_steps(state.cube, self._beginner.steps(state.cube, state.size))
        return self._steps[key]


def make_ai(spec, level: int, seed: int = 0) -> CubePlayer:
    """The AI player of ``level`` (1-3); the catalogue's ``spec.ai`` calls this."""
    return CubePlayer(level, seed)

