"""UNO's action numbers (RLCard's), in one place the view may import: plain ints, no numba.

A card action is ``colour * 15 + trait`` (a wild in the colour it names); then the four actions that
are no card. ``rules.py`` and ``game.py`` import them from here.
"""

COLOURS = "rgby"
"""The colour letters, colour 0-3."""
COLOUR_NAMES = ("red", "green", "blue", "yellow")
"""The colours in words, colour 0-3."""
TRAITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "reverse", "draw_2", "wild", "wild_draw_4")
"""Each trait 0-14 as RLCard writes it."""
SKIP, REVERSE, DRAW_2, WILD, WILD_DRAW_4 = 10, 11, 12, 13, 14
"""Traits beyond the numbers 0-9."""
TRAITS_PER_COLOUR = 15
"""Card actions of one colour (its numbers, actions and the two wilds naming it)."""
CARD_ACTIONS = 60
"""Card actions are 0-59."""
DRAW, KEEP, CHALLENGE, ACCEPT = 60, 61, 62, 63
"""The actions that are no card."""


def card_action(colour: int, trait: int) -> int:
    """The action that plays a card of ``trait`` in ``colour`` (a wild: naming ``colour``)."""
    return colour * TRAITS_PER_COLOUR + trait
