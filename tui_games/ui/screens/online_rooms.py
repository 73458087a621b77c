"""The open rooms as the online screen lists them (:func:`room_cells`), and the question a click on a
room with a free seat asks (:class:`RoomChoiceScreen`: sit down or watch)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

GAME_WIDTH = 14
"""Columns of a game's title in the list."""
WHO_WIDTH = 18
"""Columns of the list's players column."""
COLUMNS = ("Code", "Game", "Status", "Seats", "Players")
"""The list's column titles."""


def shorten(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns with an ellipsis."""
    return text if len(text) <= width else text[:width - 1] + "…"


def seats_taken(room: dict) -> str:
    """'1/2': the seats filled (a person or an AI) out of all."""
    seats = list(room.get("seats") or ())
    return f"{sum(1 for seat in seats if seat['kind'] != 'open')}/{len(seats)}"


def who_sits(room: dict) -> str:
    """The people and AIs at the room's seats ('Ann, AI (Casual)'), open seats left out, with the
    spectators counted ('+2 watching')."""
    names = [str(seat["name"]) for seat in room.get("seats") or () if seat["kind"] != "open"]
    watching = int(room.get("spectators") or 0)
    if watching:
        names.append(f"+{watching} watching")
    return ", ".join(names)


def room_cells(room: dict) -> tuple[str, ...]:
    """One room's row: code, game, status (rated marked), seats filled, who sits there."""
    status = str(room["status"]) + (" *" if room.get("rated") else "")
    return (str(room["code"]), shorten(str(room["title"]), GAME_WIDTH), status, seats_taken(room),
            shorten(who_sits(room), WHO_WIDTH))


def joinable(room: dict) -> bool:
    """True when the room has a seat waiting for a person."""
    return int(room.get("open_seats") or 0) > 0


class RoomChoiceScreen(ModalScreen[str | None]):
    """Room CODE has a free seat: 'sit' (s), 'watch' (w), or None (Esc)."""

    BINDINGS = [
        Binding("s", "choose('sit')", "Sit down", show=False),
        Binding("w", "choose('watch')", "Watch", show=False),
        Binding("escape", "choose(None)", "Cancel", show=False),
    ]

    def __init__(self, room: dict) -> None:
        super().__init__(classes="dialog-screen")
        self.room = room
        """The room's record."""

    def compose(self) -> ComposeResult:
        """The question and three buttons."""
        with Vertical(classes="dialog", id="room-choice-dialog"):
            yield Static(f"{self.room['title']}: {who_sits(self.room) or 'nobody yet'}. "
                         "Take the free seat, or watch the game?", id="confirm-question", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Sit down (s)", id="sit", variant="primary")
                yield Button("Watch (w)", id="watch")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        """Title the dialog and focus Sit down."""
        dialog = self.query_one("#room-choice-dialog")
        dialog.border_title = f"Room {self.room['code']}"
        dialog.border_subtitle = "s sit · w watch · Esc cancel"
        self.query_one("#sit", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Any button answers."""
        event.stop()
        self.dismiss(None if event.button.id == "cancel" else event.button.id)

    def action_choose(self, choice: str | None) -> None:
        """Answer by key."""
        self.dismiss(choice)


__all__ = ["COLUMNS", "RoomChoiceScreen", "joinable", "room_cells", "seats_taken", "shorten", "who_sits"]
