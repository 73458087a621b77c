"""UNO AI levels (help.md says what each does).

1 Gentle: a random legal action.
2 Rule player: the scored rules of :mod:`.policy` (keep wilds, stay in your strongest colour, use the
  action cards for tempo), deterministic but for ties.
3 Card shark: determinized flat Monte Carlo (:mod:`.search`): worlds dealt from the cards it cannot see
  (and what the table has learnt about who lacks what), every legal action tried in each world, the
  hand finished by rule players; about 35 ms a move. Playouts run to the end of the hand: cut at 8 or
  16 turns and valued by the hand values (:mod:`.hand_values`), they dealt 2-3 times the worlds but won
  56.6% and 60.0% of 500 hands against uno-rule-v1 where full playouts won 61.2% (search.PLAYOUT_DEPTH).
  In the official rules it draws instead of playing a card only when drawing did clearly better
  (:data:`DRAW_EVIDENCE`).

Every level reads the seat's redacted view only (rules.redact), never another hand or the pile.
"""

from __future__ import annotations

import random
import time

import numpy as np

from tui_games.core.hints import Hint
from tui_games.engine.observer import redacted_array
from tui_games.engine.players import WarmUp, require_decision
from tui_games.engine.rng import make_rng
from tui_games.engine.stopflag import StopFlag
from tui_games.games.uno import rules
from tui_games.games.uno.game import KERNELS
from tui_games.games.uno.policy import rule_action
from tui_games.games.uno.search import PLAYOUT_DEPTH, flat_monte_carlo

GENTLE, RULE_PLAYER, CARD_SHARK = 1, 2, 3
SEARCH_SECONDS = 0.035
"""The top level's thinking time per move."""
SEARCH_WORLDS = 20_000
"""The most worlds one search deals (the time runs out long before, except near the end of a hand)."""
FIRST_BATCH = 8
"""Worlds of the search's first run, which times the rest."""
PLAYOUT_EPSILON = 0.1
"""How often a playout's rule player plays a random legal action instead."""
DRAW_EVIDENCE = 2.0
"""Standard errors of the difference by which drawing must beat the best card before the top level
draws instead of playing one (official rules; RLCard's never offer the choice). The playouts value a
draw soundly, but near the start of a hand it trails the best card by only 1-4 points (a card more
changes a two-player hand's odds by about 2%), within the noise of the ~600 worlds of a 35 ms search
(a paired difference's spread is about 67 points a world), so the plain best mean drew there in about
1 search in 10. Measured over 600 random two-player positions, each choice scored by 8,000-world
values: the points lost to wrong draw-or-play choices at 600 worlds a search were 28.5 with no margin,
3.8 at 1 error, 2.3 at 2 and 8.3 at 3 (which never draws: keeping a lone playable Wild Draw Four by
drawing can be right); at 250 worlds 74.4, 22.5, 19.3 and 19.3."""


