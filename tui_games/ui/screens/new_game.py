"""The new-game dialog: the game's options, who sits in each seat (human or AI level), and a seed."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.validation import Integer
from textual.widgets import Button, Input, Label, Select, Static

from tui_games.core.errors import InvalidParameterError
from tui_games.core.spec import GameSpec
from tui_games.ui.screens.game import GameRequest


def seat_choices(spec: GameSpec) -> list[tuple[str, str]]:
    """Options for a seat: Human, then every AI level by name."""
    return [("Human", "human")] + [
        (f"AI {n} · {spec.level_name(n)}", f"ai:{n}") for n in range(1, spec.max_level + 1)
    ]


class NewGameScreen(ModalScreen[GameRequest | None]):
    """Collects a :class:`GameRequest`; Enter or Start confirms, Esc cancels."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+enter,ctrl+j", "start", "Start", show=False),
    ]

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(classes="dialog-screen")
        self.spec = spec
        """The game being set up."""
        count_name = spec.extra.get("seats_param")
        self._count_param = next((p for p in spec.params if p.name == count_name), None)
        """The parameter that sets the number of seats (``spec.extra["seats_param"]``), if any."""

    def compose(self) -> ComposeResult:
        """The form."""
        from tui_games.match import default_seats

        spec = self.spec
        with Vertical(id="new-game-dialog", classes="dialog"):
            with VerticalScroll(id="new-game-form"):
                for param in spec.params:
                    with Horizontal(classes="form-row"):
                        yield Label(param.name.replace("_", " ").capitalize(), classes="form-label")
                        if param.choices:
                            yield Select([(c, c) for c in param.choices], value=param.default,
                                         allow_blank=False, compact=True, id=f"param-{param.name}")
                        else:
                            yield Input(str(param.default), type="integer", compact=True,
                                        id=f"param-{param.name}",
                                        validators=[Integer(param.minimum, param.maximum)])
                        yield Static(param.describe_range(), classes="form-help")
                if spec.min_players != spec.max_players and not self._count_param:
                    with Horizontal(classes="form-row"):
                        yield Label("Players", classes="form-label")
                        yield Select([(str(n), n) for n in range(spec.min_players, spec.max_players + 1)],
                                     value=spec.min_players, allow_blank=False, compact=True, id="players")
                        yield Static("", classes="form-help")
                defaults = default_seats(spec)
                for seat in range(spec.max_players):
                    middle = f"ai:{max(1, (spec.max_level + 1) // 2)}"
                    default = defaults[seat].to_text() if seat < len(defaults) else middle
                    with Horizontal(classes="form-row", id=f"seat-row-{seat}"):
                        yield Label(spec.seat_name(seat), classes="form-label")
                        yield Select(seat_choices(spec), value=default, allow_blank=False, compact=True,
                                     id=f"seat-{seat}")
                        yield Static("", classes="form-help")
                with Horizontal(classes="form-row"):
                    yield Label("Seed", classes="form-label")
                    yield Input("", placeholder="random", type="integer", compact=True, id="seed")
                    yield Static("same seed, same game", classes="form-help")
            yield Static("", id="new-game-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        """Title the dialog, show the right number of seats, focus Start (Enter plays the defaults)."""
        dialog = self.query_one("#new-game-dialog")
        dialog.border_title = f"New game: {self.spec.title}"
        dialog.border_subtitle = "Enter start · Esc cancel"
        self._show_seats()
        self.query_one("#start", Button).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """The player count decides how many seat rows show."""
        if event.select.id == "players":
            self._show_seats()

    def _player_count(self) -> int:
        """How many seats to fill: fixed, the Players choice, or the game's own seats parameter."""
        spec = self.spec
        if spec.min_players == spec.max_players:
            return spec.min_players
        if self._count_param is not None:
            try:
                count = int(self.query_one(f"#param-{self._count_param.name}", Input).value)
            except ValueError:
                count = spec.min_players
            return min(max(count, spec.min_players), spec.max_players)
        return int(self.query_one("#players", Select).value)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A game whose seats are a parameter shows as many seat rows as it says."""
        if self._count_param is not None and event.input.id == f"param-{self._count_param.name}":
            self._show_seats()

    def _show_seats(self) -> None:
        count = self._player_count()
        for seat in range(self.spec.max_players):
            self.query_one(f"#seat-row-{seat}").display = seat < count

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field starts the game."""
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start or Cancel."""
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def build_request(self) -> GameRequest:
        """The request the form describes; raises InvalidParameterError naming a bad field."""
        from tui_games.match import Seat

        params = {}
        for param in self.spec.params:
            widget = self.query_one(f"#param-{param.name}")
            value = widget.value
            params[param.name] = param.coerce(value if param.choices else (value or "").strip())
        seats = [Seat.parse(str(self.query_one(f"#seat-{seat}", Select).value))
                 for seat in range(self._player_count())]
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise InvalidParameterError(f"the seed must be a whole number (got {seed_text!r})") from None
        return GameRequest(game_id=self.spec.id, params=params, seats=seats, seed=seed)

    def action_start(self) -> None:
        """Check the form and start the game."""
        try:
            request = self.build_request()
        except InvalidParameterError as error:
            self.query_one("#new-game-error", Static).update(f"[b]{error}[/b]")
            return
        self.dismiss(request)

    def action_cancel(self) -> None:
        """Close without starting."""
        self.dismiss(None)
