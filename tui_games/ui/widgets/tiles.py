"""Tiles drawn as text (Mahjong, and any game played with tiles): the tile, how one is drawn, and rows
of tiles for looking at (a discard pond, melds, dora indicators); a hand of tiles chosen by key or
mouse is :class:`~tui_games.ui.widgets.tile_rack.TileRack`, drawn by the same means.

A tile is a short face on the tile's colour: ``5萬`` or ``東`` (CJK characters, two cells wide), ``5m``
or ``E`` in ASCII. The view hands the widgets :class:`Tile` values and nothing here belongs to a game:

* ``ink`` names the colour of the face's text (:data:`INKS`), ``lit`` lights a tile up (a colour of its
  own *and* an underline, so it reads without colour), ``turned`` draws it reversed (a tile laid
  sideways: a riichi discard, a called tile), ``faint`` dims it (a tile called away, a tile discarded as
  drawn), ``down`` shows its back, ``mark`` is one cell drawn just before it (in the gap between two
  tiles), and ``playable`` says whether it may be chosen now.
* :class:`TileStrip` draws groups of tiles left to right and wraps them: a group is spaced (a cell
  between tiles, where the marks go) or packed (the tiles touch: a meld), may carry a note after it
  (who a meld was called from), and is kept whole on a line unless it has a ``run``: a pond wraps after
  a multiple of six tiles, as a table lays discards in rows of six.
* A tall tile (a rack with room) is framed, its face on two lines (``tall``: the number over the suit).

Colours are component classes (``tiles--face``, ``tiles--ink-red`` ...) in the theme's card colours;
a game's view restyles them with its own (``MahjongView TileStrip > .tiles--ink-red { ... }``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Size
from textual.style import Style
from textual.widget import Widget

from tui_games.ui.glyphs import UNICODE, Glyphs
from tui_games.ui.widgets.fan import FRAMES

INKS = ("black", "red", "green", "blue")
"""The colours a tile's face may be written in."""

GROUP_GAP = 2
"""Cells between two groups of tiles (two melds, the hand and its drawn tile)."""

LEAD_GAP = 1
"""Cells between a strip's lead text and its first group."""

STYLE_CLASSES = ("face", "back", "lit", "mark", "note") + tuple(f"ink-{ink}" for ink in INKS)
"""The component classes of the tile widgets (each ``tiles--<name>``)."""

DEFAULT_STYLES = {
    "face": "background: $card-face; color: $card-black;",
    "back": "background: $card-back; color: $card-face;",
    "lit": "background: $warning 50%;",
    "mark": "color: $text-accent; text-style: bold;",
    "note": "color: $text-muted;",
    "ink-black": "color: $card-black;",
    "ink-red": "color: $card-red;",
    "ink-green": "color: $success-darken-2;",
    "ink-blue": "color: $card-back;",
}
"""The classes' rules in the theme's colours (a view restyles them in its own CSS)."""


def tile_css(widget_type: str) -> str:
    """The component classes' rules for a widget type that draws tiles."""
    return "\n".join(f"{widget_type} > .tiles--{name} {{ {rule} }}" for name, rule in DEFAULT_STYLES.items())


@dataclass(frozen=True)
class Tile:
    """One tile as the widgets draw it (see the module's docstring); nothing in it belongs to a game."""

    face: str
    """The text on the tile ('5萬', '東', '5m', 'E'), at most the widget's face width in cells."""
    ink: str = "black"
    """The colour of the text, one of :data:`INKS`."""
    lit: bool = False
    """Lit up: a colour of its own and underlined (Mahjong's dora)."""
    mark: str = ""
    """One cell drawn just before the tile (a riichi discard's or a called tile's mark); '' for none."""
    turned: bool = False
    """Drawn reversed: a tile laid sideways."""
    faint: bool = False
    """Drawn dim: a tile that is gone or of less note."""
    down: bool = False
    """Face down: its back shows."""
    playable: bool = True
    """May be chosen now (a rack dims and refuses the others)."""
    tall: tuple[str, ...] = ()
    """The face on two lines, for a tall rack (('5', '萬'), ('東', '')); empty: the face on one line."""


@dataclass(frozen=True)
class TileGroup:
    """Tiles drawn together: a meld, a pond, a hand."""

    tiles: tuple[Tile, ...]
    packed: bool = False
    """The tiles touch (a meld); else a cell lies before each, where its mark goes."""
    note: str = ""
    """Text drawn after the group (where a meld came from)."""
    run: int = 0
    """0: kept whole on one line; n: may wrap after a multiple of n tiles (a pond: 6)."""


def face_width(tiles: Sequence[Tile]) -> int:
    """Cells the widest face needs (at least 1)."""
    return max([1] + [cell_len(tile.face) for tile in tiles])


def tile_cells(width: int, packed: bool) -> int:
    """Cells one tile takes: its face (``width``), and its mark cell unless ``packed``."""
    return width + (0 if packed else 1)


