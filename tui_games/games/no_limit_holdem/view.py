"""No-limit Texas Hold'em view: the shared Hold'em table (:mod:`tui_games.ui.shared_views.holdem_view`) with the
bet-size control (amount box, min, 1/2 pot, pot and all-in presets)."""

from tui_games.ui.shared_views.holdem_view import BET_SIZE_KEYS, HoldemView


class NoLimitHoldemView(HoldemView):
    """The Hold'em table for no-limit betting: the raise button bets the amount the bet-size control holds."""

    KEYS_HELP = HoldemView.KEYS_HELP + BET_SIZE_KEYS


__all__ = ["NoLimitHoldemView"]
