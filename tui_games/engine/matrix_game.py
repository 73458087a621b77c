"""Simultaneous moves as a matrix game: the payoff table of one simultaneous node, and its equilibrium.

At a simultaneous node every seat picks one of its actions (``legal_for``) and the joint move is
played at once (``apply_joint``). :func:`payoff_table` plays every joint move on a copy of the state
and reads each seat's value: its return where the game ends, else the game's ``evaluate`` (a game of
several rounds thus values one round by the score it leaves). :func:`solve` finds mixed strategies by
regret matching+ (each seat's regrets floored at zero, later iterations weighted more in the average),
whose average strategies approach a Nash equilibrium in two-player zero-sum games (a coarse
correlated equilibrium with more seats).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from tui_games.engine.header import NUM_PLAYERS, PLAYER, TERMINAL

SOLVE_ITERATIONS = 1000
"""Regret-matching iterations :func:`solve` runs by default (RPS-sized tables: a few milliseconds)."""


@dataclass(frozen=True)
class PayoffTable:
    """One simultaneous node as a matrix game: each seat's actions, and each seat's value of every
    joint move (``values[i0, i1, ..., seat]`` for seat 0 playing ``actions[0][i0]`` and so on)."""

    actions: tuple[tuple[int, ...], ...]
    values: np.ndarray


def payoff_table(kernels, array: np.ndarray) -> PayoffTable:
    """The matrix game at the simultaneous node ``array``: every joint move of the seats' legal actions
    played on a copy, valued by the returns where the game ends and by ``evaluate`` elsewhere."""
    seats = int(array[NUM_PLAYERS])
    buffer = np.empty(max(kernels.max_actions, 1), np.int64)
    actions = []
    for seat in range(seats):
        n = kernels.legal_for(array, seat, buffer)
        if n <= 0:
            raise ValueError(f"seat {seat} has no action at this simultaneous node")
        actions.append(tuple(int(a) for a in buffer[:n]))
    values = np.zeros(tuple(len(a) for a in actions) + (seats,), np.float64)
    child = np.empty_like(array)
    returns = np.zeros(seats, np.float64)
    for index in itertools.product(*(range(len(a)) for a in actions)):
        child[:] = array
        kernels.apply_joint(child, np.array([actions[s][i] for s, i in enumerate(index)], np.int64))
        if child[PLAYER] == TERMINAL:
            returns[:] = 0.0
            kernels.returns(child, returns)
            values[index] = returns
        else:
            values[index] = [kernels.evaluate(child, seat) for seat in range(seats)]
    return PayoffTable(tuple(actions), values)


def _action_values(values: np.ndarray, strategies: list[np.ndarray], seat: int) -> np.ndarray:
    """Seat ``seat``'s expected value of each of its actions when every other seat plays its strategy."""
    table = values[..., seat]
    for other in reversed(range(len(strategies))):  # highest axis first keeps lower axes in place
        if other != seat:
            table = np.tensordot(table, strategies[other], axes=([other], [0]))
    return table


def _current(regret: np.ndarray) -> np.ndarray:
    total = regret.sum()
    return regret / total if total > 0 else np.full(regret.shape, 1.0 / regret.size)


def solve(values: np.ndarray, iterations: int = SOLVE_ITERATIONS) -> list[np.ndarray]:
    """Each seat's mixed strategy (probabilities over its actions, in table order) for the payoff
    table ``values``, by ``iterations`` rounds of regret matching+ with alternating updates and
    linearly weighted averages."""
    seats = values.shape[-1]
    sizes = values.shape[:-1]
    regrets = [np.zeros(n) for n in sizes]
    sums = [np.zeros(n) for n in sizes]
    strategies = [_current(r) for r in regrets]
    for t in range(1, iterations + 1):
        for seat in range(seats):
            action_values = _action_values(values, strategies, seat)
            expected = float(action_values @ strategies[seat])
            regrets[seat] = np.maximum(regrets[seat] + action_values - expected, 0.0)
            strategies[seat] = _current(regrets[seat])
            sums[seat] += t * strategies[seat]
    return [s / s.sum() for s in sums]


def exploitability(values: np.ndarray, strategies: list[np.ndarray]) -> float:
    """How much the seats could gain in all by each switching alone to its best reply (0 at a Nash
    equilibrium; the sum over seats of best-reply value minus the strategy's value)."""
    gain = 0.0
    for seat in range(values.shape[-1]):
        action_values = _action_values(values, strategies, seat)
        gain += float(action_values.max() - action_values @ strategies[seat])
    return gain


__all__ = ["PayoffTable", "SOLVE_ITERATIONS", "exploitability", "payoff_table", "solve"]
