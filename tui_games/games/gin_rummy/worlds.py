"""The worlds one seat cannot tell apart: the other hand dealt again from the cards it has not seen.

What a seat sees (rules.redact): its own hand, the upcard, the discard pile, the laid melds and layoffs,
both hand sizes, and the cards the other seat took from the upcard. Every other card is in the other
hand or the stock. :func:`sample_world` keeps the other seat's known cards (and its whole hand once it is
shown), deals the rest of that hand at random from the unseen cards, and leaves the others as the stock
(as OpenSpiel's ResampleFromInfostate does).
"""

from tui_games.engine.jit import SIG_SAMPLE_WORLD, kernel, np
from tui_games.engine.rng import randint, uniform
from tui_games.games.gin_rummy import rules
from tui_games.games.gin_rummy.constants import NUM_CARDS
from tui_games.games.gin_rummy.melds import MELD_MASK, bit, count_cards


@kernel()
def seen_cards(s, player):
    """Every card ``player`` knows the place of: its hand, the upcard, the discards, what was laid and
    laid off, and the other seat's known cards (its whole hand once shown)."""
    seen = s[rules.HANDS + player] | s[rules.KNOWN + 1 - player]
    if rules.hand_shown(s, 1 - player):
        seen |= s[rules.HANDS + 1 - player]
    if s[rules.UPCARD] >= 0:
        seen |= bit(s[rules.UPCARD])
    for i in range(s[rules.DISCARD_COUNT]):
        seen |= bit(s[rules.DISCARDS + i])
    for seat in range(2):
        for i in range(s[rules.LAID_COUNT + seat]):
            seen |= MELD_MASK[s[rules.LAID + seat * rules.MAX_LAID + i]]
    for i in range(s[rules.LAYOFF_COUNT]):
        seen |= bit(s[rules.LAYOFFS + i])
    return seen


@kernel()
def sample_weighted(s, player, rng, weights, out):
    """A complete state ``player`` cannot tell from ``s``: the other hand's unknown cards dealt from the
    unseen ones, each draw picking a card in proportion to ``weights[card]`` (see :mod:`.inference`),
    the rest the stock."""
    out[:] = s
    other = 1 - player
    pool = ((np.int64(1) << NUM_CARDS) - 1) & ~seen_cards(s, player)
    hand = s[rules.KNOWN + other]
    if rules.hand_shown(s, other):
        hand = s[rules.HANDS + other]
    need = s[rules.SIZES + other] - count_cards(hand)
    total = 0.0
    for card in range(NUM_CARDS):
        if (pool >> card) & 1:
            total += weights[card]
    for _ in range(need):
        r = uniform(rng) * total
        last = -1
        for card in range(NUM_CARDS):
            if (pool >> card) & 1:
                last = card
                r -= weights[card]
                if r < 0.0:
                    break
        hand |= bit(last)
        pool &= ~bit(last)
        total -= weights[last]
    out[rules.HANDS + other] = hand
    out[rules.STOCK] = pool
    if s[rules.PHASE] < rules.PHASE_KNOCK:
        out[rules.DEADWOOD + other] = rules.hand_deadwood(out, other)
    else:
        out[rules.DEADWOOD + other] = rules.mask_value(hand)
    return 0


@kernel(SIG_SAMPLE_WORLD)
def sample_world(s, player, rng, out):
    """A complete state ``player`` cannot tell from ``s``: the other hand's unknown cards dealt at random
    from the unseen ones, the rest the stock."""
    out[:] = s
    other = 1 - player
    pool = ((np.int64(1) << NUM_CARDS) - 1) & ~seen_cards(s, player)
    hand = s[rules.KNOWN + other]
    if rules.hand_shown(s, other):
        hand = s[rules.HANDS + other]
    need = s[rules.SIZES + other] - count_cards(hand)
    left = count_cards(pool)
    for _ in range(need):
        r = randint(rng, left)
        for card in range(NUM_CARDS):
            if (pool >> card) & 1:
                if r == 0:
                    hand |= bit(card)
                    pool &= ~bit(card)
                    break
                r -= 1
        left -= 1
    out[rules.HANDS + other] = hand
    out[rules.STOCK] = pool
    if s[rules.PHASE] < rules.PHASE_KNOCK:
        out[rules.DEADWOOD + other] = rules.hand_deadwood(out, other)
    else:
        out[rules.DEADWOOD + other] = rules.mask_value(hand)
    return 0


