"""A card table for 2-10 seats: seats around an oval, the community cards and pots in the middle, a
hand-history log under it, and the betting buttons.

The poker views fill a :class:`TableModel` from the state as the shown seat may see it (a card they
may not see is ``None``, drawn face down) and call :meth:`CardTable.show`; the table draws itself at
whatever size it has. Seat 0 of the model sits at the bottom and the others follow clockwise (to its
left first). With few seats and room to spare each seat takes three lines: its name, its cards, its
chips. With seven or more, or a small table, seats are compact: short names, cards side by side and
the chips in short ('b4'), on three lines where they fit and else on two (ten seats stay readable
at 80x24); when even that leaves no room for the middle of the table, the community cards close up.
Every mark reads without colour: the turn marker is an arrow, the dealer button a reversed ``D``,
winners' cards reversed, folded seats say so.

:class:`BettingBar` holds the betting buttons (fold, check or call with the amount, bet or raise),
each with its key letter: ``f`` fold, ``c`` check or call, ``r`` bet or raise, ``a`` all in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from tui_games.core.words import counted
from tui_games.ui.glyphs import UNICODE, Glyphs
from tui_games.ui.widgets.action_bar import ActionBar
from tui_games.ui.widgets.cards import card_chip

MAX_SEATS = 10
"""The most seats a table draws."""
COMPACT_FROM = 7
"""Seats from which the table always uses the compact seats."""
LOG_ROWS = 3
"""Lines the hand-history log shows (when the table has room for them)."""

FELT = "$success"
"""The oval's border colour (a theme variable)."""


def separator(glyphs: Glyphs) -> str:
    """What separates short items on one line: ' · ', or ', ' in ASCII mode."""
    return ", " if glyphs.name == "ascii" else " · "


@dataclass(frozen=True)
class TableSeat:
    """One seat as the table draws it.

    ``cards`` are faces (anything with ``rank`` and ``suit``, see :mod:`.cards`) or ``None`` for a
    face-down card; ``winning`` holds the indices of the cards that make a winning hand (drawn
    reversed). ``hand`` names the hand where it is shown ('Pair of kings'); ``note`` is a short word
    about the seat's last action or result ('raise to 5', 'wins 7'); ``short`` is the name the compact
    layout uses ('P5', 'You'; the name cut short when empty).
    """

    name: str
    stack: int
    bet: int = 0
    short: str = ""
    cards: tuple = ()
    dealer: bool = False
    blind: str = ""
    folded: bool = False
    all_in: bool = False
    to_act: bool = False
    winner: bool = False
    hand: str = ""
    note: str = ""
    winning: frozenset[int] = frozenset()


@dataclass(frozen=True)
class TableModel:
    """Everything on the table: the seats (the shown seat first), the community cards (``slots`` of
    them in all, the rest drawn as empty places), the pots as (label, chips), a message for the
    middle of the table and the hand-history log (oldest first)."""

    seats: tuple[TableSeat, ...]
    community: tuple = ()
    slots: int = 0
    community_winning: frozenset[int] = frozenset()
    pots: tuple[tuple[str, int], ...] = ()
    message: str = ""
    log: tuple[str, ...] = ()


@dataclass
class _Box:
    """A seat's block on the canvas: its top-left corner and size."""

    x: int
    y: int
    width: int
    height: int

    def overlaps(self, other: "_Box") -> bool:
        return not (self.x + self.width <= other.x or other.x + other.width <= self.x
                    or self.y + self.height <= other.y or other.y + other.height <= self.y)


