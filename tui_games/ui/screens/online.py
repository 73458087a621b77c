"""Play online: the games beside the open rooms, and a room code to type.

The games list is what to create a room of (Enter or c opens the room's options), quick match in
(m: the next free seat in a waiting room of that game) or see the ladder of (l). The rooms list
shows every open room of the server (refreshed every few seconds): Enter, a click or w watches the
highlighted one, s sits in its free seat (a click on a room with a free seat asks which). A code
typed in the code field (any case) joins that room.

Every lobby call runs in a worker thread behind a "Connecting…" line; a refusal is shown there and
nothing typed or chosen is lost. Once in a room, its game screen opens over this one.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tui_games import catalog
from tui_games.online.online_lobby import OnlineLobby
from tui_games.ui.screens.online_enter import join_by_code, join_room, open_room, quick_match, watch_room
from tui_games.ui.screens.online_rooms import COLUMNS, RoomChoiceScreen, joinable, room_cells, shorten
from tui_games.ui.widgets.fitting_footer import FittingFooter
from tui_games.ui.widgets.lobby_progress import LobbyProgress, call_lobby

REFRESH_S = 5.0
"""How often the rooms list is asked for again while the screen shows."""
GAME_TITLE_WIDTH = 18
"""Columns of a game's title in the games list (a longer one ends in an ellipsis)."""


LISTING = "Listing the rooms…"
"""The note shown while the rooms are listed on request."""

