"""The Othello view through Textual's pilot at 80x24: typed squares, arrows and Enter, clicks, the
legal-move dots, the last move and its flips, the disc count, passing, ASCII mode, and the fit."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from tui_games.match import Seat  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from ui_helpers import make_app, wait_for, wait_for_game  # noqa: E402

SIZE = (80, 24)
HOTSEAT = {"game": "othello", "seats": [Seat(), Seat()], "seed": 1}


def cell(screen, square: int):
    """The grid cell showing board square ``square`` (the grid has a header row and column)."""
    return screen.view.grid.cell((square // 8 + 1) * 9 + square % 8 + 1)


async def test_typed_squares_arrows_and_clicks_play_moves(home):
    app = make_app(HOTSEAT)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        assert {s for s in range(64) if cell(screen, s).has_class("-target")} == {19, 26, 37, 44}
        await pilot.press("d", "3")
        assert match.state.history == [19]
        assert cell(screen, 19).has_class("-last") and cell(screen, 27).has_class("-new")
        assert str(cell(screen, 19).render()).strip("→← ") == "X"
        score = str(app.screen.query_one("#score-panel", Static).render())
        assert "Black (X) 4" in score and "White (O) 1" in score
        # White's moves are c3, e3 and c5; the cursor stays on d3: left, Enter plays c3.
        await pilot.press("left", "enter")
        assert match.state.history == [19, 18]
        target = match.state.legal_actions()[0]
        await pilot.click(f"#cell-{(target // 8 + 1) * 9 + target % 8 + 1}")
        await pilot.pause()
        assert match.state.history == [19, 18, target]


async def test_an_illegal_square_is_refused_and_nothing_changes(home):
    app = make_app(HOTSEAT)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("a", "1")  # empty but turns nothing over
        await pilot.click("#cell-40")  # d4: taken
        await pilot.pause()
        assert screen.match.state.history == []


async def test_a_player_without_a_move_passes_with_p(home):
    position = "X" * 54 + "O-" + "X" * 6 + "-- O"  # white has no move, black has
    app = make_app({**HOTSEAT, "params": {"position": position}})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        assert "must pass" in str(app.screen.query_one("#score-panel", Static).render())
        await pilot.press("p")
        assert screen.match.state.history == [64]
        assert "passed" in str(app.screen.query_one("#score-panel", Static).render())
        await pilot.press("h", "8")
        assert screen.match.state.history == [64, 63]


async def test_the_ai_answers_and_its_move_is_marked(home):
    app = make_app({"game": "othello", "seats": [Seat(), Seat("ai", 1)], "seed": 4})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("f", "5")
        await wait_for(pilot, lambda: len(screen.match.state.history) == 2, what="the AI's reply")
        await pilot.pause()
        reply = screen.match.state.history[1]
        assert cell(screen, reply).has_class("-last")
        assert any(cell(screen, s).has_class("-new") for s in screen.match.state.flipped)


async def test_ascii_mode_draws_plain_characters(home):
    app = TuiGamesApp(HOTSEAT, settings=Settings(ai_think_time=0.1, animation="off", glyphs="ascii"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("d", "3")
        drawn = [str(cell(screen, s).render()) for s in range(64)]
        assert all(text.isascii() for text in drawn)
        assert drawn[19].strip() == ">X<"
        dots = {s for s, text in enumerate(drawn) if text.strip() == "."}
        assert dots == set(screen.match.state.legal_actions())


async def test_the_board_fits_an_80x24_terminal(home):
    app = make_app(HOTSEAT)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.pause()
        area = screen.query_one("#view-slot").region
        board = screen.view.grid.region
        assert board.area and area.contains_region(board)
