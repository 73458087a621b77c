"""The lobby: every open room of the server, by code; creating, joining, quick match, watching.

One :class:`RoomRegistry` per server, on the server's loop (its :class:`~tui_games.serve.rooms.room_clock.Clock`).
It gives each new room a fresh code (:mod:`~tui_games.serve.rooms.room_codes`) and its own runner
(``runner_factory()``: a ThreadRunner in tests, the worker pool's runner on the server), shares one
chat limiter and one ratings store between them, and sweeps out the rooms that are finished or empty
(:meth:`Room.expired`) every ``sweep_s`` seconds once :meth:`RoomRegistry.start_sweeping` is called.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tui_games.core.errors import UnknownGameError
from tui_games.core.registry import get
from tui_games.ratings.store import RatingStore
from tui_games.ratings.variants import variant_of
from tui_games.serve import session_log
from tui_games.serve.rooms.room import Room
from tui_games.serve.rooms.room_members import Member
from tui_games.serve.rooms.room_settings import RoomError, RoomOptions, RoomSettings, RoomStatus, room_params
from tui_games.serve.rooms.room_chat import ChatLimiter
from tui_games.serve.rooms.room_clock import Clock, TimerHandle
from tui_games.serve.rooms.room_codes import new_code, normalise_code
from tui_games.serve.rooms.room_messages import SeatConnection, SeatInfo
from tui_games.table import ThreadRunner


@dataclass(frozen=True)
class RoomInfo:
    """A room as the lobby's list shows it."""

    code: str
    game_id: str
    title: str
    variant: str
    """The rated variant's key ('uno:players=3,rules=official,target=500')."""
    status: str
    seats: tuple[SeatInfo, ...]
    open_seats: int
    """Seats waiting for a person."""
    spectators: int
    rated: bool
    turn_timer_s: float | None


def room_info(room: Room) -> RoomInfo:
    """``room`` as the lobby lists it."""
    return RoomInfo(code=room.code, game_id=room.spec.id, title=room.spec.title, variant=room.variant.key,
                    status=room.status.value, seats=room.seat_infos(), open_seats=len(room.open_seats),
                    spectators=len(room.spectators), rated=room.options.rated,
                    turn_timer_s=room.options.turn_timer_s)


