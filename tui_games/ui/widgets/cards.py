"""Playing cards drawn as small framed boxes, and a hand of them side by side.

A card is anything with ``rank`` ('A23456789TJQK') and ``suit`` ('CDHS'); ``None`` is a face-down
card. Suits differ by symbol (or letter in ASCII); red suits are also red. Colours are theme
variables (``$card-face`` ...), so a theme switch recolours the cards at once.
"""

from __future__ import annotations

from textual.content import Content

from tui_games.ui.glyphs import Glyphs

RED_SUITS = frozenset("HD")
"""Hearts and diamonds."""

CARD_WIDTH = 5
"""Characters per card, frame included."""

FRAME = "$card-black on $card-face"
BACK = "$card-face on $card-back"


def rank_text(rank: str) -> str:
    """'10' for 'T', else the rank letter or digit."""
    return "10" if rank == "T" else rank


def card_face(card, glyphs: Glyphs) -> str:
    """The three characters inside a face-up card's frame: 'A ♠', '10♥'."""
    label = rank_text(card.rank)
    suit = glyphs.suits.get(card.suit, card.suit)
    return f"{label}{suit}" if len(label) == 2 else f"{label} {suit}"


def card_lines(card, glyphs: Glyphs) -> list[Content]:
    """The three lines of one card (``None``: face down)."""
    if glyphs.name == "ascii":
        top, bottom, side = "+---+", "+---+", "|"
    else:
        top, bottom, side = "╭───╮", "╰───╯", "│"
    if card is None:
        middle = Content.assemble((side, FRAME), (glyphs.card_back * 3, BACK), (side, FRAME))
    else:
        ink = ("$card-red" if card.suit in RED_SUITS else "$card-black") + " on $card-face bold"
        middle = Content.assemble((side, FRAME), (card_face(card, glyphs), ink), (side, FRAME))
    return [Content.styled(top, FRAME), middle, Content.styled(bottom, FRAME)]


def hand_content(cards, glyphs: Glyphs, note: Content | str = "") -> Content:
    """A hand as three lines of cards side by side, with ``note`` after the middle line."""
    rows: list[list[Content | str]] = [[], [], []]
    for index, card in enumerate(cards):
        for row, line in zip(rows, card_lines(card, glyphs)):
            if index:
                row.append(" ")
            row.append(line)
    if not cards:
        rows[1].append(Content.styled("(no cards)", "dim"))
    rows[1].append("  ")
    rows[1].append(note)
    return Content("\n").join(Content.assemble(*row) for row in rows)
