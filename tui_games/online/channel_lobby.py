"""The server's lobby as a served session reaches it: over the session's control channel.

:class:`ChannelLobby` implements :class:`~tui_games.online.online_lobby.OnlineLobby` with requests to
the server's room service (:mod:`tui_games.serve.room_service`: the ops and fields are listed there).
Each time the session enters a room it picks a fresh entry number and registers the
:class:`~tui_games.online.RoomTable` under it *before* asking (the room sends the first view while the
session joins, before the answer comes); the room's messages come back as pushed ``room`` messages
naming that entry, read with :func:`~tui_games.serve.rooms.room_messages.from_payload` and handed to
the table's connection (which passes them to the screen's loop). The table acts through a
:class:`RemoteMember`, whose moves, chat lines, asks to play again and leaving are pushed to the server.

Every method blocks until the server answers (call it from a worker thread); what the server refuses,
or a server that is gone or does not answer in time, raises :class:`LobbyError` with a sentence for
the person. This module imports no numba (a session process must not), and the rooms' messages only
once one comes.
"""

from __future__ import annotations

import itertools
import threading
from typing import Any, Callable

from tui_games.core.errors import TuiGamesError
from tui_games.online.online_lobby import LobbyError, RoomEntered
from tui_games.serve.channel import ChannelClosed, RemoteError

CALL_TIMEOUT_S = 30.0
"""How long a request may wait for the server's answer."""

ENTER_TIMEOUT_S = 600.0
"""How long creating a room or a quick match may wait: the server may first prepare the game in its
engine pool (compiling it, the first time ever)."""

GONE = "The server cannot be reached: rooms are not available now"
"""The sentence when the channel to the server has ended."""


def _sentence(error: RemoteError) -> str:
    """What the server said, without the name of its error."""
    text = str(error)
    prefix = f"{error.kind}: "
    return text[len(prefix):] if text.startswith(prefix) else text


class RemoteMember:
    """The session's place in a room (what the room's :class:`~tui_games.serve.rooms.Member` is on
    the server): what the person does is pushed to the server, which acts for them."""

    def __init__(self, lobby: "ChannelLobby", entry: int, code: str, seat: int | None) -> None:
        self.lobby = lobby
        """The lobby whose channel carries the person's acts."""
        self.entry = entry
        """The entry these acts belong to (the server ignores them once the session is elsewhere)."""
        self.code = code
        """The room's code."""
        self.seat = seat
        """The seat taken on entering, or None for a spectator (a rematch moves a person round the table:
        the views say the seat now)."""

    @property
    def spectator(self) -> bool:
        """True for a spectator."""
        return self.seat is None

    def move(self, action: int, position: int | None = None) -> bool:
        """Play ``action`` at ``position`` (the view's token); a refusal comes back as an event. True
        when it was sent."""
        return self.lobby.push("room_move", {"entry": self.entry, "action": int(action),
                                             "position": None if position is None else int(position)})

    def chat(self, text: str) -> bool:
        """Say ``text`` to the room; True when it was sent."""
        return self.lobby.push("room_chat", {"entry": self.entry, "text": str(text)})

    def rematch(self) -> bool:
        """Once the room's game is over, ask to play again (the room answers with a notice and, once
        everyone asked, the next game's views); True when it was sent."""
        return self.lobby.push("room_rematch", {"entry": self.entry})

    def leave(self) -> None:
        """Leave the room on purpose (a seat in a game goes to the AI)."""
        self.lobby.push("room_leave", {"entry": self.entry})

    def __repr__(self) -> str:
        where = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"RemoteMember({where}, room {self.code})"


