"""Card play by GIB's method: deal the hidden hands many times over, consistent with the auction and
the play (:mod:`.sampling`), solve each deal double-dummy from the current position (DDS,
:func:`.double_dummy.solve_positions`: the tricks each legal card takes with best play all round), and
play the card whose result is best on average.

A result is valued in IMPs against the contract made exactly (making counts, and so does each trick
over or under), plus :attr:`SampledPlayer.trick_weight` times the tricks, which decides between cards
the IMPs value alike; each deal counts half as much for each step it misses the auction's ranges by
(:func:`.sampling.violation`), and a quarter as much where it contradicts the opening lead read by the
lead rules (:func:`.signals.lead_weights`). Cards worth the same are told apart by the signals and the lead rules
(:mod:`.signals`). When every legal card is equivalent (touching cards of one suit, those between them
played) nothing is solved.

The time a card takes is held to :attr:`SampledPlayer.seconds`: the deals are solved in batches, the
first small, and the next batch is sized by the time the deals so far took; between
:attr:`~SampledPlayer.min_worlds` and :attr:`~SampledPlayer.max_worlds` deals a card. The opening lead,
whose positions take DDS longest to solve, has its own budget and bounds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from tui_games.engine.stopflag import StopFlag
from tui_games.games.bridge.constants import NUM_TRICKS
from tui_games.games.bridge.double_dummy import Position, solve_positions
from tui_games.games.bridge.imps import imps
from tui_games.games.bridge.play import PlayView, cards_in
from tui_games.games.bridge.rule_play import rule_card
from tui_games.games.bridge.sampling import Constraints, open_constraints, sample_worlds
from tui_games.games.bridge.scoring import TRICKS_BOOK, duplicate_score
from tui_games.games.bridge.signals import lead_weights, pick_among, pick_lead

HARD_LIMIT = 1.5
"""Past this many times its thinking time a card stops sampling even short of its fewest deals (a few
early positions take DDS long to solve)."""


@dataclass(frozen=True)
class CardValues:
    """What the samples say of each legal card."""

    cards: list[int]
    """The legal cards, lowest id first."""
    tricks: np.ndarray
    """Each card's mean tricks for the side to play over the whole deal (those won so far included)."""
    utility: np.ndarray
    """Each card's mean value in IMPs for the side to play, against the contract made exactly."""
    worlds: int
    """Deals solved."""
    inside: int
    """Of them, the deals inside every range the auction showed."""


def side_utility(play: PlayView) -> np.ndarray:
    """For each number of tricks (0-13) the side to play may end with, its value in IMPs against the
    contract made exactly (:mod:`.imps`): positive when it beats that for the side to play."""
    exact = int(duplicate_score(play.level, play.strain, play.doubled, int(play.vulnerable), TRICKS_BOOK + play.level))
    sign = 1 if play.declaring else -1
    out = np.zeros(NUM_TRICKS + 1)
    for ours in range(NUM_TRICKS + 1):
        declarer = ours if play.declaring else NUM_TRICKS - ours
        score = int(duplicate_score(play.level, play.strain, play.doubled, int(play.vulnerable), declarer))
        out[ours] = sign * imps(score - exact)
    return out


def positions(play: PlayView, hands: np.ndarray) -> list[Position]:
    """The double-dummy positions of the sampled deals ``hands[k, seat]`` (masks of the cards held)."""
    return [Position([cards_in(int(mask)) for mask in deal], play.strain, play.leader, play.trick) for deal in hands]


class SampledPlayer:
    """Chooses cards by sampled double-dummy analysis (see the module's docstring)."""

    def __init__(self, seed_rng: np.ndarray, seconds: float = 0.9, min_worlds: int = 6, max_worlds: int = 48,
                 lead_seconds: float = 1.0, lead_min: int = 4, lead_max: int = 16, use_auction: bool = True,
                 trick_weight: float = 0.25, lead_tolerance: float = 0.2) -> None:
        self.rng = seed_rng
        self.seconds = seconds
        """Thinking time a card (the opening lead excepted)."""
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.lead_seconds = lead_seconds
        """Thinking time for the opening lead."""
        self.lead_min = lead_min
        self.lead_max = lead_max
        self.use_auction = use_auction
        """Whether the deals must agree with the auction (else only with the play)."""
        self.trick_weight = trick_weight
        """How much a trick adds to a card's value in IMPs."""
        self.lead_tolerance = lead_tolerance
        """How far below the best an opening lead's value may be and still count as alike (the lead's few
        samples are noisy): the lead rules choose among them."""
        self.stop_flag = StopFlag()

    def values(self, play: PlayView, constraints: Constraints) -> CardValues:
        """Each legal card's mean tricks and value over the deals solved in the time allowed."""
        legal = play.legal()
        lead = play.opening_lead
        seconds = self.lead_seconds if lead else self.seconds
        least, most = (self.lead_min, self.lead_max) if lead else (self.min_worlds, self.max_worlds)
        utility = side_utility(play)
        won = play.won[play.to_play % 2]
        column = {card: i for i, card in enumerate(legal)}
        tricks_sum = np.zeros(len(legal))
        value_sum = np.zeros(len(legal))
        weight_sum = 0.0
        done = inside = 0
        batch = 2 if lead else 4
        started = time.perf_counter()
        self.stop_flag.clear()
        while done < most and not self.stop_flag.is_set:
            worlds = sample_worlds(play.view, constraints, min(batch, most - done), self.rng)
            if len(worlds) == 0:
                break
            solved = solve_positions(positions(play, worlds.hands))
            read = lead_weights(play, worlds.hands)
            for deal, miss, lead_weight in zip(solved, worlds.misses, read):
                weight = lead_weight * 0.5 ** min(int(miss), 20)
                for card, tricks in deal.items():
                    i = column[card]
                    tricks_sum[i] += weight * (won + tricks)
                    value_sum[i] += weight * utility[won + tricks]
                weight_sum += weight
            done += len(worlds)
            inside += sum(1 for miss in worlds.misses if miss == 0)
            elapsed = time.perf_counter() - started
            left = seconds - elapsed
            each = elapsed / done
            if (done >= least and left < 2 * each) or elapsed > HARD_LIMIT * seconds:
                break
            batch = max(1, min(int(0.8 * left / each), 2 * batch))
        weight_sum = weight_sum or 1.0
        return CardValues(legal, tricks_sum / weight_sum, value_sum / weight_sum, done, inside)

    def choose(self, play: PlayView, constraints: Constraints) -> tuple[int, CardValues | None]:
        """The card to play and the values it was chosen by (None where nothing was solved: a single
        legal card, all of them equivalent, or a stop before the first batch)."""
        legal = play.legal()
        if len(legal) == 1:
            return legal[0], None
        if not play.opening_lead and len(play.classes(legal)) == 1:
            return pick_among(play, legal), None
        values = self.values(play, constraints if self.use_auction else open_constraints())
        if values.worlds == 0:
            return rule_card(play, constraints), None
        return self.pick(play, values, constraints), values

    def pick(self, play: PlayView, values: CardValues, constraints: Constraints) -> int:
        """The card of best value; among those alike, the signals' or the lead rules' choice."""
        score = values.utility + self.trick_weight * values.tricks
        best = float(score.max())
        if play.opening_lead:
            alike = [card for card, s in zip(values.cards, score) if s >= best - self.lead_tolerance]
            return pick_lead(play, alike, constraints)
        alike = [card for card, s in zip(values.cards, score) if s >= best - 1e-9]
        return pick_among(play, alike)


__all__ = ["CardValues", "SampledPlayer", "positions", "side_utility"]
