"""The Textual application: themes, settings, screen navigation, too-small guard, and the way out.

``run_app(start)`` is what ``tui-games`` (the CLI) calls. ``start`` is None for the menu,
``{"resume": path}`` to reopen a save, or ``{"game": id, "params": {...}, "seats": [Seat, ...],
"seed": int}`` to start a game directly; the menu is always underneath, so quitting a game lands there.

Every setting applies at once: the theme, the glyphs (ASCII mode turns every character on screen into
ASCII through :class:`~tui_games.ui.display_filters.AsciiFilter`), the colour mode (monochrome by
default when ``NO_COLOR`` is set), the animation level and the key map (bindings have ids, see
:mod:`tui_games.ui.keymap`). ``run_app`` also warms every game's kernels in a background thread
while the player looks at the menu (:class:`~tui_games.warmup.BackgroundWarmer`).

With a server's lobby (:class:`~tui_games.online.online_lobby.OnlineLobby`: a served session), the menu
offers "Play online", and a room code in the environment (``ROOM_VARIABLE``, from ``ssh CODE@host``)
is joined at once. Without one (the local app) nothing of it shows.

When the terminal goes away (SIGHUP, or a terminal that stops answering) or SIGTERM comes, the game is
saved and the app exits; under ``run_app`` the process ends within seconds even when a thread worker or
a write to the dead terminal would hold it (:class:`~tui_games.ui.terminal_guard.TerminalGuard`).
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.filter import Monochrome, NoColor
from textual.screen import Screen

from tui_games.core.spec import GameSpec
from tui_games.online.online_lobby import ROOM_VARIABLE, OnlineLobby
from tui_games.store.settings import Settings, load_settings, save_settings
from tui_games.ui.commands import GameCommands
from tui_games.ui.display_filters import AsciiFilter, colour_filter
from tui_games.ui.glyphs import Glyphs, glyphs_for
from tui_games.ui.keymap import ASCII_KEY_NAMES
from tui_games.ui.looks import look_variables
from tui_games.ui.screens.game import GameRequest, GameScreen
from tui_games.ui.screens.menu import MenuScreen
from tui_games.ui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tui_games.ui.terminal_guard import TerminalGuard, terminal_fds
from tui_games.ui.widgets.lobby_progress import call_lobby
from tui_games.ui.themes import DEFAULT_THEME, ThemeCatalog, load_themes, stylesheet_path

ANIMATION_LEVELS = {"full": "full", "reduced": "basic", "off": "none"}
"""Our animation setting to Textual's ``App.animation_level``."""

WARM_UP_DELAY_S = 0.5
"""How long after the menu appears the background warm-up starts (the menu draws first)."""


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


def no_color_requested() -> bool:
    """True when the NO_COLOR environment variable is set to something (see no-color.org)."""
    return bool(os.environ.get("NO_COLOR"))


