"""The shared hex grid: neighbour tables of the rhombus (Hex) and the hexagon (Yavalath, RoPaSci 360),
cell names, and the connection kernels (flood fill, union-find, shortest chain)."""

from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest

from tui_games.engine.hexconnect import (connects, flood_from, group_sides, rhombus_step, shortest_chain,
                                         uf_find, uf_reset, uf_union)
from tui_games.engine.hexgrid import (BRIDGE_STEPS, DIRECTIONS, OFF_BOARD, hexagon, parse_rhombus_cell, rhombus,
                                      rhombus_cell_name)


def test_directions_turn_in_order_and_come_in_opposite_pairs():
    for d, (dq, dr) in enumerate(DIRECTIONS):
        assert DIRECTIONS[(d + 3) % 6] == (-dq, -dr)
        # neighbouring directions differ by a unit step: the two cells they point at touch
        nq, nr = DIRECTIONS[(d + 1) % 6]
        assert (nq - dq, nr - dr) in DIRECTIONS


@pytest.mark.parametrize("size", [2, 3, 5, 11, 19])
def test_rhombus_neighbours_are_openspiels(size):
    """A cell touches left/right, the two above at col and col + 1, the two below at col - 1 and col
    (OpenSpiel's and Benzene's hex: (x, y) touches (x +- 1, y), (x, y +- 1), (x + 1, y - 1), (x - 1, y + 1))."""
    grid = rhombus(size)
    assert grid.cells == size * size
    for cell in range(size * size):
        row, col = divmod(cell, size)
        expected = {(row, col - 1), (row, col + 1), (row - 1, col), (row - 1, col + 1), (row + 1, col - 1),
                    (row + 1, col)}
        expected = {r * size + c for r, c in expected if 0 <= r < size and 0 <= c < size}
        assert set(grid.neighbours_of(cell)) == expected
        for d in range(6):
            assert int(rhombus_step(cell, d, size, size)) == int(grid.neighbours[cell, d])


def test_rhombus_degrees_corners_and_sides():
    grid = rhombus(11)
    degree = {cell: len(grid.neighbours_of(cell)) for cell in range(121)}
    assert degree[0] == 2 and degree[120] == 2  # acute corners a1, k11
    assert degree[10] == 3 and degree[110] == 3  # obtuse corners k1, a11
    assert degree[5] == 4 and degree[60] == 6
    assert grid.side("top") == tuple(range(11)) and grid.side("bottom") == tuple(range(110, 121))
    assert grid.side("left") == tuple(range(0, 121, 11)) and grid.side("right") == tuple(range(10, 121, 11))
    # a step off the board names the side it crosses
    assert grid.sides[grid.rim[0, 2]][0] == "top" and grid.sides[grid.rim[0, 3]][0] == "left"
    assert grid.sides[grid.rim[120, 5]][0] == "bottom" and grid.sides[grid.rim[120, 0]][0] == "right"
    assert grid.rim[60].tolist() == [-1] * 6
    with pytest.raises(KeyError):
        grid.side("north")


@pytest.mark.parametrize("grid", [rhombus(7), rhombus(3, 5), hexagon(5), hexagon(5, top="max"), hexagon(2)],
                         ids=["rhombus7", "rhombus3x5", "yavalath", "ropasci", "hexagon2"])
def test_neighbours_are_symmetric_and_geometric(grid):
    for cell in range(grid.cells):
        for d in range(6):
            other = int(grid.neighbours[cell, d])
            if other == OFF_BOARD:
                continue
            assert int(grid.neighbours[other, (d + 3) % 6]) == cell
            assert grid.distance(cell, other) == 1
        for b, (dq, dr, d1, d2) in enumerate(BRIDGE_STEPS):
            partner, first, second = (int(x) for x in grid.bridges[cell, b])
            if partner == OFF_BOARD:
                continue
            assert grid.distance(cell, partner) == 2
            common = set(grid.neighbours_of(cell)) & set(grid.neighbours_of(partner))
            assert common == {first, second}


def test_yavalath_hexagon_rows_and_index_order():
    grid = hexagon(5)
    assert grid.cells == 61
    assert [len(row) for row in grid.rows] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert [cell for row in grid.rows for cell in row] == list(range(61))
    assert grid.coords[0] == (0, -4) and grid.coords[4] == (4, -4)
    assert grid.coords[56] == (-4, 4) and grid.coords[60] == (0, 4)
    assert grid.coords[30] == (0, 0) and len(grid.neighbours_of(30)) == 6
    degrees = sorted(len(grid.neighbours_of(c)) for c in range(61))
    assert degrees.count(3) == 6 and degrees.count(4) == 18 and degrees.count(6) == 37
    # top row's cells touch the two cells below them, drawn half a cell to each side
    assert set(grid.neighbours_of(0)) == {1, 5, 6}
    assert [grid.indent(c) for c in grid.rows[0]] == [4, 6, 8, 10, 12]
    assert [grid.indent(c) for c in grid.rows[4]] == list(range(0, 17, 2))
    assert all(len(cells) == 5 for _, cells in grid.sides)
    assert grid.side("top") == (0, 1, 2, 3, 4) and grid.side("bottom") == tuple(range(56, 61))


