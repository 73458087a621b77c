"""Themes: the bundled ones and the user's own, read from JSON theme files, and the shared stylesheet.

A theme file is a JSON object (the bundled ones are in the top-level ``themes/`` folder; a user drops
theme files into :func:`~tui_games.core.locations.user_themes_dir`):

- ``name``: the theme's name (letters, digits and ``-``; default: the file name without ``.json``);
- ``label``: how it reads in the settings (default: the name);
- ``base``: a theme to start from (default ``dark``, or ``light`` when ``dark`` is false); every value
  the file leaves out is the base theme's;
- ``dark``: true for light text on a dark background;
- colours: ``primary``, ``secondary``, ``accent``, ``warning``, ``error``, ``success``,
  ``foreground``, ``background``, ``surface``, ``panel``, ``boost`` ("#rrggbb", "rgb(...)", a colour
  name or ``ansi_red`` ...);
- ``variables``: the shared board and card colours every theme defines (:data:`GAME_VARIABLES`), and
  any Textual CSS variable; ``ansi``, ``luminosity_spread`` and ``text_alpha`` as in Textual's ``Theme``;
- ``games``: colours of single games, by game id and the colour's name in the game's look
  (:mod:`tui_games.ui.looks`), e.g. ``"games": {"<game id>": {"piece-0": "#ffd700"}}``; a game the
  theme leaves out keeps its own colours for the theme's kind (dark, light or ANSI). A section for a
  game that is not installed is kept and unused; a name the game does not declare is refused.

Colour never carries meaning alone: pieces are letters or distinct shapes, the last move is also bold
and underlined, the cursor is also reversed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.color import Color, ColorParseError
from textual.theme import Theme

from tui_games.core.locations import bundled_themes_dir, user_themes_dir
from tui_games.ui.looks import NAME as LOOK_NAME
from tui_games.ui.looks import GameLook, colour_variable, game_looks, is_colour

STYLESHEET = "app.tcss"
"""The shared stylesheet's file name in the bundled themes folder."""

DEFAULT_THEME = "dark"
"""The theme used when the settings name one that does not exist."""

COLOURS = ("primary", "secondary", "accent", "warning", "error", "success", "foreground", "background",
           "surface", "panel", "boost")
"""A theme's main colours (Textual's ``Theme`` fields)."""

GAME_VARIABLES = (
    "seat-0", "seat-1", "seat-2", "seat-3",  # each seat's pieces and marks
    "last-move", "win-line",  # backgrounds of the last move's cell and of a winning line
    "board", "cell",  # grid lines and frame; an empty cell's background
    "card-face", "card-red", "card-black", "card-back",  # playing cards
)
"""The CSS variables every theme defines, so the stylesheet can say ``$seat-0`` whatever the theme.
A single game's own colours are declared in its folder instead (:mod:`tui_games.ui.looks`)."""

FIRST_THEMES = (DEFAULT_THEME, "light")
"""Themes read (and listed) before the others."""

_KNOWN_KEYS = {"name", "label", "base", "dark", "ansi", "luminosity_spread", "text_alpha", "variables",
               "games", *COLOURS}
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


class ThemeFileError(ValueError):
    """A theme file that cannot be used, with the reason."""


@dataclass
class ThemeCatalog:
    """Every usable theme by name (bundled first), their labels, and the files that were refused."""

    themes: dict[str, Theme] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    """One line per refused file: 'mine.json: "primary" is not a colour ("#zz")'."""
    looks: dict[str, GameLook] = field(default_factory=dict)
    """The games' own colours and glyphs by game id, read with the themes."""

    def label(self, name: str) -> str:
        """How the theme ``name`` reads in lists."""
        return self.labels.get(name, name)


def stylesheet_path() -> str:
    """The absolute path of the shared stylesheet."""
    return str(bundled_themes_dir() / STYLESHEET)


