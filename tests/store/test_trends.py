"""Results over time and the Elo-style rating per game, worked out from the recorded results."""

from __future__ import annotations

import pytest

from tui_games.core.results import SeatResult
from tui_games.store import stats, trends


def test_the_ai_level_is_read_from_the_opponent_label():
    assert [trends.ai_level(label) for label in ("AI Perfect (3)", "AI Rule of thumb (2)", "hotseat",
                                                 "dealer", "solo")] == [3, 2, None, None, None]


def test_ratings_move_by_elo_against_the_ai_levels(home):
    stats.record_game("nim", "AI Beginner (1)", [SeatResult(seat=0, outcome="won")], game_key="a")
    stats.record_game("nim", "hotseat", [SeatResult(seat=0, outcome="won"), SeatResult(seat=1, outcome="lost")],
                      game_key="b")
    stats.record_game("nim", "AI Perfect (3)", [SeatResult(seat=0, outcome="drawn")], game_key="c")
    stats.record_game("blackjack", "dealer", [SeatResult(seat=0, outcome="won", chips=1.0)], game_key="d")
    rated = trends.ratings(stats.results())
    assert list(rated) == ["nim"] and rated["nim"].games == 2
    first = trends.START_RATING + trends.K_FACTOR / 2  # an even match (level 1 counts as 1000), won
    assert rated["nim"].history[0] == pytest.approx(first)
    expected = 1 / (1 + 10 ** ((trends.AI_RATING_BASE + 3 * trends.AI_RATING_STEP - first) / 400))
    assert rated["nim"].rating == pytest.approx(first + trends.K_FACTOR * (0.5 - expected))
    assert rated["nim"].rating > first  # a draw with the strongest level gains


def test_results_over_time_count_one_point_per_game(home):
    for key, outcome in enumerate(("won", "won", "lost", "drawn")):
        stats.record_game("nim", "AI Casual (2)", [SeatResult(seat=0, outcome=outcome)], game_key=f"g{key}")
    stats.record_game("nim", "hotseat", [SeatResult(seat=0, outcome="won"), SeatResult(seat=1, outcome="lost")],
                      game_key="hotseat")
    over_time = trends.results_over_time(stats.results())["nim"]
    assert over_time.marks == ["W", "W", "L", "D", trends.MIXED]
    assert over_time.net == [1, 2, 1, 1, 1]
