"""Statistics read as a player reads them: a hotseat sitting is one sitting in the summary lines, places
are shown for games of three seats, a withdrawn result is gone, and undo of a recorded result (Match)
takes the record back and counts the game's new end instead."""

from __future__ import annotations

import pytest

from tui_games import catalog
from tui_games.core.errors import StorageError
from tui_games.core.results import SeatResult
from tui_games.match import Match, Seat
from tui_games.store import stats

TTT = catalog.get("tic-tac-toe")
X_WINS = [0, 3, 1, 4, 2]


def _lines(game_id: str) -> list[str]:
    return next(entry.lines() for entry in stats.game_figures() if entry.game_id == game_id)


@pytest.mark.parametrize("game_id, deal, games", [("blackjack", "round", "sitting"),
                                                  ("leduc-holdem", "hand", "sitting"),
                                                  ("no-limit-holdem", "hand", "sitting")])
def test_a_hotseat_sitting_is_one_sitting_in_the_summary(home, game_id, deal, games):
    label = stats.figure_label(game_id, "chips")
    assert (stats.figure_label(game_id, "deals"), stats.figure_label(game_id, "games")) == (deal, games)
    seats = [SeatResult(seat=0, outcome="won", chips=3.0, points=3.0, deals=2, place=1),
             SeatResult(seat=1, outcome="lost", chips=-1.0, points=-1.0, deals=2, place=2)]
    opponent = "dealer" if game_id == "blackjack" else "hotseat"
    assert stats.record_game(game_id, opponent, seats, {"seats": 2}, game_key="one-sitting")
    assert _lines(game_id)[0] == f"{label} +2 over 2 {deal}s in 1 {games}"
    assert stats.record_game(game_id, opponent, [SeatResult(seat=0, outcome="won", chips=1.0, deals=3)],
                             game_key="another")
    assert _lines(game_id)[0] == f"{label} +3 over 5 {deal}s in 2 {games}s"


@pytest.mark.parametrize("game_id, params", [("sim", {"players": 3}), ("yavalath", {"players": 3}),
                                             ("nim3p", {})])
def test_places_are_shown_for_three_seat_games(home, game_id, params):
    assert stats.record_game(game_id, "AI Casual (2)", [SeatResult(seat=0, outcome="lost", place=2)],
                             params, game_key="a")
    assert stats.record_game(game_id, "AI Casual (2)", [SeatResult(seat=0, outcome="won", place=1)],
                             params, game_key="b")
    assert _lines(game_id) == ["places 1st x1, 2nd x1"]
    (row,) = stats.summary()
    assert row.lines() == ["places 1st x1, 2nd x1"]


def test_places_are_not_repeated_for_two_seat_games(home):
    assert stats.record_game("sim", "AI Casual (2)", [SeatResult(seat=0, outcome="lost", place=2)],
                             {"players": 2}, game_key="a")
    assert [entry.game_id for entry in stats.game_figures()] == []
    assert stats.summary()[0].lines() == []


def test_a_withdrawn_game_is_gone_from_every_figure(home):
    seats = [SeatResult(seat=0, outcome="won", place=1), SeatResult(seat=1, outcome="lost", place=2)]
    assert stats.record_game("tic-tac-toe", "hotseat", seats, game_key="k")
    assert stats.withdraw_game("k") == 2
    assert stats.summary() == [] and stats.withdraw_game("k") == 0
    assert stats.record_game("tic-tac-toe", "hotseat", seats[:1], game_key="k")  # the key may be used again


def _finished_against_ai() -> Match:
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 1)], seed=3)
    for action in X_WINS:
        match.play(action)  # both seats' moves played directly: X wins
    assert match.is_over and match.stats_recorded
    return match


def test_undo_of_a_recorded_result_withdraws_it_and_records_the_new_end(home):
    match = _finished_against_ai()
    assert match.undo_withdraws_result
    assert [(r.won, r.lost, r.drawn) for r in stats.summary()] == [(1, 0, 0)]
    assert match.undo()
    assert stats.summary() == [] and not match.stats_recorded and not match.outcome
    assert not match.undo_withdraws_result
    resumed = Match.resume(match.save_path)  # the save agrees: the game goes on, nothing pending
    assert not resumed.is_over and not resumed.outcome
    resumed.close()
    for action in [8, 5]:  # X no longer takes the top row: O completes the middle one
        match.play(action)
    assert match.is_over and match.result_text == "O wins"
    assert [(r.won, r.lost, r.drawn) for r in stats.summary()] == [(0, 1, 0)]


def test_undo_and_redo_of_a_recorded_result_keep_one_record(home):
    match = _finished_against_ai()
    assert match.undo() and match.redo() and match.is_over
    assert [(r.played, r.won) for r in stats.summary()] == [(1, 1)]


def test_an_undo_whose_record_cannot_be_withdrawn_does_not_happen(home, monkeypatch):
    match = _finished_against_ai()

    def refuse(game_key):
        raise StorageError("the statistics cannot be written (read-only)", "read-only")

    monkeypatch.setattr(stats, "withdraw_game", refuse)
    assert match.undo() is False
    assert match.is_over and match.stats_recorded and "read-only" in match.storage_problem
    assert [(r.played, r.won) for r in stats.summary()] == [(1, 1)]
