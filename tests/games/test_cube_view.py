"""The Rubik's Cube view through Textual's pilot at 80x24: a whole solve by keys (shift, ' and 2),
clicks on the face arrows, the explanation of the next step, 'solve it', undo, ASCII mode, and the
statistics a solve leaves."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from tui_games.match import Seat  # noqa: E402
from tui_games.store import stats  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from ui_helpers import make_app, wait_for, wait_for_game  # noqa: E402

SIZE = (80, 24)


def cube(scramble: str, size: int = 3) -> dict:
    return {"game": "rubiks-cube", "params": {"size": size, "scramble": scramble}, "seats": [Seat()], "seed": 1}


def net_text(screen) -> str:
    return screen.view.net.render().plain


async def test_a_whole_solve_by_keys_is_timed_and_counted(home):
    app = make_app(cube("R U F'"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        area = screen.query_one("#view-slot").region
        for widget in (screen.view.net, screen.view.words):
            assert area.contains_region(widget.region), (widget, widget.region, area)
        assert "Scramble: R U F'" in str(screen.view.words.render())
        assert "Inspect" in net_text(screen) and match.clock_seconds is None
        await pilot.press("f")
        assert match.state.history == [6] and match.clock_running
        await pilot.press("U", "R")
        assert match.state.history == [6, 2, 5]
        assert match.is_over and match.result_text == "Solved in 3 moves"
        await pilot.pause()
        assert "Solved!" in net_text(screen)
    figures = {entry.game_id: entry for entry in stats.game_figures()}["rubiks-cube"]
    assert figures.fewest_moves == 3 and len(figures.times) == 1 and figures.times[0] > 0
    assert any(line.startswith("1 solve, best time") for line in figures.lines())


async def test_prefix_keys_give_half_and_inverse_turns_and_backspace_takes_back(home):
    app = make_app(cube("R2 U' F"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await pilot.press("apostrophe", "f")
        assert match.state.history == [8]
        await pilot.press("u")
        assert match.state.history == [8, 0]
        await pilot.press("backspace")
        assert match.state.history == [8]
        await pilot.press("2")
        assert "next: half" in net_text(screen)
        await pilot.press("2")  # pressed again: cancelled
        assert "next: half" not in net_text(screen)
        await pilot.press("u", "2", "r")
        assert match.state.history == [8, 0, 4] and match.is_over


async def test_clicks_on_a_faces_arrows_turn_it(home):
    app = make_app(cube("R'"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.pause()
        net = screen.view.net
        net.render()
        targets = {move: place for place, move in net._targets.items()}
        assert set(targets) == set(range(18))
        x, y = targets[3]  # R clockwise
        await pilot.click("#cube-net", offset=(x, y))
        await wait_for(pilot, lambda: screen.match.state.history, what="the click's turn", timeout=20)
        assert screen.match.state.history == [3] and screen.match.is_over


async def test_explain_shows_the_beginners_step_and_solve_it_finishes_the_cube(home):
    app = make_app(cube("R U R' U' F2"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("h")
        await wait_for(pilot, lambda: "Step" in str(screen.view.words.render()), what="the explanation")
        words = str(screen.view.words.render())
        assert "of 7" in words and "Moves:" in words and screen.view.hinted is not None
        await pilot.press("s")
        await wait_for(pilot, lambda: screen.match.is_over, what="the solver to finish")
        assert screen.match.seats[0].is_ai and screen.match.state.is_solved
    assert stats.game_figures() == []  # a cube the solver finished is no solve of yours


async def test_ascii_mode_draws_letters_and_plain_arrows(home):
    app = TuiGamesApp(cube("R U", size=2), settings=Settings(glyphs="ascii", ai_think_time=0.1, animation="off"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        text = net_text(screen)
        assert text.isascii() and "< U >" not in text and "<U>" in text  # a 2x2 face is 4 columns wide
        lines = text.splitlines()
        assert len(lines) == 9 and sum(line.count(face) for line in lines for face in "URFDLB") >= 24
