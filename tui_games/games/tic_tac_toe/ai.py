"""Tic Tac Toe AI levels.

1 Beginner: takes a win in one when it sees it, otherwise plays at random.
2 Casual: looks two moves ahead (wins and blocks) but blunders one move in four.
3 Perfect: searches the whole game tree; never loses, and wins whenever the opponent slips.
"""

from tui_games.engine.players import NegamaxPlayer
from tui_games.games.tic_tac_toe.game import KERNELS

LEVELS = {1: dict(depth=1, blunder_rate=0.5), 2: dict(depth=2, blunder_rate=0.25), 3: dict(depth=9, exhaustive=True)}


def make_ai(spec, level: int, seed: int = 0) -> NegamaxPlayer:
    """The AI player for ``level`` (1..3)."""
    return NegamaxPlayer(KERNELS, level, seed=seed, **LEVELS[level])
