"""Depth-limited expectimax for games with chance (one player, or two with opposed interests).

Compiled once for every game: the kernels arrive as typed first-class functions. Values are for
``player``: their decisions maximise, an opponent's minimise, chance nodes average over
``chance_outcomes`` weighted by probability. ``depth`` counts player decisions; a leaf is scored by
the game's ``evaluate`` and a finished game by ``terminal_scale * returns[player]``. Action buffers
are as wide as the root's ``actions`` (sized by the caller from the game's ``max_actions``); the
control array follows :mod:`tui_games.engine.stopflag`.
"""

from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_EVALUATE, FN_LEGAL, FN_RETURNS, kernel, np, types
from tui_games.engine.limits import check_width, seat_return
from tui_games.engine.stopflag import NODES, POLL_NODES, should_stop, stop_requested


@kernel(types.float64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_EVALUATE, types.int64[::1],
                      types.int64, types.int64, types.float64, types.int64, types.int64[::1],
                      types.int64[::1]))
def expectimax(legal, apply, chance, returns, evaluate, s, depth, player, terminal_scale, width, stop,
               counters):
    """The expectimax value of ``s`` for ``player``, ``depth`` decisions deep (buffers ``width`` wide)."""
    counters[0] += 1
    if counters[0] % POLL_NODES == 0 and should_stop(stop, counters[0]):
        return 0.0
    mover = s[PLAYER]
    if mover == TERMINAL:
        return terminal_scale * seat_return(returns, s, player)
    actions = np.empty(width, np.int64)
    child = np.empty_like(s)
    if mover == CHANCE:
        probs = np.empty(width, np.float64)
        n = check_width(chance(s, actions, probs), width)
        value = 0.0
        for i in range(n):
            child[:] = s
            apply(child, actions[i])
            value += probs[i] * expectimax(legal, apply, chance, returns, evaluate, child, depth, player,
                                           terminal_scale, width, stop, counters)
        return value
    if depth <= 0:
        return evaluate(s, player)
    n = check_width(legal(s, actions), width)
    best = -np.inf if mover == player else np.inf
    for i in range(n):
        child[:] = s
        apply(child, actions[i])
        v = expectimax(legal, apply, chance, returns, evaluate, child, depth - 1, player, terminal_scale,
                       width, stop, counters)
        if stop_requested(stop):
            return 0.0
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
    """The expected value of every legal action of the player to move; returns how many actions.

    ``actions`` and ``values`` must hold the game's ``max_actions``. When the search is stopped, the
    actions it did not finish get the value ``-inf``.
    """
    player = s[PLAYER]
    width = actions.shape[0]
    start_nodes = counters[0]
    n = check_width(legal(s, actions), width)
    child = np.empty_like(s)
    for i in range(n):
        child[:] = s
        apply(child, actions[i])
        values[i] = expectimax(legal, apply, chance, returns, evaluate, child, depth - 1, player,
                               terminal_scale, width, stop, counters)
        if stop_requested(stop):
            values[i:n] = -np.inf
            break
    if stop.shape[0] > NODES:
        stop[NODES] += counters[0] - start_nodes
    return n
