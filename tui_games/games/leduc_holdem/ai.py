"""Leduc Hold'em AI levels: two deliberately exploitable styles and the CFR+ equilibrium.

1 Maniac: bets and raises whenever the rules let it, calls otherwise, never folds.
2 Loose-passive: calls almost everything and raises only with a pair; it gives up only an unpaired
  Jack facing a bet after the public card.
3 Equilibrium: samples the CFR+ equilibrium of the table's ``betting`` variant (see
  :mod:`.strategy`; exploitability under 0.0001 chips per hand).

Every level reads only what its seat may see (its card, the public card, the betting): it works on
the state as that seat observes it. ``policy(state)`` is the mix a level samples from; the figures
that rank the levels (exact expectations over the whole game tree) are in help.md and
``benchmarks/leduc_strength.py``.
"""

from __future__ import annotations

import random
from typing import Callable

import numpy as np

from tui_games.core.hints import Hint
from tui_games.engine.observer import redacted_array
from tui_games.engine.players import require_decision
from tui_games.games.leduc_holdem import rules
from tui_games.games.leduc_holdem.game import KERNELS
from tui_games.games.leduc_holdem.strategy import Probabilities, Strategy, equilibrium

MANIAC = 1
LOOSE_PASSIVE = 2
EQUILIBRIUM = 3


def _ranks(array: np.ndarray, seat: int) -> tuple[int, int | None]:
    """What a style reads: its card's rank (0 J, 1 Q, 2 K) and the public card's, None before it."""
    public = int(array[rules.PUBLIC])
    return int(array[rules.CARDS + seat]) // 2, (public // 2 if public >= 0 else None)


def maniac(array: np.ndarray, seat: int, legal: list[int]) -> Probabilities:
    """Raise when it may, else check or call; never fold."""
    return {rules.RAISE if rules.RAISE in legal else rules.CALL: 1.0}


def loose_passive(array: np.ndarray, seat: int, legal: list[int]) -> Probabilities:
    """Check or call nearly always; raise a pair; fold an unpaired Jack to a bet after the public card."""
    rank, public = _ranks(array, seat)
    if public is not None and rank == public and rules.RAISE in legal:
        return {rules.RAISE: 1.0}
    if public is not None and rank == 0 and rank != public and rules.FOLD in legal:
        return {rules.FOLD: 1.0}
    return {rules.CALL: 1.0}


STYLES: dict[int, tuple[str, Callable[[np.ndarray, int, list[int]], Probabilities]]] = {
    MANIAC: ("maniac", maniac),
    LOOSE_PASSIVE: ("loose-passive", loose_passive),
}
"""The exploitable styles by level: (name, choose(array, seat, legal) -> {action: probability})."""


class LeducPlayer:
    """A Leduc player of one level: ``policy(state)`` is its mix, ``choose`` samples it."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def stop(self) -> None:
        """Nothing to stop: every decision is a table look-up."""

    def policy(self, state) -> Probabilities:
        """{action: probability} for the seat to act, from what that seat may see."""
        legal = require_decision(state)
        seat = state.current_player
        view = redacted_array(KERNELS, state.array, seat)
        if self.level == EQUILIBRIUM:
            strategy: Strategy = equilibrium(state.betting)
            return strategy.probabilities(view, seat, legal)
        _, style = STYLES[self.level]
        mix = style(view, seat, legal)
        return {action: float(mix.get(action, 0.0)) for action in legal}

    def choose(self, state) -> int:
        """An action drawn from :meth:`policy` with this player's seeded generator."""
        mix = self.policy(state)
        actions = [action for action, prob in mix.items() if prob > 0.0]
        return self.rng.choices(actions, weights=[mix[a] for a in actions])[0]

    def hint(self, state) -> Hint:
        """The equilibrium's mix for the seat to act, its most likely action as the suggestion."""
        mix = self.policy(state)
        best = max(mix, key=lambda action: (mix[action], action))
        values = {action: f"{prob:.0%}" for action, prob in mix.items()}
        summary = "equilibrium mix: " + ", ".join(
            f"{state.action_to_string(action)} {prob:.0%}" for action, prob in mix.items())
        return Hint(best, values, summary)


def make_ai(spec, level: int, seed: int = 0) -> LeducPlayer:
    """The AI player for ``level`` (1 maniac, 2 loose-passive, 3 equilibrium)."""
    return LeducPlayer(level, seed)


__all__ = ["EQUILIBRIUM", "LOOSE_PASSIVE", "LeducPlayer", "MANIAC", "STYLES", "loose_passive", "make_ai", "maniac"]
