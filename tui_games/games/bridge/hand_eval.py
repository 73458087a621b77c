"""Hand evaluation for the bidding: what a club player counts before a call.

- High-card points (HCP): ace 4, king 3, queen 2, jack 1 (40 in the pack).
- Length points: one for each card beyond the fourth in any suit; *total points* = HCP + length
  points, the count for opening and overcalling in a suit. For no trumps, HCP and one for each card
  beyond the fifth in the longest suit.
- Support points, counted once a trump fit is known: the hand with four or fewer trumps adds void 5,
  singleton 3, doubleton 1 (void 3, singleton 2, doubleton 1 with only three trumps); the hand with five
  or more trumps counts its length points and adds void 3, singleton 2, doubleton 1.
- Balanced: 4-3-3-3, 4-4-3-2 or 5-3-3-2. Whether a five-card major may open 1NT is the system's choice,
  not the shape's (:mod:`.bidding_openings` says no: it opens one of the major).
- A stopper in a suit (for no trumps): the ace, K-x, Q-x-x or J-x-x-x or better.
- Losing Trick Count (for a trump fit): in each suit, its length up to three less the top honours it
  holds among the ace (a singleton), ace-king (a doubleton) or ace-king-queen (three or more cards);
  a fit takes about 24 less the two hands' losers. A partner known only by its points counts about
  seven losers for an opening bid of 13 and one fewer for each three points more (:func:`losers_for_points`).
- Controls: ace 2, king 1. Quick tricks: A-K 2, A-Q 1.5, A 1, K-Q 1, K-x 0.5 per suit.

Suits are 0..3 = clubs, diamonds, hearts, spades and ranks 0..12 = 2..A, as card ids (``rank * 4 + suit``)
write them; a hand may also be read from PBN-like text, spades first: "AKQ2.KJ3.Q84.J72".
"""

from __future__ import annotations

from typing import Iterable

from tui_games.games.bridge.constants import NO_TRUMP, NUM_SUITS, NUM_TRICKS, RANKS
from tui_games.games.bridge.pbn import PBN_SUITS, PbnError

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8
"""Rank numbers of the honours (and the ten)."""
HCP_OF_RANK = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
"""High-card points by rank."""
BALANCED_SHAPES = ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2))
"""The balanced shapes, longest suit first."""
MAJORS = (2, 3)
"""Hearts and spades."""
MINORS = (0, 1)
"""Clubs and diamonds."""


