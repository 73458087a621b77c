"""ASCII mode and monochrome applied at once on every screen, the command palette's game actions,
and key remapping (binding ids, the keymap setting, the Keys screen)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.command import CommandPalette
from textual.widgets import Input, Select

from tui_games.store.settings import Settings, load_settings, save_settings
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.display_filters import to_ascii
from tui_games.ui.screens.keys import KeysScreen
from tui_games.ui.screens.menu import MenuScreen
from tui_games.ui.screens.rules import RulesScreen
from tui_games.ui.screens.settings import SettingsScreen
from tui_games.ui.screens.stats import StatsScreen
from ui_helpers import FAST, make_app, wait_for, wait_for_game

SIZE = (80, 24)


def _recorded(app) -> Console:
    """A console that recorded the screen exactly as drawn (filters included)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console


def screen_text(app) -> str:
    """The screen as plain text."""
    return _recorded(app).export_text(styles=False)


def screen_colours(app) -> set:
    """Every foreground and background colour used on the screen."""
    console = _recorded(app)
    colours = set()
    for segment in console._record_buffer:
        style = segment.style
        if style is None:
            continue
        for colour in (style.color, style.bgcolor):
            if colour is not None and colour.triplet is not None:
                colours.add(tuple(colour.triplet))
    return colours


def non_ascii(text: str) -> set[str]:
    return {char for char in text if not char.isascii()}


def test_to_ascii_keeps_widths_and_maps_box_drawing():
    assert to_ascii("╭─ Games ─╮") == "+- Games -+"
    assert to_ascii("│ a · b — c │") == "| a . b - c |"
    assert to_ascii("⭘ ⏎ ▼ ↑") == "O < v ^"
    assert to_ascii("🔎x") == "> x"  # a two-cell symbol becomes two characters
    assert to_ascii("━━╸") == "---"
    assert to_ascii("plain") == "plain"


async def _open(pilot, app, key: str, screen_type) -> None:
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(app.screen, screen_type), what=screen_type.__name__)
    await pilot.pause()


async def test_ascii_mode_applies_at_once_to_every_screen(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert non_ascii(screen_text(app))  # Unicode mode draws box lines and symbols
        await _open(pilot, app, "o", SettingsScreen)
        app.screen.query_one("#setting-glyphs", Select).value = "ascii"
        await pilot.pause()
        assert load_settings().glyphs == "ascii"
        assert non_ascii(screen_text(app)) == set(), screen_text(app)  # the settings screen itself
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert non_ascii(screen_text(app)) == set(), screen_text(app)  # the screen underneath
        for key, screen_type in (("question_mark", RulesScreen), ("s", StatsScreen)):
            await _open(pilot, app, key, screen_type)
            assert non_ascii(screen_text(app)) == set(), (screen_type, screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), what="the palette")
        await pilot.pause()
        assert non_ascii(screen_text(app)) == set(), screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        text = screen_text(app)
        assert "terminal too small" in text and non_ascii(text) == set(), text
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        # and back to Unicode, at once too
        app.change_setting("glyphs", "unicode")
        await pilot.pause()
        assert non_ascii(screen_text(app))


async def test_a_game_screen_in_ascii_mode_is_pure_ascii(home):
    app = TuiGamesApp({"game": "blackjack", "seed": 3}, settings=Settings(glyphs="ascii", animation="off",
                                                                         ai_think_time=0.1))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.pause()
        assert screen.view.glyphs.name == "ascii"
        assert non_ascii(screen_text(app)) == set(), screen_text(app)


