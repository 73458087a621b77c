"""The Textual application: themes, settings, screen navigation, too-small guard and SIGHUP save.

``run_app(start)`` is what ``tui-games`` (the CLI) calls. ``start`` is None for the menu,
``{"resume": path}`` to reopen a save, or ``{"game": id, "params": {...}, "seats": [Seat, ...],
"seed": int}`` to start a game directly; the menu is always underneath, so quitting a game lands there.
"""

from __future__ import annotations

import asyncio
import signal
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding

from tui_games.core.spec import GameSpec
from tui_games.store.settings import Settings, load_settings, save_settings
from tui_games.themes import DEFAULT_THEME, THEMES, stylesheet_path
from tui_games.ui.glyphs import Glyphs, glyphs_for
from tui_games.ui.screens.game import GameRequest, GameScreen
from tui_games.ui.screens.menu import MenuScreen
from tui_games.ui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

ANIMATION_LEVELS = {"full": "full", "reduced": "basic", "off": "none"}
"""Our animation setting to Textual's ``App.animation_level``."""


def request_from_start(start: dict | None) -> GameRequest | None:
    """Turn ``run_app``'s ``start`` argument into a GameRequest (None: just the menu)."""
    if not start:
        return None
    if "resume" in start:
        return GameRequest(resume=Path(start["resume"]))
    if "example" in start:
        return GameRequest(example=Path(start["example"]))
    return GameRequest(game_id=start["game"], params=dict(start.get("params") or {}),
                       seats=list(start["seats"]) if start.get("seats") else None, seed=start.get("seed"))


class TuiGamesApp(App):
    """The tui-games application."""

    TITLE = "tui-games"
    CSS_PATH = stylesheet_path()
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, start: dict | None = None, settings: Settings | None = None) -> None:
        super().__init__()
        self.start_request = request_from_start(start)
        """The game to open over the menu at start-up, if any."""
        self.settings: Settings = settings or load_settings()
        """The user's settings (changed through :meth:`change_setting`)."""
        self.glyphs: Glyphs = glyphs_for(self.settings.glyphs)
        """The glyph set views draw with."""
        self.active_match: Any = None
        """The match on the game screen, saved on quit and on SIGHUP."""
        for theme in THEMES.values():
            self.register_theme(theme)
        self.theme = self.settings.theme if self.settings.theme in THEMES else DEFAULT_THEME
        self.animation_level = ANIMATION_LEVELS.get(self.settings.animation, "full")
        self.set_class(self.glyphs.name == "ascii", "-ascii")
        self._started = False

    def on_mount(self) -> None:
        """Show the menu (and the requested game), watch the size, save on SIGHUP."""
        self.push_screen(MenuScreen())
        if self.start_request is not None:
            self.open_game(self.start_request)
        self._install_hangup_handler()
        self._started = True
        self._check_size(self.size.width, self.size.height)

    # ----- terminal size and signals ------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        """Show or lift the too-small screen."""
        if self._started:
            self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        guards = [s for s in self.screen_stack if isinstance(s, TooSmallScreen)]
        if small:
            if guards:
                guards[-1].show_size(width, height)
            else:
                self.push_screen(TooSmallScreen())
        elif guards and self.screen is guards[-1]:
            self.pop_screen()

    def _install_hangup_handler(self) -> None:
        if not hasattr(signal, "SIGHUP"):
            return
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self._hang_up)
        except (NotImplementedError, RuntimeError, ValueError):
            pass

    def _hang_up(self) -> None:
        """The terminal went away (SSH disconnect): save and exit."""
        self.save_active_match()
        self.exit()

    def save_active_match(self) -> None:
        """Stop any AI search and save the match on the game screen, if there is one."""
        match = self.active_match
        if match is None:
            return
        try:
            match.stop_thinking()  # the app is closing: no later search can be cut short
            match.save()
        except Exception:  # saving on the way out must never block the exit
            pass

    async def action_quit(self) -> None:
        """Save the running game and quit."""
        self.save_active_match()
        self.exit()

    # ----- navigation --------------------------------------------------------------------------------
    def open_game(self, request: GameRequest) -> None:
        """Open the game screen for ``request`` over the current screen."""
        self.push_screen(GameScreen(request))

    def open_new_game(self, spec: GameSpec) -> None:
        """Ask for options and players, then start the game."""
        from tui_games.ui.screens.new_game import NewGameScreen

        def chosen(request: GameRequest | None) -> None:
            if request is not None:
                self.open_game(request)

        self.push_screen(NewGameScreen(spec), chosen)

    def open_rules(self, spec: GameSpec) -> None:
        """Show a game's rules."""
        from tui_games.ui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(spec))

    def open_resume(self) -> None:
        """Show the saved games."""
        from tui_games.ui.screens.resume import ResumeScreen

        self.push_screen(ResumeScreen())

    def open_stats(self) -> None:
        """Show the statistics."""
        from tui_games.ui.screens.stats import StatsScreen

        self.push_screen(StatsScreen())

    def action_open_settings(self) -> None:
        """Show the settings (a key binding's action)."""
        self.open_settings()

    def open_settings(self) -> None:
        """Show the settings."""
        from tui_games.ui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    # ----- settings ----------------------------------------------------------------------------------
    def change_setting(self, name: str, value: Any) -> None:
        """Apply one setting live and save all settings."""
        self.settings = replace(self.settings, **{name: value}).validated()
        save_settings(self.settings)
        if name == "theme":
            self.theme = self.settings.theme
        elif name == "glyphs":
            self.glyphs = glyphs_for(self.settings.glyphs)
            self.set_class(self.glyphs.name == "ascii", "-ascii")
        elif name == "animation":
            self.animation_level = ANIMATION_LEVELS.get(self.settings.animation, "full")


def run_app(start: dict | None = None) -> None:
    """Run the app until the player quits (the running game is saved on the way out)."""
    app = TuiGamesApp(start)
    try:
        app.run()
    finally:
        app.save_active_match()