class OnlineScreen(Screen):
    """The online screen (see the module notes) over ``lobby``."""

    DEFAULT_CSS = """
    OnlineScreen #online-body { height: 1fr; padding: 1 1 0 1; }
    OnlineScreen #online-games { width: 26; height: 1fr; border-title-style: bold; }
    OnlineScreen #online-right { width: 1fr; height: 1fr; margin-left: 1; }
    OnlineScreen #online-rooms { height: 1fr; border: round $panel; border-title-style: bold;
                                 border-subtitle-color: $foreground-muted; }
    OnlineScreen #online-rooms:focus { border: round $primary; }
    OnlineScreen #online-code-row { height: 1; margin-top: 1; }
    OnlineScreen #online-code-row Label { width: auto; padding-right: 1; text-style: bold; }
    OnlineScreen #room-code { width: 10; }
    OnlineScreen #online-code-help { width: 1fr; padding-left: 1; color: $foreground-muted; }
    App.-ascii OnlineScreen #online-rooms { border: ascii $panel; }
    App.-ascii OnlineScreen #online-rooms:focus { border: ascii $primary; }
    """

    BINDINGS = [
        Binding("c", "create", "Create", id="online.create"),
        Binding("m", "quick_match", "Quick match", id="online.quick_match"),
        Binding("j", "join_code", "Join code", id="online.join_code"),
        Binding("w", "watch", "Watch", id="online.watch"),
        Binding("s", "sit", "Sit", id="online.sit"),
        Binding("l", "ladder", "Ladder", id="online.ladder"),
        Binding("r,f5", "refresh", "Refresh", show=False, id="online.refresh"),
        Binding("escape", "back", "Back", key_display="Esc", id="online.back"),
    ]

    def __init__(self, lobby: OnlineLobby) -> None:
        super().__init__()
        self.lobby = lobby
        """The server's lobby."""
        self.rooms: list[dict] = []
        """The open rooms as last listed."""
        self._specs = {spec.id: spec for spec in catalog.all_specs()}
        self._listing = False
        self._listed = False

    def compose(self) -> ComposeResult:
        """Header, the games beside the rooms and the code field, the lobby's line, footer."""
        yield Header()
        with Horizontal(id="online-body"):
            yield OptionList(*[Option(f" {shorten(spec.title, GAME_TITLE_WIDTH)}", id=spec.id)
                               for spec in self._specs.values()], id="online-games")
            with Vertical(id="online-right"):
                table = DataTable(cursor_type="row", id="online-rooms")
                table.add_columns(*COLUMNS)
                yield table
                with Horizontal(id="online-code-row"):
                    yield Label("Room code")
                    yield Input(placeholder="ABCD", max_length=7, restrict=r"[A-Za-z \-]*", compact=True,
                                id="room-code")
                    yield Static("Enter joins", id="online-code-help")
        yield LobbyProgress(id="online-progress")
        yield FittingFooter()

    def on_mount(self) -> None:
        """Title the panes, focus the games and list the rooms."""
        self.title = "tui-games"
        self.sub_title = "Play online"
        call_lobby(self, lambda: self.lobby.player_name,  # a server may have to be asked
                   lambda name: setattr(self, "sub_title", f"Play online as {name}"), lambda reason: None)
        games = self.query_one("#online-games", OptionList)
        games.border_title = "Games"
        games.border_subtitle = "Enter create"
        games.highlighted = 0
        rooms = self.query_one("#online-rooms", DataTable)
        rooms.border_title = "Open rooms"
        rooms.border_subtitle = "Enter watch · s sit"
        games.focus()
        self.set_interval(REFRESH_S, self.refresh_rooms)

    def on_screen_resume(self) -> None:
        """Shown (first, or back from a room or a dialog): list the rooms (again)."""
        self.refresh_rooms(quiet=self._listed)

    # ----- the lists -------------------------------------------------------------------------------------
    @property
    def progress(self) -> LobbyProgress:
        """The lobby's line."""
        return self.query_one("#online-progress", LobbyProgress)

    @property
    def selected_game(self) -> str | None:
        """The highlighted game's id."""
        games = self.query_one("#online-games", OptionList)
        if games.highlighted is None:
            return None
        return games.get_option_at_index(games.highlighted).id

    @property
    def selected_room(self) -> dict | None:
        """The highlighted room's record."""
        table = self.query_one("#online-rooms", DataTable)
        if not self.rooms or not 0 <= table.cursor_row < len(self.rooms):
            return None
        return self.rooms[table.cursor_row]

    def refresh_rooms(self, quiet: bool = True) -> None:
        """Ask the lobby for the open rooms again (``quiet``: without the 'Listing the rooms…' note).
        Listing never holds up entering a room: the keys that enter one work meanwhile."""
        if self._listing or not self.is_current:
            return
        self._listing = True
        if not quiet and not self.progress.busy:
            self.progress.show_note(LISTING)

        def listed(rooms: list[dict]) -> None:
            self._listing = False
            self._listed = True
            if self.progress.message == LISTING:
                self.progress.show_note("")
            self.show_rooms(rooms)

        def failed(reason: str) -> None:
            self._listing = False
            if not self.progress.busy:
                self.progress.show_error(reason)

        call_lobby(self, self.lobby.rooms, listed, failed)

    def action_refresh(self) -> None:
        """List the rooms again now."""
        self.refresh_rooms(quiet=False)

    def show_rooms(self, rooms: list[dict]) -> None:
        """Fill the rooms list, keeping the highlighted room where it still is."""
        table = self.query_one("#online-rooms", DataTable)
        before = self.selected_room
        self.rooms = list(rooms)
        table.clear()
        for room in self.rooms:
            table.add_row(*room_cells(room), key=room["code"])
        codes = [room["code"] for room in self.rooms]
        if before is not None and before["code"] in codes:
            table.move_cursor(row=codes.index(before["code"]))
        table.border_title = f"Open rooms ({len(self.rooms)})" if self.rooms else "Open rooms: none yet"
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Watch shows with a room to watch, Sit with a free seat in the highlighted room."""
        if action == "watch":
            return self.selected_room is not None
        if action == "sit":
            room = self.selected_room
            return room is not None and joinable(room)
        return True

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Another room highlighted: Sit may come or go."""
        self.refresh_bindings()

    # ----- entering a room -------------------------------------------------------------------------------
    def _enter(self, call, what: str) -> None:
        """Run ``call`` (returning the RoomTable of the room entered) and show the room's game."""
        self.progress.start(call, lambda table: open_room(self.app, table), what=what,
                            abandon=lambda table: table.close())

    def action_create(self) -> None:
        """Open a room of the highlighted game (its options first)."""
        game_id = self.selected_game
        if game_id is None or self.progress.busy:
            return
        from tui_games.ui.screens.online_create import CreateRoomScreen

        def created(table) -> None:
            if table is not None:
                open_room(self.app, table)

        self.app.push_screen(CreateRoomScreen(self._specs[game_id], self.lobby), created)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a click) on a game opens a room of it."""
        self.action_create()

    def action_quick_match(self) -> None:
        """The next free seat in a waiting room of the highlighted game, else a new room."""
        game_id = self.selected_game
        if game_id is not None:
            self._enter(lambda: quick_match(self.app, self.lobby, game_id),
                        f"Finding a seat at {self._specs[game_id].title}…")

    def action_join_code(self) -> None:
        """Go to the code field."""
        self.query_one("#room-code", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the code field joins that room (the code stays there if it cannot be joined)."""
        event.stop()
        text = event.value
        if text.strip():
            self._enter(lambda: join_by_code(self.app, self.lobby, text), f"Joining room {text.strip().upper()}…")

    def action_watch(self) -> None:
        """Watch the highlighted room."""
        room = self.selected_room
        if room is not None:
            self._enter(lambda: watch_room(self.app, self.lobby, room["code"], room["game_id"]),
                        f"Joining room {room['code']} as a spectator…")

    def action_sit(self) -> None:
        """Sit in the highlighted room's free seat."""
        room = self.selected_room
        if room is not None and joinable(room):
            self._enter(lambda: join_room(self.app, self.lobby, room["code"], room["game_id"]),
                        f"Joining room {room['code']}…")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter or a click on a room: watch it, or (with a free seat) ask whether to sit or watch."""
        room = self.selected_room
        if room is None:
            return
        if not joinable(room):
            self.action_watch()
            return

        def chosen(choice: str | None) -> None:
            if choice == "sit":
                self.action_sit()
            elif choice == "watch":
                self.action_watch()

        self.app.push_screen(RoomChoiceScreen(room), chosen)

    # ----- elsewhere ---------------------------------------------------------------------------------------
    def action_ladder(self) -> None:
        """The ladder of the highlighted game."""
        from tui_games.ui.screens.ladder import LadderScreen

        self.app.push_screen(LadderScreen(self.lobby, self.selected_game))

    def action_back(self) -> None:
        """Out of the code field, else back to the menu."""
        if isinstance(self.focused, Input):
            self.query_one("#online-games", OptionList).focus()
            return
        self.app.pop_screen()


__all__ = ["OnlineScreen", "REFRESH_S"]