@dataclass
class Canvas:
    """Rows of text pieces placed at columns; a later piece covers what it overlaps."""

    width: int
    height: int
    rows: list[list[tuple[int, Content]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rows = [[] for _ in range(self.height)]

    def put(self, x: int, y: int, piece: Content | str, style: str = "") -> None:
        """Place ``piece`` with its left edge at column ``x`` of row ``y`` (clipped to the canvas)."""
        if not 0 <= y < self.height:
            return
        content = Content.styled(piece, style) if isinstance(piece, str) else piece
        if x < 0:
            content = content[-x:]
            x = 0
        content = content[:max(0, self.width - x)]
        if content.cell_length:
            self.rows[y].append((x, content))

    def lines(self) -> list[Content]:
        """Each row as one Content, pieces in place and blanks between them."""
        lines = []
        for pieces in self.rows:
            cells: list[Content | None] = [None] * self.width
            for x, content in pieces:
                for offset in range(content.cell_length):
                    cells[x + offset] = content[offset:offset + 1]
            lines.append(Content.assemble(*(cell if cell is not None else " " for cell in cells)))
        return lines


def seat_corners(seats: int, width: int, height: int, box_width: int, box_height: int) -> list[tuple[int, int]]:
    """Where each seat's block goes: top-left corners on an ellipse, seat 0 at the bottom middle and
    the rest clockwise (to its left first), every block inside ``width`` x ``height``; the ellipse
    is stretched so that the outermost blocks reach the sides and the highest the top."""
    angles = [math.pi / 2 + 2 * math.pi * seat / seats for seat in range(seats)]
    reach_x = max(abs(math.cos(angle)) for angle in angles)
    reach_up = max(-math.sin(angle) for angle in angles)
    reach_x = reach_x if reach_x > 1e-9 else 1.0  # two seats sit at the top and the bottom
    rx = max(0.0, (width - box_width) / 2) / reach_x
    ry = max(0.0, (height - box_height) / 2)
    corners = []
    for angle in angles:
        up = math.sin(angle) < 0
        cx = width / 2 + rx * math.cos(angle)
        cy = height / 2 + ry * math.sin(angle) / (reach_up if up else 1.0)  # the top row reaches the top
        x = min(max(0, round(cx - box_width / 2)), max(0, width - box_width))
        y = min(max(0, round(cy - box_height / 2)), max(0, height - box_height))
        corners.append((x, y))
    return corners


def felt_box(boxes: Sequence[_Box], width: int, height: int, need_width: int = 0, need_height: int = 0) -> _Box:
    """The centred rectangle for the oval that no seat block covers: the largest one at least
    ``need_width`` x ``need_height`` (the middle of the table), else the largest there is."""
    best: tuple[tuple[bool, int], _Box] | None = None
    for half_h in range(height // 2, -1, -1):
        rows = 2 * half_h + 1
        top = height // 2 - half_h
        for half_w in range(width // 2, 0, -1):
            felt = _Box(width // 2 - half_w, top, 2 * half_w, rows)
            if felt.x < 0 or felt.x + felt.width > width or top + rows > height:
                continue
            if any(box.overlaps(felt) for box in boxes):
                continue
            score = (felt.width >= need_width and felt.height >= need_height, felt.width * felt.height)
            if best is None or score > best[0]:
                best = (score, felt)
            break  # narrower ones at this height are smaller
    return best[1] if best is not None else _Box(width // 2, height // 2, 0, 0)


def hand_forms(hand: str) -> list[str]:
    """A hand's name whole, then shorter, for a seat short of room: 'Two pair, kings and sevens' and
    'Two pair'; 'Pair of kings' and 'Pair' (a name is shown whole or not at all, never cut)."""
    if not hand:
        return []
    category = hand.split(",")[0]
    if category.startswith("Pair of "):
        category = "Pair"
    return [hand] if category == hand else [hand, category]


def _fits(felt: _Box, need: tuple[int, int]) -> bool:
    return felt.width >= need[0] and felt.height >= need[1]


class TableCanvas(Widget):
    """The oval, the seats around it and the middle of the table, drawn to the widget's size."""

    DEFAULT_CSS = """
    TableCanvas { width: 1fr; height: 1fr; }
    """

    def __init__(self, glyphs: Glyphs = UNICODE, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self.model: TableModel | None = None
        self.compact = False
        """True when the seats are drawn compact (short names, short chip counts)."""
        self.tight = False
        """True when the community cards are drawn without gaps (a crowded table)."""
        self._drawn: tuple | None = None  # (model, width, height, glyph set, content) of the last render

    def show(self, model: TableModel) -> None:
        """Draw ``model`` (from the next refresh on)."""
        self.model = model
        self.refresh()

    def render(self) -> Content:
        """The table at the widget's current size."""
        if self.model is None or self.size.width <= 0 or self.size.height <= 0:
            return Content("")
        key = (self.model, self.size.width, self.size.height, self.glyphs.name)
        if self._drawn is None or self._drawn[:4] != key:
            self._drawn = (*key, Content("\n").join(self.draw(self.model, self.size.width, self.size.height)))
        return self._drawn[4]

    # ----- layout ---------------------------------------------------------------------------------------
    def draw(self, model: TableModel, width: int, height: int) -> list[Content]:
        """The table as lines of ``width`` columns, ``height`` of them."""
        canvas = Canvas(width, height)
        middles = [self._middle_lines(model, narrow=narrow, tight=tight)
                   for tight in (False, True) for narrow in (False, True)]
        boxes, fitting = self._layout(len(model.seats), width, height, [self._need(middle) for middle in middles])
        middle = middles[fitting]
        self.tight = fitting >= 2
        felt = felt_box(boxes, width, height, *self._need(middle))
        self._draw_felt(canvas, felt, middle)
        for seat, box in zip(model.seats, boxes):
            for row, line in enumerate(self._seat_lines(seat, box.width, box.height)):
                canvas.put(box.x + (box.width - line.cell_length) // 2, box.y + row, line)
        return canvas.lines()

    @staticmethod
    def _need(middle: list[Content]) -> tuple[int, int]:
        """The felt's size for ``middle``: its lines inside a border and a column of margin."""
        return max((line.cell_length for line in middle), default=0) + 4, len(middle) + 2

    def _layout(self, seats: int, width: int, height: int,
                needs: list[tuple[int, int]]) -> tuple[list[_Box], int]:
        """Seat blocks, and which of the middle's ``needs`` (sizes, most spacious first) fits among
        them: the first option, largest first, whose blocks lie apart around a felt with room for
        one of them. Full three-line seats, then compact three-line ones, then compact two-line ones."""
        full = [(3, w, False) for w in (40, 26, 20, 16, 14)] if seats < COMPACT_FROM else []
        options = (full + [(3, w, True) for w in (16, 14, 13, 12, 11, 10)]
                   + [(2, w, True) for w in (16, 14, 13, 12, 11, 9)])
        options = [(h, min(w, width), compact) for h, w, compact in options]
        chosen = (*options[-1], len(needs) - 1)
        for box_height, box_width, compact in options:
            corners = seat_corners(seats, width, height, box_width, box_height)
            boxes = [_Box(x, y, box_width, box_height) for x, y in corners]
            if any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]):
                continue
            fitting = next((index for index, need in enumerate(needs)
                            if _fits(felt_box(boxes, width, height, *need), need)), None)
            if fitting is not None:
                chosen = (box_height, box_width, compact, fitting)
                break
        box_height, box_width, self.compact, fitting = chosen
        return [_Box(x, y, box_width, box_height)
                for x, y in seat_corners(seats, width, height, box_width, box_height)], fitting

    # ----- the oval and the middle ------------------------------------------------------------------
    def _draw_felt(self, canvas: Canvas, felt: _Box, middle: list[Content]) -> None:
        bordered = felt.height >= 3 and felt.width >= 8
        rounded = bordered and felt.height >= len(middle) + 4 and felt.width >= 16
        if bordered:
            self._draw_oval(canvas, felt, rounded)
        inside = max(1, felt.height - 2 if bordered else felt.height)
        room = max(1, felt.width - 4 if bordered else felt.width)
        shown = [line[:room] if line.cell_length > room else line for line in middle[:inside]]
        top = felt.y + (felt.height - len(shown)) // 2
        for row, line in enumerate(shown):
            canvas.put(felt.x + (felt.width - line.cell_length) // 2, top + row, line)

    def _draw_oval(self, canvas: Canvas, felt: _Box, rounded: bool) -> None:
        """A stadium (its ends stepped in) when ``rounded``, else a box with rounded corners."""
        ascii_ = self.glyphs.name == "ascii"
        x0, y0, w, h = felt.x, felt.y, felt.width, felt.height
        h_line, v_line = ("-", "|") if ascii_ else ("─", "│")
        if rounded:
            if ascii_:
                top, upper, lower, bottom = (".", "."), (".'", "'."), ("'.", ".'"), ("'", "'")
            else:
                top, upper, lower, bottom = ("╭", "╮"), ("╭─╯", "╰─╮"), ("╰─╮", "╭─╯"), ("╰", "╯")
            inset = 2
            canvas.put(x0 + inset, y0, top[0] + h_line * (w - 2 * inset - 2) + top[1], FELT)
            canvas.put(x0 + inset - len(upper[0]) + 1, y0 + 1, upper[0], FELT)
            canvas.put(x0 + w - inset - 1, y0 + 1, upper[1], FELT)
            for y in range(y0 + 2, y0 + h - 2):
                canvas.put(x0, y, v_line, FELT)
                canvas.put(x0 + w - 1, y, v_line, FELT)
            canvas.put(x0 + inset - len(lower[0]) + 1, y0 + h - 2, lower[0], FELT)
            canvas.put(x0 + w - inset - 1, y0 + h - 2, lower[1], FELT)
            canvas.put(x0 + inset, y0 + h - 1, bottom[0] + h_line * (w - 2 * inset - 2) + bottom[1], FELT)
            return
        corners = ("+", "+", "+", "+") if ascii_ else ("╭", "╮", "╰", "╯")
        canvas.put(x0, y0, corners[0] + h_line * (w - 2) + corners[1], FELT)
        for y in range(y0 + 1, y0 + h - 1):
            canvas.put(x0, y, v_line, FELT)
            canvas.put(x0 + w - 1, y, v_line, FELT)
        canvas.put(x0, y0 + h - 1, corners[2] + h_line * (w - 2) + corners[3], FELT)

    def _middle_lines(self, model: TableModel, narrow: bool = False, tight: bool = False) -> list[Content]:
        """The community cards (``tight``: without gaps), the pots (on one line, or ``narrow``: one a
        line) and the message."""
        lines: list[Content] = []
        if model.slots:
            pieces: list[Content | str] = []
            for index in range(model.slots):
                if index and not tight:
                    pieces.append(" ")
                if index < len(model.community):
                    chip = card_chip(model.community[index], self.glyphs)
                    pieces.append(chip.stylize("reverse") if index in model.community_winning else chip)
                else:
                    pieces.append(Content.styled("[  ]", "dim"))
            lines.append(Content.assemble(*pieces))
        pots = [Content.assemble((f"{label} ", "bold"), str(chips)) for label, chips in model.pots]
        if narrow:
            lines.extend(pots)
        elif pots:
            lines.append(Content(separator(self.glyphs)).join(pots))
        if model.message:
            lines.append(Content.styled(model.message, "italic"))
        return lines

    # ----- a seat ----------------------------------------------------------------------------------------
    def _seat_lines(self, seat: TableSeat, width: int, height: int) -> list[Content]:
        arrow = self.glyphs.arrows["right"]
        indent = "" if self.compact else "  "
        marker = Content.styled(f"{arrow} ", "bold") if seat.to_act else Content(indent)
        name_style = "bold reverse" if seat.to_act else ("bold" if not seat.folded else "dim")
        tags: list[Content] = []
        if seat.dealer:
            tags.append(Content.styled(" D " if not self.compact else "D", "bold reverse"))
        if seat.blind:
            tags.append(Content.styled(seat.blind, "dim"))
        cards = self._cards(seat)
        if not self.compact:
            marks = [piece for tag in tags for piece in (" ", tag)]
            title = Content.assemble(marker, (seat.name, name_style), *marks)
            for name in (seat.name.split(" (")[0], seat.short):  # too long: without '(AI Solid)', or short
                if title.cell_length > width and name:
                    title = Content.assemble(marker, (name, name_style), *marks)
            named = next((form for form in hand_forms(seat.hand) if cards.cell_length + 2 + len(form) <= width), "")
            hand = Content.assemble(cards, ("  " + named, "italic")) if named else cards
            lines = [title, hand, self._status(seat, width)]
        else:  # the name and the stack first; the button and blind marks where there is room
            title = self._compact_title(seat, width, name_style)
            left: list[Content] = []  # marks with no room beside the name go under the cards
            for tag in tags:
                if title.cell_length + 1 + tag.cell_length <= width and not left:
                    title = Content.assemble(title, " ", tag)
                else:
                    left.append(tag)
            if height >= 3:
                lines = [title, cards, self._status(seat, width, left)]
            elif seat.folded:
                lines = [title, Content.styled("folded", "italic")]
            else:
                lines = [title, self._cards_and_status(seat, cards, width, left)]
        return [line[:width] if line.cell_length > width else line for line in lines]

    def _compact_title(self, seat: TableSeat, width: int, name_style: str) -> Content:
        """The compact seat's first line: the turn marker, the short name and the stack, the stack
        always whole. Where they do not fit the marker closes up, then goes (the reversed name still
        shows the turn), then the name is cut short."""
        name = seat.short or seat.name
        stack = str(seat.stack)
        arrow = self.glyphs.arrows["right"]
        markers = [f"{arrow} ", arrow, ""] if seat.to_act else [""]
        for marker in markers:
            if len(marker) + len(name) + 1 + len(stack) <= width:
                return Content.assemble((marker, "bold"), (name, name_style), " ", stack)
        room = max(1, width - 1 - len(stack))
        return Content.assemble((name[:room], name_style), " ", stack)

    def _cards_and_status(self, seat: TableSeat, cards: Content, width: int,
                          tags: Sequence[Content] = ()) -> Content:
        """The cards and the chips on one line (after the ``tags`` that found no room beside the
        name); where both do not fit, face-down cards make way for the chips (a seat that is not
        folded is in the hand; one card back would read as a one-card hand), and face-up cards take
        the marks right before them and keep what of the chips fits whole."""
        status = self._status(seat, width, tags)
        if cards.cell_length + 1 + status.cell_length <= width or not status.cell_length:
            return Content.assemble(cards, " ", status) if status.cell_length else cards
        if seat.cards and all(card is None for card in seat.cards):
            return status
        glued = Content.assemble(Content(" ").join(tags), cards)  # the button and blind marks against the cards
        if tags and glued.cell_length <= width:
            rest = self._status(seat, width - glued.cell_length - 1)
            return Content.assemble(glued, " ", rest) if rest.cell_length else glued
        return Content.assemble(cards, " ", self._status(seat, width - cards.cell_length - 1, tags))

    def _cards(self, seat: TableSeat) -> Content:
        if not seat.cards:
            return Content.styled("no cards", "dim")
        pieces: list[Content | str] = []
        for index, card in enumerate(seat.cards):
            if index:
                pieces.append("" if self.compact else " ")
            chip = card_chip(card, self.glyphs)
            if index in seat.winning:
                chip = chip.stylize("reverse")
            elif seat.folded:
                chip = chip.stylize("dim")
            pieces.append(chip)
        return Content.assemble(*pieces)

    def _status(self, seat: TableSeat, width: int, tags: Sequence[Content] = ()) -> Content:
        """'95 chips · bet 4', 'folded', 'ALL IN', with the note ('wins 7'); compact: 'b4', 'fold',
        after the ``tags`` (button and blind marks) that found no room beside the name. Only whole
        pieces that fit in ``width``: a fold first, then the bet, the marks, the all-in mark, the
        stack and the note (a number is never cut short)."""
        pieces: list[tuple[float, Content]] = [(2 + index / 10, tag) for index, tag in enumerate(tags)]
        if seat.folded:
            pieces.append((0, Content.styled("fold" if self.compact else "folded", "italic")))
        elif seat.all_in:
            pieces.append((3, Content.styled("ALL IN", "bold")))
        elif not self.compact:
            pieces.append((4, Content(counted(seat.stack, "chip"))))
        if seat.bet:
            pieces.append((1, Content(f"b{seat.bet}" if self.compact else f"bet {seat.bet}")))
        if seat.note:
            pieces.append((5, Content.styled(seat.note, "bold" if seat.winner else "")))
        between = " " if self.compact else separator(self.glyphs)
        kept: set[float] = set()
        used = 0
        for priority, piece in sorted(pieces, key=lambda item: item[0]):
            extra = piece.cell_length + (len(between) if kept else 0)
            if used + extra <= width:
                kept.add(priority)
                used += extra
        # a fresh separator: Content.join miscounts cells with one whose cell_length was asked for
        return Content(between).join([piece for priority, piece in pieces if priority in kept])


class CardTable(Vertical):
    """The table canvas above a short hand-history log (hidden when the table is short of room)."""

    DEFAULT_CSS = """
    CardTable { width: 1fr; height: 1fr; }
    CardTable #table-canvas { height: 1fr; }
    CardTable #table-log { height: auto; max-height: 3; color: $foreground-muted; text-wrap: nowrap;
                           text-overflow: ellipsis; }
    """

    LOG_MIN_HEIGHT = 14
    """The table shows its log only when it has at least this many rows."""

    def __init__(self, glyphs: Glyphs = UNICODE, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.canvas = TableCanvas(glyphs, id="table-canvas")
        self.history = Static(id="table-log")

    def compose(self) -> ComposeResult:
        """The canvas, then the log."""
        yield self.canvas
        yield self.history

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Draw with another glyph set."""
        self.canvas.glyphs = glyphs
        self.canvas.refresh()

    def show(self, model: TableModel) -> None:
        """Draw ``model``: the table, and the last lines of its log."""
        self.canvas.show(model)
        self.history.update("\n".join(model.log[-LOG_ROWS:]))
        self.history.display = bool(model.log) and self.size.height >= self.LOG_MIN_HEIGHT

    def on_resize(self) -> None:
        """Hide or show the log for the new size."""
        if self.canvas.model is not None:
            self.history.display = bool(self.canvas.model.log) and self.size.height >= self.LOG_MIN_HEIGHT

    def text(self) -> str:
        """The table as plain text at its current size (tests and the screen reader's view)."""
        return "\n".join(line.plain for line in self.canvas.draw(self.canvas.model, self.canvas.size.width,
                                                                  self.canvas.size.height)) if self.canvas.model else ""


BETTING_KEYS = {"fold": "f", "check": "c", "call": "c", "bet": "r", "raise": "r", "all": "a"}
"""The key letter of each kind of betting action (by the first word of its name)."""


def betting_key(name: str) -> str:
    """The key letter of a betting action named ``name`` ('call 2' -> 'c', 'raise to 6' -> 'r')."""
    return BETTING_KEYS.get(name.split()[0].lower() if name.split() else "", "")


def chips_label(name: str) -> str:
    """A button label from an action name: 'Call 2', 'Raise to 6', 'Check'."""
    return name[:1].upper() + name[1:]


class BettingBar(ActionBar):
    """The betting buttons, each labelled with its key letter: 'f Fold', 'c Call 2', 'r Raise to 6'."""

    def show_actions(self, named: Sequence[tuple[int, str]], hinted: int | None = None) -> None:
        """Show a button for each (action, name) pair, e.g. (1, 'call 2')."""
        self.show([(action, f"{betting_key(name)} {chips_label(name)}".strip()) for action, name in named], hinted)

    def action_for_key(self, key: str) -> int | None:
        """The shown action whose key letter is ``key``."""
        for action, label in self.actions:
            if label.split(" ", 1)[0] == key:
                return action
        return None


__all__ = ["BETTING_KEYS", "BettingBar", "COMPACT_FROM", "CardTable", "MAX_SEATS", "TableCanvas", "TableModel",
           "TableSeat", "betting_key", "chips_label", "hand_forms", "seat_corners", "separator"]
