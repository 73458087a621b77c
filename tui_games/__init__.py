"""tui-games: classic board, card and dice games in the terminal.

The public entry point for programs is :mod:`tui_games.catalog`; importing this package imports
neither numba nor textual.
"""

__version__ = "0.1.0"
