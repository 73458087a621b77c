"""Toy game folders for the tests, in the same shape as ``tui_games/games/<folder>/``.

They prove the protocol with games the program does not ship: ``rps`` (rock-paper-scissors, a
simultaneous-move matrix game for 2 or 3 seats) and ``nim3`` (three-player Nim, whose kernels are the
engine tests' own). :func:`registered` adds them to the catalogue for the duration of a ``with``
block (a fixture), so the menu never shows them.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from tui_games.core import registry
from tui_games.core.spec import GameSpec


@contextmanager
def registered(*specs: GameSpec) -> Iterator[None]:
    """The catalogue with ``specs`` added, for the duration of the block."""
    for spec in specs:
        registry.register(spec)
    try:
        yield
    finally:
        for spec in specs:
            registry.unregister(spec.id)
