"""Game looks: the colours and glyphs a game declares for itself, in its own folder.

A game that draws with colours or symbols of its own keeps them in ``look.py`` beside its view, a module
of plain data that imports nothing (the menu reads it, so it must stay light):

- ``COLOURS``: colour name -> {theme kind: colour}, the kinds being ``dark`` and ``light`` (both
  required) and ``ansi`` (optional: the 16-colour themes, else the dark or light colour is used);
- ``GLYPHS``: glyph name -> {glyph set: text}, the sets being ``unicode`` (required) and ``ascii``
  (required when the Unicode text is not plain ASCII).

Each colour becomes the CSS variable ``$<game id>-<name>`` in every theme, which the game's view uses
in its own ``DEFAULT_CSS``; a theme file may change it for one game in its ``games`` section (see
:mod:`tui_games.ui.themes`). A view reads its glyphs with :meth:`GameLook.glyph`, for the glyph set the
player chose. Colour never carries meaning alone, so monochrome needs no glyphs of its own: a piece's
letter or shape tells it apart.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from textual.color import Color, ColorParseError
from textual.theme import Theme

from tui_games.ui.glyphs import Glyphs

THEME_KINDS = ("dark", "light", "ansi")
"""The kinds of theme a game colour has a value for: dark, light, and the terminal's 16 colours."""

GLYPH_SET_NAMES = ("unicode", "ascii")
"""The glyph sets a game glyph has a text for (see :mod:`tui_games.ui.glyphs`)."""

LOOK_MODULE = "look"
"""The name of the module in a game's folder that holds its look."""

NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
"""How a colour or glyph name (and a CSS variable's part) is spelled."""


class LookError(ValueError):
    """A game's look declaration that cannot be used, with the reason."""


def theme_kind(theme: Theme) -> str:
    """The kind of ``theme`` a game colour is chosen by: 'ansi', 'dark' or 'light'."""
    if theme.ansi:
        return "ansi"
    return "dark" if theme.dark else "light"


def colour_variable(game_id: str, name: str) -> str:
    """The CSS variable (without ``$``) that holds colour ``name`` of game ``game_id``."""
    return f"{game_id}-{name}"


def is_colour(value: Any) -> bool:
    """True when ``value`` is a colour as Textual reads one ('#5fafff', 'rgb(...)', 'ansi_red' ...)."""
    if not isinstance(value, str):
        return False
    try:
        Color.parse(value)
    except ColorParseError:
        return False
    return True


def _frozen(table: Mapping[str, Mapping[str, str]]) -> Mapping[str, Mapping[str, str]]:
    return MappingProxyType({name: MappingProxyType(dict(values)) for name, values in table.items()})


@dataclass(frozen=True)
class GameLook:
    """One game's own colours (a value per theme kind) and glyphs (a text per glyph set)."""

    colours: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Colour name -> {'dark': ..., 'light': ..., optionally 'ansi': ...}."""
    glyphs: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Glyph name -> {'unicode': ..., optionally 'ascii': ...}."""

    @classmethod
    def from_data(cls, colours: Any = None, glyphs: Any = None, where: str = "look") -> GameLook:
        """A checked look from a look module's ``COLOURS`` and ``GLYPHS``; LookError says what is wrong."""
        colours = {} if colours is None else colours
        glyphs = {} if glyphs is None else glyphs
        if not isinstance(colours, Mapping) or not isinstance(glyphs, Mapping):
            raise LookError(f"{where}: COLOURS and GLYPHS are dicts of name -> {{kind: value}}")
        for name, values in colours.items():
            _check_entry(where, "colour", name, values, THEME_KINDS)
            for kind in ("dark", "light"):
                if kind not in values:
                    raise LookError(f"{where}: colour {name!r} has no {kind!r} value")
            for kind, value in values.items():
                if not is_colour(value):
                    raise LookError(f"{where}: colour {name!r} ({kind}) is not a colour ({value!r})")
        for name, values in glyphs.items():
            _check_entry(where, "glyph", name, values, GLYPH_SET_NAMES)
            if not all(isinstance(text, str) and text for text in values.values()):
                raise LookError(f"{where}: glyph {name!r} must be non-empty text in every set")
            if "unicode" not in values:
                raise LookError(f"{where}: glyph {name!r} has no 'unicode' text")
            if not values.get("ascii", values["unicode"]).isascii():
                raise LookError(f"{where}: glyph {name!r} needs an 'ascii' text (plain ASCII)")
        return cls(_frozen(colours), _frozen(glyphs))

    def colour(self, name: str, theme: Theme) -> str:
        """Colour ``name`` as the game declares it for ``theme``'s kind (a 16-colour theme without a
        value of its own takes the dark or the light one, as the theme is dark or light)."""
        values = self.colours[name]
        return values.get(theme_kind(theme)) or values["dark" if theme.dark else "light"]

    def glyph(self, name: str, glyphs: Glyphs) -> str:
        """Glyph ``name`` in the glyph set ``glyphs`` (the Unicode text where the set has none, which
        :meth:`from_data` allows only for plain ASCII text)."""
        values = self.glyphs[name]
        return values.get(glyphs.name) or values["unicode"]


def _check_entry(where: str, what: str, name: Any, values: Any, allowed: tuple[str, ...]) -> None:
    if not isinstance(name, str) or not NAME.match(name):
        raise LookError(f"{where}: {what} name {name!r} must be lower-case letters, digits and '-'")
    if not isinstance(values, Mapping) or not values:
        raise LookError(f"{where}: {what} {name!r} must be a dict of {' / '.join(allowed)} -> value")
    unknown = sorted(set(values) - set(allowed))
    if unknown:
        raise LookError(f"{where}: {what} {name!r} has an unknown kind {unknown[0]!r} (known: {', '.join(allowed)})")


NO_LOOK = GameLook()
"""The look of a game that declares none."""


def look_of_package(package: str) -> GameLook:
    """The look declared by ``<package>.look`` (:data:`NO_LOOK` when the game has no such module);
    LookError when the module cannot be read or its data is wrong."""
    module_name = f"{package}.{LOOK_MODULE}"
    try:
        if importlib.util.find_spec(module_name) is None:
            return NO_LOOK
        module = importlib.import_module(module_name)
    except Exception as error:  # a broken look module must not stop the menu
        raise LookError(f"{module_name}: cannot be imported ({type(error).__name__}: {error})") from None
    return GameLook.from_data(getattr(module, "COLOURS", None), getattr(module, "GLYPHS", None), module_name)


def game_looks(specs: Iterable[Any] | None = None) -> tuple[dict[str, GameLook], list[str]]:
    """({game id: look} of the games in ``specs`` (default: the catalogue) that declare one, one line per
    game whose look could not be read)."""
    if specs is None:
        from tui_games import catalog

        specs = catalog.all_specs()
    looks: dict[str, GameLook] = {}
    problems: list[str] = []
    for spec in specs:
        try:
            look = look_of_package(spec.package)
        except LookError as error:
            problems.append(f"the colours and glyphs of {spec.id} ({error})")
            continue
        if look.colours or look.glyphs:
            looks[spec.id] = look
    return looks, problems


def look_variables(theme: Theme, looks: Mapping[str, GameLook]) -> dict[str, str]:
    """The CSS variables of every game colour in ``theme``: the theme's own value (its ``games``
    section) where it has a colour, else the game's colour for the theme's kind."""
    variables = {}
    for game_id, look in looks.items():
        for name in look.colours:
            variable = colour_variable(game_id, name)
            own = theme.variables.get(variable)
            variables[variable] = own if is_colour(own) else look.colour(name, theme)
    return variables
