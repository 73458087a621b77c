"""Statistics: per game and opponent played / won / lost / drawn / win %, streaks, and records."""

from __future__ import annotations

from rich.text import Text
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
    """The statistics table and the records (best 2048 score and tile, blackjack bankroll)."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back", key_display="Esc")]

    def __init__(self) -> None:
        super().__init__()

    def compose(self) -> ComposeResult:
        """Header, the table, the records, footer."""
        yield Header()
        with Vertical(id="stats-body"):
            yield DataTable(id="stats-table", zebra_stripes=True, cursor_type="row")
            with Horizontal(id="records"):
                yield Static(id="records-text")
                with Vertical(id="bankroll-box"):
                    yield Static("Blackjack bankroll", id="bankroll-title")
                    yield Sparkline([], id="bankroll")
                    yield Static(id="bankroll-text")
        yield Footer()

    def on_mount(self) -> None:
        """Read the statistics database."""
        self.sub_title = "Statistics"
        from tui_games.store import stats

        table = self.query_one("#stats-table", DataTable)
        table.add_columns(*COLUMNS)
        rows = stats.summary()
        for row in rows:
            table.add_row(
                game_title(row.game_id), row.opponent, str(row.played), str(row.won), str(row.lost),
                str(row.drawn), f"{row.win_pct:.0f}%", streak_text(row.current_streak), streak_text(row.best_streak),
            )
        if not rows:
            table.add_row("No finished games yet", "", "", "", "", "", "", "", "")
        table.focus()
        self._show_records(stats.records())

    def _show_records(self, records: dict) -> None:
        text = Text()
        text.append("Records\n", style="bold")
        score, tile = records.get("best_2048_score"), records.get("best_2048_tile")
        text.append("2048 best score  ")
        text.append(f"{score:g}" if score is not None else "-", style="bold")
        text.append("\n2048 best tile   ")
        text.append(f"{tile}" if tile is not None else "-", style="bold")
        self.query_one("#records-text", Static).update(text)
        history = [float(x) for x in records.get("blackjack_bankroll") or []]
        sparkline = self.query_one("#bankroll", Sparkline)
        sparkline.data = history
        sparkline.display = len(history) > 1
        if history:
            summary = (f"{len(history)} hands · now {history[-1]:+g} · "
                       f"low {min(history):+g} · high {max(history):+g}")
        else:
            summary = "no hands played yet"
        self.query_one("#bankroll-text", Static).update(Text(summary, style="dim"))
