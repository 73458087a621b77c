"""A board of hexagonal cells drawn as text: one line per row, rows offset by half a cell.

The widget draws what a view gives it and knows no game: cell positions (from a board's rows and
each cell's indent in half cells, as :class:`tui_games.engine.hexgrid.HexGrid` gives them), a mark
and state classes per cell, and extra text (coordinates, coloured rims) at given places. Hex's
rhombus and the hexagons of Yavalath and RoPaSci 360 all draw this way. A click on a cell (its mark
or the gap after it) posts :class:`~tui_games.ui.messages.CellClicked` with the cell's index.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from tui_games.ui.messages import CellClicked

CELL_STATES = ("empty", "seat-0", "seat-1", "seat-2", "last", "win", "hint", "cursor", "target")
"""State classes a view may give a cell, applied in this order (later ones on top)."""
TEXT_CLASSES = ("label", "label-active", "rim-0", "rim-1", "rim-2")
"""Classes of the extra text: coordinates (the cursor's highlighted) and each seat's rims."""


@dataclass(frozen=True)
class HexLayout:
    """Where each cell goes: ``places[cell] = (line, column)`` in characters, and the canvas size."""

    places: tuple[tuple[int, int], ...]
    width: int
    height: int

    @staticmethod
    def of(rows, indent, step: int = 2, left: int = 0, top: int = 0, right: int = 0, bottom: int = 0) -> "HexLayout":
        """The layout of a board whose ``rows`` list their cells top to bottom and ``indent(cell)`` is
        a cell's offset in half cells: ``step`` characters per cell along a row (2 or 4), margins
        around it for coordinates and rims."""
        half = step // 2
        count = sum(len(row) for row in rows)
        places: list[tuple[int, int]] = [(0, 0)] * count
        widest = 0
        for line, row in enumerate(rows):
            for cell in row:
                column = left + indent(cell) * half
                places[cell] = (top + line, column)
                widest = max(widest, column + 1)
        return HexLayout(tuple(places), widest + right, top + len(rows) + bottom)


def nearest_in_row(cells, indent, column: int) -> int:
    """The cell of ``cells`` (one drawn row) drawn nearest ``column`` (``indent(cell)`` in half cells;
    the leftmost of two as near)."""
    return min(cells, key=lambda cell: (abs(indent(cell) - column), indent(cell)))


def step_cursor(rows, indent, cursor: int, column: int | None, dx: int, dy: int) -> tuple[int, int | None]:
    """Where an arrow key takes a cursor over a board of hex ``rows`` (cells per drawn row, top first;
    ``indent(cell)`` in half cells): Left and Right go along the row and wrap, Up and Down to the cell
    of the next row nearest the drawn ``column`` they aim for (the cursor's own at first, kept while
    going up and down). Returns (the new cursor, the column to aim for next)."""
    row = next(i for i, cells in enumerate(rows) if cursor in cells)
    cells = rows[row]
    if dx:
        return cells[(cells.index(cursor) + dx) % len(cells)], None
    if column is None:
        column = indent(cursor)
    target = row + dy
    if 0 <= target < len(rows):
        cursor = nearest_in_row(rows[target], indent, column)
    return cursor, column


class HexBoard(Widget):
    """Cells at the places of a :class:`HexLayout`; :meth:`paint` sets every cell and the extra text."""

    COMPONENT_CLASSES = {f"hex-board--{name}" for name in CELL_STATES + TEXT_CLASSES}

    DEFAULT_CSS = """
    HexBoard { width: auto; height: auto; background: $board; padding: 0 1; }
    HexBoard > .hex-board--empty { color: $foreground-muted; }
    HexBoard > .hex-board--seat-0 { color: $seat-0; text-style: bold; }
    HexBoard > .hex-board--seat-1 { color: $seat-1; text-style: bold; }
    HexBoard > .hex-board--seat-2 { color: $seat-2; text-style: bold; }
    HexBoard > .hex-board--last { background: $last-move; text-style: bold underline; }
    HexBoard > .hex-board--win { background: $win-line; text-style: bold underline; }
    HexBoard > .hex-board--hint { background: $success 40%; text-style: bold italic; }
    HexBoard > .hex-board--target { background: $primary 25%; }
    HexBoard > .hex-board--cursor { text-style: bold reverse; }
    HexBoard > .hex-board--label { color: $foreground-muted; }
    HexBoard > .hex-board--label-active { color: $accent; text-style: bold; }
    HexBoard > .hex-board--rim-0 { color: $seat-0; text-style: bold; }
    HexBoard > .hex-board--rim-1 { color: $seat-1; text-style: bold; }
    HexBoard > .hex-board--rim-2 { color: $seat-2; text-style: bold; }
    """

    def __init__(self, layout: HexLayout, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hex_layout = layout
        """Where the cells go."""
        self._marks: list[str] = [" "] * len(layout.places)
        self._states: list[frozenset[str]] = [frozenset()] * len(layout.places)
        self._texts: list[tuple[int, int, str, str]] = []
        self._hits: dict[tuple[int, int], int] = {}
        self._index_hits()

    def _index_hits(self) -> None:
        self._hits = {}
        for cell, (line, column) in enumerate(self.hex_layout.places):
            self._hits[(line, column)] = cell
            self._hits.setdefault((line, column + 1), cell)

    def set_layout(self, layout: HexLayout) -> None:
        """Draw the cells at new places (a bigger or smaller board, or a roomier spacing)."""
        if layout == self.hex_layout:
            return
        self.hex_layout = layout
        count = len(layout.places)
        if count != len(self._marks):
            self._marks = [" "] * count
            self._states = [frozenset()] * count
        self._index_hits()
        self.refresh(layout=True)

    def fit(self, layout_of, width: int, height: int, margin: int, below: int = 0) -> tuple[int, bool]:
        """Lay the cells out roomy, 4 characters a cell along a row, when that fits ``width`` x
        ``height`` with ``margin`` to spare and ``below`` lines under the board, else compactly (2);
        ``layout_of(step)`` makes the layout. Returns (the step taken, whether the layout changed)."""
        roomy = layout_of(4)
        fits = roomy.width + 2 + margin <= width and roomy.height + below + margin <= height  # 2: the padding
        layout = roomy if fits else layout_of(2)
        changed = layout != self.hex_layout
        self.set_layout(layout)
        return (4 if fits else 2), changed

    def paint(self, marks: list[str], states: list[set[str]], texts: list[tuple[int, int, str, str]]) -> None:
        """Show ``marks[cell]`` (one character) with the classes ``states[cell]`` (see CELL_STATES) and
        the extra ``texts`` as (line, column, text, class) (see TEXT_CLASSES)."""
        self._marks = [mark[:1] or " " for mark in marks]
        self._states = [frozenset(s) for s in states]
        self._texts = list(texts)
        self.refresh()

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell drawn at content column ``x`` of line ``y`` (its mark or the gap after it)."""
        return self._hits.get((y, x))

    def get_content_width(self, container, viewport) -> int:
        """The canvas' width."""
        return self.hex_layout.width

    def get_content_height(self, container, viewport, width: int) -> int:
        """The canvas' height."""
        return self.hex_layout.height

    def _style(self, names) -> Style:
        style = Style()
        for name in names:
            style += self.get_component_rich_style(f"hex-board--{name}", partial=True)
        return style

    def render(self) -> Text:
        """The canvas: extra text first, the cells over it."""
        width, height = self.hex_layout.width, self.hex_layout.height
        chars = [[" "] * width for _ in range(height)]
        styles: list[list[Style | None]] = [[None] * width for _ in range(height)]
        for line, column, text, name in self._texts:
            style = self._style((name,))
            for i, char in enumerate(text):
                if 0 <= line < height and 0 <= column + i < width:
                    chars[line][column + i] = char
                    styles[line][column + i] = style
        for cell, (line, column) in enumerate(self.hex_layout.places):
            names = [name for name in CELL_STATES if name in self._states[cell]]
            chars[line][column] = self._marks[cell]
            styles[line][column] = self._style(names)
        result = Text(no_wrap=True, overflow="crop")
        for line in range(height):
            if line:
                result.append("\n")
            for column in range(width):
                result.append(chars[line][column], styles[line][column] or Style())
        return result

    def on_click(self, event: events.Click) -> None:
        """A click on a cell posts CellClicked."""
        offset = event.get_content_offset(self)
        cell = None if offset is None else self.cell_at(offset.x, offset.y)
        if cell is not None:
            event.stop()
            self.post_message(CellClicked(cell))


__all__ = ["CELL_STATES", "HexBoard", "HexLayout", "TEXT_CLASSES", "nearest_in_row", "step_cursor"]