class ChannelLobby:
    """:class:`~tui_games.online.online_lobby.OnlineLobby` over ``client``, the session's
    :class:`~tui_games.serve.channel_client.ChannelClient` (see the module docstring). ``listen(op,
    callback)`` subscribes to the server's pushed messages: by default
    :func:`tui_games.serve.session_kernels.listen`, the session process's own."""

    def __init__(self, client, *, listen: Callable[[str, Callable[[Any], None]], None] | None = None) -> None:
        self.client = client
        """The channel to the server."""
        self._tables: dict[int, Any] = {}
        self._lock = threading.Lock()
        self._entries = itertools.count(1)
        self._name: str | None = None
        if listen is None:
            from tui_games.serve.session_kernels import listen
        listen("room", self._pushed)

    # ----- talking to the server ---------------------------------------------------------------------------
    def _call(self, op: str, body: dict, timeout: float) -> Any:
        try:
            return self.client.call(op, body, timeout=timeout)
        except RemoteError as error:
            raise LobbyError(_sentence(error)) from None
        except ChannelClosed:
            raise LobbyError(GONE) from None
        except (TuiGamesError, ValueError, LookupError) as error:  # re-raised as themselves by the channel
            raise LobbyError(str(error)) from None

    def push(self, op: str, body: dict) -> bool:
        """Push ``op`` to the server; False when the channel has ended."""
        try:
            self.client.push(op, body)
        except ChannelClosed:
            return False
        return True

    @property
    def player_name(self) -> str:
        """The name this session plays under, as the server has it (asked once)."""
        if self._name is None:
            try:
                answer = self._call("room_whoami", {}, CALL_TIMEOUT_S)
            except (LobbyError, TimeoutError):
                return "player"
            self._name = str(answer.get("name") or "player") if isinstance(answer, dict) else "player"
        return self._name

    # ----- entering a room ---------------------------------------------------------------------------------
    def _enter(self, table, op: str, body: dict, timeout: float = CALL_TIMEOUT_S) -> RoomEntered:
        entry = next(self._entries)
        with self._lock:
            self._tables[entry] = table
        try:
            answer = self._call(op, {**body, "entry": entry}, timeout)
        except TimeoutError:
            self._forget(entry)
            self.push("room_leave", {"entry": entry})  # in case the server took it after all
            raise LobbyError("The server did not answer in time: please try again") from None
        except LobbyError:
            self._forget(entry)
            raise
        answer = answer if isinstance(answer, dict) else {}
        code, seat = answer.get("code"), answer.get("seat")
        if not isinstance(code, str) or not (seat is None or isinstance(seat, int)):
            self._forget(entry)
            raise LobbyError("The server's answer made no sense: please try again")
        table.attach(RemoteMember(self, entry, code, seat))
        return RoomEntered(code, seat)

    def _forget(self, entry: int) -> None:
        with self._lock:
            self._tables.pop(entry, None)

    def create(self, table, game_id: str, *, params: dict | None = None, seats: list[int | None] | None = None,
               rated: bool = False, turn_timer_s: float | None = None) -> RoomEntered:
        """Open a room of ``game_id`` and sit in its first seat for a person (see OnlineLobby.create)."""
        return self._enter(table, "room_create", {
            "game": game_id, "params": params, "seats": None if seats is None else list(seats), "rated": rated,
            "turn_timer_s": turn_timer_s}, ENTER_TIMEOUT_S)

    def join(self, table, code: str) -> RoomEntered:
        """Sit in room ``code`` (one's own seat again after a drop)."""
        return self._enter(table, "room_join", {"code": code})

    def watch(self, table, code: str) -> RoomEntered:
        """Watch room ``code`` as a spectator."""
        return self._enter(table, "room_watch", {"code": code})

    def quick_match(self, table, game_id: str, *, params: dict | None = None, players: int | None = None,
                    rated: bool = False) -> RoomEntered:
        """The next free seat in a waiting room of that game and variant, else a new room."""
        return self._enter(table, "room_quick", {"game": game_id, "params": params, "players": players,
                                                 "rated": rated}, ENTER_TIMEOUT_S)

    # ----- reading the lobby -------------------------------------------------------------------------------
    def rooms(self, game_id: str | None = None, joinable: bool = False) -> list[dict]:
        """The open rooms, oldest first (see OnlineLobby.rooms)."""
        try:
            answer = self._call("room_list", {"game": game_id, "joinable": joinable}, CALL_TIMEOUT_S)
        except TimeoutError:
            raise LobbyError("The server did not answer in time: please try again") from None
        return [room for room in answer if isinstance(room, dict)] if isinstance(answer, (list, tuple)) else []

    def ladder(self, game_id: str, variant: str | None = None, top: int = 50) -> dict:
        """The ladder of ``game_id``'s ``variant`` (see OnlineLobby.ladder)."""
        try:
            answer = self._call("room_ladder", {"game": game_id, "variant": variant, "top": top}, CALL_TIMEOUT_S)
        except TimeoutError:
            raise LobbyError("The server did not answer in time: please try again") from None
        if not isinstance(answer, dict):
            raise LobbyError("The server's answer made no sense: please try again")
        return answer

    # ----- what the rooms send -----------------------------------------------------------------------------
    def _pushed(self, value: Any) -> None:
        """A ``room`` message (on the channel's dispatch thread): to the table of its entry."""
        if not isinstance(value, dict):
            return
        entry = value.get("entry")
        with self._lock:
            table = self._tables.get(entry)
        if table is None:
            return
        # loaded with the first room message: a session at the menu does not carry the rooms' modules
        from tui_games.serve.rooms.room_messages import Detached, from_payload

        try:
            message = from_payload(value.get("body"))
        except (ValueError, TypeError):
            return
        connection, to = table.connection, value.get("to")
        if to == "view":
            connection.send_view(message)
        elif to == "event":
            connection.send_event(message)
            if isinstance(message, Detached):
                self._forget(entry)
        elif to == "chat":
            connection.send_chat(message)
        elif to == "notice":
            connection.send_notice(str(message))


__all__ = ["CALL_TIMEOUT_S", "ChannelLobby", "ENTER_TIMEOUT_S", "RemoteMember"]
