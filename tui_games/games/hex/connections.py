"""Virtual connections on Hex boards of up to 8x8 (64-bit masks): a bounded H-search.

A *virtual connection* (VC) between two of a player's nodes holds even if the opponent moves first;
a *semi-connection* (SC) holds if the player moves first, by playing its *key*. Each comes with its
*carrier*, the empty cells it needs. Nodes are the player's groups, the player's two sides (with the
groups touching them) and the empty cells. Connections are built by two rules (Anshelevich's H-search):

* AND: VC(x, z) and VC(z, y) with disjoint carriers, neither holding the other end: through a stone
  group z they give VC(x, y); through an empty cell z they give SC(x, y) with key z;
* OR: SCs between x and y whose carriers have no cell in common give VC(x, y) (whichever of them the
  opponent intrudes on, the player plays the key of one left intact).

Bounded for speed, and still sound: connections are kept only between pairs with a group or side
at one end (empty-to-empty pairs keep just adjacency), at most :data:`VCS_PER_PAIR` VCs and
:data:`SCS_PER_PAIR` SCs per pair, sides are never the middle of an AND, and the number of AND
combinations tried is capped. Whatever is found is a real connection; some are missed.

Masks are bit ``row * N + col``; the geometry array comes from :func:`tui_games.games.hex.bitboard.geometry`.
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.jit import kernel, types
from tui_games.games.hex.bitboard import BLACK_A, BLACK_B, FULL, dilate, flood, lowest_bit

VCS_PER_PAIR = 4
SCS_PER_PAIR = 8
MAX_NODES = 2 + 64
AND_BUDGET = 60_000
"""Most AND combinations one search tries."""
QUEUE = 8192
"""Most new VCs one search queues for combination."""

NONE, VIRTUAL, SEMI = 0, 1, 2
"""What :func:`side_connection` found between the player's two sides."""


@kernel()
def popcount(x):
    """Number of set bits of a 64-bit mask."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@kernel()
def _covers(table, a, b, n, carrier):
    """True when one of the first ``n`` carriers kept for the pair (a, b) needs no cell outside
    ``carrier`` (so a connection with ``carrier`` adds nothing)."""
    for k in range(n):
        if table[a, b, k] & ~carrier == np.uint64(0):
            return True
    return False


@kernel()
def _drop_wider(table, keys, a, b, n, carrier):
    """Drop the pair's carriers that hold all of ``carrier`` (and their keys, kept beside them in
    ``keys``); returns how many are left."""
    k = 0
    while k < n:
        if carrier & ~table[a, b, k] == np.uint64(0):
            table[a, b, k] = table[a, b, n - 1]
            keys[a, b, k] = keys[a, b, n - 1]
            n -= 1
        else:
            k += 1
    return n


@kernel()
def _add_vc(vc, nvc, a, b, carrier, queue, q_len):
    """Record VC(a, b) with ``carrier`` unless a kept one needs no more cells (the widest one gives way
    when the pair is full); queue it when kept. Returns the new queue length."""
    if _covers(vc, a, b, nvc[a, b], carrier):
        return q_len
    n = _drop_wider(vc, vc, a, b, nvc[a, b], carrier)  # VCs have no keys: the table stands in for them
    if n < VCS_PER_PAIR:
        vc[a, b, n] = carrier
        n += 1
    else:
        widest = 0
        for k in range(1, n):
            if popcount(vc[a, b, k]) > popcount(vc[a, b, widest]):
                widest = k
        if popcount(carrier) >= popcount(vc[a, b, widest]):
            nvc[a, b] = n
            return q_len
        vc[a, b, widest] = carrier
    nvc[a, b] = n
    if q_len < queue.shape[0]:
        queue[q_len, 0] = a
        queue[q_len, 1] = b
        queue[q_len, 2] = np.int64(carrier)
        q_len += 1
    return q_len


@kernel()
def _add_sc(vc, nvc, sc, sck, nsc, a, b, key, carrier, queue, q_len):
    """Record SC(a, b) with ``key`` and ``carrier`` (key included) unless a kept VC or SC needs no more
    cells, and apply the OR rule with the pair's other SCs. Returns the new queue length."""
    if _covers(vc, a, b, nvc[a, b], carrier) or _covers(sc, a, b, nsc[a, b], carrier):
        return q_len
    n = _drop_wider(sc, sck, a, b, nsc[a, b], carrier)
    if n < SCS_PER_PAIR:
        sc[a, b, n] = carrier
        sck[a, b, n] = key
        n += 1
    nsc[a, b] = n
    common = carrier
    union = carrier
    for k in range(n):
        other = sc[a, b, k]
        if common & other != common:
            common &= other
            union |= other
            if common == np.uint64(0):
                return _add_vc(vc, nvc, a, b, union, queue, q_len)
    return q_len


