"""Statistics: per game and opponent played / won / lost / drawn / win %, streaks, and each game's
records: the figures it declares (best score, best tile, chips and their history, places), named as
the game names them; a plot of one game's results over time, and a rating per game. Nothing here
names a game."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Sparkline, Static, TabbedContent, TabPane

from tui_games import catalog
from tui_games.core.errors import UnknownGameError
from tui_games.ui.screens.stats_plots import LEGEND, RatingsPlot, ResultsPlot

COLUMNS = ("Game", "Opponent", "Games", "W-L-D", "Win %", "Streak", "Best")
"""The table's columns (W-L-D: won, lost and drawn; Streak: the current run of wins or losses; Best:
the longest run of wins). A game's title heads the first of its rows."""
CHROME = 2 + 2
"""Columns of the screen the table's cells do not get: the body's padding and the table's border."""
SHORTEST_NAMES = 12
"""The narrowest the game column is made, long titles wrapping onto a second line, so that the table
fits the screen's width without scrolling sideways."""
TABS = ("table", "results", "ratings")
"""The screen's tabs, as keys 1, 2, 3 show them."""


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
    """Three tabs: the statistics table with each game's records and the running chip total (a
    bankroll's history) of the game highlighted, or of the first game that records chips; the results
    over time of the highlighted game; and the rating per game."""

    DEFAULT_CSS = """
    #results-title, #ratings-note { padding: 0 1; }
    #stats-tabs > ContentSwitcher, #stats-tabs TabPane { height: 1fr; padding: 0; }
    #stats-tabs Tab.-active { text-style: bold underline; }
    """
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back", key_display="Esc"),
        Binding("1", "show_tab('table')", "Table"),
        Binding("2", "show_tab('results')", "Results"),
        Binding("3", "show_tab('ratings')", "Ratings"),
        Binding("g", "next_game", "Next game"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._figures: dict = {}  # game id -> GameFigures, for the games that recorded any
        self._rows: dict = {}  # table row key -> StatsRow
        self._chips_shown: str | None = None
        self._results: dict = {}  # game id -> ResultsOverTime
        self._plotted: str | None = None

    def compose(self) -> ComposeResult:
        """Header, the tabs (table and records, results over time, ratings), footer."""
        yield Header()
        with TabbedContent(id="stats-tabs"):
            with TabPane("1 Table", id="table"):
                with Vertical(id="stats-body"):
                    yield DataTable(id="stats-table", zebra_stripes=True, cursor_type="row")
                    with Horizontal(id="records"):
                        yield Static(id="records-text")
                        with Vertical(id="chips-box"):
                            yield Static(id="chips-title")
                            yield Sparkline([], id="chips")
                            yield Static(id="chips-text")
            with TabPane("2 Results over time", id="results"):
                yield Static(id="results-title")
                yield ResultsPlot(id="results-plot")
            with TabPane("3 Ratings", id="ratings"):
                yield Static(id="ratings-note")
                yield RatingsPlot(id="ratings-plot")
        yield Footer()

    def on_mount(self) -> None:
        """Read the statistics database."""
        self.sub_title = "Statistics"
        from tui_games.match import record_pending_results
        from tui_games.store import stats, trends

        record_pending_results()
        fetched = stats.results()
        rows, figures = stats.summary(fetched), stats.game_figures(fetched)
        self._figures = {entry.game_id: entry for entry in figures}
        self._results = trends.results_over_time(fetched)
        self._fill_table(rows)
        self._show_records()
        with_chips = [game_id for game_id, entry in self._figures.items() if entry.chips_history]
        self._show_chips(with_chips[0] if with_chips else None)
        self._plot_results(rows[0].game_id if rows else None)
        self._show_ratings(trends.ratings(fetched), trends.RATING_NOTE)

    def _fill_table(self, rows: list) -> None:
        """A row per game and opponent, the game's title on its first; the two name columns share the
        width the figures leave, a name too long for its column wrapping onto a second line."""
        table = self.query_one("#stats-table", DataTable)
        cells = [[game_title(row.game_id) if index == 0 or row.game_id != rows[index - 1].game_id else "",
                  row.opponent, str(row.played), f"{row.won}-{row.lost}-{row.drawn}", f"{row.win_pct:.0f}%",
                  streak_text(row.current_streak), streak_text(row.best_streak)] for index, row in enumerate(rows)]
        keys = [f"{row.game_id}\n{row.opponent}" for row in rows] or [None]
        self._rows = dict(zip(keys, rows))
        if not rows:
            cells = [["No finished games yet", *[""] * (len(COLUMNS) - 1)]]
        widths = [max(cell_len(line[column]) for line in [COLUMNS, *cells]) for column in range(len(COLUMNS))]
        widths[:2] = self._name_widths(widths, table)
        for label, width in zip(COLUMNS, widths):
            table.add_column(label, width=width)
        for key, line in zip(keys, cells):
            tall = any(cell_len(cell) > width for cell, width in zip(line, widths))
            table.add_row(*line, key=key, height=None if tall else 1)
        table.focus()

    def _name_widths(self, widths: list[int], table: DataTable) -> list[int]:
        """The widths of the game and opponent columns: as wide as their names where the screen
        allows, else the game column narrowed (to :data:`SHORTEST_NAMES` at least) and then the
        opponent's."""
        room = (self.app.size.width - CHROME - table.styles.scrollbar_size_vertical
                - 2 * table.cell_padding * len(widths) - sum(widths[2:]))
        game, opponent = widths[:2]
        if game + opponent <= room:
            return [game, opponent]
        game = min(game, max(SHORTEST_NAMES, room - opponent))
        return [game, max(SHORTEST_NAMES, room - game)]

    def action_show_tab(self, tab: str) -> None:
        """Show tab ``tab`` (one of :data:`TABS`)."""
        self.query_one("#stats-tabs", TabbedContent).active = tab

    @on(TabbedContent.TabActivated, "#stats-tabs")
    def _tab_shown(self) -> None:
        """The footer offers 'next game' on the results tab only."""
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """'Next game' works on the results tab only."""
        if action == "next_game":
            return self.query_one("#stats-tabs", TabbedContent).active == "results"
        return True

    def action_next_game(self) -> None:
        """Plot the results of the next game that has any (after the last, the first again)."""
        games = sorted(self._results)
        if games:
            index = games.index(self._plotted) + 1 if self._plotted in games else 0
            self._plot_results(games[index % len(games)])

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
        """Show the highlighted row's own figures, the chip history of its game when it records chips,
        and its game's results over time."""
        self._show_records(self._rows.get(event.row_key.value or ""))
        game_id = (event.row_key.value or "").split("\n")[0]
        entry = self._figures.get(game_id)
        if entry is not None and entry.chips_history:
            self._show_chips(game_id)
        if game_id in self._results:
            self._plot_results(game_id)

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

    def _plot_results(self, game_id: str | None) -> None:
        """Plot ``game_id``'s results over time (None: say there are none yet)."""
        if game_id is not None and game_id == self._plotted:
            return
        self._plotted = game_id
        results = self._results.get(game_id) if game_id is not None else None
        if results is None:
            heading = Text("No finished games yet.", style="dim")
        else:
            heading = Text.assemble((game_title(game_id), "bold"), f": wins minus losses after each game ({LEGEND}). "
                                    "It follows the table's row; g shows the next game.")
        self.query_one("#results-title", Static).update(heading)
        self.query_one("#results-plot", ResultsPlot).show(results)

    def _show_ratings(self, ratings: dict, note: str) -> None:
        """The rating of every game played against the AI, and what the rating is."""
        text = Text(note)
        if not ratings:
            text.append("\nNo games against the AI yet.", style="dim")
        self.query_one("#ratings-note", Static).update(text)
        games = sorted(ratings)
        self.query_one("#ratings-plot", RatingsPlot).show([game_title(game) for game in games],
                                                          [ratings[game] for game in games])
