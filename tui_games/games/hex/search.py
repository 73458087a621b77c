"""Monte Carlo tree search for Hex: UCT with RAVE, bridge-saving playouts and sure wins and blocks.

Hex suits Monte Carlo search unusually well: a playout just fills the board at random (a full Hex
board always has exactly one winner, found by one flood fill at the end), and a cell's colour at the
end of a playout says whether owning it went with winning, for every move of the tree at once (RAVE,
"all moves as first"). On top of that:

* **Bridge-saving playouts** (optional): when a move intrudes into a bridge of the player to move
  (two of their stones, or a stone and their side, with two common empty cells), the playout
  answers in the other cell, as any Hex player would. This keeps the playouts' connections honest.
* **Sure wins and forced blocks** in the tree: a player who can join their sides in one move wins
  (the node is proven); a player facing one such threat must block it; two threats lose.
  Proven nodes are propagated up the tree (MCTS-solver).

The tree is two flat pools: nodes (with their children's slots in one contiguous run) and slots
(move, child node, visits, wins, RAVE visits, RAVE wins), bounded by a byte budget; when it is full
the search keeps sampling without growing. The board is drawn from :mod:`tui_games.engine.hexgrid`
(neighbours and the sides a step leaves through); the kernels take any rhombus size.
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.hexconnect import flood_from
from tui_games.engine.jit import kernel, types
from tui_games.engine.rng import make_rng, randint
from tui_games.engine.stopflag import NODES, StopFlag, should_stop

# Node columns (int64) and slot columns (int32).
N_FIRST, N_SLOTS, N_VISITS, N_PROVEN, NODE_FIELDS = 0, 1, 2, 3, 4
S_MOVE, S_CHILD, S_N, S_W, S_AN, S_AW, SLOT_FIELDS = 0, 1, 2, 3, 4, 5, 6
BYTES_PER_SLOT = SLOT_FIELDS * 4
UNSET = -1

# Settings (a float64 array, so levels differ by data, not by compiled code).
C_EXPLORE, C_RAVE_BIAS, C_BRIDGES, C_KNOWLEDGE, C_EXPAND, SETTINGS_SIZE = 0, 1, 2, 3, 4, 5

MAX_DEPTH = 400


@kernel()
def owns_step(board, neighbours, rim, cell, direction, colour):
    """True when the step from ``cell`` in ``direction`` lands on a ``colour`` stone or leaves the
    board through one of ``colour``'s sides (black 1: top 0 and bottom 2; white 2: right 1, left 3)."""
    target = neighbours[cell, direction]
    if target >= 0:
        return board[target] == colour
    side = rim[cell, direction]
    if side < 0:
        return False
    return (side % 2 == 0) == (colour == 1)


@kernel()
def bridge_reply(board, neighbours, rim, last, colour, rng):
    """A cell that saves one of ``colour``'s bridges broken into by the stone on ``last`` (chosen
    at random among them), or -1."""
    found = 0
    choice = -1
    for d in range(6):
        c = neighbours[last, d]
        if c < 0 or board[c] != 0:
            continue
        if owns_step(board, neighbours, rim, last, (d + 5) % 6, colour) and \
                owns_step(board, neighbours, rim, last, (d + 1) % 6, colour):
            found += 1
            if randint(rng, found) == 0:
                choice = c
    return choice


@kernel()
def black_joins(board, size, neighbours, reached, stack):
    """True when black's stones join the top and bottom rows of the ``size`` x ``size`` board
    (``reached`` and ``stack``: one slot per cell)."""
    n_cells = size * size
    reached[:n_cells] = 0
    flood_from(board, neighbours, 1, np.arange(size), size, reached, stack)
    for cell in range(n_cells - size, n_cells):
        if reached[cell] != 0:
            return True
    return False


@kernel()
def playout(board, size, neighbours, rim, to_move, last, use_bridges, rng, empties, position, reached, stack):
    """Fill the board at random from ``to_move`` (0 black, 1 white), answering bridge intrusions when
    ``use_bridges``; ``last`` is the cell played just before (or -1). Returns the winner (0 or 1)."""
    n_cells = size * size
    count = 0
    for cell in range(n_cells):
        if board[cell] == 0:
            empties[count] = cell
            position[cell] = count
            count += 1
    while count > 0:
        colour = to_move + 1
        chosen = -1
        if use_bridges and last >= 0:
            chosen = bridge_reply(board, neighbours, rim, last, colour, rng)
        if chosen < 0:
            chosen = empties[randint(rng, count)]
        index = position[chosen]
        count -= 1
        moved = empties[count]
        empties[index] = moved
        position[moved] = index
        board[chosen] = colour
        last = chosen
        to_move = 1 - to_move
    return 0 if black_joins(board, size, neighbours, reached, stack) else 1


