"""Glyph sets: what the views draw with, in Unicode or plain ASCII (the ``glyphs`` setting).

Every glyph that carries meaning differs in shape or letter, never only in colour.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
    """The characters views use for pieces, cards, arrows and markers."""

    name: str
    discs: tuple[str, ...]
    """Connect Four discs per seat (distinct shapes)."""
    empty: str
    """An empty cell's dot."""
    stone: str
    """A Nim object."""
    taken: str
    """A Nim object about to be taken (the current choice)."""
    suits: dict[str, str]
    """Suit letter (S H D C) to the suit's symbol."""
    card_back: str
    """The pattern on a face-down card."""
    arrows: dict[str, str]
    """Direction name (up right down left) to an arrow."""
    drop: str
    """The marker above the column a disc would drop into."""
    spinner: tuple[str, ...]
    """Frames of the 'thinking' spinner."""
    bullet: str
    """A list bullet."""


UNICODE = Glyphs(
    name="unicode",
    discs=("●", "◆", "▲", "■"),
    empty="·",
    stone="●",
    taken="○",
    suits={"S": "♠", "H": "♥", "D": "♦", "C": "♣"},
    card_back="░",
    arrows={"up": "↑", "right": "→", "down": "↓", "left": "←"},
    drop="▼",
    spinner=("⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"),
    bullet="•",
)
"""Box-drawing characters and symbols (the default)."""

ASCII = Glyphs(
    name="ascii",
    discs=("R", "Y", "G", "B"),
    empty=".",
    stone="o",
    taken="x",
    suits={"S": "S", "H": "H", "D": "D", "C": "C"},
    card_back="#",
    arrows={"up": "^", "right": ">", "down": "v", "left": "<"},
    drop="v",
    spinner=("|", "/", "-", "\\"),
    bullet="*",
)
"""Plain ASCII for limited fonts and terminals."""

GLYPH_SETS = {g.name: g for g in (UNICODE, ASCII)}
"""Glyph sets by setting value."""


def glyphs_for(name: str) -> Glyphs:
    """The glyph set named ``name`` ('unicode' or 'ascii'); Unicode when the name is unknown."""
    return GLYPH_SETS.get(name, UNICODE)
