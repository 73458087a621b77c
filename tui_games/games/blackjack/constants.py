"""Blackjack's action ids and their keys, which the rules and the view share, in one place the view may
import: plain ints, no numba (``view.py`` must not load the kernels).

Action ids are fixed (0 and 1 are OpenSpiel's); at a chance node the ids 0-51 are cards instead.
"""

HIT = 0
"""Take another card."""
STAND = 1
"""Keep the hand as it is."""
DOUBLE = 2
"""Double the wager and take exactly one more card."""
SPLIT = 3
"""Split a pair into two hands, each with the wager."""
SURRENDER = 4
"""Give up the hand for half the wager (late surrender, first two cards only)."""
INSURE = 5
"""Take the insurance offered when the dealer shows an Ace."""
NO_INSURANCE = 6
"""Decline the insurance."""
BET = 7
"""Place the wager: the round is dealt once every seat has bet."""
NUM_ACTIONS = 8
"""Player action ids 0..7."""

ACTION_KEYS = {HIT: "h", STAND: "s", DOUBLE: "d", SPLIT: "p", SURRENDER: "r", INSURE: "i", NO_INSURANCE: "n",
               BET: "b"}
"""The one-key shortcut of each player action (help.md and the view's buttons show the same keys)."""
