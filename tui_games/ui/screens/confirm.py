"""A yes/no question in a small dialog (deleting a save ...): y or Enter on the button, n or Esc."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    """Asks ``question``; dismisses with True for the confirming button (or y), False otherwise.

    The cancelling button has the focus, so a stray Enter never confirms a destructive action.
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", show=False),
        Binding("n,escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, title: str, question: str, confirm_label: str = "Yes") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        """The dialog's title."""
        self.question = question
        """The question, in full."""
        self.confirm_label = confirm_label
        """The confirming button's label ('Delete')."""

    def compose(self) -> ComposeResult:
        """The question and two buttons."""
        with Vertical(classes="dialog", id="confirm-dialog"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.confirm_label} (y)", id="confirm-yes", variant="error")
                yield Button("Cancel (n)", id="confirm-no")

    def on_mount(self) -> None:
        """Title the dialog and focus Cancel."""
        dialog = self.query_one("#confirm-dialog")
        dialog.border_title = self.title_text
        dialog.border_subtitle = "y yes · n or Esc no"
        self.query_one("#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Either button answers."""
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        """Answer by key."""
        self.dismiss(yes)
