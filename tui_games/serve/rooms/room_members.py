"""Who is in a room: each seat's occupant (:class:`SeatSlot`) and each connection's place
(:class:`Member`), through which a person acts in the room."""

from __future__ import annotations

from dataclasses import dataclass

from tui_games.serve.rooms.room_clock import TimerHandle
from tui_games.serve.rooms.room_messages import SeatConnection


@dataclass
class SeatSlot:
    """One seat of the room: who is meant to sit there and who does now."""

    seat: int
    planned_ai: int | None
    """The AI level that fills the seat from the start, or None: the seat is a person's."""
    identity: str | None = None
    """The person who holds the seat (kept after the AI took it over: they still count in its ratings)."""
    name: str = ""
    """Their display name."""
    member: "Member | None" = None
    """Their connection's place, while connected."""
    away_until: float | None = None
    """While they are away within the grace: when it ends (the clock's time)."""
    away_timer: TimerHandle | None = None
    """The timer that hands the seat to the AI when the grace ends."""
    taken_over: int | None = None
    """The AI level that plays a person's seat since they dropped or left."""
    rated_as: str | None = None
    """Who the seat counts as in the ratings of the game (or deal) being played."""
    rematch: bool = False
    """Once the game is over: the person here asked to play again (see room_rematch)."""

    @property
    def ai_level(self) -> int | None:
        """The AI level playing the seat now, or None."""
        return self.planned_ai if self.planned_ai is not None else self.taken_over

    @property
    def open(self) -> bool:
        """True while the seat waits for a person."""
        return self.planned_ai is None and self.identity is None


class Member:
    """One connection's place in a room: a seat, or a spectator's chair (``seat`` None). Everything a
    person does in the room goes through it, on the room's loop."""

    def __init__(self, room, identity: str, name: str, connection: SeatConnection, seat: int | None) -> None:
        self.room = room
        """The :class:`~tui_games.serve.rooms.room.Room` (which imports this module)."""
        self.identity = identity
        """Who the person is (an SSH key's fingerprint, the web cookie's identity)."""
        self.name = name
        """Their display name, cleaned."""
        self.connection = connection
        """Where the room sends things for them."""
        self.seat = seat
        """Their seat, or None for a spectator (a rematch moves a person to the next seat)."""
        self.attached = True
        """False once they left, dropped, or another connection took their place."""

    @property
    def spectator(self) -> bool:
        """True for a spectator."""
        return self.seat is None

    def move(self, action: int, position: int | None = None) -> bool:
        """Play ``action`` (or choose it in secret) at ``position`` (the view's token; None: now).
        True when it was taken; a refusal is sent to this connection only, with the reason."""
        return self.room.play_for(self, action, position)

    def chat(self, text: str) -> bool:
        """Say ``text`` to everyone in the room (cleaned, rate-limited); True when it was sent."""
        return self.room.chat_from(self, text)

    def rematch(self) -> bool:
        """Once the room's game is over, ask to play again (the next game starts when everyone here
        asked; see :mod:`~tui_games.serve.rooms.room_rematch`). True when it counted; a refusal is
        sent to this connection only, as a notice."""
        return self.room.rematch_by(self)

    def leave(self) -> None:
        """Leave the room on purpose: a seat in a game goes to the AI now."""
        self.room.leave_by(self)

    def disconnect(self) -> None:
        """The connection was lost: the seat is kept for the grace period."""
        self.room.lost(self)

    def __repr__(self) -> str:
        where = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"Member({self.name!r}, {where}, room {self.room.code})"


__all__ = ["Member", "SeatSlot"]
