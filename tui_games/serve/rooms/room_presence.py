"""Who is in a room from moment to moment: reconnects, people who leave or drop, the grace period.

:class:`RoomPresence` is a part of :class:`~tui_games.serve.rooms.room.Room` (a mixin: it reads the
room's slots, table, settings and clock, and sends through the room). The rules:

- a person who drops (the connection is lost) during a game keeps the seat for ``grace_s`` (5
  minutes by default) and gets it back by joining again with the same identity; after that the AI of
  ``takeover_level`` plays the seat for the rest of the game and the person may only watch. The
  seat still counts as theirs in the ratings of that game (leaving never dodges a result);
- a person who leaves on purpose during a game hands the seat to the AI at once; before the game
  starts, a person who drops or leaves frees the seat for someone else;
- once the game is over, a person who leaves or drops is no longer waited for by a rematch (see
  :mod:`~tui_games.serve.rooms.room_rematch`), unless they come back before it starts;
- joining again with the same identity from another session takes the seat over from the first.
"""

from __future__ import annotations

from functools import partial

from tui_games.serve import session_log
from tui_games.serve.rooms.room_members import Member, SeatSlot
from tui_games.serve.rooms.room_messages import Detached, SeatConnection, YourTurn
from tui_games.serve.rooms.room_settings import RoomStatus, minutes_text


class RoomPresence:
    """Coming back, leaving, dropping and the grace period of a :class:`~tui_games.serve.rooms.room.Room`."""

    def _reattach(self, slot: SeatSlot, name: str, connection: SeatConnection) -> Member:
        old = slot.member
        if old is not None:
            old.attached = False
            self._send(old, "send_event", Detached("another session of yours took this seat"))
        came_back = slot.away_until is not None or (old is None and self.status is RoomStatus.FINISHED)
        self._cancel_grace(slot)
        slot.name = name
        member = self._seat_member(slot, slot.identity, name, connection)
        if came_back:
            self._notice_others(member, f"{name} is back")
        session_log.log("room-rejoin", room=self.code, seat=slot.seat, identity=slot.identity)
        table = self.table
        if table is not None and self._may_move_now(slot.seat) and slot.seat not in self._timed_out:
            self._send(member, "send_event", YourTurn(slot.seat, table.token, self._seconds_left(slot.seat)))
        self._changed()
        return member

    def leave_by(self, member: Member) -> None:
        """:meth:`Member.leave`: ``member`` leaves on purpose."""
        if not member.attached:
            return
        self._send(member, "send_event", Detached("you left the room"))
        self._detach(member, on_purpose=True)

    def lost(self, member: Member) -> None:
        """:meth:`Member.disconnect`: ``member``'s connection was lost."""
        if member.attached:
            self._detach(member, on_purpose=False)

    def _detach(self, member: Member, on_purpose: bool) -> None:
        member.attached = False
        if member.seat is None:
            if member in self.spectators:
                self.spectators.remove(member)
            self._changed()
            return
        slot = self.slots[member.seat]
        if slot.member is not member:
            return
        slot.member = None
        slot.rematch = False
        name = slot.name
        if self.status is RoomStatus.WAITING:
            slot.identity, slot.name = None, ""
            self._notice_all(f"{name} left: the seat is open again")
        elif self.status is RoomStatus.PLAYING and slot.taken_over is None:
            if on_purpose:
                self._notice_all(f"{name} left the table")
                self._hand_to_ai(slot.seat)
            else:
                grace = self.settings.grace_s
                slot.away_until = self.clock.time() + grace
                slot.away_timer = self.clock.call_later(grace, partial(self._grace_over, slot.seat))
                self._notice_all(f"{name} dropped: the seat is kept for {minutes_text(grace)}")
        elif self.status is RoomStatus.FINISHED and slot.taken_over is None:
            self._notice_all(f"{name} {'left' if on_purpose else 'dropped'}: a rematch does not wait for them")
        session_log.log("room-leave", room=self.code, seat=slot.seat, identity=member.identity,
                        on_purpose=on_purpose)
        self._changed()
        self._check_rematch()

    def _grace_over(self, seat: int) -> None:
        slot = self.slots[seat]
        slot.away_timer = None
        if slot.member is None and slot.taken_over is None and self.status is RoomStatus.PLAYING:
            self._hand_to_ai(seat)

    def _cancel_grace(self, slot: SeatSlot) -> None:
        if slot.away_timer is not None:
            slot.away_timer.cancel()
        slot.away_timer = None
        slot.away_until = None

    def _hand_to_ai(self, seat: int) -> None:
        """The AI plays ``seat`` from now on (its person dropped past the grace, or left)."""
        slot = self.slots[seat]
        self._cancel_grace(slot)
        level = self.settings.takeover_for(self.spec)
        slot.taken_over = level
        self._notice_all(f"{slot.name}'s seat ({self.spec.seat_name(seat)}) is played by the AI "
                         f"({self.spec.level_name(level)}) from now on")
        self._give_table_seat_to_ai(seat)

    def _give_table_seat_to_ai(self, seat: int) -> None:
        table = self.table
        if table is None or table.closed:
            return
        if table.match.is_over:  # between deals: the seat goes to the AI with the next deal
            self._pending_takeover.add(seat)
            return
        table.hand_seat_to_ai(seat, self.slots[seat].taken_over)

    # ----- who is left -------------------------------------------------------------------------------
    def _occupied(self) -> bool:
        return bool(self.spectators) or any(slot.member is not None or slot.away_until is not None
                                            for slot in self.slots)

    def _track_empty(self) -> None:
        if self._occupied():
            self._empty_since = None
        elif self._empty_since is None:
            self._empty_since = self.clock.time()


__all__ = ["RoomPresence"]
