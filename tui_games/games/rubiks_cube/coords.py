"""Coordinates of cube positions and the kernels that build the solvers' tables from them.

A coordinate numbers one aspect of a position (the corners' twists, the edges' flips, where the four
middle-layer edges are ...) from 0 (solved) up. Kociemba's two-phase method uses these (his public
descriptions name them; the numbering here is this program's own):

* ``TWIST`` 0-2186: the twists of corners URF..DBL in base 3 (DRB's follows from them);
* ``FLIP`` 0-2047: the flips of edges UR..BL in base 2;
* ``SLICE_SORTED`` 0-11879: which 4 places hold the middle-layer edges FR FL BL BR (495 choices,
  times 24 for their order); ``// 24`` is phase 1's slice coordinate, ``% 24`` phase 2's slice order;
* ``CORNERS`` 0-40319: the corners' permutation; ``UD_EDGES`` 0-40319: the permutation of the eight
  U- and D-layer edges (meaningful once the middle edges are in their layer, as in phase 2);
* ``CROSS`` 0-331775: where the four D-layer edges are and how they are flipped, for the beginner's
  method's first step (each edge one base-24 digit: its place counted from its home, times 2, plus
  its flip; not every value occurs);
* for the 2x2, with corner DBL held in place: ``POCKET_PERM`` 0-5039 (the other seven corners'
  permutation) and ``POCKET_TWIST`` 0-728 (their twists).

A coordinate's move table says where each value goes under each move. It is built by a breadth-first
walk from the solved cube that keeps one position per value found (no inverse of a coordinate is
needed), so it is exact as long as the coordinate of the turned position depends on the coordinate
alone, which holds for every coordinate here. A distance table (a pruning table) holds, for every pair
of values of two coordinates, the fewest moves that bring both to 0 at once.
"""

from tui_games.engine.jit import kernel, np
from tui_games.games.rubiks_cube.rules import CO, CP, CUBE_SIZE, EO, EP, solved_cube, turn

TWIST, FLIP, SLICE_SORTED, CORNERS, UD_EDGES, POCKET_PERM, POCKET_TWIST, CROSS = range(8)
"""Coordinate kinds, as the kernels below take them."""
COORDINATE_SIZES = (2187, 2048, 11880, 40320, 40320, 5040, 729, 24 ** 4)
"""How many values each coordinate kind has."""
SLICE_COUNT = 495
"""Places the four middle-layer edges can take (12 choose 4): phase 1's slice coordinate."""
UNSEEN = -1
"""A distance table's entry before the walk reaches it."""

_FACTORIAL = np.array([1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600],
                      dtype=np.int64)


@kernel()
def choose(n, k):
    """n choose k (0 when k > n)."""
    if k < 0 or k > n:
        return 0
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


@kernel()
def permutation_rank(values, n):
    """The rank (0 .. n! - 1, the identity 0) of the order of ``values[:n]`` (distinct numbers)."""
    rank = 0
    for i in range(n):
        smaller = 0
        for j in range(i + 1, n):
            if values[j] < values[i]:
                smaller += 1
        rank += smaller * _FACTORIAL[n - 1 - i]
    return rank


@kernel()
def coordinate(kind, cube):
    """The coordinate ``kind`` of the cube block ``cube``."""
    if kind == TWIST:
        value = 0
        for i in range(7):
            value = value * 3 + cube[CO + i]
        return value
    if kind == FLIP:
        value = 0
        for i in range(11):
            value = value * 2 + cube[EO + i]
        return value
    if kind == SLICE_SORTED:
        combination = 0
        found = 0
        order = np.empty(4, np.int64)
        for place in range(11, -1, -1):
            piece = cube[EP + place]
            if piece >= 8:
                combination += choose(11 - place, found + 1)
                order[3 - found] = piece
                found += 1
        return 24 * combination + permutation_rank(order, 4)
    if kind == CORNERS:
        return permutation_rank(cube[CP:CP + 8], 8)
    if kind == UD_EDGES:
        return permutation_rank(cube[EP:EP + 8], 8)
    if kind == POCKET_PERM:  # DBL (place and piece 6) held: rank the other seven, piece 7 read as 6
        seven = np.empty(7, np.int64)
        k = 0
        for place in range(8):
            if place != 6:
                piece = cube[CP + place]
                seven[k] = 6 if piece == 7 else piece
                k += 1
        return permutation_rank(seven, 7)
    if kind == CROSS:
        value = 0
        for place in range(12):
            piece = cube[EP + place]
            if 4 <= piece <= 7:
                digit = ((place - piece) % 12) * 2 + cube[EO + place]
                value += digit * 24 ** (piece - 4)
        return value
    value = 0  # POCKET_TWIST: twists of places 0-5 (DBL's is 0, DRB's follows)
    for i in range(6):
        value = value * 3 + cube[CO + i]
    return value


