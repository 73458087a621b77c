"""Connect Four's board size, shared by the kernels and the view (plain Python: no numba)."""

WIDTH = 7
"""Columns of the board; a move is the column number 0-6."""
HEIGHT = 6
"""Rows of the board."""
