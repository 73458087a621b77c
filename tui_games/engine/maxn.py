"""Max-n search for games of three or more seats (any number, in fact): each seat maximises its own
component of a value vector.

Compiled once for every game: the kernels arrive as typed first-class functions. A leaf's vector is
the game's ``evaluate(state, seat)`` for every seat; a finished game's is ``terminal_scale`` times
its returns; a chance node averages its children's vectors by probability. ``depth`` counts player
decisions. Among children equally good for the mover, the first in legal-action order is kept, so
the result is reproducible (max-n values depend on how ties are broken). The control array follows
:mod:`tui_games.engine.stopflag`; action buffers are as wide as the root's ``actions``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from tui_games.engine.deepening import deepen
from tui_games.engine.header import CHANCE, NUM_PLAYERS, PLAYER, TERMINAL
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_EVALUATE, FN_LEGAL, FN_RETURNS, kernel, types
from tui_games.engine.limits import MAX_SEATS, buffer_width, check_seats, check_width
from tui_games.engine.stopflag import NODES, POLL_NODES, StopFlag, should_stop, stop_requested


@kernel(types.void(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_EVALUATE, types.int64[::1], types.int64,
                   types.int64, types.float64, types.int64, types.float64[::1], types.int64[::1],
                   types.int64[::1]))
def maxn(legal, apply, chance, returns, evaluate, s, depth, seats, terminal_scale, width, out, stop,
         counters):
    """Write into ``out[:seats]`` the max-n value vector of ``s``, ``depth`` decisions deep."""
    counters[0] += 1
    if counters[0] % POLL_NODES == 0 and should_stop(stop, counters[0]):
        return
    mover = s[PLAYER]
    if mover == TERMINAL:
        out[:] = 0.0
        returns(s, out)
        for p in range(seats):
            out[p] *= terminal_scale
        return
    if mover != CHANCE and depth <= 0:
        for p in range(seats):
            out[p] = evaluate(s, p)
        return
    actions = np.empty(width, np.int64)
    child = np.empty_like(s)
    below = np.empty(MAX_SEATS, np.float64)
    if mover == CHANCE:
        probs = np.empty(width, np.float64)
        n = check_width(chance(s, actions, probs), width)
        out[:seats] = 0.0
        for i in range(n):
            child[:] = s
            apply(child, actions[i])
            maxn(legal, apply, chance, returns, evaluate, child, depth, seats, terminal_scale, width, below,
                 stop, counters)
            for p in range(seats):
                out[p] += probs[i] * below[p]
        return
    n = check_width(legal(s, actions), width)
    best = -np.inf
    for i in range(n):
        child[:] = s
        apply(child, actions[i])
        maxn(legal, apply, chance, returns, evaluate, child, depth - 1, seats, terminal_scale, width, below,
             stop, counters)
        if stop_requested(stop):
            return
        if below[mover] > best:
            best = below[mover]
            out[:seats] = below[:seats]


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_EVALUATE, types.int64[::1], types.int64,
                    types.float64, types.int64[::1], types.float64[:, ::1], types.int64[::1],
                    types.int64[::1]))
def maxn_root(legal, apply, chance, returns, evaluate, s, depth, terminal_scale, actions, values, stop,
              counters):
    """The max-n vector of every legal action of the player to move (``values[i, :seats]``).

    ``actions`` must hold the game's ``max_actions`` and ``values`` as many rows of
    :data:`~tui_games.engine.limits.MAX_SEATS` columns. Returns how many actions were scored (fewer
    when the search was stopped).
    """
    seats = check_seats(s)
    width = actions.shape[0]
    start_nodes = counters[0]
    n = check_width(legal(s, actions), width)
    child = np.empty_like(s)
    for i in range(n):
        child[:] = s
        apply(child, actions[i])
        maxn(legal, apply, chance, returns, evaluate, child, depth - 1, seats, terminal_scale, width,
             values[i], stop, counters)
        if stop_requested(stop):
            n = i
            break
    if stop.shape[0] > NODES:
        stop[NODES] += counters[0] - start_nodes
    return n


@dataclass
class MaxNResult:
    """The best action for the player to move, every action's value vector, the depth completed."""

    best_action: int
    values: dict[int, tuple[float, ...]] = field(default_factory=dict)
    depth: int = 0
    nodes: int = 0


class MaxN:
    """Iterative-deepening max-n over a game's kernels, under a time budget and a depth cap."""

    def __init__(self, kernels, max_depth: int, terminal_scale: float = 1.0, node_budget: int = 0) -> None:
        self.kernels = kernels
        self.max_depth = max_depth
        self.terminal_scale = terminal_scale
        self.stop_flag = StopFlag(node_budget)
        self.width = buffer_width(kernels.max_actions)

    def stop(self) -> None:
        """Abort the running search (it answers with the last finished depth)."""
        self.stop_flag.set()

    def search(self, array: np.ndarray, time_budget: float | None = None) -> MaxNResult:
        """Search deeper and deeper up to ``max_depth`` decisions, or until the budget is spent."""
        k = self.kernels
        seats = int(array[NUM_PLAYERS])
        player = int(array[PLAYER])
        actions = np.empty(self.width, np.int64)
        values = np.zeros((self.width, MAX_SEATS), np.float64)
        counters = np.zeros(1, np.int64)

        def one_depth(depth: int) -> MaxNResult | None:
            n = maxn_root(k.legal, k.apply, k.chance, k.returns, k.evaluate, array, depth,
                          self.terminal_scale, actions, values, self.stop_flag.array, counters)
            if n == 0:
                return None
            scored = {int(actions[i]): tuple(float(v) for v in values[i, :seats]) for i in range(n)}
            best = int(actions[int(np.argmax(values[:n, player]))])
            return MaxNResult(best, scored, depth, int(counters[0]))

        result = deepen(one_depth, self.max_depth, self.stop_flag, time_budget)
        assert result is not None, "max-n found no legal action"
        return result
