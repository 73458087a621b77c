"""Every path the program reads or writes, in one place.

User paths come from platformdirs; ``TUI_GAMES_HOME=DIR`` puts data, config and cache under DIR, and
``TUI_GAMES_CACHE=DIR`` puts the cache alone in DIR (the server gives every player a home of their
own and one shared cache, so that kernels are compiled once for all).
The bundled data (themes and example saves) sits in the repository's top-level ``themes/`` and
``saves/`` folders; the wheel ships them inside the package as ``tui_games/themes`` and
``tui_games/saves`` (see setup.py), and :func:`bundled_dir` finds either.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "tui-games"

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


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
    shared = os.environ.get("TUI_GAMES_CACHE")
    if shared:
        return Path(shared).expanduser()
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


def user_themes_dir() -> Path:
    """Where the user's own theme files (``*.json``) are picked up: ``<config>/themes``."""
    return config_dir() / "themes"


def bundled_dir(name: str) -> Path:
    """The bundled data folder ``name`` ('themes' or 'saves').

    In a source checkout (an editable install, or tests run from the repository) that is the
    top-level folder beside ``tui_games/``; in an installed wheel it is the copy inside the package.
    """
    checkout = _PACKAGE_DIR.parent
    if (checkout / "pyproject.toml").is_file() and (checkout / name).is_dir():
        return checkout / name
    return _PACKAGE_DIR / name


def bundled_themes_dir() -> Path:
    """The themes shipped with the program (``*.json``) and the shared stylesheet ``app.tcss``."""
    return bundled_dir("themes")


def bundled_saves_dir() -> Path:
    """The example saves shipped with the program (puzzles, endgames)."""
    return bundled_dir("saves")
