"""Nim AI levels.

1 Beginner: takes a random number of items from a random heap.
2 Casual: plays the winning move half of the time, at random otherwise.
3 Perfect: always moves to a position whose nim-sum (XOR of heap sizes mod M+1) is zero when it can,
  which wins every game that can be won; in a lost position it takes one item to make the game long.
"""

from __future__ import annotations

from tui_games.core.hints import Hint
from tui_games.engine.players import NegamaxPlayer, require_decision
from tui_games.games.nim.game import KERNELS

LEVELS = {1: dict(blunder_rate=1.0), 2: dict(blunder_rate=0.5), 3: dict()}


class NimPlayer(NegamaxPlayer):
    """A one-ply search on the exact nim-sum evaluation, with the level's blunder rate."""

    def choose(self, state) -> int:
        """The level's move: winning when it can and does not blunder; else a small take."""
        legal = require_decision(state)
        if self.blunder_rate and self.rng.random() < self.blunder_rate:
            return self.rng.choice(legal)
        result = self.searcher.search(state.array, exact_all=True)
        top = max(result.values.values())
        winning = [a for a, v in result.values.items() if v == top]
        if top > 0:
            return self.rng.choice(winning)
        smallest = min(state.decode(a)[1] for a in winning)
        return self.rng.choice([a for a in winning if state.decode(a)[1] == smallest])

    def hint(self, state) -> Hint:
        """Every move marked winning or losing (against perfect play)."""
        require_decision(state)
        result = self.searcher.search(state.array, exact_all=True)
        values = {a: ("wins" if v > 0 else "loses") for a, v in result.values.items()}
        winning = sorted(a for a, v in result.values.items() if v > 0)
        best = winning[0] if winning else self.choose(state)
        summary = (f"nim-sum {state.nim_sum}: you can force a win" if winning
                   else "nim-sum 0: every move loses against perfect play")
        return Hint(best, values, summary)


def make_ai(spec, level: int, seed: int = 0) -> NimPlayer:
    """The AI player for ``level`` (1..3)."""
    return NimPlayer(KERNELS, level, depth=1, seed=seed, **LEVELS[level])
