"""The worlds one seat cannot tell apart: the other hands and the pile dealt again from the unseen cards.

What a seat sees (rules.redact): its own hand, every hand's size, the top card and the discards. Every
other card is unseen: the deck less those. :func:`sample_world` deals the other hands their sizes from
the unseen cards at random and leaves the rest as the pile. In the RLCard reading it also keeps what
the table has learnt (``rules.VOIDS``): a seat that drew held no playable card then, so the cards it
held then are dealt from the types it could not have held.
"""

from tui_games.engine.header import NUM_PLAYERS
from tui_games.engine.jit import SIG_SAMPLE_WORLD, kernel, np
from tui_games.engine.rng import randint
from tui_games.games.uno import rules
from tui_games.games.uno.rules import (DRAWN, HANDS, NUM_TYPES, OFFICIAL, PHASE, PHASE_DRAWN_COLOUR, PHASE_FLIP, PILE,
                                       PILE_SIZE, PLAYED, RULES, SIZES, TYPE_COUNTS,
                                       VOID_COUNT, VOIDS)


@kernel()
def unseen_cards(s, player, unseen):
    """Count into ``unseen`` the cards ``player`` cannot see (the other hands and the pile); returns
    how many. Reads only what ``player`` sees."""
    base = HANDS + player * NUM_TYPES
    for kind in range(NUM_TYPES):
        unseen[kind] = TYPE_COUNTS[kind] - s[base + kind] - s[PLAYED + kind]
    phase = s[PHASE]
    if s[RULES] == OFFICIAL and phase > PHASE_FLIP:
        unseen[rules.top_type(s)] -= 1
    if phase == PHASE_DRAWN_COLOUR:
        unseen[s[DRAWN]] -= 1
    total = 0
    for kind in range(NUM_TYPES):
        total += unseen[kind]
    return total


@kernel()
def deal_from(unseen, total, avoid, cards, rng, out, base):
    """Move ``cards`` random cards of types not in the bits ``avoid`` from ``unseen`` (``total`` cards
    in all) into the counts at ``out[base:]``; returns how many it could deal."""
    allowed = 0
    for kind in range(NUM_TYPES):
        if (avoid >> kind) & 1 == 0:
            allowed += unseen[kind]
    dealt = 0
    while dealt < cards and allowed > 0:
        r = randint(rng, allowed)
        for kind in range(NUM_TYPES):
            if (avoid >> kind) & 1 == 0:
                if r < unseen[kind]:
                    unseen[kind] -= 1
                    out[base + kind] += 1
                    break
                r -= unseen[kind]
        allowed -= 1
        dealt += 1
    return dealt


@kernel(SIG_SAMPLE_WORLD)
def sample_world(s, player, rng, out):
    """A complete state ``player`` cannot tell from ``s``: the other hands dealt at random from the
    unseen cards (respecting the voids the table has learnt), the pile the cards left over. Meant for a
    position where ``player`` decides (another seat's drawn card, kept or not, stays as ``s`` has it)."""
    out[:] = s
    unseen = np.empty(NUM_TYPES, np.int64)
    total = unseen_cards(s, player, unseen)
    n = s[NUM_PLAYERS]
    dealt = np.zeros(n, np.int64)
    for seat in range(n):
        if seat != player:
            base = HANDS + seat * NUM_TYPES
            for kind in range(NUM_TYPES):
                out[base + kind] = 0
    for seat in range(n):
        if seat != player and s[VOID_COUNT + seat] > 0:
            cards = min(s[VOID_COUNT + seat], s[SIZES + seat])
            got = deal_from(unseen, total, s[VOIDS + seat], cards, rng, out, HANDS + seat * NUM_TYPES)
            total -= got
            dealt[seat] = got
    for seat in range(n):
        if seat != player:
            got = deal_from(unseen, total, 0, s[SIZES + seat] - dealt[seat], rng, out, HANDS + seat * NUM_TYPES)
            total -= got
    for kind in range(NUM_TYPES):
        out[PILE + kind] = unseen[kind]
    out[PILE_SIZE] = total
    return 0
