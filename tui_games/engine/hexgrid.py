"""Boards of hexagonal cells: the rhombus of Hex and the hexagon of Yavalath and RoPaSci 360.

Pure Python and numpy (no numba), so views may use it too; the jitted connection kernels that read
its tables live in :mod:`tui_games.engine.hexconnect`.

Every board is described in axial coordinates ``(q, r)``: ``r`` numbers the rows, ``q`` the cells
along a row, and the six neighbours of ``(q, r)`` are the steps of :data:`DIRECTIONS`, in turning
order (each direction is next to the ones before and after it, the last next to the first)::

        (q, r-1)  (q+1, r-1)
    (q-1, r)  (q, r)  (q+1, r)
        (q-1, r+1)  (q, r+1)

drawn with row ``r + 1`` below row ``r`` and shifted half a cell to the right. A cell's index is its
place in reading order: row by row from the top, left to right.

* :func:`rhombus` ``(rows, cols)``: Hex's board. ``r`` = row from the top, ``q`` = column from the
  left, index ``row * cols + col`` (OpenSpiel's and Benzene's layout: a1 = 0 at the top left, a
  cell touches its left/right neighbours, the two above it at ``col`` and ``col + 1`` and the two
  below at ``col - 1`` and ``col``).
* :func:`hexagon` ``(side)``: the cells with ``max(|q|, |r|, |q + r|) < side`` (61 for side 5).
  ``top="min"`` (Yavalath) reads the rows from ``r = -(side - 1)`` down; ``top="max"`` (RoPaSci
  360's ``(r, q)`` with ``r`` from 4 at the top down to -4) from ``r = side - 1`` down. Either way
  ``q`` ascends along a row; the neighbour relation is the same axial one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six axial steps ``(dq, dr)`` to a neighbour, in turning order (east, north-east, north-west,
west, south-west, south-east on a drawing with rows going down)."""

OFF_BOARD = -1
"""A neighbour (or bridge) table entry for a step that leaves the board."""

COLUMN_LETTERS = "abcdefghijklmnopqrs"
"""Column names of a rhombus, up to 19 columns (Hex's largest board)."""


def bridge_steps() -> tuple[tuple[int, int, int, int], ...]:
    """The six bridge shapes as ``(dq, dr, first carrier direction, second carrier direction)``: the
    partner two steps away (the sum of two neighbouring directions) and the directions of the two
    cells both touch (the carrier of the bridge)."""
    steps = []
    for d in range(6):
        e = (d + 1) % 6
        dq = DIRECTIONS[d][0] + DIRECTIONS[e][0]
        dr = DIRECTIONS[d][1] + DIRECTIONS[e][1]
        steps.append((dq, dr, d, e))
    return tuple(steps)


BRIDGE_STEPS = bridge_steps()
"""The bridge shapes (see :func:`bridge_steps`), indexed like the bridge table's second axis."""


