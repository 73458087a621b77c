"""CFR+ on Kuhn poker: the known game value (-1/18 for the first seat), the known exploitability of
the uniform policy (11/24, as OpenSpiel reports it), and convergence to an equilibrium."""

from __future__ import annotations

import pytest
from toy_games import BET, KUHN_KERNELS, PASS, kuhn_after, kuhn_infostate_key, kuhn_state

from tui_games.engine.cfr import CfrSolver

J, Q, K = 0, 1, 2


@pytest.fixture(scope="module")
def solved() -> CfrSolver:
    solver = CfrSolver(KUHN_KERNELS, kuhn_infostate_key, kuhn_state())
    assert solver.run(1000) == 1000
    return solver


def test_uniform_policy_before_any_iteration():
    solver = CfrSolver(KUHN_KERNELS, kuhn_infostate_key, kuhn_state())
    assert solver.values() == pytest.approx((0.125, -0.125))
    assert solver.exploitability() == pytest.approx(11 / 24)
    assert solver.policy(kuhn_after((J, Q), [])) == {PASS: 0.5, BET: 0.5}


def test_game_value_and_exploitability_after_1000_iterations(solved):
    value0, value1 = solved.values()
    assert value0 == pytest.approx(-1 / 18, abs=1e-3)
    assert value0 + value1 == pytest.approx(0.0, abs=1e-12)
    assert solved.exploitability() < 1e-3
    # a best response can never do worse than playing the equilibrium itself
    assert solved.best_response(0) >= value0 - 1e-12
    assert solved.best_response(1) >= value1 - 1e-12


def test_exploitability_falls_with_iterations():
    solver = CfrSolver(KUHN_KERNELS, kuhn_infostate_key, kuhn_state())
    measured = []
    for target in (10, 100, 1000):
        solver.run(target - solver.iterations)
        measured.append(solver.exploitability())
    assert measured[0] > measured[1] > measured[2]


def test_average_strategy_has_the_shape_of_kuhn_equilibria(solved):
    # seat 1 facing a bet: always call with the King, always fold the Jack, call 1/3 with the Queen
    assert solved.policy(kuhn_after((Q, K), [BET]))[BET] > 0.99
    assert solved.policy(kuhn_after((Q, J), [BET]))[PASS] > 0.99
    assert solved.policy(kuhn_after((K, Q), [BET]))[BET] == pytest.approx(1 / 3, abs=0.02)
    # seat 0 bets the King three times as often as it bluffs the Jack, and checks the Queen
    bluff = solved.policy(kuhn_after((J, Q), []))[BET]
    assert 0.0 <= bluff <= 1 / 3 + 0.02
    assert solved.policy(kuhn_after((K, Q), []))[BET] == pytest.approx(3 * bluff, abs=0.03)
    assert solved.policy(kuhn_after((Q, J), []))[PASS] > 0.98


def test_node_budget_stops_after_that_many_iterations():
    solver = CfrSolver(KUHN_KERNELS, kuhn_infostate_key, kuhn_state())
    solver.stop_flag.budget = 5
    assert solver.run(100) == 5
    assert solver.iterations == 5 and solver.stop_flag.aborted
