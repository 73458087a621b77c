"""The controller of a seat played by a person on another screen (a connection to a room)."""

from __future__ import annotations

from typing import Callable


class RemoteSeat:
    """A person elsewhere: when the table asks for its move (or secret choice), the room is told,
    which tells the person; the person's answer comes back through ``table.submit`` with the token.
    Never at the table's own screen, so the table asks no hand-over for it and shows it no hint."""

    at_screen = False
    is_ai = False

    def __init__(self, on_turn: Callable[[int, int], None]) -> None:
        self._on_turn = on_turn

    def your_turn(self, table, seat: int, token: int) -> None:
        """Tell the room that ``seat`` is to move at the position ``token`` names."""
        self._on_turn(seat, token)

    def __repr__(self) -> str:
        return "RemoteSeat()"


__all__ = ["RemoteSeat"]