def _colour(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ThemeFileError(f'"{key}" must be a colour in quotes, e.g. "#5fafff" (got {value!r})')
    try:
        Color.parse(value)
    except ColorParseError:
        raise ThemeFileError(f'"{key}" is not a colour ({value!r})') from None
    return value


def _game_colours(raw: Any, looks: dict[str, GameLook]) -> dict[str, str]:
    """The CSS variables a theme file's ``games`` section sets (see the module's notes)."""
    if not isinstance(raw, dict):
        raise ThemeFileError('"games" must be an object of "game id": {"colour name": "colour"}')
    variables = {}
    for game_id, colours in raw.items():
        if not isinstance(colours, dict):
            raise ThemeFileError(f'"games" -> "{game_id}" must be an object of "colour name": "colour"')
        look = looks.get(game_id)
        for name, value in colours.items():
            if look is not None and name not in look.colours:
                raise ThemeFileError(f'"games" -> "{game_id}" has no colour {name!r} '
                                     f"(its colours: {', '.join(look.colours) or 'none'})")
            if look is None and not (isinstance(name, str) and LOOK_NAME.match(name)):
                raise ThemeFileError(f'"games" -> "{game_id}": {name!r} is not a colour name')
            if not is_colour(value):
                raise ThemeFileError(f'"games" -> "{game_id}" -> "{name}" is not a colour ({value!r})')
            variables[colour_variable(game_id, name)] = value
    return variables


def theme_from_dict(raw: Any, default_name: str, known: dict[str, Theme],
                    looks: dict[str, GameLook] | None = None) -> tuple[Theme, str]:
    """A Theme and its label from a theme file's parsed JSON; ThemeFileError says what is wrong.

    ``looks`` are the games' looks that a ``games`` section is checked against (default: those of the
    catalogue's games)."""
    if not isinstance(raw, dict):
        raise ThemeFileError("a theme file holds one JSON object ({...})")
    unknown = sorted(set(raw) - _KNOWN_KEYS)
    if unknown:
        raise ThemeFileError(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(_KNOWN_KEYS))})")
    name = raw.get("name", default_name)
    if not isinstance(name, str) or not _NAME.match(name):
        raise ThemeFileError(f"the name must be lower-case letters, digits and '-' (got {name!r})")
    dark = raw.get("dark", True)
    if not isinstance(dark, bool):
        raise ThemeFileError(f'"dark" must be true or false (got {dark!r})')
    if "base" in raw:
        base = known.get(raw["base"]) if isinstance(raw["base"], str) else None
        if base is None:
            raise ThemeFileError(f"unknown base theme {raw['base']!r} (known: {', '.join(known)})")
    else:
        base = known.get(DEFAULT_THEME if dark else "light")
    values: dict[str, Any] = {}
    variables: dict[str, str] = dict(base.variables) if base else {}
    if base is not None:
        values = {key: getattr(base, key) for key in COLOURS if getattr(base, key) is not None}
        values.update(ansi=base.ansi, luminosity_spread=base.luminosity_spread, text_alpha=base.text_alpha)
    for key in COLOURS:
        if key in raw:
            values[key] = _colour(key, raw[key])
    if "primary" not in values:
        raise ThemeFileError('"primary" is missing (and there is no base theme to take it from)')
    if "ansi" in raw:
        if not isinstance(raw["ansi"], bool):
            raise ThemeFileError(f'"ansi" must be true or false (got {raw["ansi"]!r})')
        values["ansi"] = raw["ansi"]
    for key in ("luminosity_spread", "text_alpha"):
        if key in raw:
            number = raw[key]
            if isinstance(number, bool) or not isinstance(number, (int, float)) or not 0 <= number <= 1:
                raise ThemeFileError(f'"{key}" must be a number from 0 to 1 (got {number!r})')
            values[key] = float(number)
    extra = raw.get("variables", {})
    if not isinstance(extra, dict):
        raise ThemeFileError('"variables" must be an object of "name": "value" pairs')
    for key, value in extra.items():
        if key in GAME_VARIABLES:
            variables[key] = _colour(key, value)
        elif isinstance(value, str):
            variables[key] = value
        else:
            raise ThemeFileError(f'variable "{key}" must be a string (got {value!r})')
    if "games" in raw:
        variables.update(_game_colours(raw["games"], game_looks()[0] if looks is None else looks))
    missing = [key for key in GAME_VARIABLES if key not in variables]
    if missing:
        raise ThemeFileError(f'the game colour "{missing[0]}" is missing from "variables"')
    label = raw.get("label", name)
    if not isinstance(label, str) or not label.strip():
        raise ThemeFileError(f'"label" must be a non-empty string (got {label!r})')
    return Theme(name=name, dark=dark, variables=variables, **values), label.strip()[:60]


def read_theme_file(path: Path, known: dict[str, Theme],
                    looks: dict[str, GameLook] | None = None) -> tuple[Theme, str]:
    """Read one theme file; ThemeFileError (with the reason) when it cannot be used."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ThemeFileError(f"cannot be read ({error.__class__.__name__}: {error})") from None
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ThemeFileError(f"is not valid JSON ({error})") from None
    return theme_from_dict(raw, path.stem.lower(), known, looks)


def _read_folder(folder: Path, catalog: ThemeCatalog, *, user: bool) -> None:
    try:
        # dark and light first: the others may name them as their base
        paths = sorted(folder.glob("*.json"), key=lambda p: (p.stem not in FIRST_THEMES, p.stem))
    except OSError as error:
        if user:
            catalog.problems.append(f"{folder}: cannot be listed ({error})")
        return
    for path in paths:
        try:
            theme, label = read_theme_file(path, catalog.themes, catalog.looks)
            if user and theme.name in catalog.themes:
                raise ThemeFileError(f"the name {theme.name!r} is taken by another theme; rename it")
        except ThemeFileError as error:
            catalog.problems.append(f"{path.name}: {error}")
            continue
        catalog.themes[theme.name] = theme
        catalog.labels[theme.name] = label


def load_themes(user_folder: Path | None = None) -> ThemeCatalog:
    """The bundled themes, then the user's theme files (a refused file is listed in ``problems``)."""
    looks, problems = game_looks()
    catalog = ThemeCatalog(looks=looks, problems=problems)
    _read_folder(bundled_themes_dir(), catalog, user=False)
    folder = user_themes_dir() if user_folder is None else user_folder
    if folder.is_dir():
        _read_folder(folder, catalog, user=True)
    return catalog
