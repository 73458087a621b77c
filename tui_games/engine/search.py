"""Python driver of the negamax searcher: time budgets, stop flags and iterative deepening.

The other searchers keep their drivers beside their kernels (:mod:`~tui_games.engine.mcts`,
:mod:`~tui_games.engine.maxn`, :mod:`~tui_games.engine.paranoid`, :mod:`~tui_games.engine.ismcts`,
:mod:`~tui_games.engine.cfr`, :mod:`~tui_games.engine.ida`); :class:`StopFlag` is re-exported here
from :mod:`~tui_games.engine.stopflag` and :class:`SearchResult` from
:mod:`~tui_games.engine.deepening` for the callers that import them from this module.
"""

from __future__ import annotations

import numpy as np

from tui_games.core.errors import IllegalActionError
from tui_games.engine import negamax as nm
from tui_games.engine.deepening import SearchResult, deepen
from tui_games.engine.limits import action_buffers
from tui_games.engine.stopflag import StopFlag


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

    def __init__(self, kernels, max_depth: int, table_log2: int = 18, node_budget: int = 0) -> None:
        self.kernels = kernels
        self.max_depth = max_depth
        self.table = nm.new_table(table_log2)
        self.stop_flag = StopFlag(node_budget)

    def stop(self) -> None:
        """Abort the running search (it returns the best result of the last finished depth)."""
        self.stop_flag.set()

    def search(self, array: np.ndarray, time_budget: float | None = None, exact_all: bool = False,
               ) -> SearchResult:
        """Search ``array`` deeper and deeper until the depth cap, a proven result or the budget."""
        k = self.kernels
        actions, values = action_buffers(k.max_actions)
        counters = np.zeros(4, np.int64)

        def one_depth(depth: int) -> SearchResult | None:
            n = nm.search_root(k.legal, k.apply, k.returns, k.evaluate, array, depth, exact_all,
                               actions, values, *self.table, self.stop_flag.array, counters)
            scored = {int(actions[i]): float(values[i]) for i in range(n)}
            if not scored:
                return None
            best = max(scored, key=scored.get)
            solved = all(abs(v) >= nm.WIN_SCORE / 2 or v == 0 for v in scored.values()) and (
                abs(scored[best]) >= nm.WIN_SCORE / 2
            )
            return SearchResult(best, scored, depth, int(counters[0]), solved)

        result = deepen(one_depth, self.max_depth, self.stop_flag, time_budget, lambda r: r.solved)
        if result is None:  # stopped before the first depth scored a move: still answer legally
            n = k.legal(array, actions)
            if n == 0:
                raise IllegalActionError("there is no legal action to search")
            first = int(actions[0])
            result = SearchResult(first, {first: 0.0}, 0, int(counters[0]), False)
        return result


__all__ = ["Negamax", "SearchResult", "StopFlag", "describe_score"]
