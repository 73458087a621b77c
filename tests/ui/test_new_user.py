"""What a new player met: truthful options, progress that only moves forward, deleting saves, the
new-game dialog remembering the last choices, and storage faults reported without losing the game."""

from __future__ import annotations

import errno
import json

from textual.widgets import Input, OptionList, Select, Static
from textual.widgets._footer import FooterKey

from layout_helpers import region_text, screen_lines
from tui_games import catalog
from tui_games.match import Match, Seat
from tui_games.ui.screens.confirm import ConfirmScreen
from tui_games.ui.screens.game import PreparingProgress
from tui_games.ui.screens.menu import MenuScreen
from tui_games.ui.screens.new_game import NewGameScreen
from tui_games.ui.screens.resume import ResumeScreen
from ui_helpers import make_app, wait_for, wait_for_game

SIZE = (80, 24)


async def open_new_game_dialog(pilot, app, game_id: str) -> NewGameScreen:
    """Highlight ``game_id`` in the menu and press Enter."""
    games = app.screen.query_one("#game-list", OptionList)
    games.highlighted = next(i for i in range(games.option_count) if games.get_option_at_index(i).id == game_id)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


# ----- Blackjack's simple rules deal one deck and offer no decks option ---------------------------------
async def test_simple_blackjack_neither_offers_nor_shows_a_decks_option(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = await open_new_game_dialog(pilot, app, "blackjack")
        decks_row = dialog.query_one("#param-decks").parent
        assert decks_row.display
        dialog.query_one("#param-rules", Select).value = "simple"
        await pilot.pause()
        assert not decks_row.display
        assert "decks" not in dialog.build_request().params
        dialog.query_one("#param-rules", Select).value = "american"
        await pilot.pause()
        assert decks_row.display
        dialog.query_one("#param-rules", Select).value = "simple"
        await pilot.pause()
        await pilot.click("#start")
        screen = await wait_for_game(pilot, app)
        assert screen.match.state.decks == 1
        assert "deck" not in screen.sub_title.replace("1 deck", "")
        assert "decks" not in "\n".join(screen_lines(app))
        assert "Simple rules, 1 deck" in str(screen.query_one("#score-panel", Static).render())


def test_menu_says_the_decks_option_is_for_american_rules_only():
    from tui_games.ui import describe

    spec = catalog.get("blackjack")
    decks = next(p for p in spec.params if p.name == "decks")
    assert "american" in describe.param_text(decks, spec)
    assert describe.shown_params(spec, {"rules": "simple", "decks": 6, "seats": 2}) == {
        "rules": "simple", "seats": 2}
    assert describe.shown_params(spec, {"rules": "american", "decks": 6, "seats": 2})["decks"] == 6


# ----- the preparing bar never goes backwards ----------------------------------------------------------
def test_preparing_progress_only_moves_forward():
    # What prepare() reports for a first open: the compiler child's steps, then the loading here.
    reports = [(0, 1), (1, 4), (2, 4), (3, 4), (0, 3), (1, 3), (2, 3), (3, 3)]
    progress = PreparingProgress()
    shown = [progress.advance(step, total) for step, total in reports]
    assert shown == sorted(shown), shown
    assert shown[0] == 0 and shown[-1] == 100
    assert len(set(shown)) > 4  # it still moves with every step


# ----- fixed seat counts read '2 players' --------------------------------------------------------------
async def test_new_game_dialog_names_a_fixed_player_count_plainly(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = await open_new_game_dialog(pilot, app, "nim")
        title = str(dialog.query_one("#new-game-dialog").border_title)
        assert "2 players" in title and "2-2" not in title
        await pilot.press("escape")
        await pilot.pause()
        dialog = await open_new_game_dialog(pilot, app, "blackjack")
        assert "1-3 players" in str(dialog.query_one("#new-game-dialog").border_title)


# ----- deleting saves from the resume screen -----------------------------------------------------------
def make_save(moves: list[int], seed: int = 1) -> Match:
    """A Tic Tac Toe hotseat save with ``moves`` played."""
    match = Match.new(catalog.get("tic-tac-toe"), {}, [Seat(), Seat()], seed)
    for move in moves:
        match.play(move)
    return match


def listed_paths(screen) -> list[str]:
    listing = screen.query_one("#save-list", OptionList)
    return [listing.get_option_at_index(i).id or "" for i in range(listing.option_count)]


async def open_resume(pilot, app, highlighted: str) -> ResumeScreen:
    """Open the saved games from the menu with the entry ``highlighted`` ('save:PATH', 'example:PATH')."""
    await pilot.pause()
    await pilot.press("r")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ResumeScreen)
    screen.query_one("#save-list", OptionList).highlighted = listed_paths(screen).index(highlighted)
    await pilot.pause()
    return screen


async def test_a_save_is_deleted_after_confirmation_by_key(home):
    keep, drop = make_save([4]), make_save([0, 4])
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_resume(pilot, app, f"save:{drop.save_path}")
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Tic Tac Toe" in str(app.screen.query_one("#confirm-question", Static).render())
        await pilot.press("escape")  # changed my mind: nothing is deleted
        await pilot.pause()
        assert app.screen is screen and drop.save_path.exists()
        await pilot.press("d", "enter")  # Enter presses the focused button: Cancel, never Delete
        await pilot.pause()
        assert app.screen is screen and drop.save_path.exists()
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen
        assert not drop.save_path.exists() and keep.save_path.exists()
        assert f"save:{drop.save_path}" not in listed_paths(screen)
        assert f"save:{keep.save_path}" in listed_paths(screen)


async def test_a_save_is_deleted_with_the_mouse(home):
    match = make_save([4, 0])
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_resume(pilot, app, f"save:{match.save_path}")
        key = next(k for k in screen.query(FooterKey) if k.action == "delete")
        await pilot.click(key)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.click("#confirm-yes")
        await pilot.pause()
        assert not match.save_path.exists()
        assert app.screen is screen


async def test_examples_cannot_be_deleted(home):
    from tui_games.store.saves import bundled_examples

    examples = [e for e in bundled_examples() if e.record]
    assert examples
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_resume(pilot, app, f"example:{examples[0].path}")
        await pilot.press("d")
        await pilot.pause()
        assert app.screen is screen  # no confirmation: there is nothing to delete
        assert examples[0].path.exists()


def test_delete_save_refuses_files_outside_the_saves_folder(home, tmp_path):
    import pytest

    from tui_games.core.errors import SaveFileError
    from tui_games.store.saves import delete_save

    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}", encoding="utf-8")
    with pytest.raises(SaveFileError):
        delete_save(outside)
    assert outside.exists()
    match = make_save([4])
    delete_save(match.save_path)
    assert not match.save_path.exists()


