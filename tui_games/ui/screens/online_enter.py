"""Entering a room from a session: each way in (create, join by code, quick match, watch) as one
blocking function for a worker thread, and :func:`open_room` to show the room's game once in.

Each makes the session's :class:`~tui_games.online.RoomTable` first (its ``post`` is the app's
``call_later``, which works from any thread and from the app's own loop), hands it to the lobby,
and returns it; the lobby's refusal comes out as its LobbyError.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tui_games.online.online_lobby import LobbyError, OnlineLobby
from tui_games.online.room_table import RoomTable

CODE_LENGTH = 4
"""Letters in a room code."""


@dataclass
class RoomRequest:
    """A room to open: the game, its parameters, each seat's AI level (None: a person), rated or not,
    and the turn timer in seconds (None: off)."""

    game_id: str
    params: dict = field(default_factory=dict)
    seats: list[int | None] = field(default_factory=list)
    rated: bool = False
    turn_timer_s: float | None = None


def room_code(text: str) -> str:
    """A code as typed ('abcd', ' ab-cd ') made canonical ('ABCD'); LobbyError when it cannot be one."""
    code = "".join(char for char in str(text).strip().upper() if char not in " -")
    if len(code) != CODE_LENGTH or not code.isalpha() or not code.isascii():
        raise LobbyError(f"A room code is {CODE_LENGTH} letters (you typed {str(text).strip()[:12]!r})")
    return code


def new_table(app, game_id: str) -> RoomTable:
    """The session's end of a seat in a room of ``game_id``, posting to ``app``'s loop."""
    return RoomTable(game_id, app.call_later)


def join_by_code(app, lobby: OnlineLobby, text: str) -> RoomTable:
    """Sit in the room whose code was typed as ``text`` (its game read from the lobby's list)."""
    code = room_code(text)
    found = next((room for room in lobby.rooms() if room["code"] == code), None)
    if found is None:
        raise LobbyError(f"There is no open room {code!r}")
    return join_room(app, lobby, code, found["game_id"])


def join_room(app, lobby: OnlineLobby, code: str, game_id: str) -> RoomTable:
    """Sit in room ``code`` of ``game_id``."""
    table = new_table(app, game_id)
    lobby.join(table, code)
    return table


def watch_room(app, lobby: OnlineLobby, code: str, game_id: str) -> RoomTable:
    """Watch room ``code`` of ``game_id`` as a spectator."""
    table = new_table(app, game_id)
    lobby.watch(table, code)
    return table


def create_room(app, lobby: OnlineLobby, request: RoomRequest) -> RoomTable:
    """Open the room ``request`` describes and sit in its first seat for a person."""
    table = new_table(app, request.game_id)
    lobby.create(table, request.game_id, params=dict(request.params), seats=list(request.seats),
                 rated=request.rated, turn_timer_s=request.turn_timer_s)
    return table


def quick_match(app, lobby: OnlineLobby, game_id: str) -> RoomTable:
    """The next free seat in a waiting room of ``game_id`` (its default rules), else a new room."""
    table = new_table(app, game_id)
    lobby.quick_match(table, game_id)
    return table


def open_room(app, table: RoomTable) -> None:
    """Show the room's game (the screen waits for the players, then plays)."""
    from tui_games.ui.screens.game import GameRequest, GameScreen

    app.push_screen(GameScreen(GameRequest(room=table)))


__all__ = ["CODE_LENGTH", "RoomRequest", "create_room", "join_by_code", "join_room", "new_table", "open_room",
           "quick_match", "room_code", "watch_room"]
