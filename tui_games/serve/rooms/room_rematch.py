"""Playing again at the same table once a room's game is over: the rematch.

Once a room's game (or its match of deals) is over, each person sitting in it may ask to play again
(:meth:`Member.rematch <tui_games.serve.rooms.room_members.Member.rematch>`). The room tells everyone
('Ann wants to play again (1 of 2)') and every view marks who asked (:attr:`SeatInfo.rematch
<tui_games.serve.rooms.room_messages.SeatInfo.rematch>`). When every seat whose person is connected
now has asked, the room starts its next game (``game_number`` + 1) with the seats moved round by one:
whoever sat in seat i sits in seat i + 1 (the last in seat 0), the AI seats too with their levels, so
that who moves first goes round the table; each person's identity, name and connection move with
them, and a rated room rates the new game once, as it did the last.

Who is waited for: the people connected now, and no one else. A person who left, or whose
connection dropped, after the game ended is not waited for (and one who asked, then left or dropped,
no longer counts as asking); if the rematch starts without them, the AI (the takeover level) plays
their seat for the whole next game, counted in its ratings as that AI, not as them, and they may
watch it. Coming back (joining with the same identity) before the rematch starts seats them again
like everyone else. A seat the AI already played for a person who left stays the AI's.

A finished room closes at the lobby's next sweep once no person is left in its seats to ask, else
``finished_linger_s`` after its game ended (see :meth:`Room.expired <tui_games.serve.rooms.room.Room.expired>`).
"""

from __future__ import annotations

import dataclasses

from tui_games.serve import session_log
from tui_games.serve.rooms.room_members import Member, SeatSlot
from tui_games.serve.rooms.room_settings import RoomStatus


def rotated(slots: list[SeatSlot]) -> list[SeatSlot]:
    """``slots`` with each occupant moved to the next seat (the last one's to seat 0)."""
    count = len(slots)
    moved: list[SeatSlot | None] = [None] * count
    for slot in slots:
        seat = (slot.seat + 1) % count
        moved[seat] = dataclasses.replace(slot, seat=seat)
    return moved


class RoomRematch:
    """Asking to play again, and starting the next game, in a :class:`~tui_games.serve.rooms.room.Room`."""

    def rematch_by(self, member: Member) -> bool:
        """:meth:`Member.rematch`: ``member`` asks to play again; True when it counted (a refusal is
        told to them alone)."""
        if not member.attached:
            return False
        reason = self._why_not_rematch(member)
        if reason is not None:
            self._send(member, "send_notice", reason)
            return False
        slot = self.slots[member.seat]
        slot.rematch = True
        people = self.rematch_people()
        asked = sum(1 for other in people if other.rematch)
        self._notice_all(f"{slot.name} wants to play again ({asked} of {len(people)})")
        session_log.log("room-rematch-asked", room=self.code, seat=slot.seat, identity=slot.identity)
        self._changed()
        self._check_rematch()
        return True

    def _why_not_rematch(self, member: Member) -> str | None:
        if member.seat is None:
            return "Spectators cannot ask to play again"
        if self.status is not RoomStatus.FINISHED:
            return "You may ask to play again once the game is over"
        slot = self.slots[member.seat]
        if slot.member is not member or slot.taken_over is not None:
            return "The AI plays this seat now"
        if slot.rematch:
            return "You asked already: waiting for the others"
        return None

    def rematch_people(self) -> list[SeatSlot]:
        """The seats whose person is connected now: those a rematch waits for."""
        return [slot for slot in self.slots
                if slot.member is not None and slot.planned_ai is None and slot.taken_over is None]

    def _check_rematch(self) -> None:
        """Start the next game once everyone a rematch waits for has asked (someone must have)."""
        if self.status is not RoomStatus.FINISHED:
            return
        people = self.rematch_people()
        if people and all(slot.rematch for slot in people):
            self._start_rematch()

    def _start_rematch(self) -> None:
        absent = []
        for slot in self.slots:
            self._cancel_grace(slot)
            if slot.planned_ai is None and slot.taken_over is None and slot.member is None:
                slot.taken_over = self.settings.takeover_for(self.spec)
                absent.append(slot.identity)
        self.slots = rotated(self.slots)
        for slot in self.slots:
            slot.rematch = False
            if slot.member is not None:
                slot.member.seat = slot.seat
        self._finished_at = None
        seats = ", ".join(f"{self._seat_name(slot.seat)} plays {self.spec.seat_name(slot.seat)}"
                          for slot in self.slots)
        self._notice_all(f"Game {self.game_number + 1}: everyone moves one seat on ({seats})")
        for slot in (slot for slot in self.slots if slot.identity in absent):
            self._notice_all(f"{slot.name} is not here: the AI ({self.spec.level_name(slot.taken_over)}) "
                             f"plays their seat ({self.spec.seat_name(slot.seat)}) in this game")
        session_log.log("room-rematch", room=self.code, number=self.game_number + 1)
        self._start()


__all__ = ["RoomRematch", "rotated"]
