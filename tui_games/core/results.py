"""The result of a finished game for one seat, as statistics store it."""

from __future__ import annotations

from dataclasses import dataclass

OUTCOMES = ("won", "lost", "drawn")


@dataclass
class SeatResult:
    """One seat's result: outcome, and game-specific figures (score, best tile, chips won)."""

    seat: int
    outcome: str
    score: float | None = None
    best_tile: int | None = None
    chips: float | None = None
