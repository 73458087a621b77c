"""The ladder: a game's ratings on the server, best first, AI levels among the players.

Choose the game (only games with ratings are offered) and, where it has been rated by other rules,
the variant; the rows come from ``lobby.ladder``: place, name, AI or player, rating (mu - 3 sigma,
the conservative value ladders sort by) and rated games played (an AI level with none shows its
seeded rating).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label, Select, Static

from tui_games import catalog
from tui_games.online.online_lobby import OnlineLobby
from tui_games.ratings.variants import unrated_reason
from tui_games.ui.widgets.fitting_footer import FittingFooter
from tui_games.ui.widgets.lobby_progress import LobbyProgress

COLUMNS = ("#", "Name", "Kind", "Rating", "Games")
"""The ladder's column titles."""
NAME_WIDTH = 28
"""Columns of a name in the ladder."""


def ladder_cells(place: int, row: dict) -> tuple[str, ...]:
    """One row of the ladder: place, name, 'AI' or 'player', rating, games ('0 (seeded)' for an AI
    level that has played none here)."""
    name = str(row["name"])
    if len(name) > NAME_WIDTH:
        name = name[:NAME_WIDTH - 1] + "…"
    ai = row["kind"] == "ai"
    games = int(row["games"])
    return (str(place), name, "AI" if ai else "player", f"{float(row['rating']):.1f}",
            f"{games} (seeded)" if ai and not games else str(games))


def variant_label(game_id: str, key: str) -> str:
    """A variant key as the choice reads: its parameters ('players=3, target=500'), or 'default rules'."""
    rules = key.split(":", 1)[1] if key.startswith(game_id + ":") else ""
    return rules.replace(",", ", ") if rules else "default rules"


class LadderScreen(Screen):
    """The ladder of a game on ``lobby`` (``game_id``: the one to show first, if it has ratings)."""

    DEFAULT_CSS = """
    LadderScreen #ladder-body { height: 1fr; padding: 1 1 0 1; }
    LadderScreen #ladder-choice { height: 1; margin-bottom: 1; }
    LadderScreen #ladder-choice Label { width: auto; padding: 0 1 0 0; text-style: bold; }
    LadderScreen #ladder-game { width: 26; margin-right: 2; }
    LadderScreen #ladder-variant { width: 1fr; }
    LadderScreen #ladder-note { height: auto; color: $foreground-muted; }
    LadderScreen #ladder-table { height: 1fr; border: round $panel; }
    LadderScreen #ladder-table:focus { border: round $primary; }
    App.-ascii LadderScreen #ladder-table { border: ascii $panel; }
    App.-ascii LadderScreen #ladder-table:focus { border: ascii $primary; }
    """

    BINDINGS = [
        Binding("g", "choose_game", "Game", id="ladder.game"),
        Binding("v", "choose_variant", "Rules", id="ladder.variant"),
        Binding("r,f5", "refresh", "Refresh", id="ladder.refresh"),
        Binding("escape", "back", "Back", key_display="Esc", id="ladder.back"),
    ]

    def __init__(self, lobby: OnlineLobby, game_id: str | None = None) -> None:
        super().__init__()
        self.lobby = lobby
        """The server's lobby."""
        self.games = [spec for spec in catalog.all_specs() if unrated_reason(spec) is None]
        """The games with ratings."""
        ids = [spec.id for spec in self.games]
        self.game_id = game_id if game_id in ids else ids[0]
        """The game shown."""
        self.variant: str | None = None
        """The variant key asked for (None: the game's default)."""
        self.ladder: dict | None = None
        """The ladder as the lobby last gave it."""
        self._choosing = False

    def compose(self) -> ComposeResult:
        """Header, the game and variant choices, the ladder, the lobby's line, footer."""
        yield Header()
        with Vertical(id="ladder-body"):
            with Horizontal(id="ladder-choice"):
                yield Label("Game")
                yield Select([(spec.title, spec.id) for spec in self.games], value=self.game_id, allow_blank=False,
                             compact=True, id="ladder-game")
                yield Label("Rules")
                yield Select([("default rules", "")], value="", allow_blank=False, compact=True, id="ladder-variant")
            yield Static("", id="ladder-note")
            table = DataTable(cursor_type="row", id="ladder-table")
            table.add_columns(*COLUMNS)
            yield table
        yield LobbyProgress(id="ladder-progress")
        yield FittingFooter()

    def on_mount(self) -> None:
        """Ask for the first ladder."""
        self.title = "tui-games"
        self.sub_title = "Ladder"
        self.query_one("#ladder-table").focus()
        self.action_refresh()

    # ----- asking the lobby ------------------------------------------------------------------------------
    def action_refresh(self) -> None:
        """Ask the lobby for the ladder of the chosen game and variant again."""
        asked = (self.game_id, self.variant)
        title = catalog.get(asked[0]).title

        def answered(ladder: dict) -> None:
            self.show_ladder(ladder)
            if asked != (self.game_id, self.variant):  # another was chosen meanwhile
                self.action_refresh()

        self.query_one("#ladder-progress", LobbyProgress).start(
            lambda: self.lobby.ladder(*asked), answered, what=f"Reading the {title} ladder…")

    def show_ladder(self, ladder: dict) -> None:
        """Show ``ladder`` (the lobby's answer)."""
        self.ladder = ladder
        game_id, shown = str(ladder["game_id"]), str(ladder["variant"])
        keys = [shown] + [key for key in ladder.get("variants") or () if key != shown]
        chooser = self.query_one("#ladder-variant", Select)
        self._choosing = True
        with chooser.prevent(Select.Changed):
            chooser.set_options([(variant_label(game_id, key), key) for key in keys])
            chooser.value = shown
        self._choosing = False
        rows = list(ladder.get("rows") or ())
        table = self.query_one("#ladder-table", DataTable)
        table.clear()
        for place, row in enumerate(rows, 1):
            table.add_row(*ladder_cells(place, row))
        title = catalog.get(game_id).title
        if not any(int(row["games"]) for row in rows):
            note = f"No rated games of {title} yet: where the AI levels start." if rows else \
                f"No rated games of {title} yet."
        else:
            note = f"{title}, {variant_label(game_id, shown)}: best first by rating (mu - 3 sigma)."
        self.query_one("#ladder-note", Static).update(note)

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another game (its default rules first) or another variant: ask for its ladder."""
        if self._choosing or event.value is Select.BLANK:
            return
        if event.select.id == "ladder-game" and event.value != self.game_id:
            self.game_id, self.variant = str(event.value), None
            self.action_refresh()
        elif event.select.id == "ladder-variant" and event.value and event.value != (self.ladder or {}).get("variant"):
            self.variant = str(event.value)
            self.action_refresh()

    # ----- keys --------------------------------------------------------------------------------------------
    def action_choose_game(self) -> None:
        """Open the game choice."""
        self.query_one("#ladder-game", Select).action_show_overlay()

    def action_choose_variant(self) -> None:
        """Open the variant choice."""
        self.query_one("#ladder-variant", Select).action_show_overlay()

    def action_back(self) -> None:
        """Back to the online screen."""
        self.app.pop_screen()


__all__ = ["COLUMNS", "LadderScreen", "ladder_cells", "variant_label"]
