"""Leduc strategies as tables, the CFR+ equilibrium the top AI level plays, and exact measurements.

A strategy is a table from a seat's information-state key (:func:`rules.infostate_key`: its card,
the public card, the small blind's seat, both rounds' betting) to the probabilities of fold, check or
call, and bet or raise. The equilibrium of each ``betting`` variant is computed by the engine's CFR+
(:mod:`tui_games.engine.cfr`) and shipped as ``strategy.npz`` beside this module;
``scripts/leduc_strategy.py`` regenerates it. Since Leduc's whole tree has under ten thousand
nodes (9,457 with antes), values, head-to-head results and exploitability are computed exactly
by walking it, never estimated from samples.

The tables are solved with 100 chips behind each seat (OpenSpiel's stacks), where no stack can
run out within a hand; with shorter stacks in a sitting the same table is read for the actions
still legal.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Callable

import numpy as np

from tui_games.engine.cfr import CfrSolver, find_slot
from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.games.leduc_holdem import rules
from tui_games.games.leduc_holdem.game import BETTING_VARIANTS, DEFAULT_STACK, KERNELS

STRATEGY_FILE = "strategy.npz"
"""The shipped equilibria, package data beside this module."""
ACTIONS = (rules.FOLD, rules.CALL, rules.RAISE)
"""The columns of a strategy table's probabilities."""
TABLE_LOG2 = 13
"""CFR's information-set table size (2**13 slots; the blind variant has 1,872 sets)."""

Probabilities = dict[int, float]


class Strategy:
    """A behaviour strategy for both seats: information-state key -> (fold, call, raise) probabilities."""

    def __init__(self, keys: np.ndarray, probs: np.ndarray, name: str = "") -> None:
        self.name = name
        """What the strategy is ('equilibrium (ante)', 'maniac' ...)."""
        self.table = {int(key): probs[i] for i, key in enumerate(keys)}

    def __len__(self) -> int:
        return len(self.table)

    def probabilities(self, array: np.ndarray, player: int, legal: list[int]) -> Probabilities:
        """{action: probability} over ``legal`` at ``player``'s information state in ``array`` (which
        need show only what that seat sees); the table's mix renormalised over the legal actions, or
        uniform where the table has no entry."""
        row = self.table.get(int(rules.infostate_key(array, player)))
        weights = [float(row[action]) if row is not None else 1.0 for action in legal]
        total = sum(weights)
        if total <= 0.0:
            weights, total = [1.0] * len(legal), float(len(legal))
        return {action: weight / total for action, weight in zip(legal, weights)}

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(keys, probabilities) as arrays, keys ascending, for saving."""
        keys = np.array(sorted(self.table), dtype=np.int64)
        probs = np.array([self.table[int(key)] for key in keys], dtype=np.float64).reshape(len(keys), len(ACTIONS))
        return keys, probs


# ----- the game tree ------------------------------------------------------------------------------------
def root(betting: str) -> np.ndarray:
    """The start of a hand of the ``betting`` variant with OpenSpiel's stacks (the solved tree)."""
    return rules.initial_state(BETTING_VARIANTS[betting], DEFAULT_STACK, DEFAULT_STACK)


def _legal(array: np.ndarray, buffer: np.ndarray) -> list[int]:
    n = rules.legal_actions(array, buffer)
    return [int(a) for a in buffer[:n]]


def _chance(array: np.ndarray) -> list[tuple[int, float]]:
    actions = np.empty(rules.MAX_ACTIONS, np.int64)
    probs = np.empty(rules.MAX_ACTIONS, np.float64)
    n = rules.chance_outcomes(array, actions, probs)
    return [(int(actions[i]), float(probs[i])) for i in range(n)]


def _child(array: np.ndarray, action: int) -> np.ndarray:
    child = array.copy()
    rules.apply_action(child, action)
    return child


def decision_points(betting: str):
    """Every decision of the ``betting`` variant's tree: (state array, seat to act, legal actions)."""
    buffer = np.empty(rules.MAX_ACTIONS, np.int64)
    stack = [root(betting)]
    while stack:
        array = stack.pop()
        mover = int(array[PLAYER])
        if mover == TERMINAL:
            continue
        if mover == CHANCE:
            stack.extend(_child(array, action) for action, _ in _chance(array))
            continue
        legal = _legal(array, buffer)
        yield array, mover, legal
        stack.extend(_child(array, action) for action in legal)


def tabulate(betting: str, choose: Callable[[np.ndarray, int, list[int]], Probabilities],
             name: str = "") -> Strategy:
    """A strategy table made by asking ``choose(array, seat, legal) -> {action: probability}`` at every
    information state of the ``betting`` variant (``array`` is the real state: a fair ``choose``
    reads only what the seat may see)."""
    table: dict[int, np.ndarray] = {}
    for array, mover, legal in decision_points(betting):
        key = int(rules.infostate_key(array, mover))
        if key not in table:
            row = np.zeros(len(ACTIONS))
            for action, prob in choose(array, mover, legal).items():
                row[action] = prob
            table[key] = row
    keys = np.array(sorted(table), dtype=np.int64)
    return Strategy(keys, np.array([table[int(k)] for k in keys]).reshape(len(keys), len(ACTIONS)), name)


