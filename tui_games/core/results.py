"""The result of a finished game for one seat, as statistics store it."""

from __future__ import annotations

from dataclasses import dataclass

OUTCOMES = ("won", "lost", "drawn")


@dataclass
class SeatResult:
    """One seat's result: outcome, place and points, and game-specific figures (score, best tile,
    chips won)."""

    seat: int
    outcome: str
    score: float | None = None
    best_tile: int | None = None
    chips: float | None = None
    place: int | None = None
    """1-based place among the seats (shared on a tie); None where unknown."""
    points: float | None = None
    """The seat's points: a one-deal game's return, a series' final score."""
    deals: int | None = None
    """How many deals the match had (1 for a one-deal game)."""