def test_ropasci_axial_numbering():
    """RoPaSci 360: (r, q) with r from 4 at the top down to -4, cells 0-60 row by row, q ascending."""
    grid = hexagon(5, top="max")
    rows = [[grid.coords[c] for c in row] for row in grid.rows]
    assert rows[0] == [(q, 4) for q in range(-4, 1)]
    assert rows[4] == [(q, 0) for q in range(-4, 5)]
    assert rows[8] == [(q, -4) for q in range(0, 5)]
    assert grid.index(-4, 4) == 0 and grid.index(4, -4) == 60 and grid.index(0, 0) == 30
    assert grid.index(5, 0) == OFF_BOARD
    # the six hexes adjacent to (r, q) = (0, 0) in RoPaSci's own terms
    ropasci = {(1, -1), (1, 0), (0, -1), (0, 1), (-1, 0), (-1, 1)}
    assert {(grid.coords[c][1], grid.coords[c][0]) for c in grid.neighbours_of(30)} == ropasci
    assert grid.row_of(0) == 0 and grid.row_of(60) == 8
    # drawn alike: the same indents as Yavalath's hexagon
    assert [grid.indent(c) for c in range(61)] == [hexagon(5).indent(c) for c in range(61)]


def test_cell_names_round_trip_and_explain_mistakes():
    assert rhombus_cell_name(0, 11) == "a1" and rhombus_cell_name(46, 11) == "c5"
    assert rhombus_cell_name(360, 19) == "s19"
    for size in (2, 11, 19):
        for cell in range(size * size):
            assert parse_rhombus_cell(rhombus_cell_name(cell, size), size, size) == cell
    assert parse_rhombus_cell(" C 5 ", 11, 11) == 46
    for text, why in (("z5", "no column z"), ("c12", "no row 12"), ("c0", "no row 0"), ("5c", "not a cell"),
                      ("c", "not a cell"), ("c²", "not a cell")):
        with pytest.raises(ValueError, match=why):
            parse_rhombus_cell(text, 11, 11)


def _python_components(owner, grid, colour):
    seen, parts = set(), []
    for start in range(grid.cells):
        if owner[start] != colour or start in seen:
            continue
        part, queue = {start}, deque([start])
        seen.add(start)
        while queue:
            cell = queue.popleft()
            for nb in grid.neighbours_of(cell):
                if owner[nb] == colour and nb not in seen:
                    seen.add(nb)
                    part.add(nb)
                    queue.append(nb)
        parts.append(part)
    return parts


@pytest.mark.parametrize("grid", [rhombus(9), hexagon(5)], ids=["rhombus", "hexagon"])
def test_connection_kernels_agree_with_a_plain_search(grid):
    rng = random.Random(5)
    n = grid.cells
    for trial in range(60):
        owner = np.array([rng.choice((0, 1, 1, 2)) for _ in range(n)], np.int64)
        parts = _python_components(owner, grid, 1)
        side_a, side_b = grid.sides[0][1], grid.sides[len(grid.sides) // 2][1]
        joined = any(part & set(side_a) and part & set(side_b) for part in parts)
        reached = np.zeros(n, np.int64)
        stack = np.empty(n, np.int64)
        assert connects(owner, grid.neighbours, 1, np.array(side_a), np.array(side_b), reached, stack) == joined
        # flood fill from side A reaches exactly the components touching it
        reached[:] = 0
        count = flood_from(owner, grid.neighbours, 1, np.array(side_a), len(side_a), reached, stack)
        touching = set().union(*[part for part in parts if part & set(side_a)]) if parts else set()
        assert count == len(touching) and set(np.flatnonzero(reached)) == touching
        # group_sides: which sides each group touches, as bits
        bits = np.zeros(n, np.int64)
        bits[list(side_a)] |= 1
        bits[list(side_b)] |= 2
        seen = np.zeros(n, np.int64)
        for mark, part in enumerate(parts, start=1):
            start = min(part)
            expected = (1 if part & set(side_a) else 0) | (2 if part & set(side_b) else 0)
            assert group_sides(owner, grid.neighbours, start, bits, seen, mark, stack) == expected
        # union-find over the same stones gives the same components
        parent = np.empty(n, np.int64)
        uf_reset(parent)
        for cell in range(n):
            if owner[cell] == 1:
                for nb in grid.neighbours_of(cell):
                    if owner[nb] == 1:
                        uf_union(parent, cell, nb)
        for part in parts:
            assert len({int(uf_find(parent, c)) for c in part}) == 1
        assert len({int(uf_find(parent, min(p))) for p in parts}) == len(parts)
        # the shortest chain is a real chain of the colour from side to side, and no shorter exists
        out = np.empty(n, np.int64)
        length = shortest_chain(owner, grid.neighbours, 1, np.array(side_a), np.array(side_b), out)
        assert (length > 0) == joined
        if length:
            chain = [int(c) for c in out[:length]]
            assert chain[0] in side_a and chain[-1] in side_b and all(owner[c] == 1 for c in chain)
            assert all(b in grid.neighbours_of(a) for a, b in zip(chain, chain[1:]))
            assert length == _shortest(owner, grid, side_a, side_b)


def _shortest(owner, grid, side_a, side_b):
    dist = {c: 1 for c in side_a if owner[c] == 1}
    queue = deque(dist)
    while queue:
        cell = queue.popleft()
        if cell in side_b:
            return dist[cell]
        for nb in grid.neighbours_of(cell):
            if owner[nb] == 1 and nb not in dist:
                dist[nb] = dist[cell] + 1
                queue.append(nb)
    return 0


def test_union_find_keeps_the_smaller_root():
    parent = np.empty(10, np.int64)
    uf_reset(parent)
    assert uf_union(parent, 7, 3) == 3 and uf_union(parent, 9, 7) == 3
    assert uf_find(parent, 9) == 3 and uf_find(parent, 4) == 4


def test_bad_shapes_are_refused():
    with pytest.raises(ValueError):
        rhombus(0)
    with pytest.raises(ValueError):
        hexagon(0)
    with pytest.raises(ValueError):
        hexagon(3, top="middle")