class RoomRegistry:
    """The server's rooms. ``runner_factory()`` makes each room's runner; ``ratings`` is where rated
    games go (None: no room may be rated); ``settings`` the rules every room follows."""

    def __init__(self, clock: Clock, runner_factory: Callable[[], Any] = ThreadRunner,
                 ratings: RatingStore | None = None, settings: RoomSettings | None = None) -> None:
        self.clock = clock
        """The server's loop."""
        self.runner_factory = runner_factory
        """Makes each new room's runner."""
        self.ratings = ratings
        """Where rated games go (None: no room may be rated)."""
        self.settings = settings or RoomSettings()
        """The rules every room follows."""
        self.rooms: dict[str, Room] = {}
        """The open rooms, by code."""
        self.chat_limiter = ChatLimiter(self.settings.chat_rate, clock=clock.time)
        """Chat lines per identity, over every room."""
        self._sweeper: TimerHandle | None = None

    # ----- rooms ---------------------------------------------------------------------------------------
    def create(self, game_id: str, identity: str, name: str, connection: SeatConnection,
               params: dict | None = None, seats: list[int | None] | None = None, rated: bool = False,
               turn_timer_s: float | None = None) -> Member:
        """Open a room of ``game_id`` and seat its creator in the first seat meant for a person.

        ``seats`` has one entry per seat: an AI level (the AI fills it) or None (it waits for a
        person); by default every seat waits for a person (as many as ``params``' seats parameter
        says, else the game's fewest). RoomError (an InvalidParameterError for bad parameters) says
        why a room cannot be made."""
        spec = _spec(game_id)
        if seats is None:
            count = (params or {}).get(spec.seats_param) if spec.seats_param else None
            seats = [None] * int(count or spec.min_players)
        seats = list(seats)
        if None not in seats:
            raise RoomError("A room needs a seat for you: leave at least one seat for a person")
        code = new_code(self.rooms)
        room = Room(code, spec, params, seats, RoomOptions(rated=rated, turn_timer_s=turn_timer_s),
                    self.settings, self.clock, self.runner_factory(), ratings=self.ratings,
                    chat_limiter=self.chat_limiter, on_closed=self._closed)
        self.rooms[code] = room
        session_log.log("room-created", room=code, game=spec.id, seats=len(seats), rated=rated,
                        timer=turn_timer_s, identity=identity)
        try:
            return room.join(identity, name, connection)
        except BaseException:
            room.close("the room could not start")
            raise

    def room(self, code: str) -> Room:
        """The open room named ``code`` (typed any way: 'abcd', 'AB-CD'); RoomError when there is none."""
        canonical = normalise_code(code)
        room = self.rooms.get(canonical) if canonical is not None else None
        if room is None or room.status is RoomStatus.CLOSED:
            raise RoomError(f"There is no open room {str(code).strip()[:8]!r}")
        return room

    def join(self, code: str, identity: str, name: str, connection: SeatConnection) -> Member:
        """Sit in room ``code`` (back in one's own seat after a drop); RoomError when it has no seat
        for ``identity``."""
        return self.room(code).join(identity, name, connection)

    def watch(self, code: str, identity: str, name: str, connection: SeatConnection) -> Member:
        """Watch room ``code`` as a spectator (the public view only)."""
        return self.room(code).watch(identity, name, connection)

    def quick_match(self, game_id: str, identity: str, name: str, connection: SeatConnection,
                    params: dict | None = None, players: int | None = None, rated: bool = False) -> Member:
        """The next open seat in a waiting room of the same game and variant (and rated or not, as
        asked) that ``identity`` is not in yet, the longest-waiting room first; else a new room of
        ``players`` seats (the game's fewest by default) all waiting for people."""
        spec = _spec(game_id)
        count = players or (params or {}).get(spec.seats_param) or spec.min_players
        seats: list[int | None] = [None] * int(count)
        variant = variant_of(spec, room_params(spec, params, seats), seats=len(seats)).key
        waiting = sorted((room for room in self.rooms.values()
                          if room.status is RoomStatus.WAITING and room.spec.id == spec.id
                          and room.variant.key == variant and room.options.rated == rated
                          and room.open_seats and room.seat_of(identity) is None),
                         key=lambda room: room.created_at)
        for room in waiting:
            return room.join(identity, name, connection)
        return self.create(game_id, identity, name, connection, params=params, seats=seats, rated=rated)

    def open_rooms(self, game_id: str | None = None, joinable: bool = False) -> list[RoomInfo]:
        """The open rooms (of ``game_id``; with ``joinable``, only those with a seat waiting for a
        person), oldest first."""
        rooms = sorted(self.rooms.values(), key=lambda room: room.created_at)
        return [room_info(room) for room in rooms
                if room.status is not RoomStatus.CLOSED and (game_id is None or room.spec.id == game_id)
                and (not joinable or room.open_seats)]

    # ----- closing -------------------------------------------------------------------------------------
    def _closed(self, room: Room) -> None:
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]

    def sweep(self) -> list[str]:
        """Close the rooms that are finished or empty (see :meth:`Room.expired`); their codes."""
        now = self.clock.time()
        done = [room for room in list(self.rooms.values()) if room.expired(now)]
        for room in done:
            room.close("the room closed: " + ("the game is over" if room.status is RoomStatus.FINISHED
                                              else "nobody is left in it"))
        return [room.code for room in done]

    def start_sweeping(self) -> None:
        """Sweep every ``settings.sweep_s`` seconds from now on (until :meth:`close_all`)."""
        def tick() -> None:
            self.sweep()
            self._sweeper = self.clock.call_later(self.settings.sweep_s, tick)

        if self._sweeper is None:
            self._sweeper = self.clock.call_later(self.settings.sweep_s, tick)

    def close_all(self, reason: str = "the server is shutting down") -> None:
        """Close every room (each game saved, everyone told): the server is stopping."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        for room in list(self.rooms.values()):
            room.close(reason)


def _spec(game_id: str):
    try:
        return get(game_id)
    except (UnknownGameError, KeyError):
        raise RoomError(f"There is no game {str(game_id)[:40]!r}") from None


__all__ = ["RoomInfo", "RoomRegistry", "room_info"]
