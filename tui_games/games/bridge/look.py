"""Contract Bridge's own colours and glyphs (read by the UI; see :mod:`tui_games.ui.looks`).

Hearts and diamonds are drawn in ``red``, but every suit also has its own symbol (its letter in ASCII
mode), so nothing rests on the colour; the seat to play is marked by ``turn``, an arrow, and an empty
suit by ``void``.
"""

COLOURS = {
    "red": {"dark": "#ff6b6b", "light": "#c00000", "ansi": "ansi_bright_red"},
    "turn": {"dark": "#ffd75f", "light": "#875f00", "ansi": "ansi_bright_yellow"},
}
"""The ink of the red suits, and of the seat to play's name and arrow."""

GLYPHS = {
    "turn": {"unicode": "▶", "ascii": ">"},
    "void": {"unicode": "—", "ascii": "-"},
}
"""The mark of the seat to play, and an empty suit's dash."""
