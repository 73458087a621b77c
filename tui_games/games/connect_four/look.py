"""Connect Four's own colours and glyphs (read by the UI; see :mod:`tui_games.ui.looks`).

Each disc is filled with its seat's colour and carries the seat's letter in ``disc-ink``, so the board
reads the same without colour.
"""

COLOURS = {
    "disc-0": {"dark": "#ffd700", "light": "#ffd700", "ansi": "ansi_bright_yellow"},
    "disc-1": {"dark": "#ff5f5f", "light": "#d70000", "ansi": "ansi_red"},
    "disc-ink": {"dark": "#000000", "light": "#000000", "ansi": "ansi_black"},
}
"""The first and second player's discs, and the letter on them."""

GLYPHS = {
    "drop": {"unicode": "▼", "ascii": "v"},
}
"""The marker over the column a disc would drop into."""
