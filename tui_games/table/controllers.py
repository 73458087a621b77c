"""Who plays a seat: the controllers a :class:`~tui_games.table.table.Table` asks for moves.

A controller is told when its seat is to move (or to choose in secret at a simultaneous node) and
answers, then or later, with ``table.submit(seat, action, token)``; the token names the position it
was asked at, so an answer that comes after the position changed (an undo, a new deal, a seat
handed to the AI, the table closed) is dropped. A person at the table's own screen is a
:class:`HumanSeat`; an AI is an :class:`AISeat`, whose move the table's runner works out. A seat
played from elsewhere (a remote connection) is any other controller: told its turn, it answers
through ``submit`` whenever its person has chosen.
"""

from __future__ import annotations

from typing import Protocol

from tui_games.table.events import TurnStarted


class SeatController(Protocol):
    """What a table needs of a seat's controller."""

    at_screen: bool
    """True for a person at the table's own screen: hand-overs, hints and the screen's keys are theirs."""
    is_ai: bool
    """True for an AI seat (the match's seat is an AI seat too)."""

    def your_turn(self, table, seat: int, token: int) -> None:
        """``seat`` is to move (or to choose in secret) at the position ``token`` names; answer with
        ``table.submit(seat, action, token)``, now or later, from the table's loop."""


class HumanSeat:
    """A person at the table's screen: the table's listeners are told it is their turn, and the
    screen submits the move the person picks."""

    at_screen = True
    is_ai = False

    def your_turn(self, table, seat: int, token: int) -> None:
        """Tell the screen that ``seat`` may move now."""
        table.emit(TurnStarted(seat))

    def __repr__(self) -> str:
        return "HumanSeat()"


class AISeat:
    """An AI of strength ``level``: its move is worked out by the table's runner, off the table's loop."""

    at_screen = False
    is_ai = True

    def __init__(self, level: int) -> None:
        self.level = int(level)
        """The AI's strength (1 .. the game's max_level)."""

    def your_turn(self, table, seat: int, token: int) -> None:
        """Ask the table's runner for this seat's move; it comes back through ``table.submit``."""
        table.compute_move(seat, self.level, token)

    def __repr__(self) -> str:
        return f"AISeat({self.level})"


def controllers_for(match) -> list[SeatController]:
    """One controller per seat of ``match`` as it is played at one screen: its humans there, its AIs
    worked out by the runner."""
    return [AISeat(seat.level) if seat.is_ai else HumanSeat() for seat in match.seats]


__all__ = ["AISeat", "HumanSeat", "SeatController", "controllers_for"]
