"""Cards lying on the table, for looking at only: a discard pile's top card, the last play of a seat
(Dou Dizhu's '33344'), a trick, a meld. Drawn like a hand (:mod:`.fan`): whole and apart where they
fit, else overlapped with every corner showing; a caption on the line above ('Discard', 'Landlord:
trio with pair'), and a word in place of the cards when there are none ('pass')."""

from __future__ import annotations

from typing import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.style import Style
from textual.widget import Widget

from tui_games.ui.glyphs import UNICODE, Glyphs
from tui_games.ui.widgets.fan import COLOURS, HandCard, card_lines, colour_css, colour_styles, plan_fan


class CardRow(Widget):
    """A row (or rows) of face-up cards with an optional caption; nothing in it can be chosen."""

    COMPONENT_CLASSES = {f"card-row--{colour}" for colour in COLOURS}

    DEFAULT_CSS = """
    CardRow { width: 1fr; height: auto; text-wrap: nowrap; text-overflow: clip; }
    """ + colour_css("CardRow", "card-row")

    def __init__(self, cards: Sequence[HandCard] = (), *, caption: str = "", empty: str = "",
                 glyphs: Glyphs = UNICODE, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: tuple[HandCard, ...] = tuple(cards)
        """The cards shown, left to right."""
        self.caption = caption
        """The line above the cards ('' for none)."""
        self.empty = empty
        """What shows in place of no cards ('pass'; '' leaves the place blank)."""
        self.glyphs = glyphs
        """The glyph set the frames and suits are drawn with."""

    def show(self, cards: Sequence[HandCard], caption: str | None = None, empty: str | None = None) -> None:
        """Show ``cards`` (and a new caption or empty word, where given)."""
        self.cards = tuple(cards)
        if caption is not None:
            self.caption = caption
        if empty is not None:
            self.empty = empty
        self.refresh(layout=True)

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Draw with another glyph set."""
        self.glyphs = glyphs
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The caption's line and the cards' lines at ``width``."""
        return len(self.lines(width))

    def render(self) -> Content:
        """The caption and the cards at the widget's width."""
        return Content("\n").join(self.lines(self.size.width))

    def lines(self, width: int) -> list[Content]:
        """The caption and the cards drawn at ``width`` columns, one Content a line."""
        out = [Content.styled(self.caption, "bold")] if self.caption else []
        if not self.cards:
            return out + [Content.styled(self.empty, "italic")] if self.empty or not out else out
        plan = plan_fan(self.cards, width, self.glyphs)
        styles = colour_styles(self, "card-row") if self.is_attached else {}
        places = plan.places(None)
        for members in plan.rows:
            pieces: list[list[Content | str]] = [[] for _ in range(plan.card_height)]
            column = 0
            for index in members:
                _, left, shown = places[index]
                card = self.cards[index]
                style = styles.get(card.colour) or styles.get("black") or Style()
                drawn = card_lines(card, shown, plan.whole, plan.card_height, self.glyphs, style)
                for line, piece in enumerate(pieces):
                    piece.extend([" " * (left - column), drawn[line]])
                column = left + shown
            out.extend(Content.assemble(*piece) for piece in pieces)
        return out

    def text(self, width: int | None = None) -> str:
        """The row as plain text (tests, and a screen reader's view)."""
        return "\n".join(line.plain.rstrip() for line in self.lines(self.size.width if width is None else width))


__all__ = ["CardRow"]