@kernel()
def _pair(a, b, stones):
    """The stored slot (row, column) of the pair a, b: rows are stone-like nodes (sides and groups,
    numbered below ``stones``), the smaller first when both are."""
    if a < stones and b < stones:
        return min(a, b), max(a, b)
    if a < stones:
        return a, b
    return b, a


@kernel(types.int64(types.uint64, types.uint64, types.int64, types.uint64[::1], types.uint64[::1]))
def side_connection(stones, empty, player, geo, out):
    """Search ``player``'s (0 black, 1 white) connections between their two sides, with ``stones``
    their stones and ``empty`` the empty cells.

    Returns VIRTUAL (``out[0]`` = its carrier), SEMI or NONE. For SEMI (``out`` needs four slots):
    ``out[0]`` the cells common to the carriers of every semi-connection found (the opponent to move
    must play there), ``out[1]`` the key of one semi-connection and ``out[2]`` its carrier (key
    included), ``out[3]`` every cell of every semi-connection found.
    """
    zero = np.uint64(0)
    side_a = geo[BLACK_A + 2 * player]
    side_b = geo[BLACK_B + 2 * player]
    cells = np.zeros(MAX_NODES, np.uint64)
    near = np.zeros(MAX_NODES, np.uint64)
    near[0] = side_a & empty
    near[1] = side_b & empty
    count = 2
    rest = stones
    while rest != zero:
        group = flood(lowest_bit(rest), stones, geo)
        rest &= ~group
        halo = dilate(group, geo) & empty
        touches_a = group & side_a != zero
        touches_b = group & side_b != zero
        if touches_a and touches_b:
            out[0] = zero
            return VIRTUAL
        if touches_a:
            cells[0] |= group
            near[0] |= halo
        elif touches_b:
            cells[1] |= group
            near[1] |= halo
        else:
            cells[count] = group
            near[count] = halo
            count += 1
    n_stone = count
    rest = empty
    while rest != zero:
        cell = lowest_bit(rest)
        rest ^= cell
        cells[count] = cell
        near[count] = dilate(cell, geo) & ~cell
        count += 1
    # Connections with a stone-like node (a side or a group) at one end: row = that node.
    vc = np.empty((n_stone, count, VCS_PER_PAIR), np.uint64)
    nvc = np.zeros((n_stone, count), np.int64)
    sc = np.empty((n_stone, count, SCS_PER_PAIR), np.uint64)
    sck = np.empty((n_stone, count, SCS_PER_PAIR), np.uint64)
    nsc = np.zeros((n_stone, count), np.int64)
    queue = np.empty((QUEUE, 3), np.int64)
    q_len = 0
    for i in range(n_stone):
        for j in range(i + 1, count):
            if j == 1:
                continue
            if near[i] & cells[j] != zero:
                q_len = _add_vc(vc, nvc, i, j, zero, queue, q_len)
    # Empty-to-empty pairs keep only adjacency (carrier: none); they enter the queue as middles' ends.
    head = 0
    budget = AND_BUDGET
    while head < q_len and budget > 0:
        x = queue[head, 0]
        z = queue[head, 1]
        first = np.uint64(queue[head, 2])
        head += 1
        for role in range(2):
            middle = z if role == 0 else x
            end = x if role == 0 else z
            if middle < 2:
                continue
            through_empty = middle >= n_stone
            for y in range(count):
                if y == end or y == middle or (end >= n_stone and y >= n_stone):
                    continue
                if middle >= n_stone and y >= n_stone:
                    # Empty middle, empty end: their only connection is adjacency.
                    if near[middle] & cells[y] == zero:
                        continue
                    n_second = 1
                else:
                    row, col = _pair(middle, y, n_stone)
                    n_second = nvc[row, col]
                lo, hi = _pair(end, y, n_stone)
                for k in range(n_second):
                    budget -= 1
                    if middle >= n_stone and y >= n_stone:
                        second = zero
                    else:
                        second = vc[row, col, k]
                    if first & second != zero or cells[y] & first != zero or cells[end] & second != zero:
                        continue
                    if through_empty:
                        if (first | second) & cells[middle] != zero:
                            continue
                        q_len = _add_sc(vc, nvc, sc, sck, nsc, lo, hi, cells[middle], first | second | cells[middle],
                                        queue, q_len)
                    else:
                        q_len = _add_vc(vc, nvc, lo, hi, first | second, queue, q_len)
                    if nvc[0, 1] > 0:
                        out[0] = vc[0, 1, 0]
                        return VIRTUAL
    if nvc[0, 1] > 0:
        out[0] = vc[0, 1, 0]
        return VIRTUAL
    if nsc[0, 1] == 0:
        return NONE
    must = empty
    union = np.uint64(0)
    for k in range(nsc[0, 1]):
        must &= sc[0, 1, k]
        union |= sc[0, 1, k]
    out[0] = must
    out[1] = sck[0, 1, 0]
    out[2] = sc[0, 1, 0]
    out[3] = union
    return SEMI


__all__ = ["NONE", "SEMI", "VIRTUAL", "popcount", "side_connection"]
