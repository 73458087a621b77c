"""What a room sends to the people in it, and the connection it sends it through.

A person (or a spectator) is attached to a room through a :class:`SeatConnection`: four methods the
room calls, on its own loop, to push things to that one person. The server's control channel
implements it later (each call becomes a message to the session process); the tests implement it
in memory. A connection must not block and must not call back into the room from inside one of
these calls (queue the work instead); a call that raises counts as the connection being lost.

Everything sent is plain frozen data made of str, int, float, bool, None, tuples and dicts of
those, so it pickles, and :func:`to_payload` / :func:`from_payload` turn it into JSON-safe dicts
and back for a channel that speaks JSON.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class LegalAction:
    """One action the viewer may take now: its number (what a move sends) and its name."""

    action: int
    name: str


@dataclass(frozen=True)
class SeatInfo:
    """What everyone may know of one seat."""

    seat: int
    label: str
    """The seat's name in the game ('Player 1', 'North'), as the log and the game's text call it."""
    name: str
    """The person's display name, 'AI (Medium)', or 'Open seat'; a seat the AI took over from a
    person reads 'Alice (AI Medium)'."""
    kind: str
    """'person', 'ai' (also a person's seat the AI took over) or 'open' (waiting for a person)."""
    level: int | None = None
    """The AI level playing the seat, or None."""
    connected: bool = False
    """A person is connected to the seat now."""
    away_seconds: float | None = None
    """A person who dropped: seconds left before the AI takes the seat over; else None."""
    to_move: bool = False
    """The seat is to move (or, at a simultaneous node, still to choose)."""
    chosen: bool = False
    """At a simultaneous node: the seat has chosen (what it chose stays secret until all are in)."""
    seconds_left: float | None = None
    """The turn timer: seconds the seat has left to move; None when no timer runs for it."""
    rematch: bool = False
    """Once the room's game is over: the seat's person asked to play again."""


@dataclass(frozen=True)
class SeatView:
    """Everything one person's screen may show of the room now: the room, the seats, and the game as
    the viewer's seat observes it (a spectator, ``viewer == -1``: the public view). Built from that
    observation only: ``state`` is the redacted state array, ``history`` the actions the viewer may
    know (-1 for one they may not), ``text`` the observation's text, ``log`` the lines they may read.
    """

    code: str
    game_id: str
    title: str
    params: dict
    """The room's game parameters, resolved."""
    status: str
    """'waiting' (for people to fill the seats), 'playing', 'finished' or 'closed'."""
    viewer: int
    """The viewer's seat, or -1 (PUBLIC_VIEW) for a spectator."""
    seats: tuple[SeatInfo, ...]
    rated: bool = False
    turn_timer_s: float | None = None
    spectators: int = 0
    position: int = 0
    """The position's token: a move sent with it is refused once the position has changed."""
    game_number: int = 0
    """The room's game being played (1 for the first; 0 while waiting)."""
    deal_number: int = 0
    """The deal of a match of many deals (1 for a one-deal game; 0 while waiting)."""
    to_move: int | None = None
    """The seat to move, or CHANCE / SIMULTANEOUS / TERMINAL (-1 / -2 / -4); None while waiting."""
    state: tuple[int, ...] | None = None
    """The state array as the viewer sees it (redacted); None while waiting."""
    history: tuple = ()
    """The deal's actions as the viewer may know them (-1 where they may not; a joint move a tuple)."""
    text: str = ""
    """The observation's text."""
    legal: tuple[LegalAction, ...] = ()
    """The viewer's legal actions when they are to move (or still to choose); else empty."""
    my_choice: LegalAction | None = None
    """At a simultaneous node, the viewer's own secret choice once made."""
    log: tuple[str, ...] = ()
    """The move log as the viewer may read it."""
    thinking: str | None = None
    """'Bob (AI Medium) is thinking...' while an AI seat works out its move."""
    result: str = ""
    """The result line once the deal (or the match) is over."""
    over: bool = False
    """The deal is over."""
    match_over: bool = False
    """The whole match is over (its one deal, or its series)."""
    returns: tuple[float, ...] | None = None
    """Each seat's return once the deal is over."""
    standing: tuple[str, ...] = ()
    """A match of many deals: which deal, the target, each seat's score (empty for one deal)."""
    next_deal_s: float | None = None
    """Between the deals of a match: seconds (when the view was made) until the room deals the next
    one; else None."""

    @property
    def your_turn(self) -> bool:
        """True when the viewer may move now."""
        return bool(self.legal)


@dataclass(frozen=True)
class ChatLine:
    """One cleaned chat line: who said it (their seat, or -1 for a spectator) and when (seconds on
    the room's clock)."""

    name: str
    seat: int
    text: str
    at: float


@dataclass(frozen=True)
class YourTurn:
    """The viewer's seat is to move (or to choose in secret) at ``position``; with a turn timer,
    ``seconds`` to do it. The view that follows lists the legal actions."""

    seat: int
    position: int
    seconds: float | None = None


@dataclass(frozen=True)
class MoveRefused:
    """The viewer's move was refused: ``reason`` says why (nothing changed; they may try again)."""

    reason: str


@dataclass(frozen=True)
class TimeUp:
    """The viewer's turn timer ran out at ``position``: the move is made for them."""

    seat: int
    position: int


@dataclass(frozen=True)
class RatingChange:
    """One seat's rating before and after a rated game (the conservative values, mu - 3 sigma)."""

    seat: int
    name: str
    before: float
    after: float


@dataclass(frozen=True)
class RatingsUpdated:
    """A rated game (or, in an open-ended sitting, a deal) was rated: how each seat's rating moved."""

    changes: tuple[RatingChange, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Detached:
    """This connection is no longer in the room (``reason``: the room closed, the person left, another
    session of theirs took the seat); the room sends it nothing more."""

    reason: str


RoomEvent = YourTurn | MoveRefused | TimeUp | RatingsUpdated | Detached
"""Any event a room sends to one connection."""


class SeatConnection(Protocol):
    """How a room pushes things to one person (see the module notes); every call is made on the
    room's loop, must return at once, and must not call into the room."""

    def send_view(self, view: SeatView) -> None:
        """Show ``view`` (it replaces the last one whole)."""

    def send_event(self, event: RoomEvent) -> None:
        """Tell the person ``event`` (their turn, a refused move, the time is up, ratings, detached)."""

    def send_chat(self, line: ChatLine) -> None:
        """Show a chat line."""

    def send_notice(self, text: str) -> None:
        """Show one sentence about the room ('Alice joined', 'Bob dropped: the seat is kept for 5:00')."""


_TYPES = {cls.__name__: cls for cls in (LegalAction, SeatInfo, SeatView, ChatLine, YourTurn, MoveRefused, TimeUp,
                                        RatingChange, RatingsUpdated, Detached)}


def to_payload(message: Any) -> Any:
    """A message (or any value inside one) as JSON-safe data: a dataclass becomes a dict with its
    fields and ``"type"``, a tuple a list."""
    if dataclasses.is_dataclass(message) and not isinstance(message, type):
        payload = {"type": type(message).__name__}
        for item in dataclasses.fields(message):
            payload[item.name] = to_payload(getattr(message, item.name))
        return payload
    if isinstance(message, (list, tuple)):
        return [to_payload(item) for item in message]
    if isinstance(message, dict):
        return {str(key): to_payload(value) for key, value in message.items()}
    return message


def from_payload(payload: Any) -> Any:
    """The message :func:`to_payload` made ``payload`` from (lists read back as tuples, except a
    view's ``params`` values). ValueError for a type it does not know."""
    if isinstance(payload, dict) and "type" in payload:
        kind = _TYPES.get(payload["type"])
        if kind is None:
            raise ValueError(f"unknown message type {payload['type']!r}")
        values = {}
        for item in dataclasses.fields(kind):
            if item.name in payload:
                raw = payload[item.name]
                values[item.name] = raw if item.name == "params" else from_payload(raw)
        return kind(**values)
    if isinstance(payload, list):
        return tuple(from_payload(item) for item in payload)
    if isinstance(payload, dict):
        return {key: from_payload(value) for key, value in payload.items()}
    return payload


__all__ = ["ChatLine", "Detached", "LegalAction", "MoveRefused", "RatingChange", "RatingsUpdated", "RoomEvent",
           "SeatConnection", "SeatInfo", "SeatView", "TimeUp", "YourTurn", "from_payload", "to_payload"]
