"""Numbers and names the rules, the game and the view share: cards, action ids and OpenSpiel's meld ids.

Imports nothing that loads numba. A card is ``suit * 13 + rank`` (suits s c d h, ranks A 2 .. T J Q K),
written "As", "Td"; actions are OpenSpiel's: 0-51 a card (discard or lay off; at a chance node the card
dealt), 52 draw the upcard, 53 draw from the stock, 54 pass, 55 knock, 56-240 lay meld ``action - 56``.
"""

RANKS = "A23456789TJQK"
"""Rank letters, ace low."""
SUITS = "scdh"
"""Suit letters in card order: spades, clubs, diamonds, hearts."""
NUM_RANKS = 13
NUM_SUITS = 4
NUM_CARDS = 52
HAND_SIZE = 10
"""Cards dealt to each player."""
WALL_STOCK = 2
"""The hand is dead when a discard leaves this many stock cards (the next player may only knock or pass)."""
MAX_DEADWOOD = 98
"""The most deadwood a ten-card hand can hold (OpenSpiel's bound: KsKcQdQhJsJcTdTh9s9c)."""
MAX_UPCARD_DRAWS = 50
"""The 50th draw of the upcard in the draw phase ends the hand as a draw (OpenSpiel's bound on a hand)."""

DRAW_UPCARD = 52
DRAW_STOCK = 53
PASS = 54
KNOCK = 55
MELD_BASE = 56
NUM_MELDS = 185
NUM_ACTIONS = MELD_BASE + NUM_MELDS
"""Action ids 0..240."""

RANK_MELDS = 65
"""Meld ids 0-64: sets (rank * 5 + the suit missing from a set of three, rank * 5 + 4 all four)."""
RUN3_BASE, RUN4_BASE, RUN5_BASE = 65, 109, 149
"""Runs of three (65 + suit * 11 + lowest rank), four (109 + suit * 10 + ...) and five (149 + suit * 9 + ...)."""


def card_value(card: int) -> int:
    """Points of a card: ace 1, 2-9 their number, T J Q K 10."""
    return min(10, card % NUM_RANKS + 1)


def card_name(card: int) -> str:
    """'As', 'Td', 'Kh'."""
    return RANKS[card % NUM_RANKS] + SUITS[card // NUM_RANKS]


def card_of(text: str) -> int | None:
    """The card a name like 'As', 'td', '10h' means; None when it is no card."""
    word = text.strip()
    if word[:2] == "10":
        word = "T" + word[2:]
    if len(word) != 2 or word[0].upper() not in RANKS or word[1].lower() not in SUITS:
        return None
    return SUITS.index(word[1].lower()) * NUM_RANKS + RANKS.index(word[0].upper())


def meld_cards(meld: int) -> tuple[int, ...]:
    """The cards of OpenSpiel's meld id ``meld`` (0-184), in increasing card order."""
    if meld < RANK_MELDS:
        rank, kind = divmod(meld, 5)
        return tuple(suit * NUM_RANKS + rank for suit in range(NUM_SUITS) if suit != kind)
    for base, length in ((RUN5_BASE, 5), (RUN4_BASE, 4), (RUN3_BASE, 3)):
        if meld >= base:
            suit, low = divmod(meld - base, NUM_RANKS + 1 - length)
            return tuple(suit * NUM_RANKS + low + i for i in range(length))
    raise ValueError(f"no meld {meld}")


MELDS = tuple(meld_cards(meld) for meld in range(NUM_MELDS))
"""Every meld id's cards."""
MELD_OF = {cards: meld for meld, cards in enumerate(MELDS)}
"""The meld id of a sorted tuple of cards."""


def meld_name(meld: int) -> str:
    """A meld as OpenSpiel writes it: its cards run together, 'As2s3s', '7s7c7d'."""
    return "".join(card_name(card) for card in MELDS[meld])