class UnoAI:
    """An UNO player of a given level; ``seconds`` and ``worlds`` bound the top level's search."""

    def __init__(self, level: int, seed: int = 0, seconds: float | None = SEARCH_SECONDS,
                 worlds: int = SEARCH_WORLDS, epsilon: float = PLAYOUT_EPSILON, depth: int = PLAYOUT_DEPTH) -> None:
        self.level = level
        self.depth = depth
        self.seconds = seconds
        self.worlds = worlds
        self.epsilon = epsilon
        self.random = random.Random(seed)
        self.rng = make_rng(seed)
        self.stop_flag = StopFlag()
        self.warm_up = WarmUp(self._compile)
        self.last_worlds = 0
        """Worlds the last search dealt."""

    def _compile(self) -> None:
        state = KERNELS.initial(0, {"players": 2, "rules": "rlcard"})
        buffer = np.empty(rules.MAX_ACTIONS, np.int64)
        while state[0] < 0:
            n = KERNELS.chance(state, buffer, np.empty(rules.MAX_ACTIONS, np.float64))
            KERNELS.apply(state, buffer[n - 1])
        rule_action(state, self.rng, 0.0, buffer)
        n = KERNELS.legal(state, buffer)
        flat_monte_carlo(state, int(state[0]), 1, self.epsilon, self.rng, StopFlag().array, buffer[:n].copy(), n,
                         np.zeros(n), np.zeros(n), np.zeros(n, np.int64), self.depth)

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
        if self.level == GENTLE:
            return self.random.choice(legal)
        self.prepare()
        view = redacted_array(KERNELS, state.array, state.current_player)
        if self.level == RULE_PLAYER:
            return int(rule_action(view, self.rng, 0.0, np.empty(rules.MAX_ACTIONS, np.int64)))
        return best_action(self.statistics(state))

    def values(self, state) -> dict[int, tuple[float, int]]:
        """{action: (mean return, worlds)} of the top level's search in ``state``."""
        return {action: (mean, worlds) for action, (mean, worlds, _) in self.statistics(state).items()}

    def statistics(self, state) -> dict[int, tuple[float, int, float]]:
        """{action: (mean return, worlds, standard error of the mean)} of the top level's search."""
        legal = require_decision(state)
        self.prepare()
        player = state.current_player
        view = redacted_array(KERNELS, state.array, player)
        moves = np.array(legal, np.int64)
        sums = np.zeros(len(legal))
        squares = np.zeros(len(legal))
        visits = np.zeros(len(legal), np.int64)
        self.stop_flag.clear()
        self.last_worlds = self._search(view, player, moves, sums, squares, visits)
        return {action: mean_and_error(sums[i], squares[i], int(visits[i])) for i, action in enumerate(legal)}

    def _search(self, view, player: int, moves, sums, squares, visits) -> int:
        """Deal worlds in short runs until ``worlds`` are dealt, the time is up (the runs are sized from
        the speed so far, so the last ends by the deadline) or a stop is asked; returns the worlds."""
        started = time.perf_counter()
        done, batch = 0, FIRST_BATCH
        while done < self.worlds and not self.stop_flag.is_set:
            batch = min(batch, self.worlds - done)
            done += int(flat_monte_carlo(view, player, batch, self.epsilon, self.rng, self.stop_flag.array, moves,
                                         len(moves), sums, squares, visits, self.depth))
            if self.seconds is None or done == 0:
                continue
            elapsed = time.perf_counter() - started
            left = self.seconds - elapsed
            if left <= 0:
                break
            batch = max(1, min(int(left / (elapsed / done)), 4 * batch))
        return done

    def hint(self, state) -> Hint:
        """The top level's suggestion: each action's expected result over the worlds it dealt, and how often
        the hand values (rules.evaluate) say a position like the mover's wins (and, where drawing did a
        little better than the card suggested, that the lead is within the noise)."""
        stats = self.statistics(state)
        best = best_action(stats)
        rlcard = int(state.array[rules.RULES]) == rules.RLCARD
        texts = {}
        for action, (mean, worlds, _) in stats.items():
            if not worlds:
                continue
            texts[action] = (f"wins {50 * (mean + 1):.0f}%" if rlcard else f"{mean:+.1f} points")
        view = redacted_array(KERNELS, state.array, state.current_player)
        chance = 50 * (float(rules.evaluate(view, state.current_player)) + 1)
        summary = f"{self.last_worlds} worlds dealt; hands like yours win {chance:.0f}%"
        if best != max(stats, key=lambda action: stats[action][0]):
            summary += "; drawing did a little better, within the noise: play the card"
        return Hint(best=best, values=texts, summary=summary)


def mean_and_error(total: float, squares: float, worlds: int) -> tuple[float, int, float]:
    """(mean, worlds, standard error of the mean) of ``worlds`` returns summing to ``total`` whose squares
    sum to ``squares``; an action no world tried gets a mean far below any return."""
    if worlds == 0:
        return -1e9, 0, 0.0
    mean = total / worlds
    variance = max(squares / worlds - mean * mean, 0.0)
    return mean, worlds, (variance / max(worlds - 1, 1)) ** 0.5


def best_action(stats: dict[int, tuple[float, int, float]]) -> int:
    """The action with the best mean in ``stats`` ({action: (mean, worlds, standard error)}), except that
    a draw beats the best card it could be played instead of only by :data:`DRAW_EVIDENCE` standard
    errors of their difference."""
    best = max(stats, key=lambda action: stats[action][0])
    cards = [action for action in stats if action != rules.DRAW]
    if best != rules.DRAW or not cards:
        return best
    card = max(cards, key=lambda action: stats[action][0])
    (draw_mean, _, draw_error), (card_mean, _, card_error) = stats[rules.DRAW], stats[card]
    margin = DRAW_EVIDENCE * (draw_error ** 2 + card_error ** 2) ** 0.5
    return rules.DRAW if draw_mean - card_mean > margin else card


def make_ai(spec, level: int, seed: int = 0) -> UnoAI:
    """The AI player for ``level`` (1..3)."""
    return UnoAI(level, seed)

