"""AI levels of the tournament: the shared Hold'em player of :mod:`tui_games.engine.cards.holdem_ai`
(1 Loose, 2 Solid, 3 Shark) playing each hand, shown only that hand (its start and its actions, so a
decision costs the same in hand 300 as in hand 1; the top level's memory of each opponent's habits
carries over from hand to hand).

help.md and benchmarks/holdem_tournament_strength.py give the figures that rank them.
"""

from __future__ import annotations

from dataclasses import replace

from tui_games.core.hints import Hint
from tui_games.engine.cards import betting as bt
from tui_games.engine.cards import holdem
from tui_games.engine.cards.holdem_ai import SHARK, Decision, HoldemPlayer
from tui_games.engine.players import require_decision
from tui_games.engine.seeds import derive_seed
from tui_games.games.holdem_tournament import rules
from tui_games.games.holdem_tournament.game import TournamentState

RAISE_WAR = 3
"""Bets and raises in a round from which the top level raises again only with a monster: with no cap
on raises (the fixed betting) two strong hands would otherwise raise each other all in."""
WAR_EQUITY = 0.8
"""The top level's equity (against the raisers' narrowed ranges) needed to raise in a raise war."""


class TournamentPlayer:
    """A Hold'em player of one level (1 Loose, 2 Solid, 3 Shark) playing every hand of a tournament."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.player = HoldemPlayer(level, seed)
        """The hand player; its memory of the opponents lasts the whole tournament."""
        self._view: TournamentState | None = None
        self._view_of: tuple[int, int, int] | None = None  # (tournament seed, hand number, hand start)

    def hand_view(self, state: TournamentState) -> TournamentState:
        """The current hand alone: a state whose start is the hand's (blinds posted) and whose history
        is the hand's actions. One object per hand, so the hand player counts each action once."""
        key = (state.seed, state.hand_number, state.hand_start)
        if self._view is None or self._view_of != key:
            start = rules.hand_start(state.array)
            kernels = replace(state.kernels, initial=lambda seed, params: start.copy())
            self._view = type(state)(state.spec, kernels, derive_seed(state.seed, state.hand_number, scale=1000003),
                                     state.params, state.array.copy())
            self._view_of = key
        self._view.array = state.array.copy()
        self._view.history = list(state.history[state.hand_start:])
        return self._view

    def decide(self, state: TournamentState) -> Decision:
        """The action for the seat to act, with its equity, the pot odds and why. The top level stays
        out of raise wars (see :data:`RAISE_WAR`) unless its hand is a monster."""
        require_decision(state)
        decision = self.player.decide(self.hand_view(state))
        raises = int(state.array[holdem.TABLE + bt.RAISES])
        if (self.level == SHARK and decision.action >= bt.RAISE and raises >= RAISE_WAR
                and decision.equity < WAR_EQUITY):
            return Decision(bt.CALL, decision.equity, decision.pot_odds,
                            f"call: {raises} bets and raises this round, no raise war without a monster")
        return decision

    def choose(self, state: TournamentState) -> int:
        """The action this level plays now."""
        return self.decide(state).action

    def hint(self, state: TournamentState) -> Hint:
        """The level's view of the decision: its equity, the pot odds and the action it would take."""
        decision = self.decide(state)
        return Hint(decision.action, {decision.action: f"{decision.equity:.0%}"},
                    f"equity {decision.equity:.0%} against the likely hands, pot odds {decision.pot_odds:.0%}: "
                    f"{decision.reason}")

    def stop(self) -> None:
        """Nothing to stop: a decision takes milliseconds."""


def make_ai(spec, level: int, seed: int = 0) -> TournamentPlayer:
    """The AI player for ``level`` (1 Loose, 2 Solid, 3 Shark)."""
    return TournamentPlayer(level, seed)


__all__ = ["TournamentPlayer", "make_ai"]
