"""2048's own colours (read by the UI; see :mod:`tui_games.ui.looks`).

Tiles are coloured in six bands, from 2 and 4 (``tile-1``) to 2048 and beyond (``tile-6``); the
number is always written on the tile.
"""

COLOURS = {
    "tile-1": {"dark": "#4e4e4e", "light": "#d0d0d0", "ansi": "ansi_bright_black"},
    "tile-2": {"dark": "#875f00", "light": "#ffd7af", "ansi": "ansi_yellow"},
    "tile-3": {"dark": "#af5f00", "light": "#ffaf5f", "ansi": "ansi_red"},
    "tile-4": {"dark": "#d75f00", "light": "#ff875f", "ansi": "ansi_magenta"},
    "tile-5": {"dark": "#d7af00", "light": "#ffd700", "ansi": "ansi_bright_yellow"},
    "tile-6": {"dark": "#af005f", "light": "#d75faf", "ansi": "ansi_bright_magenta"},
}
"""The tiles' backgrounds, small to huge (the number on them takes a readable colour by itself)."""
