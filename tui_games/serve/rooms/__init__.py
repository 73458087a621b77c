"""Rooms: games played on the server by people on their own screens, watched by spectators.

The room is the one authority over its game: it owns the match and its table, and each person is
only ever sent what their own seat observes. No UI here (no Textual): the sessions attach to rooms
through a :class:`~tui_games.serve.rooms.room_messages.SeatConnection` and act through the
:class:`~tui_games.serve.rooms.room.Member` a room gives them.

- :mod:`~tui_games.serve.rooms.lobby`: :class:`RoomRegistry`: create, join by code, quick match,
  watch, list, sweep;
- :mod:`~tui_games.serve.rooms.room`: :class:`Room`: seats, the game, chat, views, closing; with
  its parts :mod:`~tui_games.serve.rooms.room_presence` (drops, the grace, reconnects),
  :mod:`~tui_games.serve.rooms.room_turns` (turn timers, AI faults),
  :mod:`~tui_games.serve.rooms.room_deals` (deals, ratings) and
  :mod:`~tui_games.serve.rooms.room_rematch` (playing again, the seats moved round);
- :mod:`~tui_games.serve.rooms.room_members`: :class:`Member` (a connection's place in a room) and
  the seats' occupants;
- :mod:`~tui_games.serve.rooms.room_settings`: :class:`RoomOptions`, :class:`RoomSettings`,
  :class:`RoomStatus`, :class:`RoomError` and a new room's checks;
- :mod:`~tui_games.serve.rooms.room_messages`: the connection protocol and what is sent through it
  (:class:`SeatView`, events, chat lines), as plain data with a JSON form;
- :mod:`~tui_games.serve.rooms.seat_view`: the game as one seat observes it (the only place a room
  reads the game for a screen);
- :mod:`~tui_games.serve.rooms.remote_seat`: the table controller of a person elsewhere;
- :mod:`~tui_games.serve.rooms.room_chat`: cleaning text and the chat rate limit;
- :mod:`~tui_games.serve.rooms.room_codes`: four-letter room codes;
- :mod:`~tui_games.serve.rooms.room_ratings`: rating a finished game;
- :mod:`~tui_games.serve.rooms.room_clock`: the loop a room runs on (asyncio's, or a manual one).

Typical use on the server's loop::

    lobby = RoomRegistry(AsyncioClock(), runner_factory=pool.runner, ratings=RatingStore(data_dir),
                         settings=RoomSettings(saves_dir=data_dir / "rooms"))
    lobby.start_sweeping()
    member = lobby.create("leduc-holdem", fingerprint, name, connection, seats=[None, 2], rated=True)
    member.room.code                # 'KHTW': tell the person
    member.move(action, view.position)   # from the session, when the person picks a move
    member.disconnect()             # the session's connection was lost
"""

from tui_games.serve.rooms.lobby import RoomInfo, RoomRegistry, room_info
from tui_games.serve.rooms.room import Room
from tui_games.serve.rooms.room_members import Member
from tui_games.serve.rooms.room_settings import RoomError, RoomOptions, RoomSettings, RoomStatus
from tui_games.serve.rooms.room_clock import AsyncioClock, Clock, ManualClock
from tui_games.serve.rooms.room_messages import (ChatLine, Detached, LegalAction, MoveRefused, RatingChange,
                                                 RatingsUpdated, SeatConnection, SeatInfo, SeatView, TimeUp,
                                                 YourTurn, from_payload, to_payload)

__all__ = ["AsyncioClock", "ChatLine", "Clock", "Detached", "LegalAction", "ManualClock", "Member", "MoveRefused",
           "RatingChange", "RatingsUpdated", "Room", "RoomError", "RoomInfo", "RoomOptions", "RoomRegistry",
           "RoomSettings", "RoomStatus", "SeatConnection", "SeatInfo", "SeatView", "TimeUp", "YourTurn",
           "from_payload", "room_info", "to_payload"]