def expected_returns(betting: str, seat_strategies: tuple[Strategy, Strategy]) -> tuple[float, float]:
    """Each seat's exact expected chips per hand when seat 0 plays ``seat_strategies[0]`` and seat 1
    ``seat_strategies[1]`` (chance outcomes weighted by their probabilities)."""
    buffer = np.empty(rules.MAX_ACTIONS, np.int64)
    out = np.zeros(2, np.float64)

    def value(array: np.ndarray) -> float:
        mover = int(array[PLAYER])
        if mover == TERMINAL:
            rules.returns(array, out)
            return float(out[0])
        if mover == CHANCE:
            branches = _chance(array)
        else:
            branches = list(seat_strategies[mover].probabilities(array, mover, _legal(array, buffer)).items())
        return sum(prob * value(_child(array, action)) for action, prob in branches if prob > 0.0)

    first = value(root(betting))
    return first, -first


def match_value(betting: str, a: Strategy, b: Strategy) -> float:
    """``a``'s exact expected chips per hand against ``b``, each playing either seat half the time."""
    as_first, _ = expected_returns(betting, (a, b))
    _, as_second = expected_returns(betting, (b, a))
    return (as_first + as_second) / 2.0


def solver_for(betting: str) -> CfrSolver:
    """A fresh CFR+ solver over the ``betting`` variant's tree."""
    return CfrSolver(KERNELS, rules.infostate_key, root(betting), table_log2=TABLE_LOG2)


def load_into(solver: CfrSolver, strategy: Strategy) -> None:
    """Make ``strategy`` the solver's average strategy (its best responses and values then measure it)."""
    keys, info, slot_actions, regret, change, strategy_sum = solver.table
    actions = np.empty(solver.width, np.int64)
    for array, mover, legal in decision_points(solver_betting(solver)):
        actions[:len(legal)] = legal
        slot = find_slot(keys, info, slot_actions, rules.infostate_key(array, mover), mover, actions, len(legal))
        probs = strategy.probabilities(array, mover, legal)
        strategy_sum[slot, :len(legal)] = [probs[a] for a in legal]


def solver_betting(solver: CfrSolver) -> str:
    """The ``betting`` variant of a solver's root."""
    code = int(solver.root[rules.BETTING])
    return next(name for name, value in BETTING_VARIANTS.items() if value == code)


def exploitability(betting: str, strategy: Strategy) -> float:
    """How much a best responder wins per hand against ``strategy``, averaged over both seats
    (NashConv / 2, OpenSpiel's exploitability), in chips."""
    solver = solver_for(betting)
    load_into(solver, strategy)
    return solver.exploitability()


def solved_strategy(solver: CfrSolver, name: str = "") -> Strategy:
    """The solver's average strategy as a table."""
    keys, info, slot_actions, _, _, strategy_sum = solver.table
    used = np.flatnonzero(info[:, 0] >= 0)
    probs = np.zeros((len(used), len(ACTIONS)))
    for row, slot in enumerate(used):
        n = int(info[slot, 1])
        total = strategy_sum[slot, :n].sum()
        for index in range(n):
            probs[row, int(slot_actions[slot, index])] = strategy_sum[slot, index] / total if total > 0 else 1.0 / n
    return Strategy(keys[used], probs, name)


# ----- the shipped equilibria -------------------------------------------------------------------------
def save_equilibria(path, strategies: dict[str, Strategy], details: dict[str, dict]) -> None:
    """Write the equilibrium of each variant (``strategies[betting]``) and how it was made
    (``details[betting]``: iterations, exploitability, value) to ``path`` (an .npz file)."""
    arrays = {}
    for betting, strategy in strategies.items():
        keys, probs = strategy.arrays()
        arrays[f"{betting}_keys"] = keys
        arrays[f"{betting}_probs"] = probs
        for name, value in details[betting].items():
            arrays[f"{betting}_{name}"] = np.array(value)
    np.savez_compressed(path, **arrays)


@lru_cache(maxsize=None)
def equilibrium(betting: str) -> Strategy:
    """The shipped CFR+ equilibrium of the ``betting`` variant."""
    resource = resources.files(__package__).joinpath(STRATEGY_FILE)
    with resources.as_file(resource) as path, np.load(path) as data:
        return Strategy(data[f"{betting}_keys"], data[f"{betting}_probs"], f"equilibrium ({betting})")


@lru_cache(maxsize=None)
def equilibrium_details(betting: str) -> dict[str, float]:
    """How the shipped equilibrium was made: iterations, exploitability (chips per hand), value for
    seat 0."""
    resource = resources.files(__package__).joinpath(STRATEGY_FILE)
    with resources.as_file(resource) as path, np.load(path) as data:
        prefix = f"{betting}_"
        return {name[len(prefix):]: float(data[name]) for name in data.files
                if name.startswith(prefix) and data[name].ndim == 0}


__all__ = ["ACTIONS", "STRATEGY_FILE", "Strategy", "decision_points", "equilibrium", "equilibrium_details",
           "expected_returns", "exploitability", "load_into", "match_value", "root", "save_equilibria",
           "solved_strategy", "solver_for", "tabulate"]
