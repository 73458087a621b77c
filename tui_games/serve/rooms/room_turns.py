"""A room's turns: telling a person it is their move, the turn timers, and AI seats that fail.

:class:`RoomTurns` is a part of :class:`~tui_games.serve.rooms.room.Room` (a mixin: it reads the
room's table, slots, settings and clock, and sends through the room):

- with a turn timer (per room, off by default), a person who has not moved in time is told so and
  the lowest AI level moves for them (a choice that every game has, unlike a pass); the move they
  send after that is refused;
- an AI seat that fails to move is retried, and after ``ai_retries`` failures its first legal
  action is played, so a room never hangs on a fault.
"""

from __future__ import annotations

from functools import partial

from tui_games.serve import session_log
from tui_games.serve.rooms.room_messages import TimeUp, YourTurn
from tui_games.serve.rooms.room_settings import RoomStatus
from tui_games.serve.rooms.seat_view import viewer_legal


class RoomTurns:
    """The turns, timers and AI faults of a :class:`~tui_games.serve.rooms.room.Room`."""

    def _turn(self, seat: int, token: int) -> None:
        """A person's seat is to move (told by its RemoteSeat)."""
        seconds = self.options.turn_timer_s
        if seconds:
            self._stop_turn_timer(seat)
            handle = self.clock.call_later(seconds, partial(self._time_up, seat, token))
            self._turn_timers[seat] = (handle, self.clock.time() + seconds)
        member = self.slots[seat].member
        if member is not None:
            self._send(member, "send_event", YourTurn(seat, token, seconds))
        self._changed()

    def _may_move_now(self, seat: int) -> bool:
        table = self.table
        if table is None or table.closed or self.status is not RoomStatus.PLAYING:
            return False
        match = table.match
        if match.is_over:
            return False
        if match.at_simultaneous_node:
            return seat in match.seats_to_choose
        return match.to_move == seat

    def _seconds_left(self, seat: int) -> float | None:
        timer = self._turn_timers.get(seat)
        return None if timer is None else max(0.0, timer[1] - self.clock.time())

    def _stop_turn_timer(self, seat: int) -> None:
        timer = self._turn_timers.pop(seat, None)
        if timer is not None:
            timer[0].cancel()

    def _stop_turn_timers(self) -> None:
        for seat in list(self._turn_timers):
            self._stop_turn_timer(seat)

    def _time_up(self, seat: int, token: int) -> None:
        table = self.table
        self._turn_timers.pop(seat, None)
        if table is None or table.token != token or not self._may_move_now(seat):
            return
        self._timed_out.add(seat)
        level = min(self.settings.timeout_level, self.spec.max_level)
        slot = self.slots[seat]
        if slot.member is not None:
            self._send(slot.member, "send_event", TimeUp(seat, token))
        self._notice_all(f"{self._seat_name(seat)} ran out of time: the AI ({self.spec.level_name(level)}) "
                         "moves for them")
        table.compute_move(seat, level, token)
        self._changed()

    def _ai_failed(self, seat: int, reason: str) -> None:
        table = self.table
        failures = self._ai_failures.get(seat, 0) + 1
        self._ai_failures[seat] = failures
        self._notice_all(f"The AI of {self.spec.seat_name(seat)} could not move ({reason})")
        session_log.log("room-ai-failed", room=self.code, seat=seat, reason=reason)
        level = self.slots[seat].ai_level or min(self.settings.timeout_level, self.spec.max_level)
        if failures <= self.settings.ai_retries:
            retry = partial(self._retry_ai, seat, table.token, level)
        else:
            retry = partial(self._first_legal, seat, table.token)
        self.clock.call_later(self.settings.ai_retry_s, retry)

    def _retry_ai(self, seat: int, token: int, level: int) -> None:
        table = self.table
        if table is not None and table.token == token and self._may_move_now(seat):
            table.compute_move(seat, level, token)

    def _first_legal(self, seat: int, token: int) -> None:
        table = self.table
        if table is not None and table.token == token and self._may_move_now(seat):
            legal = viewer_legal(table.match, seat)
            if legal:
                table.submit(seat, legal[0], token)


__all__ = ["RoomTurns"]
