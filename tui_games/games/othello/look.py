"""Othello's own colours (read by the UI; see :mod:`tui_games.ui.looks`).

The board is green felt; black and white discs carry their letters (X, O) in the opposite colour, so
the board reads the same without colour.
"""

COLOURS = {
    "felt": {"dark": "#00875f", "light": "#2e8b57", "ansi": "ansi_green"},
    "stone-0": {"dark": "#121212", "light": "#1c1c1c", "ansi": "ansi_black"},
    "stone-1": {"dark": "#eeeeee", "light": "#ffffff", "ansi": "ansi_bright_white"},
    "stone-ink-0": {"dark": "#eeeeee", "light": "#ffffff", "ansi": "ansi_bright_white"},
    "stone-ink-1": {"dark": "#000000", "light": "#000000", "ansi": "ansi_black"},
}
"""The board, the black and white discs (stone-0 also frames the board), and the letters on them."""
