"""Every path the program writes to, in one place.

Paths come from platformdirs; ``TUI_GAMES_HOME=DIR`` puts data, config and cache under DIR.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "tui-games"


def _home() -> Path | None:
    value = os.environ.get("TUI_GAMES_HOME")
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    """Where saves and statistics live."""
    home = _home()
    if home is not None:
        return home / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """Where settings live."""
    home = _home()
    if home is not None:
        return home / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """Where compiled kernels and other re-creatable files live."""
    home = _home()
    if home is not None:
        return home / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """User save files: ``<data>/saves/*.json``."""
    return data_dir() / "saves"


def quarantine_dir() -> Path:
    """Where damaged or newer-version saves are moved aside (never deleted)."""
    return data_dir() / "saves" / "unreadable"


def stats_db() -> Path:
    """The SQLite statistics database."""
    return data_dir() / "stats.sqlite3"


def settings_file() -> Path:
    """The JSON settings file."""
    return config_dir() / "settings.json"
