"""Connection kernels for boards of hexagonal cells: flood fill, union-find and shortest chains.

The kernels work on any board of :mod:`tui_games.engine.hexgrid` through its neighbour table
(``neighbours[cell, d]``, -1 past the rim), so Hex, Yavalath and RoPaSci 360 share them. A board is
an int64 array ``owner`` with one entry per cell (the games choose the values: 0 empty, 1 and 2 the
seats' stones ...). Scratch arrays come from the caller, so the kernels allocate nothing.

:func:`rhombus_step` is the rhombus' neighbour relation computed on the fly, for rules kernels that
take only a state array (its agreement with :func:`tui_games.engine.hexgrid.rhombus` is tested).
"""

from __future__ import annotations

from tui_games.engine.hexgrid import DIRECTIONS
from tui_games.engine.jit import kernel, np

_DQ = np.array([d[0] for d in DIRECTIONS], dtype=np.int64)
_DR = np.array([d[1] for d in DIRECTIONS], dtype=np.int64)


@kernel()
def rhombus_step(cell, direction, rows, cols):
    """The cell one step ``DIRECTIONS[direction]`` from ``cell`` on a ``rows`` x ``cols`` rhombus
    (index ``row * cols + col``), or -1 past the rim."""
    row = cell // cols + _DR[direction]
    col = cell % cols + _DQ[direction]
    if row < 0 or row >= rows or col < 0 or col >= cols:
        return -1
    return row * cols + col


@kernel()
def group_sides(owner, neighbours, start, side_bits, seen, mark, stack):
    """Flood the group of ``owner[start]``'s colour around ``start`` and return the OR of
    ``side_bits`` over its cells (which sides the group touches, one bit per side).

    The group's cells get ``seen[cell] = mark``; a cell already holding ``mark`` counts as done, so a
    caller flooding many groups passes a new mark each time instead of clearing ``seen``. ``stack``
    needs one slot per cell.
    """
    colour = owner[start]
    bits = side_bits[start]
    seen[start] = mark
    stack[0] = start
    top = 1
    while top > 0:
        top -= 1
        cell = stack[top]
        for d in range(neighbours.shape[1]):
            nb = neighbours[cell, d]
            if nb >= 0 and owner[nb] == colour and seen[nb] != mark:
                seen[nb] = mark
                bits |= side_bits[nb]
                stack[top] = nb
                top += 1
    return bits


@kernel()
def flood_from(owner, neighbours, colour, starts, n_starts, reached, stack):
    """Mark in ``reached`` (set to 1) every cell of colour ``colour`` joined to one of
    ``starts[:n_starts]`` through cells of that colour (start cells of another colour are skipped);
    ``reached`` must be zero before the call. Returns how many cells were reached."""
    top = 0
    count = 0
    for i in range(n_starts):
        cell = starts[i]
        if owner[cell] == colour and reached[cell] == 0:
            reached[cell] = 1
            stack[top] = cell
            top += 1
            count += 1
    while top > 0:
        top -= 1
        cell = stack[top]
        for d in range(neighbours.shape[1]):
            nb = neighbours[cell, d]
            if nb >= 0 and owner[nb] == colour and reached[nb] == 0:
                reached[nb] = 1
                stack[top] = nb
                top += 1
                count += 1
    return count


@kernel()
def connects(owner, neighbours, colour, side_a, side_b, reached, stack):
    """True when stones of ``colour`` join a cell of ``side_a`` to a cell of ``side_b`` (both arrays
    of cells). ``reached`` is cleared here; ``stack`` needs one slot per cell."""
    reached[:] = 0
    flood_from(owner, neighbours, colour, side_a, side_a.shape[0], reached, stack)
    for i in range(side_b.shape[0]):
        if reached[side_b[i]] != 0:
            return True
    return False


@kernel()
def shortest_chain(owner, neighbours, colour, side_a, side_b, out):
    """The fewest stones of ``colour`` that join ``side_a`` to ``side_b``, as cells from the side_a
    end, written to ``out``; returns how many (0 when the sides are not joined)."""
    n = owner.shape[0]
    parent = np.full(n, -2, np.int64)
    queue = np.empty(n, np.int64)
    is_target = np.zeros(n, np.bool_)
    for i in range(side_b.shape[0]):
        is_target[side_b[i]] = True
    head = 0
    tail = 0
    for i in range(side_a.shape[0]):
        cell = side_a[i]
        if owner[cell] == colour and parent[cell] == -2:
            parent[cell] = -1
            queue[tail] = cell
            tail += 1
    while head < tail:
        cell = queue[head]
        head += 1
        if is_target[cell]:
            length = 0
            while cell >= 0:
                out[length] = cell
                length += 1
                cell = parent[cell]
            out[:length] = out[:length][::-1].copy()
            return length
        for d in range(neighbours.shape[1]):
            nb = neighbours[cell, d]
            if nb >= 0 and owner[nb] == colour and parent[nb] == -2:
                parent[nb] = cell
                queue[tail] = nb
                tail += 1
    return 0


@kernel()
def uf_find(parent, x):
    """The root of ``x``'s set in the union-find forest ``parent`` (with path halving)."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@kernel()
def uf_union(parent, a, b):
    """Join the sets of ``a`` and ``b``; returns the root of the joined set (the smaller index, so a
    set that holds a fixed low node, such as a side's virtual node, keeps it as its root)."""
    ra = uf_find(parent, a)
    rb = uf_find(parent, b)
    if ra == rb:
        return ra
    if ra < rb:
        parent[rb] = ra
        return ra
    parent[ra] = rb
    return rb


@kernel()
def uf_reset(parent):
    """Every node its own set."""
    for i in range(parent.shape[0]):
        parent[i] = i


__all__ = ["connects", "flood_from", "group_sides", "rhombus_step", "shortest_chain", "uf_find", "uf_reset",
           "uf_union"]
