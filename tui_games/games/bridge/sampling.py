"""Deals one seat cannot tell from the real one: the hidden hands dealt again from the cards it has not
seen, consistent with the play so far and with what the auction showed (the first half of GIB's method:
each such deal is then solved double-dummy, :mod:`.play`).

What a seat sees (:func:`.rules.redact`): its own hand, the dummy's once the opening lead is made, and
every card played. The cards it has not seen are dealt to the hidden seats, each getting as many as it
still holds, and never a card of a suit it has shown out of (a void shown by failing to follow). At the
opening lead three hands are hidden and no void is known yet; afterwards two, so dealing each free card
to a hidden seat in proportion to the room it has left gives every consistent deal the same chance.

The auction narrows each seat's hand as dealt (the cards it still holds and those it played): a range
of high-card points and of each suit's length (:func:`.bidding.inferences`, the system's reading of its
own calls). A deal outside them is set aside; when too few deals fit in the tries allowed (a bid off
the system, a rare shape), the deals that miss the ranges by least make up the number.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Sequence

from tui_games.engine.cards.masks import card_count
from tui_games.engine.jit import kernel, np
from tui_games.engine.rng import randint
from tui_games.games.bridge import rules
from tui_games.games.bridge.constants import NUM_CARDS, NUM_SEATS, NUM_SUITS, NUM_TRICKS

FULL_DECK = (1 << NUM_CARDS) - 1
"""The mask of every card."""
JACK = 9
"""The rank number of the jack: the lowest card that counts high-card points (rank - 8)."""


class Constraints(NamedTuple):
    """What the auction showed about each seat's hand as dealt: high-card points and suit lengths."""

    hcp_lo: np.ndarray
    """int64[4]: each seat's least HCP."""
    hcp_hi: np.ndarray
    """int64[4]: each seat's most HCP."""
    len_lo: np.ndarray
    """int64[4, 4]: each seat's (first index) least cards in each suit (C D H S)."""
    len_hi: np.ndarray
    """int64[4, 4]: each seat's most cards in each suit."""


def open_constraints() -> Constraints:
    """No constraint at all: 0-37 HCP and 0-13 cards in every suit for every seat."""
    return Constraints(np.zeros(NUM_SEATS, np.int64), np.full(NUM_SEATS, 37, np.int64),
                       np.zeros((NUM_SEATS, NUM_SUITS), np.int64), np.full((NUM_SEATS, NUM_SUITS), 13, np.int64))


def constraints_from(shown: Sequence[dict]) -> Constraints:
    """The :class:`Constraints` of the inferences ``shown`` (one dict a seat, as
    :func:`.bidding.inferences` gives them: ``{"hcp": (lo, hi), "lengths": {suit: (lo, hi)}}``)."""
    c = open_constraints()
    for seat, known in enumerate(shown):
        c.hcp_lo[seat], c.hcp_hi[seat] = known["hcp"]
        for suit, (lo, hi) in known["lengths"].items():
            c.len_lo[seat, int(suit)], c.len_hi[seat, int(suit)] = lo, hi
    return c


@lru_cache(maxsize=64)
def auction_constraints(auction: tuple[int, ...], dealer: int, vulnerability: str) -> Constraints:
    """What the bidding system reads from ``auction`` (call ids; ``dealer`` called first), as
    :class:`Constraints` (cached: the play asks for the same auction at every card)."""
    from tui_games.games.bridge.bidding import inferences

    return constraints_from(inferences(list(auction), dealer, vulnerability))


# ----- kernels ------------------------------------------------------------------------------------------
@kernel()
def play_facts(view, played_by, voids):
    """From the cards played: ``played_by[seat]`` the mask of the cards each seat played, ``voids[seat]``
    a mask of the suits (bit = suit) it has shown out of by not following to a suit led."""
    for seat in range(NUM_SEATS):
        played_by[seat] = 0
        voids[seat] = 0
    led = -1
    for i in range(view[rules.PLAYED]):
        card = view[rules.PLAYS + i]
        seat = view[rules.PLAYERS + i]
        played_by[seat] |= np.int64(1) << card
        if i % NUM_SEATS == 0:
            led = card % NUM_SUITS
        elif card % NUM_SUITS != led:
            voids[seat] |= 1 << led


@kernel()
def violation(hand, hcp_lo, hcp_hi, len_lo, len_hi, seat):
    """How far a hand as dealt (a mask) falls outside ``seat``'s ranges: the HCP short of the least or
    over the most, plus each suit's cards short or over; 0 inside them all."""
    hcp = 0
    lengths = np.zeros(NUM_SUITS, np.int64)
    for card in range(NUM_CARDS):
        if (hand >> card) & 1:
            rank = card // NUM_SUITS
            if rank >= JACK:
                hcp += rank - 8
            lengths[card % NUM_SUITS] += 1
    miss = max(hcp_lo[seat] - hcp, 0) + max(hcp - hcp_hi[seat], 0)
    for suit in range(NUM_SUITS):
        miss += max(len_lo[seat, suit] - lengths[suit], 0) + max(lengths[suit] - len_hi[seat, suit], 0)
    return miss


