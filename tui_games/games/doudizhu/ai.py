"""Dou Dizhu AI levels. Every level decides from what its seat may see (the redacted state).

1 Gentle: half its moves are the rule player's, half a random legal move; bids 1 with a good hand
  (its odds from 24 sampled deals played out as landlord).
2 Rule player: the rule player of strategy.py (RLCard's doudizhu-rule-v1 idea, rewritten around the
  plays a hand still needs).
3 Card counter: determinized flat Monte Carlo (search.py): the hidden hands dealt afresh from the
  cards not yet seen, every candidate move played out by the rule player in every seat; about 0.3 s.
4 Master: the same search for up to 0.9 s a move (racing the candidates: the clearly worse are
  dropped as the playouts come in).

Levels 2-4 bid at once from the hand-strength table (hand_strength.py, fitted by
scripts/doudizhu_hand_strength.py): the hand's predicted chance to win as landlord against the
table's thresholds for the turn of the auction. ``bidding="playouts"`` bids as the levels did before
the table, from the odds of sampled deals played out as landlord (48, 300 and 1,000 deals at levels 2-4,
at :data:`BID_ODDS`).

Candidates: the legal moves the rule player rates best, at most two kicker choices per main part
(a trio's kicker, an airplane's wings), at most :data:`MAX_CANDIDATES` in all, the pass included.
"""

from __future__ import annotations

import math
import random
import time

import numpy as np

from tui_games.core.hints import Hint
from tui_games.engine.observer import redacted_array
from tui_games.engine.players import WarmUp, require_decision
from tui_games.engine.rng import make_rng
from tui_games.engine.stopflag import StopFlag
from tui_games.games.doudizhu import hand_strength, moves, rules, search, strategy
from tui_games.games.doudizhu.game import KERNELS, bid_action

MAX_CANDIDATES = 24
"""Most moves one search weighs."""
PER_BLOCK = 2
"""Most kicker choices weighed for one main part."""
BID_ODDS = (0.5, 0.58, 0.66)
"""Landlord odds at which levels 2-4 bid 1, 2 and 3 when they bid by playouts."""
BIDDINGS = ("table", "playouts")
"""How a level bids: by the hand-strength table, or by playouts of sampled deals."""

LEVELS = {
    1: dict(name="Gentle", noise=0.5, seconds=0.0, bidding="playouts", bid_worlds=24, bid_odds=(0.62, 1.1, 1.1)),
    2: dict(name="Rule player", noise=0.0, seconds=0.0, bidding="table", bid_worlds=48, bid_odds=BID_ODDS),
    3: dict(name="Card counter", noise=0.0, seconds=0.3, bidding="table", bid_worlds=300, bid_odds=BID_ODDS),
    4: dict(name="Master", noise=0.0, seconds=0.9, bidding="table", bid_worlds=1000, bid_odds=BID_ODDS),
}
"""Each level's settings: random move rate, search seconds (0: the rule player alone), how it bids,
and the deals and odds of bidding by playouts."""


def view_of(state, seat: int) -> np.ndarray:
    """``seat``'s redacted copy of the state array (all an AI may read)."""
    return redacted_array(KERNELS, state.array, seat)


def candidates(view: np.ndarray, seat: int, legal: list[int], limit: int = MAX_CANDIDATES) -> list[int]:
    """The moves worth searching, best rated first (see the module docstring)."""
    legal_array = np.array(legal, dtype=np.int64)
    scores = np.empty(len(legal), dtype=np.float64)
    strategy.move_scores(view, seat, legal_array, scores)
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], legal[i]))
    kept: list[int] = []
    per_block: dict[tuple[int, int], int] = {}
    for i in order:
        move = legal[i]
        key = (int(moves.MOVE_CLASS[move]), int(moves.MOVE_RANK[move]))
        if per_block.get(key, 0) >= PER_BLOCK:
            continue
        per_block[key] = per_block.get(key, 0) + 1
        kept.append(move)
        if len(kept) >= limit:
            break
    return kept


