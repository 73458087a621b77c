"""A hand of tiles (Mahjong's concealed hand), chosen by key or mouse, with its melds beside it.

The tiles stand a cell apart where they fit, else packed; the drawn tile is set apart; the melds go
beside them where they fit, else on the rows under them. Where the view has room the tiles stand tall
(framed, their face on two lines). The cursor tile is lifted one line out of the row (a shape, so it
shows in ASCII and in monochrome too; tall, its frame is heavy) and its key, on the line under the
tiles, is reversed.

Keys (when the rack has focus): Left/Right (h/l) move, Home/End go to the ends, a tile's letter
(Shift+A, B, C, D, F ...: :data:`LETTERS`) or its number (1-9, 0 for the tenth) moves the cursor there,
Enter or Space plays the cursor tile; a click plays the tile clicked. Unplayable tiles are dimmed and
refused. The bindings carry the hand of cards' ids (``hand.next`` ...), so one remap moves both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.cells import cell_len
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.style import Style
from textual.widget import Widget

from tui_games.ui.glyphs import UNICODE, Glyphs
from tui_games.ui.widgets.tiles import (GROUP_GAP, STYLE_CLASSES, TALL_LINES, Tile, TileGroup, TileStyles, draw_block,
                                        face_width, group_width, tall_inside, tile_cells, tile_css, wrap_groups)

LETTERS = "ABCDFGHIJKLMOPQRTUVXYZ"
"""The rack's tile letters: upper case (Shift+letter, so they clash with no key of a view), leaving
out E, N, S and W, which read as tiles (Mahjong's winds in ASCII)."""

DIGITS = "1234567890"
"""The rack's number keys: the first ten tiles (0 the tenth)."""

@dataclass(frozen=True)
class RackPlan:
    """Where a rack's tiles go at one width: each choosable tile's first cell, whether they are
    packed, the cells of a tile (a face, or a tall tile's frame), the lines of one tile, and the
    melds' rows (on the tiles' row, or under the keys)."""

    columns: tuple[int, ...]
    packed: bool
    face: int
    block: int
    """Lines of one tile: 1, or :data:`TALL_LINES` for a tall rack."""
    meld_lines: tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]
    """(first cell, pieces) of each row of melds; the first is on the tiles' row when
    :attr:`melds_beside` holds."""
    melds_beside: bool
    bare: bool = False
    """Only the tiles' rows: no lifted tile's line, no keys' line."""

    @property
    def tall(self) -> bool:
        """True when the tiles are drawn framed, on several lines."""
        return self.block > 1

    @property
    def height(self) -> int:
        """Lines: the lifted tile's, the tiles' row, the keys', and the melds' own rows."""
        frame = 0 if self.bare else 2
        return self.block + frame + (len(self.meld_lines) - (1 if self.melds_beside else 0)) * self.block


