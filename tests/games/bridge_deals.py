"""Deals, auctions and plays written out by hand for the Bridge tests: a deal from four hands, an
auction from its calls, and a play steered to a chosen number of tricks for the declaring side."""

from __future__ import annotations

import itertools

from tui_games.games.bridge.constants import NO_TRUMP, RANKS, SUITS, card_id, card_suit

SPLIT_DEAL = ("S AKQJ H AKQ D 765 C 432", "S 765 H 432 D AKQJ C AKQ",
              "S T98 H JT98 D 432 C 765", "S 432 H 765 D T98 C JT98")
"""N E S W: North-South hold the top seven cards of the majors, East-West those of the minors, so the suit
led decides the trick (in no trumps, or in any suit when nobody ruffs): a deal in which the play can be
steered to any number of tricks for either side."""


def hand_cards(text: str) -> list[int]:
    """The card ids of a hand written 'S AKQJ H AKQ D 765 C 432' (a suit letter, then its ranks)."""
    cards = []
    words = text.split()
    for suit, ranks in zip(words[::2], words[1::2]):
        cards += [card_id(RANKS.index(rank), SUITS.index(suit)) for rank in ranks if rank != "-"]
    return cards


def deal_actions(hands: tuple[str, ...] | list[str]) -> list[int]:
    """The 52 chance outcomes that deal ``hands`` (N E S W): the k-th card dealt goes to seat k % 4."""
    cards = [hand_cards(hand) for hand in hands]
    assert sorted(sum(cards, [])) == list(range(52)), "the four hands must hold the 52 cards"
    return [cards[k % 4][k // 4] for k in range(52)]


def deal(state, hands=SPLIT_DEAL) -> None:
    """Deal ``hands`` into a state at its first chance node."""
    for action in deal_actions(hands):
        state.apply(action)


def bid(state, calls: str) -> None:
    """Make the calls written in ``calls`` ('1C pass 1H X XX pass'), each read by parse_action."""
    for call in calls.split():
        state.apply(state.parse_action(call))


def _winner(cards: list[tuple[int, int]], strain: int) -> int:
    """The seat that wins a trick of (seat, card) pairs, in the order played."""
    best_seat, best = cards[0]
    for seat, card in cards[1:]:
        if card_suit(card) == card_suit(best):
            if card > best:
                best_seat, best = seat, card
        elif strain != NO_TRUMP and card_suit(card) == strain:
            best_seat, best = seat, card
    return best_seat


def _candidates(mask: int, led: int | None) -> list[int]:
    """The cards worth trying from a hand: the suit led when it holds one, else any suit; of each suit
    only its highest card (in the split deal a side's cards of a suit all beat, or all lose to, the
    other side's)."""
    cards = [card for card in range(52) if (mask >> card) & 1]
    if led is not None and any(card_suit(c) == led for c in cards):
        cards = [c for c in cards if card_suit(c) == led]
    picked = []
    for suit in range(4):
        of_suit = [c for c in cards if card_suit(c) == suit]
        picked += of_suit[-1:]
    return picked


def _tricks(hands: tuple[int, ...], leader: int, strain: int):
    """Every trick (the four cards from the leader's on, the winner) worth trying from ``hands``."""
    seats = [(leader + i) % 4 for i in range(4)]
    for lead in _candidates(hands[leader], None):
        followers = [_candidates(hands[seat], card_suit(lead)) for seat in seats[1:]]
        for rest in itertools.product(*followers):
            cards = (lead, *rest)
            yield cards, _winner(list(zip(seats, cards)), strain)


def _plan(hands: tuple[int, ...], leader: int, strain: int, declaring: int, need: int, failed: set) -> list | None:
    """The tricks that leave the declaring side ``need`` more tricks from ``hands``, or None."""
    left = sum(bin(mask).count("1") for mask in hands) // 4
    if need < 0 or need > left:
        return None
    if left == 0:
        return []
    key = (hands, leader, need)
    if key in failed:
        return None
    for cards, winner in sorted(_tricks(hands, leader, strain), key=lambda t: (t[1] % 2 == declaring) != (need > 0)):
        after = tuple(mask & ~sum(1 << card for card in cards) for mask in hands)
        rest = _plan(after, winner, strain, declaring, need - (winner % 2 == declaring), failed)
        if rest is not None:
            return [cards, *rest]
    failed.add(key)
    return None


def play_to(state, declarer_tricks: int) -> None:
    """Play the deal out so that the declaring side takes ``declarer_tricks``, following suit
    throughout (a search over the tricks the hands allow). AssertionError when the deal does not allow
    it."""
    hands = tuple(int(state.hand_mask(seat)) for seat in range(4))
    declaring = state.declarer % 2
    plan = _plan(hands, state.seat_to_play, state.strain, declaring, declarer_tricks - state.declarer_tricks, set())
    assert plan is not None, f"the deal does not give the declaring side {declarer_tricks} tricks"
    for cards in plan:
        for card in cards:
            state.apply(card)
    assert state.is_terminal and state.declarer_tricks == declarer_tricks, (state.declarer_tricks, declarer_tricks)
