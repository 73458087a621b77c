"""Mahjong's own colours and glyphs (read by the UI; see :mod:`tui_games.ui.looks`).

Tiles are ivory with their faces inked by suit (characters black, dots blue, bamboo green; the red
dragon and the red fives red); dora are lit gold and underlined, red fives also carry a circled five
(``0`` in ASCII), so neither rests on colour alone.
"""

COLOURS = {
    "tile": {"dark": "#eeeadc", "light": "#f4efdc", "ansi": "ansi_bright_white"},
    "ink": {"dark": "#1c1c1c", "light": "#1c1c1c", "ansi": "ansi_black"},
    "dots": {"dark": "#1f4fbf", "light": "#1f4fbf", "ansi": "ansi_blue"},
    "bamboo": {"dark": "#17702b", "light": "#17702b", "ansi": "ansi_green"},
    "red": {"dark": "#d00000", "light": "#c00000", "ansi": "ansi_red"},
    "dora": {"dark": "#ffd75f", "light": "#f5c400", "ansi": "ansi_yellow"},
    "back": {"dark": "#d78700", "light": "#c07000", "ansi": "ansi_yellow"},
    "mark": {"dark": "#ff8700", "light": "#af5f00", "ansi": "ansi_bright_red"},
}
"""The tile face, the inks (plain, dots, bamboo, red), the dora tiles' face, a tile's back, the marks
of the ponds (riichi, called away)."""

GLYPHS = {
    "red-five": {"unicode": "⑤", "ascii": "0"},
    "riichi": {"unicode": "▸", "ascii": ">"},
    "called": {"unicode": "×", "ascii": "*"},
    "turn": {"unicode": "▶", "ascii": ">"},
}
"""The red five's digit, the marks before a riichi discard and a discard called away, and the mark of
the seat whose turn it is."""
