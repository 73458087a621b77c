"""Where Sim's nodes and edges fall on a character grid: the geometry the view draws (no Textual here).

The K nodes sit on an ellipse (a circle where the grid is too narrow for more), node 0 at the top,
then clockwise. Lines are worked out in braille dot space (2 x 4 dots per cell, square dots on a
terminal whose cells are twice as tall as wide) for the Unicode board, and in whole cells for the
ASCII one; a node's own cell always shows its letter, never a line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

DOTS_X, DOTS_Y = 2, 4
"""Braille dots per cell, across and down."""
BRAILLE_BASE = 0x2800
"""The blank braille pattern; each dot adds its bit."""
BRAILLE_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
"""The bit of the dot in column ``x`` (0 left, 1 right) and row ``y`` (0 top .. 3 bottom) of a cell."""
MAX_STRETCH = 1.6
"""The widest ellipse drawn, as a multiple of its height (in dots)."""
CLICK_REACH = 4.0
"""A click picks the nearest edge passing within this many dots of the clicked cell's centre."""


def braille(dots: int) -> str:
    """The braille character with the dot bits ``dots``."""
    return chr(BRAILLE_BASE + dots)


def dot_bit(x: int, y: int) -> int:
    """The bit of dot (x, y) (dot space) within its cell."""
    return BRAILLE_BITS[x % DOTS_X][y % DOTS_Y]


def ascii_stroke(dx: float, dy: float) -> str:
    """'-', '|', '/' or '\\' for a line going (dx, dy) in dot space (y downwards)."""
    angle = math.degrees(math.atan2(-dy, dx)) % 180.0
    if angle < 22.5 or angle >= 157.5:
        return "-"
    if angle < 67.5:
        return "/"
    if angle < 112.5:
        return "|"
    return "\\"


@dataclass(frozen=True)
class BoardLayout:
    """A board of ``nodes`` nodes drawn in ``cols`` x ``rows`` cells."""

    nodes: int
    cols: int
    rows: int
    node_cells: tuple[tuple[int, int], ...]
    """Each node's (column, row)."""
    edge_ends: tuple[tuple[int, int], ...]
    """Each edge's two nodes, in action order."""
    edge_dots: tuple[tuple[tuple[int, int], ...], ...]
    """Each edge's dots (x, y), from its first node to its second, node cells left out."""
    edge_cells: tuple[tuple[tuple[int, int], ...], ...]
    """Each edge's cells (column, row) in the same order, each once, node cells left out."""
    edge_strokes: tuple[str, ...]
    """Each edge's ASCII stroke ('-', '|', '/', '\\')."""
    edge_thickening: tuple[tuple[int, int], ...]
    """Each edge's second row of dots for a thick line: (0, 1) below a flat line, (1, 0) beside a steep one."""

    def centre(self, node: int) -> tuple[float, float]:
        """The dot-space centre of ``node``'s cell."""
        col, row = self.node_cells[node]
        return (col + 0.5) * DOTS_X - 0.5, (row + 0.5) * DOTS_Y - 0.5

    def node_at(self, col: int, row: int) -> int | None:
        """The node drawn in cell (col, row), if any."""
        for node, cell in enumerate(self.node_cells):
            if cell == (col, row):
                return node
        return None

    def nearest_edge(self, col: int, row: int, candidates) -> int | None:
        """Of ``candidates`` (edges), the one passing nearest the centre of cell (col, row), when it is
        within :data:`CLICK_REACH` dots; else None."""
        px, py = (col + 0.5) * DOTS_X - 0.5, (row + 0.5) * DOTS_Y - 0.5
        best, best_distance = None, CLICK_REACH
        for edge in candidates:
            a, b = self.edge_ends[edge]
            distance = _segment_distance(px, py, *self.centre(a), *self.centre(b))
            if distance <= best_distance:
                best, best_distance = edge, distance
        return best


def _segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def edge_pairs(nodes: int) -> tuple[tuple[int, int], ...]:
    """Every edge's two nodes in action order: (0,1), (0,2), ..., (K-2, K-1)."""
    return tuple((a, b) for a in range(nodes) for b in range(a + 1, nodes))


def board_layout(nodes: int, cols: int, rows: int) -> BoardLayout:
    """The layout of a ``nodes``-node board in a grid of ``cols`` x ``rows`` cells."""
    half_height = rows * DOTS_Y / 2
    centre_x, centre_y = cols * DOTS_X / 2, half_height
    radius_y = half_height - DOTS_Y / 2
    radius_x = min(cols * DOTS_X / 2 - DOTS_X, MAX_STRETCH * radius_y)
    cells = []
    for node in range(nodes):
        angle = -math.pi / 2 + 2 * math.pi * node / nodes
        x = centre_x + radius_x * math.cos(angle)
        y = centre_y + radius_y * math.sin(angle)
        cells.append((min(max(int(x // DOTS_X), 0), cols - 1), min(max(int(y // DOTS_Y), 0), rows - 1)))
    partial = BoardLayout(nodes, cols, rows, tuple(cells), edge_pairs(nodes), (), (), (), ())
    taken = set(cells)
    all_dots, all_cells, strokes, thickening = [], [], [], []
    for a, b in partial.edge_ends:
        (ax, ay), (bx, by) = partial.centre(a), partial.centre(b)
        steps = int(max(abs(bx - ax), abs(by - ay))) or 1
        dots, seen = [], []
        for step in range(steps + 1):
            x = round(ax + (bx - ax) * step / steps)
            y = round(ay + (by - ay) * step / steps)
            cell = (x // DOTS_X, y // DOTS_Y)
            if cell in taken:
                continue
            if not dots or dots[-1] != (x, y):
                dots.append((x, y))
            if not seen or seen[-1] != cell:
                seen.append(cell)
        all_dots.append(tuple(dots))
        all_cells.append(tuple(dict.fromkeys(seen)))
        strokes.append(ascii_stroke(bx - ax, by - ay))
        thickening.append((0, 1) if abs(bx - ax) >= abs(by - ay) else (1, 0))
    return BoardLayout(nodes, cols, rows, tuple(cells), partial.edge_ends, tuple(all_dots), tuple(all_cells),
                       tuple(strokes), tuple(thickening))