async def test_footer_keys_read_as_words_in_ascii_mode(home):
    app = TuiGamesApp(settings=Settings(glyphs="ascii", animation="off"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        enter = next(b for b in MenuScreen.BINDINGS if b.id == "menu.new_game")
        assert app.get_key_display(enter) == "Enter"
        app.change_setting("glyphs", "unicode")
        assert app.get_key_display(enter) == "⏎"


async def test_monochrome_setting_and_no_color_leave_only_greys(home, monkeypatch):
    def greys_only(app) -> bool:
        return all(r == g == b for r, g, b in screen_colours(app))

    monkeypatch.delenv("NO_COLOR", raising=False)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not greys_only(app)
        app.change_setting("colour", "monochrome")
        await pilot.pause()
        assert app.monochrome and greys_only(app)
        app.change_setting("colour", "full")
        await pilot.pause()
        assert not greys_only(app)
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()  # colour "auto": NO_COLOR decides
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.monochrome and greys_only(app)
        app.change_setting("colour", "full")  # the player's explicit choice wins over NO_COLOR
        await pilot.pause()
        assert not greys_only(app)


async def run_from_palette(pilot, app, typed: str) -> None:
    """Open the palette, type ``typed`` and run the best match."""
    await pilot.press("ctrl+p")
    await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), what="the palette")
    await pilot.press(*typed)
    await pilot.pause(0.5)
    await pilot.press("enter")


async def test_command_palette_offers_the_game_actions_and_runs_them(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from tui_games.ui.commands import palette_commands

        titles = [c.title for c in palette_commands(app, app.screen)]
        for title in ("New game: Connect Four", "Rules: Nim", "Resume a saved game", "Statistics",
                      "Settings", "Keys", "Theme: Light", "Glyphs: plain ASCII", "Colour: monochrome"):
            assert title in titles, title
        await run_from_palette(pilot, app, "theme light")
        await wait_for(pilot, lambda: app.theme == "light", what="the light theme")
        assert load_settings().theme == "light"
        await run_from_palette(pilot, app, "rules nim")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), what="the rules")
        assert app.screen.spec.id == "nim"


async def test_command_palette_on_a_game_screen_gives_hint_undo_and_rules(home):
    app = TuiGamesApp({"game": "tic-tac-toe", "seats": None, "seed": 1},
                      settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        from tui_games.ui.commands import palette_commands

        titles = [c.title for c in palette_commands(app, screen)]
        assert {"Hint", "Undo", "Rules of this game"} <= set(titles)
        assert not any(t.startswith("New game: ") for t in titles)  # not a second game over this one
        await run_from_palette(pilot, app, "rules of this")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), what="the rules")
        assert app.screen.spec.id == "tic-tac-toe"


async def test_a_saved_keymap_remaps_keys_at_start(home):
    save_settings(Settings(animation="off", keymap={"menu.stats": "x", "menu.resume": "f5"}))
    app = TuiGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")  # no longer Statistics
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await _open(pilot, app, "x", StatsScreen)
        await pilot.press("escape")
        await pilot.pause()
        active = [a.binding for a in app.screen.active_bindings.values() if a.binding.id == "menu.stats"]
        assert [b.key for b in active] == ["x"]
        assert app.get_key_display(active[0]) == "x"  # what the footer shows


async def test_keys_screen_remaps_a_key_refuses_a_clash_and_resets(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _open(pilot, app, "o", SettingsScreen)
        await pilot.click("#open-keys")
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen), what="the keys screen")
        screen = app.screen
        ids = [k.id for k in screen._keys]
        assert {"app.quit", "app.commands", "menu.resume", "game.hint", "game.undo"} <= set(ids)
        table = screen.query_one("#keys-table")
        table.move_cursor(row=ids.index("game.hint"))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("h")  # the hand of cards' Previous card, on the game screen too
        await pilot.pause()
        assert app.settings.keymap == {}
        assert "h is already Previous card (hand of cards)" in str(screen.query_one("#keys-note").render())
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert app.settings.keymap == {"game.hint": "x"}
        assert load_settings().keymap == {"game.hint": "x"}
        table.move_cursor(row=ids.index("game.redo"))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("u")  # Undo's key on the game screen
        await pilot.pause()
        assert "game.redo" not in app.settings.keymap
        assert "already Undo" in str(screen.query_one("#keys-note").render())
        table.move_cursor(row=ids.index("game.hint"))
        await pilot.press("delete")
        await pilot.pause()
        assert app.settings.keymap == {}


@pytest.mark.parametrize("value", ["abc", "0"])
async def test_settings_refuse_a_bad_think_time_without_saving_it(home, value):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _open(pilot, app, "o", SettingsScreen)
        think = app.screen.query_one("#setting-think", Input)
        think.value = value
        await pilot.pause()
        assert "must be a number" in str(app.screen.query_one("#settings-note").render())
        assert load_settings().ai_think_time == FAST.ai_think_time or load_settings() == Settings()


