"""A player's hand of cards or tiles (UNO, Dou Dizhu, Gin Rummy, Mahjong, Bridge): drawn to fit its
width, chosen by key or mouse.

The view hands it :class:`~.fan.HandCard` values (face, mark, colour class, playable) and listens for
its messages. The cards stand apart where they fit, else overlap like a fan (each card shows its
corner, the cursor card shows whole), else wrap into even rows (see :mod:`.fan`): 20 cards fit in 48
columns and a corner is never cut. In single mode (UNO) Enter, Space or a click plays one card; in
multi mode (Dou Dizhu) Space, a letter or a click selects cards, raised one line, and Enter plays the
selection. Nothing depends on colour: the cursor card is whole and framed heavy (``#`` in ASCII),
selected cards stand one line higher, unplayable cards are dimmed and refused with a note.

Keys (when the hand has focus): Left/Right or h/l move the cursor, Up/Down change rows, Home/End go
to the ends, Space selects (single mode: plays), Enter plays, Backspace clears the selection, and a
card's letter (shown in its bottom edge; Shift+A..Z by default) moves the cursor to it and, in multi
mode, selects it. The bindings carry ids (``hand.next`` ...): the Keys screen lists them and a player
may remap them; a view relays them with :meth:`Hand.relayed_bindings`, under the same ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.style import Style
from textual.widget import Widget

from tui_games.ui.glyphs import UNICODE, Glyphs
from tui_games.ui.widgets.fan import (COLOURS, GAP, FanPlan, HandCard, card_lines, colour_css, colour_styles,
                                      plan_fan, row_width, whole_width)

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The default card letters: upper case, so they clash with no lower-case key of a screen or view."""

UNPLAYABLE_NOTE = "That card cannot be played now."
"""What the hand says when an unplayable card is chosen."""

EMPTY_NOTE = "Select cards first (Space, their letter or a click), then Enter."
"""What the hand says when Enter is pressed in multi mode with nothing selected."""


@dataclass
class HandMessage(Message):
    """What every message of a :class:`Hand` carries: the hand that posted it (its ``control``, so
    ``@on(Hand.Chosen, "#hand")`` works)."""

    hand: "Hand"

    @property
    def control(self) -> "Hand":
        """The hand that posted it."""
        return self.hand


