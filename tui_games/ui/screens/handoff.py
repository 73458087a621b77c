"""'Pass to player N': hides the table between hotseat turns of a hidden-information game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class HandoffScreen(ModalScreen[None]):
    """An opaque screen naming the next player; their cards are drawn only after they confirm."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready")]

    def __init__(self, player_name: str) -> None:
        super().__init__()
        self.player_name = player_name
        """Who the device is passed to."""

    def compose(self) -> ComposeResult:
        """The notice and a button."""
        with Vertical(classes="dialog", id="handoff-dialog"):
            yield Static(f"[b]Pass to {self.player_name}[/b]", id="handoff-title")
            yield Static("Other players: please look away.\nThe table stays hidden until "
                         f"{self.player_name} is ready.", id="handoff-text")
            yield Button(f"I am {self.player_name}: show my cards", id="handoff-ready", variant="primary")

    def on_mount(self) -> None:
        """Focus the button."""
        self.query_one("#handoff-ready").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Reveal the table."""
        self.action_ready()

    def action_ready(self) -> None:
        """Close the screen and reveal the table."""
        self.dismiss(None)
