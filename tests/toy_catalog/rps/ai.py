"""Rock-paper-scissors AI levels: 1 throws at random, 2 plays the equilibrium mix of the round's
matrix game (uniform in plain RPS; more paper when a win with rock scores more)."""

from __future__ import annotations

from tui_games.engine.players import MatrixGamePlayer, RandomPlayer

from toy_catalog.rps.game import KERNELS


def make_ai(spec, level: int, seed: int = 0):
    """The AI player for ``level`` (1 random, 2 equilibrium)."""
    if level == 1:
        return RandomPlayer(level, seed)
    return MatrixGamePlayer(KERNELS, level, seed)