@dataclass(frozen=True)
class HexGrid:
    """One board shape: its cells in reading order, their coordinates, neighbours, rows and sides.

    ``neighbours[cell, d]`` is the cell one step ``DIRECTIONS[d]`` away (``OFF_BOARD`` past the rim);
    ``bridges[cell, b]`` is ``(partner, carrier, carrier)`` of bridge shape ``BRIDGE_STEPS[b]`` (all
    ``OFF_BOARD`` when the partner or a carrier cell is off the board); ``rim[cell, d]`` names the
    side a step leaves through (an index into :attr:`sides`, or -1 when the step stays on the board).
    """

    shape: str
    """'rhombus' or 'hexagon'."""
    coords: tuple[tuple[int, int], ...]
    """Axial ``(q, r)`` of every cell, in index order."""
    rows: tuple[tuple[int, ...], ...]
    """The cells of each drawn row, top row first, left to right."""
    sides: tuple[tuple[str, tuple[int, ...]], ...]
    """(name, cells along it) of each side: 'top', 'right', 'bottom', 'left' for a rhombus; 'top',
    'top-right', 'bottom-right', 'bottom', 'bottom-left', 'top-left' for a hexagon."""
    neighbours: np.ndarray = field(repr=False, compare=False)
    bridges: np.ndarray = field(repr=False, compare=False)
    rim: np.ndarray = field(repr=False, compare=False)
    top_r: int = 0
    """The ``r`` of the top row (rows run from it towards ``r_step``)."""
    r_step: int = 1
    """+1 when rows go down with growing ``r`` (Hex, Yavalath); -1 when ``r`` shrinks (RoPaSci)."""

    @property
    def cells(self) -> int:
        """How many cells the board has."""
        return len(self.coords)

    def index(self, q: int, r: int) -> int:
        """The cell at axial ``(q, r)``, or ``OFF_BOARD``."""
        return self._lookup().get((q, r), OFF_BOARD)

    def _lookup(self) -> dict[tuple[int, int], int]:
        cached = self.__dict__.get("_index")
        if cached is None:
            cached = {coord: i for i, coord in enumerate(self.coords)}
            object.__setattr__(self, "_index", cached)
        return cached

    def neighbours_of(self, cell: int) -> list[int]:
        """The cells next to ``cell`` (up to six), in direction order."""
        return [int(n) for n in self.neighbours[cell] if n != OFF_BOARD]

    def side(self, name: str) -> tuple[int, ...]:
        """The cells along side ``name`` (see :attr:`sides`)."""
        for side_name, cells in self.sides:
            if side_name == name:
                return cells
        raise KeyError(f"a {self.shape} has no side {name!r} (sides: {', '.join(n for n, _ in self.sides)})")

    def row_of(self, cell: int) -> int:
        """The drawn row (0 at the top) of ``cell``."""
        return (self.coords[cell][1] - self.top_r) * self.r_step

    def indent(self, cell: int) -> int:
        """How many half cells the drawing shifts ``cell`` right of the leftmost cell of the board:
        two half cells per step along a row, one per row down (rows are offset by half a cell)."""
        return self._indents()[cell]

    def _indents(self) -> tuple[int, ...]:
        cached = self.__dict__.get("_indent")
        if cached is None:
            doubled = [2 * q + r for q, r in self.coords]
            left = min(doubled)
            cached = tuple(x - left for x in doubled)
            object.__setattr__(self, "_indent", cached)
        return cached

    def distance(self, a: int, b: int) -> int:
        """Steps between cells ``a`` and ``b`` on an open plane (the hex distance)."""
        (qa, ra), (qb, rb) = self.coords[a], self.coords[b]
        dq, dr = qa - qb, ra - rb
        return max(abs(dq), abs(dr), abs(dq + dr))


def _build(shape: str, coords: list[tuple[int, int]], rows: list[list[int]], sides: dict[str, list[int]],
           side_of_step, top_r: int, r_step: int) -> HexGrid:
    lookup = {coord: i for i, coord in enumerate(coords)}
    n = len(coords)
    neighbours = np.full((n, 6), OFF_BOARD, np.int64)
    rim = np.full((n, 6), -1, np.int64)
    names = list(sides)
    for i, (q, r) in enumerate(coords):
        for d, (dq, dr) in enumerate(DIRECTIONS):
            target = lookup.get((q + dq, r + dr), OFF_BOARD)
            neighbours[i, d] = target
            if target == OFF_BOARD:
                rim[i, d] = names.index(side_of_step(q, r, q + dq, r + dr))
    bridges = np.full((n, 6, 3), OFF_BOARD, np.int64)
    for i, (q, r) in enumerate(coords):
        for b, (dq, dr, d, e) in enumerate(BRIDGE_STEPS):
            partner = lookup.get((q + dq, r + dr), OFF_BOARD)
            first, second = neighbours[i, d], neighbours[i, e]
            if partner != OFF_BOARD and first != OFF_BOARD and second != OFF_BOARD:
                bridges[i, b] = (partner, first, second)
    return HexGrid(shape, tuple(coords), tuple(tuple(row) for row in rows),
                   tuple((name, tuple(cells)) for name, cells in sides.items()),
                   neighbours, bridges, rim, top_r, r_step)


def rhombus(rows: int, cols: int | None = None) -> HexGrid:
    """Hex's board of ``rows`` x ``cols`` cells (square when ``cols`` is left out); cell
    ``row * cols + col``. Sides 'top' and 'bottom' are rows 0 and ``rows - 1``, 'left' and 'right'
    columns 0 and ``cols - 1``; a step off a corner counts for the top or bottom side."""
    cols = rows if cols is None else cols
    if rows < 1 or cols < 1:
        raise ValueError(f"a rhombus needs at least one row and column (got {rows} x {cols})")
    coords = [(c, r) for r in range(rows) for c in range(cols)]
    grid_rows = [[r * cols + c for c in range(cols)] for r in range(rows)]
    sides = {
        "top": [c for c in range(cols)],
        "right": [r * cols + cols - 1 for r in range(rows)],
        "bottom": [(rows - 1) * cols + c for c in range(cols)],
        "left": [r * cols for r in range(rows)],
    }

    def side_of_step(q, r, q2, r2):
        if r2 < 0:
            return "top"
        if r2 >= rows:
            return "bottom"
        return "left" if q2 < 0 else "right"

    return _build("rhombus", coords, grid_rows, sides, side_of_step, 0, 1)


