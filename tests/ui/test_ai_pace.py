"""AI moves are paced so that a table of AIs goes round briskly: at the default AI move pace an AI
after a person waits the pace, and an AI after an AI half of it. Counted as the pacing the game screen
asks for, not by the clock."""

from __future__ import annotations

from tui_games.match import Seat
from tui_games.store.settings import Settings
from tui_games.ui.app import TuiGamesApp
from tui_games.table import ThreadRunner
from ui_helpers import wait_for, wait_for_game, wait_for_human

SIZE = (80, 24)


def record_paces(monkeypatch) -> list[float]:
    """The pacing (least seconds) the game screen asks of each AI move, in order."""
    paces: list[float] = []
    choose = ThreadRunner.choose

    def recording(runner, request, done, failed, pace=0.0):
        paces.append(pace)
        return choose(runner, request, done, failed, pace)

    monkeypatch.setattr(ThreadRunner, "choose", recording)
    return paces


async def test_a_ten_seat_orbit_of_ais_is_brisk_at_the_default_pace(home, monkeypatch):
    paces = record_paces(monkeypatch)
    pace = Settings().ai_think_time
    seats = [Seat("ai", 1) for _ in range(10)]
    app = TuiGamesApp({"game": "no-limit-holdem", "params": {"players": 10}, "seats": seats, "seed": 2},
                      settings=Settings(animation="off"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: len(paces) >= 10, timeout=60, what="ten AI moves")
    assert paces[0] == pace and paces[1:10] == [pace / 2] * 9, paces
    assert sum(paces[:10]) <= 2.5, paces  # it was 10 s: 1 s a move


async def test_an_ai_after_a_person_takes_the_whole_pace(home, monkeypatch):
    paces = record_paces(monkeypatch)
    settings = Settings(animation="off", ai_think_time=0.2)
    app = TuiGamesApp({"game": "no-limit-holdem", "params": {"players": 3}, "seats": [Seat(), Seat("ai", 1),
                       Seat("ai", 1)], "seed": 2}, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        before, moves = len(paces), len(screen.match.movers)
        await pilot.press("c")
        await wait_for(pilot, lambda: len(paces) >= before + 2, timeout=30, what="two AI moves")
        assert screen.match.movers[moves:moves + 2] == [0, 1]  # the person called, then an AI (then the other)
    assert paces[before:before + 2] == [0.2, 0.1], paces
