"""Opening a room: the new-game dialog's options and seats (each seat a person or an AI level), plus
rated or not and a turn timer; "Open room" asks the lobby and, once the room is open, the dialog
closes with the session's :class:`~tui_games.online.RoomTable` (a refusal is shown in the dialog,
every choice kept)."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.validation import Integer
from textual.widgets import Button, Input, Label, Select, Static

from tui_games.core.errors import InvalidParameterError
from tui_games.core.spec import GameSpec
from tui_games.online.online_lobby import OnlineLobby
from tui_games.ratings.variants import unrated_reason
from tui_games.ui.screens.new_game import NewGameScreen
from tui_games.ui.screens.online_enter import RoomRequest, create_room
from tui_games.ui.widgets.lobby_progress import LobbyProgress

TIMER_DEFAULT_S = 60
"""The turn timer's seconds when it is turned on."""
TIMER_RANGE_S = (5, 3600)
"""The turn timer's least and most seconds."""


def person_choices(spec: GameSpec) -> list[tuple[str, str]]:
    """Options for a seat of a room: a person (who joins with the code), or an AI level."""
    return [("Person", "human")] + [(f"AI {n} · {spec.level_name(n)}", f"ai:{n}")
                                    for n in range(1, spec.max_level + 1)]


def _row(label: str, field, help_text: str, row_id: str) -> Horizontal:
    return Horizontal(Label(label, classes="form-label"), field, Static(help_text, classes="form-help"),
                      classes="form-row", id=row_id)


class CreateRoomScreen(NewGameScreen):
    """The new-game dialog for a room of ``spec`` on ``lobby``: dismisses with the RoomTable of the
    room opened, or None (Esc, Cancel)."""

    def __init__(self, spec: GameSpec, lobby: OnlineLobby) -> None:
        super().__init__(spec)
        self.lobby = lobby
        """The server's lobby."""

    def on_mount(self) -> None:
        """Make the form a room's once the new-game dialog has set it up (Textual runs its on_mount
        after this one)."""
        self.call_later(self._room_form)

    async def _room_form(self) -> None:
        """The new-game form without its seed, every seat a person's to begin with, and the room's
        own options: rated, turn timer."""
        spec = self.spec
        dialog = self.query_one("#new-game-dialog")
        dialog.border_title = f"New room: {spec.title}"
        dialog.border_subtitle = "Enter open · Esc cancel"
        self.query_one("#seed", Input).parent.display = False
        for seat in range(spec.max_players):
            choice = self.query_one(f"#seat-{seat}", Select)
            choice.set_options(person_choices(spec))
            choice.value = "human"
            choice.mutate_reactive(Select.value)  # shows the new label when the value stayed the same
        reason = unrated_reason(spec)
        rated = Select([("No", "no"), ("Yes", "yes")], value="no", allow_blank=False, compact=True, id="rated",
                       disabled=reason is not None)
        timer = Select([("Off", "off"), ("On", "on")], value="off", allow_blank=False, compact=True, id="timer")
        seconds = Input(str(TIMER_DEFAULT_S), type="integer", compact=True, id="timer-seconds",
                        validators=[Integer(*TIMER_RANGE_S)])
        await self.query_one("#new-game-form").mount(
            _row("Rated", rated, f"no ratings: {reason}" if reason else "counts in the ladder", "rated-row"),
            _row("Turn timer", timer, "the AI moves for a player out of time", "timer-row"),
            _row("Seconds", seconds, f"a move, {TIMER_RANGE_S[0]}..{TIMER_RANGE_S[1]}", "timer-seconds-row"),
            before=0)  # first: the game's own options may fill the form and scroll
        self.query_one("#timer-seconds-row").display = False
        await dialog.mount(LobbyProgress(id="create-progress"), after="#new-game-error")
        self.query_one("#start", Button).label = "Open room"

    @property
    def progress(self) -> LobbyProgress:
        """The lobby's line."""
        return self.query_one("#create-progress", LobbyProgress)

    def on_select_changed(self, event: Select.Changed) -> None:
        """The timer's seconds show while it is on (the new-game dialog's own handler runs too)."""
        if event.select.id == "timer":
            self.query_one("#timer-seconds-row").display = event.value == "on"

    def room_request(self) -> RoomRequest:
        """The room the form describes; InvalidParameterError naming a bad field."""
        request = self.build_request()
        seats = [seat.level if seat.is_ai else None for seat in request.seats]
        if None not in seats:
            raise InvalidParameterError("leave a seat for a person: you sit in the first one")
        timer = None
        if self.query_one("#timer", Select).value == "on":
            text = self.query_one("#timer-seconds", Input).value.strip()
            low, high = TIMER_RANGE_S
            if not text.isdigit() or not low <= int(text) <= high:
                raise InvalidParameterError(f"the turn timer is {low} to {high} seconds (got {text!r})")
            timer = float(text)
        return RoomRequest(self.spec.id, dict(request.params), seats, self.query_one("#rated", Select).value == "yes",
                           timer)

    def action_start(self) -> None:
        """Check the form and open the room (the dialog stays, and says why, if the lobby refuses)."""
        if not self.query("#create-progress") or self.progress.busy:
            return  # still being set up, or the lobby is being asked
        error = self.query_one("#new-game-error", Static)
        try:
            request = self.room_request()
        except InvalidParameterError as problem:
            error.update(f"[b]{problem}[/b]")
            return
        error.update("")
        self.progress.start(lambda: create_room(self.app, self.lobby, request), self.dismiss,
                            what=f"Opening a room of {self.spec.title}…", abandon=lambda table: table.close())


__all__ = ["CreateRoomScreen", "TIMER_DEFAULT_S", "TIMER_RANGE_S", "person_choices"]
