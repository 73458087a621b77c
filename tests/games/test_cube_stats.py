"""The statistics a timed puzzle keeps: solves, best time, averages of 5 and 12 (best and worst left
out, as speedcubers count them) and fewest moves; a save keeps them until recorded; the match's clock."""

from __future__ import annotations

import pytest

from tui_games import catalog
from tui_games.core.results import SeatResult
from tui_games.match import Match, Seat
from tui_games.store import saves, stats
from seat_ais import seat_ai


def record(times: list[float], moves: list[int]) -> None:
    for index, (seconds, count) in enumerate(zip(times, moves)):
        stats.record_game("rubiks-cube", "solo", [SeatResult(0, "won", seconds=seconds, moves=count)],
                          game_key=f"cube-{index}")


def test_best_time_averages_and_fewest_moves(home):
    times = [30.0, 12.0, 50.0, 20.0, 22.0, 21.0]
    record(times, [60, 44, 90, 51, 47, 58])
    figures = {entry.game_id: entry for entry in stats.game_figures()}["rubiks-cube"]
    assert figures.times == times and figures.fewest_moves == 44
    lines = figures.lines()
    # the last five: 12 20 21 22 50 -> without 12 and 50: (20 + 21 + 22) / 3 = 21.00
    assert lines == ["6 solves, best time 12.00 s", "average of 5 21.00 s", "fewest moves 44"]
    record([25.0] * 6, [40] * 6)  # same keys: recorded once only
    assert len({entry.game_id: entry for entry in stats.game_figures()}["rubiks-cube"].times) == 6


def test_an_average_of_12_and_times_past_a_minute():
    assert stats.trimmed_average([1.0, 2.0, 3.0, 100.0]) == 2.5
    assert stats.clock_text(75.5) == "1:15.50" and stats.clock_text(9.125) == "9.12 s"
    entry = stats.GameFigures("rubiks-cube", times=[10.0] * 11 + [70.0, 5.0])
    assert "average of 12 10.00 s" in entry.lines()


def test_the_result_in_a_save_keeps_time_and_moves(home):
    payload = saves.outcome_payload("solo", [SeatResult(0, "won", seconds=14.5, moves=33, points=1.0)])
    record_text = saves.SaveRecord(game="rubiks-cube", params={"size": 3, "scramble": "R"}, seed=1,
                                   seats=["human"], history=[5], finished=True, outcome=payload)
    path = home / "cube.json"
    saves.write_save(path, record_text)
    _, results = saves.outcome_results(saves.read_save(path).outcome)
    assert (results[0].seconds, results[0].moves) == (14.5, 33)


def test_the_clock_runs_from_the_first_move_to_the_solve(home):
    spec = catalog.get("rubiks-cube")
    match = Match.new(spec, {"scramble": "R U"}, [Seat()], seed=1)
    assert match.clock_seconds is None and not match.clock_running
    match.play(2)
    assert match.clock_running
    match.play(5)
    assert match.is_over and not match.clock_running
    seconds = match.clock_seconds
    assert seconds is not None and seconds == match.clock_seconds  # stopped
    assert match.outcome["seats"][0]["seconds"] == pytest.approx(seconds)
    assert match.outcome["seats"][0]["moves"] == 2
    resumed = Match.new(spec, {"scramble": "R U"}, [Seat()], seed=1)
    resumed.play(2)
    again = Match.resume(resumed.save())
    again.play(5)
    assert again.is_over and again.outcome["seats"][0]["seconds"] is None  # its time so far is unknown


def test_a_seat_handed_to_the_ai_counts_no_solve(home):
    spec = catalog.get("rubiks-cube")
    match = Match.new(spec, {"size": 2, "scramble": "R U"}, [Seat()], seed=1)
    match.hand_seat_to_ai(0, 3)
    assert match.ai_to_move and match.clock_seconds is None
    while not match.is_over:
        match.play(seat_ai(match, 0).choose(match.state.clone()))
    assert match.state.is_solved and stats.game_figures() == []
    assert Match.resume(match.save_path).seats == [Seat("ai", 3)]
