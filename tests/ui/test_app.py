"""The app through Textual's pilot at 80x24: menu, rules, a whole game by keys, save, resume, stats."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from textual.widgets import DataTable, Markdown, OptionList, Select

from tui_games.store import stats
from tui_games.store.settings import load_settings
from tui_games.ui.screens.menu import MenuScreen
from tui_games.ui.screens.new_game import NewGameScreen
from tui_games.ui.screens.resume import ResumeScreen
from tui_games.ui.screens.rules import RulesScreen
from tui_games.ui.screens.settings import SettingsScreen
from tui_games.ui.screens.stats import StatsScreen
from tui_games.ui.screens.too_small import TooSmallScreen
from ui_helpers import make_app, wait_for, wait_for_game

SIZE = (80, 24)


def test_menu_path_imports_no_numba(home):
    """The menu, its dialogs and screens, and every game's rules page must not import numba."""
    script = textwrap.dedent("""
        import asyncio, sys
        from tui_games.ui.app import TuiGamesApp
        async def main():
            app = TuiGamesApp()
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.press("question_mark")
                await pilot.pause()
                assert type(app.screen).__name__ == "RulesScreen", app.screen
                for key, name in (("enter", "NewGameScreen"), ("r", "ResumeScreen"),
                                  ("s", "StatsScreen"), ("o", "SettingsScreen")):
                    await pilot.press("escape")
                    await pilot.pause()
                    await pilot.press(key)
                    await pilot.pause()
                    assert type(app.screen).__name__ == name, app.screen
        asyncio.run(main())
        from tui_games import catalog
        from tui_games.ui.screens.rules import rules_markdown
        for spec in catalog.all_specs():
            assert "## Game screen keys" in rules_markdown(spec), spec.id
        print("numba" in sys.modules)
    """)
    env = dict(os.environ, TUI_GAMES_HOME=str(home))
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"


async def test_menu_lists_every_game_and_opens_rules(home):
    from tui_games import catalog

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        games = app.screen.query_one("#game-list", OptionList)
        listed = {games.get_option_at_index(i).id for i in range(games.option_count)}
        assert set(catalog.ids()) <= listed
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one(Markdown).source.startswith("# Tic Tac Toe")
        assert "## Game screen keys" in app.screen.query_one(Markdown).source
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_hotseat_game_by_keys_save_quit_resume_and_stats(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # new-game dialog for Tic Tac Toe (first in the list)
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        # Make O human with the keyboard: Start has focus; back up to O's seat and pick "Human".
        await pilot.press("shift+tab", "shift+tab")
        assert app.focused.id == "seat-1"
        await pilot.press("enter", "home", "enter")
        await pilot.pause()
        assert app.screen.query_one("#seat-1", Select).value == "human"
        await pilot.press("tab", "tab")
        assert app.focused.id == "start"
        await pilot.press("enter")
        screen = await wait_for_game(pilot, app)
        assert [s.kind for s in screen.match.seats] == ["human", "human"]

        # X: a1, O: a2, X: b1 ... then quit half-way through and resume.
        await pilot.press("1", "4", "2")
        assert screen.match.state.history == [0, 3, 1]
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)

        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("c")  # continue the latest unfinished game
        screen = await wait_for_game(pilot, app)
        assert screen.match.state.history == [0, 3, 1]
        # O: b2, X: c1 completes the top row.
        await pilot.press("5", "3")
        assert screen.match.is_over
        assert screen.match.result_text == "X wins"
        assert screen.view.grid.cell(2).has_class("-last")
        assert all(screen.view.grid.cell(c).has_class("-win") for c in (0, 1, 2))
        await pilot.press("ctrl+s")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)

        rows = [r for r in stats.summary() if r.game_id == "tic-tac-toe"]
        assert rows and rows[0].opponent.startswith("hotseat, as ") and rows[0].played >= 1
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        table = app.screen.query_one("#stats-table", DataTable)
        assert table.row_count == len(stats.summary())
        assert table.get_row_at(0)[:2] == ["Tic Tac Toe", "hotseat, as O"]  # one row per hotseat seat


async def test_game_against_ai_answers_and_highlights_its_move(home):
    from tui_games.match import Seat

    start = {"game": "tic-tac-toe", "params": {}, "seats": [Seat(), Seat("ai", 1)], "seed": 3}
    app = make_app(start)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("5")
        await wait_for(pilot, lambda: len(screen.match.state.history) == 2 and screen.match.human_to_move,
                       what="the AI's answer")
        await pilot.pause()
        reply = screen.match.state.history[1]
        assert reply != 4
        assert screen.view.grid.cell(reply).has_class("-last")
        assert screen.match.move_log[1].startswith("O: ")
        # Undo goes back to the human's turn before the AI answered... and before X's own move.
        await pilot.press("u")
        await pilot.pause()
        assert screen.match.state.history == []
        await pilot.press("y")
        await pilot.pause()
        assert screen.match.state.history[:1] == [4]


