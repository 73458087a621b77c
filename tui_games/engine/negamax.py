"""Negamax alpha-beta with a transposition table, for two-player zero-sum games.

Compiled once for every game: the game's kernels arrive as typed first-class functions with the
fixed signatures of :mod:`tui_games.engine.jit`. Scores are from the side to move: a decided game is
worth ``±(WIN_SCORE - ply)`` (quicker wins score higher), a draw 0, an unfinished leaf the game's
``evaluate`` (which must stay well inside ±WIN_SCORE/2). The search polls its control array (layout in
:mod:`tui_games.engine.stopflag`) every ``POLL_NODES`` nodes and unwinds as soon as a stop is asked
or the node budget is spent. Every action buffer is as wide as the root's ``actions`` buffer, which
the caller sizes from the game's ``max_actions``.
"""

from tui_games.engine.header import PLAYER, PLY, TERMINAL
from tui_games.engine.jit import FN_APPLY, FN_EVALUATE, FN_LEGAL, FN_RETURNS, kernel, np, types
from tui_games.engine.limits import check_width, seat_return
from tui_games.engine.stopflag import NODES, POLL_NODES, should_stop, stop_requested

WIN_SCORE = 100000.0
MAX_ACTIONS = 512
"""Root buffer width for callers that do not know the game's ``max_actions`` (checked, not trusted)."""

EXACT, LOWER, UPPER = 0, 1, 2

TT_ARGS = (types.int64[::1], types.float64[::1], types.int64[::1], types.int64[::1])


@kernel()
def state_key(s):
    """A 64-bit hash of the whole state array (FNV-1a over the words, then a final mix)."""
    h = np.uint64(14695981039346656037)
    for i in range(s.shape[0]):
        h = (h ^ np.uint64(s[i])) * np.uint64(1099511628211)
    h ^= h >> np.uint64(33)
    h *= np.uint64(0xFF51AFD7ED558CCD)
    h ^= h >> np.uint64(33)
    return np.int64(h)


def new_table(log2_size: int = 18):
    """Empty transposition-table arrays (keys, values, depth|flag packed, best action)."""
    size = 1 << log2_size
    return (np.zeros(size, np.int64), np.zeros(size, np.float64), np.full(size, -1, np.int64),
            np.full(size, -1, np.int64))


@kernel(types.float64(FN_RETURNS, types.int64[::1], types.int64))
def terminal_score(returns, s, player):
    """The search score of a finished game for ``player``: quicker wins and slower losses score higher."""
    r = seat_return(returns, s, player)
    if r > 0:
        return WIN_SCORE - s[PLY]
    if r < 0:
        return -(WIN_SCORE - s[PLY])
    return 0.0


@kernel(types.float64(FN_LEGAL, FN_APPLY, FN_RETURNS, FN_EVALUATE, types.int64[::1], types.int64,
                      types.float64, types.float64, *TT_ARGS, types.int64, types.int64[::1],
                      types.int64[::1]))
def negamax(legal, apply, returns, evaluate, s, depth, alpha, beta, tt_key, tt_value, tt_meta, tt_move,
            width, stop, counters):
    """The negamax value of the non-terminal ``s`` for the side to move, ``depth`` plies deep.

    ``width`` is the action buffer size; ``counters[0]`` counts nodes. Two-player games only (a mover
    who moves again keeps the sign).
    """
    counters[0] += 1
    if counters[0] % POLL_NODES == 0 and should_stop(stop, counters[0]):
        return 0.0
    player = s[PLAYER]
    if depth <= 0:
        return evaluate(s, player)

    key = state_key(s)
    mask = tt_key.shape[0] - 1
    slot = key & mask
    best_first = -1
    alpha0 = alpha
    if tt_key[slot] == key and tt_meta[slot] >= 0:
        stored_depth = tt_meta[slot] >> 2
        flag = tt_meta[slot] & 3
        best_first = tt_move[slot]
        if stored_depth >= depth:
            v = tt_value[slot]
            if flag == EXACT:
                return v
            if flag == LOWER and v >= beta:
                return v
            if flag == UPPER and v <= alpha:
                return v

    moves = np.empty(width, np.int64)
    n = check_width(legal(s, moves), width)
    if best_first >= 0:
        for i in range(n):
            if moves[i] == best_first:
                moves[i] = moves[0]
                moves[0] = best_first
                break
    child = np.empty_like(s)
    best = -np.inf
    best_action = moves[0]
    for i in range(n):
        child[:] = s
        apply(child, moves[i])
        if child[PLAYER] == TERMINAL:
            v = terminal_score(returns, child, player)
        elif child[PLAYER] == player:
            v = negamax(legal, apply, returns, evaluate, child, depth - 1, alpha, beta, tt_key, tt_value,
                        tt_meta, tt_move, width, stop, counters)
        else:
            v = -negamax(legal, apply, returns, evaluate, child, depth - 1, -beta, -alpha, tt_key,
                         tt_value, tt_meta, tt_move, width, stop, counters)
        if stop_requested(stop):
            return 0.0
        if v > best:
            best = v
            best_action = moves[i]
        if v > alpha:
            alpha = v
        if alpha >= beta:
            break
    flag = EXACT
    if best <= alpha0:
        flag = UPPER
    elif best >= beta:
        flag = LOWER
    tt_key[slot] = key
    tt_value[slot] = best
    tt_meta[slot] = depth * 4 + flag
    tt_move[slot] = best_action
    return best


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_RETURNS, FN_EVALUATE, types.int64[::1], types.int64,
                    types.boolean, types.int64[::1], types.float64[::1], *TT_ARGS, types.int64[::1],
                    types.int64[::1]))
def search_root(legal, apply, returns, evaluate, s, depth, exact_all, actions, values, tt_key, tt_value,
                tt_meta, tt_move, stop, counters):
    """Score every legal action of ``s`` for the side to move; returns how many were written.

    With ``exact_all`` every action gets its exact ``depth``-ply value (for hints); without it only
    the best action's value is exact and the others are upper bounds (faster). ``actions`` and
    ``values`` must hold the game's ``max_actions``; every deeper buffer gets the same width. The
    nodes visited are added to ``counters[0]`` and, with a full control array, to ``stop[NODES]``.
    """
    player = s[PLAYER]
    width = actions.shape[0]
    start_nodes = counters[0]
    n = check_width(legal(s, actions), width)
    child = np.empty_like(s)
    alpha = -np.inf
    for i in range(n):
        child[:] = s
        apply(child, actions[i])
        lower = -np.inf if exact_all else alpha
        if child[PLAYER] == TERMINAL:
            v = terminal_score(returns, child, player)
        elif child[PLAYER] == player:
            v = negamax(legal, apply, returns, evaluate, child, depth - 1, lower, np.inf, tt_key,
                        tt_value, tt_meta, tt_move, width, stop, counters)
        else:
            v = -negamax(legal, apply, returns, evaluate, child, depth - 1, -np.inf, -lower, tt_key,
                         tt_value, tt_meta, tt_move, width, stop, counters)
        values[i] = v
        if v > alpha:
            alpha = v
        if stop_requested(stop) or should_stop(stop, counters[0]):
            n = i
            break
    if stop.shape[0] > NODES:
        stop[NODES] += counters[0] - start_nodes
    return n
