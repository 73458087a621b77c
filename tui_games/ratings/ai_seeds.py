"""The AI levels' seeded ratings, shipped as ``ai_ratings.json`` beside this module.

``scripts/seed_ai_ratings.py`` makes the file: it plays the levels of every rated game against each
other in the arena and fits their ratings jointly, so that a player's rating can be read against the
levels (beating "Club" steadily puts them near Club's rating). A rated room game starts each AI level
from its seed in that variant, the first time the level plays there; a variant the file does not
seed (another number of players, other rules) starts its AI levels from openskill's defaults.

The file: ``{"format": 1, "made_by": {...}, "model": {...}, "variants": {KEY: {"game": id,
"levels": {"1": {"mu": .., "sigma": .., "games": n}, ...}, "tables": [...], ...}}, "skipped": {...}}``
(the script's module notes say what each part holds).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path

from tui_games.ratings.model import Rating

FILE_NAME = "ai_ratings.json"
"""The seeds' file name in this package."""

FORMAT = 1
"""The layout of the file this module reads."""


def read_seeds(path: str | Path | None = None) -> dict:
    """The seeds file as a dict: ``path``, or the shipped one; an empty layout when the shipped file is
    missing. ValueError for a file of another format."""
    if path is None:
        shipped = resources.files("tui_games.ratings").joinpath(FILE_NAME)
        if not shipped.is_file():
            return {"format": FORMAT, "variants": {}}
        data = json.loads(shipped.read_text(encoding="utf-8"))
    else:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"AI ratings of format {data.get('format')!r}; this program reads format {FORMAT}")
    return data


@lru_cache(maxsize=1)
def _shipped() -> dict:
    return read_seeds()


def level_ratings(variant_key: str, data: dict | None = None) -> dict[int, Rating]:
    """Every seeded level of ``variant_key`` and its rating (empty when the variant is not seeded)."""
    entry = (data if data is not None else _shipped())["variants"].get(variant_key, {})
    return {int(level): Rating(float(value["mu"]), float(value["sigma"]))
            for level, value in entry.get("levels", {}).items()}


def seed_rating(variant_key: str, level: int) -> Rating | None:
    """AI level ``level``'s seeded rating in ``variant_key``, or None when it has none."""
    return level_ratings(variant_key).get(int(level))


__all__ = ["FILE_NAME", "FORMAT", "level_ratings", "read_seeds", "seed_rating"]
