"""Othello's numbers that the rules and the view share, in one place the view may import: plain ints,
no numba (``view.py`` must not load the kernels)."""

SIZE = 8
"""Squares along each side of the board."""
SQUARES = SIZE * SIZE
"""64 squares, ``row * 8 + col`` with a1 = 0 at the top left."""
PASS = SQUARES
"""The pass action (OpenSpiel's id 64), legal only when the player to move has no move."""
