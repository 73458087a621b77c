"""Statistics: per game and opponent played / won / lost / drawn / win %, streaks, and each game's
records: the figures it declares (best score, best tile, chips and their history, places), named as
the game names them. Nothing here names a game."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Sparkline, Static

from tui_games import catalog
from tui_games.core.errors import UnknownGameError

COLUMNS = ("Game", "Opponent", "Played", "Won", "Lost", "Drawn", "Win %", "Streak", "Best")
"""The table's columns (Streak: the current run of wins or losses; Best: the longest run of wins)."""


def game_title(game_id: str) -> str:
    """The title of ``game_id``, or the id itself for a game no longer installed."""
    try:
        return catalog.get(game_id).title
    except UnknownGameError:
        return game_id


def streak_text(streak: int) -> str:
    """'W3' for three wins in a row, 'L2' for two losses, '-' otherwise (as sports tables write)."""
    if streak > 0:
        return f"W{streak}"
    if streak < 0:
        return f"L{-streak}"
    return "-"


class StatsScreen(Screen):
    """The statistics table, each game's records, and the running chip total (a bankroll's history) of
    the game highlighted in the table, or of the first game that records chips."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back", key_display="Esc")]

    def __init__(self) -> None:
        super().__init__()
        self._figures: dict = {}  # game id -> GameFigures, for the games that recorded any
        self._rows: dict = {}  # table row key -> StatsRow
        self._chips_shown: str | None = None

    def compose(self) -> ComposeResult:
        """Header, the table, the records, footer."""
        yield Header()
        with Vertical(id="stats-body"):
            yield DataTable(id="stats-table", zebra_stripes=True, cursor_type="row")
            with Horizontal(id="records"):
                yield Static(id="records-text")
                with Vertical(id="chips-box"):
                    yield Static(id="chips-title")
                    yield Sparkline([], id="chips")
                    yield Static(id="chips-text")
        yield Footer()

    def on_mount(self) -> None:
        """Read the statistics database."""
        self.sub_title = "Statistics"
        from tui_games.store import stats

        table = self.query_one("#stats-table", DataTable)
        table.add_columns(*COLUMNS)
        rows, figures = stats.overview()
        self._figures = {entry.game_id: entry for entry in figures}
        for row in rows:
            self._rows[f"{row.game_id}\n{row.opponent}"] = row
            table.add_row(
                game_title(row.game_id), row.opponent, str(row.played), str(row.won), str(row.lost),
                str(row.drawn), f"{row.win_pct:.0f}%", streak_text(row.current_streak), streak_text(row.best_streak),
                key=f"{row.game_id}\n{row.opponent}",
            )
        if not rows:
            table.add_row("No finished games yet", "", "", "", "", "", "", "", "")
        table.focus()
        self._show_records()
        with_chips = [game_id for game_id, entry in self._figures.items() if entry.chips_history]
        self._show_chips(with_chips[0] if with_chips else None)

    def _show_records(self, row=None) -> None:
        """Each game's records, after the highlighted row's own figures (poker's hands won, bb/100 ...)
        when its game records any."""
        text = Text()
        text.append("Records", style="bold")
        if row is not None and row.lines():
            text.append(f"\n{game_title(row.game_id)} against {row.opponent}: ", style="bold")
            text.append(", ".join(row.lines()))
        for game_id, entry in self._figures.items():
            text.append(f"\n{game_title(game_id)}: ", style="bold")
            text.append(", ".join(entry.lines()))
        if not self._figures and not (row is not None and row.lines()):
            text.append("\nnone yet", style="dim")
        self.query_one("#records-text", Static).update(text)

    @on(DataTable.RowHighlighted, "#stats-table")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Show the highlighted row's own figures, and the chip history of its game when it records chips."""
        self._show_records(self._rows.get(event.row_key.value or ""))
        game_id = (event.row_key.value or "").split("\n")[0]
        entry = self._figures.get(game_id)
        if entry is not None and entry.chips_history:
            self._show_chips(game_id)

    def _show_chips(self, game_id: str | None) -> None:
        """Draw ``game_id``'s running chip total (hidden when no game records chips)."""
        from tui_games.store.stats import counted, figure_label

        box = self.query_one("#chips-box")
        box.display = game_id is not None
        if game_id is None or game_id == self._chips_shown:
            return
        self._chips_shown = game_id
        history = [float(x) for x in self._figures[game_id].chips_history]
        self.query_one("#chips-title", Static).update(
            Text(f"{game_title(game_id)} {figure_label(game_id, 'chips')}", style="bold"))
        sparkline = self.query_one("#chips", Sparkline)
        sparkline.data = history
        sparkline.display = len(history) > 1
        summary = (f"{counted(len(history), figure_label(game_id, 'games'))} · now {history[-1]:+g}\n"
                   f"low {min(history):+g} · high {max(history):+g}")
        self.query_one("#chips-text", Static).update(Text(summary, style="dim"))