def group_width(group: TileGroup, width: int) -> int:
    """Cells a group takes on one line, its note included."""
    note = cell_len(group.note) + 1 if group.note else 0
    return sum(tile_cells(width, group.packed) for _ in group.tiles) + note


@dataclass(frozen=True)
class TileStyles:
    """The styles tiles are drawn in, as a widget's theme resolves its component classes now."""

    face: Style
    back: Style
    lit: Style
    mark: Style
    note: Style
    inks: dict

    @classmethod
    def of(cls, widget: Widget | None) -> TileStyles:
        """The styles of ``widget`` (plain styles when it is not attached: tests of the layout)."""
        if widget is None or not widget.is_attached:
            plain = Style()
            return cls(plain, plain, plain, plain, plain, {ink: plain for ink in INKS})

        def style(name: str) -> Style:
            return Style.from_rich_style(widget.get_component_rich_style(f"tiles--{name}", partial=True))

        return cls(style("face"), style("back"), style("lit"), style("mark"), style("note"),
                   {ink: style(f"ink-{ink}") for ink in INKS})


def draw_tile(tile: Tile, width: int, glyphs: Glyphs, styles: TileStyles, *, packed: bool = False,
              cursor: bool = False) -> Content:
    """One tile: its mark cell (unless ``packed``), then its face right-aligned in ``width`` cells."""
    if tile.down:
        body = styles.face + styles.back
        text = glyphs.card_back * width
    else:
        body = styles.face + styles.inks.get(tile.ink, styles.face)
        if tile.lit:
            body = body + styles.lit + Style(underline=True)
        text = " " * (width - cell_len(tile.face)) + tile.face
    attributes = Style(reverse=tile.turned or None, dim=(tile.faint or not tile.playable) or None,
                       bold=(cursor or (tile.playable and not tile.faint)) or None)
    face = Content.styled(text, body + attributes)
    if packed:
        return face
    mark = tile.mark[:1] if tile.mark else " "
    return Content.assemble((mark, styles.mark if tile.mark else Style()), face)


TALL_LINES = 4
"""Lines of a tall tile: its frame's top, two lines of face, its frame's bottom."""


def tall_inside(tiles: Sequence[Tile]) -> int:
    """Cells inside a tall tile's frame: the widest line of any tall face (at least 2)."""
    return max([2] + [cell_len(line) for tile in tiles for line in (tile.tall or (tile.face,))])


def draw_tall(tile: Tile, inside: int, glyphs: Glyphs, styles: TileStyles, *, packed: bool = False,
              cursor: bool = False) -> list[Content]:
    """One tile framed, :data:`TALL_LINES` lines of ``inside`` + 2 cells (and its mark cell before the
    face's first line unless ``packed``); the cursor tile's frame is heavy (``#`` in ASCII)."""
    frame = FRAMES[("ascii" if glyphs.name == "ascii" else "unicode", cursor)]
    if tile.down:
        body = styles.face + styles.back
        rows = [glyphs.card_back * inside] * 2
    else:
        body = styles.face + styles.inks.get(tile.ink, styles.face)
        if tile.lit:
            body = body + styles.lit
        rows = [line + " " * (inside - cell_len(line)) for line in (list(tile.tall or (tile.face,)) + ["", ""])[:2]]
    attributes = Style(reverse=tile.turned or None, dim=(tile.faint or not tile.playable) or None,
                       bold=(cursor or (tile.playable and not tile.faint)) or None)
    edge = body + attributes
    ink = edge + Style(underline=tile.lit or None)
    lines = [Content.styled(frame.top_left + frame.across * inside + frame.top_right, edge)]
    lines += [Content.assemble((frame.side, edge), (row, ink), (frame.side, edge)) for row in rows]
    lines.append(Content.styled(frame.bottom_left + frame.across * inside + frame.bottom_right, edge))
    if packed:
        return lines
    mark = tile.mark[:1] if tile.mark else " "
    return [Content.assemble((mark if number == 1 else " ", styles.mark if tile.mark else Style()), line)
            for number, line in enumerate(lines)]


def draw_block(tile: Tile, face: int, glyphs: Glyphs, styles: TileStyles, *, packed: bool, tall: bool,
               cursor: bool = False) -> list[Content]:
    """A tile's lines: one (``face`` cells) or, ``tall``, a framed tile (``face`` - 2 cells inside)."""
    if tall:
        return draw_tall(tile, face - 2, glyphs, styles, packed=packed, cursor=cursor)
    return [draw_tile(tile, face, glyphs, styles, packed=packed, cursor=cursor)]


def draw_group(group: TileGroup, width: int, glyphs: Glyphs, styles: TileStyles,
               tiles: Sequence[Tile] | None = None) -> Content:
    """A group (or ``tiles``, a part of it) on one line, its note after it."""
    shown = group.tiles if tiles is None else tiles
    parts: list[Content | str] = [draw_tile(tile, width, glyphs, styles, packed=group.packed) for tile in shown]
    if group.note and (tiles is None or (shown and shown[-1] is group.tiles[-1])):
        parts += [" ", Content.styled(group.note, styles.note)]
    return Content.assemble(*parts)


