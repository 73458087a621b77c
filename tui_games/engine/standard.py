"""Kernels shared by many games because they read only the common header."""

from tui_games.engine.header import WINNER
from tui_games.engine.jit import SIG_CHANCE, SIG_RETURNS, kernel


@kernel(SIG_CHANCE)
def no_chance_outcomes(s, actions, probs):
    """For games without chance: there are never chance outcomes."""
    return 0


@kernel(SIG_RETURNS)
def two_player_win_loss_returns(s, out):
    """+1 to the winner in ``s[WINNER]``, -1 to the other seat; 0 each for a draw or a running game."""
    out[0] = 0.0
    out[1] = 0.0
    if s[WINNER] >= 0:
        out[s[WINNER]] = 1.0
        out[1 - s[WINNER]] = -1.0
    return 2
