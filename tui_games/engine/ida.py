"""IDA* (iterative-deepening A*) for one-player puzzles: the fewest actions to a solved position.

Compiled once for every game: the kernels arrive as typed first-class functions, plus a
``heuristic(state)`` kernel (:data:`~tui_games.engine.jit.SIG_HEURISTIC`) that never overestimates
the actions still needed; with it the first solution found is a shortest one. A position is solved
when it is terminal and seat 0's return is positive; a terminal position that is not solved is a
dead end. Every action costs 1. Positions already on the current path are not entered again, so
cycles cost nothing. The control array follows :mod:`tui_games.engine.stopflag`.
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.header import PLAYER, TERMINAL
from tui_games.engine.jit import FN_APPLY, FN_HEURISTIC, FN_LEGAL, FN_RETURNS, kernel, types
from tui_games.engine.limits import buffer_width, check_width, seat_return
from tui_games.engine.negamax import state_key
from tui_games.engine.stopflag import NODES, POLL_NODES, StopFlag, should_stop

FOUND = -1
STOPPED = -2
NO_BOUND = 1 << 62
"""What a search below a bound returns when no position beyond the bound was met."""

NOT_SOLVABLE = -1
"""What :func:`ida_star` returns when no solution is within ``max_cost``."""


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_RETURNS, FN_HEURISTIC, types.int64[::1], types.int64,
                    types.int64, types.int64[:, ::1], types.int64[::1], types.int64[::1], types.int64,
                    types.int64[::1], types.int64[::1]))
def bounded_search(legal, apply, returns, heuristic, s, cost, bound, path_states, path_keys, path_actions,
                   width, control, counters):
    """Depth first below ``s`` (reached in ``cost`` actions), cutting where cost + heuristic > bound.

    Returns FOUND (``path_actions[:counters[1]]`` is the solution), STOPPED, or the smallest
    cost + heuristic beyond the bound that was met (NO_BOUND if none).
    """
    counters[0] += 1
    if counters[0] % POLL_NODES == 0 and should_stop(control, counters[0]):
        return STOPPED
    if s[PLAYER] == TERMINAL:
        if seat_return(returns, s, 0) > 0.0:
            counters[1] = cost
            return FOUND
        return NO_BOUND
    estimate = cost + heuristic(s)
    if estimate > bound:
        return estimate
    if cost + 1 >= path_states.shape[0]:
        return NO_BOUND
    moves = np.empty(width, np.int64)
    n = check_width(legal(s, moves), width)
    child = np.empty_like(s)
    smallest = NO_BOUND
    for i in range(n):
        child[:] = s
        apply(child, moves[i])
        key = state_key(child)
        seen = False
        for d in range(cost + 1):
            if path_keys[d] == key and np.array_equal(path_states[d], child):
                seen = True
                break
        if seen:
            continue
        path_states[cost + 1, :] = child
        path_keys[cost + 1] = key
        path_actions[cost] = moves[i]
        found = bounded_search(legal, apply, returns, heuristic, child, cost + 1, bound, path_states,
                               path_keys, path_actions, width, control, counters)
        if found == FOUND or found == STOPPED:
            return found
        if found < smallest:
            smallest = found
    return smallest


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_RETURNS, FN_HEURISTIC, types.int64[::1], types.int64,
                    types.int64, types.int64[::1], types.int64[::1]))
def ida_star(legal, apply, returns, heuristic, root, max_cost, width, path_actions, control):
    """The length of a shortest solution from ``root``, its actions in ``path_actions``; NOT_SOLVABLE
    when none is within ``max_cost`` actions, STOPPED when stopped. ``path_actions`` holds
    ``max_cost`` actions; ``width`` is the game's ``max_actions``."""
    path_states = np.empty((max_cost + 1, root.shape[0]), np.int64)
    path_keys = np.empty(max_cost + 1, np.int64)
    path_states[0, :] = root
    path_keys[0] = state_key(root)
    counters = np.zeros(2, np.int64)
    bound = heuristic(root)
    result = NOT_SOLVABLE
    while bound <= max_cost:
        found = bounded_search(legal, apply, returns, heuristic, root, 0, bound, path_states, path_keys,
                               path_actions, width, control, counters)
        if found == FOUND:
            result = counters[1]
            break
        if found == STOPPED:
            result = STOPPED
            break
        if found >= NO_BOUND:
            break
        bound = found
    if control.shape[0] > NODES:
        control[NODES] += counters[0]
    return result


class IdaStar:
    """Shortest solutions of a one-player puzzle by IDA* over its kernels and an admissible heuristic."""

    def __init__(self, kernels, heuristic, node_budget: int = 0) -> None:
        self.kernels = kernels
        self.heuristic = heuristic
        self.width = buffer_width(kernels.max_actions)
        self.stop_flag = StopFlag(node_budget)

    def stop(self) -> None:
        """Abort a running :meth:`solve` (it then answers None)."""
        self.stop_flag.set()

    @property
    def nodes(self) -> int:
        """Positions the last :meth:`solve` visited."""
        return self.stop_flag.nodes

    def solve(self, array: np.ndarray, max_cost: int = 80, time_budget: float | None = None,
              ) -> list[int] | None:
        """The actions of a shortest solution from ``array`` ([] when already solved); None when none
        is within ``max_cost`` actions or the search was stopped (see ``stop_flag.aborted``)."""
        k = self.kernels
        path = np.empty(max(max_cost, 1), np.int64)
        self.stop_flag.clear()
        with self.stop_flag.deadline(time_budget):
            length = ida_star(k.legal, k.apply, k.returns, self.heuristic, array, max_cost, self.width, path,
                              self.stop_flag.array)
        if length < 0:
            return None
        return [int(a) for a in path[:length]]
