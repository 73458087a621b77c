"""The registry of games: discovers ``tui_games/games/<folder>/spec.py`` modules.

Each game folder's ``spec.py`` holds only a :class:`GameSpec` named ``SPEC`` and imports nothing but
``tui_games.core``; the registry never imports a game's rules, AI or view.

:func:`register` adds a game folder that lives elsewhere (the tests' toy games, such as a
rock-paper-scissors used to prove simultaneous moves) for as long as the caller needs it;
:func:`unregister` takes it out again. Nothing in the program registers a game, so the menu shows
exactly the folders under ``tui_games/games/``.
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
                              s.order, s.title))
    return {spec.id: spec for spec in found}


_registered: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Add ``spec`` (a game folder outside ``tui_games/games``, named by ``spec.package``) to the
    catalogue until :func:`unregister`; it comes after the shipped games. Tests use this for their toy
    games; an id the catalogue already has is refused with ValueError."""
    if spec.id in _load() or spec.id in _registered:
        raise ValueError(f"the catalogue already has a game {spec.id!r}")
    _registered[spec.id] = spec


def unregister(game_id: str) -> None:
    """Take a game added by :func:`register` out of the catalogue again (no error if it is not there)."""
    _registered.pop(game_id, None)


def _catalogue() -> dict[str, GameSpec]:
    return {**_load(), **_registered} if _registered else _load()


def ids() -> list[str]:
    """All game ids, in menu order."""
    return list(_catalogue())


def all_specs() -> list[GameSpec]:
    """All game specs, in menu order."""
    return list(_catalogue().values())


def get(game_id: str) -> GameSpec:
    """The spec of ``game_id``; raises UnknownGameError listing the known ids."""
    try:
        return _catalogue()[game_id]
    except KeyError:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {', '.join(ids())}") from None
