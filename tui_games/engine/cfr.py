"""CFR+ for small two-player zero-sum games with hidden information, with the average strategy, its
value and its exploitability (best responses).

Compiled once for every game: the game's kernels arrive as typed first-class functions, plus an
``infostate_key(state, seat)`` kernel (:data:`~tui_games.engine.jit.SIG_INFOSTATE_KEY`) that tells the
information sets apart. Every iteration walks the whole game tree (chance outcomes weighted by their
probabilities), once per seat in turn (alternating updates); regrets are floored at zero (regret
matching+) and the average strategy weighs iteration t by t (Tammelin 2014; Tammelin, Burch,
Johanson and Bowling 2015). Small games only: the tree is walked in full every iteration.

Information sets live in an open-addressing table of ``2**table_log2`` slots, keyed by (seat, key):
``keys`` and ``info`` (seat, number of actions; seat -1 marks a free slot), then per slot and action
index the action id, the regret, the regret change of the running iteration and the strategy sum.
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_INFOSTATE_KEY, FN_LEGAL, FN_RETURNS, kernel, types
from tui_games.engine.limits import MAX_SEATS, buffer_width, check_width, seat_return
from tui_games.engine.stopflag import NODES, StopFlag, should_stop

SEAT, COUNT = 0, 1
"""Columns of ``info``."""

KEYS = types.int64[::1]
INFO = types.int64[:, ::1]
PER_ACTION = types.float64[:, ::1]
TABLE = (KEYS, INFO, types.int64[:, ::1], PER_ACTION, PER_ACTION, PER_ACTION)
"""keys, info, actions, regret, regret change, strategy sum."""


@kernel(types.int64(KEYS, INFO, types.int64[:, ::1], types.int64, types.int64, types.int64[::1], types.int64))
def find_slot(keys, info, slot_actions, key, seat, actions, n):
    """The slot of information set (``seat``, ``key``), made with the ``actions[:n]`` if new."""
    mask = keys.shape[0] - 1
    h = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(seat) * np.uint64(0xBF58476D1CE4E5B9)
    slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(mask))
    for _ in range(keys.shape[0]):
        if info[slot, SEAT] < 0:
            keys[slot] = key
            info[slot, SEAT] = seat
            info[slot, COUNT] = n
            slot_actions[slot, :n] = actions[:n]
            return slot
        if keys[slot] == key and info[slot, SEAT] == seat:
            if info[slot, COUNT] != n:
                raise ValueError("two states of one information set have different legal actions")
            return slot
        slot = (slot + 1) & mask
    raise ValueError("the CFR information-set table is full: give it more slots")


@kernel(types.void(PER_ACTION, types.int64, types.int64, types.float64[::1]))
def regret_matching(regret, slot, n, out):
    """The current strategy of a slot: positive regrets normalised, uniform when there are none."""
    total = 0.0
    for a in range(n):
        if regret[slot, a] > 0.0:
            total += regret[slot, a]
    for a in range(n):
        out[a] = (regret[slot, a] if regret[slot, a] > 0.0 else 0.0) / total if total > 0.0 else 1.0 / n


@kernel(types.void(PER_ACTION, types.int64, types.int64, types.float64[::1]))
def average_strategy(strategy_sum, slot, n, out):
    """The average strategy of a slot (uniform before any weight was added)."""
    total = 0.0
    for a in range(n):
        total += strategy_sum[slot, a]
    for a in range(n):
        out[a] = strategy_sum[slot, a] / total if total > 0.0 else 1.0 / n


@kernel(types.float64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_INFOSTATE_KEY, types.int64[::1],
                      types.int64, types.float64, types.float64, types.float64, *TABLE, types.int64))
def traverse(legal, apply, chance, returns, infostate_key, s, seat, reach_seat, reach_others, weight,
             keys, info, slot_actions, regret, change, strategy_sum, width):
    """One CFR+ walk below ``s`` updating ``seat``: returns the value of ``s`` for ``seat``, adds the
    counterfactual regret changes to ``change`` and the weighted current strategy to the sums."""
    mover = s[PLAYER]
    if mover == TERMINAL:
        return seat_return(returns, s, seat)
    actions = np.empty(width, np.int64)
    child = np.empty_like(s)
    if mover == CHANCE:
        probs = np.empty(width, np.float64)
        n = check_width(chance(s, actions, probs), width)
        value = 0.0
        for i in range(n):
            child[:] = s
            apply(child, actions[i])
            value += probs[i] * traverse(legal, apply, chance, returns, infostate_key, child, seat,
                                         reach_seat, reach_others * probs[i], weight, keys, info,
                                         slot_actions, regret, change, strategy_sum, width)
        return value
    n = check_width(legal(s, actions), width)
    slot = find_slot(keys, info, slot_actions, infostate_key(s, mover), mover, actions, n)
    strategy = np.empty(n, np.float64)
    regret_matching(regret, slot, n, strategy)
    if mover != seat:
        value = 0.0
        for a in range(n):
            # an action the other seat never plays still leads to histories of the updating seat's
            # information sets, whose strategy sums count every history (as OpenSpiel's CFR does)
            if strategy[a] == 0.0 and reach_seat == 0.0:
                continue
            child[:] = s
            apply(child, actions[a])
            value += strategy[a] * traverse(legal, apply, chance, returns, infostate_key, child, seat,
                                            reach_seat, reach_others * strategy[a], weight, keys, info,
                                            slot_actions, regret, change, strategy_sum, width)
        return value
    values = np.empty(n, np.float64)
    value = 0.0
    for a in range(n):
        child[:] = s
        apply(child, actions[a])
        values[a] = traverse(legal, apply, chance, returns, infostate_key, child, seat,
                             reach_seat * strategy[a], reach_others, weight, keys, info, slot_actions,
                             regret, change, strategy_sum, width)
        value += strategy[a] * values[a]
    for a in range(n):
        change[slot, a] += reach_others * (values[a] - value)
        strategy_sum[slot, a] += weight * reach_seat * strategy[a]
    return value


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_INFOSTATE_KEY, types.int64[::1],
                    types.int64, types.int64, *TABLE, types.int64[::1]))
def cfr_plus(legal, apply, chance, returns, infostate_key, root, first_iteration, iterations, keys, info,
             slot_actions, regret, change, strategy_sum, control):
    """Run ``iterations`` CFR+ iterations (numbered from ``first_iteration``) from ``root``, seat 0
    then seat 1 each time; returns how many ran (fewer when stopped through ``control``)."""
    width = slot_actions.shape[1]
    for done in range(iterations):
        if should_stop(control, done):
            return done
        if control.shape[0] > NODES:
            control[NODES] += 1
        t = first_iteration + done
        for seat in range(2):
            traverse(legal, apply, chance, returns, infostate_key, root, seat, 1.0, 1.0, float(t), keys,
                     info, slot_actions, regret, change, strategy_sum, width)
            for slot in range(keys.shape[0]):
                if info[slot, SEAT] == seat:
                    for a in range(info[slot, COUNT]):
                        r = regret[slot, a] + change[slot, a]
                        regret[slot, a] = r if r > 0.0 else 0.0
                        change[slot, a] = 0.0
    return iterations


@kernel(types.void(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_INFOSTATE_KEY, types.int64[::1], *TABLE,
                   types.int64, types.float64[::1]))
def policy_value(legal, apply, chance, returns, infostate_key, s, keys, info, slot_actions, regret, change,
                 strategy_sum, width, out):
    """``out[:seats]``: every seat's expected return below ``s`` when all play the average strategy."""
    mover = s[PLAYER]
    if mover == TERMINAL:
        out[:] = 0.0
        returns(s, out)
        return
    actions = np.empty(width, np.int64)
    probs = np.empty(width, np.float64)
    child = np.empty_like(s)
    below = np.zeros(MAX_SEATS, np.float64)
    if mover == CHANCE:
        n = check_width(chance(s, actions, probs), width)
    else:
        n = check_width(legal(s, actions), width)
        slot = find_slot(keys, info, slot_actions, infostate_key(s, mover), mover, actions, n)
        average_strategy(strategy_sum, slot, n, probs)
    out[:] = 0.0
    for i in range(n):
        if probs[i] == 0.0:
            continue
        child[:] = s
        apply(child, actions[i])
        policy_value(legal, apply, chance, returns, infostate_key, child, keys, info, slot_actions, regret,
                     change, strategy_sum, width, below)
        for p in range(MAX_SEATS):
            out[p] += probs[i] * below[p]


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_INFOSTATE_KEY, types.int64[::1], types.int64,
                    types.float64, *TABLE, types.int64, types.int64[:, ::1], types.float64[::1],
                    types.int64[::1], types.int64[::1], types.int64))
