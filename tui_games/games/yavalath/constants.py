"""Yavalath's board and action numbers, which the rules and the view share, in one place the view may
import: the hex grid (plain numpy) and ints, no numba (``view.py`` must not load the kernels)."""

from tui_games.engine.hexgrid import hexagon

SIDE = 5
"""Cells along each side of the hexagon."""
GRID = hexagon(SIDE)
"""The board's shape: cells in reading order, rows and neighbour table."""
N_CELLS = GRID.cells
"""61 cells, numbered row by row from the top, left to right."""
SWAP_ACTION = N_CELLS
"""The pie rule's action (61, after the cells): the second seat takes the first stone."""
