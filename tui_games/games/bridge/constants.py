"""Numbers and names the rules, the game and the view share: OpenSpiel's ``bridge`` action ids.

Imports nothing that loads numba. A card id is ``rank * 4 + suit`` (suits C D H S = 0-3, ranks 2 .. A =
0-12), written suit first: "SA", "HT", "C2". Actions: 0-51 a card (at a chance node the card dealt, in
the play the card played), 52 pass, 53 double, 54 redouble, ``55 + 5 * (level - 1) + strain`` a bid
(strains C D H S NT = 0-4), written "pass", "X", "XX", "1C" .. "7NT". The deal gives the k-th card dealt
(k = 0 .. 51) to seat ``k % 4``, North first, whoever deals (OpenSpiel's order).
"""

from __future__ import annotations

import re

SUITS = "CDHS"
"""Suit letters in id order: clubs, diamonds, hearts, spades."""
RANKS = "23456789TJQKA"
"""Rank letters in id order, the two lowest."""
STRAINS = ("C", "D", "H", "S", "NT")
"""Strain names in bid order: the four suits, then no trumps."""
SEATS = "NESW"
"""Seat letters: seats 0-3 are North, East, South, West."""
SEAT_NAMES = ("North", "East", "South", "West")
"""Seat names in full."""
SIDES = ((0, 2), (1, 3))
"""The partnerships: North-South (side 0) and East-West (side 1)."""
SIDE_NAMES = ("NS", "EW")
"""The partnerships' short names."""

NUM_SUITS = 4
NUM_RANKS = 13
NUM_CARDS = 52
"""Cards in the deck: ids 0-51."""
NUM_SEATS = 4
NUM_TRICKS = 13
"""Tricks in a deal (and cards in each hand)."""
NUM_STRAINS = 5
"""Strains: clubs, diamonds, hearts, spades, no trumps (0-4)."""
NO_TRUMP = 4
"""The strain id of no trumps."""
NUM_LEVELS = 7
NUM_BIDS = NUM_LEVELS * NUM_STRAINS
"""Bids: seven levels in five strains, 1C to 7NT."""

PASS = 52
DOUBLE = 53
REDOUBLE = 54
"""The calls that are no bid: pass, double (X), redouble (XX)."""
BID_BASE = 55
"""Action id of 1C; ``BID_BASE + 5 * (level - 1) + strain`` is any bid."""
NUM_ACTIONS = BID_BASE + NUM_BIDS
"""Action ids 0-89 (OpenSpiel's ``NumDistinctActions``)."""
MAX_AUCTION = NUM_BIDS * (1 + 2 * NUM_SEATS) + NUM_SEATS
"""The longest auction (319 calls): three passes, then each bid passed twice, doubled, passed twice and
redoubled, passed twice, and three passes after the last (OpenSpiel's ``kMaxAuctionLength``)."""
MAX_PLIES = NUM_CARDS + MAX_AUCTION + NUM_CARDS
"""The most actions one deal may hold: the deal, the longest auction and the play."""

PHASES = ("deal", "auction", "play", "over")
"""Each phase's name, by its number."""
PHASE_DEAL, PHASE_AUCTION, PHASE_PLAY, PHASE_OVER = range(4)
"""The phases' numbers, as the state holds them."""

VULNERABILITIES = ("none", "ns", "ew", "both")
"""The vulnerability parameter's values; ``VULNERABLE[v]`` says which sides are vulnerable."""
VULNERABLE = {"none": (0, 0), "ns": (1, 0), "ew": (0, 1), "both": (1, 1)}
"""(NS vulnerable, EW vulnerable) of each vulnerability."""

_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def card_suit(card: int) -> int:
    """The suit of a card id, 0-3 (C D H S)."""
    return card % NUM_SUITS


def card_rank(card: int) -> int:
    """The rank of a card id, 0-12 (2 .. A)."""
    return card // NUM_SUITS


