"""Mahjong AI levels (help.md says what each does).

1 Gentle: the tile-efficiency player of :mod:`.policy` (the least shanten, ties at random, one discard
  in ten at random), riichi when ready, ron and tsumo; no calls, no defence.
2 Efficient: least shanten, then most ukeire; pon of a yakuhai pair when it costs no shanten; against
  a riichi with a hand two or more from ready, a tile the riichi seat has discarded or let go after
  its riichi (genbutsu) when it holds one; nine terminals when it has no thirteen-orphans chance.
3 Expert: each discard weighed as points: the odds of winning from the hand it leaves (self-play's
  table, :mod:`.odds`) times the hand's value (:mod:`.value`), less, against a threat (a riichi, or an
  open hand showing yaku or dora), the points the discard risks now (:mod:`.danger`: worlds sampled
  from the tiles it has not seen, each threat dealt a ready hand, the rules' scorer asked what each tile
  would cost) and those pushing on risks later (the table's deal-in odds). When folding (the safest
  tile) beats the best push it folds. Riichi unless staying closed (dama) is worth more; a yakuhai pon
  when it costs no shanten; other calls (pon, chi) when the hand's odds times value after the call beat
  the closed hand's, counting only the yaku the call leaves (yakuhai, all simples, one suit): no call
  leaves a hand without one. Against a riichi it calls only into a ready hand. Closed and added kans
  when no threat is out and the kan costs no shanten.

Every level reads the seat's redacted view only (rules.redact), never another hand or the walls. The
``simple`` rules (no riichi, no yaku, every win alike) are played by shanten alone at every level,
calling whatever lowers it.

Against three efficiency players over east games (benchmarks/mahjong_strength.py, 1,000 games, the AI
in each seat in turn): average place 2.27 (2.5 is even), +419 points a hand, 21.4% of hands won, 4.9%
dealt in, about 2 ms a decision (35 ms at most). Over the benchmark's 200 games: Gentle 3.09, Efficient
2.39, Expert 2.28.
"""

from __future__ import annotations

import numpy as np

from tui_games.core.hints import Hint
from tui_games.core.players import SIMULTANEOUS
from tui_games.engine.observer import redacted_array
from tui_games.engine.players import WarmUp, require_decision
from tui_games.engine.rng import make_rng
from tui_games.games.mahjong import danger as D
from tui_games.games.mahjong import efficiency as E
from tui_games.games.mahjong import planner as PL
from tui_games.games.mahjong import policy as P
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong import value as V
from tui_games.games.mahjong.constants import (CHI, DISCARD, KAN, MAX_ACTIONS, NINE_TERMINALS, PASS, PON, RIICHI,
                                               RON, TSUMO, action_name)
from tui_games.games.mahjong.odds import load_odds
from tui_games.games.mahjong.shanten import load_table

GENTLE, EFFICIENT, EXPERT = 1, 2, 3
LEVEL_NAMES = {GENTLE: "Gentle", EFFICIENT: "Efficient", EXPERT: "Expert"}
GENTLE_NOISE = 0.1
"""How often the gentle level discards a random tile."""
DANGER_WORLDS = 200
"""Worlds the expert samples to read the threats' waits (about 10 ms for one riichi)."""
SLACK = 2
"""Shanten behind the best that the expert still weighs a discard at."""
FOLD_LEAK = 0.05
"""The share of a threat's mean loss that folding still risks later (no safe tile left, a second
threat)."""
VALUE_WEIGHT = 0.5
"""The power of a not-yet-ready hand's guessed value in its worth (0: shanten and ukeire alone)."""
REFERENCE_VALUE = 3900.0
"""The value a not-yet-ready hand's guess is scaled around."""
PUSH_SLACK = 1
"""Against a threat, discards this far behind the best shanten still count as pushing (a safer tile
that costs a shanten)."""
TSUMO_SHARE = 0.35
"""The share of its wins a ready closed hand makes by tsumo: all that a wait without a yaku can win
when it stays closed without riichi (menzen tsumo)."""
KOKUSHI_KINDS = 11
"""Terminal and honour kinds from which the levels go for thirteen orphans instead of the abortive draw."""


def shanten_words(sh: int) -> str:
    """'ready', '1-shanten' ... 'complete'."""
    if sh < 0:
        return "complete"
    if sh == 0:
        return "ready"
    if sh >= E.NO_YAKU_SHANTEN:
        return "no yaku left"
    return f"{sh}-shanten"


