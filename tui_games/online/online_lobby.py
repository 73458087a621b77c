"""What the online screens ask of a server's lobby, wherever it runs: :class:`OnlineLobby`.

A served session reaches the server's lobby over its control channel
(:class:`~tui_games.online.channel_lobby.ChannelLobby`); tests reach an in-process one
(:class:`~tui_games.online.local_lobby.LocalLobby`). Every method blocks until the lobby answers:
call them from a worker thread, never from the screen's loop. A refusal raises :class:`LobbyError`
whose message is the sentence to show the person ("There is no open room 'ABCD'").

Entering a room (create, join, watch, quick match) takes the :class:`~tui_games.online.RoomTable`
the game screen will drive: the lobby connects the room to ``table.connection`` and attaches the
room's member to it before it returns. A session is in one room at a time: entering another leaves
the one it was in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from tui_games.core.errors import TuiGamesError

ROOM_VARIABLE = "TUI_GAMES_ROOM"
"""Set in a served session's environment to the code of the room it joins at once (``ssh CODE@host``)."""


class LobbyError(TuiGamesError):
    """The lobby refused a request; the message says why, for the person to read."""


@dataclass(frozen=True)
class RoomEntered:
    """Where entering a room put this session: the room's ``code`` and the seat (None: watching)."""

    code: str
    seat: int | None


class OnlineLobby(Protocol):
    """The lobby of a server, as a session's online screens use it (blocking calls; see the module)."""

    @property
    def player_name(self) -> str:
        """The name this session plays under (from the SSH user name or the browser's identity)."""

    def create(self, table, game_id: str, *, params: dict | None = None, seats: list[int | None] | None = None,
               rated: bool = False, turn_timer_s: float | None = None) -> RoomEntered:
        """Open a room of ``game_id`` (``seats``: per seat an AI level, or None for a person) and sit in
        its first seat for a person."""

    def join(self, table, code: str) -> RoomEntered:
        """Sit in room ``code`` (one's own seat again after a drop)."""

    def watch(self, table, code: str) -> RoomEntered:
        """Watch room ``code`` as a spectator."""

    def quick_match(self, table, game_id: str, *, params: dict | None = None, players: int | None = None,
                    rated: bool = False) -> RoomEntered:
        """The next free seat in a waiting room of that game and variant, else a new room."""

    def rooms(self, game_id: str | None = None, joinable: bool = False) -> list[dict]:
        """The open rooms, oldest first, as the records of
        :class:`~tui_games.serve.rooms.RoomInfo` (code, game_id, title, variant, status, seats, open_seats,
        spectators, rated, turn_timer_s; each seat a SeatInfo record)."""

    def ladder(self, game_id: str, variant: str | None = None, top: int = 50) -> dict:
        """The ladder of ``game_id``'s ``variant`` (a variant key; None: the game's default rules):
        ``{"game_id", "variant", "rules" (the variant described, '' for the default), "variants" (keys of
        this game's variants with rated games), "rows" (see :func:`tui_games.ratings.ladder.ladder_rows`)}``."""


__all__ = ["LobbyError", "OnlineLobby", "ROOM_VARIABLE", "RoomEntered"]