class TileRack(Widget, can_focus=True):
    """A hand of tiles with a cursor (see the module's docstring): ``tiles`` and a ``drawn`` tile may be
    chosen, ``melds`` are shown beside them."""

    COMPONENT_CLASSES = {f"tiles--{name}" for name in STYLE_CLASSES}

    DEFAULT_CSS = """
    TileRack { width: 1fr; height: auto; text-wrap: nowrap; text-overflow: clip; }
    """ + tile_css("TileRack")

    BINDINGS = [
        Binding("left,h", "step(-1)", "Previous tile", show=False, id="hand.previous"),
        Binding("right,l", "step(1)", "Next tile", show=False, id="hand.next"),
        Binding("home", "jump(0)", "First tile", show=False, id="hand.first"),
        Binding("end", "jump(-1)", "Last tile", show=False, id="hand.last"),
        Binding("space", "choose", "Play", show=False, id="hand.select"),
        Binding("enter", "choose", "Play", show=False, id="hand.play"),
        *[Binding(digit, f"jump({index})", f"Tile {index + 1}", show=False) for index, digit in enumerate(DIGITS)],
    ]

    @dataclass
    class Chosen(Message):
        """The player plays tile ``index`` (the drawn tile is the last index), ``tile``."""

        rack: "TileRack"
        index: int
        tile: Tile

        @property
        def control(self) -> "TileRack":
            """The rack that posted it."""
            return self.rack

    @dataclass
    class Refused(Message):
        """Tile ``index`` was chosen but is not playable now."""

        rack: "TileRack"
        index: int
        tile: Tile

        @property
        def control(self) -> "TileRack":
            """The rack that posted it."""
            return self.rack

    @classmethod
    def relayed_bindings(cls, action: str = "rack") -> list[Binding]:
        """The rack's bindings for a view that holds it, so its keys still reach it while another of the
        view's widgets (an action button) has the focus: each runs the view's ``action`` with the rack's
        action as its argument, hidden, under the rack's ids."""
        return [Binding(b.key, f"{action}({b.action!r})", b.description, show=False, id=b.id)
                for b in cls.BINDINGS if isinstance(b, Binding)]

    def __init__(self, *, glyphs: Glyphs = UNICODE, face: int = 0, letters: str = LETTERS, empty: str = "",
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.glyphs = glyphs
        """The glyph set (a face-down tile's back)."""
        self.face = face
        """Cells of every tile's face (0: the widest face shown)."""
        self.letters = letters
        """Each tile's key by position, shown under it."""
        self.empty = empty
        """What shows in place of no tiles."""
        self.active = True
        """Whether the cursor shows (lifted tile, reversed key): off while nothing may be chosen."""
        self.tall = False
        """Whether the tiles are drawn framed on :data:`TALL_LINES` lines (their ``tall`` faces)."""
        self.bare = False
        """Whether only the tiles show, without the lifted tile's line and the keys' line."""
        self._tiles: tuple[Tile, ...] = ()
        self._drawn: Tile | None = None
        self._melds: tuple[TileGroup, ...] = ()
        self._cursor = 0
        self._plans: dict[tuple, RackPlan] = {}

    # ----- what the view sets ------------------------------------------------------------------------
    def show(self, tiles: Sequence[Tile], drawn: Tile | None = None, melds: Sequence[TileGroup] = (),
             active: bool = True, bare: bool = False) -> None:
        """Show ``tiles``, the ``drawn`` tile apart, and ``melds``; ``active``: the cursor shows;
        ``bare``: only the tiles, without the lifted tile's line and the keys' line (a hand that is
        over). The cursor stays on the tile it was on (the nearest one alike) and moves to the nearest
        playable tile where that one is not."""
        tiles, melds = tuple(tiles), tuple(melds)
        if (tiles, drawn, melds, active, bare) == (self._tiles, self._drawn, self._melds, self.active, self.bare):
            return
        old = self.all_tiles
        old_cursor = self._cursor
        self._tiles, self._drawn, self._melds, self.active, self.bare = tiles, drawn, melds, active, bare
        self._cursor = self._follow(old, old_cursor, self.all_tiles)
        self.refresh(layout=True)

    @staticmethod
    def _follow(old: tuple[Tile, ...], cursor: int, tiles: tuple[Tile, ...]) -> int:
        if not tiles:
            return 0
        if cursor < len(old):
            target = old[cursor].face
            alike = [i for i, tile in enumerate(tiles) if tile.face == target]
            if alike:
                cursor = min(alike, key=lambda i: (abs(i - cursor), i))
        cursor = min(cursor, len(tiles) - 1)
        if not tiles[cursor].playable:
            playable = [i for i, tile in enumerate(tiles) if tile.playable]
            if playable:
                cursor = min(playable, key=lambda i: (abs(i - cursor), i))
        return cursor

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """The tiles that may be chosen, the drawn tile last."""
        return self._tiles + ((self._drawn,) if self._drawn is not None else ())

    @property
    def melds(self) -> tuple[TileGroup, ...]:
        """The melds shown."""
        return self._melds

    @property
    def cursor(self) -> int | None:
        """The cursor tile's index (None: no tiles)."""
        return self._cursor if self.all_tiles else None

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Draw with another glyph set."""
        self.glyphs = glyphs
        self._plans.clear()
        self.refresh(layout=True)

    def set_tall(self, tall: bool) -> None:
        """Draw the tiles framed on several lines (``tall``) or on one line each."""
        if tall != self.tall:
            self.tall = tall
            self.refresh(layout=True)

    # ----- choosing ----------------------------------------------------------------------------------
    def move_cursor(self, index: int) -> None:
        """Put the cursor on tile ``index`` (clamped to the hand)."""
        tiles = self.all_tiles
        if tiles:
            index = max(0, min(index, len(tiles) - 1))
            if index != self._cursor:
                self._cursor = index
                self.refresh()

    def choose(self, index: int | None = None) -> None:
        """Play tile ``index`` (the cursor tile by default): posts :class:`Chosen`, or :class:`Refused`
        for an unplayable tile."""
        tiles = self.all_tiles
        index = self._cursor if index is None else index
        if not 0 <= index < len(tiles):
            return
        message = self.Chosen if tiles[index].playable else self.Refused
        self.post_message(message(self, index, tiles[index]))

    def action_step(self, delta: int) -> None:
        """Move the cursor ``delta`` tiles (stopping at the ends)."""
        self.move_cursor(self._cursor + delta)

    def action_jump(self, index: int) -> None:
        """Move the cursor to tile ``index`` (-1: the last)."""
        count = len(self.all_tiles)
        if index < count:
            self.move_cursor(index if index >= 0 else count + index)

    def action_choose(self) -> None:
        """Play the cursor tile."""
        self.choose()

    def on_key(self, event: events.Key) -> None:
        """A tile's letter moves the cursor to it."""
        char = event.character or ""
        if len(char) != 1 or char not in self.letters:
            return
        index = self.letters.index(char)
        if index < len(self.all_tiles):
            event.stop()
            event.prevent_default()
            self.move_cursor(index)

    def on_click(self, event: events.Click) -> None:
        """A click on a tile (or its key, or its lifted place) plays it; the cursor goes there."""
        offset = event.get_content_offset(self)
        index = self.tile_at(offset.x, offset.y) if offset is not None else None
        if index is None:
            return
        event.stop()
        self.focus()
        self.move_cursor(index)
        self.choose(index)

    def tile_at(self, x: int, y: int, width: int | None = None) -> int | None:
        """The choosable tile whose cells cover column ``x`` of line ``y`` (the lifted line, the tiles'
        row and the keys' line count) at ``width`` (the widget's by default), or None."""
        plan = self.plan(width)
        if plan.bare or not 0 <= y < plan.block + 2:
            return None
        for index, left in enumerate(plan.columns):
            if left <= x < left + tile_cells(plan.face, plan.packed):
                return index
        return None

    # ----- drawing -----------------------------------------------------------------------------------
    def face_cells(self) -> int:
        """Cells of each tile: its face, or a tall tile's frame and what is inside it."""
        everything = list(self.all_tiles) + [tile for group in self._melds for tile in group.tiles]
        if self.tall:
            return tall_inside(everything) + 2
        return self.face or face_width(everything)

    def plan(self, width: int | None = None) -> RackPlan:
        """The layout at ``width`` cells (the widget's width by default)."""
        width = self.size.width if width is None else width
        key = (self.all_tiles, self._drawn is not None, self._melds, width, self.face_cells(), self.tall, self.bare)
        if key not in self._plans:
            if len(self._plans) > 8:
                self._plans.clear()
            self._plans[key] = self._make_plan(width)
        return self._plans[key]

    def _make_plan(self, width: int) -> RackPlan:
        face = self.face_cells()
        block = TALL_LINES if self.tall else 1
        tiles = self.all_tiles
        count = len(self._tiles)
        drawn = self._drawn is not None

        def columns(packed: bool) -> list[int]:
            cell = face if packed else face + 1
            out = [index * cell for index in range(count)]
            if drawn:
                out.append(count * cell + (GROUP_GAP if count else 0))
            return out

        def end(cols: list[int], packed: bool) -> int:
            return cols[-1] + (face if packed else face + 1) if cols else 0

        melds = self._melds
        meld_width = sum(group_width(group, face) for group in melds) + GROUP_GAP * max(0, len(melds) - 1)
        options = [(packed, beside) for beside in (True, False) for packed in (False, True)] if melds else \
            [(False, False), (True, False)]
        for packed, beside in options:
            cols = columns(packed)
            hand_end = end(cols, packed)
            room = hand_end + (GROUP_GAP + meld_width if beside and tiles else meld_width if beside else 0)
            if room <= width or (packed, beside) == options[-1]:
                break
        if not melds:
            return RackPlan(tuple(cols), packed, face, block, (), False, self.bare)
        if beside:
            line = tuple((index, 0, len(group.tiles)) for index, group in enumerate(melds))
            start = max(hand_end + GROUP_GAP if tiles else 0, width - meld_width)
            return RackPlan(tuple(cols), packed, face, block, ((start, line),), True, self.bare)
        lines = []
        for line in wrap_groups(melds, width, face):
            cells = sum(group_width(melds[i], face) for i, _, _ in line) + GROUP_GAP * (len(line) - 1)
            lines.append((max(0, width - cells), tuple(line)))
        return RackPlan(tuple(cols), packed, face, block, tuple(lines), False, self.bare)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rack's lines at ``width``."""
        if not self.all_tiles and not self._melds:
            return 1
        return self.plan(width).height

    def render(self) -> Content:
        """The rack at the widget's width."""
        return Content("\n").join(self.lines(self.size.width))

    def lines(self, width: int) -> list[Content]:
        """The rack drawn at ``width`` cells: the lifted tile's line, the tiles' row, the keys' line,
        then any row of melds that did not fit beside the tiles."""
        tiles = self.all_tiles
        if not tiles and not self._melds:
            return [Content.styled(self.empty, "dim italic")]
        plan = self.plan(width)
        styles = TileStyles.of(self)
        cursor = self._cursor if self.active and tiles and not plan.bare else None
        block = plan.block
        rows: list[list[Content | str]] = [[] for _ in range(block + 1)]  # the lifted line, then the row
        keys: list[Content | str] = []
        column = 0
        for index, tile in enumerate(tiles):
            left = plan.columns[index]
            cells = tile_cells(plan.face, plan.packed)
            drawn = draw_block(tile, plan.face, self.glyphs, styles, packed=plan.packed, tall=plan.tall,
                               cursor=index == cursor)
            top = 0 if index == cursor else 1
            for number, row in enumerate(rows):
                inside = number - top
                row += [" " * (left - column), drawn[inside] if 0 <= inside < block else " " * cells]
            letter = self.letters[index] if index < len(self.letters) else " "
            key_pad = (0 if plan.packed else 1) + (1 if plan.tall else 0)  # under the face's first cell
            key_style = Style(bold=True, reverse=True) if index == cursor else styles.note
            keys += [" " * (left - column + key_pad), Content.styled(letter, key_style), " " * (cells - key_pad - 1)]
            column = left + cells
        extra: list[Content] = []
        for number, (start, pieces) in enumerate(plan.meld_lines):
            drawn_melds = self._meld_row(pieces, plan, styles)
            if number == 0 and plan.melds_beside:
                for line, row in zip(drawn_melds, rows[1:]):
                    row += [" " * max(0, start - column), line]
            else:
                extra += [Content.assemble(" " * start, line) for line in drawn_melds]
        if plan.bare:
            return [Content.assemble(*row) for row in rows[1:]] + extra
        return [Content.assemble(*row) for row in rows] + [Content.assemble(*keys)] + extra

    def _meld_row(self, pieces, plan: RackPlan, styles: TileStyles) -> list[Content]:
        """One row of melds, ``plan.block`` lines; each meld's note beside its first line of face."""
        out: list[list[Content | str]] = [[] for _ in range(plan.block)]
        for position, (index, first, last) in enumerate(pieces):
            group = self._melds[index]
            blocks = [draw_block(tile, plan.face, self.glyphs, styles, packed=group.packed, tall=plan.tall)
                      for tile in group.tiles[first:last]]
            note_line = 1 if plan.tall else 0
            for number, line in enumerate(out):
                if position:
                    line.append(" " * GROUP_GAP)
                line += [block[number] for block in blocks]
                if group.note:
                    line.append(Content.styled(f" {group.note}", styles.note) if number == note_line
                                else " " * (cell_len(group.note) + 1))
        return [Content.assemble(*line) for line in out]

    def text(self, width: int | None = None) -> str:
        """The rack as plain text (tests, and a screen reader's view)."""
        return "\n".join(line.plain.rstrip() for line in self.lines(self.size.width if width is None else width))


__all__ = ["DIGITS", "LETTERS", "RackPlan", "TileRack"]
