"""Contract Bridge AI levels (help.md says what each does).

Every level bids by the natural system of :mod:`.bidding` (15-17 1NT, five-card majors, Stayman,
Jacoby transfers, Blackwood, competitive bidding and doubles), each call explained in the hint. They
differ in the play:

1 Beginner: the rule player of :mod:`.rule_play` (lead rules, second hand low, third hand high, win cheaply,
  cash winners, draw trumps).
2 Club player: sampled double-dummy play (:mod:`.dd_play`) on up to 6 deals a card (0.2 s), dealt by
  what the seat has seen alone (its hand, the dummy, the cards played, the voids shown); opening leads
  by the lead rules.
3 Expert: the same on up to 48 deals a card in 0.9 s, dealt also by the ranges of points and suit
  lengths each seat's calls showed; the opening lead sampled too (up to 16 deals in 1 s), the lead rules
  and the defensive signals choosing among cards worth the same. In the auction it judges the calls that
  place the contract or decide a competition by simulation (:mod:`.bidding_judge`).

Against the beginner in the other partnership on the same deals (12 deals, each played both ways), the
expert gained 7 IMPs a deal. Every level reads the
seat's redacted view only (:func:`.rules.redact`); when the dummy's card is due, the declarer chooses it
with the dummy's hand in view.
"""

from __future__ import annotations

import numpy as np

from tui_games.core.hints import Hint
from tui_games.engine.observer import redacted_array
from tui_games.engine.players import WarmUp, require_decision
from tui_games.engine.rng import make_rng
from tui_games.core.words import counted
from tui_games.games.bridge import rules
from tui_games.games.bridge.constants import NUM_CARDS, PHASE_AUCTION, VULNERABILITIES, call_name, card_name
from tui_games.games.bridge.dd_play import CardValues, SampledPlayer
from tui_games.games.bridge.game import KERNELS
from tui_games.games.bridge.play import PlayView, cards_in
from tui_games.games.bridge.rule_play import rule_card
from tui_games.games.bridge.sampling import Constraints, auction_constraints

BEGINNER, CLUB_PLAYER, EXPERT = 1, 2, 3
LEVEL_SETTINGS = {
    CLUB_PLAYER: dict(seconds=0.2, min_worlds=3, max_worlds=6, use_auction=False),
    EXPERT: dict(seconds=0.9, min_worlds=6, max_worlds=48, lead_seconds=1.0, lead_min=4, lead_max=16),
}
"""The sampled player's budget at each level that uses it (:class:`.dd_play.SampledPlayer`)."""
JUDGE_SETTINGS = dict(batches=(12, 12), seconds=0.7, margin=1.0, confidence=2.0)
"""The Expert's judgement in the auction (:class:`.bidding_judge.Judge`): deals a round, a call's
deadline in seconds, and by how many IMPs a deal (and standard errors) another call must beat the
system's."""


