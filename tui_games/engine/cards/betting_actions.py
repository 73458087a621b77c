"""The betting table's action ids as plain ints, for modules that must not load numba (a view).

The ACPC / OpenSpiel universal_poker convention: FOLD 0, CALL 1 (check or call), and in fixed-limit
RAISE 2 (bet or raise by the round's fixed size); in no-limit any ``a >= 2`` means "bet or raise so
that my chips in the pot this hand total a". :mod:`.betting` uses these very numbers.
"""

FOLD = 0
"""Give up the hand (legal only when the seat owes chips)."""
CALL = 1
"""Check when nothing is owed, else call."""
RAISE = 2
"""The fixed-limit bet or raise; in no-limit the smallest 'raise to' total an action may name."""
