"""An exact Hex solver for boards of up to 8x8: which side wins with perfect play, and a winning move.

Boards are two 64-bit masks (bit ``row * N + col``). The search is proof-number search: a tree grown
one position at a time where the side to move is closest to a proof (fewest positions left to
settle), with a table of decided positions kept across calls. Every answer is exact, because the Hex
knowledge it uses is sound:

* **Virtual connections** (connections.py, a bounded H-search): when the player to move has a
  virtual or semi connection between their sides, the position is won; when the opponent has a
  virtual connection, it is lost.
* **Must-play**: when the opponent has semi-connections, only moves inside every one of their
  carriers can save the game, so only those are tried.
* **Proofs narrow the replies**: a decided position carries its proof, the empty cells its result
  depends on. When one move is refuted, every other move outside the refutation's proof is refuted
  as well (the opponent's winning line does not care about it), so those are never searched.

A tree that fills up starts afresh: the table remembers what was decided, and the proof and
disproof numbers of the positions the old tree had expanded, so the new tree grows straight back
to where the old one was working. Ideas from the Hex
literature: Anshelevich's H-search, Allis' proof-number search, and the must-play and proof sets of
Hayward, Henderson and Arneson's solvers; the code is this project's.
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.jit import kernel, types
from tui_games.engine.stopflag import StopFlag, should_stop
from tui_games.games.hex.bitboard import FULL, MAX_BITBOARD_SIZE, SIDE, geometry, masks
from tui_games.games.hex.connections import NONE, SEMI, VIRTUAL, popcount, side_connection

MAX_SOLVER_SIZE = MAX_BITBOARD_SIZE
"""The largest board the solver takes (N * N <= 64 bits)."""

U64 = types.uint64
GEO = types.uint64[::1]
TT_KEYS = types.uint64[:, ::1]
TT_INFO = types.int64[::1]

MAX_RESTARTS = 200
"""How many times one solve may start its tree afresh after filling it."""

WIN, LOSS, UNKNOWN = 1, -1, 0
"""Results for the player to move; UNKNOWN when the search was stopped first."""


def centre_order(size: int) -> np.ndarray:
    """Cells nearest the centre first (hex distance to the centre, then reading order)."""
    centre = (size - 1) / 2.0

    def distance(cell: int) -> float:
        dq, dr = cell % size - centre, cell // size - centre
        return max(abs(dq), abs(dr), abs(dq + dr))

    return np.array(sorted(range(size * size), key=lambda c: (distance(c), c)), np.int64)


@kernel()
def position_hash(black, white, mover):
    """A 64-bit hash of a position (both colours' stones and the side to move)."""
    h = black * np.uint64(0x9E3779B97F4A7C15) ^ (white + np.uint64(0x632BE59BD9B4E019)) * np.uint64(0xC2B2AE3D27D4EB4F)
    h ^= np.uint64(mover) * np.uint64(0x165667B19E3779F9)
    h ^= h >> np.uint64(31)
    h *= np.uint64(0xFF51AFD7ED558CCD)
    h ^= h >> np.uint64(29)
    return h


ESTIMATE = UNKNOWN + 1
"""The result bits of a table entry that holds an undecided position's proof and disproof numbers."""
ESTIMATE_CAP = (1 << 31) - 1
"""The largest proof or disproof number an estimate keeps (two of them share 64 bits)."""


@kernel()
def _home(keys, black, white, mover):
    """The first of the two table slots a position may occupy (the other is this one ^ 1)."""
    return np.int64(position_hash(black, white, mover) & np.uint64(keys.shape[0] - 1))


@kernel()
def _holds(keys, info, slot, black, white, mover):
    """True when ``slot`` holds the position (a decided result or an estimate)."""
    return keys[slot, 0] == black and keys[slot, 1] == white and (info[slot] & 3) == mover + 1


@kernel()
def _find(keys, info, black, white, mover, estimate):
    """The slot holding the position's decided result (``estimate`` False) or its estimate (True), or -1."""
    home = _home(keys, black, white, mover)
    for k in range(2):
        slot = home ^ k
        if _holds(keys, info, slot, black, white, mover) and (((info[slot] >> 2) & 3) == ESTIMATE) == estimate:
            return slot
    return -1


@kernel()
def table_probe(keys, info, black, white, mover, proof):
    """The stored result of a position (WIN / LOSS for the mover, its proof in ``proof[0]``), or UNKNOWN."""
    slot = _find(keys, info, black, white, mover, False)
    if slot < 0:
        return UNKNOWN
    proof[0] = keys[slot, 2]
    return np.int64((info[slot] >> 2) & 3) - 1


@kernel()
def table_estimate(keys, info, black, white, mover, numbers):
    """True, with ``numbers`` = (proof number, disproof number), when the table holds an estimate of
    the undecided position (left by an earlier tree that filled up or was stopped)."""
    slot = _find(keys, info, black, white, mover, True)
    if slot < 0:
        return False
    numbers[0] = np.int64(keys[slot, 2] >> np.uint64(32))
    numbers[1] = np.int64(keys[slot, 2] & np.uint64(0xFFFFFFFF))
    return True


@kernel()
def table_keep_estimate(keys, info, black, white, mover, pn, dn):
    """Remember an undecided position's proof and disproof numbers in a slot that holds nothing
    decided (a decided position is never pushed out by an estimate)."""
    home = _home(keys, black, white, mover)
    chosen = -1
    for k in range(2):
        slot = home ^ k
        free = info[slot] == 0 or (info[slot] >> 2) & 3 == ESTIMATE
        if free and (chosen < 0 or _holds(keys, info, slot, black, white, mover)):
            chosen = slot
    if chosen < 0:
        return
    keys[chosen, 0] = black
    keys[chosen, 1] = white
    keys[chosen, 2] = (np.uint64(min(pn, ESTIMATE_CAP)) << np.uint64(32)) | np.uint64(min(dn, ESTIMATE_CAP))
    info[chosen] = (ESTIMATE << 2) | (mover + 1)


@kernel()
def table_store(keys, info, black, white, mover, result, proof, work):
    """Remember ``result`` and ``proof`` of a position: in the slot it already has (its estimate)
    if any, else of two slots the one with the least work (an estimate counts as none)."""
    slot = _home(keys, black, white, mover)
    other = slot ^ 1
    if _holds(keys, info, other, black, white, mover):
        slot = other
    elif not _holds(keys, info, slot, black, white, mover) and (info[other] >> 4) < (info[slot] >> 4):
        slot = other
    keys[slot, 0] = black
    keys[slot, 1] = white
    keys[slot, 2] = proof
    info[slot] = (min(work, 1 << 40) << 4) | ((result + 1) << 2) | (mover + 1)


INFINITE = 1 << 40
"""A proof or disproof number that can no longer be met (the node is decided the other way)."""

TREE_FIELDS = 9
PARENT, FIRST, CHILDREN, MOVE, MOVER, PN, DN, DONE, SPARE = 0, 1, 2, 3, 4, 5, 6, 7, 8
"""Columns of the proof-number tree's integer rows (``CHILDREN`` is -1 until the node is expanded)."""
BLACK_STONES, WHITE_STONES, REGION, LOST_PROOF, PROOF, MASK_FIELDS = 0, 1, 2, 3, 4, 5
"""Columns of the tree's mask rows: the position, the moves still to try, what refutes the others,
and the node's proof once decided."""


@kernel()
def _make_node(tree, masks, node, parent, move, black, white, mover, geo, keys, info, out):
    """Fill row ``node``: a position with ``mover`` to move, reached by ``move`` from ``parent``,
    decided at once when the table knows it or a side connection settles it; an undecided one starts
    from the table's estimate when an earlier tree left one."""
    zero = np.uint64(0)
    tree[node, PARENT] = parent
    tree[node, FIRST] = -1
    tree[node, CHILDREN] = -1
    tree[node, MOVE] = move
    tree[node, MOVER] = mover
    tree[node, DONE] = 0
    masks[node, BLACK_STONES] = black
    masks[node, WHITE_STONES] = white
    masks[node, LOST_PROOF] = zero
    masks[node, PROOF] = zero
    proof = np.empty(1, np.uint64)
    known = table_probe(keys, info, black, white, mover, proof)
    if known != UNKNOWN:
        _decide(tree, masks, node, known, proof[0], keys, info, False)
        return
    empty = geo[FULL] & ~(black | white)
    own = black if mover == 0 else white
    opp = white if mover == 0 else black
    found = side_connection(own, empty, mover, geo, out)
    if found != NONE:
        _decide(tree, masks, node, WIN, out[0] if found == VIRTUAL else out[2], keys, info, True)
        return
    found = side_connection(opp, empty, 1 - mover, geo, out)
    if found == VIRTUAL:
        _decide(tree, masks, node, LOSS, out[0], keys, info, True)
        return
    if found == SEMI:
        masks[node, REGION] = out[0]
        masks[node, LOST_PROOF] = out[3]
    else:
        masks[node, REGION] = empty
    numbers = np.empty(2, np.int64)
    if table_estimate(keys, info, black, white, mover, numbers):
        tree[node, PN] = numbers[0]
        tree[node, DN] = numbers[1]
    else:
        tree[node, PN] = 1
        tree[node, DN] = popcount(masks[node, REGION])


@kernel()
def _decide(tree, masks, node, result, proof, keys, info, remember):
    """Mark ``node`` decided (WIN / LOSS for its mover) with ``proof``; ``remember`` stores it."""
    tree[node, DONE] = 1
    masks[node, PROOF] = proof
    if result == WIN:
        tree[node, PN] = 0
        tree[node, DN] = INFINITE
    else:
        tree[node, PN] = INFINITE
        tree[node, DN] = 0
    if remember:
        table_store(keys, info, masks[node, BLACK_STONES], masks[node, WHITE_STONES], tree[node, MOVER], result,
                    proof, 1)


@kernel()
def _update(tree, masks, node, keys, info):
    """Recompute an expanded node's numbers from its children: a refuted move narrows the moves to
    try to the refutation's proof; a winning move decides the node; no move left loses it."""
    zero = np.uint64(0)
    first = tree[node, FIRST]
    last = first + tree[node, CHILDREN]
    for j in range(first, last):
        bit = np.uint64(1) << np.uint64(tree[j, MOVE])
        if masks[node, REGION] & bit == zero:
            continue
        if tree[j, DONE] != 0 and tree[j, PN] == 0:
            masks[node, REGION] &= masks[j, PROOF]
            masks[node, LOST_PROOF] |= masks[j, PROOF] | bit
        elif tree[j, DONE] != 0 and tree[j, DN] == 0:
            _decide(tree, masks, node, WIN, masks[j, PROOF] | bit, keys, info, True)
            return
    phi = INFINITE
    delta = 0
    for j in range(first, last):
        bit = np.uint64(1) << np.uint64(tree[j, MOVE])
        if masks[node, REGION] & bit == zero:
            continue
        phi = min(phi, tree[j, DN])
        delta = min(delta + tree[j, PN], INFINITE)
    if phi == INFINITE:
        _decide(tree, masks, node, LOSS, masks[node, LOST_PROOF], keys, info, True)
        return
    tree[node, PN] = phi
    tree[node, DN] = delta


@kernel()
def _keep_estimates(tree, masks, used, keys, info):
    """Before the tree is dropped, put the numbers of its expanded undecided positions in the table,
    so that the next tree grows back towards the same frontier instead of starting blind."""
    for node in range(used):
        if tree[node, CHILDREN] >= 0 and tree[node, DONE] == 0:
            table_keep_estimate(keys, info, masks[node, BLACK_STONES], masks[node, WHITE_STONES], tree[node, MOVER],
                                tree[node, PN], tree[node, DN])


@kernel(types.int64(U64, U64, types.int64, GEO, TT_KEYS, TT_INFO, types.int64[:, ::1], types.uint64[:, ::1],
                    types.int64[::1], types.int64[::1], types.int64[::1], types.uint64[::1]))
def solve(black, white, mover, geo, keys, info, tree, masks, order, control, counters, proof):
    """WIN or LOSS for ``mover`` (0 black, 1 white) in the position ``black``/``white`` with perfect
    play, by proof-number search; UNKNOWN when stopped (``control``, see
    :mod:`tui_games.engine.stopflag`) or when the tree (``tree``/``masks`` rows) is full.

    ``proof[0]`` gets the result's proof: empty cells such that the result stands whatever the loser
    owns outside them (a virtual connection's carrier, a winning move with its reply's proof, or all
    the refutations of a lost position together). A move of the loser outside the proof of a
    refutation is refuted too, which narrows the moves to try. ``order`` lists the cells in the order
    children are made (centre first); ``counters[0]`` counts the positions made.
    """
    zero = np.uint64(0)
    out = np.empty(4, np.uint64)
    capacity = tree.shape[0]
    n_cells = np.int64(geo[SIDE] * geo[SIDE])
    _make_node(tree, masks, 0, -1, -1, black, white, mover, geo, keys, info, out)
    used = 1
    counters[0] += 1
    while tree[0, DONE] == 0:
        if should_stop(control, counters[0]) or used + n_cells > capacity:
            _keep_estimates(tree, masks, used, keys, info)
            return UNKNOWN
        node = 0
        while tree[node, CHILDREN] >= 0:  # the most proving node: least disproof among the children
            best = -1
            first = tree[node, FIRST]
            for j in range(first, first + tree[node, CHILDREN]):
                bit = np.uint64(1) << np.uint64(tree[j, MOVE])
                if masks[node, REGION] & bit != zero and tree[j, DONE] == 0:
                    if best < 0 or tree[j, DN] < tree[best, DN]:
                        best = j
            node = best
        tree[node, FIRST] = used
        count = 0
        node_mover = tree[node, MOVER]
        for i in range(n_cells):
            cell = order[i]
            bit = np.uint64(1) << np.uint64(cell)
            if masks[node, REGION] & bit == zero:
                continue
            b = masks[node, BLACK_STONES]
            w = masks[node, WHITE_STONES]
            if node_mover == 0:
                b |= bit
            else:
                w |= bit
            child = used
            _make_node(tree, masks, child, node, cell, b, w, 1 - node_mover, geo, keys, info, out)
            used += 1
            count += 1
            counters[0] += 1
            if tree[child, DONE] != 0:
                if tree[child, PN] == 0:  # the reply wins: this move is refuted, and so is every
                    masks[node, REGION] &= masks[child, PROOF]  # move outside the refutation's proof
                    masks[node, LOST_PROOF] |= masks[child, PROOF] | bit
                else:
                    break
        tree[node, CHILDREN] = count
        while node >= 0:
            _update(tree, masks, node, keys, info)
            node = tree[node, PARENT]
    proof[0] = masks[0, PROOF]
    return WIN if tree[0, PN] == 0 else LOSS


class HexSolver:
    """Solves Hex positions on boards of up to 8x8 exactly (a table of decided positions is kept
    across calls).

    ``solve(state)`` says whether the player to move wins; ``move_results(state)`` gives each move's
    result; a time budget stops either early (the answer then says it is unknown).
    """

    def __init__(self, size: int, table_log2: int = 20, tree_nodes: int = 1 << 18) -> None:
        self.size = size
        self.geo = geometry(size)
        self.order = centre_order(size)
        self.keys = np.zeros((1 << table_log2, 3), np.uint64)
        self.info = np.zeros(1 << table_log2, np.int64)
        self.tree = np.zeros((tree_nodes, TREE_FIELDS), np.int64)
        self.masks = np.zeros((tree_nodes, MASK_FIELDS), np.uint64)
        self.stop_flag = StopFlag()
        self.counters = np.zeros(1, np.int64)

    @property
    def positions(self) -> int:
        """Positions made since this solver was made."""
        return int(self.counters[0])

    def stop(self) -> None:
        """Abort a running solve (it answers UNKNOWN)."""
        self.stop_flag.set()

    def _position(self, state) -> tuple[int, int, int]:
        if state.size != self.size:
            raise ValueError(f"this solver is for {self.size}x{self.size} boards (got {state.size}x{state.size})")
        black, white = masks(state.owners)
        return black, white, int(state.current_player)

    def _solve(self, black: int, white: int, mover: int) -> int:
        return self._solve_with_proof(black, white, mover)[0]

    def _solve_with_proof(self, black: int, white: int, mover: int) -> tuple[int, int]:
        """Solve, starting the tree afresh whenever it fills up: the table keeps every position decided
        so far, so each new tree quickly grows past them (at most ``MAX_RESTARTS`` times)."""
        proof = np.zeros(1, np.uint64)
        for _ in range(MAX_RESTARTS):
            result = int(solve(np.uint64(black), np.uint64(white), mover, self.geo, self.keys, self.info, self.tree,
                               self.masks, self.order, self.stop_flag.array, self.counters, proof))
            if result != UNKNOWN or self.stop_flag.aborted:
                return result, int(proof[0]) if result != UNKNOWN else 0
        return UNKNOWN, 0

    def solve_with_proof(self, black: int, white: int, mover: int,
                         time_budget: float | None = None) -> tuple[int, int]:
        """(WIN / LOSS / UNKNOWN for ``mover``, proof): the proof is a mask of empty cells such that the
        result stands whatever the loser owns outside it."""
        self.stop_flag.clear()
        with self.stop_flag.deadline(time_budget):
            return self._solve_with_proof(black, white, mover)

    def solve_position(self, black: int, white: int, mover: int, time_budget: float | None = None) -> int:
        """WIN / LOSS for ``mover`` in the position of bit masks ``black``/``white``, or UNKNOWN."""
        self.stop_flag.clear()
        with self.stop_flag.deadline(time_budget):
            return self._solve(black, white, mover)

    def solve(self, state, time_budget: float | None = None) -> int:
        """WIN / LOSS for the player to move in ``state`` (not finished, swap not pending), or UNKNOWN."""
        return self.solve_position(*self._position(state), time_budget)

    def move_results(self, state, time_budget: float | None = None, every_move: bool = True,
                     order=None) -> dict[int, int]:
        """{cell: WIN or LOSS for the player to move}, in ``order`` (default centre first); cells left
        out were not solved in time (or, without ``every_move``, come after the first winning move)."""
        black, white, mover = self._position(state)
        results: dict[int, int] = {}
        self.stop_flag.clear()
        with self.stop_flag.deadline(time_budget):
            for cell in self.order if order is None else order:
                bit = 1 << int(cell)
                if (black | white) & bit:
                    continue
                child = self._solve(black | bit, white, 1) if mover == 0 else self._solve(black, white | bit, 0)
                if child == UNKNOWN:
                    break
                results[int(cell)] = -child
                if child == LOSS and not every_move:
                    break
        return results


__all__ = ["HexSolver", "LOSS", "MAX_SOLVER_SIZE", "UNKNOWN", "WIN", "centre_order"]
