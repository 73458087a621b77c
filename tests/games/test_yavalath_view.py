"""The Yavalath board through Textual's pilot at 80x24: typed cells, arrows and Enter, the swap, clicks,
the last stone, the winning four and the losing three marked, the forced block, ASCII mode, a whole
two-player game by keys and a whole three-seat hotseat game with a player going out, with its save
and statistics; the board fits 80x24 (and a narrower view)."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from layout_helpers import screen_lines  # noqa: E402
from tui_games.match import Match, Seat  # noqa: E402
from tui_games.store import saves, stats  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from ui_helpers import make_app, wait_for_game  # noqa: E402
from yavalath_positions import cells  # noqa: E402

SIZE = (80, 24)


def hotseat(players: int = 2, swap: str = "on") -> dict:
    """A hotseat game of ``players`` humans."""
    return {"game": "yavalath", "params": {"players": players, "swap": swap}, "seats": [Seat()] * players, "seed": 1}


def drawn(screen) -> list[str]:
    """The board as plain text lines."""
    return screen.view.board.render().plain.splitlines()


def panel(screen, name: str) -> str:
    """The plain text of a side-panel Static (seats-panel, score-panel, turn-line)."""
    return str(screen.query_one(f"#{name}", Static).render())


def note(screen) -> str:
    """The line under the board."""
    return str(screen.view.query_one("#yavalath-note", Static).render())


async def type_cells(pilot, *names: str) -> None:
    """Type each cell's row letter and number."""
    for name in names:
        await pilot.press(*name)
    await pilot.pause()


async def click_cell(pilot, screen, cell: int) -> None:
    """Click the cell's mark (the board has one column of padding)."""
    line, column = screen.view.board.hex_layout.places[cell]
    await pilot.click("#yavalath-board", offset=(column + 1, line))
    await pilot.pause()


async def test_yavalath_typed_cells_swap_arrows_and_clicks(home):
    app = make_app(hotseat())
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match, view = screen.match, screen.view
        assert view.cursor == 30 and note(screen) == "e5: Enter plays here"
        await type_cells(pilot, "c3")
        assert match.state.history == [cells("c3")[0]]
        assert "Black may swap: press s" in view.status_lines(match)
        await pilot.press("s")
        assert match.state.history[-1] == 61 and match.state.current_player == 0
        assert "Black swapped" in view.status_lines(match)
        await pilot.press("right", "enter")  # the cursor was left on c3: c4
        assert match.state.history[-1] == cells("c4")[0]
        await pilot.press("down", "down", "enter")  # c4 -> d4/d5 -> e: the same column, row e
        assert match.state.cell_name(match.state.history[-1]) == "e5"
        await click_cell(pilot, screen, 0)
        assert match.state.history[-1] == 0
        await pilot.press("a", "7")  # row a has 5 cells: refused, nothing played
        assert len(match.state.history) == 5 and view.typed_row == 0
        await type_cells(pilot, "a1")  # taken: the game screen refuses it with the reason
        assert len(match.state.history) == 5
        await pilot.press("3")  # a number alone moves the cursor along its row
        assert view.cursor == 2 and len(match.state.history) == 5
        lines = drawn(screen)
        assert lines[0].split() == ["1", "2", "3", "4", "5"] and lines[-1].split() == ["1", "2", "3", "4", "5"]
        assert [line.split()[0] for line in lines[1:10]] == list("abcdefghi")
        assert [line.split()[-1] for line in lines[1:10]] == list("abcdefghi")
        assert "[●]" in lines[1]  # the last stone, a1, framed


async def test_yavalath_a_whole_game_by_keys_ends_with_the_four_marked(home):
    app = make_app(hotseat())
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await type_cells(pilot, "e1", "i1", "e2", "i3", "e4", "e9")
        await pilot.press("3")  # a number alone: the cursor goes to e3 (Black's e9 left it on row e)
        assert note(screen) == "e3: four in a row, a win" and len(match.state.history) == 6
        await pilot.press("enter")
        await pilot.pause()
        assert match.is_over and match.result_text == "White wins with four in a row"
        assert "Game over: White wins with four in a row" in panel(screen, "turn-line")
        assert drawn(screen)[5].count("*●*") == 4 and "[" not in drawn(screen)[5]
        save_path = match.save_path
    record = saves.read_save(save_path)
    assert record.finished and [row["outcome"] for row in record.outcome["seats"]] == ["won", "lost"]
    rows = {row.opponent: row for row in stats.summary() if row.game_id == "yavalath"}
    assert rows["hotseat, as White"].won == 1 and rows["hotseat, as Black"].lost == 1


