"""The on-disk cache of compiled kernels: one folder per game, checked entries, and compiling in
memory when the cache cannot be written.

Numba checks a cached kernel against its own source file only, so a kernel that inlines code from
another file (a game's rules calling the engine's helpers) could load stale. Each source file's cache
therefore lives in a folder named by a hash of the engine's sources plus, for a file of
``games/<folder>/``, that game folder's sources: editing one game recompiles that game only, editing
the engine recompiles everything. The folders sit under ``NUMBA_CACHE_DIR`` (set here, before numba is
first imported, to ``<user cache>/numba-<version>`` unless already set).

Every cache file is sealed and checked on load (:mod:`tui_games.engine.sealed_cache`, numba's side,
imported with the first kernel). When no cache folder can be written (read-only home or cache)
kernels are compiled in memory, and a one-line notice says so (on stderr, and in :func:`cache_notices`).
This module itself imports no numba: a server's session process computes cache folders without it.
"""

from __future__ import annotations

import hashlib
import os
import sys
from functools import lru_cache
from pathlib import Path

from tui_games import __version__
from tui_games.core.locations import cache_dir

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent
_NOT_JITTED = {"spec.py", "view.py", "look.py", "__init__.py"}
_KERNEL_INPUTS = {".py", ".json", ".npz", ".npy"}
"""Files of a game folder whose contents may end up inside its kernels: sources, and the tables they
load at import (weights, books, hand values), which compiled kernels hold as constants."""


def cache_root() -> Path:
    """The folder holding every cache folder: ``NUMBA_CACHE_DIR``."""
    return Path(os.environ["NUMBA_CACHE_DIR"])


if "NUMBA_CACHE_DIR" not in os.environ:
    os.environ["NUMBA_CACHE_DIR"] = str(cache_dir() / f"numba-{__version__}")


def _digest(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(_PACKAGE_ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@lru_cache(maxsize=None)
def engine_sources_hash() -> str:
    """A short hash of the engine's sources (every kernel may inline them)."""
    return _digest(sorted(_PACKAGE_ROOT.joinpath("engine").rglob("*.py")))


@lru_cache(maxsize=None)
def game_sources_hash(folder: str) -> str:
    """A short hash of the engine's sources and the files of ``games/<folder>/`` that can hold kernels
    or feed them (a regenerated table recompiles the game's kernels, as an edited source does)."""
    game_files = sorted(p for p in _PACKAGE_ROOT.joinpath("games", folder).rglob("*")
                        if p.suffix in _KERNEL_INPUTS and p.name not in _NOT_JITTED
                        and "__pycache__" not in p.parts)
    return _digest(sorted(_PACKAGE_ROOT.joinpath("engine").rglob("*.py")) + game_files)


def cache_key(source_file: str | os.PathLike) -> str:
    """The cache folder name for kernels defined in ``source_file``: '<game folder>-<hash>' for a
    game's file, 'engine-<hash>' for anything else."""
    path = Path(source_file).resolve()
    try:
        parts = path.relative_to(_PACKAGE_ROOT).parts
    except ValueError:
        parts = ()
    if len(parts) >= 3 and parts[0] == "games":
        return f"{parts[1]}-{game_sources_hash(parts[1])}"
    return f"engine-{engine_sources_hash()}"


def kernel_cache_dir(game_id: str | None = None) -> Path:
    """The cache folder of a game's kernels (``game_id`` as in the catalogue), or of the engine's.

    It changes whenever those kernels' sources do, so a marker file kept in it ("this game was
    compiled") goes stale with them.
    """
    if game_id is None:
        return cache_root() / f"engine-{engine_sources_hash()}"
    from tui_games.core.registry import get

    folder = get(game_id).package.rsplit(".", 1)[-1]
    return cache_root() / f"{folder}-{game_sources_hash(folder)}"


_notices: list[str] = []


def notice(message: str) -> None:
    """Say ``message`` once per process: on stderr and in :func:`cache_notices`."""
    if message not in _notices:
        _notices.append(message)
        print(f"tui-games: {message}", file=sys.stderr)


def cache_notices() -> list[str]:
    """What went wrong with the kernel cache in this process (each problem once), for a screen to show."""
    return list(_notices)

