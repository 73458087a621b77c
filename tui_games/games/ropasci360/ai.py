"""RoPaSci 360 AI levels (every turn is a simultaneous decision: ``choose(state, player=seat)``).

1 Reckless: half of the time a random action, else the one-sided greedy one.
2 Greedy: the action that scores best when played alone (the opponent standing still), at random among
  near ties.
3 Equilibrium: each seat's actions pruned to the :data:`TOP_K` best by that one-sided score, the turn
  played out for every pair and valued one turn further (the :data:`DEEP` best actions a seat there,
  each pair evaluated by :mod:`tui_games.games.ropasci360.evaluation`, that small matrix game valued
  between its pure bounds); the turn's payoff table solved for a mixed equilibrium by regret matching
  (:mod:`tui_games.engine.matrix_game`) and the seat's action drawn from its equilibrium mix.
"""

from __future__ import annotations

import random

import numpy as np

from tui_games.core.errors import IllegalActionError
from tui_games.core.hints import Hint
from tui_games.core.players import SIMULTANEOUS
from tui_games.engine.matrix_game import solve
from tui_games.engine.players import require_decision
from tui_games.games.ropasci360 import evaluation

TOP_K = 12
"""Actions kept per seat for the matrix game."""
DEEP = 6
"""Actions a seat the top level weighs in the turn after each pair (see :func:`evaluation.turn_value`)."""
SOLVE_ITERATIONS = 400
"""Regret-matching iterations per turn."""
TIE_MARGIN = 1e-6
LEVEL_NAMES = {1: "reckless", 2: "greedy", 3: "equilibrium"}


def one_sided(state, player: int, weights: np.ndarray = evaluation.WEIGHTS) -> tuple[np.ndarray, np.ndarray]:
    """``player``'s legal actions and each one's one-sided score (as :func:`evaluation.one_sided_scores`)."""
    actions = np.array(state.legal_actions(player), dtype=np.int64)
    scores = np.empty(actions.shape[0], dtype=np.float64)
    evaluation.one_sided_scores(state.array, player, actions, actions.shape[0], weights, scores)
    return actions, scores


def pruned(state, player: int, k: int | None = TOP_K, weights: np.ndarray = evaluation.WEIGHTS) -> np.ndarray:
    """``player``'s ``k`` best actions by one-sided score (ties broken by id); every action for None."""
    actions, scores = one_sided(state, player, weights)
    if k is None:
        return actions
    order = np.lexsort((actions, -scores))
    return actions[order[:k]]


def equilibrium(state, k: int | None = TOP_K, iterations: int = SOLVE_ITERATIONS, deep: int = 0,
                weights: np.ndarray = evaluation.WEIGHTS):
    """The turn's matrix game over both seats' pruned actions: (Upper's actions, Lower's actions,
    Upper's payoff table, [Upper's mix, Lower's mix]); with ``deep`` > 0 each cell looks one turn
    further (``deep`` actions a seat, see :func:`evaluation.turn_value`)."""
    upper, lower = pruned(state, 0, k, weights), pruned(state, 1, k, weights)
    table = np.empty((upper.shape[0], lower.shape[0]), dtype=np.float64)
    if deep:
        evaluation.deep_payoffs(state.array, upper, upper.shape[0], lower, lower.shape[0], deep, weights, table)
    else:
        evaluation.payoffs(state.array, upper, upper.shape[0], lower, lower.shape[0], weights, table)
    values = np.stack([table, -table], axis=-1)
    mixes = solve(values, iterations)
    return upper, lower, table, mixes


