"""The options a player last chose for each game in the new-game dialog, kept between runs.

One small JSON file in the config folder maps a game id to ``{"params": {...}, "seats": ["human",
"ai:2", ...]}``. It is a convenience: a missing, damaged or unwritable file only means the dialog
starts from the game's defaults, and the dialog checks every remembered value before using it.
"""

from __future__ import annotations

import json
from pathlib import Path

from tui_games.core.locations import config_dir
from tui_games.store.atomic import write_atomic
from tui_games.store.reading import read_text_capped
from tui_games.store.settings import MAX_SETTINGS_BYTES


def recent_file() -> Path:
    """Where the last options are kept: ``<config>/recent-options.json``."""
    return config_dir() / "recent-options.json"


def _read_all() -> dict:
    try:
        raw = json.loads(read_text_capped(recent_file(), MAX_SETTINGS_BYTES))
    except (OSError, ValueError, RecursionError):
        return {}
    return raw if isinstance(raw, dict) else {}


def last_options(game_id: str) -> dict:
    """The options last chosen for ``game_id`` as stored (unchecked), or {} when there are none."""
    options = _read_all().get(game_id)
    return options if isinstance(options, dict) else {}


def remember_options(game_id: str, options: dict) -> bool:
    """Keep ``options`` (JSON-serialisable) as the last ones for ``game_id``; False when the file
    cannot be written (the choice is then simply not remembered)."""
    everything = _read_all()
    everything[game_id] = options
    try:
        write_atomic(recent_file(), json.dumps(everything, indent=1, sort_keys=True) + "\n")
    except (OSError, TypeError, ValueError):
        return False
    return True