class BridgeAI:
    """A Bridge player of a given level: the system's calls, and cards by the level's player."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.sampler = SampledPlayer(make_rng(seed), **LEVEL_SETTINGS.get(level, {}))
        self.warm_up = WarmUp(self._compile)
        self.last_values: CardValues | None = None
        """What the samples said of the last card chosen (None where nothing was solved)."""

    def _compile(self) -> None:
        from tui_games.games.bridge.bidding import choose_call
        from tui_games.games.bridge.double_dummy import Position, solve_position
        from tui_games.games.bridge.sampling import open_constraints, sample_worlds

        view = rules.initial_state(0, 0, 0)
        for card in range(NUM_CARDS):
            rules.apply_action(view, card)
        choose_call(cards_in(int(view[rules.HANDS])), 0, "none", [])
        view[rules.HANDS + 1:rules.HANDS + 4] = -1
        sample_worlds(view, open_constraints(), 1, make_rng(0))
        solve_position(Position([[12], [11], [10], [9]], 4, 0))

    def prepare(self, state=None) -> None:
        """Compile (or load) the sampler and load the bidding system and DDS."""
        self.warm_up()

    def stop(self) -> None:
        """Cut the sampling short: the card is chosen on the deals solved so far."""
        self.sampler.stop_flag.set()

    # ----- decisions ----------------------------------------------------------------------------------
    def choose(self, state) -> int:
        """This level's call or card for the seat to move."""
        legal = require_decision(state)
        self.last_values = None
        if len(legal) == 1:
            return legal[0]
        self.prepare()
        view = redacted_array(KERNELS, state.array, state.current_player)
        if int(view[rules.PHASE]) == PHASE_AUCTION:
            return self.call(view, state.current_player, legal)[0]
        return self.card(view, state.current_player)

    def call(self, view: np.ndarray, player: int, legal: list[int]) -> tuple[int, str]:
        """The system's call for ``player`` and its explanation ("1NT: 15-17 balanced"); the Expert's
        judged by simulation where it places the contract or competes (:mod:`.bidding_judge`)."""
        from tui_games.games.bridge.bidding import Choice, choose_call

        hand = cards_in(int(view[rules.HANDS + player]))
        if self.level == EXPERT:
            from tui_games.games.bridge.bidding_judge import Judge

            if getattr(self, "judge", None) is None:
                self.judge = Judge(make_rng(int(self.sampler.rng[0]) ^ 0x5EED), **JUDGE_SETTINGS)
            choice = Choice(*self.judge.call(hand, *_deal_conditions(view), _auction(view)))
        else:
            choice = choose_call(hand, *_deal_conditions(view), _auction(view))
        if choice.call not in legal:
            return legal[0], f"{call_name(legal[0])}: the system's call {call_name(choice.call)} is not legal here"
        return choice.call, choice.explanation

    def card(self, view: np.ndarray, player: int) -> int:
        """This level's card for the hand to play (the dummy's when the declarer plays for it)."""
        play = PlayView.of(view, player)
        constraints = constraints_of(view)
        self.last_values = None
        if self.level == BEGINNER or (self.level == CLUB_PLAYER and play.opening_lead):
            return rule_card(play, constraints)
        card, self.last_values = self.sampler.choose(play, constraints)
        return card

    # ----- hints --------------------------------------------------------------------------------------
    def hint(self, state) -> Hint:
        """The call with the system's explanation of it; or the card with each card's mean tricks for
        the side to play over the deals sampled ("HK: 9.4 tricks on average over 20 deals")."""
        legal = require_decision(state)
        self.prepare()
        player = state.current_player
        view = redacted_array(KERNELS, state.array, player)
        if int(view[rules.PHASE]) == PHASE_AUCTION:
            call, explanation = self.call(view, player, legal)
            return Hint(best=call, summary=explanation)
        card = self.card(view, player)
        values = self.last_values
        if values is None:
            why = "the only card" if len(legal) == 1 else "the cards are equivalent" if len(
                PlayView.of(view, player).classes(legal)) == 1 else "by the rules"
            return Hint(best=card, summary=f"{card_name(card)}: {why}")
        texts = {c: f"{t:.1f} tricks" for c, t in zip(values.cards, values.tricks)}
        tricks = float(values.tricks[values.cards.index(card)])
        summary = f"{card_name(card)}: {tricks:.1f} tricks on average over {counted(values.worlds, 'deal')}"
        return Hint(best=card, values=texts, summary=summary)


def _deal_conditions(view: np.ndarray) -> tuple[int, str]:
    """(dealer, vulnerability) of a state array."""
    return int(view[rules.DEALER]), VULNERABILITIES[int(view[rules.VULNERABLE]) + 2 * int(view[rules.VULNERABLE + 1])]


def _auction(view: np.ndarray) -> list[int]:
    """The calls made, in order."""
    return [int(call) for call in view[rules.AUCTION:rules.AUCTION + int(view[rules.CALLS])]]


def constraints_of(view: np.ndarray) -> Constraints:
    """What the auction of ``view`` showed of each seat (:func:`.sampling.auction_constraints`)."""
    dealer, vulnerability = _deal_conditions(view)
    return auction_constraints(tuple(_auction(view)), dealer, vulnerability)


def make_ai(spec, level: int, seed: int = 0) -> BridgeAI:
    """The AI player for ``level`` (1..3)."""
    return BridgeAI(level, seed)


__all__ = ["BEGINNER", "BridgeAI", "CLUB_PLAYER", "EXPERT", "JUDGE_SETTINGS", "LEVEL_SETTINGS", "constraints_of", "make_ai"]
