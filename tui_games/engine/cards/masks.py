"""Hands as bit masks, as kernels: bit ``c`` set when the hand holds card id ``c`` (a 52-card deck fits
one int64). Bridge and Gin Rummy keep their hands so."""

from tui_games.engine.jit import kernel

DECK_SIZE = 52
"""Card ids 0..51."""


@kernel()
def card_count(mask):
    """How many cards ``mask`` holds."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@kernel()
def mask_cards(mask, out, n):
    """Append the cards of ``mask`` to ``out`` from ``n``, lowest id first; returns the new count."""
    for card in range(DECK_SIZE):
        if (mask >> card) & 1:
            out[n] = card
            n += 1
    return n
