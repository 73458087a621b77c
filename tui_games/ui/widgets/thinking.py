"""A one-line activity indicator: a spinner and a label ("O is thinking...")."""

from __future__ import annotations

from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

from tui_games.ui.glyphs import UNICODE, Glyphs


class Thinking(Static):
    """Shows ``label`` with a spinner while busy; the spinner stands still when animation is off."""

    DEFAULT_CSS = """
    Thinking { height: 1; width: 1fr; color: $accent; }
    """

    def __init__(self, glyphs: Glyphs = UNICODE, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.glyphs = glyphs
        """The glyph set the spinner frames come from."""
        self.animate_spinner = True
        """False when the animation setting is 'off' (the label still shows)."""
        self.label = ""
        """The current label; empty when idle."""
        self._frame = 0
        self._timer: Timer | None = None

    @property
    def busy(self) -> bool:
        """True while a label is shown."""
        return bool(self.label)

    def start(self, label: str) -> None:
        """Show ``label`` with a running spinner."""
        self.label = label
        self._frame = 0
        if self._timer is None and self.animate_spinner:
            self._timer = self.set_interval(0.1, self._tick)
        self._draw()

    def stop(self) -> None:
        """Clear the label and stop the spinner."""
        self.label = ""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.update("")

    def _tick(self) -> None:
        self._frame += 1
        self._draw()

    def _draw(self) -> None:
        if not self.label:
            return
        frames = self.glyphs.spinner
        text = Text()
        text.append(frames[self._frame % len(frames)] + " ", style="bold")
        text.append(self.label)
        self.update(text)
