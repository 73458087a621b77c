"""Statistics: one transaction per finished game, totals, streaks and records."""

from __future__ import annotations

import sqlite3

import pytest

from tui_games import catalog
from tui_games.core.locations import stats_db
from tui_games.match import Match, Seat
from tui_games.store import stats


def _finish_ttt(moves: list[int], seats=None) -> Match:
    match = Match.new(catalog.get("tic-tac-toe"), {}, seats or [Seat(), Seat()], seed=1)
    for action in moves:
        match.play(action)
    assert match.is_over
    return match


X_WINS = [0, 3, 1, 4, 2]
O_WINS = [0, 3, 1, 4, 8, 5]
DRAW = [0, 4, 2, 1, 7, 3, 5, 8, 6]


def test_hotseat_game_records_a_row_per_human_seat(home):
    _finish_ttt(X_WINS)
    (row,) = stats.summary()
    assert (row.game_id, row.opponent, row.played, row.won, row.lost, row.drawn) == (
        "tic-tac-toe", "hotseat", 2, 1, 1, 0)


def test_game_against_ai_counts_for_the_human_only(home):
    match = Match.new(catalog.get("tic-tac-toe"), {}, [Seat(), Seat("ai", 3)], seed=2)
    while not match.is_over:
        match.play(match.ai(1).choose(match.state.clone()) if match.ai_to_move else match.state.legal_actions()[0])
    (row,) = stats.summary()
    assert row.opponent == "AI Perfect (3)"
    assert row.played == 1 and row.won == 0


def test_a_finished_game_is_recorded_once_even_if_saved_again(home):
    match = _finish_ttt(X_WINS, seats=[Seat(), Seat("ai", 1)])
    match.save()
    match.undo()
    match.play(2)
    assert stats.summary()[0].played == 1


def test_streaks_and_win_percentage(home):
    for moves in (X_WINS, X_WINS, O_WINS, DRAW, X_WINS, X_WINS, X_WINS):
        _finish_ttt(moves, seats=[Seat(), Seat("ai", 2)])
    (row,) = stats.summary()
    assert (row.played, row.won, row.lost, row.drawn) == (7, 5, 1, 1)
    assert row.current_streak == 3 and row.best_streak == 3
    assert row.win_pct == pytest.approx(500 / 7)


def test_records_track_best_2048_and_bankroll(home):
    stats.record_game("2048", "solo", [stats.SeatResult(0, "lost", score=1200, best_tile=128)])
    stats.record_game("2048", "solo", [stats.SeatResult(0, "won", score=30000, best_tile=2048)])
    stats.record_game("blackjack", "dealer", [stats.SeatResult(0, "won", chips=1.5)])
    stats.record_game("blackjack", "dealer", [stats.SeatResult(0, "lost", chips=-2.0)])
    records = stats.records()
    assert records["best_2048_score"] == 30000 and records["best_2048_tile"] == 2048
    assert records["blackjack_bankroll"] == [1.5, -0.5]


def test_database_uses_wal_and_rejects_bad_outcomes(home):
    assert stats.summary() == []
    with pytest.raises(ValueError, match="outcome"):
        stats.record_game("nim", "hotseat", [stats.SeatResult(0, "victory")])
    connection = sqlite3.connect(stats_db())
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 0
