"""Information-set Monte Carlo tree search (single observer, determinized) for hidden information.

The searching seat never reads what it may not see: every iteration starts from a world drawn by the
game's ``sample_world(state, seat, rng, out)`` kernel (see :data:`~tui_games.engine.jit.SIG_SAMPLE_WORLD`),
which keeps what the seat knows and redraws the rest; the search then plays only in that world.
The tree holds the seat's view of the game: a node is a sequence of actions, shared by every world
in which that sequence is legal. At each node the children legal in the current world are
*available*; an untried legal action is added (one node per iteration), otherwise the child with
the best ISUCT score is taken: mean reward + ``exploration`` x sqrt(ln(times available) / visits).
Chance events met on the way are drawn in the world and stay out of the tree. Rewards are the
game's returns, each node summing those of the seat that played its action (as in
:mod:`tui_games.engine.mcts`). Cowling, Powley and Whitehouse (2012) describe the method.
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.header import CHANCE, PLAYER
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_LEGAL, FN_RETURNS, FN_SAMPLE_WORLD, kernel, types
from tui_games.engine.limits import (MAX_SEATS, MAX_TREE_DEPTH, MCTS_BYTES, PLAYOUT_PLY_CAP, buffer_width,
                                     check_seats, check_width)
from tui_games.engine.playout import playout
from tui_games.engine.rng import make_rng, pick_weighted, randint
from tui_games.engine.stopflag import NODES, StopFlag, should_stop
from tui_games.engine.tree import (ACTION, AVAILABLE, FIRST_CHILD, META, NEXT_SIBLING, TOTALS, USED,
                                   VISITS, add_node, backpropagate, find_child, new_tree)
from tui_games.engine.tree import NODES as NODE_ARRAY

POLL_ITERATIONS = 64


@kernel(types.int64(NODE_ARRAY, TOTALS, types.int64, types.int64[::1], types.int64, types.float64))
def select_available(nodes, totals, node, actions, n, exploration):
    """The ISUCT choice among the children of ``node`` whose action is in ``actions[:n]``; counts each
    of them as available once. -1 when none is."""
    best = -1
    best_score = -np.inf
    c = nodes[node, FIRST_CHILD]
    while c >= 0:
        action = nodes[c, ACTION]
        legal_here = False
        for i in range(n):
            if actions[i] == action:
                legal_here = True
                break
        if legal_here:
            nodes[c, AVAILABLE] += 1
            visits = nodes[c, VISITS]
            if visits == 0:
                score = np.inf
            else:
                score = totals[c] / visits + exploration * np.sqrt(np.log(nodes[c, AVAILABLE]) / visits)
            if score > best_score:
                best_score = score
                best = c
        c = nodes[c, NEXT_SIBLING]
    return best


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_SAMPLE_WORLD, types.int64[::1],
                    types.int64, NODE_ARRAY, TOTALS, META, types.int64, types.float64, types.int64,
                    types.int64[::1], types.int64[::1], types.int64[::1], types.float64[::1]))
def ismcts_iterate(legal, apply, chance, returns, sample_world, root, player, nodes, totals, meta,
                   iterations, exploration, max_plies, rng, control, actions, probs):
    """Run up to ``iterations`` iterations for ``player`` from ``root``, in the given tree.

    ``root`` is passed only to ``sample_world``: nothing else here reads it. ``actions``/``probs``
    are scratch buffers as wide as the game's ``max_actions``. Returns the iterations run.
    """
    width = actions.shape[0]
    rewards = np.zeros(MAX_SEATS, np.float64)
    path = np.empty(MAX_TREE_DEPTH, np.int64)
    untried = np.empty(width, np.int64)
    s = np.empty_like(root)
    if meta[USED] == 0:
        add_node(nodes, totals, meta, -1, -1, -1)
    done = 0
    while done < iterations:
        if done % POLL_ITERATIONS == 0 and should_stop(control, done):
            break
        sample_world(root, player, rng, s)
        if done == 0:
            check_seats(s)
        node = 0
        depth = 0
        path[0] = 0
        while depth < MAX_TREE_DEPTH - 2:
            while s[PLAYER] == CHANCE:
                n = check_width(chance(s, actions, probs), width)
                apply(s, actions[pick_weighted(rng, probs, n)])
            if s[PLAYER] < 0:
                break
            mover = s[PLAYER]
            m = check_width(legal(s, actions), width)
            n_untried = 0
            for i in range(m):
                if find_child(nodes, node, actions[i]) < 0:
                    untried[n_untried] = actions[i]
                    n_untried += 1
            if n_untried > 0:
                child = add_node(nodes, totals, meta, node, untried[randint(rng, n_untried)], mover)
                if child >= 0:
                    select_available(nodes, totals, node, actions, m, exploration)
                    apply(s, nodes[child, ACTION])
                    depth += 1
                    path[depth] = child
                    break
            child = select_available(nodes, totals, node, actions, m, exploration)
            if child < 0:
                break
            node = child
            apply(s, nodes[node, ACTION])
            depth += 1
            path[depth] = node
        playout(legal, apply, chance, returns, s, max_plies, rng, actions, probs, rewards)
        backpropagate(nodes, totals, path, depth, rewards)
        done += 1
    if control.shape[0] > NODES:
        control[NODES] += done
    return done


class IsMctsSearch:
    """Single-observer information-set MCTS for one seat, over a game's kernels and its
    ``sample_world`` kernel, with a tree of at most ``byte_budget`` bytes.

    Each :meth:`search` starts a fresh tree (what the seat saw since the last one may have changed
    which worlds are possible). ``time_budget`` (seconds) stops it early through the stop flag.
    """

    def __init__(self, kernels, sample_world, exploration: float = 0.7, byte_budget: int = MCTS_BYTES,
                 max_plies: int = PLAYOUT_PLY_CAP, seed: int = 0) -> None:
        self.kernels = kernels
        self.sample_world = sample_world
        self.exploration = exploration
        self.max_plies = max_plies
        self.rng = make_rng(seed)
        self.stop_flag = StopFlag()
        self.tree = new_tree(byte_budget)
        self.width = buffer_width(kernels.max_actions)

    def stop(self) -> None:
        """Abort a running search; it answers with what it has."""
        self.stop_flag.set()

    def search(self, array: np.ndarray, player: int, iterations: int, time_budget: float | None = None,
               ) -> dict[int, tuple[int, float]]:
        """{action: (visits, mean reward for ``player``)} for ``player``'s actions in the position
        ``array``, of which the search sees only what ``sample_world`` lets ``player`` see."""
        k = self.kernels
        actions = np.empty(self.width, np.int64)
        probs = np.empty(self.width, np.float64)
        self.tree.clear()
        self.stop_flag.clear()
        with self.stop_flag.deadline(time_budget):
            ismcts_iterate(k.legal, k.apply, k.chance, k.returns, self.sample_world, array, player,
                           self.tree.nodes, self.tree.totals, self.tree.meta, iterations, self.exploration,
                           self.max_plies, self.rng, self.stop_flag.array, actions, probs)
        return self.tree.root_children(self.width)

    def choose(self, array: np.ndarray, player: int, iterations: int, time_budget: float | None = None,
               ) -> int:
        """The most visited action of ``player`` (ties to the better mean, then the lower id)."""
        stats = self.search(array, player, iterations, time_budget)
        return max(sorted(stats), key=lambda a: (stats[a][0], stats[a][1]))
