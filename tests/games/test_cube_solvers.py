"""Rubik's Cube solvers: each one's solutions solve random positions; the 2x2 optimum agrees with an
independent search (the engine's IDA*); the AI levels play and hint."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError
from tui_games.engine.ida import IdaStar
from tui_games.engine.jit import SIG_HEURISTIC, kernel
from tui_games.games.rubiks_cube import rules
from tui_games.games.rubiks_cube.beginner import STAGES, BeginnerSolver, merged
from tui_games.games.rubiks_cube.game import KERNELS, random_cube
from tui_games.games.rubiks_cube.pocket import PocketSolver
from tui_games.games.rubiks_cube.twophase import TwoPhaseSolver, inverse_cube, inverse_moves
from warm_start import first_moves

SPEC = catalog.get("rubiks-cube")


@kernel(SIG_HEURISTIC)
def no_estimate(s):
    """An admissible estimate that knows nothing: plain iterative deepening."""
    return 0


def solves(cube: np.ndarray, moves: list[int], size: int) -> bool:
    block = cube.copy()
    for move in moves:
        rules.turn(block, move)
    return bool(rules.is_solved(size, block))


@pytest.fixture(scope="module")
def two_phase() -> TwoPhaseSolver:
    return TwoPhaseSolver()


def test_two_phase_solves_random_positions_in_at_most_22_moves(two_phase):
    for seed in range(6):
        cube = random_cube(seed, 3)
        moves = two_phase.solve(cube, target=22, max_length=22, seconds=None)  # no clock: deterministic
        assert moves is not None and len(moves) <= 22 and solves(cube, moves, 3), seed
        assert merged(moves) == moves  # no face turned twice in a row


def test_two_phase_finds_the_optimum_of_short_scrambles(two_phase):
    for scramble in ([3], [3, 0], [3, 0, 7, 14], [4, 13, 7, 16]):
        cube = rules.solved_cube()
        for move in scramble:
            rules.turn(cube, move)
        moves = two_phase.solve(cube, target=0, max_length=len(scramble), seconds=None)  # searched to the end
        assert moves is not None and len(moves) == len(scramble) and solves(cube, moves, 3)


def test_the_inverse_position_is_solved_by_the_scramble_and_its_solution_reverses():
    rng = np.random.default_rng(3)
    for _ in range(5):
        scramble = [int(m) for m in rng.integers(0, 18, 25)]
        cube = rules.solved_cube()
        for move in scramble:
            rules.turn(cube, move)
        inverse = inverse_cube(cube)
        assert solves(inverse, scramble, 3) and not solves(cube, scramble, 3)
        assert solves(cube, inverse_moves(scramble), 3)
        assert np.array_equal(inverse_cube(inverse), cube)
    assert inverse_moves([0, 4, 17]) == [15, 4, 2]  # U R2 B' undone by B R2 U'


def test_a_stopped_two_phase_search_answers_at_once(two_phase):
    cube = random_cube(5, 3)
    moves = two_phase.solve(cube, target=0, max_length=24, seconds=0.0)  # stopped at its first poll
    assert two_phase.stop_flag.aborted
    assert moves is None or (solves(cube, moves, 3) and len(moves) <= 24)


def test_the_2x2_optimum_is_the_length_iterative_deepening_finds():
    pocket = PocketSolver()
    search = IdaStar(KERNELS, no_estimate)
    rng = np.random.default_rng(11)
    for _ in range(6):
        state = SPEC.new(size=2, scramble=" ".join("URFDLB"[f] + s for f, s in
                                                    zip(rng.integers(0, 6, 4), rng.choice(["", "2", "'"], 4))))
        if state.is_terminal:
            continue
        optimal = pocket.optimal(state.cube)
        assert solves(state.cube, optimal, 2)
        assert len(optimal) == len(search.solve(state.array, max_cost=4))


def test_the_2x2_solvers_solve_random_positions():
    pocket = PocketSolver()
    for seed in range(40):
        cube = random_cube(seed, 2)
        optimal, two = pocket.optimal(cube), pocket.two_phase(cube)
        assert solves(cube, optimal, 2) and solves(cube, two, 2)
        assert 1 <= len(optimal) <= 11 and len(optimal) <= len(two)


@pytest.mark.parametrize("size", [2, 3])
def test_the_beginners_method_solves_random_positions_step_by_step(size):
    beginner = BeginnerSolver()
    for seed in range(3):
        cube = random_cube(seed, size)
        steps = beginner.steps(cube, size)
        assert solves(cube, [m for step in steps for m in step.moves], size)
        stages = [step.stage for step in steps]
        assert stages == sorted(stages) and all(step.text and step.title == STAGES[step.stage - 1] for step in steps)
        if size == 3:
            assert {1, 2, 3} <= set(stages)


@pytest.mark.parametrize("size,level", [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2)])
def test_every_level_plays_a_solve_to_the_end(size, level):
    state = SPEC.new(seed=7, size=size)
    player = SPEC.ai(level)
    while not state.is_terminal and len(state.history) < 400:
        state.apply(player.choose(state))
    assert state.is_solved


def test_hints_name_the_next_move_and_explain_the_beginners_step():
    state = SPEC.new(seed=3)
    beginner = SPEC.ai(1).hint(state)
    assert beginner.best == beginner.solution[0] and beginner.step is not None
    assert beginner.summary.startswith(f"Step {beginner.step.stage} of 7") and "Moves:" in beginner.summary
    shortest = SPEC.ai(3).hint(state)
    assert solves(state.cube, shortest.solution, 3) and len(shortest.solution) <= 22
    assert shortest.values[shortest.best].endswith("moves to solve")
    solved = SPEC.new(scramble="R")
    solved.apply(5)
    with pytest.raises(IllegalActionError):
        SPEC.ai(2).choose(solved)


def test_a_prepared_top_level_loads_no_kernel_in_its_first_moves_and_hints():
    assert first_moves("rubiks-cube", SPEC.max_level, [({"scramble": "R U F' L2 D B R2 U' F"}, [])])["loaded"] == []


def test_the_top_level_solves_a_scrambled_3x3_move_by_move_with_one_search_of_under_a_second(monkeypatch):
    """It plans once and follows its plan; the one search has a budget under a second (3 s before)."""
    budgets = []
    search = TwoPhaseSolver.solve

    def counted(self, cube, *args, **kwargs):
        budgets.append(kwargs.get("seconds"))
        return search(self, cube, *args, **kwargs)

    monkeypatch.setattr(TwoPhaseSolver, "solve", counted)
    state = SPEC.new(seed=11)
    player = SPEC.ai(SPEC.max_level)
    player.prepare(state)
    budgets.clear()  # preparing solves the solved cube once (no deadline) to load the kernels
    moves = 0
    while not state.is_terminal:
        state.apply(player.choose(state.clone()))
        moves += 1
    assert state.is_solved and moves <= 20
    assert len(budgets) == 1 and budgets[0] is not None and budgets[0] < 1.0
