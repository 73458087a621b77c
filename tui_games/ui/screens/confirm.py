"""A small yes/no dialog."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    """Asks ``question``; dismisses with True (y / Enter on Yes) or False (n / Esc)."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        """The question shown."""
        self._labels = (yes, no)

    def compose(self) -> ComposeResult:
        """The question and two buttons."""
        with Vertical(classes="dialog", id="confirm-dialog"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self._labels[0], id="yes", variant="primary")
                yield Button(self._labels[1], id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Answer with the pressed button."""
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        """Answer by key."""
        self.dismiss(answer)
