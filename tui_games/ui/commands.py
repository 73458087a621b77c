"""The command palette's game actions (Ctrl+P): new game, resume, rules, hint, undo, theme, glyphs ...

What it offers depends on where it is opened: on a game screen the game's own actions (hint, undo,
redo, save, rules of this game, new game with the same options); elsewhere a new game or the rules of
any game. Settings (theme, glyphs, colour) and the other screens are offered everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable

from textual.command import DiscoveryHit, Hit, Hits, Provider

GAME_ACTIONS = (
    ("hint", "Hint", "Suggest a move for the player to move"),
    ("undo", "Undo", "Take back the last move (and the AI's reply)"),
    ("redo", "Redo", "Play the undone move again"),
    ("save", "Save", "Save the game now (it also saves after every move)"),
    ("rules", "Rules of this game", "How to play, the keys and the AI levels"),
    ("new_same", "New game, same options", "Start again with the same options and players"),
    ("next_deal", "Next deal", "Deal the next round or hand of this sitting"),
)
"""Game screen actions offered when the palette is opened on a game: (action, title, help)."""


@dataclass(frozen=True)
class Command:
    """One palette entry."""

    title: str
    help: str
    run: Callable[[], object]


def _game_screen_commands(screen) -> list[Command]:
    commands = []
    for action, title, help_text in GAME_ACTIONS:
        if hasattr(screen, f"action_{action}") and screen.check_action(action, ()) is not False:
            commands.append(Command(title, help_text, partial(screen.run_action, action)))
    return commands


def palette_commands(app, screen) -> list[Command]:
    """The commands for a palette opened on ``screen`` of ``app``."""
    from tui_games import catalog
    from tui_games.ui.screens.game import GameScreen
    from tui_games.ui.screens.menu import MenuScreen

    commands: list[Command] = []
    in_game = any(isinstance(s, GameScreen) for s in app.screen_stack)
    if isinstance(screen, GameScreen):
        commands += _game_screen_commands(screen)
    if not in_game:
        for spec in catalog.all_specs():
            commands.append(Command(f"New game: {spec.title}", f"Choose options and players for {spec.title}",
                                    partial(app.open_new_game, spec)))
        for spec in catalog.all_specs():
            commands.append(Command(f"Rules: {spec.title}", f"How to play {spec.title}",
                                    partial(app.open_rules, spec)))
        if isinstance(screen, MenuScreen) and screen.check_action("continue_last", ()):
            commands.append(Command("Continue the last game", "Reopen the most recent unfinished game",
                                    partial(screen.run_action, "continue_last")))
        commands.append(Command("Resume a saved game", "Saved games and bundled examples", app.open_resume))
    commands.append(Command("Statistics", "Games played, won and lost, records", app.open_stats))
    commands.append(Command("Settings", "Theme, glyphs, colour, animation, AI move pace", app.open_settings))
    commands.append(Command("Keys", "Remap the keys", app.open_keys))
    catalogue = app.theme_catalog
    for name in catalogue.themes:
        if name != app.theme:
            commands.append(Command(f"Theme: {catalogue.label(name)}", "Switch to this theme (saved)",
                                    partial(app.change_setting, "theme", name)))
    if app.glyphs.name == "ascii":
        commands.append(Command("Glyphs: Unicode symbols", "Draw with symbols and box lines (saved)",
                                partial(app.change_setting, "glyphs", "unicode")))
    else:
        commands.append(Command("Glyphs: plain ASCII", "Draw with plain ASCII only (saved)",
                                partial(app.change_setting, "glyphs", "ascii")))
    if app.monochrome:
        commands.append(Command("Colour: full colour", "Show the theme's colours (saved)",
                                partial(app.change_setting, "colour", "full")))
    else:
        commands.append(Command("Colour: monochrome", "Shades of grey only (saved)",
                                partial(app.change_setting, "colour", "monochrome")))
    return commands


class GameCommands(Provider):
    """The palette provider for the game actions (see the module docstring)."""

    def _commands(self) -> list[Command]:
        return palette_commands(self.app, self.screen)

    async def discover(self) -> Hits:
        """Every command, shown before anything is typed."""
        for command in self._commands():
            yield DiscoveryHit(command.title, command.run, help=command.help)

    async def search(self, query: str) -> Hits:
        """The commands whose title matches ``query`` (fuzzy), best first."""
        matcher = self.matcher(query)
        for command in self._commands():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(score, matcher.highlight(command.title), command.run, help=command.help)
