"""The exact endgame solver: every move of FFO #1-#19 scored as published, small endgames against a
brute-force search through the game's own state, the stop flag, any first guess, two threads
sharing a solve, and the stable discs it cuts with."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from tui_games import catalog
from tui_games.games.othello.ai import EndgameSolver, boards
from tui_games.games.othello.bits import after_move, move_bits
from tui_games.games.othello.game import COLUMNS
from tui_games.games.othello.solver import stable_discs

SPEC = catalog.get("othello")


def square_of(name: str) -> int:
    """'G8' -> 62."""
    return (int(name[1]) - 1) * 8 + COLUMNS.index(name[0].lower())


def ffo_problems(refdata, file_name: str) -> list[tuple[str, dict[int, int]]]:
    """(position, {square: published exact score}) for each line of an FFO file."""
    problems = []
    for line in (refdata / "othello" / file_name).read_text().splitlines():
        if line.strip():
            position, *moves = [part.strip() for part in line.split(";") if part.strip()]
            problems.append((position, {square_of(m.split(":")[0]): int(m.split(":")[1]) for m in moves}))
    return problems


@pytest.fixture(scope="module")
def solver():
    """One solver (its table is reused across the tests, as the AI reuses it across moves)."""
    return EndgameSolver()


@pytest.mark.parametrize("number", range(1, 20))
def test_ffo_problems_1_to_19_every_move_exact(refdata, solver, number):
    position, published = ffo_problems(refdata, "fforum-1-19.obf")[number - 1]
    state = SPEC.new(position=position)
    assert sorted(published) == sorted(state.legal_actions())
    found = solver.solve(*boards(state), exact_all=True)
    assert found is not None and found.exact
    assert {square: int(score) for square, score in found.values.items()} == published
    assert solver.value(*boards(state)) == max(published.values())


def test_ffo_problem_20_best_move_and_value(refdata, solver):
    position, published = ffo_problems(refdata, "fforum-20-39.obf")[0]  # 6 empties
    state = SPEC.new(position=position)
    found = solver.solve(*boards(state))
    best = found.best_action
    assert found.values[best] == max(published.values()) == published[best]


def exact_value(state, seat: int) -> int:
    """The exact final disc difference for ``seat`` with best play from ``state`` on both sides, by
    trying every line through the state protocol (legal_actions / apply: the rules the UI plays by)."""
    if state.is_terminal:
        return state.final_score if seat == 0 else -state.final_score
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(exact_value(child, seat))
    return max(values) if state.current_player == seat else min(values)


def random_endgames(count: int, empties: int, seed: int):
    """Positions with ``empties`` empty squares from random games (the game not yet over)."""
    rng = np.random.default_rng(seed)
    found = []
    while len(found) < count:
        state = SPEC.new()
        while not state.is_terminal and state.empties > empties:
            state.apply(int(rng.choice(state.legal_actions())))
        if not state.is_terminal and state.empties == empties and not state.must_pass:
            found.append(state)
    return found


@pytest.mark.parametrize("empties", [1, 2, 3, 5, 7, 8])
def test_solver_agrees_with_brute_force_on_random_endgames(solver, empties):
    for state in random_endgames(12 if empties < 8 else 3, empties, seed=empties):
        seat = state.current_player
        assert solver.value(*boards(state)) == exact_value(state, seat), state.position
        found = solver.solve(*boards(state), exact_all=True)
        for action, score in found.values.items():
            child = state.clone()
            child.apply(action)
            assert score == exact_value(child, seat), (state.position, action)


def test_a_stopped_solve_returns_nothing_and_the_solver_still_works(refdata):
    solver = EndgameSolver()
    position, published = ffo_problems(refdata, "fforum-60-79.obf")[0]  # far too deep for a test
    state = SPEC.new(position=position)
    timer = threading.Timer(0.2, solver.stop)
    timer.start()
    assert solver.solve(*boards(state)) is None
    timer.cancel()
    easy, published = ffo_problems(refdata, "fforum-1-19.obf")[0]
    assert solver.value(*boards(SPEC.new(position=easy))) == max(published.values())


def test_the_exact_score_does_not_depend_on_the_first_guess(refdata):
    """The solve steps its null-window tests from the guess to the score: any guess lands on it."""
    solver = EndgameSolver(threads=1)
    for number in (1, 7):
        position, published = ffo_problems(refdata, "fforum-1-19.obf")[number - 1]
        state = SPEC.new(position=position)
        for guess in (-64, -7, 0, 30, 64):
            solver.table[:] = 0
            found = solver.solve(*boards(state), guess=guess)
            assert found.values[found.best_action] == max(published.values()) == published[found.best_action]


def test_two_threads_sharing_a_solve_find_the_same_exact_scores(refdata):
    """The helper thread shares the table and leaves the positions the other is in (FFO #1-#3 have
    17-20 empty squares: deep enough for both threads to mark positions)."""
    for number in (1, 2, 3):
        position, published = ffo_problems(refdata, "fforum-1-19.obf")[number - 1]
        state = SPEC.new(position=position)
        found = EndgameSolver(threads=2).solve(*boards(state), exact_all=True)
        assert {square: int(score) for square, score in found.values.items()} == published


def test_stable_discs_never_turn_over():
    """Every disc the stability test calls stable keeps its colour in every continuation (searched
    exhaustively from positions with 7 empty squares)."""

    def unflipped(mover, opponent, mine_first):
        """The discs of the first player to move in the root that stay theirs in every line."""
        mine, theirs = (mover, opponent) if mine_first else (opponent, mover)
        kept = int(mine)
        moves = int(move_bits(mover, opponent))
        if not moves:
            if not move_bits(opponent, mover):
                return kept
            return kept & unflipped(opponent, mover, not mine_first)
        while moves:
            square = (moves & -moves).bit_length() - 1
            moves &= moves - 1
            child = tuple(np.uint64(b) for b in after_move(square, mover, opponent))
            kept &= unflipped(child[0], child[1], not mine_first)
        return kept

    marked = 0
    for state in random_endgames(6, 7, seed=11):
        mover, opponent = boards(state)
        for mine, theirs, first in ((mover, opponent, True), (opponent, mover, False)):
            stable = int(stable_discs(mine, theirs))
            marked += bin(stable).count("1")
            assert stable & ~unflipped(mover, opponent, first) == 0, state.position
    assert marked > 0
