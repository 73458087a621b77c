"""The main menu: every game of the catalogue, grouped, with its details and rules one key away; with
a server's lobby (a served session), the way to play online."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tui_games import catalog
from tui_games.core.spec import GameSpec
from tui_games.core.words import counted
from tui_games.ui import describe
from tui_games.ui.widgets.fitting_footer import FittingFooter


TITLE_WIDTH = 16
"""Columns of a game's title in the list (a longer one takes room from the player count)."""
PLAYERS_WIDTH = 11
"""Columns of the player count ('2-10 players') in the list."""


class MenuScreen(Screen):
    """Lists the games by group; Enter starts a new game, ? shows the rules."""

    BINDINGS = [
        Binding("enter", "new_game", "New game", show=True, priority=False, id="menu.new_game"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?", id="menu.rules"),
        Binding("c", "continue_last", "Continue", id="menu.continue"),
        Binding("r", "resume", "Resume", id="menu.resume"),
        Binding("s", "stats", "Statistics", id="menu.stats"),
        Binding("o", "settings", "Settings", id="menu.settings"),
        Binding("p", "online", "Play online", id="menu.online"),
        Binding("q", "app.quit", "Quit", id="menu.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._specs = {spec.id: spec for spec in catalog.all_specs()}
        self._latest = None  # the most recent unfinished save, for 'c'

    def compose(self) -> ComposeResult:
        """Header, the game list beside the details pane, footer."""
        yield Header()
        with Horizontal(id="menu-body"):
            yield OptionList(*self._options(), id="game-list")
            with Vertical(id="game-details"):
                yield Static(id="details-title")
                yield Static(id="details-text")
                yield Static(id="saves-note")
        yield FittingFooter()

    def _options(self) -> list[Option | None]:
        options: list[Option | None] = []
        group = None
        for spec in self._specs.values():
            if spec.group != group:
                if group is not None:
                    options.append(None)
                group = spec.group
                options.append(Option(Text(group.upper(), style="bold"), id=f"group:{group}", disabled=True))
            players = describe.players_text(spec)
            if len(spec.title) > TITLE_WIDTH:  # a long title keeps the row: the count without 'players'
                players = players.split()[0]
            room = TITLE_WIDTH + PLAYERS_WIDTH - len(players) - 1
            title = spec.title if len(spec.title) <= room else spec.title[:room - 1] + "…"
            prompt = Text.assemble((f" {title:<{TITLE_WIDTH + PLAYERS_WIDTH - len(players)}}", "bold"))
            prompt.append(players, style="dim")
            options.append(Option(prompt, id=spec.id))
        return options

    def on_mount(self) -> None:
        """Focus the list on the first game."""
        self.title = "tui-games"
        self.sub_title = "Menu"
        games = self.query_one("#game-list", OptionList)
        games.border_title = "Games"
        for index in range(games.option_count):
            if not games.get_option_at_index(index).disabled:
                games.highlighted = index
                break
        games.focus()
        self.refresh_saves_note()

    def on_screen_resume(self) -> None:
        """Back from a game or dialog: the saves may have changed."""
        self.refresh_saves_note()

    @property
    def selected_spec(self) -> GameSpec | None:
        """The highlighted game."""
        games = self.query_one("#game-list", OptionList)
        if games.highlighted is None:
            return None
        option = games.get_option_at_index(games.highlighted)
        return self._specs.get(option.id or "")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the highlighted game's details."""
        spec = self._specs.get(event.option.id or "")
        if spec is not None:
            self.query_one("#details-title", Static).update(spec.title)
            self.query_one("#details-text", Static).update(self._details(spec))

    @on(OptionList.OptionHighlighted, "#game-list")
    def warm_up_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Let the background warm-up prepare the highlighted game next."""
        warm_up_first = getattr(self.app, "warm_up_first", None)
        if warm_up_first is not None and event.option.id in self._specs:
            warm_up_first(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a click) on a game opens the new-game dialog."""
        spec = self._specs.get(event.option.id or "")
        if spec is not None:
            self.app.open_new_game(spec)

    def _details(self, spec: GameSpec) -> Group:
        """Description, players, AI levels, options and kind: compact enough for 80x24 (the group
        is already the list's heading)."""
        intro = Text(spec.description + "\n")
        rows = [("Players", describe.players_line(spec))]
        rows.append(("AI", describe.levels_text(spec)))
        for number, param in enumerate(describe.listed_params(spec)):
            rows.append(("Options" if number == 0 else "", describe.param_text(param, spec)))
        rows.append(("Kind", describe.kind_text(spec)))
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", width=8, no_wrap=True)
        table.add_column()
        for label, value in rows:
            table.add_row(label, value)
        keys = Text()
        keys.append(" Enter ", style="reverse bold")
        keys.append(" new game   ")
        keys.append(" ? ", style="reverse bold")
        keys.append(" rules")
        return Group(intro, table, Text(""), keys)

    def refresh_saves_note(self) -> None:
        """The line about saved games under the details."""
        note = self.query_one("#saves-note", Static)
        try:
            from tui_games.store.saves import list_saves

            saves = list_saves()
        except Exception as error:  # a broken saves folder must not break the menu
            note.update(Text(f"Saved games unavailable: {error}", style="dim"))
            return
        unfinished = [s for s in saves if s.record is not None and not s.finished and s.record.started]
        self._latest = unfinished[0] if unfinished else None
        self.refresh_bindings()
        text = Text()
        if unfinished:
            latest = unfinished[0].record
            title = self._specs[latest.game].title if latest.game in self._specs else latest.game
            text.append(" c ", style="reverse bold")
            text.append(f" continue {title} ({counted(len(latest.history), 'move')})\n")
            text.append(" r ", style="reverse bold")
            text.append(f" all saved games ({len(unfinished)} in progress)")
        else:
            text.append(" r ", style="reverse bold")
            text.append(" saved games and examples")
        note.update(text)

    def action_new_game(self) -> None:
        """Open the new-game dialog for the highlighted game."""
        spec = self.selected_spec
        if spec is not None:
            self.app.open_new_game(spec)

    def action_rules(self) -> None:
        """Show the highlighted game's rules."""
        spec = self.selected_spec
        if spec is not None:
            self.app.open_rules(spec)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """'Continue' shows only when there is an unfinished game to continue."""
        if action == "continue_last":
            return self._latest is not None
        if action == "online":
            return getattr(self.app, "lobby", None) is not None
        return True

    def action_continue_last(self) -> None:
        """Reopen the most recently played unfinished game."""
        if self._latest is not None:
            from tui_games.ui.screens.game import GameRequest

            self.app.open_game(GameRequest(resume=self._latest.path))

    def action_resume(self) -> None:
        """Open the list of saved games."""
        self.app.open_resume()

    def action_stats(self) -> None:
        """Open the statistics screen."""
        self.app.open_stats()

    def action_settings(self) -> None:
        """Open the settings screen."""
        self.app.open_settings()

    def action_online(self) -> None:
        """Open the online screen (only offered with a server's lobby)."""
        if getattr(self.app, "lobby", None) is not None:
            self.app.open_online()
