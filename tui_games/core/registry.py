"""The registry of games: discovers ``tui_games/games/<folder>/spec.py`` modules.

Each game folder is a package (it has an ``__init__.py``) whose ``spec.py`` holds only a
:class:`GameSpec` named ``SPEC`` and imports nothing but ``tui_games.core``; the registry never imports
a game's rules, AI or view. A folder that misses either is not a game: :func:`stray_folders` names it
(the tests fail on one, since the menu would silently leave it out).

:func:`register` adds a game folder that lives elsewhere (the tests' toy games, such as a
rock-paper-scissors used to prove simultaneous moves) for as long as the caller needs it;
:func:`unregister` takes it out again. :func:`games_from` swaps the whole games package for another
(a fixed test catalogue, so that a new game does not change the menu's snapshots). Nothing in the
program does either, so the menu shows exactly the folders under ``tui_games/games/``.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from tui_games.core.errors import UnknownGameError
from tui_games.core.spec import GameSpec

GROUP_ORDER = ("Board games", "Puzzles", "Card games", "Dice games")
"""The order in which the menu shows the groups of games."""

GAMES_PACKAGE = "tui_games.games"
"""The package whose sub-packages are the games of the menu."""

_package = [GAMES_PACKAGE]  # the games package in use (see games_from)


@lru_cache(maxsize=None)
def _load(package_name: str) -> dict[str, GameSpec]:
    package = importlib.import_module(package_name)
    found: list[GameSpec] = []
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg or importlib.util.find_spec(f"{package_name}.{info.name}.spec") is None:
            continue
        module = importlib.import_module(f"{package_name}.{info.name}.spec")
        found.append(module.SPEC)
    found.sort(key=lambda s: (GROUP_ORDER.index(s.group) if s.group in GROUP_ORDER else 99,
                              s.order, s.title))
    return {spec.id: spec for spec in found}


@contextmanager
def games_from(package_name: str) -> Iterator[None]:
    """The catalogue made of the game folders of ``package_name`` (an importable package) instead of
    ``tui_games.games``, for the duration of the block; games added by :func:`register` stay."""
    _package.append(package_name)
    try:
        yield
    finally:
        _package.pop()


def stray_folders(package_name: str | None = None) -> list[str]:
    """The folders of the games package (``package_name``, default the one in use) that hold Python
    files but are no game of the catalogue: no ``__init__.py``, no ``spec.py``, or a spec another
    folder's package claims. The menu leaves such a folder out without a word."""
    package_name = package_name or _package[-1]
    package = importlib.import_module(package_name)
    claimed = {spec.package for spec in _load(package_name).values()}
    stray = []
    for root in package.__path__:
        for folder in sorted(Path(root).iterdir()):
            if (folder.is_dir() and any(folder.glob("*.py"))
                    and f"{package_name}.{folder.name}" not in claimed):
                stray.append(folder.name)
    return stray


_registered: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Add ``spec`` (a game folder outside ``tui_games/games``, named by ``spec.package``) to the
    catalogue until :func:`unregister`; it comes after the shipped games. Tests use this for their toy
    games; an id the catalogue already has is refused with ValueError."""
    if spec.id in _load(_package[-1]) or spec.id in _registered:
        raise ValueError(f"the catalogue already has a game {spec.id!r}")
    _registered[spec.id] = spec


def unregister(game_id: str) -> None:
    """Take a game added by :func:`register` out of the catalogue again (no error if it is not there)."""
    _registered.pop(game_id, None)


def _catalogue() -> dict[str, GameSpec]:
    shipped = _load(_package[-1])
    return {**shipped, **_registered} if _registered else shipped


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
