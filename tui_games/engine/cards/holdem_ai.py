"""Texas Hold'em AI levels, shared by Limit and No-limit: hand strength from the evaluator, pot odds,
position and bet sizing by strength, each level adding to the one below.

1 Loose: equity against any two cards (200 deals); calls whenever its equity is near the pot odds,
  bets and raises strong hands, never bluffs.
2 Solid: equity against ranges (600 deals): an opponent who raised this hand holds a stronger range
  (:mod:`.holdem_equity` tightness), and more opponents need a stronger hand; folds below the pot
  odds, raises for value sized by strength (half pot to pot in no-limit).
3 Shark: level 2 plus what it learns over the sitting: how often each opponent bets and raises, so a
  maniac's or an always-all-in player's raises widen its range instead of narrowing it, and how often
  each folds to a bet, so it bets thinner for value against players who never fold and bluffs only
  those who do; plays more hands in position, and bluffs and semi-bluffs at a measured frequency
  (``BLUFF_RATE``, scaled by the fold rate, when the betting is checked to it after the flop with one
  or two opponents).

Every level reads only what its seat may see: its own hole cards, the board and the betting.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import numpy as np

from tui_games.core.hints import Hint
from tui_games.engine.cards import betting as bt
from tui_games.engine.cards import holdem
from tui_games.engine.cards.holdem import TABLE
from tui_games.engine.cards.holdem_equity import seat_equity
from tui_games.engine.header import PLAYER
from tui_games.engine.observer import redacted_array
from tui_games.engine.players import require_decision
from tui_games.engine.rng import make_rng
from tui_games.engine.seeds import derive_seed

LOOSE = 1
SOLID = 2
SHARK = 3
SAMPLES = {LOOSE: 200, SOLID: 600, SHARK: 1000}
"""Monte-Carlo deals per decision by level."""
BLUFF_RATE = 0.25
"""How often the top level bets with a weak hand when the betting is checked to it after the flop."""
RAISE_TIGHTNESS = 0.22
"""Tightness added to an opponent's range for each bet or raise it made this hand (levels 2 and 3)."""
MAX_TIGHTNESS = 0.75


@dataclass
class SeatHabits:
    """How often one opponent bets or raises when it acts, and folds when it faces a bet after the
    flop, counted over the sitting."""

    actions: int = 0
    raises: int = 0
    faced: int = 0
    folds: int = 0

    @property
    def aggression(self) -> float:
        """Its share of bets and raises among its actions, with a prior of 1 raise in 4 actions."""
        return (self.raises + 1.0) / (self.actions + 4.0)

    @property
    def fold_rate(self) -> float:
        """Its share of folds when facing a bet, with a prior of 1 fold in 3."""
        return (self.folds + 1.0) / (self.faced + 3.0)


@dataclass
class Decision:
    """What the AI worked out: its equity, the pot odds and the action it took with a reason."""

    action: int
    equity: float
    pot_odds: float
    reason: str
    values: dict[int, str] = field(default_factory=dict)


def betting_log(state) -> list[tuple[int, int, int, bool]]:
    """Every betting action of the hand so far as (seat, action, street, faced a bet), replayed from
    the history (hidden hole cards replayed as any card left: they do not change the betting)."""
    kernels = state.kernels
    array = kernels.initial(state.seed, state.params)
    log = []
    for action in state.history:
        seat = int(array[PLAYER])
        if seat >= 0:
            log.append((seat, int(action), int(array[holdem.STREET]), bool(bt.to_call(array, TABLE) > 0)))
        elif action < 0:
            action = int(np.flatnonzero(array[holdem.DECK:holdem.DECK + 52])[0])
        kernels.apply(array, int(action))
    return log


def _same_actions(longer: list, shorter: list) -> bool:
    """True when ``longer`` begins with ``shorter``'s actions; a hidden card (-1) in either matches any
    card (one seat's view of the hand and another's, or the referee's, are the same hand)."""
    return len(longer) >= len(shorter) and all(a == b or a < 0 or b < 0 for a, b in zip(longer, shorter))


