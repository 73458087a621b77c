"""The move log: numbered lines that never wrap, and moves made of parts (a simultaneous turn) that
share a row while they fit and take a row each, under the first part, when they do not."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui_games.games.ropasci360.view import GRID, HEXES, THROW_ACTIONS, short_action
from tui_games.ui.widgets.move_log import PART_BREAK, MoveLog
from layout_helpers import region_lines

SHORT_TURN = PART_BREAK.join(["R@4,-2", "p@-4,2"])
LONG_TURN = PART_BREAK.join(["-2,-2>-3,-1", "-1,-3>-2,-2"])
"""Two slides between hexes with two negative coordinates: 24 columns with the gap between them."""


class LogApp(App):
    """A move log as wide as the game screen's side panel at 80 columns."""

    CSS = "MoveLog { width: 30; height: 20; }"

    def compose(self) -> ComposeResult:
        yield MoveLog(id="move-log")


async def _rows(app: LogApp, pilot) -> list[str]:
    await pilot.pause()
    log = app.query_one(MoveLog)
    inside = [line[2:-1].rstrip("▁▂▃▄▅▆▇█▌▐ ") for line in region_lines(app, log.region)[1:-1]]
    return [row for row in inside if row]


async def test_a_turn_whose_parts_fit_keeps_one_row_and_a_long_one_breaks_under_its_first_part():
    app = LogApp()
    async with app.run_test(size=(60, 24)) as pilot:
        log = app.query_one(MoveLog)
        lines = [SHORT_TURN] * 11 + [LONG_TURN]
        log.show(lines)
        rows = await _rows(app, pilot)
        assert rows[0] == " 1. R@4,-2  p@-4,2"
        assert rows[11] == "12. -2,-2>-3,-1"
        assert rows[12] == "    -1,-3>-2,-2"
        assert len(rows) == 13
        assert not any("…" in row for row in rows), rows
        assert log.lines == lines


async def test_a_wider_log_puts_a_long_turn_back_on_one_row():
    app = LogApp()
    async with app.run_test(size=(60, 24)) as pilot:
        log = app.query_one(MoveLog)
        log.show([SHORT_TURN] * 11 + [LONG_TURN])
        await pilot.pause()
        log.styles.width = 40
        rows = await _rows(app, pilot)
        assert rows[-1] == "12. -2,-2>-3,-1  -1,-3>-2,-2"
        assert len(rows) == 12


def test_the_long_turn_above_is_as_long_as_ropasci_names_get():
    slides_and_swings = [THROW_ACTIONS + start * HEXES + end for start in range(HEXES) for end in range(HEXES)
                         if GRID.distance(start, end) in (1, 2)]
    longest = max(len(short_action(action, seat)) for action in slides_and_swings for seat in (0, 1))
    assert longest == len(LONG_TURN.split(PART_BREAK)[0]) == len(LONG_TURN.split(PART_BREAK)[1])
