"""What a finished game adds to one seat's statistics beyond its result: :class:`SeatFigures`.

A game's definition reports them per seat (``GameDefinition.figures``); a series adds them up over its
deals (:mod:`tui_games.core.series`). Pure data: nothing here knows a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable


@dataclass(frozen=True)
class SeatFigures:
    """Game-specific figures a finished game adds to one seat's statistics."""

    score: float | None = None
    """A solo game's score (2048)."""
    best_tile: int | None = None
    """The best tile or piece reached (2048's highest tile)."""
    chips: float | None = None
    """Chips won or lost (Blackjack, poker)."""
    seconds: float | None = None
    """How long a timed solo game took (a puzzle's solve time; fewer is better)."""
    moves: int | None = None
    """How many moves a solo game took (a puzzle's solution length; fewer is better)."""
    counts: dict[str, float] = field(default_factory=dict)
    """Named tallies added up over deals and games (poker: hands won, showdowns), named by the spec's
    ``figure_labels``."""
    peaks: dict[str, float] = field(default_factory=dict)
    """Named records kept at their highest over deals and games (poker: the biggest pot won)."""

    @classmethod
    def combined(cls, figures: Iterable["SeatFigures"]) -> "SeatFigures":
        """One seat's figures over many deals: chips and counts added up, the best score, tile and peaks
        (None where no deal had the figure)."""
        figures = list(figures)
        chips = [f.chips for f in figures if f.chips is not None]
        scores = [f.score for f in figures if f.score is not None]
        tiles = [f.best_tile for f in figures if f.best_tile is not None]
        counts: dict[str, float] = {}
        peaks: dict[str, float] = {}
        for f in figures:
            for name, value in f.counts.items():
                counts[name] = counts.get(name, 0) + value
            for name, value in f.peaks.items():
                peaks[name] = max(peaks.get(name, value), value)
        return cls(score=max(scores) if scores else None, best_tile=max(tiles) if tiles else None,
                   chips=sum(chips) if chips else None, counts=counts, peaks=peaks)


__all__ = ["SeatFigures"]