class TuiGamesApp(App):
    """The tui-games application."""

    TITLE = "tui-games"
    CSS_PATH = stylesheet_path()
    COMMANDS = App.COMMANDS | {GameCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit"),
        Binding("ctrl+p", "command_palette", "Commands", show=False, priority=True, id="app.commands"),
    ]

    def __init__(self, start: dict | None = None, settings: Settings | None = None, *,
                 warm_up: bool = False, watchdog: bool = False, lobby: OnlineLobby | None = None) -> None:
        super().__init__()
        self.lobby = lobby
        """The server's lobby (a served session), or None: the local app, which does not play online."""
        self.start_request = request_from_start(start)
        """The game to open over the menu at start-up, if any."""
        self.settings: Settings = settings or load_settings()
        """The user's settings (changed through :meth:`change_setting`)."""
        self.glyphs: Glyphs = glyphs_for(self.settings.glyphs)
        """The glyph set views draw with."""
        self.active_match: Any = None
        """The game screen's table (:class:`~tui_games.table.Table`): its searches stopped and its
        match saved on quit and on SIGHUP."""
        self.theme_catalog: ThemeCatalog = ThemeCatalog()
        """The bundled and user themes (re-read by :meth:`reload_themes`)."""
        self.warmer = None
        """The background warm-up (``run_app`` turns it on; tests leave it off)."""
        self._warm_up = warm_up
        self.exit_guard: TerminalGuard | None = None
        """Saves and exits on SIGHUP, SIGTERM or a lost terminal (installed on mount)."""
        self._watchdog = watchdog
        self._ascii_filter = AsciiFilter(enabled=False)
        # Textual adds its own colour filter for NO_COLOR; the colour setting decides instead.
        self._filters = [f for f in self._filters if not isinstance(f, (NoColor, Monochrome))]
        self._filters.append(self._ascii_filter)
        self._colour_filter = colour_filter(False, enabled=False)
        self._filters.append(self._colour_filter)
        self._startup_notes: list[str] = []
        self.reload_themes()
        self.theme = self._usable_theme(self.settings.theme, note=True)
        self.animation_level = ANIMATION_LEVELS.get(self.settings.animation, "full")
        self._apply_glyphs(repaint=False)
        self._apply_colour()
        self._started = False

    # ----- start-up ----------------------------------------------------------------------------------
    def on_mount(self) -> None:
        """Show the menu (and the requested game), watch the size and the terminal, start warming up."""
        self.set_keymap(self.settings.keymap)
        self.theme_changed_signal.subscribe(self, lambda theme: self._apply_colour())
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.push_screen(MenuScreen())
        if self.start_request is not None:
            self.open_game(self.start_request)
        elif self.lobby is not None and os.environ.get(ROOM_VARIABLE, "").strip():
            self.join_room_at_start(os.environ[ROOM_VARIABLE].strip())
        self._install_exit_guard()
        self._started = True
        self._check_size(self.size.width, self.size.height)
        for note in self._startup_notes:
            self.notify(note, severity="warning", timeout=8)
        if self._warm_up:
            self.set_timer(WARM_UP_DELAY_S, self.start_warm_up)

    def start_warm_up(self) -> None:
        """Start preparing every game's kernels in the background (the highlighted game first)."""
        from tui_games import catalog
        from tui_games.warmup import BackgroundWarmer

        if self.warmer is None:
            self.warmer = BackgroundWarmer(catalog.all_specs())
            self._screen_changed(self.screen)
            self.warmer.start()

    def warm_up_first(self, game_id: str) -> None:
        """Let the background warm-up prepare ``game_id`` next (the menu calls it on highlight)."""
        if self.warmer is not None:
            self.warmer.prefer(game_id)

    def _screen_changed(self, screen: Screen) -> None:
        """The warm-up steps aside while a game is being played."""
        if self.warmer is not None:
            self.warmer.pause(any(isinstance(s, GameScreen) for s in self.screen_stack))

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

    def _install_exit_guard(self) -> None:
        self.exit_guard = TerminalGuard(self._save_on_the_way_out, self.exit, stopping=self._no_restart,
                                        fds=[] if self.is_headless else terminal_fds(),
                                        watchdog=self._watchdog)
        self.exit_guard.install(asyncio.get_running_loop())

    def on_unmount(self) -> None:
        """Give SIGHUP and SIGTERM back (the app is gone; a test process goes on)."""
        if self.exit_guard is not None:
            self.exit_guard.uninstall()

    def _no_restart(self) -> None:
        # Textual restarts its terminal threads on SIGCONT, which a hang-up sends after SIGHUP.
        driver = self._driver
        if driver is not None:
            driver._auto_restart = False

    def _save_on_the_way_out(self) -> None:
        """Save the game and end the warm-up and any compiling child process, waiting for nothing."""
        self.save_active_match()
        self.stop_warm_up(timeout=0)

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
        self.stop_warm_up()
        self.exit()

    def stop_warm_up(self, timeout: float = 1.0) -> None:
        """End the background warm-up (waiting up to ``timeout`` for its thread) and any compiling
        child process."""
        from tui_games.warmup import end_compiling

        if self.warmer is not None:
            self.warmer.stop(timeout=timeout)
        end_compiling()

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

    def open_keys(self) -> None:
        """Show the key map (every remappable key, and the player's own choices; the online screens'
        keys where the app plays online)."""
        from tui_games.ui.screens.keys import KeysScreen

        owners: tuple[type, ...] = (type(self), MenuScreen, GameScreen)
        if self.lobby is not None:
            from tui_games.ui.screens.ladder import LadderScreen
            from tui_games.ui.screens.online import OnlineScreen

            owners += (OnlineScreen, LadderScreen)
        self.push_screen(KeysScreen(owners))

    def open_online(self) -> None:
        """Show the online screen: rooms to create, join, watch; quick match; the ladders."""
        from tui_games.ui.screens.online import OnlineScreen

        if self.lobby is not None:
            self.push_screen(OnlineScreen(self.lobby))

    def join_room_at_start(self, code: str) -> None:
        """Join room ``code`` (as join by code does) over the menu; when that fails the menu says why."""
        from tui_games.ui.screens.online_enter import join_by_code, open_room

        def failed(reason: str) -> None:
            self.notify(reason, title=f"Could not join room {code.upper()}", severity="error", timeout=10)

        self.notify(f"Joining room {code.upper()}…", timeout=3)
        call_lobby(self, lambda: join_by_code(self, self.lobby, code), lambda table: open_room(self, table), failed,
                   abandon=lambda table: table.close())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own palette commands, less its theme picker (ours saves the choice)."""
        for command in super().get_system_commands(screen):
            if command.title != "Theme":
                yield command

    # ----- settings ----------------------------------------------------------------------------------
    def change_setting(self, name: str, value: Any) -> None:
        """Apply one setting live and save all settings."""
        self.settings = replace(self.settings, **{name: value}).validated()
        try:
            save_settings(self.settings)
        except OSError as error:
            self.notify(f"Settings apply now but could not be saved: {error}", severity="warning")
        if name == "theme":
            self.theme = self._usable_theme(self.settings.theme)
        elif name == "glyphs":
            self.glyphs = glyphs_for(self.settings.glyphs)
            self._apply_glyphs()
        elif name == "colour":
            self._apply_colour()
        elif name == "animation":
            self.animation_level = ANIMATION_LEVELS.get(self.settings.animation, "full")
        elif name == "keymap":
            self.set_keymap(self.settings.keymap)

    def reload_themes(self) -> ThemeCatalog:
        """Read the bundled and the user's theme files again and register every usable theme."""
        self.theme_catalog = load_themes()
        for theme in self.theme_catalog.themes.values():
            self.register_theme(theme)
        return self.theme_catalog

    def get_css_variables(self) -> dict[str, str]:
        """The current theme's CSS variables, with every game's own colours in it (the theme's
        ``games`` section where it sets one, else the game's look for the theme's kind)."""
        variables = super().get_css_variables()
        catalogue = getattr(self, "theme_catalog", None)  # None while Textual's __init__ runs
        if catalogue is not None:
            variables.update(look_variables(self.current_theme, catalogue.looks))
        self.theme_variables = variables
        return variables

    def _usable_theme(self, name: str, note: bool = False) -> str:
        if name in self.theme_catalog.themes:
            return name
        if note:
            default = self.theme_catalog.label(DEFAULT_THEME)
            self._startup_notes.append(f"Theme {name!r} not found: using {default}.")
        return DEFAULT_THEME

    @property
    def monochrome(self) -> bool:
        """True when colours are shown as shades of grey (the colour setting, or NO_COLOR)."""
        mode = self.settings.colour
        return mode == "monochrome" or (mode == "auto" and no_color_requested())

    def _apply_colour(self) -> None:
        native_ansi = bool(self.get_theme(self.theme) and self.get_theme(self.theme).ansi)
        replacement = colour_filter(native_ansi, enabled=self.monochrome)
        self._filters[self._filters.index(self._colour_filter)] = replacement
        self._colour_filter = replacement
        self._repaint_everything()

    def _apply_glyphs(self, repaint: bool = True) -> None:
        ascii_only = self.glyphs.name == "ascii"
        self.set_class(ascii_only, "-ascii")
        self._ascii_filter.enabled = ascii_only
        if repaint:
            self._repaint_everything()

    def _repaint_everything(self) -> None:
        """Draw every screen again (filters and glyphs changed), footers included."""
        if not self.is_running:
            return
        for screen in self.screen_stack:
            for widget in screen.walk_children(with_self=True):
                widget.refresh()
            screen.refresh_bindings()
        self.refresh(layout=True)

    def get_key_display(self, binding: Binding) -> str:
        """How a key reads in footers: the player's own key when remapped, plain words in ASCII mode."""
        if binding.id and binding.id in self.settings.keymap:
            binding = replace(binding, key_display=None)
        if self.glyphs.name == "ascii" and binding.key_display is None:
            modifiers, key = binding.parse_key()
            if key in ASCII_KEY_NAMES:
                return "+".join([*modifiers, ASCII_KEY_NAMES[key]]) if modifiers else ASCII_KEY_NAMES[key]
        return super().get_key_display(binding)


def run_app(start: dict | None = None) -> None:
    """Run the app until the player quits, its terminal goes away or SIGTERM comes (the running game is
    saved on the way out)."""
    app = TuiGamesApp(start, warm_up=True, watchdog=True)
    try:
        app.run()
    finally:
        app.save_active_match()
        app.stop_warm_up()
