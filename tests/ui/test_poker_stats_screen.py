"""The statistics screen at 80x24 shows the highlighted row's own figures (poker's hands won, bb/100,
biggest pot, showdowns) beside the table, read from what the statistics recorded."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from tui_games.core import registry
from tui_games.core.results import SeatResult
from tui_games.games.limit_holdem.entry import SPEC as LIMIT
from tui_games.store import stats
from tui_games.ui.screens.stats import StatsScreen
from ui_helpers import make_app, wait_for

SIZE = (80, 24)


@pytest.fixture
def catalogued():
    """Limit Hold'em in the catalogue (before its spec.py puts it there), for its figure labels."""
    added = LIMIT.id not in registry.ids()
    if added:
        registry.register(LIMIT)
    yield
    if added:
        registry.unregister(LIMIT.id)


async def test_the_highlighted_row_shows_its_poker_figures(home, catalogued):
    sitting = SeatResult(seat=0, outcome="won", chips=36.0, points=36.0, deals=10, place=1,
                         counts={"hands": 10, "hands_won": 4, "big_blinds": 18.0, "showdowns": 3, "showdowns_won": 2},
                         peaks={"biggest_pot": 24})
    assert stats.record_game("limit-holdem", "AI Solid (2)", [sitting], game_key="sitting")
    assert stats.record_game("tic-tac-toe", "AI Perfect (3)", [SeatResult(seat=0, outcome="drawn")], game_key="ttt")
    (row,) = [r for r in stats.summary() if r.game_id == "limit-holdem"]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), what="the statistics")
        table = app.screen.query_one("#stats-table", DataTable)
        records = app.screen.query_one("#records-text", Static)
        poker_row = next(i for i in range(table.row_count) if "AI Solid (2)" in table.get_row_at(i))
        table.move_cursor(row=poker_row)
        await pilot.pause()
        text = str(records.render()).replace("\n", " ")
        assert f"Limit Texas Hold'em against AI Solid (2): {', '.join(row.lines())}" in text
        assert row.lines() == ["net chips +36", "hands 10", "hands won 4", "bb/100 +180.0", "biggest pot 24",
                               "showdowns 3", "showdowns won 2"]
        table.move_cursor(row=1 - poker_row)
        await pilot.pause()
        assert "against AI Solid (2)" not in str(records.render())  # a game without figures of its own
