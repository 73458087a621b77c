"""The search tree shared by the Monte Carlo searchers: a fixed pool of nodes under a byte budget.

A tree is three arrays the Python driver allocates once and keeps between moves:

* ``nodes``: int32, one row per node with the columns ``FIRST_CHILD`` and ``NEXT_SIBLING`` (node
  indices, -1 for none), ``ACTION`` (the action that leads from the parent to this node), ``MOVER``
  (the seat that played it), ``VISITS`` and ``AVAILABLE`` (how often the action could be chosen when
  the parent was visited: information-set MCTS selects by it);
* ``totals``: float64, the summed reward of ``MOVER`` over the node's visits;
* ``meta``: int64, ``meta[USED]`` nodes in use (node 0 is the root once the tree is not empty).

:data:`BYTES_PER_NODE` is what one node costs, so a byte budget fixes the node count: when the pool
is full the searchers stop growing the tree and keep sampling from its leaves. :func:`reroot` keeps
the subtree below the moves played since the last search (tree reuse) and packs it at the front.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui_games.engine.jit import kernel, np, types

FIRST_CHILD = 0
NEXT_SIBLING = 1
ACTION = 2
MOVER = 3
VISITS = 4
AVAILABLE = 5
NODE_FIELDS = 6

USED = 0
META_SIZE = 1

BYTES_PER_NODE = NODE_FIELDS * 4 + 8
"""One node: six int32 fields and one float64 total."""

NODES = types.int32[:, ::1]
TOTALS = types.float64[::1]
META = types.int64[::1]


@dataclass
class Tree:
    """The arrays of one search tree (see the module docstring)."""

    nodes: np.ndarray
    totals: np.ndarray
    meta: np.ndarray

    @property
    def capacity(self) -> int:
        """The most nodes this tree can hold."""
        return int(self.nodes.shape[0])

    @property
    def used(self) -> int:
        """Nodes in use now."""
        return int(self.meta[USED])

    @property
    def nbytes(self) -> int:
        """Memory held by the tree's arrays."""
        return int(self.nodes.nbytes + self.totals.nbytes + self.meta.nbytes)

    def clear(self) -> None:
        """Forget every node."""
        self.meta[USED] = 0

    def root_children(self, width: int) -> dict[int, tuple[int, float]]:
        """{action: (visits, mean reward for the seat that plays it)} of the root's children;
        ``width`` is the game's ``max_actions``."""
        actions = np.empty(width, np.int64)
        visits = np.empty(width, np.int64)
        values = np.empty(width, np.float64)
        n = root_stats(self.nodes, self.totals, actions, visits, values)
        return {int(actions[i]): (int(visits[i]), float(values[i])) for i in range(n)}


