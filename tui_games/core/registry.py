"""The registry of games: discovers ``tui_games/games/<folder>/spec.py`` modules.

Each game folder's ``spec.py`` holds only a :class:`GameSpec` named ``SPEC`` and imports nothing but
``tui_games.core``; the registry never imports a game's rules, AI or view.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import lru_cache

from tui_games.core.errors import UnknownGameError
from tui_games.core.spec import GameSpec

GROUP_ORDER = ("Board games", "Puzzles", "Card games", "Dice games")
"""The order in which the menu shows the groups of games."""


@lru_cache(maxsize=1)
def _load() -> dict[str, GameSpec]:
    import tui_games.games as games_package

    found: list[GameSpec] = []
    for info in pkgutil.iter_modules(games_package.__path__):
        if not info.ispkg or importlib.util.find_spec(f"{games_package.__name__}.{info.name}.spec") is None:
            continue
        module = importlib.import_module(f"{games_package.__name__}.{info.name}.spec")
        found.append(module.SPEC)
    found.sort(key=lambda s: (GROUP_ORDER.index(s.group) if s.group in GROUP_ORDER else 99,
                              s.extra.get("order", 50), s.title))
    return {spec.id: spec for spec in found}


def ids() -> list[str]:
    """All game ids, in menu order."""
    return list(_load())


def all_specs() -> list[GameSpec]:
    """All game specs, in menu order."""
    return list(_load().values())


def get(game_id: str) -> GameSpec:
    """The spec of ``game_id``; raises UnknownGameError listing the known ids."""
    try:
        return _load()[game_id]
    except KeyError:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {', '.join(ids())}") from None
