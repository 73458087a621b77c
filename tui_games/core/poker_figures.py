"""What statistics call the poker games' figures, shared by their catalogue entries (``spec.py`` files
import only ``tui_games.core``); the tallies themselves are made by ``engine.cards.holdem_state.figures``."""

FIGURE_LABELS = (("chips", "net chips"), ("deals", "hand"), ("games", "sitting"), ("hands", "hands"),
                 ("hands_won", "hands won"), ("big_blinds", "bb/100"), ("biggest_pot", "biggest pot"),
                 ("showdowns", "showdowns"), ("showdowns_won", "showdowns won"))
"""``GameSpec.figure_labels`` of a cash game (a sitting of hands), in the order statistics list them."""
RATE_FIGURES = ("big_blinds",)
"""``GameSpec.rate_figures``: big blinds won, shown per 100 hands (bb/100)."""

__all__ = ["FIGURE_LABELS", "RATE_FIGURES"]