def card_id(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (0-12) and ``suit`` (0-3)."""
    return rank * NUM_SUITS + suit


def card_name(card: int) -> str:
    """'SA', 'HT', 'C2': suit then rank."""
    return SUITS[card_suit(card)] + RANKS[card_rank(card)]


def bid_action(level: int, strain: int) -> int:
    """The action id of a bid of ``level`` (1-7) in ``strain`` (0-4)."""
    return BID_BASE + NUM_STRAINS * (level - 1) + strain


def bid_level(action: int) -> int:
    """The level (1-7) of a bid's action id."""
    return (action - BID_BASE) // NUM_STRAINS + 1


def bid_strain(action: int) -> int:
    """The strain (0-4) of a bid's action id."""
    return (action - BID_BASE) % NUM_STRAINS


def call_name(action: int) -> str:
    """'pass', 'X', 'XX', '1C' .. '7NT' for a call's action id (52-89)."""
    if action == PASS:
        return "pass"
    if action == DOUBLE:
        return "X"
    if action == REDOUBLE:
        return "XX"
    if BID_BASE <= action < NUM_ACTIONS:
        return f"{bid_level(action)}{STRAINS[bid_strain(action)]}"
    raise ValueError(f"{action} is no call: calls are 52-89")


def action_name(action: int) -> str:
    """The name of any action id: a card (0-51) or a call (52-89)."""
    if 0 <= action < NUM_CARDS:
        return card_name(action)
    return call_name(action)


CALL_WORDS = {"pass": PASS, "p": PASS, "x": DOUBLE, "dbl": DOUBLE, "double": DOUBLE, "xx": REDOUBLE,
              "rdbl": REDOUBLE, "redouble": REDOUBLE}
"""The calls that are no bid, by every word parse_action reads (lower case)."""

_BID = re.compile(r"([1-7])\s*(c|d|h|s|nt|n)")
_CARD_SUIT_FIRST = re.compile(r"([cdhs])\s*(10|[2-9tjqka])")
_CARD_RANK_FIRST = re.compile(r"(10|[2-9tjqka])\s*([cdhs])")


def parse_action(text: str, play: bool = False) -> int:
    """The action id ``text`` names, case-insensitive: a call ("pass", "p", "X", "dbl", "XX", "rdbl",
    "1C", "1nt", "3n"), a card suit first or rank first ("SA", "as", "h10", "Th", "♥T"), or an id
    (0-89). Text that reads both ways ("2d": the bid 2D or the card D2) is the bid, unless ``play`` says
    the cards are being played. ValueError when it names none."""
    word = " ".join(text.strip().lower().split())
    for symbol, letter in _SUIT_SYMBOLS.items():
        word = word.replace(symbol, letter.lower())
    if word.isascii() and word.isdigit() and len(word) <= 2:
        return int(word)
    if word in CALL_WORDS:
        return CALL_WORDS[word]
    match = _BID.fullmatch(word)
    if match and not (play and _CARD_RANK_FIRST.fullmatch(word)):
        strain = "cdhsn".index(match.group(2)[0])
        return bid_action(int(match.group(1)), strain)
    match = _CARD_SUIT_FIRST.fullmatch(word)
    if match:
        suit, rank = match.groups()
    else:
        match = _CARD_RANK_FIRST.fullmatch(word)
        if match is None:
            raise ValueError(f"{text!r} is not a call or a card: write pass, X, XX, a bid such as 1C or "
                             "3NT, or a card such as SA, HT, C2")
        rank, suit = match.groups()
    rank = "t" if rank == "10" else rank
    return card_id(RANKS.lower().index(rank), SUITS.lower().index(suit))


__all__ = ["BID_BASE", "CALL_WORDS", "DOUBLE", "MAX_AUCTION", "MAX_PLIES", "NO_TRUMP", "NUM_ACTIONS", "NUM_BIDS",
           "NUM_CARDS", "NUM_LEVELS", "NUM_RANKS", "NUM_SEATS", "NUM_STRAINS", "NUM_SUITS", "NUM_TRICKS", "PASS",
           "PHASES", "PHASE_AUCTION", "PHASE_DEAL", "PHASE_OVER", "PHASE_PLAY",
           "RANKS", "REDOUBLE", "SEATS", "SEAT_NAMES", "SIDES", "SIDE_NAMES", "STRAINS", "SUITS", "VULNERABILITIES",
           "VULNERABLE", "action_name", "bid_action", "bid_level", "bid_strain", "call_name", "card_id", "card_name",
           "card_rank", "card_suit", "parse_action"]