def row_words(row) -> str:
    """A discard's numbers in words: '1-shanten, 24 tiles improve' or 'ready, 8 tiles win'."""
    sh, uk = int(row[PL.SH]), int(row[PL.UK])
    if sh == 0:
        return f"ready, {int(row[PL.TILES])} tiles win"
    if sh >= E.NO_YAKU_SHANTEN:
        return shanten_words(sh)
    return f"{shanten_words(sh)}, {uk} tiles improve"


class MahjongAI:
    """A riichi mahjong player of a given level (also the simple rules); ``worlds`` bounds the expert's
    danger sampling."""

    def __init__(self, level: int, seed: int = 0, worlds: int = DANGER_WORLDS) -> None:
        self.level = level
        self.worlds = worlds
        self.fold_leak = FOLD_LEAK
        self.value_weight = VALUE_WEIGHT
        self.push_slack = PUSH_SLACK
        self.deal_weight = 1.0
        """The weight of pushing on's later deal-in odds against a threat."""
        self.defend = 1
        """0: the expert never reads the threats (for measuring what defence is worth)."""
        self.calls = 1
        """0: the expert never calls."""
        self.rng = make_rng(seed)
        self.table: np.ndarray | None = None
        self.odds: np.ndarray | None = None
        self.actions = np.empty(MAX_ACTIONS, np.int64)
        self.rows = np.zeros((R.KINDS, PL.COLUMNS))
        self.warm_up = WarmUp(self._compile)
        self._hinter: MahjongAI | None = None  # the expert that gives a lower level's hints
        self.last_danger: np.ndarray | None = None
        """Each kind's deal-in odds at the expert's last discard (None without a threat)."""

    # ----- set-up ------------------------------------------------------------------------------------
    def _compile(self) -> None:
        self.table = load_table()
        self.odds = load_odds()
        for reading in (R.RIICHI_RULES, R.SIMPLE_RULES):
            state = R.new_hand(reading, 0, 27, 0, 0, np.full(R.SEATS, R.START_POINTS, np.int64))
            probs = np.empty(MAX_ACTIONS, np.float64)
            while state[R.PLAYER] == -1:
                P.play_chance(state, self.rng, self.actions, probs)
            view = state.copy()
            R.redact(state, 0, view)
            P.efficiency_turn(view, 0, self.table, self.rng, 0.0, True, self.actions)
            PL.discard_values(view, 0, self.table, self.odds, SLACK, self.rows)
            PL.current_row(view, 0, self.table, self.odds, self.rows[0])
            PL.kan_shanten(view, 0, int(np.argmax(R.hand_counts(view, 0))), self.table)
            self._danger(view, 0, np.array([0.0, 1.0, 0.0, 0.0]), 1)
            self.threats(view, 0)
            D.genbutsu(view, 1)
            c = R.hand_counts(view, 0)
            E.restricted_shanten(c, self.table, 0, E.ALL_KINDS)
            V.ready_value(view, 0, c, V.seat_reds(view, 0), np.zeros(R.KINDS, np.int64), True)
            P.ron_or_pass(view, 0, self.actions)
            if c.max() >= 2:  # a pon played on a scratch copy
                view[R.LAST_DISCARD] = int(np.argmax(c))
                view[R.DISCARDER] = 3
                PL.after_call(view, 0, PON, view.copy())

    def prepare(self, state=None) -> None:
        """Load the tables and compile (or load) the kernels the moves use."""
        self.warm_up()

    def stop(self) -> None:
        """Nothing to stop: a decision takes milliseconds."""

    # ----- choosing ----------------------------------------------------------------------------------
    def choose(self, state, player: int | None = None) -> int:
        """This level's action for the seat to move (seat ``player`` at the answers to a discard)."""
        legal = require_decision(state, player)
        if len(legal) == 1:
            return legal[0]
        self.prepare()
        seat = player if state.current_player == SIMULTANEOUS else state.current_player
        view = redacted_array(state.kernels, state.array, seat)
        return self.decide(view, seat, legal)

    def decide(self, view: np.ndarray, seat: int, legal: list[int]) -> int:
        """The action for ``seat`` from its redacted ``view`` among ``legal`` (for callers that keep
        arrays, such as the benchmark)."""
        self.prepare()
        if len(legal) == 1:
            return legal[0]
        if R.simple_game(view):
            return self._simple(view, seat, legal)
        if int(view[R.PLAYER]) == SIMULTANEOUS:
            if RON in legal:
                return RON
            if self.level == GENTLE:
                return PASS
            return self._answer(view, seat, legal)
        if TSUMO in legal:
            return TSUMO
        if self.level == GENTLE:
            return int(P.efficiency_turn(view, seat, self.table, self.rng, GENTLE_NOISE, False, self.actions))
        if NINE_TERMINALS in legal and self._orphan_kinds(view, seat) < KOKUSHI_KINDS:
            return NINE_TERMINALS
        if view[R.IN_RIICHI + seat] > 0:
            kans = [a for a in legal if KAN <= a < TSUMO]
            if kans and self.level == EXPERT and PL.riichi_others(view, seat) == 0:
                return kans[0]
            return int(DISCARD + view[R.DRAWN])
        if self.level == EFFICIENT:
            return self._efficient_turn(view, seat, legal)
        return self._expert_turn(view, seat, legal)

    # ----- level 2 -----------------------------------------------------------------------------------
    def _efficient_turn(self, view, seat, legal) -> int:
        rows = self.rows
        best = PL.discard_values(view, seat, self.table, self.odds, 0, rows)
        candidates = [k for k in range(R.KINDS) if rows[k, PL.SH] < 99]
        safe = None
        for other in range(R.SEATS):
            if other != seat and view[R.IN_RIICHI + other] > 0:
                mask = int(D.genbutsu(view, other))
                safe = mask if safe is None else safe & mask
        if safe and best >= 2:
            folds = [k for k in candidates if (safe >> k) & 1]
            if folds:
                kind = min(folds, key=lambda k: (rows[k, PL.SH], -rows[k, PL.UK], k))
                return int(PL.discard_action(view, seat, kind, False))
        kind = min((k for k in candidates if rows[k, PL.SH] == best), key=lambda k: (-rows[k, PL.UK], k))
        riichi = int(PL.discard_action(view, seat, kind, True))
        return riichi if best == 0 and riichi in legal else int(PL.discard_action(view, seat, kind, False))

    def _yakuhai_pon(self, view, seat, legal) -> int:
        kind = R.kind_of_type(int(view[R.LAST_DISCARD]))
        if PON not in legal or not E.yakuhai(kind, R.seat_wind(view, seat), int(view[R.ROUND_WIND])):
            return PASS
        row = np.zeros(PL.COLUMNS)
        PL.current_row(view, seat, self.table, self.odds, row)
        now = int(row[PL.SH])
        after = view.copy()
        PL.after_call(view, seat, PON, after)
        best = PL.discard_values(after, seat, self.table, self.odds, 0, self.rows)
        return PON if best <= now else PASS

    # ----- level 3 -----------------------------------------------------------------------------------
    def _danger(self, view, seat, weights, worlds) -> tuple[np.ndarray, np.ndarray]:
        hits = np.zeros((R.SEATS, R.KINDS))
        points = np.zeros((R.SEATS, R.KINDS))
        ready = np.zeros(R.SEATS)
        D.danger_map(view, seat, self.rng, int(worlds), weights, hits, points, ready)
        odds = np.zeros(R.KINDS)
        loss = np.zeros(R.KINDS)
        D.tile_danger(weights, hits, points, ready, odds, loss)
        return odds, loss

    def threats(self, view, seat) -> np.ndarray:
        """The odds each other seat is a ready threat (:func:`.danger.threat_weights`)."""
        weights = np.zeros(R.SEATS)
        D.threat_weights(view, seat, weights)
        return weights

    def discard_plan(self, view, seat) -> tuple[int, bool, np.ndarray, np.ndarray]:
        """(kind to discard, whether folding, push values, fold values) of the expert: the values are
        points per kind (-inf for kinds it may not discard or does not push with)."""
        rows = self.rows
        best = PL.discard_values(view, seat, self.table, self.odds, SLACK, rows)
        weights = self.threats(view, seat) if self.defend else np.zeros(R.SEATS)
        threatened = weights.max() > 0
        odds = loss = np.zeros(R.KINDS)
        if threatened:
            odds, loss = self._danger(view, seat, weights, self.worlds)
        self.last_danger = odds if threatened else None
        mean_loss = float(loss.sum() / odds.sum()) if threatened and odds.sum() > 0 else 0.0
        bonus = 1000.0 * float(view[R.RIICHI_STICKS]) + 300.0 * float(view[R.HONBA])
        push = np.full(R.KINDS, -np.inf)
        fold = np.full(R.KINDS, -np.inf)
        for k in range(R.KINDS):
            if rows[k, PL.SH] >= 99:
                continue
            fold[k] = -loss[k] - self.fold_leak * mean_loss
            if rows[k, PL.SH] > best + (self.push_slack if threatened else 0) or rows[k, PL.UK] < 0:
                continue
            push[k] = self.offence(rows[k], bonus)
            if threatened:
                push[k] -= self.deal_weight * rows[k, PL.DEAL] * mean_loss + loss[k]

        def efficiency(k: int) -> tuple:
            return (-rows[k, PL.SH], rows[k, PL.UK], -k)

        best_push = max(range(R.KINDS), key=lambda k: (push[k],) + efficiency(k))
        best_fold = max(range(R.KINDS), key=lambda k: (fold[k], push[k]) + efficiency(k))
        if threatened and fold[best_fold] > push[best_push]:
            return best_fold, True, push, fold
        return best_push, False, push, fold

    def offence(self, row, bonus: float = 0.0) -> float:
        """A discard's worth to the hand, in points: the win odds times the value (``bonus``, the riichi
        sticks and honba a win collects, added) for a ready hand; a hand further off weighs its guessed
        value less by :attr:`value_weight` (the guess is rough)."""
        value = row[PL.VALUE]
        if row[PL.SH] > 0:
            value = REFERENCE_VALUE * (value / REFERENCE_VALUE) ** self.value_weight
        return row[PL.WIN] * (value + bonus)

    def _expert_turn(self, view, seat, legal) -> int:
        kind, folding, push, _ = self.discard_plan(view, seat)
        rows = self.rows
        if not folding and not self.threats(view, seat).any():
            for a in legal:
                if KAN <= a < TSUMO and PL.kan_shanten(view, seat, a - KAN, self.table) <= rows[kind, PL.SH]:
                    return a
        riichi = int(PL.discard_action(view, seat, kind, True))
        if not folding and riichi in legal and rows[kind, PL.SH] == 0 and self._riichi_pays(view, seat, kind):
            return riichi
        return int(PL.discard_action(view, seat, kind, False))

    def _riichi_pays(self, view, seat, kind) -> bool:
        """Whether riichi is worth more than staying closed (dama) with the ready hand left by ``kind``."""
        c = R.hand_counts(view, seat)
        c[kind] -= 1
        unseen = np.empty(R.KINDS, np.int64)
        E.unseen_kinds(view, seat, unseen)
        reds = V.seat_reds(view, seat)
        if R.red_suit(kind) >= 0 and R.plain_count(view, seat, kind) == 0:
            reds[R.red_suit(kind)] = 0
        riichi_value, tiles = V.ready_value(view, seat, c, reds, unseen, True)
        dama_value, dama_tiles = V.ready_value(view, seat, c, reds, unseen, False)
        if tiles == 0:
            return False
        win = self.rows[kind, PL.WIN]
        riichi = win * riichi_value - (1 - win) * 1000  # the stick is lost unless the hand wins
        with_yaku = dama_tiles / tiles
        dama = win * (with_yaku * dama_value + (1 - with_yaku) * TSUMO_SHARE * riichi_value)
        return riichi >= dama

    def _answer(self, view, seat, legal) -> int:
        if self.level == EFFICIENT:
            return self._yakuhai_pon(view, seat, legal)
        if not self.calls:
            return PASS
        threatened = self.threats(view, seat).max() >= 1.0
        if not threatened and self._yakuhai_pon(view, seat, legal) == PON:
            return PON
        row = self.rows[0]
        PL.current_row(view, seat, self.table, self.odds, row)
        best, best_value = PASS, row[PL.WIN] * row[PL.VALUE]
        after = view.copy()
        for a in legal:
            if not CHI <= a <= PON:
                continue
            PL.after_call(view, seat, a, after)
            sh = PL.discard_values(after, seat, self.table, self.odds, 0, self.rows)
            if threatened and sh > 0:
                continue
            values = [self.rows[k, PL.WIN] * self.rows[k, PL.VALUE] for k in range(R.KINDS)
                      if self.rows[k, PL.SH] == sh]
            if values and max(values) > best_value:
                best, best_value = a, max(values)
        return best

    # ----- other rules -------------------------------------------------------------------------------
    @staticmethod
    def _orphan_kinds(view, seat) -> int:
        """The terminal and honour kinds in the seat's hand."""
        c = R.hand_counts(view, seat)
        return sum(1 for k in range(R.KINDS) if c[k] > 0 and (k >= 27 or k % 9 in (0, 8)))

    def _simple(self, view, seat, legal) -> int:
        """The simple rules: win when it may, call whatever lowers the shanten, discard to the least."""
        for win in (TSUMO, RON):
            if win in legal:
                return win
        c = R.hand_counts(view, seat)
        sets = int(view[R.MELD_N + seat])
        if int(view[R.PLAYER]) == SIMULTANEOUS:
            now = E.restricted_shanten(c, self.table, sets, E.ALL_KINDS)
            after = view.copy()
            for a in legal:
                if CHI <= a <= PON:
                    PL.after_call(view, seat, a, after)
                    if self._simple_best(after, seat)[1] < now:
                        return a
            return PASS
        kind, _ = self._simple_best(view, seat)
        return int(PL.discard_action(view, seat, kind, False))

    def _simple_best(self, view, seat) -> tuple[int, int]:
        """(kind, shanten) of the simple rules' best discard: the least shanten, then the most ukeire."""
        c = R.hand_counts(view, seat)
        sets = int(view[R.MELD_N + seat])
        unseen = np.empty(R.KINDS, np.int64)
        E.unseen_kinds(view, seat, unseen)
        best = None
        for k in range(R.KINDS):
            if not PL.may_discard(view, seat, k):
                continue
            c[k] -= 1
            sh = E.restricted_shanten(c, self.table, sets, E.ALL_KINDS)
            uk = 0
            for d in range(R.KINDS):
                if unseen[d] > 0 and c[d] < 4:
                    c[d] += 1
                    uk += unseen[d] if E.restricted_shanten(c, self.table, sets, E.ALL_KINDS) < sh else 0
                    c[d] -= 1
            c[k] += 1
            key = (sh, -uk, k)
            if best is None or key < best[0]:
                best = (key, k)
        return best[1], best[0][0]

    # ----- hints -------------------------------------------------------------------------------------
    def hint(self, state, player: int | None = None) -> Hint:
        """The expert's suggestion, with the hand's shanten and ukeire after each discard ('discard 5m:
        1-shanten, 24 tiles improve'), or after each call."""
        legal = require_decision(state, player)
        self.prepare()
        seat = player if state.current_player == SIMULTANEOUS else state.current_player
        view = redacted_array(state.kernels, state.array, seat)
        if self.level == EXPERT:
            expert = self
        else:
            if self._hinter is None:
                self._hinter = MahjongAI(EXPERT, seed=1, worlds=self.worlds)
            expert = self._hinter
        best = expert.decide(view, seat, legal)
        if R.simple_game(view):
            if int(view[R.PLAYER]) == SIMULTANEOUS or best in (TSUMO, RON):
                return Hint(best=best, summary=action_name(best))
            sh = expert._simple_best(view, seat)[1]
            return Hint(best=best, summary=f"{action_name(best)}: {shanten_words(sh)} after it")
        if int(view[R.PLAYER]) == SIMULTANEOUS:
            return self._call_hint(view, seat, legal, best, expert)
        values: dict[int, str] = {}
        if int(view[R.IN_RIICHI + seat]) == 0:
            PL.discard_values(view, seat, expert.table, expert.odds, R.KINDS, expert.rows)
            for a in legal:
                if a < CHI:
                    kind = R.kind_of_type(a % RIICHI)
                    values[a] = row_words(expert.rows[kind])
        words = values.get(best, "")
        if best == TSUMO:
            words = "a winning hand"
        elif best == NINE_TERMINALS:
            words = f"{self._orphan_kinds(view, seat)} kinds of terminals and honours"
        danger = expert.last_danger
        if danger is not None and best < CHI:
            words += f"; {100 * danger[R.kind_of_type(best % RIICHI)]:.0f}% deal-in risk"
        return Hint(best=best, values=values, summary=f"{action_name(best)}: {words}" if words else action_name(best))

    def _call_hint(self, view, seat, legal, best, expert) -> Hint:
        row = np.zeros(PL.COLUMNS)
        PL.current_row(view, seat, expert.table, expert.odds, row)
        values = {PASS: f"stay {shanten_words(int(row[PL.SH]))}"}
        after = view.copy()
        for a in legal:
            if CHI <= a <= PON:
                PL.after_call(view, seat, a, after)
                sh = PL.discard_values(after, seat, expert.table, expert.odds, 0, expert.rows)
                values[a] = f"{shanten_words(int(sh))} after the call"
            elif a == RON:
                values[a] = "a winning hand"
        return Hint(best=best, values=values, summary=f"{action_name(best)}: {values.get(best, '')}")


def make_ai(spec, level: int, seed: int = 0) -> MahjongAI:
    """The AI player for ``level`` (1..3)."""
    return MahjongAI(level, seed)


__all__ = ["DANGER_WORLDS", "EFFICIENT", "EXPERT", "GENTLE", "LEVEL_NAMES", "MahjongAI", "make_ai", "row_words",
           "shanten_words"]
