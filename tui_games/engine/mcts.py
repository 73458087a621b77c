"""Monte Carlo tree search (UCT with uniformly random playouts) for n-player games.

Compiled once for every game (kernels arrive as typed first-class functions). The tree grows through
player decisions; a chance node met while descending ends the descent there and the playout samples
it, so games with chance are searched correctly but shallowly (expectimax suits them better).
Each node keeps the total reward of the player who moved into it; rewards are the game's returns.
"""

from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_LEGAL, FN_RETURNS, kernel, np, types
from tui_games.engine.rng import pick_weighted, randint

MAX_ACTIONS = 512
POLL_ITERATIONS = 64


@kernel(types.void(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, types.int64[::1], types.int64[::1],
                   types.float64[::1]))
def playout(legal, apply, chance, returns, s, rng, out):
    """Finish the game in ``s`` with uniformly random moves; ``out`` receives the returns."""
    actions = np.empty(MAX_ACTIONS, np.int64)
    probs = np.empty(MAX_ACTIONS, np.float64)
    while s[PLAYER] != TERMINAL:
        if s[PLAYER] == CHANCE:
            n = chance(s, actions, probs)
            apply(s, actions[pick_weighted(rng, probs, n)])
        else:
            n = legal(s, actions)
            apply(s, actions[randint(rng, n)])
    returns(s, out)


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, types.int64[::1], types.int64,
                    types.int64, types.float64, types.int64[::1], types.int64[::1], types.int64[::1],
                    types.int64[::1], types.float64[::1]))
def mcts(legal, apply, chance, returns, root, iterations, max_nodes, exploration, rng, stop,
         out_actions, out_visits, out_values):
    """Run up to ``iterations`` UCT iterations from ``root`` (a player's decision).

    Writes each root action with its visit count and mean reward (for the player to move at the root)
    and returns how many root actions there are.
    """
    parent = np.empty(max_nodes, np.int64)
    first_child = np.full(max_nodes, -1, np.int64)
    child_count = np.zeros(max_nodes, np.int64)
    action_of = np.empty(max_nodes, np.int64)
    mover_of = np.empty(max_nodes, np.int64)
    visits = np.zeros(max_nodes, np.float64)
    total = np.zeros(max_nodes, np.float64)
    actions = np.empty(MAX_ACTIONS, np.int64)
    path = np.empty(4096, np.int64)
    rewards = np.zeros(16, np.float64)
    s = np.empty_like(root)

    parent[0] = -1
    mover_of[0] = -1
    used = 1
    n = legal(root, actions)
    first_child[0] = used
    child_count[0] = n
    for i in range(n):
        parent[used] = 0
        action_of[used] = actions[i]
        mover_of[used] = root[PLAYER]
        used += 1

    for iteration in range(iterations):
        if iteration % POLL_ITERATIONS == 0 and stop[0] != 0:
            break
        s[:] = root
        node = 0
        depth = 0
        path[0] = 0
        # Selection: descend by UCB1 while the node is expanded and a player is to move.
        while first_child[node] >= 0 and s[PLAYER] >= 0 and depth < path.shape[0] - 1:
            best = first_child[node]
            best_score = -np.inf
            log_n = np.log(visits[node] + 1.0)
            for c in range(first_child[node], first_child[node] + child_count[node]):
                if visits[c] == 0:
                    score = np.inf
                else:
                    score = total[c] / visits[c] + exploration * np.sqrt(log_n / visits[c])
                if score > best_score:
                    best_score = score
                    best = c
            node = best
            apply(s, action_of[node])
            depth += 1
            path[depth] = node
        # Expansion: add every child of a decision node reached for the second time.
        if s[PLAYER] >= 0 and first_child[node] < 0 and visits[node] > 0:
            m = legal(s, actions)
            if used + m <= max_nodes:
                first_child[node] = used
                child_count[node] = m
                for i in range(m):
                    parent[used] = node
                    action_of[used] = actions[i]
                    mover_of[used] = s[PLAYER]
                    used += 1
                node = first_child[node] + randint(rng, m)
                apply(s, action_of[node])
                depth += 1
                path[depth] = node
        playout(legal, apply, chance, returns, s, rng, rewards)
        for d in range(depth + 1):
            v = path[d]
            visits[v] += 1.0
            if mover_of[v] >= 0:
                total[v] += rewards[mover_of[v]]

    for i in range(n):
        c = first_child[0] + i
        out_actions[i] = action_of[c]
        out_visits[i] = np.int64(visits[c])
        out_values[i] = total[c] / visits[c] if visits[c] > 0 else 0.0
    return n
