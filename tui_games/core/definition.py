"""The typed game definition: the one object each game folder declares, and the protocols it meets.

A game is one folder under ``tui_games/games/``:

* ``spec.py`` holds ``SPEC``, a :class:`~tui_games.core.spec.GameSpec` (pure data: the menu reads it
  without compiling anything);
* ``game.py`` holds ``DEFINITION``, a :class:`GameDefinition`: the state class, the kernels, the AI
  factory and the result hooks; ``spec.definition()`` imports it the first time a state is made;
* ``rules.py`` (the jitted kernels), ``ai.py``, ``view.py`` (the UI's widget) and ``help.md``.

Nothing outside the folder names the game: the catalogue finds ``spec.py``, statistics and the UI
read what the definition and the spec declare.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Protocol, runtime_checkable

from tui_games.core.figures import SeatFigures
from tui_games.core.outcome import Outcome
from tui_games.core.series import SeriesRules

Spec = Any
"""A game's :class:`~tui_games.core.spec.GameSpec`, as the definition's hooks receive it (spec.py
imports this module, so this one names the type without importing it back)."""


@runtime_checkable
class State(Protocol):
    """What every game state offers (OpenSpiel's vocabulary); see DESIGN.md, 'The game protocol'."""

    history: list

    @property
    def current_player(self) -> int:
        """The seat to move, or CHANCE -1 / SIMULTANEOUS -2 / TERMINAL -4."""

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @property
    def num_players(self) -> int:
        """How many seats the game has."""

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to move (or of ``player``)."""

    def apply(self, action: int) -> None:
        """Play ``action`` in place; IllegalActionError says why it is refused."""

    def apply_joint(self, actions: list[int]) -> None:
        """At a simultaneous node, play every seat's action at once (``actions[seat]``); the joint
        move enters ``history`` as that list. IllegalActionError names the seat and the reason."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """[(outcome, probability)] at a chance node."""

    def returns(self) -> list[float]:
        """Each seat's return."""

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs)."""

    def observation(self, player: int) -> str:
        """What ``player`` may see, as text."""

    def information_state(self, player: int) -> str:
        """A key equal for exactly the states ``player`` cannot tell apart."""

    def action_to_string(self, action: int, observer: int | None = None) -> str:
        """The name of ``action``, as ``observer`` may know it."""

    def parse_action(self, text: str) -> int:
        """The action ``text`` names; InvalidMoveError when it names none."""

    def clone(self) -> "State":
        """An independent copy."""


@runtime_checkable
class Player(Protocol):
    """An AI player: picks an action for the seat to move (or for ``player`` at a simultaneous node)."""

    def choose(self, state: State) -> int:
        """The chosen action; IllegalActionError when there is no decision to make."""


@dataclass(frozen=True)
class GameDefinition:
    """Everything a game declares beyond its catalogue entry.

    ``make_ai(spec, level, seed)`` builds an AI player; ``result_text(state)`` writes the finished
    game's one-line result (default: the winner, or 'Draw', or the score); ``figures(state, seat)``
    adds game-specific statistics; ``outcome(state)`` refines the default outcome ranked by returns
    (a 2048 game is won by making the 2048 tile, whatever its score). ``series`` makes a match of many
    deals (see :mod:`tui_games.core.series`); None: a match is one deal.
    """

    state_class: type
    kernels: Any
    make_ai: Callable[[Spec, int, int], Player]
    result_text: Callable[[Any], str] | None = None
    figures: Callable[[Any, int], SeatFigures] | None = None
    outcome: Callable[[Any], Outcome] | None = None
    series: SeriesRules | None = None

    def new_state(self, spec: Spec, seed: int, params: dict) -> State:
        """A fresh state of this game (``spec.new`` checks seed and parameters first)."""
        return self.state_class(spec, self.kernels, seed, params)


def ai_factory(module: str) -> Callable[[Spec, int, int], Player]:
    """``make_ai`` of the AI module ``module``, imported on the first call.

    A game's ai.py imports its game.py (the kernels), so game.py's DEFINITION names its AI this way.
    """

    def make_ai(spec: Spec, level: int, seed: int) -> Player:
        return importlib.import_module(module).make_ai(spec, level, seed)

    make_ai.__doc__ = f"An AI player made by {module}.make_ai."
    return make_ai


__all__ = ["GameDefinition", "Player", "SeatFigures", "Spec", "State", "ai_factory"]