class HoldemPlayer:
    """A Hold'em player of one level (see the module docstring); keeps opponents' habits between the
    hands of a sitting."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.equity_rng = make_rng(derive_seed(seed, 12345, scale=2654435761))
        self.habits: dict[int, SeatHabits] = {}
        self._counted: tuple = (None, [], 0)  # (hand identity, its actions, betting log entries) counted
        self.bluffs = 0
        self.decisions = 0

    def stop(self) -> None:
        """Nothing to stop: a decision takes milliseconds."""

    # ----- reading the table ----------------------------------------------------------------------------
    def _learn(self, state, log: list[tuple[int, int, int, bool]]) -> None:
        """Count opponents' actions of this hand not counted before (the top level's memory). A hand is
        known by its seed, its parameters and the actions seen so far, not by the state object: the
        app hands the AI a fresh copy at every decision, and a copy (or an earlier moment) of the hand
        counted last adds only the actions that came since."""
        identity = (state.seed, tuple(sorted(state.params.items())))
        history = list(state.history)
        key, seen, done = self._counted
        if key == identity and _same_actions(history, seen):
            start = done  # the hand counted last, gone on
        elif key == identity and _same_actions(seen, history):
            return  # the hand counted last, at that moment or before it: nothing new
        else:
            start = 0  # another hand
        for seat, action, street, faced in log[start:]:
            habits = self.habits.setdefault(seat, SeatHabits())
            habits.actions += 1
            habits.raises += action >= bt.RAISE
            if street > holdem.PREFLOP:  # folding to a blind says little about folding to a bet
                habits.faced += faced
                habits.folds += action == bt.FOLD
        self._counted = (identity, history, len(log))

    def _fold_rate(self, state, seat: int) -> float:
        """The lowest observed fold rate among the opponents still in (how likely a bet is to win
        the pot at once)."""
        rates = [self.habits.get(other, SeatHabits()).fold_rate for other in range(state.num_players)
                 if other != seat and bt.is_live(state.array, TABLE, other)]
        return min(rates) if rates else 0.33

    def _ranges(self, state, seat: int, log) -> tuple[np.ndarray, np.ndarray]:
        """Each live opponent's range, in seat order after ``seat``: its pre-flop tightness and (the
        top level) how surely it hit the board, from its bets and raises after the flop weighed by
        how seldom it raises."""
        n = state.num_players
        out = np.zeros(n, dtype=np.float64)
        connect = np.zeros(n, dtype=np.float64)
        if self.level == LOOSE:
            return out, connect
        k = 0
        for step in range(1, n):
            other = (seat + step) % n
            if not bt.is_live(state.array, TABLE, other):
                continue
            raises = sum(1 for s, a, _, _ in log if s == other and a >= bt.RAISE)
            calls = sum(1 for s, a, _, _ in log if s == other and a == bt.CALL)
            t = RAISE_TIGHTNESS * raises + 0.05 * min(calls, 2)
            if self.level == SHARK:
                aggression = self.habits.get(other, SeatHabits()).aggression
                t *= max(0.0, 1.0 - aggression) / 0.75
                if aggression > 0.6:
                    t = min(t, 0.1)
                later = sum(1 for s, a, street, _ in log if s == other and a >= bt.RAISE and street > 0)
                connect[k] = min(0.9, later * max(0.0, 1.0 - 1.5 * aggression))
            out[k] = min(MAX_TIGHTNESS, t)
            k += 1
        return out, connect

    # ----- deciding --------------------------------------------------------------------------------------
    def decide(self, state) -> Decision:
        """The action for the seat to act, with its equity, the pot odds and why."""
        legal = require_decision(state)
        seat = state.current_player
        s = state.array
        view = redacted_array(state.kernels, s, seat)
        log = betting_log(state)
        if self.level == SHARK:
            self._learn(state, log)
        tightness, connect = self._ranges(state, seat, log)
        equity = float(seat_equity(view, seat, tightness, connect, SAMPLES[self.level], self.equity_rng))
        owed = int(bt.to_call(s, TABLE))
        pot = int(bt.pot_size(s, TABLE))
        pot_odds = owed / (pot + owed) if owed else 0.0
        opponents = int(bt.live_count(s, TABLE)) - 1
        fair = 1.0 / (opponents + 1)
        street = int(s[holdem.STREET])
        in_position = self._last_to_act(s, seat)
        can_raise = any(a >= bt.RAISE for a in legal)
        self.decisions += 1

        strong = fair + (0.22 if self.level == LOOSE else 0.2) * (1 - fair)
        fold_rate = self._fold_rate(state, seat)
        if self.level == SHARK:
            strong -= 0.04 * in_position + 0.12 * max(0.0, 1.0 - fold_rate / 0.33) * (1 - fair)
        if can_raise and equity >= strong:
            return self._raise(state, legal, equity, pot_odds, pot, owed, "value")
        if self.level == SHARK and can_raise and street > holdem.PREFLOP and owed == 0 and opponents <= 2:
            draw = equity >= 0.3
            rate = (BLUFF_RATE * (1.3 if in_position else 0.8) + (0.25 if draw else 0.0)) * min(1.5, fold_rate / 0.33)
            if fold_rate > 0.15 and self.rng.random() < rate:
                self.bluffs += 1
                return self._raise(state, legal, equity, pot_odds, pot, owed, "semi-bluff" if draw else "bluff",
                                   fraction=0.6)
        if owed == 0:
            return Decision(bt.CALL, equity, pot_odds, "check")
        margin = -0.08 if self.level == LOOSE else (0.0 if street > holdem.PREFLOP else 0.02)
        if self.level == SHARK and in_position:
            margin -= 0.02
        if equity >= pot_odds + margin:
            return Decision(bt.CALL, equity, pot_odds, "call: equity beats the pot odds")
        return Decision(bt.FOLD, equity, pot_odds, "fold: equity below the pot odds")

    def _raise(self, state, legal, equity, pot_odds, pot, owed, why, fraction=None) -> Decision:
        """Bet or raise: the fixed raise in limit; in no-limit a share of the pot growing with equity."""
        s = state.array
        if s[TABLE + bt.STRUCTURE] == bt.FIXED_LIMIT:
            return Decision(bt.RAISE, equity, pot_odds, why)
        bounds = np.zeros(2, dtype=np.int64)
        bt.raise_bounds(s, TABLE, bounds)
        if fraction is None:
            fraction = 0.5 + min(1.0, max(0.0, (equity - 0.5) * 2.5))
        seat = state.current_player
        total = int(s[TABLE + bt.TOTALS + seat]) + owed + int(math.ceil(fraction * (pot + owed)))
        if equity > 0.85 and self.rng.random() < 0.3:
            total = int(bounds[1])  # a monster sometimes moves all in
        return Decision(int(min(max(total, bounds[0]), bounds[1])), equity, pot_odds, why)

    @staticmethod
    def _last_to_act(s, seat: int) -> bool:
        """True when every other live seat with chips acts before ``seat`` after the flop (the button
        side of the table)."""
        n = int(s[TABLE + bt.SEATS])
        button = int(s[TABLE + bt.BUTTON])
        for step in range(n):
            other = (button - step) % n
            if bt.is_live(s, TABLE, other) and s[TABLE + bt.STACKS + other] > 0:
                return other == seat
        return False

    def choose(self, state) -> int:
        """The action this level plays now."""
        return self.decide(state).action

    def hint(self, state) -> Hint:
        """The top level's view: its equity, the pot odds and the action it would take."""
        decision = self.decide(state)
        summary = (f"equity {decision.equity:.0%} against the likely hands, pot odds {decision.pot_odds:.0%}: "
                   f"{decision.reason}")
        return Hint(decision.action, {decision.action: f"{decision.equity:.0%}"}, summary)


__all__ = ["BLUFF_RATE", "Decision", "HoldemPlayer", "LOOSE", "SAMPLES", "SHARK", "SOLID", "SeatHabits",
           "betting_log"]
