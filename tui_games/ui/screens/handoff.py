"""'Pass to player N': hides the table between hotseat turns of a hidden-information game, and between
the secret choices of a simultaneous move."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class HandoffScreen(ModalScreen[None]):
    """An opaque screen naming the next player; their cards are drawn only after they confirm."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready")]

    def __init__(self, player_name: str, secret_choice: bool = False, secrets: str = "cards") -> None:
        super().__init__()
        self.player_name = player_name
        """Who the device is passed to."""
        self.secret_choice = secret_choice
        """True when the next player makes a secret choice of a simultaneous move."""
        self.secrets = secrets
        """What the button shows: 'cards', 'dice' (the game's ``spec.secrets``)."""

    def compose(self) -> ComposeResult:
        """The notice and a button."""
        with Vertical(classes="dialog", id="handoff-dialog"):
            yield Static(f"[b]Pass to {self.player_name}[/b]", id="handoff-title")
            if self.secret_choice:
                yield Static("Everyone chooses in secret; all is revealed\ntogether. "
                             "Other players: please look away.", id="handoff-text")
                yield Button(f"I am {self.player_name}: let me choose", id="handoff-ready", variant="primary")
                return
            yield Static("Other players: please look away.\nThe table stays hidden until "
                         f"{self.player_name} is ready.", id="handoff-text")
            yield Button(f"I am {self.player_name}: show my {self.secrets}", id="handoff-ready", variant="primary")

    def on_mount(self) -> None:
        """Focus the button (none when the screen was dismissed before it was mounted: the table moved on)."""
        for button in self.query("#handoff-ready"):
            button.focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Reveal the table."""
        self.action_ready()

    def action_ready(self) -> None:
        """Close the screen and reveal the table."""
        self.dismiss(None)
