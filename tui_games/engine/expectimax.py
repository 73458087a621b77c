"""Depth-limited expectimax for games with chance (one player, or two with opposed interests).

Compiled once for every game: the kernels arrive as typed first-class functions. Values are for
``player``: their decisions maximise, an opponent's minimise, chance nodes average over
``chance_outcomes`` weighted by probability. ``depth`` counts player decisions; a leaf is scored by
the game's ``evaluate`` and a finished game by ``terminal_scale * returns[player]``.
"""

from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_EVALUATE, FN_LEGAL, FN_RETURNS, kernel, np, types

MAX_ACTIONS = 512
POLL_NODES = 1024


@kernel(types.float64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_EVALUATE, types.int64[::1],
                      types.int64, types.int64, types.float64, types.int64[::1], types.int64[::1]))
def expectimax(legal, apply, chance, returns, evaluate, s, depth, player, terminal_scale, stop, counters):
    """The expectimax value of ``s`` for ``player``, ``depth`` decisions deep."""
    counters[0] += 1
    if counters[0] % POLL_NODES == 0 and stop[0] != 0:
        return 0.0
    mover = s[PLAYER]
    if mover == TERMINAL:
        out = np.zeros(16, np.float64)
        returns(s, out)
        return terminal_scale * out[player]
    actions = np.empty(MAX_ACTIONS, np.int64)
    child = np.empty_like(s)
    if mover == CHANCE:
        probs = np.empty(MAX_ACTIONS, np.float64)
        n = chance(s, actions, probs)
        value = 0.0
        for i in range(n):
            child[:] = s
            apply(child, actions[i])
            value += probs[i] * expectimax(legal, apply, chance, returns, evaluate, child, depth, player,
                                           terminal_scale, stop, counters)
        return value
    if depth <= 0:
        return evaluate(s, player)
    n = legal(s, actions)
    best = -np.inf if mover == player else np.inf
    for i in range(n):
        child[:] = s
        apply(child, actions[i])
        v = expectimax(legal, apply, chance, returns, evaluate, child, depth - 1, player, terminal_scale,
                       stop, counters)
        if mover == player:
            if v > best:
                best = v
        elif v < best:
            best = v
    return best


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_EVALUATE, types.int64[::1],
                    types.int64, types.float64, types.int64[::1], types.float64[::1], types.int64[::1],
                    types.int64[::1]))
def expectimax_root(legal, apply, chance, returns, evaluate, s, depth, terminal_scale, actions, values,
                    stop, counters):
    """The expected value of every legal action of the player to move; returns how many."""
    player = s[PLAYER]
    n = legal(s, actions)
    child = np.empty_like(s)
    for i in range(n):
        child[:] = s
        apply(child, actions[i])
        values[i] = expectimax(legal, apply, chance, returns, evaluate, child, depth - 1, player,
                               terminal_scale, stop, counters)
    return n
