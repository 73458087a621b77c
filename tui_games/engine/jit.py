"""Numba set-up shared by every kernel: the cache folder, the decorator and the kernel signatures.

``NUMBA_CACHE_DIR`` must be set before numba is first imported; this module does that, naming the
folder by package version and a hash of the jitted sources, so a changed kernel never meets a stale
cache entry. Every module that jits imports numba through here.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from tui_games import __version__
from tui_games.core.locations import cache_dir

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent
_NOT_JITTED = {"spec.py", "view.py", "__init__.py"}


def jitted_sources_hash() -> str:
    """A short hash of every source file that can hold a kernel (engine/ and games/*/)."""
    digest = hashlib.sha256()
    files = sorted(_PACKAGE_ROOT.joinpath("engine").glob("*.py")) + sorted(
        p for p in _PACKAGE_ROOT.joinpath("games").glob("*/*.py") if p.name not in _NOT_JITTED
    )
    for path in files:
        digest.update(path.relative_to(_PACKAGE_ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def kernel_cache_dir() -> Path:
    """The numba cache folder for this version and these sources."""
    return cache_dir() / f"numba-{__version__}-{jitted_sources_hash()}"


if "NUMBA_CACHE_DIR" not in os.environ:
    os.environ["NUMBA_CACHE_DIR"] = str(kernel_cache_dir())

import numba  # noqa: E402  (must follow the cache set-up above)
import numpy as np  # noqa: E402
from numba import types  # noqa: E402

STATE = types.int64[::1]
"""Every game state is a flat contiguous int64 array."""

SIG_LEGAL = types.int64(STATE, types.int64[::1])
"""legal(state, out) -> n: writes the legal actions of the player to move into out[:n]."""

SIG_APPLY = types.int64(STATE, types.int64)
"""apply(state, action) -> 0: plays an action (or a chance outcome) in place."""

SIG_CHANCE = types.int64(STATE, types.int64[::1], types.float64[::1])
"""chance(state, actions, probs) -> n: the chance outcomes at a chance node and their probabilities."""

SIG_RETURNS = types.int64(STATE, types.float64[::1])
"""returns(state, out) -> n_players: each player's return so far (final once terminal)."""

SIG_EVALUATE = types.float64(STATE, types.int64)
"""evaluate(state, player) -> heuristic value of a non-terminal state for player."""

FN_LEGAL = types.FunctionType(SIG_LEGAL)
FN_APPLY = types.FunctionType(SIG_APPLY)
FN_CHANCE = types.FunctionType(SIG_CHANCE)
FN_RETURNS = types.FunctionType(SIG_RETURNS)
FN_EVALUATE = types.FunctionType(SIG_EVALUATE)


def kernel(signature=None):
    """Decorator for a cached, GIL-free numba kernel, with an explicit signature when given."""
    if signature is None:
        return numba.njit(cache=True, nogil=True)
    return numba.njit(signature, cache=True, nogil=True)


__all__ = [
    "FN_APPLY", "FN_CHANCE", "FN_EVALUATE", "FN_LEGAL", "FN_RETURNS", "SIG_APPLY", "SIG_CHANCE",
    "SIG_EVALUATE", "SIG_LEGAL", "SIG_RETURNS", "STATE", "kernel", "kernel_cache_dir", "np", "numba",
    "types",
]
