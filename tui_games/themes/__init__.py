"""The app's themes (Textual :class:`~textual.theme.Theme` objects) and shared TCSS.

Every theme defines the same game variables, so the stylesheet can say ``$seat-0`` or ``$tile-high``
whatever theme is active:

- ``seat-0`` .. ``seat-3``: the colour of each seat's pieces (X / O, Nim's chosen objects ...);
- ``disc-0``, ``disc-1``, ``disc-ink``: Connect Four's yellow and red discs and the letter on them;
- ``last-move``: background of the cell the last move touched;
- ``win-line``: background of the cells of a winning line;
- ``board``: the board's own colour (grid lines, the Connect Four frame);
- ``cell``: the background of an empty cell;
- ``card-face``, ``card-red``, ``card-black``, ``card-back``: playing cards;
- ``tile-1`` .. ``tile-6``: 2048 tiles from small to huge values.

Colour never carries meaning alone: pieces are letters or distinct shapes, the last move is also bold
and underlined, the cursor is also reversed.
"""

from __future__ import annotations

from importlib import resources

from textual.theme import Theme

STYLESHEET = "app.tcss"
"""The shared stylesheet's file name inside this package."""


def stylesheet_path() -> str:
    """The absolute path of the shared stylesheet (shipped as package data)."""
    return str(resources.files(__name__).joinpath(STYLESHEET))


def _theme(name: str, *, dark: bool, game: dict[str, str], **colours) -> Theme:
    return Theme(name=name, dark=dark, variables=dict(game), **colours)


DARK = _theme(
    "dark",
    dark=True,
    primary="#5fafff",
    secondary="#5f87af",
    accent="#ffaf5f",
    warning="#ffaf00",
    error="#ff5f5f",
    success="#5fd787",
    foreground="#e4e4e4",
    background="#1c1c1c",
    surface="#262626",
    panel="#303030",
    game={
        "disc-0": "#ffd700",
        "disc-1": "#ff5f5f",
        "disc-ink": "#000000",
        "seat-0": "#ff875f",
        "seat-1": "#5fd7ff",
        "seat-2": "#d7ff5f",
        "seat-3": "#d787ff",
        "last-move": "#444444",
        "win-line": "#005f00",
        "board": "#005faf",
        "cell": "#121212",
        "card-face": "#eeeeee",
        "card-red": "#d70000",
        "card-black": "#121212",
        "card-back": "#5f5faf",
        "tile-1": "#4e4e4e",
        "tile-2": "#875f00",
        "tile-3": "#af5f00",
        "tile-4": "#d75f00",
        "tile-5": "#d7af00",
        "tile-6": "#af005f",
    },
)
"""Default dark theme (256-colour friendly values)."""

LIGHT = _theme(
    "light",
    dark=False,
    primary="#005fd7",
    secondary="#5f87af",
    accent="#d75f00",
    warning="#af8700",
    error="#d70000",
    success="#008700",
    foreground="#1c1c1c",
    background="#eeeeee",
    surface="#e4e4e4",
    panel="#b2b2b2",
    game={
        "disc-0": "#ffd700",
        "disc-1": "#d70000",
        "disc-ink": "#000000",
        "seat-0": "#d70000",
        "seat-1": "#0000d7",
        "seat-2": "#008700",
        "seat-3": "#8700af",
        "last-move": "#ffd787",
        "win-line": "#afffaf",
        "board": "#5f87d7",
        "cell": "#ffffff",
        "card-face": "#ffffff",
        "card-red": "#d70000",
        "card-black": "#000000",
        "card-back": "#5f5faf",
        "tile-1": "#d0d0d0",
        "tile-2": "#ffd7af",
        "tile-3": "#ffaf5f",
        "tile-4": "#ff875f",
        "tile-5": "#ffd700",
        "tile-6": "#d75faf",
    },
)
"""Light theme: dark text on a light background."""

