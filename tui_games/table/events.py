"""What a :class:`~tui_games.table.table.Table` tells its listeners (a game screen, a server room):
plain frozen records, sent on the table's own loop in the order things happen."""

from __future__ import annotations

from dataclasses import dataclass

from tui_games.core.hints import Hint


@dataclass(frozen=True)
class PositionChanged:
    """The position changed (a move, undo, redo, a new deal, a seat handed to the AI, the start):
    redraw everything; any hint shown is void. ``by_ai``: an AI seat's move at a decision node (the
    screen may flash it)."""

    by_ai: bool = False


@dataclass(frozen=True)
class ChoiceMade:
    """``seat`` made its secret choice at a simultaneous node (kept hidden until every seat is in):
    redraw the seats; a hint shown to the one who chose is void."""

    seat: int


@dataclass(frozen=True)
class TurnStarted:
    """It is ``seat``'s turn (a person's: to move, or to choose in secret), its screen may show it."""

    seat: int


@dataclass(frozen=True)
class ThinkingStarted:
    """AI ``seats`` are working out their moves; ``text`` says so ('Bob (AI Medium) is thinking...')."""

    seats: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class ThinkingStopped:
    """No AI seat is thinking any more (its answer came, it failed, or the position changed)."""


@dataclass(frozen=True)
class HandoverNeeded:
    """Pass the device to ``seat`` before its screen may show that seat's secrets (hotseat with hidden
    information); answer with :meth:`Table.handed_to`. ``secret_choice``: it is to choose in secret at
    a simultaneous node."""

    seat: int
    secret_choice: bool = False


@dataclass(frozen=True)
class HandedOver:
    """``seat`` holds the device now: redraw with what it may see."""

    seat: int


@dataclass(frozen=True)
class MoveRefused:
    """``seat``'s move was refused; ``reason`` says why (nothing was lost: it may try again)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class AIFailed:
    """AI seat ``seat`` could not move; ``reason`` says why (the game waits)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class HintReady:
    """The strongest AI's ``hint`` for ``seat``, at the position it was asked at."""

    seat: int
    hint: Hint


@dataclass(frozen=True)
class HintFailed:
    """The hint asked for ``seat`` could not be worked out; ``reason`` says why."""

    seat: int
    reason: str


@dataclass(frozen=True)
class StorageProblem:
    """What the save or the statistics could not write (``message``), or None once a write worked
    again; the game goes on in memory either way."""

    message: str | None


Event = (PositionChanged | ChoiceMade | TurnStarted | ThinkingStarted | ThinkingStopped | HandoverNeeded
         | HandedOver | MoveRefused | AIFailed | HintReady | HintFailed | StorageProblem)
"""Any event a table sends."""

__all__ = ["AIFailed", "ChoiceMade", "Event", "HandedOver", "HandoverNeeded", "HintFailed", "HintReady",
           "MoveRefused", "PositionChanged", "StorageProblem", "ThinkingStarted", "ThinkingStopped",
           "TurnStarted"]
