"""Gin Rummy AI levels (help.md says what each does).

1 Gentle: the rule player of :mod:`.policy` that draws and discards at random one time in three.
2 Simple bot: the rule player, OpenSpiel's simple gin bot's rules (it also lays off, which that bot
  never does).
3 Card counter: determinized flat Monte Carlo (:mod:`.search`): worlds dealt from the cards it has not
  seen (the other hand's cards taken from the upcard kept), the other hand's hidden cards drawn by the
  odds its moves gave them (:mod:`.inference`: cards that make melds with what it discarded or passed on
  less likely, partners of what it took from the upcard likelier), every legal action tried in each
  world, the hand finished by rule players; it plays the search's best action only where it beats the
  rule player's by :data:`EVIDENCE` standard errors. Layoffs and the melds laid after a knock follow the
  rule player. Against OpenSpiel's simple bot (benchmarks/gin_rummy_strength.py, 0.1 s a decision,
  2,000 hands, both seats): +4.6 +-1.1 points a hand, 72% of 229 matches to 100 won; the inference
  alone, paired on 800 hands at 0.05 s: +1.2 +-1.5 points a hand.

Every level reads the seat's redacted view only (rules.redact), never the other hand or the stock; the
top level also reads the other seat's public moves from the history (each move and the upcard it met:
:func:`.inference.replay_events`).
"""

from __future__ import annotations

import time

import numpy as np

from tui_games.core.hints import Hint
from tui_games.engine.observer import redacted_array
from tui_games.engine.players import WarmUp, require_decision
from tui_games.engine.rng import make_rng
from tui_games.engine.stopflag import StopFlag
from tui_games.games.gin_rummy import rules
from tui_games.games.gin_rummy.constants import NUM_CARDS
from tui_games.games.gin_rummy.game import KERNELS
from tui_games.games.gin_rummy.inference import MAX_EVENTS, card_weights, load_table, replay_events
from tui_games.games.gin_rummy.melds import bit, deadwood
from tui_games.games.gin_rummy.policy import noisy_action, simple_action
from tui_games.games.gin_rummy.search import flat_monte_carlo

GENTLE, SIMPLE, CARD_COUNTER = 1, 2, 3
GENTLE_EPSILON = 0.33
"""How often the gentle level draws or discards at random."""
SEARCH_SECONDS = 0.1
"""The top level's thinking time per decision."""
SEARCH_WORLDS = 4000
"""The most worlds one search deals."""
FIRST_BATCH = 4
"""Worlds of the search's first run, which times the rest."""
EVIDENCE = 2.0
"""Standard errors by which the search's best action must beat the rule player's before the top level
plays it instead: with a few hundred worlds a decision, most discards differ by less than the noise."""
PLAYOUT_EPSILON = 0.05
"""How often a playout's rule player draws or discards at random."""
SEARCHED_PHASES = (rules.PHASE_FIRST_UPCARD, rules.PHASE_DRAW, rules.PHASE_DISCARD, rules.PHASE_KNOCK,
                   rules.PHASE_WALL)
"""The phases the top level searches; it lays off and lays its melds after a knock by the rules."""


