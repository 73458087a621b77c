"""Poker hand values: how a value is laid out, its category, and its name in words.

The evaluator (:mod:`tui_games.engine.cards.poker_hand`) gives every hand an int, higher is better,
equal exactly for hands that tie::

    value = category << CATEGORY_SHIFT | payload

Category 0 high card .. 8 straight flush. The payload orders hands of one category; with rank bits
``1 << r`` (r = 0 two .. 12 ace) and ``TOP`` meaning a 13-bit mask of ranks:

=================  =====================================================
high card, flush   TOP of the five ranks
pair               pair rank << 13 | TOP of the three kickers
two pair           TOP of the two pair ranks << 13 | TOP of the kicker
three of a kind    trips rank << 13 | TOP of the two kickers
straight (flush)   rank of the top card (five for the wheel A-2-3-4-5)
full house         trips rank << 4 | pair rank
four of a kind     quads rank << 13 | TOP of the kicker
=================  =====================================================

Pure Python: a view may name a hand without loading numba.
"""

from __future__ import annotations

from tui_games.engine.cards.names import RANK_PLURALS, RANK_WORDS

(HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
 STRAIGHT_FLUSH) = range(9)
"""The hand categories, weakest first."""
CATEGORY_NAMES = ("High card", "Pair", "Two pair", "Three of a kind", "Straight", "Flush", "Full house",
                  "Four of a kind", "Straight flush")
"""Each category's name, by category."""
CATEGORY_KEYS = ("high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
                 "four_of_a_kind", "straight_flush")
"""Each category as an identifier (the names of ../shared/refdata/poker/hand_category_counts.txt)."""
NUM_CATEGORIES = 9

CATEGORY_SHIFT = 26
"""A value's category sits above this bit."""
PAYLOAD_MASK = (1 << CATEGORY_SHIFT) - 1
KICKER_SHIFT = 13
"""Where the main rank (or rank mask) sits above the kicker mask in a payload."""
RANK_MASK = (1 << 13) - 1
ACE = 12


def category(value: int) -> int:
    """The category (HIGH_CARD .. STRAIGHT_FLUSH) of a hand value."""
    return value >> CATEGORY_SHIFT


def _ranks_of_mask(mask: int) -> list[int]:
    """The rank indices set in a 13-bit mask, highest first."""
    return [rank for rank in range(12, -1, -1) if mask >> rank & 1]


def tiebreak_ranks(value: int) -> tuple[int, ...]:
    """The rank indices that decide ties, most significant first, each rank once: (pair, kickers...),
    (trips, pair), (top card,) for straights."""
    kind, payload = value >> CATEGORY_SHIFT, value & PAYLOAD_MASK
    if kind in (HIGH_CARD, FLUSH):
        return tuple(_ranks_of_mask(payload))
    if kind in (STRAIGHT, STRAIGHT_FLUSH):
        return (payload,)
    if kind == FULL_HOUSE:
        return (payload >> 4, payload & 15)
    if kind == TWO_PAIR:
        return tuple(_ranks_of_mask(payload >> KICKER_SHIFT) + _ranks_of_mask(payload & RANK_MASK))
    return (payload >> KICKER_SHIFT,) + tuple(_ranks_of_mask(payload & RANK_MASK))


def describe(value: int) -> str:
    """A hand value in words: 'Two pair, kings and sevens', 'Flush, ace high', 'Straight, five high',
    'Full house, kings full of sevens', 'Royal flush'."""
    kind = value >> CATEGORY_SHIFT
    if not 0 <= kind < NUM_CATEGORIES or value < 0:
        raise ValueError(f"{value} is not a hand value")
    ranks = tiebreak_ranks(value)
    if not ranks:
        return "No cards"
    if kind == STRAIGHT_FLUSH and ranks[0] == ACE:
        return "Royal flush"
    words = {f"w{i}": RANK_WORDS[rank] for i, rank in enumerate(ranks)}
    words.update({f"p{i}": RANK_PLURALS[rank] for i, rank in enumerate(ranks)})
    return _DESCRIPTIONS[kind].format(**words)


_DESCRIPTIONS = ("High card, {w0}", "Pair of {p0}", "Two pair, {p0} and {p1}", "Three of a kind, {p0}",
                 "Straight, {w0} high", "Flush, {w0} high", "Full house, {p0} full of {p1}",
                 "Four of a kind, {p0}", "Straight flush, {w0} high")
"""How each category is said: w0, w1 .. name the tie-break ranks in words, p0, p1 .. in plural."""


__all__ = [
    "CATEGORY_KEYS", "CATEGORY_NAMES", "CATEGORY_SHIFT", "FLUSH", "FOUR_OF_A_KIND", "FULL_HOUSE", "HIGH_CARD",
    "KICKER_SHIFT", "NUM_CATEGORIES", "PAIR", "PAYLOAD_MASK", "RANK_MASK", "STRAIGHT", "STRAIGHT_FLUSH",
    "THREE_OF_A_KIND", "TWO_PAIR", "category", "describe", "tiebreak_ranks",
]