async def test_yavalath_the_line_under_the_board_warns_before_a_three(home):
    app = make_app(hotseat(swap="off"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await type_cells(pilot, "e1", "i1", "e2", "e9")
        await pilot.press("3")
        assert note(screen) == "e3: makes three, you lose!" and len(match.state.history) == 4
        await pilot.press("enter")
        await pilot.pause()
        assert match.is_over and match.result_text == "White made three: Black wins"
        assert drawn(screen)[5].count("!●!") == 3


async def test_yavalath_ascii_mode_draws_plain_characters(home):
    app = TuiGamesApp(hotseat(3), settings=Settings(ai_think_time=0.1, animation="off", glyphs="ascii"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await type_cells(pilot, "e5", "e4", "e6")
        text = "\n".join(drawn(screen))
        assert text.isascii() and {"o", "#", "^", "."} <= set(text)
        assert "^ Red" in screen.view.status_lines(screen.match)
        assert all(line.isascii() for line in screen_lines(app))


async def test_yavalath_a_three_seat_hotseat_game_with_a_forced_block_and_a_player_out(home):
    app = make_app(hotseat(3))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match, view = screen.match, screen.view
        seats = panel(screen, "seats-panel")
        assert "White: Human" in seats and "Black: Human" in seats and "Red: Human" in seats
        await type_cells(pilot, "e5", "a1", "g1", "c3", "a2", "g2", "c7", "a4", "i5")
        # White must block Black's a3 (a1 a2 a3 a4)
        assert match.state.blocking and match.state.legal_actions() == [2]
        assert "Must block Black: a3" in view.status_lines(match)
        await type_cells(pilot, "e1")
        assert len(match.state.history) == 9  # refused: not a block
        await type_cells(pilot, "a3", "b1", "g3")  # White blocks; Black; Red's g1 g2 g3: out
        assert match.state.seats_out == [2] and not match.is_over
        assert "Red: Human (out)" in panel(screen, "seats-panel")
        assert "▲ Red (out)" in view.status_lines(match)
        assert drawn(screen)[7].count("!▲!") == 3
        assert "White to move" in panel(screen, "turn-line")
        await type_cells(pilot, "e4", "i1", "e7", "i3", "e6")  # Red is skipped; White's e4-e7
        assert match.is_over and match.result_text == "White wins with four in a row (Red out)"
        save_path = match.save_path
    record = saves.read_save(save_path)
    assert record.params["players"] == 3 and record.seats == ["human"] * 3
    assert [(row["seat"], row["outcome"]) for row in record.outcome["seats"]] == [(0, "won"), (1, "lost"), (2, "lost")]
    rows = {row.opponent: row for row in stats.summary() if row.game_id == "yavalath"}
    assert (rows["hotseat, as White"].won, rows["hotseat, as Black"].lost, rows["hotseat, as Red"].lost) == (1, 1, 1)
    resumed = Match.resume(save_path)
    assert resumed.is_over and resumed.state.seats_out == [2] and resumed.state.history == record.history


async def test_yavalath_the_board_fits_80x24_and_narrows_in_a_small_view(home):
    app = make_app(hotseat(3))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.pause()
        view = screen.view
        assert view.step == 4
        area = screen.query_one("#view-slot").region
        for widget in view.walk_children():
            if widget.display and widget.region.area and not any(
                    isinstance(a, VerticalScroll) for a in widget.ancestors):
                assert area.contains_region(widget.region), (widget, widget.region, area)
        assert view.fit(30, 16) and view.step == 2  # a view too narrow for the roomy spacing
        assert view.board.hex_layout.width + 2 <= 30 and view.board.hex_layout.height + 1 <= 16
        assert view.fit(area.width, area.height) and view.step == 4