def collect_decisions(legal, apply, chance, infostate_key, s, seat, reach, keys, info, slot_actions, regret,
                      change, strategy_sum, width, states, reaches, next_record, first_record, count):
    """Record every decision of ``seat`` below ``s`` with the probability that chance and the other
    seats (on their average strategies) lead there; returns the new record count. With an empty
    ``states`` array it only counts. Records of one information set are chained from
    ``first_record[slot]`` through ``next_record``."""
    mover = s[PLAYER]
    if mover == TERMINAL:
        return count
    actions = np.empty(width, np.int64)
    probs = np.empty(width, np.float64)
    child = np.empty_like(s)
    if mover == CHANCE:
        n = check_width(chance(s, actions, probs), width)
    else:
        n = check_width(legal(s, actions), width)
        slot = find_slot(keys, info, slot_actions, infostate_key(s, mover), mover, actions, n)
        if mover == seat:
            if states.shape[0] > 0:
                states[count, :] = s
                reaches[count] = reach
                next_record[count] = first_record[slot]
                first_record[slot] = count
            count += 1
            probs[:n] = 1.0
        else:
            average_strategy(strategy_sum, slot, n, probs)
    for i in range(n):
        child[:] = s
        apply(child, actions[i])
        count = collect_decisions(legal, apply, chance, infostate_key, child, seat,
                                  reach * (1.0 if mover == seat else probs[i]), keys, info, slot_actions,
                                  regret, change, strategy_sum, width, states, reaches, next_record,
                                  first_record, count)
    return count


