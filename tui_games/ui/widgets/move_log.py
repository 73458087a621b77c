"""The move log: one numbered line per move, newest at the bottom and highlighted.

Every move keeps to one line: a line longer than the panel is cut short with an ellipsis, never
wrapped (views give short move names, see ``GameView.move_name``). A move made of parts (a
simultaneous turn: each side's action) is given as one line with the parts joined by ``PART_BREAK``:
the parts share the row while they fit and each takes a row of its own, under the first, when not.
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

PART_BREAK = "\n"
"""Joins the parts of one move's line (see the module's docstring)."""
PART_GAP = "  "
"""Between the parts of a move that share a row."""


class MoveLog(VerticalScroll):
    """A scrolling list of the match's moves ("X: b2"), kept scrolled to the latest one."""

    DEFAULT_CSS = """
    MoveLog {
        height: 1fr;
        border: round $panel;
        border-title-color: $foreground-muted;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    MoveLog:focus { border: round $primary; }
    MoveLog > Static { width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Moves"
        self._lines: list[str] | None = None
        self._body = Static("", id="move-log-body")

    def compose(self):
        """The text of the log."""
        yield self._body

    @property
    def lines(self) -> list[str]:
        """The moves shown, oldest first."""
        return list(self._lines or [])

    def show(self, lines: list[str]) -> None:
        """Replace the log with ``lines`` and scroll to the newest move."""
        if lines == self._lines:
            return
        self._lines = list(lines)
        self._draw()
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self) -> None:
        """Lay the moves' parts out again for the new width."""
        if self._lines is not None:
            self._draw()

    def _draw(self) -> None:
        lines = self._lines or []
        text = Text()
        if not lines:
            text.append("No moves yet.", style="dim")
        digits = len(str(len(lines)))
        room = self.scrollable_content_region.width - digits - 2
        for number, line in enumerate(lines, 1):
            if number > 1:
                text.append("\n")
            style = "bold reverse" if number == len(lines) else ""
            text.append(f"{number:>{digits}}. ", style="dim")
            for row, part in enumerate(self._rows(line, room)):
                if row:
                    text.append("\n" + " " * (digits + 2))
                text.append(part, style=style)
        self._body.update(text)

    @staticmethod
    def _rows(line: str, room: int) -> list[str]:
        """``line``'s parts on one row when they fit in ``room`` columns (or the width is not known
        yet), else one part a row."""
        parts = line.split(PART_BREAK)
        joined = PART_GAP.join(parts)
        if len(parts) == 1 or room <= 0 or len(joined) <= room:
            return [joined]
        return parts
