"""User settings: theme, glyphs, colour, animation, AI move pace and key remapping, persisted as JSON."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields

from tui_games.core.locations import settings_file
from tui_games.store.atomic import clear_stale_once, write_atomic
from tui_games.store.reading import read_text_capped

BUNDLED_THEMES = ("dark", "light", "high-contrast", "colour-blind", "ansi-16")
"""The themes shipped with the program (a user's own theme files add more names)."""

GLYPHS = ("unicode", "ascii")
"""Glyph sets: box-drawing and symbols, or plain ASCII for limited terminals and fonts."""

COLOURS = ("auto", "full", "monochrome")
"""Colour modes: monochrome when the NO_COLOR variable is set (auto), always colour, or never."""

ANIMATIONS = ("full", "reduced", "off")
"""Animation levels."""

MAX_SETTINGS_BYTES = 1 << 20
"""The largest settings file read (a larger one, or one that is no regular file, gives the defaults)."""

THEME_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
"""What a theme name looks like (bundled or from a user's theme file)."""

BINDING_ID = re.compile(r"^[a-z0-9_.-]{1,60}$")
"""What a key binding's id looks like ('game.hint', 'menu.resume' ...)."""

KEYS = re.compile(r"^[a-z0-9_+-]+(,[a-z0-9_+-]+)*$")
"""One or more Textual key names separated by commas ('h', 'ctrl+h', 'f5,question_mark')."""


@dataclass
class Settings:
    """The user's preferences."""

    theme: str = "dark"
    glyphs: str = "unicode"
    animation: str = "full"
    ai_think_time: float = 0.4
    """The AI move pace: the least seconds from the start of an AI's turn to its move (thinking time
    included), half that when it follows another AI's move (see ``tui_games.ui.pacing``)."""
    colour: str = "auto"
    keymap: dict[str, str] = field(default_factory=dict)
    """Binding id to the keys that replace its default keys, e.g. {"game.hint": "h,f2"}."""

    def validated(self) -> "Settings":
        """A copy with every unknown or out-of-range value replaced by its default.

        The theme is only checked for the shape of a name here: which themes exist depends on the
        user's theme files, and the app falls back to the default theme when the name is unknown.
        """
        default = Settings()
        theme = self.theme if isinstance(self.theme, str) and THEME_NAME.match(self.theme) else default.theme
        glyphs = self.glyphs if self.glyphs in GLYPHS else default.glyphs
        animation = self.animation if self.animation in ANIMATIONS else default.animation
        colour = self.colour if self.colour in COLOURS else default.colour
        try:
            think = min(max(float(self.ai_think_time), 0.1), 30.0)
        except (TypeError, ValueError, OverflowError):
            think = default.ai_think_time
        if think != think:  # NaN
            think = default.ai_think_time
        return Settings(theme, glyphs, animation, think, colour, valid_keymap(self.keymap))


def valid_keymap(keymap: object) -> dict[str, str]:
    """The well-formed entries of ``keymap`` (binding id -> keys), keys lower-cased, spaces removed."""
    if not isinstance(keymap, dict):
        return {}
    clean = {}
    for binding_id, keys in keymap.items():
        if not isinstance(binding_id, str) or not isinstance(keys, str):
            continue
        keys = keys.replace(" ", "").lower()
        if BINDING_ID.match(binding_id) and KEYS.match(keys):
            clean[binding_id] = keys
    return clean


def load_settings() -> Settings:
    """The saved settings, or the defaults when there are none or the file is unreadable. Temp files
    that killed writers left in the config folder are cleared on the way (once per process)."""
    path = settings_file()
    clear_stale_once(path.parent)
    try:
        raw = json.loads(read_text_capped(path, MAX_SETTINGS_BYTES))
    except (OSError, ValueError, RecursionError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in raw.items() if k in known}).validated()


def save_settings(settings: Settings) -> None:
    """Persist ``settings`` atomically."""
    write_atomic(settings_file(), json.dumps(asdict(settings.validated()), indent=2) + "\n")