@kernel()
def winning_cells(board, size, neighbours, colour, out, reached_a, reached_b, stack):
    """The empty cells where a ``colour`` stone would join that colour's sides now; returns how many."""
    n_cells = size * size
    starts = np.empty(size, np.int64)
    reached_a[:n_cells] = 0
    reached_b[:n_cells] = 0
    for i in range(size):
        starts[i] = i if colour == 1 else i * size
    flood_from(board, neighbours, colour, starts, size, reached_a, stack)
    for i in range(size):
        starts[i] = (size - 1) * size + i if colour == 1 else i * size + size - 1
    flood_from(board, neighbours, colour, starts, size, reached_b, stack)
    count = 0
    for cell in range(n_cells):
        if board[cell] != 0:
            continue
        row = cell // size
        col = cell % size
        touch_a = (row == 0) if colour == 1 else (col == 0)
        touch_b = (row == size - 1) if colour == 1 else (col == size - 1)
        for d in range(6):
            nb = neighbours[cell, d]
            if nb >= 0:
                if reached_a[nb] != 0:
                    touch_a = True
                if reached_b[nb] != 0:
                    touch_b = True
        if touch_a and touch_b:
            out[count] = cell
            count += 1
    return count


@kernel()
def _expand(nodes, slots, meta, node, board, size, neighbours, mover, settings, scratch, reached_a, reached_b,
            stack):
    """Give ``node`` its slots (every empty cell; with knowledge on, a sure win only, or the forced
    block, and a proven loss when two threats cannot both be blocked). False when the pool is full."""
    n_cells = size * size
    colour = mover + 1
    moves = scratch
    count = 0
    proven = 0
    if settings[C_KNOWLEDGE] > 0:
        wins = winning_cells(board, size, neighbours, colour, moves, reached_a, reached_b, stack)
        if wins > 0:
            count = 1
            proven = 1
        else:
            threats = winning_cells(board, size, neighbours, 3 - colour, moves, reached_a, reached_b, stack)
            if threats >= 2:
                count = 1
                proven = -1
            elif threats == 1:
                count = 1
    if count == 0:
        for cell in range(n_cells):
            if board[cell] == 0:
                moves[count] = cell
                count += 1
    used = meta[1]
    if used + count > slots.shape[0]:
        return False
    for i in range(count):
        s = used + i
        slots[s, S_MOVE] = moves[i]
        slots[s, S_CHILD] = UNSET
        slots[s, S_N] = 0
        slots[s, S_W] = 0
        slots[s, S_AN] = 0
        slots[s, S_AW] = 0
    nodes[node, N_FIRST] = used
    nodes[node, N_SLOTS] = count
    nodes[node, N_PROVEN] = proven
    meta[1] = used + count
    return True


@kernel()
def _new_node(nodes, meta):
    """A fresh unexpanded node, or -1 when the pool is full."""
    node = meta[0]
    if node >= nodes.shape[0]:
        return -1
    nodes[node, N_FIRST] = UNSET
    nodes[node, N_SLOTS] = 0
    nodes[node, N_VISITS] = 0
    nodes[node, N_PROVEN] = 0
    meta[0] = node + 1
    return node


@kernel()
def _select(nodes, slots, node, settings):
    """The slot to follow from ``node``: a proven win first, never a move whose reply is proven to
    win, else the best RAVE-blended value plus an exploration bonus."""
    first = nodes[node, N_FIRST]
    best = -1
    best_value = -1e300
    log_n = np.log(nodes[node, N_VISITS] + 1.0)
    explore = settings[C_EXPLORE]
    bias = settings[C_RAVE_BIAS]
    for s in range(first, first + nodes[node, N_SLOTS]):
        child = slots[s, S_CHILD]
        if child >= 0:
            if nodes[child, N_PROVEN] == -1:
                return s
            if nodes[child, N_PROVEN] == 1:
                continue
        n = np.float64(slots[s, S_N])
        an = np.float64(slots[s, S_AN])
        q = slots[s, S_W] / n if n > 0 else 0.5
        if an > 0:
            beta = an / (an + n + bias * an * n)
            q = (1.0 - beta) * q + beta * (slots[s, S_AW] / an)
        value = q + explore * np.sqrt(log_n / (n + 1.0))
        if value > best_value:
            best_value = value
            best = s
    return best


