"""The poker hand evaluator: the value of the best five of up to seven cards, as kernels.

Higher values are better hands; :mod:`.hand_names` lays a value out and names it. The evaluator
folds the cards into four 13-bit rank masks (ranks seen at least once, twice, three times, four
times) and per-suit rank masks with 4-bit suit counters, then answers from five small tables over
all 8192 rank masks (built here at import, from nothing but this code): bits set, highest bit, the
top k bits, and the top card of the best straight. With at most seven cards a flush rules out a full
house and four of a kind, so a flush is decided first. The wheel A-2-3-4-5 is a five-high straight.
"""

from tui_games.engine.cards.hand_names import (
    CATEGORY_SHIFT, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, KICKER_SHIFT, NUM_CATEGORIES, PAIR,
    STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR,
)
from tui_games.engine.jit import kernel, np

MAX_CARDS = 7
"""The most cards a hand may have (with eight, a flush and a full house could coincide)."""
_MASKS = 1 << 13


def _rank_mask_tables():
    """(bits set, highest bit, top 1/2/3/5 bits, top card of the best straight) for every 13-bit mask."""
    masks = np.arange(_MASKS, dtype=np.int64)
    bits = _bits_of(masks)
    highest = np.zeros(_MASKS, dtype=np.int64)
    for rank in range(13):
        highest[(masks >> rank) & 1 == 1] = rank
    tops = []
    for keep in (1, 2, 3, 5):
        top = masks.copy()
        for _ in range(13):
            over = _bits_of(top) > keep
            top[over] &= top[over] - 1  # drop the lowest rank
        tops.append(top)
    straight_top = np.zeros(_MASKS, dtype=np.int64)
    for high in range(4, 13):
        window = 0b11111 << (high - 4)
        straight_top[(masks & window) == window] = high  # later (higher) windows overwrite lower ones
    wheel = (1 << 12) | 0b1111
    straight_top[((masks & wheel) == wheel) & (straight_top == 0)] = 3
    return (bits.astype(np.int8), highest.astype(np.int8), *(t.astype(np.int16) for t in tops),
            straight_top.astype(np.int8))


def _bits_of(masks):
    """Bits set in each of an array of masks (numpy, for building the tables)."""
    count = np.zeros_like(masks)
    for rank in range(13):
        count += (masks >> rank) & 1
    return count


BITS, HIGHEST, TOP1, TOP2, TOP3, TOP5, STRAIGHT_TOP = _rank_mask_tables()
"""Per 13-bit rank mask: bits set; highest rank; the mask cut to its top 1, 2, 3, 5 ranks; the top
rank of the best straight in it (3 for the wheel, 0 when there is none)."""

_FLUSH_BITS = 0x8888
"""Suit counters start at 3 in each nibble: a nibble reaches 8 (its top bit) at five cards."""


@kernel()
def _value_of_masks(m1, m2, m3, m4, suit_masks, suit_counts):
    """The hand value from the folded rank masks (see the module docstring)."""
    flush = suit_counts & _FLUSH_BITS
    if flush:
        suit = 0
        while not (flush >> (4 * suit + 3)) & 1:
            suit += 1
        suited = (suit_masks >> (16 * suit)) & 0x1FFF
        top = STRAIGHT_TOP[suited]
        if top:
            return (STRAIGHT_FLUSH << CATEGORY_SHIFT) | top
        return (FLUSH << CATEGORY_SHIFT) | TOP5[suited]
    if m4:
        quads = HIGHEST[m4]
        return (FOUR_OF_A_KIND << CATEGORY_SHIFT) | (quads << KICKER_SHIFT) | TOP1[m1 & ~(1 << quads)]
    if m3:
        trips = HIGHEST[m3]
        pair = m2 & ~(1 << trips)
        if pair:
            return (FULL_HOUSE << CATEGORY_SHIFT) | (trips << 4) | HIGHEST[pair]
    top = STRAIGHT_TOP[m1]
    if top:
        return (STRAIGHT << CATEGORY_SHIFT) | top
    if m3:
        trips = HIGHEST[m3]
        return (THREE_OF_A_KIND << CATEGORY_SHIFT) | (trips << KICKER_SHIFT) | TOP2[m1 & ~(1 << trips)]
    if m2:
        if BITS[m2] >= 2:
            pairs = TOP2[m2]
            return (TWO_PAIR << CATEGORY_SHIFT) | (pairs << KICKER_SHIFT) | TOP1[m1 & ~pairs]
        pair_rank = HIGHEST[m2]
        return (PAIR << CATEGORY_SHIFT) | (pair_rank << KICKER_SHIFT) | TOP3[m1 & ~(1 << pair_rank)]
    return (HIGH_CARD << CATEGORY_SHIFT) | TOP5[m1]


