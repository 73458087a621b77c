"""Bluff poker's dice values and action ids, which the rules and the view share, in one place the view
may import: plain ints, no numba (``view.py`` must not load the kernels)."""

NUM_DICE = 3
"""Dice in the cup."""
FACES = 6
"""Faces of a die (1..6)."""


def _value_list() -> tuple[int, ...]:
    plain = sorted(100 * a + 10 * b + c for a in range(1, 7) for b in range(1, a + 1) for c in range(1, b + 1)
                   if not a == b == c)
    return tuple(plain) + tuple(111 * face for face in range(1, 7))


VALUES = _value_list()
"""The 56 dice values, lowest (211) first, the six pokers (111..666) last; a bid is an index into it."""
NUM_VALUES = len(VALUES)
"""Distinct values of three dice (56): the bids are actions 0..55."""
FIRST_POKER = NUM_VALUES - FACES
"""Index of 111, the lowest poker."""

BELIEVE = NUM_VALUES
"""Believe the bid on the table (56)."""
CALL = BELIEVE + 1
"""Call the bid on the table a bluff (57)."""
LOOK = CALL + 1
"""Lift the cup to reroll, after believing (58)."""
REROLL = LOOK + 1
"""The first reroll id (59): REROLL + 2 * (mask - 1) + open."""
