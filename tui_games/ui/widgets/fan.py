"""Cards laid out as a fan: the generic card any game hands to :class:`~.hand.Hand`, how many rows and
how much of each card show at a given width, and one card's lines.

A card is drawn as a frame with its face on the first line inside and its mark (a suit or a colour
letter) under it. Where a hand has room the cards stand side by side with a column between them.
Where it has not they overlap like a fan: each card shows its first ``strip`` columns, its corner (the
frame's left side, the corner text and the mark), and the cursor card and the last card of a row show
whole. A strip is never narrower than the widest corner, so no card's identity is ever cut: where one
row cannot hold the hand, it is split into 2, 3 ... rows of even length.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil
from typing import TYPE_CHECKING, Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.style import Style

from tui_games.ui.glyphs import Glyphs
from tui_games.ui.widgets.cards import RED_SUITS, rank_text

if TYPE_CHECKING:
    from textual.widget import Widget

COLOURS = ("black", "red", "fill-red", "fill-green", "fill-blue", "fill-yellow", "fill-black")
"""The colour classes a card may have: ``black`` and ``red`` ink on the card face (playing cards),
``fill-*`` cards filled with their colour (UNO's red, green, blue and yellow, and its black wild cards)."""


def colour_css(widget_type: str, prefix: str) -> str:
    """CSS for the colour classes of a widget that draws cards: ``<prefix>--<colour>`` component
    classes in theme colours (UNO's blue is the card back's colour, its wild cards the card ink)."""
    fills = {"black": "color: $card-black; background: $card-face;",
             "red": "color: $card-red; background: $card-face;",
             "fill-red": "background: $card-red; color: auto 90%;",
             "fill-green": "background: $success; color: auto 90%;",
             "fill-blue": "background: $card-back; color: auto 90%;",
             "fill-yellow": "background: $warning; color: auto 90%;",
             "fill-black": "background: $card-black; color: $card-face;"}
    return "\n".join(f"{widget_type} > .{prefix}--{colour} {{ {rule} }}" for colour, rule in fills.items())


def colour_styles(widget: Widget, prefix: str) -> dict[str, Style]:
    """Each colour class's style as the widget's theme resolves it now (a theme switch changes them)."""
    return {colour: Style.from_rich_style(widget.get_component_rich_style(f"{prefix}--{colour}"))
            for colour in COLOURS}


MIN_INSIDE = 3
"""The narrowest inside of a whole card (a whole card is this plus its two sides, or wider)."""

GAP = 1
"""Columns between whole cards that stand apart."""


@dataclass(frozen=True)
class HandCard:
    """One card (or tile) as a hand draws it; nothing in it belongs to a game.

    ``face`` is the text on the card ('7', '10', 'skip', '+4', 'BJ'); ``mark`` its suit or colour
    marker, drawn under the face (the suit letters S H D C are drawn as the glyph set's suit symbols,
    anything else as given, e.g. 'r' for a red UNO card); ``colour`` one of :data:`COLOURS`;
    ``playable`` whether it may be chosen now (others are dimmed and refused); ``corner`` the short
    text an overlapped card shows instead of a long face ('S' for 'skip'; the face when empty). The
    corner and the mark are the card's identity: they show whatever the layout.
    """

    face: str
    mark: str = ""
    colour: str = "black"
    playable: bool = True
    corner: str = ""

    @property
    def corner_text(self) -> str:
        """What an overlapped card shows on its face line: the corner, else the face."""
        return self.corner or self.face

    def identity(self) -> HandCard:
        """The card without its playable flag (two cards that look alike are the same card)."""
        return replace(self, playable=True)


def playing_card(card, playable: bool = True) -> HandCard:
    """A playing card (anything with ``rank`` 'A23456789TJQK' and ``suit`` 'SHDC', see :mod:`.cards`)
    as a hand card: '10' for a ten, the suit as its mark, red or black ink."""
    return HandCard(rank_text(card.rank), card.suit, "red" if card.suit in RED_SUITS else "black", playable)


def mark_text(card: HandCard, glyphs: Glyphs) -> str:
    """The card's mark as drawn: a suit letter as the glyph set's symbol, else the mark itself."""
    return glyphs.suits.get(card.mark, card.mark) if len(card.mark) == 1 else card.mark


def corner_width(cards: Sequence[HandCard], glyphs: Glyphs) -> int:
    """Columns the widest corner text or mark needs (at least 1)."""
    return max([1] + [max(cell_len(card.corner_text), cell_len(mark_text(card, glyphs))) for card in cards])


def whole_width(cards: Sequence[HandCard], glyphs: Glyphs) -> int:
    """Columns of a whole card of this hand, sides included: the widest face, corner or mark inside."""
    inside = max([MIN_INSIDE, corner_width(cards, glyphs)] + [cell_len(card.face) for card in cards])
    return inside + 2


def card_height(cards: Sequence[HandCard]) -> int:
    """Lines of a card: the frame, the face line, and a mark line where any card has a mark."""
    return 4 if any(card.mark for card in cards) else 3


def row_width(count: int, strip: int, whole: int) -> int:
    """Columns a row of ``count`` cards takes: apart (``strip`` > ``whole``: the excess is the gap),
    side by side (``strip`` = ``whole``), or overlapped with the cursor and the last card whole."""
    if count <= 0:
        return 0
    if strip >= whole:
        return count * whole + (count - 1) * (strip - whole)
    return whole if count == 1 else (count - 2) * strip + 2 * whole


def split_rows(count: int, rows: int) -> tuple[tuple[int, ...], ...]:
    """Card indices 0..count-1 in ``rows`` rows of even length (the first rows take one more)."""
    size, extra = divmod(count, rows)
    out, start = [], 0
    for row in range(rows):
        length = size + (row < extra)
        out.append(tuple(range(start, start + length)))
        start += length
    return tuple(out)


@dataclass(frozen=True)
class FanPlan:
    """Where a hand's cards go at one width: the rows of card indices, the columns each overlapped
    card shows, a whole card's width and height, and whether a line above each row is kept for
    raised (selected) cards."""

    rows: tuple[tuple[int, ...], ...]
    strip: int
    whole: int
    card_height: int
    raise_room: bool
    width: int
    """The width the plan was made for."""

    @property
    def row_height(self) -> int:
        """Lines of one row of cards (the raise line included)."""
        return self.card_height + self.raise_room

    @property
    def height(self) -> int:
        """Lines of the whole fan (one for an empty hand)."""
        return max(1, len(self.rows) * self.row_height)

    @property
    def overlapped(self) -> bool:
        """True when cards cover each other (only the cursor and the rows' last cards show whole)."""
        return self.strip < self.whole

    def row_of(self, index: int) -> int:
        """The row holding card ``index``."""
        return next(row for row, members in enumerate(self.rows) if index in members)

    def places(self, cursor: int | None) -> dict[int, tuple[int, int, int]]:
        """Each card's (row, first column, columns shown) with the cursor on card ``cursor``; each
        row is centred on the width it takes with the cursor in it, so it stays put as the cursor
        comes and goes."""
        out = {}
        for row, members in enumerate(self.rows):
            x = max(0, (self.width - row_width(len(members), self.strip, self.whole)) // 2)
            for position, index in enumerate(members):
                whole = not self.overlapped or index == cursor or position == len(members) - 1
                shown = self.whole if whole else self.strip
                out[index] = (row, x, shown)
                x += shown + (GAP if self.strip > self.whole else 0)
        return out


def plan_fan(cards: Sequence[HandCard], width: int, glyphs: Glyphs, raise_room: bool = False) -> FanPlan:
    """The plan for ``cards`` at ``width`` columns: the fewest rows, and in them the widest strips,
    that fit; one card a row when even that does not fit (the row is then cut at the edge)."""
    whole = whole_width(cards, glyphs)
    narrowest = corner_width(cards, glyphs) + 1
    count = len(cards)
    for rows in range(1, count + 1):
        per_row = ceil(count / rows)
        for strip in range(whole + GAP, narrowest - 1, -1):
            if row_width(per_row, strip, whole) <= width:
                return FanPlan(split_rows(count, rows), strip, whole, card_height(cards), raise_room, width)
    return FanPlan(split_rows(count, max(1, count)) if count else (), narrowest, whole, card_height(cards),
                   raise_room, width)


@dataclass(frozen=True)
class Frame:
    """The characters of a card's frame."""

    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    across: str
    side: str


FRAMES = {
    ("unicode", False): Frame("╭", "╮", "╰", "╯", "─", "│"),
    ("unicode", True): Frame("┏", "┓", "┗", "┛", "━", "┃"),
    ("ascii", False): Frame("+", "+", "+", "+", "-", "|"),
    ("ascii", True): Frame("#", "#", "#", "#", "=", "#"),
}
"""Frames by (glyph set, cursor): the cursor card's frame differs in shape, not only in colour."""


def card_lines(card: HandCard, shown: int, whole: int, height: int, glyphs: Glyphs, style: Style, *,
               cursor: bool = False, selected: bool = False, letter: str = "") -> list[Content]:
    """The ``height`` lines of ``card`` cut to its first ``shown`` columns (``whole``: all of it).

    A whole card shows its face, an overlapped one its corner text; ``style`` is the card's colour
    class; an unplayable card is dimmed, a playable one's face bold, a selected one's face underlined,
    the cursor card framed heavy (``#`` in ASCII) with its key ``letter`` reversed in the bottom edge.
    """
    frame = FRAMES[("ascii" if glyphs.name == "ascii" else "unicode", cursor)]
    inside = shown - 1 if shown < whole else whole - 2
    right = frame.side if shown >= whole else ""
    corner_right = (frame.top_right, frame.bottom_right) if shown >= whole else ("", "")
    body = style + Style(dim=True) if not card.playable else style
    ink = body + Style(bold=card.playable or None, underline=selected or None)
    text = card.face if shown >= whole else card.corner_text
    lines = [Content.styled(frame.top_left + frame.across * inside + corner_right[0], body)]
    for value in [text] + ([mark_text(card, glyphs)] if height == 4 else []):
        cell = value + " " * (inside - cell_len(value))
        lines.append(Content.assemble((frame.side, body), (cell, ink), (right, body)))
    key = letter[:1] if inside >= 1 else ""
    key_style = body + Style(bold=True, reverse=cursor or None)
    lines.append(Content.assemble((frame.bottom_left, body), (key, key_style),
                                  (frame.across * (inside - len(key)) + corner_right[1], body)))
    return lines


__all__ = ["COLOURS", "FRAMES", "FanPlan", "Frame", "GAP", "HandCard", "MIN_INSIDE", "card_height", "card_lines",
           "colour_css", "colour_styles", "corner_width", "mark_text", "plan_fan", "playing_card", "row_width", "split_rows",
           "whole_width"]