@kernel()
def _fold(cards, first, n, m1, m2, m3, m4, suit_masks, suit_counts):
    """Add cards[first:first+n] to the rank masks, the per-suit rank masks and the suit counters."""
    for k in range(first, first + n):
        card = cards[k]
        bit = 1 << (card >> 2)
        suit = card & 3
        suit_masks |= bit << (suit << 4)
        suit_counts += 1 << (suit << 2)
        m4 |= m3 & bit
        m3 |= m2 & bit
        m2 |= m1 & bit
        m1 |= bit
    return m1, m2, m3, m4, suit_masks, suit_counts


@kernel()
def hand_value_parts(cards, first, n_first, second, n_second):
    """The value of the best five of cards[first:first+n_first] and cards[second:second+n_second]
    together (at most 7 cards, all different): hole cards and board read from one state array."""
    m1, m2, m3, m4, suit_masks, suit_counts = _fold(cards, first, n_first, 0, 0, 0, 0, 0, 0x3333)
    m1, m2, m3, m4, suit_masks, suit_counts = _fold(cards, second, n_second, m1, m2, m3, m4, suit_masks,
                                                    suit_counts)
    return _value_of_masks(m1, m2, m3, m4, suit_masks, suit_counts)


@kernel()
def hand_value(cards, n):
    """The value of the best five of cards[:n] (n <= 7, all different); higher is better, equal for
    hands that tie. Fewer than five cards get the value of what they hold (a pair, high cards)."""
    m1, m2, m3, m4, suit_masks, suit_counts = _fold(cards, 0, n, 0, 0, 0, 0, 0, 0x3333)
    return _value_of_masks(m1, m2, m3, m4, suit_masks, suit_counts)


@kernel()
def hand_category(value):
    """The category of a hand value: HIGH_CARD 0 .. STRAIGHT_FLUSH 8."""
    return value >> CATEGORY_SHIFT


@kernel()
def _next_combination(chosen, k, n):
    """Step chosen[:k] (ascending indices below n) to the next k-combination; False after the last."""
    i = k - 1
    while i >= 0 and chosen[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    chosen[i] += 1
    for j in range(i + 1, k):
        chosen[j] = chosen[j - 1] + 1
    return True


@kernel()
def best_five(cards, n, out):
    """Write into out[:5] five of cards[:n] (5 <= n <= 7) that make the hand's value, in the order
    they come in cards (for highlighting the winning cards); returns the value."""
    target = hand_value(cards, n)
    chosen = np.arange(5)
    five = np.empty(5, dtype=np.int64)
    while True:
        for j in range(5):
            five[j] = cards[chosen[j]]
        if hand_value(five, 5) == target or not _next_combination(chosen, 5, n):
            out[:5] = five
            return target


SEEN_BYTES = (NUM_CATEGORIES << CATEGORY_SHIFT) >> 3
"""Size of the zeroed uint8 bitmap :func:`tally_all_hands` marks the values it has seen in."""


@kernel()
def tally_all_hands(n, counts, distinct, seen):
    """Evaluate every n-card hand of the 52-card deck (n 1..7): counts[category] += hands of that
    category, distinct[category] += values of it not marked in ``seen`` before (a zeroed uint8 bitmap
    of SEEN_BYTES bytes). Returns the number of hands."""
    cards = np.arange(n)
    hands = 0
    while True:
        value = hand_value(cards, n)
        kind = value >> CATEGORY_SHIFT
        counts[kind] += 1
        byte = value >> 3
        bit = np.uint8(1 << (value & 7))
        if not seen[byte] & bit:
            seen[byte] |= bit
            distinct[kind] += 1
        hands += 1
        if not _next_combination(cards, n, 52):
            return hands


@kernel()
def hand_values(hands, n, count, out):
    """out[h] = value of hands[h * n : h * n + n] for h < count (many hands in one call); returns
    the sum of the values."""
    total = 0
    if n == 7:  # the common case, with the card loop unrolled
        for h in range(count):
            m1, m2, m3, m4, suit_masks, suit_counts = _fold(hands, h * 7, 7, 0, 0, 0, 0, 0, 0x3333)
            out[h] = _value_of_masks(m1, m2, m3, m4, suit_masks, suit_counts)
            total += out[h]
        return total
    for h in range(count):
        m1, m2, m3, m4, suit_masks, suit_counts = _fold(hands, h * n, n, 0, 0, 0, 0, 0, 0x3333)
        out[h] = _value_of_masks(m1, m2, m3, m4, suit_masks, suit_counts)
        total += out[h]
    return total


__all__ = ["BITS", "HIGHEST", "MAX_CARDS", "SEEN_BYTES", "STRAIGHT_TOP", "TOP1", "TOP2", "TOP3", "TOP5",
           "best_five", "hand_category", "hand_value", "hand_value_parts", "hand_values", "tally_all_hands"]
