"""Melds and deadwood as jitted kernels over a hand held as a 52-bit mask (bit ``card`` set).

A meld is a set of three or four cards of one rank or a run of three to five cards of one suit (a longer
run is two melds), numbered as OpenSpiel numbers them (:mod:`.constants`). The least deadwood of a hand of
up to ten cards is its value less the most it can meld: three disjoint melds at most, found by trying
every pair and triple of the melds it holds. With eleven cards, OpenSpiel counts one best arrangement
(the first its search meets) less its highest unmelded card (the discard); :func:`deadwood` does the same,
because the rules let a player knock by that count, and :func:`least_deadwood` gives the true least
over the eleven possible discards (the two differ by a point or two in rare hands with two equally good
arrangements).
"""

from tui_games.engine.jit import kernel, np
from tui_games.games.gin_rummy.constants import HAND_SIZE, MELDS, NUM_CARDS, NUM_MELDS, NUM_RANKS, card_value

MELD_MASK = np.array([sum(1 << card for card in cards) for cards in MELDS], dtype=np.int64)
"""Each meld id's cards as a mask."""
MELD_VALUE = np.array([sum(card_value(card) for card in cards) for cards in MELDS], dtype=np.int64)
"""Each meld id's points."""
CARD_VALUE = np.array([card_value(card) for card in range(NUM_CARDS)], dtype=np.int64)
"""Each card's points."""
MAX_HAND_MELDS = 64
"""Room for the melds one hand of eleven cards holds (four sets of eleven cards hold far fewer)."""


@kernel()
def bit(card):
    """The mask of one card."""
    return np.int64(1) << card


@kernel()
def count_cards(mask):
    """Cards in a mask."""
    n = 0
    m = mask
    while m != 0:
        m &= m - 1
        n += 1
    return n


@kernel()
def mask_value(mask):
    """The points of the cards in a mask."""
    total = 0
    for card in range(NUM_CARDS):
        if (mask >> card) & 1:
            total += CARD_VALUE[card]
    return total


@kernel()
def highest_value(mask):
    """The points of the highest card in a mask (0 when empty)."""
    for card_rank in range(NUM_RANKS - 1, -1, -1):
        for suit in range(4):
            if (mask >> (suit * NUM_RANKS + card_rank)) & 1:
                return CARD_VALUE[card_rank]
    return 0


@kernel()
def hand_melds(mask, out):
    """The ids of the melds within ``mask`` into ``out``, in increasing id; returns how many."""
    n = 0
    for meld in range(NUM_MELDS):
        if MELD_MASK[meld] & mask == MELD_MASK[meld]:
            out[n] = meld
            n += 1
    return n


@kernel()
def best_packing(melds, n, mask):
    """The most points of disjoint melds among ``melds[:n]`` that lie within ``mask`` (at most three
    disjoint melds fit in eleven cards)."""
    best = 0
    for i in range(n):
        mi = MELD_MASK[melds[i]]
        if mi & mask != mi:
            continue
        vi = MELD_VALUE[melds[i]]
        if vi > best:
            best = vi
        rest_i = mask & ~mi
        for j in range(i + 1, n):
            mj = MELD_MASK[melds[j]]
            if mj & rest_i != mj:
                continue
            vj = vi + MELD_VALUE[melds[j]]
            if vj > best:
                best = vj
            rest_j = rest_i & ~mj
            for k in range(j + 1, n):
                mk = MELD_MASK[melds[k]]
                if mk & rest_j == mk:
                    vk = vj + MELD_VALUE[melds[k]]
                    if vk > best:
                        best = vk
    return best


@kernel()
def max_meld_value(mask):
    """The most points the cards of ``mask`` (up to eleven) can meld."""
    melds = np.empty(MAX_HAND_MELDS, np.int64)
    n = hand_melds(mask, melds)
    return best_packing(melds, n, mask)


@kernel()
def plain_deadwood(mask):
    """The least deadwood of the cards in ``mask`` kept whole (no discard)."""
    return mask_value(mask) - max_meld_value(mask)


@kernel()
def search_order(mask, out):
    """The melds within ``mask`` in the order OpenSpiel's search meets them: four-card sets with two of
    their threes (rank by rank), the other threes of a set (rank by rank), then runs of five, four and
    three (by lowest card). Returns how many."""
    n = 0
    for r in range(NUM_RANKS):
        if count_rank(mask, r) == 4:
            out[n] = r * 5 + 4
            out[n + 1] = r * 5 + 2
            out[n + 2] = r * 5 + 1
            n += 3
    for r in range(NUM_RANKS):
        held = count_rank(mask, r)
        if held == 4:
            out[n] = r * 5 + 3
            out[n + 1] = r * 5
            n += 2
        elif held == 3:
            for suit in range(4):
                if (mask >> (suit * NUM_RANKS + r)) & 1 == 0:
                    out[n] = r * 5 + suit
                    n += 1
    for first, last in ((149, 185), (109, 149), (65, 109)):
        for meld in range(first, last):
            if MELD_MASK[meld] & mask == MELD_MASK[meld]:
                out[n] = meld
                n += 1
    return n


