"""The joint fit for games with sides of different sizes (Dou Dizhu's landlord against the two
peasants): it reaches the posterior's maximum, the roles' own advantage is fitted apart from the
levels, and the seeds' script gives it each game's declared sides and two places."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

pytest.importorskip("openskill")

from tui_games import catalog  # noqa: E402
from tui_games.ratings.fit import Observation, fit_levels, game_gradient  # noqa: E402
from tui_games.ratings.model import BETA, MU, SIGMA, Rating  # noqa: E402
from tui_games.ratings.variants import variant_of  # noqa: E402

PAIRS = ((1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4))
"""The pairs of levels the seeds' script seats at a table of three."""


def _one_against_two(strength: dict[int, float], per_seat: int, peasants_bonus: float = -MU,
                     roles: bool = True) -> list[Observation]:
    """Tables [a, b, a] and [b, a, b] of a landlord-against-two-peasants game, ``per_seat`` games with
    the landlord in each seat, the landlord winning as often as the Plackett-Luce model with teams
    says when the peasants' side has ``peasants_bonus`` on top of the sum of its levels (-25: three
    equal levels make the landlord win half the time)."""
    c = math.sqrt(2) * BETA
    games = []
    for a, b in PAIRS:
        for levels in ((a, b, a), (b, a, b)):
            for landlord in range(3):
                sides = ((levels[landlord],), tuple(levels[s] for s in range(3) if s != landlord))
                edge = strength[sides[0][0]] - sum(strength[level] for level in sides[1]) - peasants_bonus
                wins = round(per_seat / (1 + math.exp(-edge / c)))
                extra = ((0, 1),) if roles else ()
                games += [Observation(sides, (1, 2), *extra)] * wins
                games += [Observation(sides, (2, 1), *extra)] * (per_seat - wins)
    return games


def _posterior_slope(games: list[Observation], ratings: dict[int, Rating]) -> dict[int, float]:
    """The slope of the log-posterior in each level's mu at ``ratings`` (no roles)."""
    slope = {level: -(r.mu - MU) / SIGMA ** 2 for level, r in ratings.items()}
    for game in games:
        for level, value in game_gradient(game, ratings)[1].items():
            slope[level] += value
    return slope


def test_the_fit_reaches_the_maximum_even_far_from_the_prior():
    """Sides of one and two levels without roles: the posterior's maximum lies far from the prior's
    mean (three mu of ~1 make one against two an even game), where Newton's full steps overshoot."""
    games = _one_against_two({1: 25.0, 2: 25.0, 3: 25.0, 4: 25.0}, 8, roles=False)
    fitted = fit_levels(games)
    assert fitted.iterations < 100
    assert all(abs(r.mu) < 10 for r in fitted.ratings.values())
    slope = _posterior_slope(games, fitted.ratings)
    assert all(abs(value) < 1e-3 for value in slope.values()), slope


def test_roles_keep_even_levels_on_openskills_scale():
    """Levels alike, the landlord winning half its games: every level at 25, and the peasants' role
    worth -25 (their two levels' sum is one level too many for an even game)."""
    fitted = fit_levels(_one_against_two({1: 25.0, 2: 25.0, 3: 25.0, 4: 25.0}, 8))
    for rating in fitted.ratings.values():
        assert rating.mu == pytest.approx(25.0, abs=1e-3)
        assert 0 < rating.sigma < 2.5
    assert fitted.role_offsets == {0: 0.0, 1: pytest.approx(-25.0, abs=1e-2)}


def test_a_level_that_wins_more_in_the_same_role_ranks_higher():
    truth = {1: 19.0, 2: 24.0, 3: 27.0, 4: 30.0}
    few, many = (fit_levels(_one_against_two(truth, n)).ratings for n in (4, 40))
    assert [many[level].mu for level in sorted(many)] == pytest.approx([19, 24, 27, 30], abs=0.5)
    assert sum(r.mu for r in many.values()) / 4 == pytest.approx(25.0, abs=1e-3)
    assert many[1].mu < many[2].mu < many[3].mu < many[4].mu
    for level in truth:
        assert many[level].sigma < few[level].sigma / 2.5


def test_roles_change_nothing_when_every_side_has_the_same_one():
    games = [Observation(((1,), (2,)), (1, 2))] * 7 + [Observation(((1,), (2,)), (2, 1))] * 3
    plain = fit_levels(games)
    assert plain.role_offsets == {}
    alike = fit_levels([Observation(game.sides, game.places, (0, 0)) for game in games])
    assert alike.ratings == plain.ratings and alike.role_offsets == {0: 0.0}


def _script():
    """scripts/seed_ai_ratings.py as a module."""
    path = Path(__file__).resolve().parents[2] / "scripts" / "seed_ai_ratings.py"
    spec = importlib.util.spec_from_file_location("seed_ai_ratings", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["seed_ai_ratings"] = module
    spec.loader.exec_module(module)
    return module


def test_a_doudizhu_table_gives_the_fit_the_declared_sides_and_two_places():
    """The landlord's side first (role 0), the peasants' second (role 1), one side first and one
    second; the table's places are the sides' (a landlord's loss is no third place)."""
    script = _script()
    spec = catalog.get("doudizhu")
    table = script.Table(spec.id, variant_of(spec).key, (1, 2, 1), 6, 11, 1e6)
    played = script.play_table(table)
    assert len(played["observations"]) == 6
    for sides, places, roles in played["observations"]:
        assert [len(side) for side in sides] == [1, 2] and roles == (0, 1)
        assert sorted(places) == [1, 2]
        assert sorted(sides[0] + sides[1]) == [1, 1, 2]
    results = played["entry"]["results"]
    assert all(len(counts) == 2 and sum(counts) == 6 for counts in results["places"])
    landlord_games = [games[0] for games in results["role_games"]]
    assert sum(landlord_games) == 6 and all(sum(games) == 6 for games in results["role_games"])
    landlord_wins = sum(wins[0] for wins in results["role_wins"])
    assert landlord_wins == sum(1 for _, places, _ in played["observations"] if places == (1, 2))