@kernel(types.float64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, FN_INFOSTATE_KEY, types.int64[::1],
                      types.int64, *TABLE, types.int64, types.int64[:, ::1], types.float64[::1],
                      types.int64[::1], types.int64[::1], types.int64[::1]))
def best_response_value(legal, apply, chance, returns, infostate_key, s, seat, keys, info, slot_actions,
                        regret, change, strategy_sum, width, states, reaches, next_record, first_record,
                        choice):
    """The value for ``seat`` of its best response below ``s`` to the others' average strategies.

    ``choice[slot]`` caches the best action index of each of ``seat``'s information sets (-1 until
    known): it is the action whose value, summed over the set's recorded states weighted by their
    reach, is highest.
    """
    mover = s[PLAYER]
    if mover == TERMINAL:
        return seat_return(returns, s, seat)
    actions = np.empty(width, np.int64)
    probs = np.empty(width, np.float64)
    child = np.empty_like(s)
    if mover == CHANCE:
        n = check_width(chance(s, actions, probs), width)
    else:
        n = check_width(legal(s, actions), width)
        slot = find_slot(keys, info, slot_actions, infostate_key(s, mover), mover, actions, n)
        if mover == seat:
            if choice[slot] < 0:
                totals = np.zeros(n, np.float64)
                record = first_record[slot]
                while record >= 0:
                    for a in range(n):
                        child[:] = states[record]
                        apply(child, actions[a])
                        totals[a] += reaches[record] * best_response_value(
                            legal, apply, chance, returns, infostate_key, child, seat, keys, info,
                            slot_actions, regret, change, strategy_sum, width, states, reaches, next_record,
                            first_record, choice)
                    record = next_record[record]
                choice[slot] = np.argmax(totals)
            child[:] = s
            apply(child, actions[choice[slot]])
            return best_response_value(legal, apply, chance, returns, infostate_key, child, seat, keys, info,
                                       slot_actions, regret, change, strategy_sum, width, states, reaches,
                                       next_record, first_record, choice)
        average_strategy(strategy_sum, slot, n, probs)
    value = 0.0
    for i in range(n):
        if probs[i] == 0.0:
            continue
        child[:] = s
        apply(child, actions[i])
        value += probs[i] * best_response_value(legal, apply, chance, returns, infostate_key, child, seat,
                                                keys, info, slot_actions, regret, change, strategy_sum,
                                                width, states, reaches, next_record, first_record, choice)
    return value