@kernel()
def _settle(nodes, slots, path_nodes, depth):
    """Propagate proofs up the path: a node with a move to a proven loss is a win; a node whose every
    move leads to a proven win for the reply is a loss."""
    for d in range(depth, -1, -1):
        node = path_nodes[d]
        if nodes[node, N_PROVEN] != 0 or nodes[node, N_FIRST] < 0:
            continue
        first = nodes[node, N_FIRST]
        all_lost = True
        for s in range(first, first + nodes[node, N_SLOTS]):
            child = slots[s, S_CHILD]
            if child >= 0 and nodes[child, N_PROVEN] == -1:
                nodes[node, N_PROVEN] = 1
                all_lost = False
                break
            if child < 0 or nodes[child, N_PROVEN] != 1:
                all_lost = False
        if all_lost:
            nodes[node, N_PROVEN] = -1
        if nodes[node, N_PROVEN] == 0:
            return


@kernel(types.int64(types.int64[::1], types.int64, types.int64, types.int64, types.int64[:, ::1],
                    types.int64[:, ::1], types.int64[:, ::1], types.int32[:, ::1], types.int64[::1],
                    types.float64[::1], types.int64, types.int64[::1], types.int64[::1]))
def mcts_run(root_board, size, mover, last, neighbours, rim, nodes, slots, meta, settings, iterations, rng,
             control):
    """Run up to ``iterations`` playouts from ``root_board`` with ``mover`` to move (``last``: the
    previous move, or -1) in the tree ``nodes``/``slots`` (``meta``: nodes and slots in use; an empty
    tree gets its root). Returns the playouts run (fewer when stopped, see ``control``)."""
    n_cells = size * size
    board = np.empty(n_cells, np.int64)
    empties = np.empty(n_cells, np.int64)
    position = np.empty(n_cells, np.int64)
    reached = np.zeros(n_cells, np.int64)
    reached_b = np.zeros(n_cells, np.int64)
    stack = np.empty(n_cells, np.int64)
    scratch = np.empty(n_cells, np.int64)
    path_nodes = np.empty(MAX_DEPTH, np.int64)
    path_slots = np.empty(MAX_DEPTH, np.int64)
    use_bridges = settings[C_BRIDGES] > 0
    expand_at = np.int64(settings[C_EXPAND])
    if meta[0] == 0:
        _new_node(nodes, meta)
    done = 0
    while done < iterations:
        if done % 64 == 0 and should_stop(control, done):
            break
        if nodes[0, N_PROVEN] != 0:
            break
        board[:] = root_board
        node = 0
        depth = 0
        to_move = mover
        previous = last
        winner = -1
        while True:
            path_nodes[depth] = node
            if nodes[node, N_FIRST] < 0:
                if not _expand(nodes, slots, meta, node, board, size, neighbours, to_move, settings, scratch,
                               reached, reached_b, stack):
                    break
            if nodes[node, N_PROVEN] != 0:
                winner = to_move if nodes[node, N_PROVEN] == 1 else 1 - to_move
                break
            if depth >= MAX_DEPTH - 2:
                break
            s = _select(nodes, slots, node, settings)
            if s < 0:
                nodes[node, N_PROVEN] = -1
                winner = 1 - to_move
                break
            path_slots[depth] = s
            cell = slots[s, S_MOVE]
            board[cell] = to_move + 1
            previous = cell
            to_move = 1 - to_move
            depth += 1
            child = slots[s, S_CHILD]
            if child < 0:
                if slots[s, S_N] < expand_at:
                    path_nodes[depth] = -1
                    break
                child = _new_node(nodes, meta)
                if child < 0:
                    path_nodes[depth] = -1
                    break
                slots[s, S_CHILD] = child
            node = child
        if winner < 0:
            winner = playout(board, size, neighbours, rim, to_move, previous, use_bridges, rng, empties, position,
                             reached, stack)
        else:
            # A proven node: fill the rest at random for the RAVE statistics (its winner stands).
            playout(board, size, neighbours, rim, to_move, previous, use_bridges, rng, empties, position,
                    reached_b, stack)
        # Backpropagate visits, wins and RAVE statistics along the path.
        node_mover = mover
        for d in range(depth + 1):
            node = path_nodes[d]
            if node < 0:
                break
            nodes[node, N_VISITS] += 1
            colour = node_mover + 1
            won = 1 if winner == node_mover else 0
            first = nodes[node, N_FIRST]
            if first >= 0:
                if d < depth:
                    s = path_slots[d]
                    slots[s, S_N] += 1
                    slots[s, S_W] += won
                for s in range(first, first + nodes[node, N_SLOTS]):
                    if board[slots[s, S_MOVE]] == colour:
                        slots[s, S_AN] += 1
                        slots[s, S_AW] += won
            node_mover = 1 - node_mover
        last_node = depth if path_nodes[depth] >= 0 else depth - 1
        _settle(nodes, slots, path_nodes, last_node)
        done += 1
    if control.shape[0] > NODES:
        control[NODES] += done
    return done