class Hand:
    """One seat's thirteen cards and what a bidder counts in them (all worked out once, on creation)."""

    __slots__ = ("cards", "ranks", "lengths", "suit_hcp", "hcp", "shape")

    def __init__(self, cards: Iterable[int]):
        self.cards: tuple[int, ...] = tuple(sorted(cards))
        """The card ids, lowest first."""
        if len(self.cards) != NUM_TRICKS or len(set(self.cards)) != NUM_TRICKS:
            raise ValueError(f"a hand holds thirteen different cards, not {self.cards}")
        by_suit: list[list[int]] = [[] for _ in range(NUM_SUITS)]
        for card in self.cards:
            by_suit[card % NUM_SUITS].append(card // NUM_SUITS)
        self.ranks: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(r, reverse=True)) for r in by_suit)
        """Each suit's ranks, highest first."""
        self.lengths: tuple[int, ...] = tuple(len(r) for r in self.ranks)
        """Cards held in each suit."""
        self.suit_hcp: tuple[int, ...] = tuple(sum(HCP_OF_RANK.get(r, 0) for r in rs) for rs in self.ranks)
        """High-card points in each suit."""
        self.hcp: int = sum(self.suit_hcp)
        """High-card points."""
        self.shape: tuple[int, ...] = tuple(sorted(self.lengths, reverse=True))
        """The suit lengths, longest first (5-3-3-2 is (5, 3, 3, 2))."""

    @classmethod
    def from_text(cls, text: str) -> "Hand":
        """The hand written spades.hearts.diamonds.clubs ("AKQ2.KJ3.Q84.J72", a void as nothing)."""
        suits = text.strip().split(".")
        if len(suits) != NUM_SUITS:
            raise PbnError(f"a hand is written spades.hearts.diamonds.clubs, not {text!r}")
        cards = []
        for suit, letters in zip(PBN_SUITS, suits):
            for letter in letters:
                rank = RANKS.find(letter.upper())
                if rank < 0:
                    raise PbnError(f"unknown rank {letter!r} in {text!r}")
                cards.append(rank * NUM_SUITS + suit)
        return cls(cards)

    def __repr__(self) -> str:
        return "Hand(" + ".".join("".join(RANKS[r] for r in self.ranks[s]) for s in PBN_SUITS) + ")"

    def has(self, suit: int, rank: int) -> bool:
        """Whether the hand holds the card of ``rank`` in ``suit``."""
        return rank in self.ranks[suit]

    @property
    def balanced(self) -> bool:
        """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
        return self.shape in BALANCED_SHAPES

    @property
    def five_card_major(self) -> bool:
        """Whether hearts or spades are five cards or longer."""
        return max(self.lengths[2], self.lengths[3]) >= 5

    @property
    def length_points(self) -> int:
        """One point for each card beyond the fourth in each suit."""
        return sum(max(0, n - 4) for n in self.lengths)

    @property
    def total_points(self) -> int:
        """HCP plus length points."""
        return self.hcp + self.length_points

    def support_points(self, trumps: int) -> int:
        """Points once ``trumps`` is agreed (see the module's docstring); HCP only without three trumps."""
        held = self.lengths[trumps]
        if held < 3:
            return self.hcp
        if held >= 5:
            table, extra = (3, 2, 1), self.length_points
        else:
            table, extra = ((5, 3, 1) if held >= 4 else (3, 2, 1)), 0
        short = sum(table[n] for s, n in enumerate(self.lengths) if s != trumps and n <= 2)
        return self.hcp + extra + short

    @property
    def notrump_points(self) -> int:
        """HCP plus one for each card beyond the fifth in the longest suit (a source of tricks)."""
        return self.hcp + max(0, self.shape[0] - 5)

    def points(self, trumps: int | None) -> int:
        """Support points with ``trumps`` (0-3) agreed, no-trump points for ``trumps`` 4, or total points
        when it is None."""
        if trumps is None:
            return self.total_points
        return self.notrump_points if trumps == NO_TRUMP else self.support_points(trumps)

    def suit_losers(self, suit: int) -> int:
        """The Losing Trick Count of one suit: its length, at most three, less the winners among the
        top honours that length covers (a singleton: the ace; a doubleton: the ace and king; three or
        more cards: the ace, king and queen)."""
        counted = min(self.lengths[suit], 3)
        return counted - sum(self.has(suit, rank) for rank in (ACE, KING, QUEEN)[:counted])

    @property
    def losers(self) -> int:
        """The Losing Trick Count: each suit's losers (:meth:`suit_losers`), at most three a suit. A
        trump fit's tricks are about 24 less the two hands' losers."""
        return sum(self.suit_losers(s) for s in range(NUM_SUITS))

    def honours(self, suit: int, top: int = 5) -> int:
        """How many of the ``top`` highest cards of ``suit`` (A K Q J T for 5) the hand holds."""
        return sum(1 for r in self.ranks[suit] if r > ACE - top)

    def good_suit(self, suit: int) -> bool:
        """Two of the top three honours or three of the top five: a suit to preempt or overcall in."""
        return self.honours(suit, 3) >= 2 or self.honours(suit, 5) >= 3

    def stopper(self, suit: int) -> bool:
        """A guard for no trumps: the ace, K-x, Q-x-x, J-x-x-x or better."""
        held = self.lengths[suit]
        return any(self.has(suit, rank) and held >= need for rank, need in
                   ((ACE, 1), (KING, 2), (QUEEN, 3), (JACK, 4)))

    @property
    def aces(self) -> int:
        """Aces held."""
        return sum(self.has(s, ACE) for s in range(NUM_SUITS))

    @property
    def kings(self) -> int:
        """Kings held."""
        return sum(self.has(s, KING) for s in range(NUM_SUITS))

    @property
    def controls(self) -> int:
        """Ace 2, king 1."""
        return 2 * self.aces + self.kings

    def quick_tricks(self, suit: int) -> float:
        """Defensive tricks the top cards of ``suit`` take in the first two rounds."""
        ace, king, queen = self.has(suit, ACE), self.has(suit, KING), self.has(suit, QUEEN)
        if ace:
            return 2.0 if king else 1.5 if queen else 1.0
        if king:
            return 1.0 if queen else 0.5 if self.lengths[suit] >= 2 else 0.0
        return 0.0

    def trump_tricks(self, suit: int) -> float:
        """Tricks a defender's holding in the declarer's trump suit is likely to take."""
        held = self.lengths[suit]
        tricks = 0.0
        for rank, need in ((ACE, 1), (KING, 2), (QUEEN, 3), (JACK, 4)):
            if self.has(suit, rank) and held >= need:
                tricks += 1.0 if rank != JACK else 0.5
        return tricks + max(0, held - 4) * 0.5

    def defence(self, trumps: int | None) -> float:
        """Defensive tricks against a contract in ``trumps`` (None: no trumps): quick tricks in the side
        suits plus trump tricks (in no trumps, every suit's quick tricks)."""
        side = sum(self.quick_tricks(s) for s in range(NUM_SUITS) if s != trumps)
        return side + (self.trump_tricks(trumps) if trumps is not None else 0.0)

    def longest(self, among: Iterable[int] = range(NUM_SUITS)) -> int:
        """The longest suit among ``among``, the higher-ranking of two as long."""
        return max(among, key=lambda s: (self.lengths[s], s))

    def rule_of_20(self) -> bool:
        """HCP plus the lengths of the two longest suits make 20 or more (an opening bid)."""
        return self.hcp + self.shape[0] + self.shape[1] >= 20


def losers_for_points(points: float) -> float:
    """The losers a hand of ``points`` is likely to hold, on the Losing Trick Count's scale: seven for an
    opening bid of 13, one fewer for each three points more (3 to 10), for a partner whose cards are
    known only by the points its calls showed."""
    return min(max(7 - (points - 13) / 3, 3.0), 10.0)


def opening_suit(hand: Hand) -> int:
    """The suit to open at the one level: the longest suit of five or more (of two as long, the higher);
    without a five-card suit the longer minor, 1D with four-four in the minors, 1C with three-three."""
    if hand.shape[0] >= 5:
        return hand.longest()
    clubs, diamonds = hand.lengths[0], hand.lengths[1]
    if diamonds > clubs or (diamonds == clubs == 4):
        return 1
    return 0


def response_major(hand: Hand) -> int | None:
    """The major a responder shows first: the longer; with four-four hearts (up the line), with five-five
    spades; None without a four-card major."""
    hearts, spades = hand.lengths[2], hand.lengths[3]
    if max(hearts, spades) < 4:
        return None
    if spades > hearts or (spades == hearts >= 5):
        return 3
    return 2


__all__ = ["ACE", "BALANCED_SHAPES", "HCP_OF_RANK", "Hand", "JACK", "KING", "MAJORS", "MINORS", "QUEEN", "TEN",
           "losers_for_points", "opening_suit", "response_major"]
