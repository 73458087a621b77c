"""Shared pieces of the online tests: a lobby on a manual clock (no network), and seats in its rooms
as the session sees them (a RoomTable connected straight to the room)."""

from __future__ import annotations

from tui_games.online import RoomTable
from tui_games.serve.rooms import ManualClock, RoomRegistry, RoomSettings
from tui_games.table import InlineRunner


def make_lobby(tmp_path, clock=None, **settings):
    """A lobby on ``clock`` (default: a ManualClock) with no AI pace and no pause between deals, saving
    its rooms' games under ``tmp_path``: (lobby, clock)."""
    clock = clock or ManualClock()
    settings.setdefault("ai_pace_s", 0.0)
    settings.setdefault("deal_pause_s", 0.0)
    settings.setdefault("saves_dir", tmp_path / "rooms")
    return RoomRegistry(clock, runner_factory=InlineRunner, settings=RoomSettings(**settings)), clock


class Events:
    """Everything a RoomTable emits, kept in order."""

    def __init__(self, table: RoomTable) -> None:
        self.seen: list = []
        table.listen(self.seen.append)

    def of(self, kind) -> list:
        """The events of type ``kind``."""
        return [event for event in self.seen if isinstance(event, kind)]


def seat_tables(lobby, game_id: str, post, seats=None, params=None, watchers: int = 0):
    """A room of ``game_id`` with a RoomTable for each person's seat (created and joined in order) and
    ``watchers`` spectators' RoomTables: (room, [tables of the seats], [tables of the spectators])."""
    first = RoomTable(game_id, post)
    member = lobby.create(game_id, "id-0", "Ann", first.connection, seats=seats, params=params)
    first.attach(member)
    room = member.room
    watching = []
    for number in range(watchers):
        table = RoomTable(game_id, post)
        table.attach(lobby.watch(room.code, f"id-w{number}", f"Wes{number}", table.connection))
        watching.append(table)
    tables = [first]
    names = ["Ben", "Cat", "Dan", "Eve"]
    for number in range(len(room.slots) - 1):
        if not room.open_seats:
            break
        table = RoomTable(game_id, post)
        table.attach(lobby.join(room.code, f"id-{number + 1}", names[number], table.connection))
        tables.append(table)
    return room, tables, watching