class DoudizhuPlayer:
    """One AI level (see the module docstring); ``seconds`` overrides the level's search time,
    ``worlds`` caps the worlds one search samples (a search then repeats exactly for a seed), and
    ``bidding`` (one of :data:`BIDDINGS`) the way it bids."""

    def __init__(self, level: int, seed: int = 0, seconds: float | None = None, worlds: int | None = None,
                 bidding: str | None = None) -> None:
        self.level = level
        self.settings = dict(LEVELS[level])
        if seconds is not None:
            self.settings["seconds"] = seconds
        if bidding is not None:
            if bidding not in BIDDINGS:
                raise ValueError(f"bidding must be one of {BIDDINGS}, not {bidding!r}")
            self.settings["bidding"] = bidding
        self.worlds = worlds
        self.random = random.Random(seed)
        self.rng = make_rng(seed)
        self.stop_flag = StopFlag()
        self.buffer = np.empty(rules.MAX_ACTIONS, dtype=np.int64)
        self.scratch = (np.empty(rules.RANKS, dtype=np.int64), np.empty(rules.RANKS, dtype=np.int64))
        self.warm_up = WarmUp(self._compile)
        self.last_values: dict[int, float] = {}
        """Each candidate's share of playouts won in the last search (empty after a rule move)."""

    def _compile(self) -> None:
        """Compile (or load) every kernel a move uses, on a dealt position."""
        s = rules.initial_state(rules.AUCTION)
        actions = np.empty(rules.MAX_ACTIONS, dtype=np.int64)
        probs = np.empty(rules.MAX_ACTIONS, dtype=np.float64)
        while int(s[rules.PHASE]) in (rules.PHASE_DEAL, rules.PHASE_FIRST_BIDDER):
            rules.chance_outcomes(s, actions, probs)
            rules.apply_action(s, actions[0])
        none = StopFlag().array
        search.landlord_odds(s, 0, 0, make_rng(0), none, 0.0)
        if self.settings["bidding"] == "table":
            hand_strength.load_table().win_rate(s[rules.HANDS:rules.HANDS + rules.RANKS])
        rules.begin_play(s, 0)
        strategy.rule_move(s, 0, self.buffer, *self.scratch)
        strategy.move_scores(s, 0, np.array([rules.PASS], dtype=np.int64), np.empty(1))
        search.evaluate_moves(s, 0, np.empty(0, dtype=np.int64), 0, make_rng(0), np.empty(0),
                              np.empty(0, dtype=np.int64), none, 0.0)

    def prepare(self, state=None) -> None:
        """Compile (or load) the search kernels before the first move."""
        self.warm_up()

    def stop(self) -> None:
        """Ask a running search to answer now."""
        self.stop_flag.set()

    def choose(self, state) -> int:
        """The level's action for the seat to move."""
        legal = require_decision(state)
        self.prepare()
        seat = state.current_player
        view = view_of(state, seat)
        self.last_values = {}
        if len(legal) == 1:
            return legal[0]
        if int(view[rules.PHASE]) == rules.PHASE_BIDDING:
            return self._bid(view, seat, legal)
        if self.settings["noise"] and self.random.random() < self.settings["noise"]:
            return self.random.choice(legal)
        rule = int(strategy.rule_move(view, seat, self.buffer, *self.scratch))
        if self.settings["seconds"] <= 0 or moves.MOVE_SIZE[rule] == int(view[rules.HAND_SIZE + seat]):
            return rule
        pool = candidates(view, seat, legal)
        if rule not in pool:
            pool.append(rule)
        if len(pool) == 1:
            return pool[0]
        return self._search(view, seat, pool, rule)

    def _bid(self, view: np.ndarray, seat: int, legal: list[int]) -> int:
        """Bid by the hand-strength table, or by the odds of winning as landlord over sampled deals."""
        if self.settings["bidding"] == "table":
            table = hand_strength.load_table()
            odds = table.win_rate(view[rules.HANDS + seat * rules.RANKS:rules.HANDS + (seat + 1) * rules.RANKS])
            value = table.bid(odds, int(view[rules.BID_TURNS]), int(view[rules.BID]))
        else:
            self.stop_flag.clear()
            with self.stop_flag.deadline(max(self.settings["seconds"], 0.2)):
                odds = search.landlord_odds(view, seat, self.settings["bid_worlds"], self.rng,
                                            self.stop_flag.array, 0.0)
            value = sum(1 for threshold in self.settings["bid_odds"] if odds >= threshold)
        self.last_values = {rules.PASS: odds}
        action = bid_action(value) if value else rules.PASS
        return action if action in legal else rules.PASS

    def _search(self, view: np.ndarray, seat: int, pool: list[int], rule: int) -> int:
        """Race the candidates over sampled worlds until the time is up; the most playouts won."""
        active = list(pool)
        wins = {move: 0.0 for move in pool}
        plays = {move: 0 for move in pool}
        self.stop_flag.clear()
        deadline = time.perf_counter() + self.settings["seconds"]
        batch = 4
        sampled = 0
        limit = self.worlds if self.worlds is not None else 1 << 62
        with self.stop_flag.deadline(None if self.worlds is not None else self.settings["seconds"]):
            while (len(active) > 1 and sampled < limit and not self.stop_flag.is_set
                   and (self.worlds is not None or time.perf_counter() < deadline)):
                cands = np.array(active, dtype=np.int64)
                w = np.zeros(len(active))
                n = np.zeros(len(active), dtype=np.int64)
                sampled += search.evaluate_moves(view, seat, cands, min(batch, limit - sampled), self.rng, w, n,
                                                 self.stop_flag.array, search.PLAYOUT_NOISE)
                for k, move in enumerate(active):
                    wins[move] += w[k]
                    plays[move] += int(n[k])
                active = _survivors(active, wins, plays)
                batch = min(batch * 2, 64)
        self.last_values = {m: wins[m] / plays[m] for m in pool if plays[m]}
        if not self.last_values:
            return rule
        return max(pool, key=lambda m: (self.last_values.get(m, -1.0), m == rule, -m))

    def hint(self, state) -> Hint:
        """The level's move, with the share of playouts each candidate won."""
        action = self.choose(state)
        name = state.action_to_string
        values = {m: f"wins {p:.0%} of playouts" for m, p in self.last_values.items()}
        if int(state.array[rules.PHASE]) == rules.PHASE_BIDDING and self.last_values:
            summary = f"{name(action)}: about {self.last_values[rules.PASS]:.0%} to win as landlord"
            values = {}
        elif values:
            summary = f"{name(action)} won {self.last_values[action]:.0%} of the playouts"
        else:
            summary = f"{LEVELS[self.level]['name']} plays {name(action)}"
        return Hint(action, values, summary)


def _survivors(active: list[int], wins: dict, plays: dict) -> list[int]:
    """The candidates still in the race: within two standard errors of the best."""
    means = {m: wins[m] / plays[m] for m in active if plays[m]}
    if len(means) < len(active):
        return active
    best = max(means.values())
    spread = {m: math.sqrt(max(means[m] * (1 - means[m]), 0.05) / plays[m]) for m in active}
    leader = max(active, key=lambda m: means[m])
    return [m for m in active if means[m] + 2.0 * spread[m] >= best - 2.0 * spread[leader] or m == leader]


def make_ai(spec, level: int, seed: int = 0) -> DoudizhuPlayer:
    """The AI player for ``level`` (1 Gentle, 2 Rule player, 3 Card counter, 4 Master)."""
    return DoudizhuPlayer(level, seed)


__all__ = ["BIDDINGS", "BID_ODDS", "DoudizhuPlayer", "LEVELS", "MAX_CANDIDATES", "candidates", "make_ai", "view_of"]
