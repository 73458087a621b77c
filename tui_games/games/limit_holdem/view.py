"""Limit Texas Hold'em view: the shared Hold'em table (:mod:`tui_games.ui.shared_views.holdem_view`) with the fixed
bets' buttons: fold, check or call, bet or raise by the fixed amount."""

from tui_games.ui.shared_views.holdem_view import HoldemView


class LimitHoldemView(HoldemView):
    """The Hold'em table for fixed-limit betting (the raise button bets the fixed amount)."""


__all__ = ["LimitHoldemView"]
