"""Card ids of the 52-card deck, their names ("As", "Td", "2c"), parsing, and suit symbols.

A card id is ``rank * 4 + suit``: ranks 2, 3, ... K, A are 0..12 and suits clubs, diamonds, hearts,
spades are 0..3 (the numbering of OpenSpiel's universal_poker, ACPC and phevaluator), so ``0`` is
the two of clubs and ``51`` the ace of spades. Kernels use ``card >> 2`` and ``card & 3`` directly.

Pure Python: views and menus may import it without loading numba.
"""

from __future__ import annotations

from typing import NamedTuple

from tui_games.core.errors import InvalidMoveError

RANKS = "23456789TJQKA"
"""Rank letters by rank index 0..12."""
SUITS = "cdhs"
"""Suit letters by suit index 0..3: clubs, diamonds, hearts, spades."""
SUIT_SYMBOLS = "♣♦♥♠"
"""Unicode suit symbols by suit index."""
RED_SUITS = frozenset((1, 2))
"""Suit indices of the red suits (diamonds, hearts)."""
NUM_RANKS = 13
NUM_SUITS = 4
NUM_CARDS = 52
"""Cards in the deck."""

RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
              "king", "ace")
"""Each rank in words, by rank index."""
RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
                "queens", "kings", "aces")
"""Each rank's plural ("a pair of sixes"), by rank index."""
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
"""Each suit in words, by suit index."""

_SUIT_OF_CHAR = {letter: index for index, letter in enumerate(SUITS)}
_SUIT_OF_CHAR.update({symbol: index for index, symbol in enumerate(SUIT_SYMBOLS)})
_SUIT_OF_CHAR.update({symbol: index for index, symbol in enumerate("♧♢♡♤")})


class CardFace(NamedTuple):
    """A face-up card for the card widgets: ``rank`` one of 'A23456789TJQK', ``suit`` one of 'CDHS'."""

    rank: str
    suit: str


def card_id(rank: int, suit: int) -> int:
    """The id of the card of rank index ``rank`` (0 = two .. 12 = ace) and suit index ``suit``."""
    if not (0 <= rank < NUM_RANKS and 0 <= suit < NUM_SUITS):
        raise ValueError(f"no card has rank index {rank} and suit index {suit}")
    return rank * NUM_SUITS + suit


def card_rank(card: int) -> int:
    """Rank index 0..12 (two .. ace) of a card id."""
    return _checked(card) >> 2


def card_suit(card: int) -> int:
    """Suit index 0..3 (clubs, diamonds, hearts, spades) of a card id."""
    return _checked(card) & 3


def card_name(card: int) -> str:
    """The two-letter name of a card id: 'As', 'Td', '2c'."""
    card = _checked(card)
    return RANKS[card >> 2] + SUITS[card & 3]


def card_label(card: int, symbols: bool = True) -> str:
    """A card for display: 'A♠', '10♦' with suit symbols, or the plain name 'As', 'Td' without."""
    card = _checked(card)
    if not symbols:
        return card_name(card)
    rank = "10" if card >> 2 == 8 else RANKS[card >> 2]
    return rank + SUIT_SYMBOLS[card & 3]


def card_words(card: int) -> str:
    """A card in words: 'ace of spades'."""
    card = _checked(card)
    return f"{RANK_WORDS[card >> 2]} of {SUIT_WORDS[card & 3]}"


def card_face(card: int) -> CardFace:
    """The face of a card id as the card widgets draw it (rank letter, upper-case suit letter)."""
    card = _checked(card)
    return CardFace(RANKS[card >> 2], SUITS[card & 3].upper())


def is_red(card: int) -> bool:
    """True for diamonds and hearts."""
    return card_suit(card) in RED_SUITS


def cards_text(cards, symbols: bool = False) -> str:
    """Card ids as one string separated by spaces: 'As Kd 7c'."""
    return " ".join(card_label(card, symbols) for card in cards)


def parse_card(text: str) -> int:
    """The id of a card named like 'As', 'td', 'TD', '10d' or 'A♠'; a clear InvalidMoveError (a
    ValueError) for anything else."""
    cards = parse_cards(text) if text.strip() else _parse_run("", text)
    if len(cards) != 1:
        raise InvalidMoveError(f"{text.strip()!r} names {len(cards)} cards, not one")
    return cards[0]


def parse_cards(text: str) -> list[int]:
    """Card ids from text like 'As Kd', 'AsKd', 'as,kd,10c'; refuses a card named twice."""
    cards: list[int] = []
    for word in text.replace(",", " ").split():
        for card in _parse_run(word, text):
            if card in cards:
                raise InvalidMoveError(f"{card_name(card)} is named twice in {text.strip()!r}")
            cards.append(card)
    return cards


def _parse_run(word: str, text: str) -> list[int]:
    """The cards written one after another in ``word`` ('AsKd', '10d')."""
    if not word:
        raise InvalidMoveError("no card given: name one like 'As', 'Td' or '10d'")
    cards = []
    position = 0
    while position < len(word):
        if word[position:position + 2] == "10":
            rank, position = 8, position + 2
        else:
            rank = RANKS.find(word[position].upper())
            if rank < 0:
                raise InvalidMoveError(
                    f"{text.strip()!r} is not a card: {word[position]!r} is no rank "
                    "(ranks are 2-9, T or 10, J, Q, K, A; write cards like 'As', 'Td', '10d')")
            position += 1
        if position >= len(word):
            raise InvalidMoveError(
                f"{text.strip()!r} is not a card: the rank {RANKS[rank]} needs a suit "
                "(c, d, h or s: clubs, diamonds, hearts, spades), like 'As'")
        suit = _SUIT_OF_CHAR.get(word[position].lower())
        if suit is None:
            raise InvalidMoveError(
                f"{text.strip()!r} is not a card: {word[position]!r} is no suit "
                "(c, d, h or s: clubs, diamonds, hearts, spades)")
        position += 1
        cards.append(rank * NUM_SUITS + suit)
    return cards


def _checked(card) -> int:
    number = int(card)
    if not 0 <= number < NUM_CARDS:
        raise ValueError(f"{card!r} is not a card id (0..{NUM_CARDS - 1})")
    return number


__all__ = [
    "CardFace", "NUM_CARDS", "NUM_RANKS", "NUM_SUITS", "RANKS", "RANK_PLURALS", "RANK_WORDS", "RED_SUITS",
    "SUITS", "SUIT_SYMBOLS", "SUIT_WORDS", "card_face", "card_id", "card_label", "card_name", "card_rank",
    "card_suit", "card_words", "cards_text", "is_red", "parse_card", "parse_cards",
]
