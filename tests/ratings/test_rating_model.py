"""Rating one game: the arithmetic is openskill's own (Plackett-Luce), for two seats, rankings of
three and more with ties, and sides."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("openskill")
from openskill.models import PlackettLuce  # noqa: E402

from tui_games.ratings.model import (  # noqa: E402
    BETA, Rating, ai_level, ai_player, check_sides, rate_game, side_places, sides_of, win_chance)


def _openskill(teams: list[list[Rating]], ranks: list[int]) -> list[list[Rating]]:
    model = PlackettLuce()
    rated = model.rate([[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams], ranks=ranks)
    return [[Rating(p.mu, p.sigma) for p in team] for team in rated]


def _close(a: Rating, b: Rating) -> bool:
    return math.isclose(a.mu, b.mu, rel_tol=1e-12) and math.isclose(a.sigma, b.sigma, rel_tol=1e-12)


def test_two_newcomers_winner_and_loser_move_by_openskills_amounts():
    after = rate_game({}, ["alice", "bob"], [1.0, -1.0])
    # openskill 6.2's PlackettLuce on two default ratings (mu 25, sigma 25/3, tau 25/300)
    assert after["alice"].mu == pytest.approx(27.635389493140497, abs=1e-12)
    assert after["bob"].mu == pytest.approx(22.364610506859503, abs=1e-12)
    assert after["alice"].sigma == pytest.approx(8.06590141354368, abs=1e-12)
    assert after["bob"].sigma == after["alice"].sigma
    assert after["alice"].conservative == pytest.approx(27.635389493140497 - 3 * 8.06590141354368)


def test_two_seats_with_given_ratings_match_openskill_and_a_draw_pulls_together():
    before = {"a": Rating(30.0, 4.0), "b": Rating(20.0, 6.0)}
    after = rate_game(before, ["b", "a"], [3.0, 0.0])  # the weaker player, in seat 0, wins
    expected = _openskill([[before["b"]], [before["a"]]], [1, 2])
    assert _close(after["b"], expected[0][0]) and _close(after["a"], expected[1][0])
    assert after["b"].mu > 20.0 and after["a"].mu < 30.0
    drawn = rate_game(before, ["a", "b"], [0.5, 0.5])
    expected = _openskill([[before["a"]], [before["b"]]], [1, 1])
    assert _close(drawn["a"], expected[0][0]) and _close(drawn["b"], expected[1][0])
    assert drawn["a"].mu < 30.0 < drawn["a"].mu + 1 and drawn["b"].mu > 20.0


def test_four_seats_ranked_by_returns_with_a_tie_for_second():
    players = ["p0", "p1", "p2", "p3"]
    before = {"p0": Rating(25, 8), "p1": Rating(28, 5), "p2": Rating(22, 7), "p3": Rating(31, 3)}
    returns = [10.0, 4.0, 4.0, -18.0]
    assert side_places(returns, [[0], [1], [2], [3]]) == [1, 2, 2, 4]
    after = rate_game(before, players, returns)
    expected = _openskill([[before[p]] for p in players], [1, 2, 2, 4])
    for player, team in zip(players, expected):
        assert _close(after[player], team[0]), player
    assert after["p3"].mu < before["p3"].mu and after["p0"].mu > before["p0"].mu


def test_places_rank_instead_of_returns():
    players = ["x", "y", "z"]
    after = rate_game({}, players, returns=[100.0, 0.0, 50.0], places=[3, 1, 2])
    expected = _openskill([[Rating()]] * 3, [3, 1, 2])
    for player, team in zip(players, expected):
        assert _close(after[player], team[0])


def test_sides_landlord_against_two_peasants():
    players = ["landlord", "peasant1", "peasant2"]
    before = {"landlord": Rating(27, 5), "peasant1": Rating(24, 6), "peasant2": Rating(21, 7)}
    returns = [-4.0, 2.0, 2.0]  # the peasants win
    sides = [[1, 2], [0]]
    assert side_places(returns, sides) == [1, 2]
    after = rate_game(before, players, returns, sides=sides)
    expected = _openskill([[before["peasant1"], before["peasant2"]], [before["landlord"]]], [1, 2])
    assert _close(after["peasant1"], expected[0][0]) and _close(after["peasant2"], expected[0][1])
    assert _close(after["landlord"], expected[1][0])
    free_for_all = rate_game(before, players, returns)
    assert not _close(free_for_all["peasant1"], after["peasant1"])


def test_partnerships_two_against_two_with_seats_interleaved():
    players = ["n", "e", "s", "w"]
    before = {p: Rating(25 + i, 8 - i) for i, p in enumerate(players)}
    after = rate_game(before, players, [-5.0, 5.0, -5.0, 5.0], sides=[[0, 2], [1, 3]])
    expected = _openskill([[before["n"], before["s"]], [before["e"], before["w"]]], [2, 1])
    assert _close(after["n"], expected[0][0]) and _close(after["s"], expected[0][1])
    assert _close(after["e"], expected[1][0]) and _close(after["w"], expected[1][1])


def test_a_player_in_two_seats_adds_up_both_seats_changes():
    before = {"me": Rating(26, 6), "ai:2": Rating(24, 2)}
    after = rate_game(before, ["ai:2", "me", "ai:2"], [0.0, 1.0, 0.0])
    seats = _openskill([[before["ai:2"]], [before["me"]], [before["ai:2"]]], [2, 1, 2])
    assert _close(after["me"], seats[1][0])
    shift = (seats[0][0].mu - 24) + (seats[2][0].mu - 24)
    assert after["ai:2"].mu == pytest.approx(24 + shift, abs=1e-12)
    base = 2 ** 2 + (25 / 300) ** 2
    shrink = (seats[0][0].sigma ** 2 / base) * (seats[2][0].sigma ** 2 / base)
    assert after["ai:2"].sigma == pytest.approx(math.sqrt(base * shrink), abs=1e-12)
    assert after["ai:2"].sigma < seats[0][0].sigma


def test_one_player_alone_changes_nothing():
    before = {"ai:3": Rating(30, 2)}
    assert rate_game(before, ["ai:3", "ai:3"], [1.0, -1.0]) == before


def test_sides_must_cover_every_seat_once():
    with pytest.raises(ValueError, match="exactly once"):
        check_sides([[0, 1], [1, 2]], 3)
    with pytest.raises(ValueError, match="exactly once"):
        rate_game({}, ["a", "b", "c"], [1, 0, 0], sides=[[0], [1]])
    with pytest.raises(ValueError, match="1 return for 2 seats"):
        rate_game({}, ["a", "b"], [1.0])


class _Finished:
    """A finished state as a game with sides would offer it."""

    num_players = 3

    def __init__(self, sides):
        self.sides = sides


def test_sides_of_reads_a_states_sides_hook_or_none():
    assert sides_of(_Finished(((1,), (0, 2)))) == [[1], [0, 2]]
    assert sides_of(_Finished(None)) is None
    assert sides_of(object()) is None
    with pytest.raises(ValueError):
        sides_of(_Finished(((0,), (1,))))


def test_ai_player_names_and_win_chance():
    assert ai_player(3) == "ai:3" and ai_level("ai:3") == 3
    assert ai_level("SHA256:abc") is None and ai_level("ai:x") is None
    even = win_chance([Rating(25, 3)], [Rating(25, 3)])
    assert even == 0.5
    c = math.sqrt(3 ** 2 + 4 ** 2 + 2 * BETA ** 2)
    assert win_chance([Rating(30, 3)], [Rating(20, 4)]) == pytest.approx(1 / (1 + math.exp(-10 / c)))


def test_sim_coalition_declares_its_sides():
    """Sim's 1-2 coalition is read as two sides; without it every seat plays for itself."""
    from tui_games import catalog

    spec = catalog.get("sim")
    assert sides_of(spec.new(seed=1, players=3, coalition="1-2")) == [[0], [1, 2]]
    assert sides_of(spec.new(seed=1, players=3)) is None


def test_doudizhu_peasants_are_one_side():
    """Once the landlord is known the two peasants are one side; before, no sides are declared."""
    from tui_games import catalog
    from tui_games.core.players import CHANCE

    state = catalog.get("doudizhu").new(seed=3, bidding="rlcard")
    assert sides_of(state) is None  # the cards are not dealt yet
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    assert state.landlord == 0
    assert sides_of(state) == [[0], [1, 2]]
    auction = catalog.get("doudizhu").new(seed=3)
    assert auction.landlord is None and sides_of(auction) is None
