"""The compact ways of drawing a Hex board, for boards of 14 and more in a small terminal.

The view draws a board roomy (4 columns a cell) or plain (2), with coordinates on all four rims, when
that fits. Where it does not (14x14 and larger at 80x24), it takes the first of :data:`COMPACT` that
fits: coordinates on the top and left rims only; then no space between the cells and the rims; then
a dense drawing, one column a cell with each row shifted one column (the rhombus keeps its shape and
every cell stays on screen); then, for the tallest boards, the column letters take the place of the
top rim line, in black's colour, and the bottom rim line goes.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui_games.engine.hexgrid import COLUMN_LETTERS


@dataclass(frozen=True)
class Drawing:
    """One compact way to draw the board."""

    step: int
    """Columns from a cell to the next along a row (2, or 1 for the dense drawing)."""
    gap: int
    """Spaces between the outermost cells and the white rims."""
    rim_lines: bool
    """Black's rims drawn as lines above and below the cells; else the letters above are black's rim."""


COMPACT = (Drawing(2, 1, True), Drawing(2, 0, True), Drawing(1, 0, True), Drawing(1, 0, False))
"""The compact drawings, roomiest first."""


@dataclass(frozen=True)
class BoardPlan:
    """Where a compact drawing puts each cell, its size, and its coordinates and rims as
    ``(line, column, text, class)`` pieces (classes as :mod:`tui_games.ui.widgets.hex_board` has them)."""

    places: tuple[tuple[int, int], ...]
    width: int
    height: int
    texts: tuple[tuple[int, int, str, str], ...]


def plan(size: int, drawing: Drawing, rims: tuple[str, str], cursor: int = -1) -> BoardPlan:
    """The board of ``size`` drawn the ``drawing`` way; ``rims`` are black's and white's rim glyphs;
    the coordinates of the ``cursor`` cell's row and column are marked active."""
    black_rim, white_rim = rims
    number_width = len(str(size))
    left = number_width + 1 + drawing.gap
    top = 2 if drawing.rim_lines else 1
    shift = 1

    def column(row: int, col: int) -> int:
        return left + col * drawing.step + row * shift

    places = tuple((top + row, column(row, col)) for row in range(size) for col in range(size))
    width = column(size - 1, size - 1) + drawing.gap + 2
    height = top + size + (1 if drawing.rim_lines else 0)
    active_row, active_col = divmod(cursor, size) if cursor >= 0 else (-1, -1)
    letter_style = "label" if drawing.rim_lines else "rim-0"
    texts = [(0, column(0, col), COLUMN_LETTERS[col], "label-active" if col == active_col else letter_style)
             for col in range(size)]
    if drawing.rim_lines:
        for line, row in ((1, 0), (top + size, size - 1)):
            start, end = column(row, 0) - 1, column(row, size - 1) + 1
            texts.append((line, start, black_rim * (end - start + 1), "rim-0"))
    for row in range(size):
        rim = column(row, 0) - drawing.gap - 1
        number = str(row + 1)
        texts.append((top + row, rim - len(number), number, "label-active" if row == active_row else "label"))
        texts.append((top + row, rim, white_rim, "rim-1"))
        texts.append((top + row, column(row, size - 1) + drawing.gap + 1, white_rim, "rim-1"))
    return BoardPlan(places, width, height, tuple(texts))


__all__ = ["BoardPlan", "COMPACT", "Drawing", "plan"]
