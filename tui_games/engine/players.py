"""Generic AI players built from a game's kernels: random, and negamax with a depth and noise."""

from __future__ import annotations

import random

from tui_games.core.hints import Hint
from tui_games.engine.search import Negamax, describe_score


class RandomPlayer:
    """Plays a uniformly random legal action."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, state) -> int:
        """A random legal action."""
        return self.rng.choice(state.legal_actions())

    def stop(self) -> None:
        """Nothing to stop: choosing is instant."""


class NegamaxPlayer:
    """Negamax to ``depth`` plies; picks at random among actions within ``tolerance`` of the best.

    ``blunder_rate`` is the chance of playing a uniformly random action instead (for gentle levels);
    ``exhaustive`` says ``depth`` reaches the end of every game, so hints may call a 0 a draw.
    """

    def __init__(self, kernels, level: int, depth: int, seed: int = 0, tolerance: float = 1e-9,
                 blunder_rate: float = 0.0, time_budget: float | None = None,
                 exhaustive: bool = False) -> None:
        self.level = level
        self.depth = depth
        self.tolerance = tolerance
        self.blunder_rate = blunder_rate
        self.time_budget = time_budget
        self.exhaustive = exhaustive
        self.rng = random.Random(seed)
        self.searcher = Negamax(kernels, depth)

    def stop(self) -> None:
        """Abort a running choose() or hint(); it returns its best result so far."""
        self.searcher.stop()

    def choose(self, state) -> int:
        """A good action for the side to move, by this player's depth and noise."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.blunder_rate and self.rng.random() < self.blunder_rate:
            return self.rng.choice(legal)
        result = self.searcher.search(state.array, self.time_budget, exact_all=True)
        top = max(result.values.values())
        candidates = sorted(a for a, v in result.values.items() if v >= top - self.tolerance)
        return self.rng.choice(candidates)

    def hint(self, state) -> Hint:
        """The best action and each action's exact value at this player's depth."""
        result = self.searcher.search(state.array, self.time_budget, exact_all=True)
        ply = int(state.ply)
        values = {a: describe_score(v, ply, self.exhaustive) for a, v in result.values.items()}
        return Hint(result.best_action, values, f"searched {result.depth} plies, {result.nodes} nodes")
