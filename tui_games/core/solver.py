"""A game's analysis of a position written as text, for ``tui-games solve GAME POSITION``.

A game that has one names it in its spec (``solver=".module:NAME"``, resolved only when asked for,
like the view); the command line reads the position and the solver's options, and prints the
:class:`Solution` as JSON or as text. Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Solution:
    """What a solver found, both ways the command prints it."""

    data: dict[str, Any]
    """The analysis as JSON-ready data (``--json``)."""
    text: str
    """The analysis for people to read."""


@dataclass(frozen=True)
class Solver:
    """A game's solver: ``solve(position, **options)`` analyses a position written as text."""

    solve: Callable[..., Solution]
    """(position text, one keyword per option) -> the :class:`Solution`; raises a TuiGamesError that
    says what is wrong for a position it cannot read."""
    position: str
    """What the position text is, for the command's help ('a deal in PBN: "N:AKQ.JT9.876.5432 ..."')."""
    description: str = ""
    """What the solver works out, in a sentence, for the command's help."""
    options: tuple[Any, ...] = ()
    """The options it takes, as :class:`~tui_games.core.spec.Param` entries (not imported here: the spec
    imports this module), each ``--name VALUE`` on the command line, checked by ``Param.coerce``."""
