"""Bluff poker AI levels, all reading only what their seat may see (``observation(seat).state``).

1 Honest: believes every bid, looks and rerolls the dice that best reach a higher value, and bids the
  true value when it beats the bid, else the lowest bid allowed (the benchmark's "honest bidder").
2 Careful: decides from the exact odds (odds.py): calls when the bid is less likely true than its own
  chance of failing after believing, passes the cup blindly when a higher bid is likely true, rerolls
  for the best chance, and bids above its dice only when they cannot beat the bid.
3 Shark: level 2, and when it decides whether to call it notices whether the bidder saw the dice it
  cannot see: a blind pass or a blind opening throw says nothing about them, so every way to fill them
  counts alike there. Its constants were tuned by self-play.

Levels 2 and 3 weigh how often bidders bluff when they call (Bayes with :data:`ASSUMED_BLUFF_RATE`).
``scripts/bluff_tune.py`` plays a Shark with each candidate value against two default Sharks (600
three-seat games a value; the loss rate against a fair 1/3). With the Shark as it is: bidding above
dice that could bid true never paid (bluff_rate 0.0: 0.355, 0.05: 0.367, 0.1: 0.378, 0.25: 0.413), and
the assumed bluff rate of an informed bidder changed nothing from 0.2 to 0.8 (0.355 each). Before the
Shark told blind bids apart, every call was weighed one way and self-play pushed that weight up (0.8
lost 6% of games against Sharks at 0.6) while the same weight lost half its games to the honest
bidder: telling the two kinds of bid apart is what lets one player beat both.
"""

from __future__ import annotations

import random

from tui_games.core.hints import Hint
from tui_games.engine.players import require_decision
from tui_games.games.bluff_poker import odds, rules

BLUFF_RATE = 0.0
"""Level 3: how often it bids above its true value (by one to three steps) when it could bid true
(tuned: never, see the module docstring)."""
ASSUMED_BLUFF_RATE = 0.35
"""Levels 2-3: how often they assume a bidder who knew its dice bid above them."""
BLIND_PASS = 0.7
"""Levels 2-3: pass the cup blindly when the lowest higher bid is at least this likely true."""
CALL_CAUTION = 0.35
"""Levels 2-3: the share of a failed turn after believing that ends in a penalty (the next seat calls);
0.35 beat 0.5 (85% -> 100% of 100 games against the honest bidder) and tied 0.2."""
BLIND_OPENING = 0.75
"""Levels 2-3: after the blind third throw, bid the highest value at least this likely true."""
OPENING_REROLL_BELOW = rules.NUM_VALUES // 2
"""Levels 2-3: throw again in the opening turn while the value is below this index (about 543)."""

DEFAULT_TUNING = {"bluff_rate": BLUFF_RATE, "assumed_bluff_rate": ASSUMED_BLUFF_RATE, "blind_pass": BLIND_PASS,
                  "call_caution": CALL_CAUTION}
"""The tunable constants by name (scripts/bluff_tune.py varies them)."""

LEVEL_NAMES = {1: "Honest", 2: "Careful", 3: "Shark"}
"""Each level's name (spec.SPEC.level_names in order)."""


def _known(view) -> tuple[int | None, int | None, int | None]:
    return tuple(view.dice)  # type: ignore[return-value]


def _bidder_saw(view, dice) -> bool:
    """True when the seat that made the bid knows every die this seat cannot see."""
    bidder = int(view.array[rules.BIDDER])
    return all((int(view.array[rules.SEEN + i]) >> bidder) & 1 for i, face in enumerate(dice) if face is None)


def _free(view) -> int:
    return 7 & ~int(view.array[rules.REROLLED])


