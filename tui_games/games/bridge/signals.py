"""Opening leads by the lead rules, and the choice among cards worth the same (the signals).

The lead: partner's suit first (a suit it showed five or more of, or four), else the suit of the best
rank: against no trumps the longest suit, the stronger the better; against a suit contract a sequence
of honours, a singleton when there are trumps to ruff with, never away from an ace and better not away
from a king; a suit the opponents showed is a poor lead. The card (:func:`lead_card`): the top of a
sequence (A from A-K, K from K-Q, the top of an interior sequence: J from K-J-T), the top of a
doubleton, fourth best from four or more to an honour, low from three to an honour, top of three
small, second highest from four small.

Among cards that the double-dummy samples value the same (:func:`pick_among`), the card is the one that
tells partner most and costs nothing: the declarer and a defender winning the trick play the lowest;
a defender following to partner's lead signals attitude (a high spot card with an honour in the suit,
else the lowest: high encourages); following to the declarer's lead it signals count (high-low with an
even number of cards); a discard is the lowest card of its weakest suit; a defender's later lead of
equal honours is the top of them.

The other seats read the opening lead by the same rules (:func:`lead_weights`): the deals sampled in
which an honour led was not the top of a sequence count less.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tui_games.games.bridge import rules
from tui_games.games.bridge.constants import NO_TRUMP, NUM_SUITS
from tui_games.games.bridge.play import PlayView, beats, suit_cards

if TYPE_CHECKING:
    from tui_games.games.bridge.sampling import Constraints

ACE, KING, QUEEN, JACK, TEN, NINE = 12, 11, 10, 9, 8, 7
"""Rank numbers of the honours, the ten and the nine."""
UNLIKELY_LEAD = 0.25
"""The weight of a sampled deal in which the opening leader led an honour without the card below it."""


def _rank(card: int) -> int:
    return card // NUM_SUITS


def lead_card(cards: list[int], partner_suit: bool = False, notrump: bool = True) -> int:
    """The card the lead rules lead from ``cards`` (one suit, any order), see the module's docstring;
    against a suit contract two touching honours are sequence enough (K from K-Q-x)."""
    cards = sorted(cards, reverse=True)
    ranks = [_rank(card) for card in cards]
    if len(cards) <= 2:
        return cards[0]
    if ranks[0] == ACE and ranks[1] == KING:
        return cards[0]
    if ranks[0] >= TEN and ranks[1] == ranks[0] - 1 and (ranks[2] >= ranks[0] - 3 or not notrump):
        return cards[0]
    for i in (1, 2):
        if i + 1 < len(cards) and ranks[i] >= TEN and ranks[i + 1] == ranks[i] - 1 and ranks[0] > ranks[i] + 1 \
                and ranks[0] >= QUEEN:
            return cards[i]
    honour = ranks[0] >= JACK
    if len(cards) == 3:
        return cards[-1] if honour else cards[0]
    if honour or partner_suit:
        return cards[3]
    return cards[1]


def _suit_score(play: PlayView, suit: int, constraints: "Constraints | None") -> float:
    """How good a lead the suit is by the rules (higher is better)."""
    cards = suit_cards(play.hand, suit)
    ranks = sorted((_rank(card) for card in cards), reverse=True)
    partner = play.partner
    opponents = (play.declarer, play.dummy)
    score = 0.0
    if constraints is not None:
        shown = int(constraints.len_lo[partner, suit])
        score += 6.0 if shown >= 5 else 3.0 if shown >= 4 else 0.0
        if max(int(constraints.len_lo[seat, suit]) for seat in opponents) >= 4:
            score -= 3.0
    sequence = len(ranks) >= 2 and ranks[0] >= JACK and ranks[1] == ranks[0] - 1
    if play.strain == NO_TRUMP:
        score += len(cards) + 0.2 * sum(max(rank - NINE, 0) for rank in ranks)
        if sequence:
            score += 2.0 if len(ranks) >= 3 and ranks[2] >= ranks[0] - 3 else 0.5
        return score
    if suit == play.strain:
        return score - 1.0
    if ranks[:2] == [ACE, KING]:
        score += 4.0
    elif sequence:
        score += 2.5
    elif ranks[0] == ACE:
        score -= 3.0
    elif ranks[0] == KING:
        score -= 1.5
    elif ranks[0] == QUEEN and len(ranks) >= 2:
        score -= 0.5
    if len(cards) == 1 and suit_cards(play.hand, play.strain):
        score += 2.5
    elif len(cards) == 2 and ranks[0] < JACK:
        score += 0.5
    return score


def lead_suit_order(play: PlayView, constraints: "Constraints | None" = None) -> list[int]:
    """The suits the hand to lead holds, the best lead by the rules first."""
    suits = [suit for suit in range(NUM_SUITS) if suit_cards(play.hand, suit)]
    return sorted(suits, key=lambda suit: (-_suit_score(play, suit, constraints),
                                           -len(suit_cards(play.hand, suit)), -suit))


def partner_suit(play: PlayView, suit: int, constraints: "Constraints | None") -> bool:
    """Whether partner of the hand to play showed four or more cards of ``suit`` in the auction."""
    return constraints is not None and int(constraints.len_lo[play.partner, suit]) >= 4


def opening_lead(play: PlayView, constraints: "Constraints | None" = None) -> int:
    """The opening lead by the lead rules."""
    suit = lead_suit_order(play, constraints)[0]
    return lead_card(suit_cards(play.hand, suit), partner_suit(play, suit, constraints), play.strain == NO_TRUMP)


def pick_lead(play: PlayView, cards: list[int], constraints: "Constraints | None" = None) -> int:
    """Of ``cards`` (opening leads the samples value alike), the one the lead rules like best: the
    rules' card of the best suit among them, else that suit's lowest card among them."""
    order = lead_suit_order(play, constraints)
    suits = {card % NUM_SUITS for card in cards}
    suit = next(s for s in order if s in suits)
    rule = lead_card(suit_cards(play.hand, suit), partner_suit(play, suit, constraints), play.strain == NO_TRUMP)
    if rule in cards:
        return rule
    return min(card for card in cards if card % NUM_SUITS == suit)


def pick_among(play: PlayView, cards: list[int]) -> int:
    """Of ``cards`` (worth the same by the samples), the one to play, by the signals of the module's
    docstring."""
    cards = sorted(cards)
    if len(cards) == 1:
        return cards[0]
    if not play.trick:
        if not play.declaring and len({c % NUM_SUITS for c in cards}) == 1 and _rank(cards[-1]) >= TEN \
                and play.classes(cards) == [cards]:
            return cards[-1]
        return cards[0]
    if play.declaring:
        return cards[0]
    led = play.led
    best, winner = play.winning()
    if cards[0] % NUM_SUITS == led:
        if winner != play.partner and any(beats(card, best, play.strain) for card in cards):
            return cards[0]
        held = suit_cards(play.hand, led)
        if play.leader == play.partner:
            high = any(_rank(card) >= QUEEN for card in held)
        else:
            high = len(held) % 2 == 0
        spots = [card for card in cards if _rank(card) <= NINE]
        return spots[-1] if high and spots else cards[0]
    if play.strain != NO_TRUMP and any(card % NUM_SUITS == play.strain for card in cards) and winner != play.partner:
        trumps = [card for card in cards if card % NUM_SUITS == play.strain]
        if any(beats(card, best, play.strain) for card in trumps):
            return trumps[0]
    discards = [card for card in cards if card % NUM_SUITS != play.strain] or cards

    def weakness(card: int) -> tuple:
        held = suit_cards(play.hand, card % NUM_SUITS)
        return sum(max(_rank(c) - NINE, 0) for c in held), -len(held), card

    return min(discards, key=weakness)


def lead_weights(play: PlayView, hands: np.ndarray) -> np.ndarray:
    """How much each sampled deal (``hands[k, seat]``, the cards still held) agrees with what the
    opening lead says by the lead rules: a king, queen, jack or ten led is the top of a sequence, so
    the leader held the card just below it. A deal where the leader did not hold it (when the viewer
    cannot see where it is) counts :data:`UNLIKELY_LEAD` as much as one where it did; every deal
    counts 1 before the lead, or when the lead was an ace or a spot card."""
    weights = np.ones(len(hands))
    if play.played == 0:
        return weights
    lead = int(play.view[rules.PLAYS])
    leader = int(play.view[rules.PLAYERS])
    below = lead - NUM_SUITS
    if not TEN <= _rank(lead) <= KING or play.hands[leader] is not None:
        return weights
    for i in range(1, play.played):
        if int(play.view[rules.PLAYS + i]) == below:
            if int(play.view[rules.PLAYERS + i]) != leader:
                return weights
            break
    else:
        for k, deal in enumerate(hands):
            if not (int(deal[leader]) >> below) & 1:
                weights[k] = UNLIKELY_LEAD
    return weights


__all__ = ["lead_card", "lead_weights", "lead_suit_order", "opening_lead", "partner_suit", "pick_among", "pick_lead"]
