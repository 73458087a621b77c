"""A room's rules: the options its creator picks, the server's settings for every room, the room's
states, and the checks a new room's game, seats and options must pass."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from tui_games.core.errors import TuiGamesError
from tui_games.core.seats import Seat, check_seat_count_param, check_seats
from tui_games.core.spec import GameSpec
from tui_games.ratings.variants import unrated_reason
from tui_games.serve.config import Rate
from tui_games.serve.rooms.room_chat import DEFAULT_RATE


class RoomError(TuiGamesError):
    """A request the room (or the lobby) refuses: the sentence says why, for the person to read."""


class RoomStatus(str, enum.Enum):
    """Where a room is in its life."""

    WAITING = "waiting"
    """Seats meant for people are still empty."""
    PLAYING = "playing"
    """The game runs (between the deals of a match too)."""
    FINISHED = "finished"
    """The match is over; the room stays open a while for people to read the result and perhaps
    play again (a rematch makes it play once more)."""
    CLOSED = "closed"
    """Closed: the lobby has removed it."""


@dataclass(frozen=True)
class RoomOptions:
    """What the person who opens a room chooses besides the game."""

    rated: bool = False
    """The game counts in the ratings (games without ratings refuse it: see ``unrated_reason``)."""
    turn_timer_s: float | None = None
    """Seconds a person has for each move; None: no timer (the default)."""


@dataclass(frozen=True)
class RoomSettings:
    """The server's rules for every room (the defaults are the server's)."""

    grace_s: float = 300.0
    """How long a person who dropped keeps the seat."""
    takeover_level: int | None = None
    """The AI level that plays a seat its person left; None: the game's middle level."""
    timeout_level: int = 1
    """The AI level that moves for a person whose turn timer ran out."""
    ai_pace_s: float = 0.6
    """The least seconds an AI move takes, so that people can follow the play."""
    deal_pause_s: float = 5.0
    """The pause between the deals of a match (people read the last deal's result)."""
    ai_retry_s: float = 2.0
    """How long after an AI failure its move is asked again."""
    ai_retries: int = 2
    """How many times a failed AI move is asked again before its first legal action is played."""
    finished_linger_s: float = 300.0
    """How long a finished room stays open for its people to read the result and ask to play again
    (it closes sooner once no person is left in its seats; a rematch that starts keeps it open)."""
    empty_linger_s: float = 60.0
    """How long a room with nobody in it (no person connected or within the grace, no spectator)
    stays open."""
    sweep_s: float = 10.0
    """How often the lobby looks for rooms to close."""
    chat_rate: Rate = DEFAULT_RATE
    """Chat lines allowed per identity (over every room)."""
    chat_history: int = 30
    """How many recent chat lines a person who comes in is shown."""
    saves_dir: Path | None = None
    """Where rooms' games are saved (None: the server process's own saves folder)."""

    def takeover_for(self, spec: GameSpec) -> int:
        """The AI level that takes over a seat in ``spec``."""
        level = self.takeover_level or max(1, (spec.max_level + 1) // 2)
        return min(max(1, level), spec.max_level)


def minutes_text(seconds: float) -> str:
    """'5:00' for 300 seconds; '2 s' under a minute."""
    if seconds < 60:
        return f"{seconds:g} s"
    whole = int(round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def room_params(spec: GameSpec, params: dict | None, seats: list[int | None]) -> dict:
    """The room's parameters, resolved and checked against its seats (InvalidParameterError)."""
    given = dict(params or {})
    name = spec.seats_param
    if name and not any(key.replace("-", "_") == name for key in given):
        given[name] = len(seats)
    as_seats = [Seat("ai", level) if level is not None else Seat() for level in seats]
    check_seats(spec, as_seats)
    check_seat_count_param(spec, given, as_seats)
    return spec.resolve_params(given)


def check_options(spec: GameSpec, options: RoomOptions, ratings) -> RoomOptions:
    """``options`` when a room of ``spec`` may have them (``ratings``: the server's ratings store, or
    None); else RoomError saying why."""
    timer = options.turn_timer_s
    if timer is not None and not timer > 0:
        raise RoomError(f"a turn timer is a number of seconds above 0 (got {timer!r})")
    if options.rated:
        reason = unrated_reason(spec)
        if reason is not None:
            raise RoomError(f"This room cannot be rated: {reason}")
        if ratings is None:
            raise RoomError("This server keeps no ratings")
    return options


__all__ = ["RoomError", "RoomOptions", "RoomSettings", "RoomStatus", "check_options", "minutes_text", "room_params"]
