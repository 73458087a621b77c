"""Playing at a room's table from a session: the session's end of a seat in a room on the server.

No UI and no transport here: the game screen drives a :class:`RoomTable` as it drives a local
table, and the room reaches it through the table's :class:`RoomConnection` (directly in tests, over
the server's channel in a session).

- :mod:`~tui_games.online.seat_match`: :class:`SeatMatch`, the seat's view shaped like a Match;
- :mod:`~tui_games.online.room_table`: :class:`RoomTable`, the table the screen drives, its
  connection, and the events it adds to the table's (chat lines, notices, ratings, leaving).
"""

from tui_games.online.room_table import (ChatReceived, LeftRoom, NoticeReceived, RatingsChanged, RoomConnection,
                                         RoomTable)
from tui_games.online.seat_match import SeatMatch, view_record

__all__ = ["ChatReceived", "LeftRoom", "NoticeReceived", "RatingsChanged", "RoomConnection", "RoomTable",
           "SeatMatch", "view_record"]