@kernel(types.int64(types.int64[:, ::1], types.int32[:, ::1], types.int64[::1], types.int64[::1],
                    types.float64[::1]))
def root_stats(nodes, slots, out_moves, out_visits, out_values):
    """The root's moves with their visits and mean wins for the root's mover (1 / 0 for moves whose
    reply is proven lost / won); returns how many."""
    first = nodes[0, N_FIRST]
    count = nodes[0, N_SLOTS] if first >= 0 else 0
    for i in range(count):
        s = first + i
        out_moves[i] = slots[s, S_MOVE]
        out_visits[i] = slots[s, S_N]
        child = slots[s, S_CHILD]
        if child >= 0 and nodes[child, N_PROVEN] != 0:
            out_values[i] = 1.0 if nodes[child, N_PROVEN] == -1 else 0.0
        else:
            out_values[i] = slots[s, S_W] / slots[s, S_N] if slots[s, S_N] > 0 else 0.5
    return count


DEFAULT_BYTES = 32 << 20
"""The tree's memory budget (slots take most of it)."""


class HexMcts:
    """Monte Carlo tree search on one board size; ``settings`` picks the level's features."""

    def __init__(self, grid, explore: float = 0.05, rave_bias: float = 1e-3, bridges: bool = True,
                 knowledge: bool = True, expand_at: int = 8, byte_budget: int = DEFAULT_BYTES,
                 seed: int = 0) -> None:
        self.size = int(round(grid.cells ** 0.5))
        self.neighbours = np.ascontiguousarray(grid.neighbours, dtype=np.int64)
        self.rim = np.ascontiguousarray(grid.rim, dtype=np.int64)
        self.settings = np.zeros(SETTINGS_SIZE, np.float64)
        self.settings[[C_EXPLORE, C_RAVE_BIAS, C_BRIDGES, C_KNOWLEDGE, C_EXPAND]] = (
            explore, rave_bias, float(bridges), float(knowledge), expand_at)
        slot_count = max(byte_budget // BYTES_PER_SLOT, 4 * grid.cells)
        self.slots = np.zeros((slot_count, SLOT_FIELDS), np.int32)
        self.nodes = np.zeros((max(slot_count // 8, 16), NODE_FIELDS), np.int64)
        self.meta = np.zeros(2, np.int64)
        self.rng = make_rng(seed)
        self.stop_flag = StopFlag()
        self.playouts = 0
        """Playouts of the last search."""

    def stop(self) -> None:
        """Abort a running search; it answers with what it has."""
        self.stop_flag.set()

    def search(self, board: np.ndarray, mover: int, last: int = -1, iterations: int = 10_000,
               time_budget: float | None = None) -> tuple[dict[int, tuple[int, float]], int]:
        """({cell: (visits, mean wins for ``mover``)}, proven) after a fresh search of ``board`` (cell
        owners: 0 empty, 1 black, 2 white); proven is 1 when the mover is proven to win, -1 to lose."""
        self.meta[:] = 0
        self.stop_flag.clear()
        with self.stop_flag.deadline(time_budget):
            self.playouts = int(mcts_run(np.ascontiguousarray(board, dtype=np.int64), self.size, mover, last,
                                         self.neighbours, self.rim, self.nodes, self.slots, self.meta,
                                         self.settings, iterations, self.rng, self.stop_flag.array))
        width = self.size * self.size
        moves = np.empty(width, np.int64)
        visits = np.empty(width, np.int64)
        values = np.empty(width, np.float64)
        n = root_stats(self.nodes, self.slots, moves, visits, values)
        stats = {int(moves[i]): (int(visits[i]), float(values[i])) for i in range(n)}
        return stats, int(self.nodes[0, N_PROVEN])


def best_move(stats: dict[int, tuple[int, float]], proven: int) -> int:
    """The move to play: a move proven to win, else the most visited (best mean on ties)."""
    winners = [m for m, (_, v) in stats.items() if v == 1.0 and proven == 1]
    if winners:
        return max(winners, key=lambda m: stats[m][0])
    return max(stats, key=lambda m: (stats[m][0], stats[m][1]))


__all__ = ["HexMcts", "best_move", "black_joins", "mcts_run", "playout", "winning_cells"]