@kernel()
def deal_worlds(view, hcp_lo, hcp_hi, len_lo, len_hi, rng, tries, out, misses, stats):
    """Fill ``out[k, seat]`` (int64[count, 4]) with deals the viewer of ``view`` (a redacted state, its
    hidden hands UNSEEN) cannot tell from the real one: each seat's cards still held, as masks. Deals
    inside every hidden seat's ranges come first; when fewer than ``count`` do in ``tries`` attempts,
    those that miss by least (:func:`violation`) fill the rest. ``misses[k]`` says how far deal ``k``
    misses (0 inside); ``stats`` gets [deals inside the ranges, attempts made]. Returns the deals
    written (0 when the view is not consistent: more cards to place than room for them)."""
    count = out.shape[0]
    played_by = np.zeros(NUM_SEATS, np.int64)
    voids = np.zeros(NUM_SEATS, np.int64)
    play_facts(view, played_by, voids)
    seen = np.int64(0)
    hidden = np.zeros(NUM_SEATS, np.bool_)
    need = np.zeros(NUM_SEATS, np.int64)
    for seat in range(NUM_SEATS):
        seen |= played_by[seat]
        if view[rules.HANDS + seat] >= 0:
            seen |= view[rules.HANDS + seat]
        else:
            hidden[seat] = True
            need[seat] = NUM_TRICKS - card_count(played_by[seat])
    unseen = np.int64(FULL_DECK) & ~seen
    base = np.zeros(NUM_SEATS, np.int64)
    free = np.zeros(NUM_CARDS, np.int64)
    allowed = np.zeros((NUM_CARDS, NUM_SEATS), np.bool_)
    n_free = 0
    for card in range(NUM_CARDS):
        if not (unseen >> card) & 1:
            continue
        places = 0
        last = -1
        for seat in range(NUM_SEATS):
            if hidden[seat] and not (voids[seat] >> (card % NUM_SUITS)) & 1:
                allowed[card, seat] = True
                places += 1
                last = seat
        if places == 0:
            return 0
        if places == 1:
            base[last] |= np.int64(1) << card
        else:
            free[n_free] = card
            n_free += 1
    room0 = np.zeros(NUM_SEATS, np.int64)
    for seat in range(NUM_SEATS):
        room0[seat] = need[seat] - card_count(base[seat])
        if room0[seat] < 0:
            return 0
    reserve = np.zeros((count, NUM_SEATS), np.int64)
    reserve_miss = np.full(count, 1 << 30, np.int64)
    hands = np.zeros(NUM_SEATS, np.int64)
    room = np.zeros(NUM_SEATS, np.int64)
    found = 0
    attempt = 0
    while attempt < tries and found < count:
        attempt += 1
        for seat in range(NUM_SEATS):
            hands[seat] = base[seat]
            room[seat] = room0[seat]
        for i in range(n_free - 1, 0, -1):
            j = randint(rng, i + 1)
            free[i], free[j] = free[j], free[i]
        dealt = True
        for i in range(n_free):
            card = free[i]
            total = 0
            for seat in range(NUM_SEATS):
                if allowed[card, seat]:
                    total += room[seat]
            if total == 0:
                dealt = False
                break
            r = randint(rng, total)
            for seat in range(NUM_SEATS):
                if allowed[card, seat]:
                    r -= room[seat]
                    if r < 0:
                        hands[seat] |= np.int64(1) << card
                        room[seat] -= 1
                        break
        if not dealt:
            continue
        miss = 0
        for seat in range(NUM_SEATS):
            if hidden[seat]:
                miss += violation(hands[seat] | played_by[seat], hcp_lo, hcp_hi, len_lo, len_hi, seat)
        if miss == 0:
            for seat in range(NUM_SEATS):
                out[found, seat] = hands[seat]
            misses[found] = 0
            found += 1
            continue
        worst = 0
        for k in range(1, count):
            if reserve_miss[k] > reserve_miss[worst]:
                worst = k
        if miss < reserve_miss[worst]:
            reserve_miss[worst] = miss
            for seat in range(NUM_SEATS):
                reserve[worst, seat] = hands[seat]
    stats[0] = found
    stats[1] = attempt
    written = found
    while written < count:
        best = 0
        for k in range(1, count):
            if reserve_miss[k] < reserve_miss[best]:
                best = k
        if reserve_miss[best] >= 1 << 30:
            break
        for seat in range(NUM_SEATS):
            out[written, seat] = reserve[best, seat]
        misses[written] = reserve_miss[best]
        reserve_miss[best] = 1 << 30
        written += 1
    for k in range(written):
        for seat in range(NUM_SEATS):
            if not hidden[seat]:
                out[k, seat] = view[rules.HANDS + seat]
    return written


# ----- Python side --------------------------------------------------------------------------------------
class Worlds(NamedTuple):
    """Deals sampled for one decision: each seat's cards still held (``hands[k, seat]``, masks), how far
    each deal misses the auction's ranges, and how many of them fit the ranges exactly."""

    hands: np.ndarray
    misses: np.ndarray
    inside: int
    attempts: int

    def __len__(self) -> int:
        return len(self.hands)


def sample_worlds(view: np.ndarray, constraints: Constraints, count: int, rng: np.ndarray,
                  tries: int = 20000) -> Worlds:
    """``count`` deals the viewer of ``view`` (a redacted state array) cannot tell from the real one,
    by the play and the auction's ``constraints`` (see :func:`deal_worlds`)."""
    out = np.zeros((count, NUM_SEATS), np.int64)
    misses = np.zeros(count, np.int64)
    stats = np.zeros(2, np.int64)
    n = deal_worlds(view, constraints.hcp_lo, constraints.hcp_hi, constraints.len_lo, constraints.len_hi, rng,
                    tries, out, misses, stats)
    return Worlds(out[:n], misses[:n], int(stats[0]), int(stats[1]))


def voids_shown(view: np.ndarray) -> list[int]:
    """Each seat's suits shown out of, as masks (bit = suit), from the cards played in ``view``."""
    played_by = np.zeros(NUM_SEATS, np.int64)
    voids = np.zeros(NUM_SEATS, np.int64)
    play_facts(view, played_by, voids)
    return [int(v) for v in voids]


__all__ = ["Constraints", "FULL_DECK", "Worlds", "auction_constraints", "constraints_from", "deal_worlds",
           "open_constraints", "play_facts", "sample_worlds", "violation", "voids_shown"]
