"""The joint fit of the AI levels: it climbs the likelihood openskill's update climbs, and its
ratings give back the scores they were fitted to."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("openskill")
from openskill.models import PlackettLuce  # noqa: E402

from tui_games.ratings.fit import Observation, fit_levels, game_gradient  # noqa: E402
from tui_games.ratings.model import TAU, Rating, win_chance  # noqa: E402


def _games(a: int, b: int, wins: int, losses: int, draws: int = 0) -> list[Observation]:
    return ([Observation(((a,), (b,)), (1, 2))] * wins + [Observation(((a,), (b,)), (2, 1))] * losses
            + [Observation(((a,), (b,)), (1, 1))] * draws)


@pytest.mark.parametrize("observation", [
    Observation(((1,), (2,)), (2, 1)),
    Observation(((1,), (2,)), (1, 1)),
    Observation(((1,), (2,), (3,), (4,)), (2, 1, 2, 4)),
    Observation(((1, 2), (3,)), (1, 2)),
])
def test_openskills_update_is_sigma_squared_times_the_fits_gradient(observation):
    ratings = {1: Rating(24.0, 5.0), 2: Rating(29.0, 3.0), 3: Rating(21.0, 7.0), 4: Rating(26.0, 2.0)}
    ratings = {level: r for level, r in ratings.items() if any(level in side for side in observation.sides)}
    widened = {level: Rating(r.mu, math.sqrt(r.sigma ** 2 + TAU ** 2)) for level, r in ratings.items()}
    _, gradient = game_gradient(observation, widened)
    model = PlackettLuce()
    teams = [[model.rating(mu=ratings[level].mu, sigma=ratings[level].sigma) for level in side]
             for side in observation.sides]
    rated = model.rate(teams, ranks=list(observation.places))
    for side, new_side in zip(observation.sides, rated):
        for level, new in zip(side, new_side):
            step = widened[level].sigma ** 2 * gradient[level]
            assert new.mu - ratings[level].mu == pytest.approx(step, rel=1e-9, abs=1e-12)


def test_fitted_ratings_give_back_the_observed_score_when_games_are_many():
    fitted = fit_levels(_games(1, 2, 100, 300) + _games(2, 3, 150, 250, 100)).ratings
    assert win_chance([fitted[1]], [fitted[2]]) == pytest.approx(0.25, abs=0.01)
    assert win_chance([fitted[2]], [fitted[3]]) == pytest.approx(0.40, abs=0.01)
    assert fitted[1].mu < fitted[2].mu < fitted[3].mu
    assert all(r.sigma < 2.0 for r in fitted.values())


def test_a_level_that_never_loses_stays_finite_under_the_prior():
    fitted = fit_levels(_games(1, 2, 0, 40)).ratings
    assert 25 < fitted[2].mu < 50 and 0 < fitted[1].mu < 25
    assert fitted[1].mu + fitted[2].mu == pytest.approx(50.0, abs=1e-6)  # the prior's mean holds the middle


def test_draws_count_half_a_win_each():
    fitted = fit_levels(_games(1, 2, 0, 0, 60)).ratings
    assert fitted[1].mu == pytest.approx(fitted[2].mu) == pytest.approx(25.0)
    assert fitted == fit_levels(_games(1, 2, 30, 30)).ratings


def test_sigma_is_the_spread_relative_to_the_other_levels_and_shrinks_with_games():
    few, many = (fit_levels(_games(1, 2, 10 * n, 30 * n)).ratings for n in (1, 10))
    assert few[1].sigma == pytest.approx(few[2].sigma)
    assert many[1].sigma < few[1].sigma / 2.5
    assert many[1].mu == pytest.approx(50.0 - many[2].mu)


def test_the_fit_does_not_depend_on_the_order_of_the_games():
    games = _games(1, 2, 7, 13) + _games(2, 3, 4, 9, 3) + [Observation(((1,), (3,), (2,)), (3, 1, 2))] * 5
    assert fit_levels(games).ratings == fit_levels(list(reversed(games))).ratings
