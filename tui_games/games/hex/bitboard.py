"""Hex boards of up to 8x8 as 64-bit masks (bit ``row * N + col``): the shifts that find neighbours,
connected groups and joined sides, for the solver and the virtual-connection search.

The neighbour relation is the one of :func:`tui_games.engine.hexgrid.rhombus` (the tests check the
two agree): a cell touches its left and right neighbours, the cells above it at ``col`` and
``col + 1`` and the cells below it at ``col - 1`` and ``col``.
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.jit import kernel

MAX_BITBOARD_SIZE = 8
"""The largest board that fits 64 bits."""

FULL, NOT_COL0, NOT_COLN, BLACK_A, BLACK_B, WHITE_A, WHITE_B, SIDE, GEO_SIZE = 0, 1, 2, 3, 4, 5, 6, 7, 8
"""Slots of the geometry array (see :func:`geometry`); a player's sides are ``BLACK_A + 2 * player``
and ``BLACK_B + 2 * player``."""


def geometry(size: int) -> np.ndarray:
    """The masks of a ``size`` x ``size`` board: full board, every column but the first / the last,
    and each colour's two sides (black: top then bottom row; white: left then right column)."""
    if not 2 <= size <= MAX_BITBOARD_SIZE:
        raise ValueError(f"bit boards hold 2x2 to {MAX_BITBOARD_SIZE}x{MAX_BITBOARD_SIZE} (got {size})")
    bit = [1 << i for i in range(size * size)]
    full = sum(bit)
    col0 = sum(bit[r * size] for r in range(size))
    coln = sum(bit[r * size + size - 1] for r in range(size))
    top = sum(bit[c] for c in range(size))
    bottom = sum(bit[(size - 1) * size + c] for c in range(size))
    geo = np.zeros(GEO_SIZE, np.uint64)
    geo[:] = [full, full & ~col0, full & ~coln, top, bottom, col0, coln, size]
    return geo


def masks(owners) -> tuple[int, int]:
    """(black, white) masks of a board given as cell owners (0 empty, 1 black, 2 white)."""
    black = white = 0
    for cell, owner in enumerate(owners):
        if owner == 1:
            black |= 1 << cell
        elif owner == 2:
            white |= 1 << cell
    return black, white


@kernel()
def lowest_bit(x):
    """The lowest set bit of ``x`` as a mask (0 for 0)."""
    return x & (~x + np.uint64(1))


@kernel()
def dilate(x, geo):
    """``x`` and every cell next to a cell of ``x``."""
    one = np.uint64(1)
    n = geo[SIDE]
    n1 = n - one
    right_ok = x & geo[NOT_COLN]
    left_ok = x & geo[NOT_COL0]
    grown = x | (right_ok << one) | (left_ok >> one) | (x << n) | (x >> n) | (right_ok >> n1) | (left_ok << n1)
    return grown & geo[FULL]


@kernel()
def flood(seed, stones, geo):
    """The cells of ``stones`` joined to ``seed`` through ``stones``."""
    reached = seed & stones
    while True:
        grown = dilate(reached, geo) & stones
        if grown == reached:
            return reached
        reached = grown


@kernel()
def joins_sides(stones, player, geo):
    """True when ``stones`` of ``player`` (0 black, 1 white) join that player's two sides."""
    return (flood(geo[BLACK_A + 2 * player], stones, geo) & geo[BLACK_B + 2 * player]) != np.uint64(0)


__all__ = ["BLACK_A", "BLACK_B", "FULL", "GEO_SIZE", "MAX_BITBOARD_SIZE", "NOT_COL0", "NOT_COLN", "SIDE",
           "WHITE_A", "WHITE_B", "dilate", "flood", "geometry", "joins_sides", "lowest_bit", "masks"]