class Hand(Widget, can_focus=True):
    """A hand of :class:`HandCard` with a cursor, and in multi mode a selection.

    ``multi``: several cards are chosen together (else Enter or a click plays one card); ``letters``:
    the key of each card by position ('' for none); ``notes``: the hand itself tells the player why a
    choice is refused (else only :class:`Hand.Refused` is posted).
    """

    COMPONENT_CLASSES = {f"hand--{colour}" for colour in COLOURS}

    DEFAULT_CSS = """
    Hand { width: 1fr; height: auto; text-wrap: nowrap; text-overflow: clip; }
    """ + colour_css("Hand", "hand")

    BINDINGS = [
        Binding("left,h", "step(-1)", "Previous card", show=False, id="hand.previous"),
        Binding("right,l", "step(1)", "Next card", show=False, id="hand.next"),
        Binding("up", "change_row(-1)", "Row above", show=False, id="hand.row_above"),
        Binding("down", "change_row(1)", "Row below", show=False, id="hand.row_below"),
        Binding("home", "jump(0)", "First card", show=False, id="hand.first"),
        Binding("end", "jump(-1)", "Last card", show=False, id="hand.last"),
        Binding("space", "toggle", "Select", show=False, id="hand.select"),
        Binding("enter", "choose", "Play", show=False, id="hand.play"),
        Binding("backspace", "clear", "Clear selection", show=False, id="hand.clear"),
    ]

    @dataclass
    class Chosen(HandMessage):
        """The player plays ``indices`` (positions in the hand, ascending): ``cards`` are those cards."""

        indices: tuple[int, ...]
        cards: tuple[HandCard, ...]

    @dataclass
    class SelectionChanged(HandMessage):
        """The selection is now ``indices`` (multi mode; ascending, possibly empty)."""

        indices: tuple[int, ...]

    @dataclass
    class Highlighted(HandMessage):
        """The cursor is now on card ``index`` (``card``), or on nothing (``None``: an empty hand)."""

        index: int | None
        card: HandCard | None

    @dataclass
    class Refused(HandMessage):
        """A choice was refused: card ``index`` is not playable, or (``None``) nothing is selected."""

        index: int | None
        card: HandCard | None

    @classmethod
    def relayed_bindings(cls, action: str = "hand") -> list[Binding]:
        """The hand's bindings for a view that holds it, so its keys still reach it while another of the
        view's widgets (an action button) has the focus: each runs the view's ``action`` with the hand's
        action as its argument (``hand('step(1)')``), hidden, under the hand's id, so a remapped key
        moves in both places."""
        return [Binding(b.key, f"{action}({b.action!r})", b.description, show=False, id=b.id)
                for b in cls.BINDINGS if isinstance(b, Binding)]

    def __init__(self, cards: Sequence[HandCard] = (), *, multi: bool = False, glyphs: Glyphs = UNICODE,
                 letters: str = LETTERS, notes: bool = True, empty: str = "(no cards)",
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._cards: tuple[HandCard, ...] = ()
        self._cursor = 0
        self._selected: frozenset[int] = frozenset()
        self._multi = multi
        self._plans: dict[tuple, FanPlan] = {}
        self.glyphs = glyphs
        """The glyph set the frames and suits are drawn with."""
        self.letters = letters
        """Each card's key by position (shown in its bottom edge); '' for none."""
        self.notes = notes
        """Whether the hand notifies the player of a refused choice itself."""
        self.empty = empty
        """What an empty hand shows."""
        self._cards = tuple(cards)
        self._cursor = self._follow((), 0, self._cards, False)

    # ----- what the view sets ------------------------------------------------------------------------
    def show(self, cards: Sequence[HandCard]) -> None:
        """Show ``cards``. The cursor stays on the card it was on (the nearest one alike), else at its
        place; where the hand changed and that card is unplayable, it moves to the nearest playable
        card. The selection stays while the same cards are shown (less any now unplayable), else it
        is cleared."""
        cards = tuple(cards)
        if cards == self._cards:
            return
        old, old_cursor = self._cards, self._cursor
        same = [card.identity() for card in cards] == [card.identity() for card in old]
        cursor = self._follow(old, old_cursor, cards, same)
        selected = frozenset(i for i in self._selected if cards[i].playable) if same else frozenset()
        self._cards = cards
        self._set_selection(selected)
        self._set_cursor(cursor, force=not same)
        self.refresh(layout=True)

    @staticmethod
    def _follow(old: tuple[HandCard, ...], cursor: int, cards: tuple[HandCard, ...], same: bool) -> int:
        if not cards:
            return 0
        if not same and cursor < len(old):
            target = old[cursor].identity()
            alike = [i for i, card in enumerate(cards) if card.identity() == target]
            if alike:
                cursor = min(alike, key=lambda i: (abs(i - cursor), i))
        cursor = min(cursor, len(cards) - 1)
        if not cards[cursor].playable:
            playable = [i for i, card in enumerate(cards) if card.playable]
            if playable:
                cursor = min(playable, key=lambda i: (abs(i - cursor), i))
        return cursor

    @property
    def cards(self) -> tuple[HandCard, ...]:
        """The cards shown, left to right."""
        return self._cards

    @property
    def cursor(self) -> int | None:
        """The cursor card's position (None for an empty hand)."""
        return self._cursor if self._cards else None

    @property
    def selected(self) -> tuple[int, ...]:
        """The selected cards' positions, ascending (multi mode)."""
        return tuple(sorted(self._selected))

    @property
    def multi(self) -> bool:
        """True when several cards are chosen together (the selection is cleared on a change)."""
        return self._multi

    @multi.setter
    def multi(self, value: bool) -> None:
        if value != self._multi:
            self._multi = value
            self._set_selection(frozenset())
            self.refresh(layout=True)

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Draw with another glyph set (Unicode or ASCII)."""
        self.glyphs = glyphs
        self.refresh(layout=True)

    # ----- choosing ----------------------------------------------------------------------------------
    def move_cursor(self, index: int) -> None:
        """Put the cursor on card ``index`` (clamped to the hand)."""
        if self._cards:
            self._set_cursor(max(0, min(index, len(self._cards) - 1)))

    def toggle(self, index: int | None = None) -> None:
        """Select or unselect card ``index`` (the cursor card by default); an unplayable card is
        refused. Single mode has no selection: the card is played."""
        index = self._cursor if index is None else index
        if not 0 <= index < len(self._cards):
            return
        if not self._multi:
            self.choose(index)
        elif not self._cards[index].playable:
            self._refuse(index)
        else:
            self._set_selection(self._selected ^ {index})

    def select(self, indices: Sequence[int]) -> None:
        """Make ``indices`` the selection (multi mode; unplayable cards and positions outside the hand
        are left out)."""
        if self._multi:
            self._set_selection(frozenset(i for i in indices if 0 <= i < len(self._cards) and self._cards[i].playable))

    def clear_selection(self) -> None:
        """Unselect every card."""
        self._set_selection(frozenset())

    def choose(self, index: int | None = None) -> None:
        """Play: in single mode card ``index`` (the cursor card by default), in multi mode the
        selection. Posts :class:`Hand.Chosen`, or :class:`Hand.Refused` for an unplayable card or an
        empty selection."""
        if not self._cards:
            return
        if self._multi:
            if not self._selected:
                self._refuse(None)
                return
            indices = self.selected
        else:
            index = self._cursor if index is None else index
            if not 0 <= index < len(self._cards):
                return
            if not self._cards[index].playable:
                self._refuse(index)
                return
            indices = (index,)
        self.post_message(self.Chosen(self, indices, tuple(self._cards[i] for i in indices)))

    def _refuse(self, index: int | None) -> None:
        card = self._cards[index] if index is not None else None
        self.post_message(self.Refused(self, index, card))
        if self.notes and self.is_attached:
            self.notify(UNPLAYABLE_NOTE if index is not None else EMPTY_NOTE, severity="warning", timeout=3)

    def _set_cursor(self, index: int, force: bool = False) -> None:
        if index != self._cursor or force:
            self._cursor = index
            self.refresh()
            card = self._cards[index] if self._cards else None
            self.post_message(self.Highlighted(self, index if card is not None else None, card))

    def _set_selection(self, selected: frozenset[int]) -> None:
        if selected != self._selected:
            self._selected = selected
            self.refresh()
            self.post_message(self.SelectionChanged(self, self.selected))

    # ----- keys and mouse ------------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        """Move the cursor ``delta`` cards (stopping at the ends)."""
        self.move_cursor(self._cursor + delta)

    def action_jump(self, index: int) -> None:
        """Move the cursor to card ``index`` (-1: the last)."""
        self.move_cursor(index if index >= 0 else len(self._cards) + index)

    def action_change_row(self, delta: int) -> None:
        """Move the cursor to the same place in the row above or below."""
        plan = self.plan()
        row = plan.row_of(self._cursor)
        target = row + delta
        if 0 <= target < len(plan.rows):
            place = plan.rows[row].index(self._cursor)
            self.move_cursor(plan.rows[target][min(place, len(plan.rows[target]) - 1)])

    def action_toggle(self) -> None:
        """Select or unselect the cursor card (single mode: play it)."""
        self.toggle()

    def action_choose(self) -> None:
        """Play the cursor card (single mode) or the selection (multi mode)."""
        self.choose()

    def action_clear(self) -> None:
        """Unselect every card."""
        self.clear_selection()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Up/Down only with several rows and Backspace only with a selection; otherwise those keys
        are left to the view."""
        if action == "change_row":
            return len(self.plan().rows) > 1
        if action == "clear":
            return bool(self._selected)
        return True

    def on_key(self, event: events.Key) -> None:
        """A card's letter: the cursor goes to that card (multi mode: it is selected or unselected)."""
        char = event.character or ""
        if len(char) != 1 or char not in self.letters:
            return
        index = self.letters.index(char)
        if index >= len(self._cards):
            return
        event.stop()
        event.prevent_default()
        self.move_cursor(index)
        if self._multi:
            self.toggle(index)

    def on_click(self, event: events.Click) -> None:
        """A click on a card (on the part of it that shows): single mode plays it, multi mode selects
        or unselects it; the cursor goes there either way."""
        offset = event.get_content_offset(self)
        index = self.card_at(offset.x, offset.y) if offset is not None else None
        if index is None:
            return
        event.stop()
        self.focus()
        self.move_cursor(index)
        self.toggle(index)

    def card_at(self, x: int, y: int) -> int | None:
        """The card whose visible part covers column ``x`` of line ``y`` (the raise line and the
        line a raised card leaves count as that card's column), or None."""
        if not self._cards or x < 0 or y < 0:
            return None
        plan = self.plan()
        row = y // plan.row_height
        if row >= len(plan.rows):
            return None
        places = plan.places(self._cursor)
        for index in plan.rows[row]:
            _, left, shown = places[index]
            if left <= x < left + shown:
                return index
        return None

    # ----- drawing -----------------------------------------------------------------------------------
    def plan(self, width: int | None = None) -> FanPlan:
        """The layout at ``width`` columns (the widget's width by default)."""
        width = self.size.width if width is None else width
        key = (self._cards, width, self.glyphs.name, self._multi)
        if key not in self._plans:
            if len(self._plans) > 8:
                self._plans.clear()
            self._plans[key] = plan_fan(self._cards, width, self.glyphs, raise_room=self._multi)
        return self._plans[key]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The fan's lines at ``width``."""
        return self.plan(width).height

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The width that shows every card whole and apart (or the container's, if less)."""
        apart = row_width(len(self._cards), whole_width(self._cards, self.glyphs) + GAP,
                          whole_width(self._cards, self.glyphs))
        return min(container.width, max(len(self.empty), apart))

    def render(self) -> Content:
        """The cards at the widget's width."""
        return Content("\n").join(self.lines(self.size.width))

    def lines(self, width: int) -> list[Content]:
        """The hand drawn at ``width`` columns, one Content a line."""
        if not self._cards:
            return [Content.styled(self.empty, "dim italic")]
        plan = self.plan(width)
        styles = colour_styles(self, "hand") if self.is_attached else {}
        places = plan.places(self._cursor)
        out: list[Content] = []
        for members in plan.rows:
            pieces: list[list[Content | str]] = [[] for _ in range(plan.row_height)]
            column = 0
            for index in members:
                _, left, shown = places[index]
                card = self._cards[index]
                style = styles.get(card.colour) or styles.get("black") or Style()
                drawn = card_lines(card, shown, plan.whole, plan.card_height, self.glyphs, style,
                                   cursor=index == self._cursor, selected=index in self._selected,
                                   letter=self.letters[index] if index < len(self.letters) else "")
                top = int(plan.raise_room and index not in self._selected)
                for line, piece in enumerate(pieces):
                    if left > column:
                        piece.append(" " * (left - column))
                    inside = line - top
                    piece.append(drawn[inside] if 0 <= inside < len(drawn) else " " * shown)
                column = left + shown
            out.extend(Content.assemble(*piece) for piece in pieces)
        return out

    def text(self, width: int | None = None) -> str:
        """The hand as plain text (tests, and a screen reader's view)."""
        return "\n".join(line.plain.rstrip() for line in self.lines(self.size.width if width is None else width))


__all__ = ["EMPTY_NOTE", "Hand", "HandCard", "LETTERS", "UNPLAYABLE_NOTE"]
