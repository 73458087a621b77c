"""The exact endgame solver: every move of FFO #1-#19 scored as published, small endgames against a
brute-force search through the game's own state, and the stop flag."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from tui_games import catalog
from tui_games.games.othello.ai import EndgameSolver, boards
from tui_games.games.othello.game import COLUMNS

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
