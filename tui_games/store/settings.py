"""User settings: theme, glyphs, animation and AI think time, persisted as JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

from tui_games.core.locations import settings_file
from tui_games.store.atomic import write_atomic

THEMES = ("dark", "light", "high-contrast", "colour-blind", "ansi-16")
"""Theme names the app offers."""

GLYPHS = ("unicode", "ascii")
"""Glyph sets: box-drawing and symbols, or plain ASCII for limited terminals and fonts."""

ANIMATIONS = ("full", "reduced", "off")
"""Animation levels."""


@dataclass
class Settings:
    """The user's preferences."""

    theme: str = "dark"
    glyphs: str = "unicode"
    animation: str = "full"
    ai_think_time: float = 1.0

    def validated(self) -> "Settings":
        """A copy with every unknown or out-of-range value replaced by its default."""
        default = Settings()
        theme = self.theme if self.theme in THEMES else default.theme
        glyphs = self.glyphs if self.glyphs in GLYPHS else default.glyphs
        animation = self.animation if self.animation in ANIMATIONS else default.animation
        try:
            think = min(max(float(self.ai_think_time), 0.1), 30.0)
        except (TypeError, ValueError):
            think = default.ai_think_time
        return Settings(theme, glyphs, animation, think)


def load_settings() -> Settings:
    """The saved settings, or the defaults when there are none or the file is unreadable."""
    path = settings_file()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in raw.items() if k in known}).validated()


def save_settings(settings: Settings) -> None:
    """Persist ``settings`` atomically."""
    write_atomic(settings_file(), json.dumps(asdict(settings.validated()), indent=2) + "\n")
