"""Paranoid search for games of three or more seats: the searching seat assumes every other seat
plays against it, which turns the game into a two-sided one that alpha-beta can prune.

Compiled once for every game (kernels as typed first-class functions). Values are for ``player``:
its decisions maximise, every other seat's minimise, chance nodes average by probability (searched
with a full window). A leaf is the game's ``evaluate(state, player)``, a finished game
``terminal_scale * returns[player]``; ``depth`` counts player decisions. The control array follows
:mod:`tui_games.engine.stopflag`; action buffers are as wide as the root's ``actions``.
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.deepening import SearchResult, deepen
from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_EVALUATE, FN_LEGAL, FN_RETURNS, kernel, types
from tui_games.engine.limits import action_buffers, check_seats, check_width, seat_return
from tui_games.engine.stopflag import NODES, POLL_NODES, StopFlag, should_stop, stop_requested


@kernel(types.float64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_EVALUATE, types.int64[::1], types.int64,
                      types.int64, types.float64, types.float64, types.float64, types.int64,
                      types.int64[::1], types.int64[::1]))
def paranoid(legal, apply, chance, returns, evaluate, s, depth, player, alpha, beta, terminal_scale, width,
             stop, counters):
    """The paranoid value of ``s`` for ``player`` within the window (``alpha``, ``beta``)."""
    counters[0] += 1
    if counters[0] % POLL_NODES == 0 and should_stop(stop, counters[0]):
        return 0.0
    mover = s[PLAYER]
    if mover == TERMINAL:
        return terminal_scale * seat_return(returns, s, player)
    if mover != CHANCE and depth <= 0:
        return evaluate(s, player)
    actions = np.empty(width, np.int64)
    child = np.empty_like(s)
    if mover == CHANCE:
        probs = np.empty(width, np.float64)
        n = check_width(chance(s, actions, probs), width)
        value = 0.0
        for i in range(n):
            child[:] = s
            apply(child, actions[i])
            value += probs[i] * paranoid(legal, apply, chance, returns, evaluate, child, depth, player,
                                         -np.inf, np.inf, terminal_scale, width, stop, counters)
        return value
    n = check_width(legal(s, actions), width)
    maximising = mover == player
    best = -np.inf if maximising else np.inf
    for i in range(n):
        child[:] = s
        apply(child, actions[i])
        v = paranoid(legal, apply, chance, returns, evaluate, child, depth - 1, player, alpha, beta,
                     terminal_scale, width, stop, counters)
        if stop_requested(stop):
            return 0.0
        if maximising:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_EVALUATE, types.int64[::1], types.int64,
                    types.float64, types.boolean, types.int64[::1], types.float64[::1], types.int64[::1],
                    types.int64[::1]))
def paranoid_root(legal, apply, chance, returns, evaluate, s, depth, terminal_scale, exact_all, actions,
                  values, stop, counters):
    """The paranoid value of every legal action for the player to move; returns how many were scored.

    With ``exact_all`` every value is exact; without it only the best one is, the others being upper
    bounds (faster). ``actions``/``values`` must hold the game's ``max_actions``.
    """
    check_seats(s)
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
        v = paranoid(legal, apply, chance, returns, evaluate, child, depth - 1, player, lower, np.inf,
                     terminal_scale, width, stop, counters)
        if stop_requested(stop):
            n = i
            break
        values[i] = v
        if v > alpha:
            alpha = v
    if stop.shape[0] > NODES:
        stop[NODES] += counters[0] - start_nodes
    return n


class Paranoid:
    """Iterative-deepening paranoid alpha-beta over a game's kernels, under a time budget."""

    def __init__(self, kernels, max_depth: int, terminal_scale: float = 1.0, node_budget: int = 0) -> None:
        self.kernels = kernels
        self.max_depth = max_depth
        self.terminal_scale = terminal_scale
        self.stop_flag = StopFlag(node_budget)

    def stop(self) -> None:
        """Abort the running search (it answers with the last finished depth)."""
        self.stop_flag.set()

    def search(self, array: np.ndarray, time_budget: float | None = None, exact_all: bool = False,
               ) -> SearchResult:
        """Search deeper and deeper up to ``max_depth`` decisions, or until the budget is spent."""
        k = self.kernels
        actions, values = action_buffers(k.max_actions)
        counters = np.zeros(1, np.int64)

        def one_depth(depth: int) -> SearchResult | None:
            n = paranoid_root(k.legal, k.apply, k.chance, k.returns, k.evaluate, array, depth,
                              self.terminal_scale, exact_all, actions, values, self.stop_flag.array,
                              counters)
            if n == 0:
                return None
            scored = {int(actions[i]): float(values[i]) for i in range(n)}
            return SearchResult(max(scored, key=scored.get), scored, depth, int(counters[0]))

        result = deepen(one_depth, self.max_depth, self.stop_flag, time_budget)
        assert result is not None, "paranoid search found no legal action"
        return result
