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
    seconds: float | None = None
    """A timed solo game's time (a puzzle's solve time), else None."""
    moves: int | None = None
    """A solo game's number of moves where the game counts them (a puzzle's solution), else None."""
    counts: dict[str, float] | None = None
    """The game's named tallies, added up over the match (SeatFigures.counts); None: none."""
    peaks: dict[str, float] | None = None
    """The game's named records, the highest over the match (SeatFigures.peaks); None: none."""
