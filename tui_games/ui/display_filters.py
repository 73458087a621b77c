"""Output filters applied to every rendered line: plain ASCII and monochrome.

The glyph sets (:mod:`tui_games.ui.glyphs`) choose meaningful ASCII for what the app draws itself;
:class:`AsciiFilter` is the guarantee for everything else (Textual's own widgets: the header's icon,
scroll bars, select arrows, rounded borders, toasts ...). It swaps each character that is not ASCII for
one of the same width, so layouts stay aligned: box drawing becomes ``+ - |``, blocks ``#``, arrows
``^ > v <``, dots and dashes ``. -``. :class:`ColourFilter` drops colour for ``NO_COLOR`` and the
monochrome setting. Both can be switched on and off while the app runs.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import get_character_cell_size
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter, Monochrome, NoColor

SYMBOLS = {
    "·": ".", "•": "*", "∙": ".", "…": ".", "—": "-", "–": "-", "‒": "-", "―": "-", "−": "-",
    "‘": "'", "’": "'", "“": '"', "”": '"', "«": "<", "»": ">", "×": "x", "÷": "/", "±": "+",
    "⭘": "O", "○": "o", "●": "o", "◯": "O", "◆": "*", "◇": "*", "■": "#", "□": "#", "▪": "#", "▫": ".",
    "▲": "^", "△": "^", "▴": "^", "▶": ">", "▷": ">", "▸": ">", "►": ">", "▼": "v", "▽": "v",
    "▾": "v", "◀": "<", "◁": "<", "◂": "<", "◄": "<",
    "↑": "^", "↓": "v", "←": "<", "→": ">", "↕": "|", "↔": "-", "⏎": "<", "↵": "<",
    "✓": "v", "✔": "v", "✗": "x", "✘": "x", "★": "*", "☆": "*", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "█": "#", "▓": "#", "▒": "#", "░": ":", "▐": "|", "▌": "|", "▀": "-", "▄": "_",
    "▔": "-", "▁": "_", "▏": "|", "▎": "|", "▍": "|", "▊": "|", "▉": "#",
    "▕": "|", "▂": "_", "▃": "_", "▅": "#", "▆": "#", "▇": "#",
}
"""Symbols Textual and the app use, and their ASCII stand-ins (one cell each)."""

WIDE_SYMBOLS = {"🔎": "> ", "🔍": "> "}
"""Two-cell symbols and their two-character stand-ins."""


def _box_drawing(name: str) -> str:
    """'-', '|', '+', '/', '\\' or 'X' for a BOX DRAWINGS character's name."""
    if "DIAGONAL CROSS" in name:
        return "X"
    if "DIAGONAL UPPER RIGHT" in name:
        return "/"
    if "DIAGONAL UPPER LEFT" in name:
        return "\\"
    across = any(word in name for word in ("HORIZONTAL", "LEFT", "RIGHT"))
    upright = any(word in name for word in ("VERTICAL", " UP", " DOWN"))
    if "ARC" in name or (across and upright):
        return "+"
    return "-" if across else "|"


@lru_cache(maxsize=4096)
def ascii_char(char: str) -> str:
    """The ASCII stand-in for one character, as wide in cells as the character itself."""
    if char.isascii():
        return char
    width = get_character_cell_size(char)
    if width == 0:
        return ""
    if char in WIDE_SYMBOLS:
        return WIDE_SYMBOLS[char]
    if char in SYMBOLS:
        single = SYMBOLS[char]
    else:
        name = unicodedata.name(char, "")
        if name.startswith("BOX DRAWINGS"):
            single = _box_drawing(name)
        elif name.startswith(("BRAILLE", "BLOCK", "LOWER", "UPPER", "LEFT", "RIGHT", "QUADRANT")):
            single = "#"
        else:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            single = plain if len(plain) == 1 else "?"
    return single + " " * (width - 1)


def to_ascii(text: str) -> str:
    """``text`` with every character that is not ASCII replaced, keeping its width in cells."""
    if text.isascii():
        return text
    return "".join(ascii_char(char) for char in text)


class AsciiFilter(LineFilter):
    """Turns every rendered line into plain ASCII (the ``ascii`` glyphs setting)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        """The segments with their text made ASCII."""
        return [segment if segment.text.isascii() else Segment(to_ascii(segment.text), segment.style,
                                                              segment.control)
                for segment in segments]


def colour_filter(native_ansi: bool, enabled: bool) -> LineFilter:
    """The filter that removes colour: the terminal's own colours for an ANSI theme, else grey shades.

    This is the choice Textual makes for ``NO_COLOR``: contrast (and so the highlighted cell or
    cursor) survives as light and dark grey, never only as a hue.
    """
    return NoColor(enabled=enabled) if native_ansi else Monochrome(enabled=enabled)
