"""Blackjack AI players: a novice who copies the dealer, a rule-of-thumb player, and exact optimal play.

Every level sees only what its seat may see: its own and the other seats' cards and the dealer's up
card, never the hole card. ``hint(state)`` gives the expected value of every legal action (from
:mod:`strategy`: exact except for splits) and the action this level would choose.
"""

from __future__ import annotations

from functools import lru_cache

from tui_games.core.errors import IllegalActionError
from tui_games.core.hints import Hint
from tui_games.games.blackjack import rules
from tui_games.games.blackjack.game import BlackjackState
from tui_games.games.blackjack.strategy import Situation, StrategySolver, round_expected_return

LEVEL_NOVICE = 1
LEVEL_RULE_OF_THUMB = 2
LEVEL_OPTIMAL = 3


def situation_of(state: BlackjackState) -> Situation:
    """What the seat to move knows, read from the visible table only (never the hole card)."""
    a = state.array
    decks = int(a[rules.DECKS])
    unseen = [4 * decks] * 13
    hole = 0 if int(a[rules.RULES]) == rules.RULES_SIMPLE else 1
    revealed = bool(a[rules.DEALER_REVEALED])
    for i in range(int(a[rules.DEALER_N])):
        if i != hole or revealed:
            unseen[int(a[rules.DEALER_CARDS + i]) % 13] -= 1
    seat = int(a[rules.SEAT]) if state.current_player < 0 else state.current_player
    hand_index = int(a[rules.HAND]) if int(a[rules.PHASE]) == rules.PHASE_PLAYING else 0
    hand_ranks: tuple[int, ...] = ()
    flags = 0
    for other in range(state.num_players):
        seat_start = rules.SEATS + other * rules.S_SIZE
        for h in range(int(a[seat_start + rules.S_N_HANDS])):
            base = seat_start + rules.S_HANDS + h * rules.H_SIZE
            cards = a[base + rules.H_CARDS:base + rules.H_CARDS + int(a[base + rules.H_N])]
            for card in cards:
                unseen[int(card) % 13] -= 1
            if other == seat and h == hand_index:
                hand_ranks = tuple(int(c) % 13 for c in cards)
                flags = int(a[base + rules.H_FLAGS])
    up = int(a[rules.DEALER_CARDS + 1 - hole]) % 13 if int(a[rules.DEALER_N]) > 1 - hole else 9
    return Situation(
        american=int(a[rules.RULES]) == rules.RULES_AMERICAN,
        up=min(up + 1, 10),
        unseen_ranks=tuple(unseen),
        hand_ranks=hand_ranks,
        hands_in_seat=int(a[rules.SEATS + seat * rules.S_SIZE + rules.S_N_HANDS]),
        from_split=bool(flags & rules.FLAG_SPLIT),
        split_aces=bool(flags & rules.FLAG_SPLIT_ACES),
    )


@lru_cache(maxsize=16)
def round_value(american: bool, decks: int) -> float:
    """Expected return of a round played optimally (cached per rule set and shoe)."""
    return round_expected_return(american, decks)


class BlackjackAI:
    """A Blackjack player of a given level (see help.md for what each level does)."""

    MEMO_SIZE = 200_000
    """Decisions remembered per (situation, legal actions); the memo is cleared when it is full."""

    def __init__(self, spec, level: int, seed: int = 0, solver: StrategySolver | None = None):
        self.spec = spec
        self.level = level
        self.seed = seed
        self.solver = solver or StrategySolver()
        self._memo: dict = {}

    def stop(self) -> None:
        """Nothing to stop: a decision takes milliseconds."""

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
        key = (situation_of(state), tuple(legal))
        choice = self._memo.get(key)
        if choice is None:
            choice = self._argmax(self.values(state), legal)
            if len(self._memo) >= self.MEMO_SIZE:
                self._memo.clear()
            self._memo[key] = choice
        return choice

    def values(self, state: BlackjackState) -> dict[int, float]:
        """Expected value of every legal action of the seat to move, from the seat's view.

        Exact for hit, stand, double, surrender and insurance; a split uses the approximation
        described in :mod:`strategy`.
        """
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
        """Every legal action's expected value (as text, e.g. 'EV +0.123') and this level's choice."""
        values = self.values(state)
        best = self.choose(state)
        if state.phase == "betting":
            summary = "expected return of a round with optimal play"
        elif state.phase == "insurance":
            summary = "expected value of your hand plus the insurance bet"
        else:
            summary = "expected value of this hand, in wagers"
        return Hint(best, {a: f"EV {v:+.4f}" for a, v in values.items()}, summary)

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