# ----- the new-game dialog remembers the last options ----------------------------------------------------
async def test_new_game_dialog_remembers_the_last_options_per_game(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = await open_new_game_dialog(pilot, app, "nim")
        dialog.query_one("#param-heaps", Input).value = "5"
        dialog.query_one("#seat-1", Select).value = "ai:3"
        await pilot.pause()
        await pilot.click("#start")
        screen = await wait_for_game(pilot, app)
        assert screen.match.params["heaps"] == 5
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), what="the menu")
        dialog = await open_new_game_dialog(pilot, app, "nim")
        assert dialog.query_one("#param-heaps", Input).value == "5"
        assert dialog.query_one("#seat-1", Select).value == "ai:3"
        await pilot.press("escape")
        await pilot.pause()
        dialog = await open_new_game_dialog(pilot, app, "tic-tac-toe")  # another game keeps its defaults
        assert dialog.query_one("#seat-1", Select).value == "ai:2"  # its default, not Nim's choice

    app = make_app()  # ... and a later run remembers too
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = await open_new_game_dialog(pilot, app, "nim")
        assert dialog.query_one("#param-heaps", Input).value == "5"


async def test_unusable_remembered_options_fall_back_to_the_defaults(home):
    from tui_games.store import recent

    recent.remember_options("nim", {"params": {"heaps": 99, "size": "x"}, "seats": ["ai:42", "robot"]})
    recent.remember_options("tic-tac-toe", {"params": "nonsense", "seats": 7})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = await open_new_game_dialog(pilot, app, "nim")
        spec = catalog.get("nim")
        assert dialog.query_one("#param-heaps", Input).value == str(spec.defaults()["heaps"])
        assert dialog.query_one("#seat-1", Select).value.startswith("ai:")
        await pilot.press("escape")
        await pilot.pause()
        await open_new_game_dialog(pilot, app, "tic-tac-toe")
    recent.recent_file().write_text("{ broken", encoding="utf-8")
    assert recent.last_options("nim") == {}


def test_remembered_options_are_stored_per_game(home):
    from tui_games.store import recent

    recent.remember_options("nim", {"params": {"heaps": 4}, "seats": ["human", "ai:2"]})
    recent.remember_options("2048", {"params": {}, "seats": ["human"]})
    assert recent.last_options("nim") == {"params": {"heaps": 4}, "seats": ["human", "ai:2"]}
    assert recent.last_options("2048")["seats"] == ["human"]
    assert recent.last_options("connect-four") == {}
    assert set(json.loads(recent.recent_file().read_text(encoding="utf-8"))) == {"nim", "2048"}


# ----- storage faults: reported, the game goes on --------------------------------------------------------
async def test_a_full_disk_is_reported_and_the_game_goes_on(home, monkeypatch):
    from tui_games.store import saves

    app = make_app({"game": "tic-tac-toe", "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)

        def full_disk(path, record):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(saves, "write_save", full_disk)
        await pilot.press("5")
        await pilot.pause()
        assert screen.match.state.history == [4]
        warning = screen.query_one("#storage-warning", Static)
        assert warning.display
        shown = region_text(app, warning.region)
        assert "disk full" in shown or "No space left on device" in shown, shown
        await pilot.press("1")  # still playable
        await pilot.pause()
        assert screen.match.state.history == [4, 0]
        monkeypatch.undo()
        await pilot.press("2")  # the disk has room again: the warning goes once a save succeeds
        await pilot.pause()
        assert screen.match.state.history == [4, 0, 1]
        if getattr(screen.match, "storage_problem", None) is None:
            assert not warning.display


async def test_statistics_that_cannot_be_written_are_reported_at_the_end(home, monkeypatch):
    from tui_games.store import stats

    app = make_app({"game": "tic-tac-toe", "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)

        def locked(*args, **kwargs):
            from tui_games.core.errors import StorageError

            raise StorageError("the statistics are locked by another program", "database is locked")

        monkeypatch.setattr(stats, "record_game", locked)
        await pilot.press("1", "4", "2", "5", "3")
        await pilot.pause()
        assert screen.match.is_over and screen.match.state.history == [0, 3, 1, 4, 2]
        warning = screen.query_one("#storage-warning", Static)
        assert warning.display and "locked" in region_text(app, warning.region)
        assert "X wins" in "\n".join(screen_lines(app))
