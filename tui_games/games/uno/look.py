"""UNO's own colours (read by the UI; see :mod:`tui_games.ui.looks`).

The cards are filled with their colour; the hand and the discard pile also write each card's colour
letter (r g b y) under its face, so nothing rests on the colour alone.
"""

COLOURS = {
    "red": {"dark": "#e0302a", "light": "#d0201a", "ansi": "ansi_red"},
    "green": {"dark": "#2e9e44", "light": "#1f8a36", "ansi": "ansi_green"},
    "blue": {"dark": "#2f6fd0", "light": "#1f5fc0", "ansi": "ansi_blue"},
    "yellow": {"dark": "#f2c811", "light": "#e8b800", "ansi": "ansi_yellow"},
    "wild": {"dark": "#101010", "light": "#202020", "ansi": "ansi_black"},
}
"""The fill of the red, green, blue and yellow cards, and of the wild cards (the ink follows)."""
