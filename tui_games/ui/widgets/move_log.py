"""The move log: one numbered line per move, newest at the bottom and highlighted.

Every move keeps to one line: a line longer than the panel is cut short with an ellipsis, never
wrapped (views give short move names, see ``GameView.move_name``).
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static


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
        text = Text()
        if not lines:
            text.append("No moves yet.", style="dim")
        digits = len(str(len(lines)))
        for number, line in enumerate(lines, 1):
            if number > 1:
                text.append("\n")
            style = "bold reverse" if number == len(lines) else ""
            text.append(f"{number:>{digits}}. ", style="dim")
            text.append(line, style=style)
        self._body.update(text)
        self.call_after_refresh(self.scroll_end, animate=False)