HIGH_CONTRAST = _theme(
    "high-contrast",
    dark=True,
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff0000",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#303030",
    luminosity_spread=0.3,
    text_alpha=1.0,
    game={
        "disc-0": "#ffff00",
        "disc-1": "#ff0000",
        "disc-ink": "#000000",
        "seat-0": "#ffff00",
        "seat-1": "#00ffff",
        "seat-2": "#ff00ff",
        "seat-3": "#00ff00",
        "last-move": "#5f5f00",
        "win-line": "#008700",
        "board": "#ffffff",
        "cell": "#000000",
        "card-face": "#ffffff",
        "card-red": "#d70000",
        "card-black": "#000000",
        "card-back": "#0000ff",
        "tile-1": "#303030",
        "tile-2": "#005f87",
        "tile-3": "#008700",
        "tile-4": "#875f00",
        "tile-5": "#870000",
        "tile-6": "#5f0087",
    },
)
"""Maximum contrast: pure black and white with saturated accents."""

COLOUR_BLIND = _theme(
    "colour-blind",
    dark=True,
    primary="#56b4e9",
    secondary="#0072b2",
    accent="#e69f00",
    warning="#f0e442",
    error="#d55e00",
    success="#009e73",
    foreground="#e4e4e4",
    background="#1c1c1c",
    surface="#262626",
    panel="#303030",
    game={
        "disc-0": "#f0e442",
        "disc-1": "#d55e00",
        "disc-ink": "#000000",
        "seat-0": "#e69f00",
        "seat-1": "#56b4e9",
        "seat-2": "#f0e442",
        "seat-3": "#cc79a7",
        "last-move": "#3a3a3a",
        "win-line": "#0072b2",
        "board": "#0072b2",
        "cell": "#121212",
        "card-face": "#eeeeee",
        "card-red": "#d55e00",
        "card-black": "#121212",
        "card-back": "#0072b2",
        "tile-1": "#4e4e4e",
        "tile-2": "#0072b2",
        "tile-3": "#009e73",
        "tile-4": "#e69f00",
        "tile-5": "#d55e00",
        "tile-6": "#cc79a7",
    },
)
"""Okabe-Ito palette: distinguishable with the common forms of colour blindness."""

ANSI_16 = _theme(
    "ansi-16",
    dark=True,
    ansi=True,
    primary="ansi_blue",
    secondary="ansi_cyan",
    accent="ansi_yellow",
    warning="ansi_yellow",
    error="ansi_red",
    success="ansi_green",
    foreground="ansi_default",
    background="ansi_default",
    surface="ansi_default",
    panel="ansi_default",
    boost="ansi_default",
    game={
        "ansi-background": "ansi_black",
        "ansi-foreground": "ansi_white",
        "border-blurred": "ansi_black",
        "block-cursor-foreground": "ansi_black",
        "block-cursor-background": "ansi_white",
        "input-cursor-background": "ansi_black",
        "input-cursor-foreground": "ansi_bright_white",
        "input-cursor-text-style": "none",
        "input-selection-background": "ansi_bright_blue",
        "input-selection-foreground": "ansi_black",
        "screen-selection-background": "ansi_bright_blue",
        "screen-selection-foreground": "ansi_black",
        "disc-0": "ansi_bright_yellow",
        "disc-1": "ansi_red",
        "disc-ink": "ansi_black",
        "seat-0": "ansi_bright_red",
        "seat-1": "ansi_bright_cyan",
        "seat-2": "ansi_bright_green",
        "seat-3": "ansi_bright_magenta",
        "last-move": "ansi_bright_black",
        "win-line": "ansi_green",
        "board": "ansi_blue",
        "cell": "ansi_default",
        "card-face": "ansi_bright_white",
        "card-red": "ansi_red",
        "card-black": "ansi_black",
        "card-back": "ansi_blue",
        "tile-1": "ansi_bright_black",
        "tile-2": "ansi_yellow",
        "tile-3": "ansi_red",
        "tile-4": "ansi_magenta",
        "tile-5": "ansi_bright_yellow",
        "tile-6": "ansi_bright_magenta",
    },
)
"""Only the terminal's own 16 ANSI colours (follows the user's terminal palette)."""

THEMES: dict[str, Theme] = {t.name: t for t in (DARK, LIGHT, HIGH_CONTRAST, COLOUR_BLIND, ANSI_16)}
"""Every theme the app offers, by name (the names ``store.settings.THEMES`` lists)."""

DEFAULT_THEME = "dark"
"""The theme used when the settings name an unknown one."""