def nodes_for_bytes(byte_budget: int) -> int:
    """How many nodes fit in ``byte_budget`` bytes (at least 2: a root and one child)."""
    return max(int(byte_budget) // BYTES_PER_NODE, 2)


def new_tree(byte_budget: int) -> Tree:
    """An empty tree whose arrays take at most ``byte_budget`` bytes (plus a few for ``meta``)."""
    capacity = nodes_for_bytes(byte_budget)
    return Tree(np.zeros((capacity, NODE_FIELDS), np.int32), np.zeros(capacity, np.float64),
                np.zeros(META_SIZE, np.int64))


@kernel(types.int64(NODES, TOTALS, META, types.int64, types.int64, types.int64))
def add_node(nodes, totals, meta, parent, action, mover):
    """A new node for ``action`` played by ``mover`` below ``parent`` (-1: the root); -1 when full.

    The node goes to the front of the parent's children.
    """
    used = meta[USED]
    if used >= nodes.shape[0]:
        return -1
    if action > 2147483647 or action < -2147483648:
        raise ValueError("an action id does not fit the tree's int32 action field")
    nodes[used, FIRST_CHILD] = -1
    nodes[used, NEXT_SIBLING] = -1
    nodes[used, ACTION] = action
    nodes[used, MOVER] = mover
    nodes[used, VISITS] = 0
    nodes[used, AVAILABLE] = 0
    totals[used] = 0.0
    if parent >= 0:
        nodes[used, NEXT_SIBLING] = nodes[parent, FIRST_CHILD]
        nodes[parent, FIRST_CHILD] = used
    meta[USED] = used + 1
    return used


@kernel(types.boolean(NODES, TOTALS, META, types.int64, types.int64[::1], types.int64, types.int64))
def add_children(nodes, totals, meta, parent, actions, n, mover):
    """Children for ``actions[:n]`` below ``parent``, in that order; False (and none added) when the
    pool cannot hold them all."""
    if meta[USED] + n > nodes.shape[0]:
        return False
    for i in range(n - 1, -1, -1):
        add_node(nodes, totals, meta, parent, actions[i], mover)
    return True


@kernel(types.void(NODES, TOTALS, types.int64[::1], types.int64, types.float64[::1]))
def backpropagate(nodes, totals, path, depth, rewards):
    """Count one visit on ``path[0..depth]`` (root first) and add to each node below the root the
    reward of the seat that played its action."""
    nodes[path[0], VISITS] += 1
    for d in range(1, depth + 1):
        v = path[d]
        nodes[v, VISITS] += 1
        totals[v] += rewards[nodes[v, MOVER]]


@kernel(types.int64(NODES, types.int64, types.int64))
def find_child(nodes, parent, action):
    """The child of ``parent`` reached by ``action``; -1 when there is none."""
    c = nodes[parent, FIRST_CHILD]
    while c >= 0:
        if nodes[c, ACTION] == action:
            return c
        c = nodes[c, NEXT_SIBLING]
    return -1


@kernel(types.int64(NODES, TOTALS, types.int64[::1], types.int64[::1], types.float64[::1]))
def root_stats(nodes, totals, out_actions, out_visits, out_values):
    """Each child of the root: its action, visits and mean reward for its mover; returns how many."""
    n = 0
    c = nodes[0, FIRST_CHILD]
    while c >= 0 and n < out_actions.shape[0]:
        out_actions[n] = nodes[c, ACTION]
        out_visits[n] = nodes[c, VISITS]
        out_values[n] = totals[c] / nodes[c, VISITS] if nodes[c, VISITS] > 0 else 0.0
        n += 1
        c = nodes[c, NEXT_SIBLING]
    return n


@kernel(types.boolean(NODES, TOTALS, META, types.int64[::1]))
def reroot(nodes, totals, meta, path):
    """Make the node reached from the root by the actions ``path`` the new root, keeping its subtree.

    The kept nodes are packed at the front of the pool (breadth first, children in their order) and
    the rest is freed. Returns False, leaving an empty tree, when the path leaves the tree.
    """
    if meta[USED] == 0:
        return False
    node = 0
    for action in path:
        node = find_child(nodes, node, action)
        if node < 0:
            meta[USED] = 0
            return False
    if node == 0:
        return True
    # Count the subtree, then copy it breadth first into scratch rows and back to the front.
    order = np.empty(meta[USED], np.int64)
    order[0] = node
    count = 1
    head = 0
    while head < count:
        c = nodes[order[head], FIRST_CHILD]
        while c >= 0:
            order[count] = c
            count += 1
            c = nodes[c, NEXT_SIBLING]
        head += 1
    kept_nodes = np.empty((count, NODE_FIELDS), np.int32)
    kept_totals = np.empty(count, np.float64)
    position = np.full(meta[USED], -1, np.int64)
    for i in range(count):
        position[order[i]] = i
    for i in range(count):
        old = order[i]
        kept_nodes[i, :] = nodes[old, :]
        kept_totals[i] = totals[old]
        first = nodes[old, FIRST_CHILD]
        kept_nodes[i, FIRST_CHILD] = position[first] if first >= 0 else -1
        sibling = nodes[old, NEXT_SIBLING]
        kept_nodes[i, NEXT_SIBLING] = position[sibling] if (i > 0 and sibling >= 0) else -1
    nodes[:count, :] = kept_nodes
    totals[:count] = kept_totals
    meta[USED] = count
    return True
