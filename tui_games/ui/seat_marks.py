"""Seat marks for up to ten seats: a letter, a shape and a colour each, told apart without the colour.

A table of three or more seats (Blackjack's, a three-player board, poker for ten) marks each seat with
its letter (A..J), or its number where the game numbers its seats ('Seat 2', 'Player 10'), and a
shape; the colour only helps. A board that draws the seats' pieces draws them with these shapes.
Letters and shapes are distinct on their own, in the Unicode and in the ASCII glyph sets alike, so a
monochrome terminal, NO_COLOR or a colour-blind player loses nothing. The colours are 256-colour palette entries of middle lightness, readable on the
dark and the light themes.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from tui_games.ui.glyphs import UNICODE, Glyphs

MAX_MARKED_SEATS = 10
"""How many seats have a mark of their own."""

SEAT_LETTERS = "ABCDEFGHIJ"
"""Each seat's letter, seat 0 first."""

UNICODE_SHAPES = ("●", "■", "▲", "◆", "▼", "○", "□", "△", "◇", "▽")
"""Each seat's shape with the Unicode glyph set: five solid, then the same five hollow."""

ASCII_SHAPES = ("o", "#", "^", "%", "v", "@", "+", "*", "x", "=")
"""Each seat's shape with the ASCII glyph set."""

SEAT_COLOURS = ("red3", "dodger_blue2", "green4", "dark_orange3", "magenta3",
                "dark_cyan", "gold3", "purple", "orange4", "grey50")
"""Each seat's colour (Rich names of 256-colour palette entries)."""


@dataclass(frozen=True)
class SeatMark:
    """How one seat is marked: its letter (or number), its shape in the glyph set in use, and its colour."""

    seat: int
    letter: str
    shape: str
    colour: str

    @property
    def label(self) -> str:
        """Shape and letter, e.g. '▲C': the mark without colour."""
        return f"{self.shape}{self.letter}"

    def text(self, colour: bool = True) -> Text:
        """The mark as Rich text, bold, in the seat's colour unless ``colour`` is False."""
        return Text(self.label, style=f"bold {self.colour}" if colour else "bold")


def seat_mark(seat: int, glyphs: Glyphs = UNICODE, name: str = "") -> SeatMark:
    """The mark of seat ``seat`` (0-based, below :data:`MAX_MARKED_SEATS`) in ``glyphs``' style; a seat
    whose ``name`` ends in its number ('Seat 2') is marked by that number instead of its letter."""
    if not 0 <= seat < MAX_MARKED_SEATS:
        raise ValueError(f"seat marks go up to {MAX_MARKED_SEATS} seats (got seat {seat})")
    shapes = ASCII_SHAPES if glyphs.name == "ascii" else UNICODE_SHAPES
    number = name.rsplit(" ", 1)[-1]
    tag = number if number == str(seat + 1) else SEAT_LETTERS[seat]
    return SeatMark(seat, tag, shapes[seat], SEAT_COLOURS[seat])


__all__ = ["ASCII_SHAPES", "MAX_MARKED_SEATS", "SEAT_COLOURS", "SEAT_LETTERS", "SeatMark", "UNICODE_SHAPES",
           "seat_mark"]
