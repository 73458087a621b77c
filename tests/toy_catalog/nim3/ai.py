"""Three-player Nim AI levels: 1 plays at random, 2 searches the whole game with max-n."""

from __future__ import annotations

from tui_games.engine.maxn import MaxN
from tui_games.engine.players import RandomPlayer, require_decision

from toy_catalog.nim3.game import KERNELS


class MaxNPlayer:
    """Plays the max-n choice of a search to the end of the game (every seat maximising its own return)."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.searcher = MaxN(KERNELS, max_depth=64)

    def choose(self, state) -> int:
        """The max-n best action for the seat to move."""
        require_decision(state)
        return self.searcher.search(state.array).best_action

    def stop(self) -> None:
        """Stop a running search."""
        self.searcher.stop()


def make_ai(spec, level: int, seed: int = 0):
    """The AI player for ``level`` (1 random, 2 max-n)."""
    return RandomPlayer(level, seed) if level == 1 else MaxNPlayer(level, seed)
