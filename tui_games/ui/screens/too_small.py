"""Shown instead of everything else while the terminal is smaller than the app needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 80
"""The narrowest terminal the app lays out for."""
MIN_HEIGHT = 24
"""The shortest terminal the app lays out for."""


def too_small_text(width: int, height: int) -> str:
    """'terminal too small (need 80x24, have 60x20)'."""
    return f"terminal too small (need {MIN_WIDTH}x{MIN_HEIGHT}, have {width}x{height})"


class TooSmallScreen(Screen):
    """A centred notice with the needed and actual size; it goes away when the terminal grows."""

    BINDINGS = [Binding("ctrl+q,q", "app.quit", "Quit")]

    def __init__(self) -> None:
        super().__init__()

    def compose(self) -> ComposeResult:
        """The notice."""
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        """Show the current size."""
        self.show_size(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        """Uncovered again (a dialog over it closed): go away if the terminal grew meanwhile."""
        size = self.app.size
        if size.width >= MIN_WIDTH and size.height >= MIN_HEIGHT:
            self.app.pop_screen()

    def show_size(self, width: int, height: int) -> None:
        """Update the notice for a terminal of ``width`` x ``height``."""
        self.query_one("#too-small-text", Static).update(
            f"[b]{too_small_text(width, height)}[/b]\n\nEnlarge the window to continue, or press q to quit."
            "\nYour game is kept as it is."
        )