class CfrSolver:
    """CFR+ on a small two-player zero-sum game from ``root``: :meth:`run` iterates, then
    :meth:`policy` gives the average strategy, :meth:`values` its value and :meth:`exploitability`
    how much a best responder would win against it."""

    def __init__(self, kernels, infostate_key, root: np.ndarray, table_log2: int = 12) -> None:
        self.kernels = kernels
        self.infostate_key = infostate_key
        self.root = np.array(root, dtype=np.int64)
        self.width = buffer_width(kernels.max_actions)
        size = 1 << table_log2
        self.table = (np.zeros(size, np.int64), np.full((size, 2), -1, np.int64),
                      np.zeros((size, self.width), np.int64), np.zeros((size, self.width)),
                      np.zeros((size, self.width)), np.zeros((size, self.width)))
        self.iterations = 0
        """Iterations run so far."""
        self.stop_flag = StopFlag()

    def _kernels(self):
        k = self.kernels
        return k.legal, k.apply, k.chance, k.returns, self.infostate_key

    def stop(self) -> None:
        """Abort a running :meth:`run` after the iteration under way."""
        self.stop_flag.set()

    def run(self, iterations: int) -> int:
        """Run ``iterations`` more CFR+ iterations; returns how many ran."""
        self.stop_flag.clear()
        done = cfr_plus(*self._kernels(), self.root, self.iterations + 1, iterations, *self.table,
                        self.stop_flag.array)
        self.iterations += int(done)
        return int(done)

    def policy(self, state: np.ndarray) -> dict[int, float]:
        """{action: probability} of the average strategy for the seat to move in ``state``."""
        k = self.kernels
        mover = int(state[PLAYER])
        actions = np.empty(self.width, np.int64)
        n = check_width(k.legal(state, actions), self.width)
        keys, info, slot_actions, _, _, strategy_sum = self.table
        slot = find_slot(keys, info, slot_actions, self.infostate_key(state, mover), mover, actions, n)
        probs = np.empty(n, np.float64)
        average_strategy(strategy_sum, slot, n, probs)
        return {int(actions[a]): float(probs[a]) for a in range(n)}

    def values(self) -> tuple[float, float]:
        """Each seat's expected return from the root when both play the average strategy."""
        out = np.zeros(MAX_SEATS, np.float64)
        policy_value(*self._kernels(), self.root, *self.table, self.width, out)
        return float(out[0]), float(out[1])

    def best_response(self, seat: int) -> float:
        """The most ``seat`` can expect from the root against the other seat's average strategy."""
        legal, apply, chance, returns, key = self._kernels()
        empty_states = np.zeros((0, self.root.shape[0]), np.int64)
        first = np.full(self.table[0].shape[0], -1, np.int64)
        count = collect_decisions(legal, apply, chance, key, self.root, seat, 1.0, *self.table, self.width,
                                  empty_states, np.zeros(0), np.zeros(0, np.int64), first, 0)
        states = np.zeros((count, self.root.shape[0]), np.int64)
        reaches = np.zeros(count)
        next_record = np.full(count, -1, np.int64)
        collect_decisions(legal, apply, chance, key, self.root, seat, 1.0, *self.table, self.width, states,
                          reaches, next_record, first, 0)
        choice = np.full(self.table[0].shape[0], -1, np.int64)
        return float(best_response_value(legal, apply, chance, returns, key, self.root, seat, *self.table,
                                         self.width, states, reaches, next_record, first, choice))

    def exploitability(self) -> float:
        """Half the sum of both seats' best-response values (0 exactly at an equilibrium)."""
        return (self.best_response(0) + self.best_response(1)) / 2.0
