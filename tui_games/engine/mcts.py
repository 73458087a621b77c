"""Monte Carlo tree search (UCT with uniformly random playouts) for n-player games.

Compiled once for every game (kernels arrive as typed first-class functions). The tree grows through
player decisions; a chance node met while descending ends the descent there and the playout samples
it, so games with chance are searched correctly but shallowly (expectimax suits them better).
Each node keeps the total reward of the player who moved into it; rewards are the game's returns.

The tree lives in the arrays of :mod:`tui_games.engine.tree`, under a byte budget: when it is full
the search keeps sampling from its leaves instead of growing. :class:`MctsSearch` keeps the tree
between moves and re-roots it at the position reached by the moves played since (tree reuse).
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.header import PLAYER
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_LEGAL, FN_RETURNS, kernel, types
from tui_games.engine.limits import (MAX_SEATS, MAX_TREE_DEPTH, MCTS_BYTES, PLAYOUT_PLY_CAP, buffer_width,
                                     check_seats, check_width)
from tui_games.engine.playout import playout
from tui_games.engine.rng import make_rng, randint
from tui_games.engine.stopflag import NODES, StopFlag, should_stop
from tui_games.engine.tree import (ACTION, FIRST_CHILD, META, NEXT_SIBLING, NODE_FIELDS, TOTALS, USED,
                                   VISITS, add_children, add_node, backpropagate, new_tree,
                                   nodes_for_bytes, reroot, root_stats)
from tui_games.engine.tree import NODES as NODE_ARRAY

POLL_ITERATIONS = 64
ONE_CALL_NODES = nodes_for_bytes(MCTS_BYTES)
"""The most nodes the one-call :func:`mcts` allocates (its memory budget is :data:`MCTS_BYTES`)."""


@kernel(types.int64(NODE_ARRAY, TOTALS, types.int64, types.float64))
def select_uct(nodes, totals, node, exploration):
    """The child of ``node`` with the best UCB1 score (unvisited children first, in order)."""
    best = nodes[node, FIRST_CHILD]
    best_score = -np.inf
    log_n = np.log(nodes[node, VISITS] + 1.0)
    c = nodes[node, FIRST_CHILD]
    while c >= 0:
        visits = nodes[c, VISITS]
        if visits == 0:
            return c
        score = totals[c] / visits + exploration * np.sqrt(log_n / visits)
        if score > best_score:
            best_score = score
            best = c
        c = nodes[c, NEXT_SIBLING]
    return best


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, types.int64[::1], NODE_ARRAY, TOTALS, META,
                    types.int64, types.float64, types.int64, types.int64[::1], types.int64[::1],
                    types.int64[::1], types.float64[::1]))
def mcts_iterate(legal, apply, chance, returns, root, nodes, totals, meta, iterations, exploration,
                 max_plies, rng, control, actions, probs):
    """Run up to ``iterations`` UCT iterations from ``root`` (a player's decision) in the given tree.

    An empty tree gets a root first; a non-empty one must have been built from this ``root``.
    ``actions``/``probs`` are scratch buffers as wide as the game's ``max_actions``; playouts stop
    after ``max_plies`` actions. Returns the iterations run (fewer when stopped, see ``control``).
    """
    width = actions.shape[0]
    check_seats(root)
    rewards = np.zeros(MAX_SEATS, np.float64)
    path = np.empty(MAX_TREE_DEPTH, np.int64)
    s = np.empty_like(root)
    if meta[USED] == 0:
        add_node(nodes, totals, meta, -1, -1, -1)
    if nodes[0, FIRST_CHILD] < 0:
        n = check_width(legal(root, actions), width)
        if not add_children(nodes, totals, meta, 0, actions, n, root[PLAYER]):
            raise ValueError("the MCTS memory budget cannot hold the root's children")
    done = 0
    while done < iterations:
        if done % POLL_ITERATIONS == 0 and should_stop(control, done):
            break
        s[:] = root
        node = 0
        depth = 0
        path[0] = 0
        # Selection: descend by UCB1 while the node is expanded and a player is to move.
        while nodes[node, FIRST_CHILD] >= 0 and s[PLAYER] >= 0 and depth < MAX_TREE_DEPTH - 2:
            node = select_uct(nodes, totals, node, exploration)
            apply(s, nodes[node, ACTION])
            depth += 1
            path[depth] = node
        # Expansion: add every child of a decision node reached for the second time.
        if s[PLAYER] >= 0 and nodes[node, FIRST_CHILD] < 0 and nodes[node, VISITS] > 0 and \
                depth < MAX_TREE_DEPTH - 2:
            m = check_width(legal(s, actions), width)
            if add_children(nodes, totals, meta, node, actions, m, s[PLAYER]):
                node = nodes[node, FIRST_CHILD]
                for _ in range(randint(rng, m)):
                    node = nodes[node, NEXT_SIBLING]
                apply(s, nodes[node, ACTION])
                depth += 1
                path[depth] = node
        playout(legal, apply, chance, returns, s, max_plies, rng, actions, probs, rewards)
        backpropagate(nodes, totals, path, depth, rewards)
        done += 1
    if control.shape[0] > NODES:
        control[NODES] += done
    return done


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, types.int64[::1], types.int64,
                    types.int64, types.float64, types.int64[::1], types.int64[::1], types.int64[::1],
                    types.int64[::1], types.float64[::1]))
def mcts(legal, apply, chance, returns, root, iterations, max_nodes, exploration, rng, stop,
         out_actions, out_visits, out_values):
    """One search in a fresh tree of at most ``max_nodes`` nodes and :data:`MCTS_BYTES` bytes.

    ``out_*`` must hold the game's ``max_actions``: each root action with its visit count and mean
    reward for the player to move at the root. Returns how many root actions there are. (The
    one-call form; :class:`MctsSearch` keeps the tree between moves.)
    """
    width = out_actions.shape[0]
    capacity = min(max(max_nodes, width + 1), ONE_CALL_NODES)
    nodes = np.zeros((capacity, NODE_FIELDS), np.int32)
    totals = np.zeros(capacity, np.float64)
    meta = np.zeros(1, np.int64)
    probs = np.empty(width, np.float64)
    scratch = np.empty(width, np.int64)
    mcts_iterate(legal, apply, chance, returns, root, nodes, totals, meta, iterations, exploration,
                 PLAYOUT_PLY_CAP, rng, stop, scratch, probs)
    return root_stats(nodes, totals, out_actions, out_visits, out_values)


class MctsSearch:
    """UCT search over a game's kernels that keeps its tree, within ``byte_budget``, between moves.

    ``search(state, iterations)`` re-roots the previous tree when ``state`` follows the last searched
    position by the moves in its ``history`` (player decisions kept in the tree), and adds
    ``iterations`` playouts. ``time_budget`` (seconds) stops it early through the stop flag.
    """

    def __init__(self, kernels, exploration: float = 1.4, byte_budget: int = MCTS_BYTES,
                 max_plies: int = PLAYOUT_PLY_CAP, seed: int = 0, reuse: bool = True) -> None:
        self.kernels = kernels
        self.exploration = exploration
        self.max_plies = max_plies
        self.reuse = reuse
        self.rng = make_rng(seed)
        self.stop_flag = StopFlag()
        self.tree = new_tree(byte_budget)
        self.width = buffer_width(kernels.max_actions)
        self.reused_nodes = 0
        """Nodes kept from the previous search by the last :meth:`search` (0: a fresh tree)."""
        self._root: np.ndarray | None = None
        self._history: list[int] | None = None

    def stop(self) -> None:
        """Abort a running search; it answers with what it has."""
        self.stop_flag.set()

    def _keep_subtree(self, array: np.ndarray, history: list[int] | None) -> None:
        """Re-root the tree at ``array`` if it follows the last root; otherwise start afresh."""
        self.reused_nodes = 0
        old_root, old_history = self._root, self._history
        if not self.reuse or old_root is None or old_root.shape != array.shape:
            self.tree.clear()
            return
        path: list[int] | None = None
        if history is None or old_history is None:
            if np.array_equal(old_root, array):
                path = []
        elif history[:len(old_history)] == old_history:
            path = history[len(old_history):]
            replay = old_root.copy()
            for action in path:
                self.kernels.apply(replay, action)
            if not np.array_equal(replay, array):
                path = None
        if path is None or not reroot(self.tree.nodes, self.tree.totals, self.tree.meta,
                                      np.array(path, np.int64)):
            self.tree.clear()
            return
        self.reused_nodes = self.tree.used

    def search(self, state, iterations: int, time_budget: float | None = None,
               ) -> dict[int, tuple[int, float]]:
        """{root action: (visits, mean reward for the player to move)} after ``iterations`` more
        playouts. ``state`` is a game state (with ``array`` and ``history``) or a bare state array."""
        array = getattr(state, "array", state)
        history = getattr(state, "history", None)
        self._keep_subtree(array, None if history is None else list(history))
        k = self.kernels
        actions = np.empty(self.width, np.int64)
        probs = np.empty(self.width, np.float64)
        self.stop_flag.clear()
        with self.stop_flag.deadline(time_budget):
            mcts_iterate(k.legal, k.apply, k.chance, k.returns, array, self.tree.nodes, self.tree.totals,
                         self.tree.meta, iterations, self.exploration, self.max_plies, self.rng,
                         self.stop_flag.array, actions, probs)
        self._root = array.copy()
        self._history = None if history is None else list(history)
        return self.tree.root_children(self.width)
