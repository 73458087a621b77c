"""Blackjack AI players: a novice who copies the dealer, a rule-of-thumb player, and exact optimal play.

Every level sees only what its seat may see: its own and the other seats' cards and the dealer's up
card, never the hole card. ``hint(state)`` gives the exact expected value of every legal action
(from :mod:`strategy`) and the action this level would choose.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tui_games.core.errors import IllegalActionError
from tui_games.games.blackjack import rules
from tui_games.games.blackjack.game import RANKS, BlackjackState
from tui_games.games.blackjack.strategy import Situation, StrategySolver, full_shoe_ranks, round_expected_return

LEVEL_NOVICE = 1
LEVEL_RULE_OF_THUMB = 2
LEVEL_OPTIMAL = 3


@dataclass(frozen=True)
class Hint:
    """Expected value (base wagers) of each legal action and the suggested one.

    During play the values are for the hand being played, conditioned on what the seat has seen
    (including "the dealer has no natural" after the peek). At the insurance offer they are the
    first hand plus the side bet; at the bet, the expected return of the whole round.
    """

    values: dict[int, float]
    best: int

    def lines(self, state: BlackjackState) -> list[str]:
        """One 'name  value' line per action, best first, for display."""
        ordered = sorted(self.values.items(), key=lambda item: (item[0] != self.best, -item[1]))
        return [f"{state.action_to_string(a):<13}{v:+.4f}" for a, v in ordered]


def situation_of(state: BlackjackState) -> Situation:
    """What the seat to move knows, read from the visible table only (never the hole card)."""
    unseen = full_shoe_ranks(state.decks)
    for card in state.dealer_cards:
        if card is not None:
            unseen[RANKS.index(card.rank)] -= 1
    for seat in range(state.num_players):
        for hand in state.hands(seat):
            for card in hand.cards:
                unseen[RANKS.index(card.rank)] -= 1
    seat, hand_index = state.active_hand or (state.current_player, 0)
    hands = state.hands(seat)
    hand = hands[hand_index]
    up = state.dealer_up_card
    up_value = up.value if up is not None else 10
    split_aces = hand.from_split and hand.cards[0].rank == "A"
    return Situation(
        american=state.rules_name == "american",
        up=up_value,
        unseen_ranks=tuple(unseen),
        hand_ranks=tuple(RANKS.index(c.rank) for c in hand.cards),
        hands_in_seat=len(hands),
        from_split=hand.from_split,
        split_aces=split_aces,
    )


@lru_cache(maxsize=16)
def round_value(american: bool, decks: int) -> float:
    """Expected return of a round played optimally (cached per rule set and shoe)."""
    return round_expected_return(american, decks)


class BlackjackAI:
    """A Blackjack player of a given level (see help.md for what each level does)."""

    def __init__(self, spec, level: int, seed: int = 0, solver: StrategySolver | None = None):
        self.spec = spec
        self.level = level
        self.seed = seed
        self.solver = solver or StrategySolver()

    # ----- the public interface ----------------------------------------------------------------------
    def choose(self, state: BlackjackState) -> int:
        """The action this level plays in ``state`` (a seat must be to move)."""
        legal = state.legal_actions()
        if not legal or state.current_player < 0:
            raise IllegalActionError("no seat is to move: nothing to choose")
        if len(legal) == 1:
            return legal[0]
        if state.phase == "insurance":
            if self.level < LEVEL_OPTIMAL:
                return rules.NO_INSURANCE
            return self._argmax(self.solver.insurance_values(situation_of(state), legal), legal)
        if self.level == LEVEL_NOVICE:
            return self._novice(state)
        if self.level == LEVEL_RULE_OF_THUMB:
            return self._rule_of_thumb(state, legal)
        return self._argmax(self.values(state), legal)

    def values(self, state: BlackjackState) -> dict[int, float]:
        """Exact expected value of every legal action of the seat to move."""
        legal = state.legal_actions()
        if state.current_player < 0 or not legal:
            return {}
        if state.phase == "betting":
            return {rules.BET: round_value(state.rules_name == "american", state.decks)}
        situation = situation_of(state)
        if state.phase == "insurance":
            return self.solver.insurance_values(situation, legal)
        # a split hand's table depends on the other hands' cards: solve only what this hand reaches
        return self.solver.play_values(situation, legal, share_tables=situation.hands_in_seat == 1)

    def hint(self, state: BlackjackState) -> Hint:
        """Every legal action's expected value and the action this level would choose."""
        return Hint(self.values(state), self.choose(state))

    # ----- the levels -----------------------------------------------------------------------------------
    @staticmethod
    def _argmax(values: dict[int, float], legal: list[int]) -> int:
        return max(legal, key=lambda a: (values.get(a, float("-inf")), a == rules.STAND))

    @staticmethod
    def _novice(state: BlackjackState) -> int:
        """Copy the dealer: hit below 17, stand on 17 or more; never double, split or surrender."""
        seat, hand = state.active_hand
        return rules.HIT if state.hands(seat)[hand].total < 17 else rules.STAND

    @staticmethod
    def _rule_of_thumb(state: BlackjackState, legal: list[int]) -> int:
        """A few well-known rules: stand on a stiff hand against a weak dealer card, double 10 and 11,
        split Aces and eights, hit soft hands below 18; no surrender, no insurance."""
        seat, index = state.active_hand
        hand = state.hands(seat)[index]
        up = state.dealer_up_card.value
        weak_dealer = 2 <= up <= 6
        cards = hand.cards
        if rules.SPLIT in legal and cards[0].rank in ("A", "8"):
            return rules.SPLIT
        if rules.DOUBLE in legal and not hand.soft:
            if hand.total == 11 and up != 1 or hand.total == 10 and 2 <= up <= 9:
                return rules.DOUBLE
        if hand.soft:
            return rules.HIT if hand.total < 18 else rules.STAND
        if hand.total >= 17:
            return rules.STAND
        if hand.total >= 13 and weak_dealer:
            return rules.STAND
        if hand.total == 12 and 4 <= up <= 6:
            return rules.STAND
        return rules.HIT


def make_ai(spec, level: int, seed: int = 0) -> BlackjackAI:
    """An AI player of strength ``level`` 1-3 (the catalogue's ``spec.ai`` calls this)."""
    return BlackjackAI(spec, level, seed)