@kernel()
def count_rank(mask, r):
    """How many cards of rank ``r`` the mask holds."""
    n = 0
    for suit in range(4):
        n += (mask >> (suit * NUM_RANKS + r)) & 1
    return n


@kernel()
def first_best_group(mask, out):
    """OpenSpiel's best meld group of ``mask``: of the arrangements with the most melded points, the
    first its depth-first search meets. Writes the meld ids into ``out``; returns how many."""
    order = np.empty(MAX_HAND_MELDS, np.int64)
    n = search_order(mask, order)
    need = best_packing(order, n, mask)
    rest = mask
    count = 0
    while need > 0:
        for i in range(n):
            m = MELD_MASK[order[i]]
            if m & rest == m and MELD_VALUE[order[i]] + best_packing(order, n, rest & ~m) == need:
                out[count] = order[i]
                count += 1
                rest &= ~m
                need -= MELD_VALUE[order[i]]
                break
    return count


@kernel()
def deadwood(mask):
    """The deadwood of a hand as OpenSpiel counts it: up to ten cards, the least; eleven, the unmelded
    cards of its first best group less the highest of them (the one to discard)."""
    if count_cards(mask) != HAND_SIZE + 1:
        return plain_deadwood(mask)
    group = np.empty(4, np.int64)
    n = first_best_group(mask, group)
    rest = mask
    for i in range(n):
        rest &= ~MELD_MASK[group[i]]
    return mask_value(rest) - highest_value(rest)


@kernel()
def least_deadwood(mask):
    """The least deadwood of a hand: up to ten cards kept whole, eleven after the best discard."""
    if count_cards(mask) != HAND_SIZE + 1:
        return plain_deadwood(mask)
    melds = np.empty(MAX_HAND_MELDS, np.int64)
    n = hand_melds(mask, melds)
    total = mask_value(mask)
    best = 1000
    for card in range(NUM_CARDS):
        if (mask >> card) & 1:
            rest = mask & ~bit(card)
            value = total - CARD_VALUE[card] - best_packing(melds, n, rest)
            if value < best:
                best = value
    return best


@kernel()
def legal_melds(mask, limit, out):
    """The melds within ``mask`` that some arrangement leaving at most ``limit`` deadwood contains, in
    increasing id, into ``out``; returns how many."""
    melds = np.empty(MAX_HAND_MELDS, np.int64)
    n = hand_melds(mask, melds)
    total = mask_value(mask)
    count = 0
    for i in range(n):
        m = MELD_MASK[melds[i]]
        if total - MELD_VALUE[melds[i]] - best_packing(melds, n, mask & ~m) <= limit:
            out[count] = melds[i]
            count += 1
    return count


@kernel()
def layoff_mask(laid, n_laid, layoffs, n_layoffs):
    """The cards that may be laid off on the melds ``laid[:n_laid]``, given the cards already laid off
    (``layoffs[:n_layoffs]``), as OpenSpiel allows: the missing card of a set of three; the card below
    and above a run, where a card laid off at either end (one per end) extends it first."""
    out = np.int64(0)
    for i in range(n_laid):
        meld = laid[i]
        m = MELD_MASK[meld]
        if meld < 65:
            if meld % 5 != 4:
                out |= bit((meld % 5) * NUM_RANKS + meld // 5)
            continue
        low = -1
        high = -1
        for card in range(NUM_CARDS):
            if (m >> card) & 1:
                if low < 0:
                    low = card
                high = card
        ends = np.int64(0)
        if low % NUM_RANKS > 0:
            ends |= bit(low - 1)
        if high % NUM_RANKS < NUM_RANKS - 1:
            ends |= bit(high + 1)
        for j in range(n_layoffs):
            if (ends >> layoffs[j]) & 1:
                m |= bit(layoffs[j])
        low = -1
        high = -1
        for card in range(NUM_CARDS):
            if (m >> card) & 1:
                if low < 0:
                    low = card
                high = card
        if low % NUM_RANKS > 0:
            out |= bit(low - 1)
        if high % NUM_RANKS < NUM_RANKS - 1:
            out |= bit(high + 1)
    return out
