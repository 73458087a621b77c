"""The Hex view through Textual's pilot at 80x24: typed cells, arrows and Enter, the swap, clicks,
the last stone and the winning chain highlighted, the rims and coordinates, ASCII mode, a board too
large for the plain drawing, refused moves with their reasons, and a whole 11x11 game by keys with its save
and statistics."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from textual.widgets import Static  # noqa: E402

from tui_games.match import Seat  # noqa: E402
from tui_games.store import saves, stats  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from ui_helpers import make_app, wait_for_game  # noqa: E402

SIZE = (80, 24)


def hotseat(size: int, swap: str = "on") -> dict:
    return {"game": "hex", "params": {"size": size, "swap": swap}, "seats": [Seat(), Seat()], "seed": 1}


def drawn(screen) -> list[str]:
    return screen.view.board.render().plain.splitlines()


async def click_cell(pilot, screen, cell: int) -> None:
    board = screen.view.board
    line, column = board.hex_layout.places[cell]
    await pilot.click("#hex-board", offset=(column + 1, line))  # the board has one column of padding
    await pilot.pause()


async def test_typed_cells_swap_arrows_and_clicks(home):
    app = make_app(hotseat(11))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await pilot.press("c", "5")
        assert match.state.history == [46]
        assert "swap" in " ".join(screen.view.status_lines(match))
        await pilot.press("s")
        assert match.state.history == [46, 121] and match.state.current_player == 0
        await pilot.press("right", "enter")
        assert match.state.history == [46, 121, 47]
        await click_cell(pilot, screen, 0)
        assert match.state.history == [46, 121, 47, 0]
        # a1 (row 1 of 11) waits for a second digit; Enter plays it: a1 is taken, so nothing happens
        await pilot.press("b", "1", "enter")
        assert match.state.history == [46, 121, 47, 0, 1]
        await pilot.press("b", "1", "1")
        assert match.state.history[-1] == 10 * 11 + 1
        lines = drawn(screen)
        assert lines[0].split() == list("abcdefghijk")
        assert set(lines[1].strip()) == {"─"} and set(lines[-2].strip()) == {"─"}
        assert lines[2].split()[0] == "1" and lines[2].count("╲") == 2 and lines[2].split()[-1] == "1"
        assert lines[12].split()[-1] == "11"
        assert max(len(line) for line in lines) <= 50


async def test_the_last_stone_and_the_winning_chain(home):
    app = make_app(hotseat(3, "off"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        assert screen.view.step == 4  # a small board takes the roomy spacing
        await pilot.press("c", "1")
        board = screen.view.board
        assert "last" in board._states[2] and "[X]" in "".join(drawn(screen))
        await pilot.press("a", "1", "b", "2", "b", "1", "a", "3")
        match = screen.match
        assert match.is_over and match.state.winner == 0
        assert {c for c in range(9) if "win" in board._states[c]} == {2, 4, 6}
        assert "X" in match.result_text


def notes(app) -> list[str]:
    """The messages of the notifications shown."""
    return [str(notification.message) for notification in app._notifications]


async def test_a_taken_cell_and_a_late_swap_are_refused_with_the_reason(home):
    app = make_app(hotseat(5, "on"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("c", "3", "c", "3")
        await pilot.pause()
        assert screen.match.state.history == [12]
        assert "c3 is taken (by X)" in notes(app)
        await pilot.press("a", "1", "s")
        await pilot.pause()
        assert screen.match.state.history == [12, 0]
        assert "the swap is only allowed as the second player's first move" in notes(app)


async def test_a_whole_game_by_keys_at_80x24(home):
    """Black opens on c2, White swaps with s (its stone goes to b3), then Black fills row 1 by typed
    cells while White answers on row 6 with a row number alone and Enter (the cursor keeps Black's
    column), once by the arrow keys; White's eleventh stone joins left and right."""
    app = make_app(hotseat(11))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        scroll = screen.query_one("#hex-scroll")
        assert scroll.virtual_size.height <= scroll.size.height  # 11x11 fits 80x24 without scrolling
        assert scroll.virtual_size.width <= scroll.size.width and screen.view.step == 2
        assert screen.query_one("#view-slot").region.contains_region(screen.view.board.region)
        await pilot.press("c", "2")
        await pilot.press("s")
        assert match.state.history == [13, 121] and match.state.owners[23] == 2
        for column in "abcdefghijk":
            await pilot.press(column, "1", "enter")  # row 1 of 11 waits for a second digit
            if column == "e":
                await pilot.press(*["down"] * 5, "enter")
            else:
                await pilot.press("6", "enter")
        await pilot.pause()
        assert match.state.history[2:] == [cell for column in range(11) for cell in (column, 55 + column)]
        assert match.is_over and match.state.winner == 1
        assert match.result_text == "White (O) wins, joining left and right in 11 stones"
        board = screen.view.board
        assert {c for c in range(121) if "win" in board._states[c]} == set(range(55, 66))
        assert "[" not in drawn(screen)[7]  # the chain is highlighted, not framed as the last stone
        assert "White (O) wins" in str(screen.query_one("#turn-line", Static).render())
        save_path = match.save_path
    record = saves.read_save(save_path)
    assert record.finished and [row["outcome"] for row in record.outcome["seats"]] == ["lost", "won"]
    rows = {row.opponent: row for row in stats.summary() if row.game_id == "hex"}
    assert rows["hotseat, as White (O)"].won == 1 and rows["hotseat, as Black (X)"].lost == 1


async def test_ascii_mode_draws_plain_characters(home):
    app = TuiGamesApp(hotseat(7), settings=Settings(ai_think_time=0.1, animation="off", glyphs="ascii"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("d", "4")
        lines = drawn(screen)
        assert all(line.isascii() for line in lines)
        assert set(lines[1].strip()) == {"-"} and lines[2].count("\\") == 2
        assert "[X]" in "".join(lines)


async def test_a_large_board_is_drawn_compactly_and_still_plays(home):
    app = make_app(hotseat(19, "off"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("s", "1", "9")  # s is column s on 19x19 when there is no swap to make
        assert screen.match.state.history == [18 * 19 + 18]
        await pilot.press("left", "enter")
        assert screen.match.state.history[-1] == 18 * 19 + 17
        await pilot.press("a", "1", "enter")  # row 1 of 19 waits for a second digit: Enter plays a1
        assert screen.match.state.history[-1] == 0
        scroll = screen.query_one("#hex-scroll")
        assert scroll.virtual_size.height <= scroll.size.height and screen.view.step == 1  # the dense drawing
