"""Nim3P AI levels.

1 Beginner: takes a random number of items from a random heap.
2 Lookahead: max-n search (:mod:`tui_games.engine.maxn`) one round deep (its own move and the two
  replies); an unfinished game counts as a third of the win for each seat.
3 Perfect: plays an exact max-n move in every position (each seat maximising its own return), read
  from the table of :mod:`tui_games.games.nim3p.solver`; among moves of equal value for it, the one
  that does best against players who err (its hope against random replies). Its hint shows every
  move's max-n value vector.
"""

from __future__ import annotations

from tui_games.core.hints import Hint
from tui_games.engine.maxn import MaxN
from tui_games.engine.players import RandomPlayer, require_decision
from tui_games.games.nim3p import solver
from tui_games.games.nim3p.game import KERNELS

LOOKAHEAD_DECISIONS = 3
"""How many moves level 2 looks ahead: its own and the two other seats' replies."""


def value_text(vector: tuple[float, ...]) -> str:
    """'1/0.2/0': each seat's value, seat 0 first."""
    return "/".join(f"{value:.3g}" for value in vector)


class LookaheadPlayer:
    """Depth-limited max-n: the best move for itself a round deep, first in order among equals."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.searcher = MaxN(KERNELS, max_depth=LOOKAHEAD_DECISIONS)

    def choose(self, state) -> int:
        """The max-n best move at the lookahead depth."""
        legal = require_decision(state)
        if len(legal) == 1:
            return legal[0]
        return self.searcher.search(state.array).best_action

    def stop(self) -> None:
        """Abort a running search."""
        self.searcher.stop()


class PerfectPlayer:
    """Exact max-n play from the solved table of the game."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level

    def choose(self, state) -> int:
        """A max-n move: among those equally good for the mover, the one with the best hope."""
        require_decision(state)
        return solver.best_action(state)

    def hint(self, state) -> Hint:
        """The max-n move, and every move's value vector (each seat's return under max-n play)."""
        require_decision(state)
        values = solver.action_values(state)
        best = solver.best_action(state)
        seats = "/".join(state.spec.seat_name(seat) for seat in range(state.num_players))
        summary = f"max-n values for {seats}: each seat's return when every seat plays for itself"
        return Hint(best, {action: value_text(vector) for action, vector in values.items()}, summary)

    def stop(self) -> None:
        """Nothing to stop: a table look-up (a new game kind builds its table first, 3 s at most)."""


def make_ai(spec, level: int, seed: int = 0):
    """The AI player for ``level`` (1..3)."""
    if level == 1:
        return RandomPlayer(level, seed)
    if level == 2:
        return LookaheadPlayer(level, seed)
    return PerfectPlayer(level, seed)
