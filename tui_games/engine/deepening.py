"""Iterative deepening under a time budget: the loop every depth-limited driver shares.

The driver passes a function that searches one depth and returns its result (None when nothing was
found); :func:`deepen` calls it for depth 1, 2, ... and keeps the last result of a depth that was
searched to the end, so a stop or a spent budget in the middle of a depth never loses the answer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, TypeVar

from tui_games.engine.stopflag import StopFlag

R = TypeVar("R")


@dataclass
class SearchResult:
    """What a depth-limited search found: the best action, every scored action, the depth completed,
    the nodes visited and whether the values are proven (the game's end reached everywhere)."""

    best_action: int
    values: dict[int, float] = field(default_factory=dict)
    depth: int = 0
    nodes: int = 0
    solved: bool = False


def deepen(search_depth: Callable[[int], R | None], max_depth: int, flag: StopFlag,
           time_budget: float | None = None, done: Callable[[R], bool] | None = None) -> R | None:
    """The result of the deepest finished depth up to ``max_depth``.

    Stops early when ``done(result)`` is true (e.g. a proven win), when ``flag`` is set or its node
    budget spent (the half-finished depth is used only if no depth finished before it), and when more
    than half of ``time_budget`` seconds are gone (the next depth would not finish in time).
    """
    flag.clear()
    result: R | None = None
    started = time.perf_counter()
    with flag.deadline(time_budget):
        for depth in range(1, max_depth + 1):
            found = search_depth(depth)
            if flag.aborted and result is not None:
                break
            if found is None:
                break
            result = found
            if flag.aborted or (done is not None and done(found)):
                break
            if time_budget is not None and time.perf_counter() - started > time_budget / 2:
                break
    return result
