"""Shared pieces of the room tests: an in-memory seat connection that records what a room sends,
a lobby on a manual clock, and a loop that plays a person's random legal moves."""

from __future__ import annotations

import random

from tui_games.serve.rooms import ManualClock, RoomRegistry, RoomSettings, room_messages
from tui_games.table import InlineRunner, ThreadRunner


class FakeConnection:
    """A :class:`~tui_games.serve.rooms.room_messages.SeatConnection` keeping everything sent to it;
    ``on_view(view)``, when set, is called with each view (a test's frame-by-frame check): what it
    raises is kept in ``failures`` (the room would take it as a lost connection) and raised again."""

    def __init__(self, on_view=None) -> None:
        self.views: list = []
        self.events: list = []
        self.chat: list = []
        self.notices: list[str] = []
        self.on_view = on_view
        self.failures: list[BaseException] = []

    def send_view(self, view) -> None:
        self.views.append(view)
        if self.on_view is not None:
            try:
                self.on_view(view)
            except BaseException as error:
                self.failures.append(error)
                raise

    def send_event(self, event) -> None:
        self.events.append(event)

    def send_chat(self, line) -> None:
        self.chat.append(line)

    def send_notice(self, text: str) -> None:
        self.notices.append(text)

    @property
    def view(self):
        """The last view sent."""
        return self.views[-1]

    def of(self, kind) -> list:
        """The events of type ``kind``, in order."""
        return [event for event in self.events if isinstance(event, kind)]

    @property
    def refusals(self) -> list[str]:
        """The reasons of the moves refused to this connection."""
        return [event.reason for event in self.of(room_messages.MoveRefused)]


def make_lobby(tmp_path, threads: bool = False, ratings=None, **settings):
    """A lobby on a :class:`ManualClock` (no AI pace, no pause between deals unless given), saving
    its rooms' games under ``tmp_path``: (lobby, clock)."""
    clock = ManualClock()
    settings.setdefault("ai_pace_s", 0.0)
    settings.setdefault("deal_pause_s", 0.0)
    settings.setdefault("saves_dir", tmp_path / "rooms")
    lobby = RoomRegistry(clock, runner_factory=ThreadRunner if threads else InlineRunner, ratings=ratings,
                         settings=RoomSettings(**settings))
    return lobby, clock


def settle(lobby, clock, timeout: float = 120.0) -> None:
    """Run the lobby's posted work until no room waits for an AI answer."""
    def busy() -> bool:
        return any(room.table is not None and (room.table.thinking or getattr(room.runner, "running", 0))
                   for room in lobby.rooms.values())

    clock.settle(busy, timeout)


def play_randomly(lobby, clock, members, rng: random.Random, max_moves: int = 400,
                  until=None) -> int:
    """Let each member in ``members`` play a random legal move whenever its last view offers some,
    until ``until(room)`` (default: the room's first deal is over) or ``max_moves``; returns the moves
    made."""
    room = members[0].room
    stop = until or (lambda room: room.deals_played > 0)
    moves = 0
    settle(lobby, clock)
    while moves < max_moves and not stop(room):
        moved = False
        for member in members:
            views = member.connection.views
            if not views or not views[-1].legal or views[-1].position != room.table.token:
                continue
            member.move(rng.choice(views[-1].legal).action, views[-1].position)
            moves += 1
            moved = True
            settle(lobby, clock)
            if stop(room):
                break
        if not moved:
            settle(lobby, clock)
            if not any(m.connection.views and m.connection.views[-1].legal for m in members):
                raise AssertionError(f"nobody can move and the game waits: {room.table.match.to_move}")
    return moves
