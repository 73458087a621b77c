"""2048's move numbers, shared by the kernels and the view (plain Python: no numba)."""

UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
"""The four moves, with OpenSpiel's action ids."""
