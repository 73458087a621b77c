"""The play as one seat sees it.

:class:`PlayView` reads a redacted state array (what the seat choosing may see: its own hand, the
dummy's after the opening lead, every card played) into the facts the players use: the contract, the
trick in progress, the hand to play from, the cards still out, the voids shown.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tui_games.games.bridge import rules
from tui_games.games.bridge.constants import NO_TRUMP, NUM_CARDS, NUM_SEATS, NUM_SUITS, NUM_TRICKS
from tui_games.games.bridge.sampling import voids_shown

def cards_in(mask: int) -> list[int]:
    """The cards of a mask, lowest id first."""
    return [card for card in range(NUM_CARDS) if (mask >> card) & 1]


def suit_cards(mask: int, suit: int) -> list[int]:
    """The cards of ``suit`` in a mask, lowest first."""
    return [card for card in range(suit, NUM_CARDS, NUM_SUITS) if (mask >> card) & 1]


def beats(card: int, best: int, strain: int) -> bool:
    """Whether ``card`` beats ``best``, the card winning a trick so far, in ``strain``."""
    if card % NUM_SUITS == best % NUM_SUITS:
        return card > best
    return strain != NO_TRUMP and card % NUM_SUITS == strain


@dataclass(frozen=True)
class PlayView:
    """The play as the seat choosing sees it (built by :meth:`of`)."""

    view: np.ndarray
    """The redacted state array."""
    player: int
    """The seat choosing (the declarer when the dummy's card is due)."""
    to_play: int
    """The hand the card comes from."""
    declarer: int
    level: int
    strain: int
    doubled: int
    vulnerable: bool
    """Whether the declaring side is vulnerable."""
    hands: tuple[int | None, ...]
    """Each seat's cards still held, as masks; None where hidden."""
    trick: tuple[int, ...]
    """The cards played to the trick in progress, from its leader's."""
    leader: int
    """The seat that led (or leads) the trick in progress."""
    played: int
    """Cards played so far."""
    won: tuple[int, int]
    """Tricks won by North-South and by East-West."""
    out: int
    """The mask of every card not yet played."""

    @classmethod
    def of(cls, view: np.ndarray, player: int) -> "PlayView":
        """The facts of ``view``, the state as ``player`` sees it, in the play."""
        played = int(view[rules.PLAYED])
        start = played - played % NUM_SEATS
        trick = tuple(int(view[rules.PLAYS + i]) for i in range(start, played))
        to_play = int(view[rules.TURN])
        leader = int(view[rules.PLAYERS + start]) if trick else to_play
        declarer = int(view[rules.DECLARER])
        gone = 0
        for i in range(played):
            gone |= 1 << int(view[rules.PLAYS + i])
        hands = tuple(None if int(view[rules.HANDS + seat]) < 0 else int(view[rules.HANDS + seat])
                      for seat in range(NUM_SEATS))
        return cls(view, player, to_play, declarer, int(view[rules.LEVEL]), int(view[rules.STRAIN]),
                   int(view[rules.DOUBLED]), bool(view[rules.VULNERABLE + declarer % 2]), hands, trick, leader,
                   played, (int(view[rules.TRICKS]), int(view[rules.TRICKS + 1])), ((1 << NUM_CARDS) - 1) & ~gone)

    # ----- who and what -------------------------------------------------------------------------------
    @property
    def dummy(self) -> int:
        """The dummy's seat."""
        return (self.declarer + 2) % NUM_SEATS

    @property
    def declaring(self) -> bool:
        """Whether the hand to play is the declarer's or the dummy's."""
        return self.to_play % 2 == self.declarer % 2

    @property
    def partner(self) -> int:
        """The partner of the hand to play."""
        return (self.to_play + 2) % NUM_SEATS

    @property
    def hand(self) -> int:
        """The cards of the hand to play (always seen by the seat choosing)."""
        return self.hands[self.to_play] or 0

    @property
    def opening_lead(self) -> bool:
        """Whether this card is the opening lead."""
        return self.played == 0

    @property
    def led(self) -> int:
        """The suit led to the trick in progress, -1 when leading."""
        return self.trick[0] % NUM_SUITS if self.trick else -1

    @property
    def tricks_left(self) -> int:
        """Tricks not yet finished, the one in progress included."""
        return NUM_TRICKS - self.played // NUM_SEATS

    @property
    def declarer_won(self) -> int:
        """Tricks the declaring side has won."""
        return self.won[self.declarer % 2]

    def legal(self) -> list[int]:
        """The cards the hand to play may play, lowest id first."""
        hand = self.hand
        if self.led >= 0 and suit_cards(hand, self.led):
            return suit_cards(hand, self.led)
        return cards_in(hand)

    def winning(self) -> tuple[int, int]:
        """(the card winning the trick in progress, its seat); (-1, -1) when leading."""
        if not self.trick:
            return -1, -1
        best, seat = self.trick[0], self.leader
        for k, card in enumerate(self.trick[1:], 1):
            if beats(card, best, self.strain):
                best, seat = card, (self.leader + k) % NUM_SEATS
        return best, seat

    def ours(self, seat: int) -> int:
        """The cards the hand to play counts as its side's for ``seat``: its own, and its partner's when
        seen (the dummy, or the declarer's hand seen by the dummy's player)."""
        mask = self.hands[seat] or 0
        partner = self.hands[(seat + 2) % NUM_SEATS]
        return mask | (partner or 0)

    def is_master(self, card: int) -> bool:
        """Whether ``card`` is the highest of its suit still out but for cards of its own side seen
        (no card still held elsewhere can beat it in the suit)."""
        ours = self.ours(self.to_play)
        for higher in range(card + NUM_SUITS, NUM_CARDS, NUM_SUITS):
            if (self.out >> higher) & 1 and not (ours >> higher) & 1:
                return False
        return True

    def equivalent(self, a: int, b: int) -> bool:
        """Whether two cards of the hand to play are equivalent: same suit, and every card of the suit
        ranked between them is held by the same hand or was played to a finished trick (one in the
        trick in progress may beat the lower and lose to the higher)."""
        if a % NUM_SUITS != b % NUM_SUITS:
            return False
        low, high = min(a, b), max(a, b)
        live = self.out
        for card in self.trick:
            live |= 1 << card
        for card in range(low + NUM_SUITS, high, NUM_SUITS):
            if (live >> card) & 1 and not (self.hand >> card) & 1:
                return False
        return True

    def classes(self, cards: list[int]) -> list[list[int]]:
        """``cards`` grouped into sets of equivalent cards, each lowest first."""
        groups: list[list[int]] = []
        for card in sorted(cards):
            for group in groups:
                if self.equivalent(group[-1], card):
                    group.append(card)
                    break
            else:
                groups.append([card])
        return groups

    def voids(self) -> list[int]:
        """Each seat's suits shown out of, as masks (bit = suit)."""
        return voids_shown(self.view)

    def unseen_trumps(self) -> int:
        """Trumps still out that the hand to play does not see (0 in no trumps)."""
        if self.strain == NO_TRUMP:
            return 0
        seen = self.ours(self.to_play)
        return sum(1 for card in suit_cards(self.out, self.strain) if not (seen >> card) & 1)


__all__ = ["PlayView", "beats", "cards_in", "suit_cards"]
