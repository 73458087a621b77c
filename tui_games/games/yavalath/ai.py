"""Yavalath AI levels: Monte Carlo tree search, plain or with the forced-move rules.

The forced-move rules (:func:`tui_games.games.yavalath.rules.guided_actions`) filter the moves both
in the search tree and in the random playouts: win at once when possible; else block the next seat's
winning cells when it has any; and never make a three unless every remaining move does.

1 Beginner: plain MCTS (UCT, uniformly random playouts), 1,000 playouts a move. It sees a win or a
  three one move ahead but often misses the opponent's threat.
2 Casual: MCTS with the forced-move rules, 1,000 playouts a move (the same budget as Beginner).
3 Club: MCTS with the forced-move rules, 3,000 playouts a move; swaps and opens from the measured
  opening table.
4 Expert: MCTS with the forced-move rules for 1.5 s a move; swaps and opens from the opening table.

Every search stops after :data:`MOVE_SECONDS` (2 s) at the most, however slow the machine.

The swap (two seats): levels 3 and 4 swap when the first stone's measured value for its owner is
above one half (openings.json: the first player's score after each first stone, from
forced-rule MCTS self-play by scripts/yavalath_openings.py); as the first player they open on a cell
whose value is nearest one half, so that swapping gains little. Levels 1 and 2 weigh the swap like
any other move in their search.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources

import numpy as np

from tui_games.core.hints import Hint
from tui_games.core.words import counted
from tui_games.engine.mcts import MctsSearch
from tui_games.engine.players import require_decision
from tui_games.engine.seeds import derive_seed
from tui_games.games.yavalath import rules
from tui_games.games.yavalath.game import KERNELS

GUIDED_KERNELS = replace(KERNELS, legal=rules.guided_actions)
"""The game's kernels with the forced-move rules as the move generator (for the search only)."""
MOVE_SECONDS = 2.0
"""No level searches longer than this a move (a slow machine plays fewer playouts)."""
EVEN_MARGIN = 0.02
"""Opening values within this of the nearest-to-even one count as equally good first stones."""


@dataclass(frozen=True)
class Level:
    """One level's search: forced-move rules or not, playouts and seconds a move, the opening table."""

    guided: bool
    playouts: int
    seconds: float | None = None
    openings: bool = False


LEVELS = {
    1: Level(guided=False, playouts=1_000, seconds=MOVE_SECONDS),
    2: Level(guided=True, playouts=1_000, seconds=MOVE_SECONDS),
    3: Level(guided=True, playouts=3_000, seconds=MOVE_SECONDS, openings=True),
    4: Level(guided=True, playouts=10_000_000, seconds=1.5, openings=True),
}
"""The levels by number (see the module docstring)."""


@lru_cache(maxsize=1)
def opening_values() -> list[float]:
    """The first player's measured score (win 1, draw 0.5, loss 0) after its first stone on each
    cell, without the swap, from openings.json."""
    text = resources.files("tui_games.games.yavalath").joinpath("openings.json").read_text(encoding="utf-8")
    return [float(v) for v in json.loads(text)["values"]]


def guided_moves(state) -> list[int]:
    """The moves the forced-move rules leave in ``state``."""
    out = np.empty(rules.MAX_ACTIONS, np.int64)
    n = rules.guided_actions(state.array, out)
    return [int(a) for a in out[:n]]


class YavalathPlayer:
    """MCTS at one level, keeping its tree between moves."""

    def __init__(self, level: int, seed: int = 0, settings: Level | None = None) -> None:
        self.level = level
        self.settings = settings or LEVELS[level]
        self.rng = random.Random(seed)
        kernels = GUIDED_KERNELS if self.settings.guided else KERNELS
        self.searcher = MctsSearch(kernels, seed=derive_seed(seed, level, scale=2654435761))
        self.last_playouts = 0
        """Playouts of the last search (0 when no search was needed)."""

    def stop(self) -> None:
        """Abort a running search; choose() answers with what it has."""
        self.searcher.stop()

    def _opening_choice(self, state) -> int | None:
        """The swap (when the first stone is worth more than even to its owner) or the first stone
        (nearest even with the swap on, the best without); None when the table has no say."""
        if not self.settings.openings or state.num_players != 2:
            return None
        values = opening_values()
        if state.swap_allowed:
            return rules.SWAP_ACTION if values[state.history[0]] > 0.5 else None
        if state.ply != 0:
            return None
        if state.swap_rule:
            nearest = min(abs(v - 0.5) for v in values)
            cells = [c for c, v in enumerate(values) if abs(v - 0.5) <= nearest + EVEN_MARGIN]
        else:
            top = max(values)
            cells = [c for c, v in enumerate(values) if v >= top - EVEN_MARGIN]
        return self.rng.choice(cells)

    def analyse(self, state) -> dict[int, tuple[int, float]]:
        """{move: (visits, mean return for the player to move)} after this level's search."""
        stats = self.searcher.search(state, self.settings.playouts, self.settings.seconds)
        self.last_playouts = sum(visits for visits, _ in stats.values())
        return stats

    def choose(self, state) -> int:
        """The level's move: the opening table's, the only move the rules leave, or the most visited."""
        legal = require_decision(state)
        self.last_playouts = 0
        if len(legal) == 1:
            return legal[0]
        choice = self._opening_choice(state)
        if choice is not None:
            return choice
        if self.settings.guided:
            moves = guided_moves(state)
            if len(moves) == 1:
                return moves[0]
        stats = self._decided(state, self.analyse(state))
        return max(stats, key=lambda a: (stats[a][0], stats[a][1]))

    def _decided(self, state, stats: dict[int, tuple[int, float]]) -> dict[int, tuple[int, float]]:
        """``stats`` without the swap where the opening table has decided against it."""
        if self.settings.openings and state.swap_allowed and len(stats) > 1:
            stats = {a: v for a, v in stats.items() if a != rules.SWAP_ACTION}
        return stats

    def hint(self, state) -> Hint:
        """The suggested move, and each searched move's mean score (win 1, draw 1/2, loss 0) and visits."""
        require_decision(state)
        stats = self.analyse(state)
        decided = self._decided(state, stats)
        best = max(decided, key=lambda a: (decided[a][0], decided[a][1]))
        values = {a: f"{50 * (value + 1):.0f}% ({counted(visits, 'playout')})" for a, (visits, value) in stats.items()}
        choice = self._opening_choice(state)
        if choice == rules.SWAP_ACTION:
            best = choice
            values[choice] = "swap: the first stone favours its owner"
        rules_note = " with the forced-move rules" if self.settings.guided else ""
        summary = f"{self.last_playouts} playouts{rules_note}; a move's score: win 100%, draw 50%, loss 0%"
        return Hint(best, values, summary)


def make_ai(spec, level: int, seed: int = 0) -> YavalathPlayer:
    """The AI player for ``level`` (1..4)."""
    return YavalathPlayer(level, seed)


__all__ = ["GUIDED_KERNELS", "LEVELS", "Level", "YavalathPlayer", "guided_moves", "make_ai", "opening_values"]
