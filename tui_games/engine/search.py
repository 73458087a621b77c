"""Python drivers for the jitted searchers: time budgets, stop flags and iterative deepening."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import numpy as np

from tui_games.engine import negamax as nm


class StopFlag:
    """A one-element int array the kernels poll; set it from any thread to abort a search."""

    def __init__(self) -> None:
        self.array = np.zeros(1, dtype=np.int64)

    def set(self) -> None:
        """Ask the running search to stop."""
        self.array[0] = 1

    def clear(self) -> None:
        """Reset before a new search."""
        self.array[0] = 0

    @property
    def is_set(self) -> bool:
        """True once a stop was asked for."""
        return bool(self.array[0])


@dataclass
class SearchResult:
    """What a search found: the best action, every scored action, the depth completed."""

    best_action: int
    values: dict[int, float] = field(default_factory=dict)
    depth: int = 0
    nodes: int = 0
    solved: bool = False


def describe_score(score: float, ply_now: int = 0, exhaustive: bool = False) -> str:
    """A negamax score as words: 'win in 3' / 'loss in 4' (plies from now), 'draw', or a number.

    ``exhaustive`` says the search reached every game end, so a zero score is a proven draw.
    """
    if abs(score) >= nm.WIN_SCORE / 2:
        plies = int(round(nm.WIN_SCORE - abs(score))) - ply_now
        return f"win in {plies}" if score > 0 else f"loss in {plies}"
    if score == 0:
        return "draw" if exhaustive else "even"
    return f"{score:+.2f}"


class Negamax:
    """Iterative-deepening negamax over a game's kernels, under a time budget and a depth cap."""

    def __init__(self, kernels, max_depth: int, table_log2: int = 18) -> None:
        self.kernels = kernels
        self.max_depth = max_depth
        self.table = nm.new_table(table_log2)
        self.stop_flag = StopFlag()

    def stop(self) -> None:
        """Abort the running search (it returns the best result of the last finished depth)."""
        self.stop_flag.set()

    def search(self, array: np.ndarray, time_budget: float | None = None, exact_all: bool = False,
               ) -> SearchResult:
        """Search ``array`` deeper and deeper until the depth cap, a proven result or the budget."""
        k = self.kernels
        self.stop_flag.clear()
        timer = None
        if time_budget is not None:
            timer = threading.Timer(time_budget, self.stop_flag.set)
            timer.daemon = True
            timer.start()
        actions = np.empty(nm.MAX_ACTIONS, np.int64)
        values = np.empty(nm.MAX_ACTIONS, np.float64)
        counters = np.zeros(4, np.int64)
        result: SearchResult | None = None
        started = time.perf_counter()
        try:
            for depth in range(1, self.max_depth + 1):
                n = nm.search_root(k.legal, k.apply, k.returns, k.evaluate, array, depth, exact_all,
                                   actions, values, *self.table, self.stop_flag.array, counters)
                if self.stop_flag.is_set and result is not None:
                    break
                scored = {int(actions[i]): float(values[i]) for i in range(n)}
                if not scored:
                    break
                best = max(scored, key=scored.get)
                solved = all(abs(v) >= nm.WIN_SCORE / 2 or v == 0 for v in scored.values()) and (
                    abs(scored[best]) >= nm.WIN_SCORE / 2
                )
                result = SearchResult(best, scored, depth, int(counters[0]), solved)
                if self.stop_flag.is_set or solved:
                    break
                if time_budget is not None and time.perf_counter() - started > time_budget / 2:
                    break
        finally:
            if timer is not None:
                timer.cancel()
        assert result is not None, "search_root found no legal action"
        return result