class BluffPlayer:
    """A Bluff poker player of one level (see the module docstring)."""

    def __init__(self, level: int, seed: int = 0, **tuning: float) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.tuning = {**DEFAULT_TUNING, **tuning}
        """The constants this player decides with (DEFAULT_TUNING unless overridden, e.g. by self-play)."""

    def stop(self) -> None:
        """Nothing to stop: every decision is a small enumeration."""

    def choose(self, state) -> int:
        """The level's action for the seat to move."""
        legal = require_decision(state)
        seat = state.current_player
        view = state.observation(seat).state
        action = self._decide(view, legal)
        return action if action in legal else legal[0]

    def hint(self, state) -> Hint:
        """The level's choice as the suggestion, with the odds that led to it."""
        action = self.choose(state)
        return Hint(action, {}, f"{LEVEL_NAMES[self.level]} plays {state.action_to_string(action)}")

    # ----- decisions ---------------------------------------------------------------------------------
    def _decide(self, view, legal: list[int]) -> int:
        phase = view.phase
        bid = -1 if view.bid is None else view.bid
        dice = _known(view)
        if phase == rules.PHASE_OPENING:
            return self._opening(view, dice, legal)
        if phase == rules.PHASE_RESPOND:
            return rules.BELIEVE if self.level == 1 or not self._should_call(view, dice, bid) else rules.CALL
        if phase == rules.PHASE_BELIEVED:
            if self.level > 1 and odds.chance_at_least(dice, bid + 1, bid) >= self.tuning["blind_pass"]:
                return bid + 1
            return rules.LOOK
        if phase in (rules.PHASE_LOOKED, rules.PHASE_ROLLED):
            full = tuple(int(face) for face in dice)
            true = odds.value(full)
            free = _free(view)
            if phase == rules.PHASE_ROLLED and true > bid:
                return self._bid(true, bid)
            if free == 0:
                return bid + 1
            mask = odds.best_reroll(full, free, bid + 1)
            return rules.reroll_action(mask, 0)
        if phase == rules.PHASE_CHALLENGE:
            full = tuple(int(face) for face in dice)
            left = 3 - int(view.array[rules.THROWS])
            return rules.reroll_action(odds.best_challenge_throw(full, left, bid), 1)
        return legal[0]

    def _opening(self, view, dice, legal: list[int]) -> int:
        if None in dice:
            if self.level == 1:
                return 0
            dist = odds.value_distribution((None, None, None))
            tail, choice = 0.0, 0
            for index in range(rules.NUM_VALUES - 1, -1, -1):
                tail += dist[index]
                if tail >= BLIND_OPENING:
                    choice = index
                    break
            return choice
        true = odds.value(tuple(int(face) for face in dice))
        if self.level > 1 and true < OPENING_REROLL_BELOW and rules.reroll_action(7, 0) in legal:
            return rules.reroll_action(7, 0)
        return self._bid(true, -1)

    def _bid(self, true: int, bid: int) -> int:
        """The true value, or (level 3, at BLUFF_RATE) a little above it."""
        if self.level == 3 and self.rng.random() < self.tuning["bluff_rate"]:
            return min(rules.NUM_VALUES - 1, true + self.rng.randint(1, 3))
        return true

    def _should_call(self, view, dice, bid: int) -> bool:
        """Call when the bid is less likely true than believing is likely to cost a penalty. Every way
        to fill the unseen dice counts once if it makes the bid, the assumed bluff rate times if not
        (a bidder who saw them bids above them that often). Counting every way once instead made level
        2 lose 65% of 1,000 games to the honest bidder. Level 3 counts every way once where the bidder
        did not see the dice either (a blind pass or a blind opening throw: the bid says nothing of them)."""
        bluff_weight = self.tuning["assumed_bluff_rate"]
        if self.level == 3 and not _bidder_saw(view, dice):
            bluff_weight = 1.0
        weight = true_weight = fail_weight = 0.0
        poker = bid >= rules.FIRST_POKER
        for filled in odds.completions(dice):
            w = 1.0 if odds.value(filled) >= bid else bluff_weight
            weight += w
            true_weight += w * (odds.value(filled) >= bid)
            if not poker:
                fail_weight += w * (1.0 - odds.reroll_success(filled, 7, bid + 1))
        honest = true_weight / weight
        if poker:
            return honest < 1.0 - odds.challenge_odds(bid)
        return honest < fail_weight / weight * self.tuning["call_caution"]


def make_ai(spec, level: int, seed: int = 0) -> BluffPlayer:
    """The AI player for ``level`` (1 Honest, 2 Careful, 3 Shark)."""
    return BluffPlayer(level, seed)
