"""RoPaSci 360's board and action numbers, which the rules and the view share, in one place the view
may import: the hex grid (plain numpy) and ints, no numba (``view.py`` must not load the kernels)."""

from tui_games.engine.hexgrid import hexagon

GRID = hexagon(5, top="max")
"""The board: 61 hexes, row by row from r = 4 (Upper's first row, at the top), q ascending."""
N_HEXES = GRID.cells
"""Hexes on the board (61)."""
N_SYMBOLS = 3
"""Rock, paper and scissors (symbols 0, 1, 2)."""
THROW_ACTIONS = N_SYMBOLS * N_HEXES
"""183: throws ``symbol * 61 + hex`` come first, then moves ``183 + from * 61 + to`` (the pinned ids)."""
MAX_TURNS = 360
"""The turn that ends the game in a draw at the latest (the fifth end condition)."""