HEXAGON_SIDES = ("top", "top-right", "bottom-right", "bottom", "bottom-left", "top-left")
"""Side names of a hexagon as drawn (flat top and bottom rows), clockwise from the top."""


def hexagon(side: int, top: str = "min") -> HexGrid:
    """A hexagonal board with ``side`` cells along each side (``3 * side * (side - 1) + 1`` cells),
    indexed row by row from the top, ``q`` ascending. ``top="min"`` puts ``r = -(side - 1)`` at the
    top (Yavalath); ``top="max"`` puts ``r = side - 1`` there (RoPaSci 360's numbering)."""
    if side < 1:
        raise ValueError(f"a hexagon needs a side of at least one cell (got {side})")
    if top not in ("min", "max"):
        raise ValueError(f"top must be 'min' or 'max' (got {top!r})")
    k = side - 1
    r_values = list(range(-k, k + 1)) if top == "min" else list(range(k, -k - 1, -1))
    coords: list[tuple[int, int]] = []
    grid_rows: list[list[int]] = []
    for r in r_values:
        row = []
        for q in range(-k, k + 1):
            if abs(q + r) <= k:
                row.append(len(coords))
                coords.append((q, r))
        grid_rows.append(row)
    sides: dict[str, list[int]] = {name: [] for name in HEXAGON_SIDES}
    for i, row in enumerate(grid_rows):
        for j, cell in enumerate(row):
            if i == 0:
                sides["top"].append(cell)
            if i == 2 * k:
                sides["bottom"].append(cell)
            if j == len(row) - 1:
                sides["top-right" if i <= k else "bottom-right"].append(cell)
                if i == k:
                    sides["bottom-right"].append(cell)
            if j == 0:
                sides["top-left" if i <= k else "bottom-left"].append(cell)
                if i == k:
                    sides["bottom-left"].append(cell)
    r_step = 1 if top == "min" else -1

    crossed = {  # the two sides a drawn step (dx, dy) may leave through, clockwise
        (2, 0): ("top-right", "bottom-right"), (1, -1): ("top", "top-right"), (-1, -1): ("top-left", "top"),
        (-2, 0): ("bottom-left", "top-left"), (-1, 1): ("bottom", "bottom-left"), (1, 1): ("bottom-right", "bottom"),
    }

    def side_of_step(q, r, q2, r2):
        dx, dy = 2 * (q2 - q) + (r2 - r), (r2 - r) * r_step  # drawn: 2q + r half cells, rows go down
        cell = lookup_cell[(q, r)]
        first, second = crossed[(dx, dy)]
        return first if cell in sides[first] else second

    lookup_cell = {coord: i for i, coord in enumerate(coords)}
    return _build("hexagon", coords, grid_rows, sides, side_of_step, r_values[0], r_step)


def rhombus_cell_name(cell: int, cols: int) -> str:
    """A rhombus cell's name: its column letter and row number from 1, 'a1' at the top left
    (Hex's 'c5' is column c, row 5)."""
    row, col = divmod(cell, cols)
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_rhombus_cell(text: str, rows: int, cols: int) -> int:
    """The cell named by ``text`` ('c5', 'C5', 'c 5'), or ValueError saying why it names none."""
    name = text.strip().lower().replace(" ", "")
    if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit() or not name[1:].isascii():
        raise ValueError(f"{text!r} is not a cell: write a column letter and a row number, like c5")
    col = COLUMN_LETTERS.find(name[0])
    row = int(name[1:]) - 1
    if not 0 <= col < cols:
        raise ValueError(f"there is no column {name[0]}: columns are a-{COLUMN_LETTERS[cols - 1]}")
    if not 0 <= row < rows:
        raise ValueError(f"there is no row {row + 1}: rows are 1-{rows}")
    return row * cols + col


__all__ = [
    "BRIDGE_STEPS", "COLUMN_LETTERS", "DIRECTIONS", "HEXAGON_SIDES", "HexGrid", "OFF_BOARD", "bridge_steps",
    "hexagon", "parse_rhombus_cell", "rhombus", "rhombus_cell_name",
]