@kernel()
def move_table(kind, size, moves):
    """``table[value, i]``: the ``kind`` coordinate after ``moves[i]`` from any position whose
    coordinate is ``value`` (``size`` values; found by a walk from the solved cube)."""
    table = np.full((size, moves.shape[0]), UNSEEN, np.int32)
    positions = np.empty((size, CUBE_SIZE), np.int8)
    queue = np.empty(size, np.int64)
    start = solved_cube()
    first = coordinate(kind, start)
    positions[first, :] = start
    queue[0] = first
    seen = np.zeros(size, np.bool_)
    seen[first] = True
    head, tail = 0, 1
    cube = np.empty(CUBE_SIZE, np.int64)
    while head < tail:
        value = queue[head]
        head += 1
        for i in range(moves.shape[0]):
            for j in range(CUBE_SIZE):
                cube[j] = positions[value, j]
            turn(cube, moves[i])
            after = coordinate(kind, cube)
            table[value, i] = after
            if not seen[after]:
                seen[after] = True
                positions[after, :] = cube
                queue[tail] = after
                tail += 1
    return table


@kernel()
def pair_distances(move_a, move_b):
    """Distances (int8) to (0, 0) of every pair ``a * size_b + b`` of two coordinates moved by the same
    moves (the columns of ``move_a`` and ``move_b``), by a breadth-first walk from (0, 0); a pair the
    walk never reaches stays UNSEEN. One coordinate alone: ``move_b`` of one row of zeros."""
    size_a, size_b = move_a.shape[0], move_b.shape[0]
    total = size_a * size_b
    distance = np.full(total, UNSEEN, np.int8)
    queue = np.empty(total, np.int32)
    distance[0] = 0
    queue[0] = 0
    head, tail = 0, 1
    while head < tail:
        index = queue[head]
        head += 1
        a, b = index // size_b, index % size_b
        d = distance[index]
        for m in range(move_a.shape[1]):
            after = move_a[a, m] * size_b + move_b[b, m]
            if distance[after] == UNSEEN:
                distance[after] = d + 1
                queue[tail] = after
                tail += 1
    return distance


@kernel()
def position_key(cube):
    """(part, key): the whole 3x3 position as 16 parts of int64 keys, exactly (no two positions
    share both): corners (permutation, twist) and edges (permutation, flip) in mixed radix."""
    corners = permutation_rank(cube[CP:CP + 8], 8) * 2187 + coordinate(TWIST, cube)
    edges = permutation_rank(cube[EP:EP + 12], 12) * 2048 + coordinate(FLIP, cube)
    return corners % 16, (corners // 16) * (479001600 * 2048) + edges


@kernel()
def expand_keys(level, parts, keys):
    """The (part, key) of every position one move from the positions ``level`` (rows of int8 cube
    blocks), written to ``parts`` and ``keys``: row ``18 * p + m`` is position p turned by move m."""
    cube = np.empty(CUBE_SIZE, np.int64)
    for p in range(level.shape[0]):
        for m in range(18):
            for j in range(CUBE_SIZE):
                cube[j] = level[p, j]
            turn(cube, m)
            part, key = position_key(cube)
            parts[18 * p + m] = part
            keys[18 * p + m] = key
    return 0


@kernel()
def blocks_of(level, rows):
    """The int8 cube blocks of the positions ``rows`` of :func:`expand_keys` (p turned by m)."""
    blocks = np.empty((rows.shape[0], CUBE_SIZE), np.int8)
    cube = np.empty(CUBE_SIZE, np.int64)
    for r in range(rows.shape[0]):
        p, m = rows[r] // 18, rows[r] % 18
        for j in range(CUBE_SIZE):
            cube[j] = level[p, j]
        turn(cube, m)
        blocks[r, :] = cube
    return blocks
