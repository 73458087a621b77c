"""The statistics screen at 80x24: the table fits the width with every column, places for three-seat
games, a hotseat sitting counted once, and the plots (results over time, ratings) reached by keys and
by the mouse, in dark and light, ASCII and monochrome. And undo of a finished game: asked first, and
the statistics follow."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static, TabbedContent

from tui_games.core.results import SeatResult
from tui_games.match import Seat
from tui_games.store import stats
from tui_games.store.settings import Settings
from tui_games.store.trends import RATING_NOTE
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.screens.confirm import ConfirmScreen
from tui_games.ui.screens.stats import StatsScreen
from layout_helpers import screen_lines
from test_display_and_keys import non_ascii, screen_colours, screen_text
from ui_helpers import make_app, wait_for, wait_for_game

SIZE = (80, 24)


def _record_long_names() -> None:
    """Rows with the longest titles and opponents the catalogue makes, a hotseat sitting of two seats,
    three-seat Sim games, and games against the AI."""
    sitting = [SeatResult(seat=s, outcome="won" if s == 0 else "lost", chips=4.0 - 5 * s, deals=2, place=s + 1)
               for s in range(10)]
    stats.record_game("no-limit-holdem", "hotseat", sitting, {"players": 10}, game_key="poker")
    stats.record_game("blackjack", "dealer", [SeatResult(seat=0, outcome="won", chips=3.0, deals=2),
                                              SeatResult(seat=1, outcome="lost", chips=-1.0, deals=2)],
                      {"seats": 2}, game_key="blackjack")
    for key, (outcome, place) in enumerate((("lost", 3), ("won", 1), ("lost", 2))):
        stats.record_game("sim", "AI Strong (3)", [SeatResult(seat=0, outcome=outcome, place=place)],
                          {"players": 3}, game_key=f"sim-{key}")
    for key, outcome in enumerate(("won", "drawn", "lost", "won")):
        stats.record_game("leduc-holdem", "AI Loose-passive (2)", [SeatResult(seat=0, outcome=outcome, chips=1.0)],
                          game_key=f"leduc-{key}")


async def _open_stats(pilot, app) -> StatsScreen:
    await pilot.press("s")
    await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), what="the statistics")
    await pilot.pause()
    return app.screen


def _text(app) -> str:
    return "\n".join(screen_lines(app))


async def test_the_table_fits_80_columns_and_the_records_count_sittings_and_places(home):
    _record_long_names()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_stats(pilot, app)
        table = screen.query_one("#stats-table", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width  # no sideways scrolling
        header = next(line for line in screen_lines(app) if "Opponent" in line)
        assert all(name in header for name in ("Game", "Games", "W-L-D", "Win %", "Streak", "Best"))
        records = str(screen.query_one("#records-text", Static).render())
        assert "over 2 rounds in 1 sitting" in records
        assert "Sim: places 1st x1, 2nd x1, 3rd x1" in records.replace("\n", " ")
        sim = next(i for i in range(table.row_count) if table.get_row_at(i)[1] == "AI Strong (3)")
        table.move_cursor(row=sim)
        await pilot.pause()
        shown = str(screen.query_one("#records-text", Static).render()).replace("\n", " ")
        assert "Sim against AI Strong (3): places 1st x1, 2nd x1, 3rd x1" in shown


@pytest.mark.parametrize("settings", [Settings(theme="dark", animation="off"),
                                      Settings(theme="light", animation="off"),
                                      Settings(theme="dark", glyphs="ascii", colour="monochrome", animation="off")],
                         ids=["dark", "light", "ascii-monochrome"])
async def test_plots_of_results_and_ratings_by_keys_and_mouse(home, settings):
    _record_long_names()
    app = TuiGamesApp(settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_stats(pilot, app)
        tabs = screen.query_one("#stats-tabs", TabbedContent)
        table = screen.query_one("#stats-table", DataTable)
        leduc = next(i for i in range(table.row_count) if table.get_row_at(i)[1] == "AI Loose-passive (2)")
        table.move_cursor(row=leduc)
        await pilot.press("2")
        await pilot.pause()
        assert tabs.active == "results"
        text = _text(app)
        assert "Leduc Hold'em: wins minus losses after each game" in text.replace("\n", " ")
        assert "games, oldest first" in text and "g Next game" in text
        plot = "\n".join(screen_lines(app)[7:])
        assert {"W", "L", "D"} <= set(plot)
        await pilot.press("g")
        await pilot.pause()
        assert "No-limit Texas Hold'em: wins minus losses" in _text(app).replace("\n", " ")
        await pilot.press("3")
        await pilot.pause()
        assert tabs.active == "ratings"
        text = _text(app)
        assert RATING_NOTE[:40] in text and "Sim " in text and "Leduc Hold'em " in text and "rating" in text
        assert "g Next game" not in text
        await pilot.click("#stats-tabs Tab#--content-tab-table")  # the mouse: the first tab again
        await pilot.pause()
        assert tabs.active == "table"
        if settings.glyphs == "ascii":
            for key in ("2", "3"):
                await pilot.press(key)
                await pilot.pause()
                assert non_ascii(screen_text(app)) == set(), screen_text(app)
                assert all(r == g == b for r, g, b in screen_colours(app))


async def test_undo_of_a_finished_game_asks_and_the_statistics_follow(home):
    app = make_app({"game": "tic-tac-toe", "seats": [Seat(), Seat()], "seed": 7})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("1", "4", "2", "5", "3")  # X takes the top row
        await wait_for(pilot, lambda: screen.match.is_over, what="the end")
        assert [(r.opponent, r.won) for r in stats.summary()] == [("hotseat, as O", 0), ("hotseat, as X", 1)]
        await pilot.press("u")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), timeout=10, what="the question")
        assert "X wins" in str(app.screen.query_one("#confirm-question", Static).render())
        await pilot.press("n")  # kept: nothing undone
        await pilot.pause()
        assert app.screen is screen and screen.match.is_over and len(stats.summary()) == 2
        await pilot.press("u")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), timeout=10, what="the question")
        await pilot.click("#confirm-yes")  # the mouse says yes
        await wait_for(pilot, lambda: app.screen is screen and not screen.match.is_over, timeout=10, what="the undo")
        assert stats.summary() == [] and screen.match.state.history == [0, 3, 1, 4]
        await pilot.press("9", "6")  # X plays elsewhere, O completes the middle row
        await wait_for(pilot, lambda: screen.match.is_over, what="the new end")
        assert screen.match.result_text == "O wins"
        assert [(r.opponent, r.won) for r in stats.summary()] == [("hotseat, as O", 1), ("hotseat, as X", 0)]
        await pilot.press("u")  # asked again, by keys this time
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), timeout=10, what="the question")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is screen and not screen.match.is_over, timeout=10, what="the undo")
        assert stats.summary() == []


async def test_undo_in_a_game_still_going_asks_nothing(home):
    app = make_app({"game": "tic-tac-toe", "seats": [Seat(), Seat()], "seed": 7})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("1", "4")
        await wait_for(pilot, lambda: screen.match.state.history == [0, 3], what="two moves")
        await pilot.press("u")
        await wait_for(pilot, lambda: screen.match.state.history == [0], timeout=10, what="the undo")
        assert app.screen is screen