class GinRummyAI:
    """A Gin Rummy player of a given level; ``seconds`` and ``worlds`` bound the top level's search."""

    def __init__(self, level: int, seed: int = 0, seconds: float | None = SEARCH_SECONDS,
                 worlds: int = SEARCH_WORLDS, epsilon: float = PLAYOUT_EPSILON) -> None:
        self.level = level
        self.seconds = seconds
        self.worlds = worlds
        self.epsilon = epsilon
        self.evidence = EVIDENCE
        """Standard errors by which the search must beat the rule player's choice (see :data:`EVIDENCE`)."""
        self.inference = 1.0
        """1: deal the other hand by what its moves showed (:mod:`.inference`); 0: every hidden card alike."""
        self.table: np.ndarray | None = None
        self.rng = make_rng(seed)
        self.stop_flag = StopFlag()
        self.warm_up = WarmUp(self._compile)
        self.buffer = np.empty(rules.MAX_ACTIONS, np.int64)
        self.last_worlds = 0
        """Worlds the last search dealt."""

    def _compile(self) -> None:
        state = rules.initial_state(0, 10, 25, 25, 0)
        probs = np.empty(rules.MAX_ACTIONS, np.float64)
        while state[0] < 0:
            n = rules.chance_outcomes(state, self.buffer, probs)
            rules.apply_action(state, self.buffer[n - 1])
        noisy_action(state, True, 0.5, self.rng, self.buffer)
        n = rules.legal_actions(state, self.buffer)
        events = np.zeros((MAX_EVENTS, 2), np.int64)
        history = np.zeros(1, np.int64)
        replay_events(state, history, 0, 1, events)
        weights = np.ones(NUM_CARDS)
        card_weights(events, 0, 0, np.ones((4, 5)), weights)
        flat_monte_carlo(state, int(state[0]), 1, self.epsilon, self.rng, StopFlag().array, self.buffer[:n].copy(),
                         n, np.zeros(n), np.zeros(n), np.zeros(n, np.int64), weights)
        self.table = load_table()

    def prepare(self, state=None) -> None:
        """Compile (or load) the kernels the moves use."""
        self.warm_up()

    def stop(self) -> None:
        """Cut a running search short: it answers with what it has."""
        self.stop_flag.set()

    def choose(self, state) -> int:
        """This level's action for the seat to move."""
        legal = require_decision(state)
        if len(legal) == 1:
            return legal[0]
        self.prepare()
        view = redacted_array(KERNELS, state.array, state.current_player)
        if self.level == GENTLE:
            return int(noisy_action(view, True, GENTLE_EPSILON, self.rng, self.buffer))
        if self.level == SIMPLE or int(view[rules.PHASE]) not in SEARCHED_PHASES:
            return int(simple_action(view, True, self.buffer))
        rule = int(simple_action(view, True, self.buffer))
        return self.pick(self.statistics(state), rule)

    def pick(self, stats: dict[int, tuple[float, int, float]], rule: int) -> int:
        """The search's best action where it beats the rule player's ``rule`` by :data:`EVIDENCE`
        standard errors of the difference, else ``rule``."""
        best = max(stats, key=lambda action: stats[action][0])
        if rule not in stats or best == rule:
            return best
        (best_mean, _, best_error), (rule_mean, _, rule_error) = stats[best], stats[rule]
        margin = self.evidence * (best_error ** 2 + rule_error ** 2) ** 0.5
        return best if best_mean - rule_mean > margin else rule

    def statistics(self, state) -> dict[int, tuple[float, int, float]]:
        """{action: (mean points, worlds, standard error of the mean)} of the top level's search."""
        legal = require_decision(state)
        self.prepare()
        player = state.current_player
        view = redacted_array(KERNELS, state.array, player)
        moves = np.array(legal, np.int64)
        sums = np.zeros(len(legal))
        squares = np.zeros(len(legal))
        visits = np.zeros(len(legal), np.int64)
        weights = self.weights(state, view, player)
        self.stop_flag.clear()
        started = time.perf_counter()
        done, batch = 0, FIRST_BATCH
        while done < self.worlds and not self.stop_flag.is_set:
            batch = min(batch, self.worlds - done)
            done += int(flat_monte_carlo(view, player, batch, self.epsilon, self.rng, self.stop_flag.array, moves,
                                         len(moves), sums, squares, visits, weights))
            if self.seconds is None or done == 0:
                continue
            elapsed = time.perf_counter() - started
            left = self.seconds - elapsed
            if left <= 0:
                break
            batch = max(1, min(int(left / (elapsed / done)), 4 * batch))
        self.last_worlds = done
        return {action: mean_and_error(sums[i], squares[i], int(visits[i])) for i, action in enumerate(legal)}

    def weights(self, state, view: np.ndarray, player: int) -> np.ndarray:
        """Each card's weight for the other hand, from the other seat's public moves in ``state.history``
        (every card 1 without inference, or where the history does not lead to this state)."""
        weights = np.ones(NUM_CARDS)
        history = np.asarray(state.history, np.int64)
        if not self.inference or len(history) != int(view[rules.PLY]):
            return weights
        start = rules.initial_state(*(int(view[field]) for field in (rules.OKLAHOMA, rules.KNOCK_PARAM,
                                                                      rules.GIN_BONUS, rules.UNDERCUT_BONUS,
                                                                      rules.FIRST)))
        events = np.zeros((MAX_EVENTS, 2), np.int64)
        other = 1 - player
        count = replay_events(start, history, len(history), other, events)
        card_weights(events, count, int(view[rules.KNOWN + other]), self.table, weights)
        return weights

    def hint(self, state) -> Hint:
        """The top level's suggestion: each action's mean points over the worlds it dealt, and the
        deadwood the hand is left with after each discard (or after the draw)."""
        legal = require_decision(state)
        player = state.current_player
        view = redacted_array(KERNELS, state.array, player)
        if len(legal) == 1 or int(view[rules.PHASE]) not in SEARCHED_PHASES:
            best = legal[0] if len(legal) == 1 else int(simple_action(view, True, self.buffer))
            return Hint(best=best, summary=f"deadwood {state.deadwood(player)}")
        stats = self.statistics(state)
        best = self.pick(stats, int(simple_action(view, True, self.buffer)))
        hand = int(view[rules.HANDS + player])
        texts = {}
        for action, (mean, worlds, _) in stats.items():
            if not worlds:
                continue
            text = f"{mean:+.1f} points"
            if action < NUM_CARDS and (hand >> action) & 1:
                text += f", deadwood {int(deadwood(hand & ~int(bit(action))))}"
            texts[action] = text
        summary = f"{state.action_to_string(best)}: deadwood {state.deadwood(player)} now; {self.last_worlds} worlds dealt"
        return Hint(best=best, values=texts, summary=summary)


def mean_and_error(total: float, squares: float, worlds: int) -> tuple[float, int, float]:
    """(mean, worlds, standard error of the mean) of ``worlds`` returns summing to ``total`` whose squares
    sum to ``squares``; an action no world tried gets a mean far below any return."""
    if worlds == 0:
        return -1e9, 0, 0.0
    mean = total / worlds
    variance = max(squares / worlds - mean * mean, 0.0)
    return mean, worlds, (variance / max(worlds - 1, 1)) ** 0.5


def make_ai(spec, level: int, seed: int = 0) -> GinRummyAI:
    """The AI player for ``level`` (1..3)."""
    return GinRummyAI(level, seed)
