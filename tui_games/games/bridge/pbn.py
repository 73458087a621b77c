"""Bridge deals in PBN notation, read and written: "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 ...".

A deal is written from one seat (the letter before the colon), then the four hands clockwise from
it, separated by spaces; a hand is its spades, hearts, diamonds and clubs separated by dots, each suit
as rank letters (AKQJT98765432, any order, either case; an empty suit is written as nothing).

Cards are the game's card ids (``rank * 4 + suit``, ranks 2..A = 0..12, suits clubs, diamonds,
hearts, spades = 0..3, see :mod:`.constants`) and seats are 0..3 = N, E, S, W. Pure Python, no numba.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui_games.core.errors import TuiGamesError
from tui_games.core.words import counted
from tui_games.games.bridge.constants import NUM_TRICKS, RANKS, SEAT_NAMES, SEATS, card_name

PBN_SUITS = (3, 2, 1, 0)
"""The suit indices in the order a PBN hand lists them: spades, hearts, diamonds, clubs."""
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
"""Each suit in words, by suit index."""


class PbnError(TuiGamesError, ValueError):
    """Text that is not a valid PBN deal; the message says what is wrong and where."""


@dataclass(frozen=True)
class PbnDeal:
    """A deal read from PBN: the seat it is written from, and each seat's cards (sorted card ids)."""

    first: int
    """The seat whose hand the text lists first (0..3 = N, E, S, W)."""
    hands: tuple[tuple[int, ...], ...]
    """The cards of North, East, South and West, in that order whatever ``first`` is."""

    def text(self) -> str:
        """The deal in PBN, written from :attr:`first`."""
        return format_deal(self.hands, self.first)


def parse_deal(text: str, cards: int | None = NUM_TRICKS) -> PbnDeal:
    """The deal written in PBN in ``text``; a :class:`PbnError` naming the fault for anything else.

    Every hand must hold ``cards`` cards (13, a full deal), or with ``cards=None`` the same number as
    the others (an ending: "N:AQ.2.. ..."). No card may be dealt twice.
    """
    text = text.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEATS:
        raise PbnError(f"a PBN deal starts with the seat of its first hand, 'N:', 'E:', 'S:' or 'W:' "
                       f"(got {text[:12]!r})")
    first = SEATS.index(text[0].upper())
    written = text[2:].split()
    if len(written) != 4:
        raise PbnError(f"a PBN deal holds four hands separated by spaces (got {len(written)})")
    hands: list[tuple[int, ...]] = [()] * 4
    dealt_to: dict[int, int] = {}
    for offset, hand_text in enumerate(written):
        seat = (first + offset) % 4
        hand = _parse_hand(hand_text, seat)
        for card in hand:
            if card in dealt_to:
                owners = sorted({dealt_to[card], seat})
                where = (f"twice to {SEAT_NAMES[seat]}" if len(owners) == 1
                         else f"to both {SEAT_NAMES[owners[0]]} and {SEAT_NAMES[owners[1]]}")
                raise PbnError(f"the card {card_name(card)} is dealt {where}")
            dealt_to[card] = seat
        hands[seat] = tuple(sorted(hand))
    _check_counts(hands, cards)
    return PbnDeal(first, tuple(hands))


def format_hand(cards) -> str:
    """One hand in PBN: spades.hearts.diamonds.clubs, each from the ace down ('QJ6.K652.J85.T98')."""
    by_suit = ["", "", "", ""]
    for card in sorted(cards, reverse=True):
        by_suit[card & 3] += RANKS[card >> 2]
    return ".".join(by_suit[suit] for suit in PBN_SUITS)


def format_deal(hands, first: int = 0) -> str:
    """The deal whose seats 0..3 (N, E, S, W) hold ``hands`` in PBN, written from seat ``first``."""
    return SEATS[first] + ":" + " ".join(format_hand(hands[(first + k) % 4]) for k in range(4))


def _parse_hand(text: str, seat: int) -> list[int]:
    suits = text.split(".")
    if len(suits) != 4:
        raise PbnError(f"{SEAT_NAMES[seat]}'s hand {text!r} has {len(suits)} suits: write four, "
                       "spades.hearts.diamonds.clubs, an empty suit as nothing ('AK2..QJ5.T9876')")
    cards = []
    for suit, letters in zip(PBN_SUITS, suits):
        for letter in letters:
            rank = RANKS.find(letter.upper())
            if rank < 0:
                raise PbnError(f"unknown rank {letter!r} in {SEAT_NAMES[seat]}'s {SUIT_WORDS[suit]} "
                               f"(ranks are {RANKS[::-1]})")
            card = rank * 4 + suit
            if card in cards:
                raise PbnError(f"the card {card_name(card)} is dealt twice to {SEAT_NAMES[seat]}")
            cards.append(card)
    return cards


def _check_counts(hands: list[tuple[int, ...]], cards: int | None) -> None:
    counts = [len(hand) for hand in hands]
    if cards is None:
        if len(set(counts)) != 1:
            held = ", ".join(f"{SEAT_NAMES[seat]} {count}" for seat, count in enumerate(counts))
            raise PbnError(f"the four hands must hold as many cards as each other ({held})")
        if counts[0] == 0:
            raise PbnError("the four hands are empty")
        return
    for seat, count in enumerate(counts):
        if count != cards:
            raise PbnError(f"{SEAT_NAMES[seat]} holds {counted(count, 'card')}, not {cards}")