def wrap_groups(groups: Sequence[TileGroup], width: int, face: int, lead: int = 0,
                indent: int = 0) -> list[list[tuple[int, int, int]]]:
    """Where the groups go at ``width`` cells: lines of (group, first tile, end tile) pieces. The first
    line starts after ``lead`` cells, the others after ``indent``; a group with a ``run`` may break
    after a multiple of it (a line too narrow for one run still takes one), any other group goes whole
    onto the next line when it does not fit."""
    lines: list[list[tuple[int, int, int]]] = [[]]
    used = lead
    fresh = lead == 0  # nothing drawn on the line yet: the next piece goes there whatever its width

    def next_line() -> int:
        nonlocal fresh
        lines.append([])
        fresh = True
        return indent

    def gap_before(start: int) -> int:
        if start:
            return 0
        return GROUP_GAP if lines[-1] else LEAD_GAP if lead and len(lines) == 1 else 0

    for index, group in enumerate(groups):
        count = len(group.tiles)
        note = cell_len(group.note) + 1 if group.note else 0
        if not group.run or not count:
            gap = gap_before(0)
            need = group_width(group, face)
            if not fresh and used + gap + need > width:
                used, gap = next_line(), 0
            used += gap + need
            lines[-1].append((index, 0, count))
            fresh = False
            continue
        cell = tile_cells(face, group.packed)
        start = 0
        while start < count:
            gap = gap_before(start)
            fits = max(0, width - used - gap) // cell
            left = count - start
            take = left if left <= fits else fits // group.run * group.run
            if not take:
                if not fresh:
                    used = next_line()
                    continue
                take = min(left, group.run)
            lines[-1].append((index, start, start + take))
            fresh = False
            used += gap + take * cell
            start += take
            if start < count:
                used = next_line()
        used += note
    return lines


class TileStrip(Widget):
    """Groups of tiles for looking at (a pond, melds, indicators), after an optional ``lead`` text,
    wrapped to the widget's width; nothing in it can be chosen."""

    COMPONENT_CLASSES = {f"tiles--{name}" for name in STYLE_CLASSES}

    DEFAULT_CSS = """
    TileStrip { width: 1fr; height: auto; text-wrap: nowrap; text-overflow: clip; }
    """ + tile_css("TileStrip")

    def __init__(self, *, glyphs: Glyphs = UNICODE, face: int = 0, indent: int = 0, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.glyphs = glyphs
        """The glyph set (a face-down tile's back)."""
        self.face = face
        """Cells of every tile's face (0: the widest face shown)."""
        self.indent = indent
        """Cells before the tiles of every line after the first."""
        self.lead: Content = Content("")
        self.groups: tuple[TileGroup, ...] = ()

    def show(self, groups: Sequence[TileGroup], lead: Content | str = "") -> None:
        """Show ``groups`` after ``lead``."""
        lead = lead if isinstance(lead, Content) else Content(lead)
        groups = tuple(groups)
        if groups == self.groups and lead.is_same(self.lead):
            return
        self.groups, self.lead = groups, lead
        self.refresh(layout=True)

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Draw with another glyph set."""
        self.glyphs = glyphs
        self.refresh(layout=True)

    def face_cells(self) -> int:
        """Cells of each tile's face."""
        return self.face or face_width([tile for group in self.groups for tile in group.tiles])

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The lines the groups take at ``width``."""
        return len(self.lines(width))

    def render(self) -> Content:
        """The lead and the tiles at the widget's width."""
        return Content("\n").join(self.lines(self.size.width))

    def lines(self, width: int) -> list[Content]:
        """The strip drawn at ``width`` cells, one Content a line."""
        face = self.face_cells()
        styles = TileStyles.of(self)
        lead_cells = self.lead.cell_length
        plan = wrap_groups(self.groups, width, face, lead_cells, self.indent)
        out = []
        for number, line in enumerate(plan):
            parts: list[Content | str] = [self.lead if number == 0 else " " * self.indent]
            for position, (index, start, end) in enumerate(line):
                group = self.groups[index]
                if start == 0 and (position or (number == 0 and lead_cells)):
                    parts.append(" " * (GROUP_GAP if position else LEAD_GAP))
                parts.append(draw_group(group, face, self.glyphs, styles, group.tiles[start:end]))
            out.append(Content.assemble(*parts))
        return out

    def text(self, width: int | None = None) -> str:
        """The strip as plain text (tests, and a screen reader's view)."""
        return "\n".join(line.plain.rstrip() for line in self.lines(self.size.width if width is None else width))


__all__ = ["GROUP_GAP", "INKS", "LEAD_GAP", "STYLE_CLASSES", "TALL_LINES", "Tile", "TileGroup", "TileStrip",
           "TileStyles", "draw_block", "draw_group", "draw_tall", "draw_tile", "face_width", "group_width",
           "tall_inside", "tile_cells", "tile_css", "wrap_groups"]
