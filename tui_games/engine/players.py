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


class MctsPlayer:
    """UCT Monte Carlo tree search with ``iterations`` random playouts per move (the most-visited move).

    ``time_budget`` (seconds) stops it early through the stop flag.
    """

    def __init__(self, kernels, level: int, iterations: int, seed: int = 0, exploration: float = 1.4,
                 time_budget: float | None = None) -> None:
        import numpy as np

        from tui_games.engine.rng import make_rng
        from tui_games.engine.search import StopFlag

        self.kernels = kernels
        self.level = level
        self.iterations = iterations
        self.exploration = exploration
        self.time_budget = time_budget
        self.rng = make_rng(seed * 2654435761 + level)
        self.stop_flag = StopFlag()
        self._np = np

    def stop(self) -> None:
        """Abort a running search; it answers with what it has."""
        self.stop_flag.set()

    def analyse(self, state) -> dict[int, tuple[int, float]]:
        """{action: (visits, mean reward for the player to move)} after the search."""
        import threading

        from tui_games.engine.mcts import mcts

        np = self._np
        k = self.kernels
        self.stop_flag.clear()
        timer = None
        if self.time_budget is not None:
            timer = threading.Timer(self.time_budget, self.stop_flag.set)
            timer.daemon = True
            timer.start()
        size = max(k.max_actions, 1)
        actions = np.empty(size, np.int64)
        visits = np.empty(size, np.int64)
        values = np.empty(size, np.float64)
        max_nodes = min(self.iterations * size + size + 1, 4_000_000)
        try:
            n = mcts(k.legal, k.apply, k.chance, k.returns, state.array, self.iterations, max_nodes,
                     self.exploration, self.rng, self.stop_flag.array, actions, visits, values)
        finally:
            if timer is not None:
                timer.cancel()
        return {int(actions[i]): (int(visits[i]), float(values[i])) for i in range(n)}

    def choose(self, state) -> int:
        """The most visited root action."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        stats = self.analyse(state)
        return max(stats, key=lambda a: (stats[a][0], stats[a][1]))

    def hint(self, state) -> Hint:
        """Each action's mean playout reward and visit count."""
        stats = self.analyse(state)
        best = max(stats, key=lambda a: (stats[a][0], stats[a][1]))
        values = {a: f"{value:+.2f} ({n} visits)" for a, (n, value) in stats.items()}
        return Hint(best, values, f"{sum(n for n, _ in stats.values())} playouts")


class ExpectimaxPlayer:
    """Expectimax ``depth`` decisions deep over a game's kernels (chance outcomes averaged)."""

    def __init__(self, kernels, level: int, depth: int, terminal_scale: float = 1.0) -> None:
        from tui_games.engine.search import StopFlag

        self.kernels = kernels
        self.level = level
        self.depth = depth
        self.terminal_scale = terminal_scale
        self.stop_flag = StopFlag()

    def stop(self) -> None:
        """Abort a running search."""
        self.stop_flag.set()

    def analyse(self, state) -> dict[int, float]:
        """{action: expected value for the player to move}."""
        import numpy as np

        from tui_games.engine.expectimax import expectimax_root

        k = self.kernels
        self.stop_flag.clear()
        size = max(k.max_actions, 1)
        actions = np.empty(size, np.int64)
        values = np.empty(size, np.float64)
        n = expectimax_root(k.legal, k.apply, k.chance, k.returns, k.evaluate, state.array, self.depth,
                            self.terminal_scale, actions, values, self.stop_flag.array, np.zeros(2, np.int64))
        return {int(actions[i]): float(values[i]) for i in range(n)}

    def choose(self, state) -> int:
        """The action with the highest expected value (lowest id on ties)."""
        values = self.analyse(state)
        return max(sorted(values), key=values.get)

    def hint(self, state) -> Hint:
        """Each action's expected value."""
        values = self.analyse(state)
        best = max(sorted(values), key=values.get)
        return Hint(best, {a: f"{v:+.3f}" for a, v in values.items()}, f"expectimax, depth {self.depth}")
