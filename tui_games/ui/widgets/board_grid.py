"""A rectangular board of clickable cells, laid out with Textual's grid layout.

The grid only draws what a view tells it (text and state classes per cell) and reports clicks with
:class:`~tui_games.ui.messages.CellClicked`; it knows nothing about any game. It styles the shared
states (:data:`CELL_STATES`); a game's own pieces are classes its view names and styles in the view's
CSS with the game's colours (:mod:`tui_games.ui.looks`), written without the ``BoardCell`` type
(``.-piece-0 { ... }``) so that the shared states (cursor, last move, winning line, hint, hover) stay on
top, or joined with one (``.-piece-0.-last``) to win over it.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Static

from tui_games.ui.messages import CellClicked

CELL_STATES = ("-cursor", "-last", "-win", "-hint", "-seat-0", "-seat-1", "-seat-2", "-seat-3",
               "-empty", "-target", "-header", "-new")
"""The state classes the grid styles itself; a view may set others that its own CSS styles."""


class BoardCell(Static):
    """One cell of a :class:`BoardGrid`; clicking it posts CellClicked(index)."""

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"cell-{index}", classes="board-cell")
        self.index = index
        """The cell's row-major position."""
        self.states: frozenset[str] = frozenset()
        """The state classes the last :meth:`BoardGrid.paint` gave the cell."""

    def on_click(self, event: events.Click) -> None:
        """Report the click to the view."""
        event.stop()
        self.post_message(CellClicked(self.index))


class BoardGrid(Widget):
    """``rows`` x ``cols`` cells of ``cell_width`` x ``cell_height`` characters with grid lines.

    ``lined`` draws wide grid lines (the board colour shows between cells); ``row_heights`` overrides
    the height of single rows (e.g. a one-line header row of column numbers).
    """

    DEFAULT_CSS = """
    BoardGrid {
        layout: grid;
        background: $board;
        padding: 0 1;
        grid-gutter: 0 1;
    }
    BoardGrid.-lined {
        padding: 1 2;
        grid-gutter: 1 2;
    }
    BoardCell {
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        text-align: center;
        background: $cell;
        color: $foreground;
        text-style: bold;
    }
    BoardCell.-empty { color: $foreground-muted; text-style: dim; }
    BoardCell.-seat-0 { color: $seat-0; }
    BoardCell.-seat-1 { color: $seat-1; }
    BoardCell.-seat-2 { color: $seat-2; }
    BoardCell.-seat-3 { color: $seat-3; }
    BoardCell.-header { background: $background; color: $foreground-muted; text-style: none; }
    BoardCell.-header.-cursor { color: $accent; text-style: bold; background: $background; }
    BoardCell.-new { text-style: bold underline; }
    BoardCell.-target { background: $primary 25%; }
    BoardCell.-last { background: $last-move; text-style: bold underline; }
    BoardCell.-win { background: $win-line; text-style: bold underline; }
    BoardCell.-hint { background: $success 30%; text-style: bold italic; }
    BoardCell.-cursor { text-style: bold; background: $primary 30%; }
    GameView:focus BoardCell.-cursor { text-style: bold reverse; }
    BoardCell:hover { background: $primary 20%; }
    """

    def __init__(self, rows: int, cols: int, cell_width: int, cell_height: int, *, lined: bool = True,
                 row_heights: list[int] | None = None, id: str | None = None) -> None:
        super().__init__(id=id, classes="-lined" if lined else "")
        self.rows = rows
        """Number of rows."""
        self.cols = cols
        """Number of columns."""
        self.cell_width = cell_width
        self.cell_height = cell_height
        self.lined = lined
        self.row_heights = row_heights or [cell_height] * rows
        """The height of each row (a header row may be shorter)."""
        self._cells = [BoardCell(i) for i in range(rows * cols)]

    def compose(self):
        """The cells, row-major."""
        yield from self._cells

    def on_mount(self) -> None:
        """Fix the grid's geometry from the cell size."""
        self._apply_geometry()

    def board_size(self, cell_width: int, cell_height: int, row_heights: list[int] | None = None) -> tuple[int, int]:
        """(width, height) the whole grid takes with cells of this size, lines and padding included."""
        gap_x, gap_y, pad_x, pad_y = (2, 1, 2, 1) if self.lined else (1, 0, 1, 0)
        heights = row_heights or [cell_height] * self.rows
        return (self.cols * cell_width + (self.cols - 1) * gap_x + 2 * pad_x,
                sum(heights) + (self.rows - 1) * gap_y + 2 * pad_y)

    def set_cell_size(self, cell_width: int, cell_height: int, row_heights: list[int] | None = None) -> bool:
        """Resize every cell (a view scaling its board to the terminal); True when anything changed."""
        heights = row_heights or [cell_height] * self.rows
        if (cell_width, cell_height, heights) == (self.cell_width, self.cell_height, self.row_heights):
            return False
        self.cell_width, self.cell_height, self.row_heights = cell_width, cell_height, heights
        if self.is_mounted:
            self._apply_geometry()
        return True

    def _apply_geometry(self) -> None:
        self.styles.grid_size_columns = self.cols
        self.styles.grid_size_rows = self.rows
        self.styles.grid_columns = str(self.cell_width)
        self.styles.grid_rows = " ".join(str(h) for h in self.row_heights)
        self.styles.width, self.styles.height = self.board_size(self.cell_width, self.cell_height,
                                                                 self.row_heights)

    def cell(self, index: int) -> BoardCell:
        """The cell at row-major ``index``."""
        return self._cells[index]

    def paint(self, index: int, text: str | Text, states: set[str] | frozenset[str] = frozenset()) -> None:
        """Show ``text`` in cell ``index`` with exactly the state classes ``states``: shared ones
        (:data:`CELL_STATES`) and the view's own."""
        cell = self._cells[index]
        cell.update(text)
        states = frozenset(states)
        if gone := cell.states - states:
            cell.remove_class(*gone)
        if new := states - cell.states:
            cell.add_class(*new)
        cell.states = states
