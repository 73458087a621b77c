"""The new-game dialog: the game's options, who sits in each seat (human or AI level), and a seed.

It opens with the options last started for the same game (``tui_games.store.recent``), each one
checked again (a value the game no longer allows falls back to its default). An option that does not
apply to the chosen variant (Blackjack's decks under the simple rules) is hidden and left out.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.validation import Integer
from textual.widgets import Button, Input, Label, Select, Static

from tui_games.core.errors import InvalidParameterError
from tui_games.core.seats import Seat, check_seats
from tui_games.core.spec import GameSpec
from tui_games.store.recent import last_options, remember_options
from tui_games.ui.describe import param_applies, param_requirement, players_text, range_text
from tui_games.ui.screens.game import GameRequest


def seat_choices(spec: GameSpec) -> list[tuple[str, str]]:
    """Options for a seat: Human, then every AI level by name."""
    return [("Human", "human")] + [
        (f"AI {n} · {spec.level_name(n)}", f"ai:{n}") for n in range(1, spec.max_level + 1)
    ]


def remembered_choices(spec: GameSpec, options: dict) -> tuple[dict, list[str]]:
    """The usable part of remembered ``options``: (parameter values, seat texts), each checked
    against ``spec`` (unknown names, bad values and AI levels the game lacks are dropped)."""
    params = {}
    saved_params = options.get("params")
    if isinstance(saved_params, dict):
        for param in spec.params:
            if param.name in saved_params:
                try:
                    params[param.name] = param.coerce(saved_params[param.name])
                except (InvalidParameterError, TypeError, ValueError):
                    pass
    seats = []
    saved_seats = options.get("seats")
    if isinstance(saved_seats, list):
        for text in saved_seats[:spec.max_players]:
            try:
                seat = Seat.parse(str(text))
            except (InvalidParameterError, ValueError):
                break
            if seat.is_ai and not 1 <= seat.level <= spec.max_level:
                break
            seats.append(seat.to_text())
    return params, seats


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
        count_name = spec.seats_param
        self._count_param = next((p for p in spec.params if p.name == count_name), None)
        """The parameter that sets the number of seats (``spec.seats_param``), if any."""
        self._last_params, self._last_seats = remembered_choices(spec, last_options(spec.id))

    def compose(self) -> ComposeResult:
        """The form."""
        from tui_games.match import default_seats

        spec = self.spec
        with Vertical(id="new-game-dialog", classes="dialog"):
            with VerticalScroll(id="new-game-form"):
                for param in spec.params:
                    value = self._last_params.get(param.name, param.default)
                    with Horizontal(classes="form-row", id=f"param-row-{param.name}"):
                        yield Label(param.name.replace("_", " ").capitalize(), classes="form-label")
                        if param.choices:
                            yield Select([(c, c) for c in param.choices], value=value,
                                         allow_blank=False, compact=True, id=f"param-{param.name}")
                        elif param.text:
                            yield Input(str(value), compact=True, id=f"param-{param.name}")
                        else:
                            yield Input(str(value), type="integer", compact=True,
                                        id=f"param-{param.name}",
                                        validators=[Integer(param.minimum, param.maximum)])
                        yield Static(self._param_help(param), classes="form-help")
                if spec.min_players != spec.max_players and not self._count_param:
                    count = len(self._last_seats) if self._last_seats else spec.min_players
                    with Horizontal(classes="form-row"):
                        yield Label("Players", classes="form-label")
                        yield Select([(str(n), n) for n in range(spec.min_players, spec.max_players + 1)],
                                     value=min(max(count, spec.min_players), spec.max_players),
                                     allow_blank=False, compact=True, id="players")
                        yield Static("", classes="form-help")
                defaults = default_seats(spec)
                for seat in range(spec.max_players):
                    middle = f"ai:{max(1, (spec.max_level + 1) // 2)}"
                    default = defaults[seat].to_text() if seat < len(defaults) else middle
                    if seat < len(self._last_seats):
                        default = self._last_seats[seat]
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

    def _param_help(self, param) -> str:
        """'1..8', '1..1000 big blinds' (what the number counts, where the game says), or
        '1..8 (american only)' for an option one variant alone has."""
        requirement = param_requirement(self.spec, param.name)
        suffix = f" ({requirement[1]} only)" if requirement else ""
        return range_text(param) + suffix

    def on_mount(self) -> None:
        """Title the dialog, show the right number of seats, focus Start (Enter plays the defaults)."""
        dialog = self.query_one("#new-game-dialog")
        dialog.border_title = f"New game: {self.spec.title} · {players_text(self.spec)}"
        dialog.border_subtitle = "Enter start · Esc cancel"
        self._show_seats()
        self._show_params()
        self.query_one("#start", Button).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """The player count decides how many seat rows show; a variant, which options apply."""
        if event.select.id == "players":
            self._show_seats()
        self._show_params()

    def _choices(self) -> dict:
        """The option values as the form holds them now (unchecked text for number fields)."""
        return {param.name: self.query_one(f"#param-{param.name}").value for param in self.spec.params}

    def _show_params(self) -> None:
        """Hide the options that do not apply to the variant chosen (see ``Param.applies_when``)."""
        choices = self._choices()
        for param in self.spec.params:
            self.query_one(f"#param-row-{param.name}").display = param_applies(self.spec, param.name, choices)

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
        """A game whose seats are a parameter shows as many seat rows as it says (and the options
        that apply with that many, such as Sim's coalition of three)."""
        if self._count_param is not None and event.input.id == f"param-{self._count_param.name}":
            self._show_seats()
            self._show_params()

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
        params = {}
        choices = self._choices()
        for param in self.spec.params:
            if not param_applies(self.spec, param.name, choices):
                continue
            value = choices[param.name]
            params[param.name] = param.coerce(value if param.choices else (value or "").strip())
        seats = [Seat.parse(str(self.query_one(f"#seat-{seat}", Select).value))
                 for seat in range(self._player_count())]
        check_seats(self.spec, seats)
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
        remember_options(self.spec.id, {"params": request.params,
                                        "seats": [seat.to_text() for seat in request.seats]})
        self.dismiss(request)

    def action_cancel(self) -> None:
        """Close without starting."""
        self.dismiss(None)
