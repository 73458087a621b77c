"""Glyph sets: what the views draw with, in Unicode or plain ASCII (the ``glyphs`` setting).

Every glyph that carries meaning differs in shape or letter, never only in colour. These are the
glyphs many games share; a game's own glyphs are declared in its folder (:mod:`tui_games.ui.looks`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
    """The characters views use for tokens, cards, arrows and markers."""

    name: str
    empty: str
    """An empty cell's dot."""
    token: str
    """A counted object (a heap's object, a die still in play)."""
    token_marked: str
    """An object picked by the current choice (about to be taken)."""
    suits: dict[str, str]
    """Suit letter (S H D C) to the suit's symbol."""
    card_back: str
    """The pattern on a face-down card."""
    arrows: dict[str, str]
    """Direction name (up right down left) to an arrow."""
    spinner: tuple[str, ...]
    """Frames of the 'thinking' spinner."""
    bullet: str
    """A list bullet."""


UNICODE = Glyphs(
    name="unicode",
    empty="·",
    token="●",
    token_marked="○",
    suits={"S": "♠", "H": "♥", "D": "♦", "C": "♣"},
    card_back="░",
    arrows={"up": "↑", "right": "→", "down": "↓", "left": "←"},
    spinner=("⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"),
    bullet="•",
)
"""Box-drawing characters and symbols (the default)."""

ASCII = Glyphs(
    name="ascii",
    empty=".",
    token="o",
    token_marked="x",
    suits={"S": "S", "H": "H", "D": "D", "C": "C"},
    card_back="#",
    arrows={"up": "^", "right": ">", "down": "v", "left": "<"},
    spinner=("|", "/", "-", "\\"),
    bullet="*",
)
"""Plain ASCII for limited fonts and terminals."""

GLYPH_SETS = {g.name: g for g in (UNICODE, ASCII)}
"""Glyph sets by setting value."""


def glyphs_for(name: str) -> Glyphs:
    """The glyph set named ``name`` ('unicode' or 'ascii'); Unicode when the name is unknown."""
    return GLYPH_SETS.get(name, UNICODE)
