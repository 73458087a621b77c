"""Playing cards drawn as small framed boxes (or one-line chips), and a hand of them side by side.

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


def card_chip(card, glyphs: Glyphs) -> Content:
    """One card on one line, for a compact table: '[K♦]', '[10♥]', '[░░]' face down."""
    if card is None:
        return Content.assemble(("[", FRAME), (glyphs.card_back * 2, BACK), ("]", FRAME))
    ink = ("$card-red" if card.suit in RED_SUITS else "$card-black") + " on $card-face bold"
    label = rank_text(card.rank) + glyphs.suits.get(card.suit, card.suit)
    return Content.assemble(("[", FRAME), (label, ink), ("]", FRAME))


def _note_rows(note) -> list[Content | str]:
    """``note`` as the three lines beside a hand: one note goes beside the middle line; a list or
    tuple gives up to three lines from the top."""
    if isinstance(note, (list, tuple)):
        rows = list(note)[:3]
        return rows + [""] * (3 - len(rows))
    return ["", note, ""]


def hand_content(cards, glyphs: Glyphs, note: Content | str | list | tuple = "") -> Content:
    """A hand as three lines of cards side by side, the note lines beside them (never under them)."""
    rows: list[list[Content | str]] = [[], [], []]
    for index, card in enumerate(cards):
        for row, line in zip(rows, card_lines(card, glyphs)):
            if index:
                row.append(" ")
            row.append(line)
    if not cards:
        rows[1].append(Content.styled("(no cards)", "dim"))
    for row, text in zip(rows, _note_rows(note)):
        if text:
            row.append("  ")
            row.append(text)
    return Content("\n").join(Content.assemble(*row) for row in rows)


def hand_line(cards, glyphs: Glyphs, note: Content | str = "") -> Content:
    """A hand on one line: '[Q♠] [9♣]  hard 19' (the compact table when space is short)."""
    parts: list[Content | str] = []
    for index, card in enumerate(cards):
        if index:
            parts.append(" ")
        parts.append(card_chip(card, glyphs))
    if not cards:
        parts.append(Content.styled("(no cards)", "dim"))
    if note:
        parts += ["  ", note]
    return Content.assemble(*parts)


def hand_width(cards, compact: bool) -> int:
    """Columns the cards of a hand take (without the note)."""
    if compact:
        return sum(len(rank_text(card.rank)) + 3 if card is not None else 4 for card in cards) + max(0, len(cards) - 1)
    return len(cards) * (CARD_WIDTH + 1) - 1 if cards else 10
