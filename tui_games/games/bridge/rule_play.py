"""The rule player of the AI's first level, as a beginner is taught to play.

The opening lead by the lead rules (:mod:`.signals`); later leads cash a sure winner (drawing trumps
first as declarer), else go back to partner's suit (defending), else lead low from the longest suit;
second hand low (covering an honour with an honour); third hand high (the cheapest card that wins,
unless partner already wins); fourth hand wins as cheaply as it can or plays low; out of the suit led,
it ruffs as cheaply as wins the trick when partner does not win it, else discards the lowest card of its
weakest suit.
"""

from __future__ import annotations

from tui_games.games.bridge import rules
from tui_games.games.bridge.constants import NO_TRUMP, NUM_SEATS, NUM_SUITS
from tui_games.games.bridge.play import PlayView, beats, cards_in, suit_cards
from tui_games.games.bridge.sampling import Constraints
from tui_games.games.bridge.signals import opening_lead

HONOUR = 9
"""The rank index of the jack (2 = 0 ... A = 12): a card of this rank or higher is an honour."""


def rule_card(play: PlayView, constraints: Constraints | None = None) -> int:
    """The rule player's card (see the module's docstring); ``constraints`` (the auction's reading) for
    the opening lead."""
    legal = play.legal()
    if len(legal) == 1:
        return legal[0]
    if play.opening_lead:
        return opening_lead(play, constraints)
    if not play.trick:
        return _rule_lead(play)
    return _rule_follow(play, legal)


def _rule_lead(play: PlayView) -> int:
    hand = play.hand
    if play.declaring and play.strain != NO_TRUMP and play.unseen_trumps() > 0:
        trumps = suit_cards(hand, play.strain)
        if trumps:
            top = trumps[-1]
            return top if play.is_master(top) else trumps[0]
    masters = [card for card in cards_in(hand) if play.is_master(card)]
    if play.strain != NO_TRUMP and not play.declaring:
        masters = [card for card in masters if card % NUM_SUITS != play.strain]
    if masters:
        return max(masters, key=lambda card: (len(suit_cards(hand, card % NUM_SUITS)), card))
    if not play.declaring:
        partner_lead = _partner_first_lead(play)
        if partner_lead >= 0 and suit_cards(hand, partner_lead):
            cards = suit_cards(hand, partner_lead)
            return cards[-1] if len(cards) <= 2 else cards[0]
    suits = [suit for suit in range(NUM_SUITS) if suit_cards(hand, suit)]
    if play.strain != NO_TRUMP and not play.declaring and len(suits) > 1:
        suits = [suit for suit in suits if suit != play.strain] or suits
    suit = max(suits, key=lambda s: (len(suit_cards(hand, s)), s))
    return suit_cards(hand, suit)[0]


def _partner_first_lead(play: PlayView) -> int:
    """The suit the partner of the hand to play first led, -1 when it has led none."""
    view = play.view
    for i in range(0, play.played, NUM_SEATS):
        if int(view[rules.PLAYERS + i]) == play.partner:
            return int(view[rules.PLAYS + i]) % NUM_SUITS
    return -1


def _rule_follow(play: PlayView, legal: list[int]) -> int:
    best, winner = play.winning()
    partner_wins = winner == play.partner
    position = len(play.trick)
    winners = sorted(card for card in legal if beats(card, best, play.strain))
    lowest = min(legal, key=lambda card: card // NUM_SUITS)
    if legal[0] % NUM_SUITS == play.led:
        if position == 1:  # second hand low, but an honour covers an honour
            if winners and best // NUM_SUITS >= HONOUR and winners[0] // NUM_SUITS >= HONOUR:
                return winners[0]
            return lowest
        if partner_wins or not winners:
            return lowest
        return winners[0]  # third hand high, fourth hand as cheaply as wins
    if winners and not partner_wins:
        return winners[0]  # the cheapest ruff that wins the trick
    return _discard(play, legal)


def _discard(play: PlayView, legal: list[int]) -> int:
    """The lowest card of the weakest suit (fewest high-card points, then fewest cards), trumps last."""
    def weakness(suit: int) -> tuple:
        cards = [card for card in legal if card % NUM_SUITS == suit]
        points = sum(max(0, card // NUM_SUITS - HONOUR + 1) for card in cards)
        return (suit == play.strain, points, len(cards))
    suit = min({card % NUM_SUITS for card in legal}, key=weakness)
    return min((card for card in legal if card % NUM_SUITS == suit), key=lambda card: card // NUM_SUITS)


__all__ = ["rule_card"]