class RoPaSciPlayer:
    """One of the three levels (see the module docstring); answers for one seat at a time."""

    def __init__(self, level: int, seed: int = 0, k: int | None = TOP_K, deep: int = DEEP,
                 weights: np.ndarray = evaluation.WEIGHTS) -> None:
        self.level = level
        self.k = k
        self.deep = deep
        self.weights = np.ascontiguousarray(weights, dtype=np.float64)
        self.rng = random.Random(seed)
        self._solved: tuple[bytes, list[dict[int, float]]] | None = None

    def stop(self) -> None:
        """Nothing to stop: a turn takes well under a second."""

    def _seat(self, state, player: int | None) -> int:
        require_decision(state, player)
        if state.current_player != SIMULTANEOUS:
            raise IllegalActionError("RoPaSci 360 AIs answer at simultaneous nodes only")
        return int(player)

    def strategy(self, state, player: int) -> dict[int, float]:
        """Seat ``player``'s mix over its actions at this turn: {action: probability}."""
        seat = self._seat(state, player)
        if self.level < 3:
            actions, scores = one_sided(state, seat, self.weights)
            top = scores.max()
            best = [int(a) for a, v in zip(actions, scores) if v >= top - TIE_MARGIN]
            mix = {a: 1.0 / len(best) for a in best}
            if self.level == 1:
                mix = {a: 0.5 * p for a, p in mix.items()}
                for a in actions:
                    mix[int(a)] = mix.get(int(a), 0.0) + 0.5 / len(actions)
            return mix
        key = state.array.tobytes()
        if self._solved is None or self._solved[0] != key:  # both seats' mixes come from one solve
            upper, lower, _, mixes = equilibrium(state, self.k, deep=self.deep, weights=self.weights)
            self._solved = (key, [{int(a): float(p) for a, p in zip(actions, mix) if p > 1e-9}
                                  for actions, mix in ((upper, mixes[0]), (lower, mixes[1]))])
        return dict(self._solved[1][seat])

    def choose(self, state, player: int | None = None) -> int:
        """An action for seat ``player`` drawn from its mix."""
        mix = self.strategy(state, self._seat(state, player))
        actions = sorted(mix)
        return self.rng.choices(actions, [mix[a] for a in actions])[0]

    def hint(self, state, player: int | None = None) -> Hint:
        """The likeliest action of the top level's mix for seat ``player`` and each action's share."""
        seat = self._seat(state, player)
        solver = self if self.level == 3 else RoPaSciPlayer(3, k=self.k, deep=self.deep, weights=self.weights)
        mix = solver.strategy(state, seat)
        best = max(sorted(mix), key=mix.get)
        values = {a: f"{100 * p:.0f}% of the time" for a, p in mix.items()}
        return Hint(best, values, "an equilibrium mix: choose at random with these odds")


def make_ai(spec, level: int, seed: int = 0) -> RoPaSciPlayer:
    """The AI player for ``level`` (1..3)."""
    return RoPaSciPlayer(level, seed)


class WorstCasePlayer:
    """The 2-ply worst-case (maximin) baseline, not a menu level: for each of its seat's legal actions
    the lowest evaluation over every reply of the opponent, then the action whose worst case is best
    (lowest id on ties). The approach that won the course's 2021 tournament; the benchmark's yardstick."""

    def __init__(self, level: int = 0, seed: int = 0, weights: np.ndarray = evaluation.WEIGHTS) -> None:
        self.level = level
        self.weights = np.ascontiguousarray(weights, dtype=np.float64)

    def stop(self) -> None:
        """Nothing to stop."""

    def worst_cases(self, state, player: int) -> dict[int, float]:
        """{action: its worst evaluation for ``player`` over the opponent's replies}."""
        require_decision(state, player)
        mine = np.array(state.legal_actions(player), dtype=np.int64)
        theirs = np.array(state.legal_actions(1 - player), dtype=np.int64)
        out = np.empty(mine.shape[0], dtype=np.float64)
        evaluation.worst_case(state.array, player, mine, mine.shape[0], theirs, theirs.shape[0], self.weights, out)
        return {int(a): float(v) for a, v in zip(mine, out)}

    def choose(self, state, player: int | None = None) -> int:
        """The action with the best worst case for seat ``player``."""
        values = self.worst_cases(state, player)
        return max(sorted(values), key=values.get)