class RecordingWarmer:
    """Stands in for the background warmer: records what the app asks of it."""

    instances: list["RecordingWarmer"] = []

    def __init__(self, specs):
        self.games = [spec.id for spec in specs]
        self.calls: list[tuple] = []
        RecordingWarmer.instances.append(self)

    def start(self):
        self.calls.append(("start",))

    def prefer(self, game_id):
        self.calls.append(("prefer", game_id))

    def pause(self, paused=True):
        self.calls.append(("pause", paused))

    def stop(self, timeout=2.0):
        self.calls.append(("stop",))


async def test_the_menu_warms_up_games_in_the_background_highlighted_first(home, monkeypatch):
    from tui_games import warmup
    from tui_games.ui.screens.game import GameRequest

    RecordingWarmer.instances.clear()
    monkeypatch.setattr(warmup, "BackgroundWarmer", RecordingWarmer)
    app = TuiGamesApp(settings=FAST, warm_up=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: RecordingWarmer.instances, what="the warm-up to start")
        warmer = RecordingWarmer.instances[0]
        assert ("start",) in warmer.calls and set(warmer.games) >= {"nim", "blackjack"}
        assert warmer.calls[warmer.calls.index(("start",)) - 1] == ("pause", False)  # the menu: warm up
        await pilot.press("down", "down")  # Connect Four, then Nim
        await pilot.pause()
        assert [c for c in warmer.calls if c[0] == "prefer"][-1] == ("prefer", "nim")
        app.open_game(GameRequest(game_id="nim", seats=None, seed=1))
        await wait_for(pilot, lambda: ("pause", True) in warmer.calls, what="the warm-up to pause")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), what="the menu")
        assert warmer.calls[-1] == ("pause", False)
        await app.action_quit()
    assert warmer.calls[-1] == ("stop",)


async def test_keys_screen_lists_the_hand_of_cards_keys_and_remaps_one(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _open(pilot, app, "o", SettingsScreen)
        await pilot.click("#open-keys")
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen), what="the keys screen")
        screen = app.screen
        table = screen.query_one("#keys-table")
        rows = {table.get_row_at(i)[3]: table.get_row_at(i) for i in range(table.row_count)}
        hand = [k for k in rows if k.startswith("hand.")]
        assert hand == ["hand.previous", "hand.next", "hand.row_above", "hand.row_below", "hand.first",
                        "hand.last", "hand.select", "hand.play", "hand.clear"]  # after the screens' keys
        assert list(rows).index("hand.previous") == len(rows) - len(hand)
        assert rows["hand.next"][:3] == ["Hand of cards", "Next card", "right,l"]
        assert rows["hand.play"][:3] == ["Hand of cards", "Play", "enter"]
        ids = list(rows)
        table.move_cursor(row=ids.index("hand.next"))
        for refused, why in (("t", "t is already Hint (game)"), ("d", "d is already Draw in UNO"),
                             ("p", "p is already Pass in "), ("left", "left is already Previous card")):
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press(refused)
            await pilot.pause()
            assert app.settings.keymap == {}, refused
            assert why in str(screen.query_one("#keys-note").render())
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("z")  # free in every game with a hand (x is Mahjong's pass)
        await pilot.pause()
        assert app.settings.keymap == {"hand.next": "z"} == load_settings().keymap
        assert table.get_row_at(ids.index("hand.next"))[2] == "z *"


def test_while_a_game_prepares_undo_is_hidden_where_the_game_has_none_and_greyed_where_it_has():
    from tui_games.ui.screens.game import GameRequest, GameScreen

    no_undo = GameScreen(GameRequest(game_id="mahjong"))
    assert no_undo.check_action("undo", ()) is False and no_undo.check_action("redo", ()) is False
    with_undo = GameScreen(GameRequest(game_id="tic-tac-toe"))
    assert with_undo.check_action("undo", ()) is None and with_undo.check_action("redo", ()) is None
    unread_save = GameScreen(GameRequest(resume="/nowhere/save.json"))  # its game is not known yet
    assert unread_save.check_action("undo", ()) is None
