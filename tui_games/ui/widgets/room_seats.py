"""What the game screen says about a room beside the game: who sits in each seat and the room's state.

Drawn from the latest view of a :class:`~tui_games.online.SeatMatch` only. The view's countdowns (a
turn timer's seconds left, a dropped player's grace, the pause before the next deal) are seconds
at the moment the view was made; :class:`ViewClock` says how long ago that was, so that they count
down between views.
"""

from __future__ import annotations

import math
import time

from rich.text import Text

from tui_games.core.words import counted
from tui_games.ui.glyphs import Glyphs
from tui_games.ui.seat_marks import MAX_MARKED_SEATS, seat_mark


CROWDED_FROM = 7
"""Seats from which each seat keeps to one line (cut short with an ellipsis), as the local seats panel does."""


class ViewClock:
    """How long ago the latest view of a match arrived (seen first by :meth:`elapsed`)."""

    def __init__(self, now=time.monotonic) -> None:
        self._now = now
        self._view: object = None
        self._at = 0.0

    def elapsed(self, match) -> float:
        """Seconds since ``match.view`` changed."""
        if match.view is not self._view:
            self._view, self._at = match.view, self._now()
        return max(0.0, self._now() - self._at)


def left(seconds, elapsed: float) -> int | None:
    """Whole seconds still left of a countdown of ``seconds`` (None: no countdown) ``elapsed`` ago."""
    if seconds is None:
        return None
    return max(0, math.ceil(float(seconds) - elapsed))


def clock_text(seconds: int) -> str:
    """'45 s' under a minute, '4:05' from one."""
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60}:{seconds % 60:02d}"


def next_deal_seconds(match):
    """The pause before the room's next deal, as the view gave it (None when none is coming)."""
    return match.view.get("next_deal_s")


def has_countdown(match) -> bool:
    """True when the view holds a countdown to show (a turn timer, a grace, the next deal)."""
    return next_deal_seconds(match) is not None or any(
        info.get("seconds_left") is not None or info.get("away_seconds") is not None for info in match.seat_infos)


def seat_note(info: dict, viewer: int, elapsed: float) -> str:
    """What follows a seat's name: ' (you)', ' · away 4:50', ' · offline', ' · 25 s', ' (chosen)', and
    once the game is over ' · play again' for a person who asked to."""
    parts = []
    if int(info["seat"]) == viewer:
        parts.append(" (you)")
    away = left(info.get("away_seconds"), elapsed)
    if away is not None:
        parts.append(f" · away {clock_text(away)}")
    elif info["kind"] == "person" and not info.get("connected"):
        parts.append(" · offline")
    timer = left(info.get("seconds_left"), elapsed)
    if timer is not None:
        parts.append(f" · {clock_text(timer)}")
    if info.get("chosen"):
        parts.append(" (chosen)")
    if info.get("rematch"):
        parts.append(" · play again")
    return "".join(parts)


def room_seats_text(match, glyphs: Glyphs, elapsed: float = 0.0, width: int = 0) -> Text:
    """One line a seat (wrapped when long; from :data:`CROWDED_FROM` seats cut to ``width`` columns, so
    that the panels below stay on screen): the seat's name, who sits there (a person's name, the AI
    and its level, an open seat), and their state, the seat to move marked."""
    infos = match.seat_infos
    crowded = len(infos) >= CROWDED_FROM
    lines = []
    for info in infos:
        seat = int(info["seat"])
        current = bool(info.get("to_move")) and match.status == "playing"
        text = Text("▶ " if current and glyphs.name == "unicode" else ("> " if current else "  "), style="bold")
        if MAX_MARKED_SEATS >= len(infos) >= 3:
            text.append_text(seat_mark(seat, glyphs, str(info["label"])).text())
            text.append(" ")
        text.append(f"{info['label']}: ", style="bold" if current else "")
        style = "dim" if info["kind"] == "open" else ("bold underline" if current else "")
        text.append(str(info["name"]), style=style)
        text.append(seat_note(info, match.viewer, elapsed), style="dim")
        if crowded and width > 0:
            text.truncate(width, overflow="ellipsis")
        lines.append(text)
    return Text("\n").join(lines)


def room_status_text(table, elapsed: float = 0.0) -> Text:
    """The room's state in a line or two: waiting for how many players (and the code to give them),
    the next deal's countdown, the game over (and how many asked to play again), rated, the turn
    timer, spectators; or why this end left the room."""
    match = table.match
    view = match.view
    if table.closed:
        return Text(f"You left the room: {table.detached_reason}" if table.detached_reason else "You left the room",
                    style="bold")
    if not view:
        return Text("Connecting…", style="dim")
    code = str(view.get("code", ""))
    if match.status == "waiting":
        missing = sum(1 for info in match.seat_infos if info["kind"] == "open")
        text = Text.assemble(("Waiting for ", "bold"), (counted(missing, "player"), "bold"))
        text.append(f"\nGive them the code {code}")
        return text
    parts = []
    coming = left(next_deal_seconds(match), elapsed)
    if coming is not None:
        parts.append(f"Next hand in {clock_text(coming)}")
    if match.status == "finished":
        parts.append("Game over")
        asking = [info for info in match.seat_infos if info["kind"] == "person" and info.get("connected")]
        asked = sum(1 for info in asking if info.get("rematch"))
        if asked:
            parts.append(f"{asked} of {len(asking)} play again")
    if match.observer_seat is None:
        parts.append("You are watching")
    if view.get("rated"):
        parts.append("rated")
    if view.get("turn_timer_s"):
        parts.append(f"timer {float(view['turn_timer_s']):g} s")
    watching = int(view.get("spectators") or 0)
    if watching:
        parts.append(f"{watching} watching")
    return Text(" · ".join(parts))


__all__ = ["CROWDED_FROM", "ViewClock", "clock_text", "has_countdown", "left", "next_deal_seconds", "room_seats_text",
           "room_status_text", "seat_note"]