async def test_keyboard_cursor_and_mouse_click_play_moves(home):
    from tui_games.match import Seat

    app = make_app({"game": "tic-tac-toe", "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        # The cursor starts in the centre; up, left, Enter plays a1 (cell 0).
        await pilot.press("up", "left", "enter")
        assert screen.match.state.history == [0]
        await pilot.click("#cell-8")
        await pilot.pause()
        assert screen.match.state.history == [0, 8]
        # Clicking a taken cell is refused with the reason, not played.
        await pilot.click("#cell-8")
        await pilot.pause()
        assert screen.match.state.history == [0, 8]


async def test_too_small_terminal_shows_the_needed_size(home):
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-text").render())
        assert "terminal too small (need 80x24, have 60x20)" in text


async def test_theme_switch_applies_live_and_persists(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "dark"
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#setting-theme", Select).value = "light"
        await pilot.pause()
        assert app.theme == "light"
        assert load_settings().theme == "light"
        app.screen.query_one("#setting-glyphs", Select).value = "ascii"
        await pilot.pause()
        assert app.glyphs.name == "ascii"
        assert load_settings().glyphs == "ascii"


async def test_sighup_saves_the_game_and_exits(home):
    import json
    import signal

    from tui_games.match import Seat

    app = make_app({"game": "tic-tac-toe", "seats": [Seat(), Seat()], "seed": 4})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("5", "1")
        path = screen.match.save_path
        path.unlink()  # prove the hang-up writes it again
        os.kill(os.getpid(), signal.SIGHUP)
        await wait_for(pilot, lambda: path.exists() and app.return_code is not None, timeout=30, what="the SIGHUP save")
    assert json.loads(path.read_text())["history"] == [4, 0]


async def test_resume_lists_unreadable_saves_with_the_reason_and_opens_examples(home):
    from tui_games.core.locations import saves_dir
    from tui_games.store.saves import bundled_examples

    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "broken.json").write_text("{ not json", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        listing = app.screen.query_one("#save-list", OptionList)
        lines = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        broken = [line for line in lines if "broken" in line]
        assert broken and "moved aside" in broken[0]
        assert listing.get_option_at_index(lines.index(broken[0])).disabled
        examples = [e for e in bundled_examples() if e.record]
        if examples:
            example = examples[0]
            index = next(i for i in range(listing.option_count)
                         if listing.get_option_at_index(i).id == f"example:{example.path}")
            listing.highlighted = index
            await pilot.press("enter")
            screen = await wait_for_game(pilot, app)
            assert screen.match.state.history[:len(example.record.history)] == example.record.history
            assert screen.match.save_path.parent == saves_dir()


async def test_resuming_a_damaged_save_explains_and_returns_to_the_menu(home):
    from tui_games.core.locations import quarantine_dir, saves_dir

    saves_dir().mkdir(parents=True, exist_ok=True)
    broken = saves_dir() / "damaged.json"
    broken.write_text('{"format": 1, "game": "tic-tac-toe"', encoding="utf-8")
    app = make_app({"resume": str(broken)})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), timeout=60, what="the menu")
        assert not broken.exists()
        assert any(p.name.startswith("damaged") for p in quarantine_dir().iterdir())


async def test_glyph_and_theme_changes_reach_a_running_game(home):
    from tui_games.match import Seat

    app = make_app({"game": "tic-tac-toe", "seats": [Seat(), Seat()], "seed": 4})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("5")
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#setting-glyphs", Select).value = "ascii"
        app.screen.query_one("#setting-theme", Select).value = "high-contrast"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and app.theme == "high-contrast"
        assert "X" in str(screen.view.grid.cell(4).render())
        assert "╳" not in str(screen.view.grid.cell(4).render())


async def test_growing_the_terminal_lifts_the_too_small_screen(home):
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), timeout=10, what="the menu")


def test_streaks_read_as_in_sports_tables():
    from tui_games.ui.screens.stats import streak_text

    assert [streak_text(n) for n in (3, -2, 0)] == ["W3", "L2", "-"]


def test_the_header_leaves_out_empty_text_options():
    """A random cube has no scramble to show: the header says nothing rather than 'scramble '."""
    from types import SimpleNamespace

    from tui_games import catalog
    from tui_games.ui.screens.game import GameScreen

    cube = catalog.get("rubiks-cube")
    random_cube = SimpleNamespace(spec=cube, params={"size": 3, "scramble": ""}, seed=4)
    assert GameScreen._subtitle(random_cube) == "Rubik's Cube · size 3 · seed 4"
    scrambled = SimpleNamespace(spec=cube, params={"size": 3, "scramble": "R U"}, seed=4)
    assert GameScreen._subtitle(scrambled) == "Rubik's Cube · size 3, scramble R U · seed 4"


async def test_a_view_that_fails_to_draw_is_reported_and_the_game_kept(home, monkeypatch):
    """A view raising while the game screen loads it must not leave the screen hanging at 'ready':
    the player is told, the game is saved, and the menu comes back."""
    from tui_games.match import Seat
    from tui_games.store.saves import list_saves
    from tui_games.ui import views
    from tui_games.ui.game_view import GameView

    class BrokenView(GameView):
        def redraw(self) -> None:
            raise ZeroDivisionError("drawing went wrong")

    monkeypatch.setattr(views, "view_class", lambda spec: BrokenView)
    app = make_app({"game": "nim", "seats": [Seat(), Seat()], "seed": 3})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("could not be drawn" in str(n.message) for n in app._notifications),
                       what="the failure to be reported")
        message = next(str(n.message) for n in app._notifications if "could not be drawn" in str(n.message))
        assert "ZeroDivisionError: drawing went wrong" in message and "saved" in message
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), what="the menu")
    assert any(save.game_id == "nim" for save in list_saves())
