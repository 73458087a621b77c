"""The exact optimal Blackjack strategy, computed by dynamic programming over the shoe composition.

Everything is composition-dependent: a decision is made against the cards that are still unseen
(the shoe minus every card visible on the table; the dealer's hole card is among the unseen ones).

How the values are computed, for a dealer up card and the unseen cards ("the root" plus the hand):

* The dealer's final totals (17, 18, 19, 20, 21, bust) are a forward pass over the graph of dealer
  card multisets, drawing without replacement from what the player's hand leaves in the shoe. When
  the dealer has peeked (American rules, Ace or ten up) the hole card may not complete a natural:
  those paths are dropped and the probabilities are left unnormalised, i.e. every value below is
  E[result and the dealer has no natural]. Dividing by P(no dealer natural) gives the conditional
  value the player faces after the peek; both orders of the actions are the same, so decisions
  taken on the unnormalised values are exact.
* Stand, hit and double values are a recursion over player hand multisets (hard total <= 21) from
  the biggest hands down, each with its own card removal; hitting takes the best of stand and hit
  at the next hand (a 21 stands by itself under American rules).
* Splits use the standard approximation: each split hand is played with exact composition-dependent
  values given both pair cards removed, and re-splits follow the expected-hand-count recursion
  with the chance of drawing the pair rank held fixed; the card removal between the split hands is
  ignored. Split Aces take one card each and are never re-split.
* Insurance is worth 0.5 * (3 P(hole card is a ten) - 1) and is taken only when that is positive.

Values are in base wagers (a won double is +2, a natural +1.5).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from tui_games.engine.jit import kernel, np
from tui_games.games.blackjack import rules

VALUES = 10
"""Card value classes: index 0 is the Ace, 1-8 are two to nine, 9 is any ten-value card."""

MAX_HANDS = rules.MAX_HANDS

DEALER_STANDS = 17
_BUST = 5


# ----- enumerations (pure Python, built once) ------------------------------------------------------------
@dataclass(frozen=True)
class PlayerHands:
    """Every player hand multiset of two or more cards with hard total <= 21.

    ``counts[i]`` cards of each value class, ``best[i]`` best total, ``ncards[i]``, ``child[i, v]`` the
    hand after drawing value class v (-1 if that busts), ``order`` bigger hard totals first.
    """

    counts: np.ndarray
    best: np.ndarray
    ncards: np.ndarray
    child: np.ndarray
    order: np.ndarray
    index: dict

    def lookup(self, values: list[int]) -> int:
        """Index of the hand holding card values ``values`` (1-10), or -1 if it is bust."""
        key = [0] * VALUES
        for v in values:
            key[v - 1] += 1
        return self.index.get(tuple(key), -1)


def _best_total(key: tuple[int, ...]) -> int:
    hard = sum((v + 1) * n for v, n in enumerate(key))
    return hard + 10 if key[0] and hard + 10 <= 21 else hard


@lru_cache(maxsize=1)
def player_hands() -> PlayerHands:
    """The enumeration of player hands (about 3,000)."""
    keys: list[tuple[int, ...]] = []
    index: dict[tuple[int, ...], int] = {}

    def hard(key):
        return sum((v + 1) * n for v, n in enumerate(key))

    frontier = []
    for a in range(VALUES):
        for b in range(a, VALUES):
            key = [0] * VALUES
            key[a] += 1
            key[b] += 1
            frontier.append(tuple(key))
    while frontier:
        key = frontier.pop()
        if key in index or hard(key) > 21:
            continue
        index[key] = len(keys)
        keys.append(key)
        for v in range(VALUES):
            nxt = list(key)
            nxt[v] += 1
            frontier.append(tuple(nxt))
    n = len(keys)
    counts = np.array(keys, dtype=np.int64)
    child = np.full((n, VALUES), -1, dtype=np.int64)
    for i, key in enumerate(keys):
        for v in range(VALUES):
            nxt = list(key)
            nxt[v] += 1
            child[i, v] = index.get(tuple(nxt), -1)
    hards = counts @ np.arange(1, VALUES + 1)
    best = np.array([_best_total(k) for k in keys], dtype=np.int64)
    order = np.argsort(-hards, kind="stable").astype(np.int64)
    return PlayerHands(counts, best, counts.sum(axis=1), child, order, index)


@dataclass(frozen=True)
class DealerGraph:
    """The dealer's drawing multisets from one up card, in draw-count order.

    Node 0 is the up card alone. ``counts[i]`` are the drawn cards (the up card excluded),
    ``ndrawn[i]`` how many; ``child[i, v]`` is the next node, or ``-1 - outcome`` once the dealer
    stops (outcome 0-4 for 17-21, 5 for bust).
    """

    counts: np.ndarray
    ndrawn: np.ndarray
    child: np.ndarray


@lru_cache(maxsize=VALUES)
def dealer_graph(up: int) -> DealerGraph:
    """The dealer graph for up card value ``up`` (1-10); the dealer stands on soft 17."""
    keys: list[tuple[int, ...]] = [tuple([0] * VALUES)]
    index = {keys[0]: 0}
    children: list[list[int]] = []
    i = 0
    while i < len(keys):
        key = keys[i]
        row = []
        for v in range(VALUES):
            nxt = list(key)
            nxt[v] += 1
            full = list(nxt)
            full[up - 1] += 1
            total = _best_total(tuple(full))
            if total > 21:
                row.append(-1 - _BUST)
            elif total >= DEALER_STANDS:
                row.append(-1 - (total - DEALER_STANDS))
            else:
                t = tuple(nxt)
                if t not in index:
                    index[t] = len(keys)
                    keys.append(t)
                row.append(index[t])
        children.append(row)
        i += 1
    counts = np.array(keys, dtype=np.int64)
    return DealerGraph(counts, counts.sum(axis=1), np.array(children, dtype=np.int64))


# ----- jitted kernels --------------------------------------------------------------------------------------
@kernel()
def no_natural_probability(pool, total, peek):
    """P(the hole card does not complete a dealer natural) for unseen ``pool``; 1 without a peek."""
    if peek == 0 or total == 0:
        return 1.0
    return 1.0 - pool[peek - 1] / total


@kernel()
def dealer_outcomes(pool, total, peek, d_counts, d_ndrawn, d_child, prob, out):
    """Dealer final-total probabilities (17..21, bust) into ``out`` from unseen ``pool``.

    With ``peek`` (the value class 1-10 completing a natural, 0 for none) hole cards making a natural
    are excluded, so ``out`` sums to P(no dealer natural).
    """
    for i in range(d_counts.shape[0]):
        prob[i] = 0.0
    for j in range(6):
        out[j] = 0.0
    prob[0] = 1.0
    for i in range(d_counts.shape[0]):
        mass = prob[i]
        if mass == 0.0:
            continue
        left = total - d_ndrawn[i]
        for v in range(VALUES):
            avail = pool[v] - d_counts[i, v]
            if avail <= 0:
                continue
            if i == 0 and peek == v + 1:
                continue
            q = mass * avail / left
            nxt = d_child[i, v]
            if nxt >= 0:
                prob[nxt] += q
            else:
                out[-1 - nxt] += q


@kernel()
def stand_value(player_total, dist):
    """Value of standing on ``player_total`` (<= 21) against dealer outcome probabilities ``dist``."""
    value = dist[5]
    for j in range(5):
        dealer = DEALER_STANDS + j
        if dealer < player_total:
            value += dist[j]
        elif dealer > player_total:
            value -= dist[j]
    return value


@kernel()
def solve_table(root, up, peek, required, stand_on_21, d_counts, d_ndrawn, d_child,
                p_counts, p_best, p_ncards, p_child, order, stand, hit, double, best, done):
    """Stand / hit / double / best values of every player hand containing ``required``.

    The unseen cards for hand i are ``root - p_counts[i]``. Values are unnormalised by the peek (see
    the module docstring); ``done[i]`` marks the hands computed.
    """
    prob = np.zeros(d_counts.shape[0], dtype=np.float64)
    dist = np.zeros(6, dtype=np.float64)
    pool = np.zeros(VALUES, dtype=np.int64)
    for k in range(order.shape[0]):
        i = order[k]
        done[i] = 0
        wanted = True
        possible = True
        total = 0
        for v in range(VALUES):
            if p_counts[i, v] < required[v]:
                wanted = False
            pool[v] = root[v] - p_counts[i, v]
            if pool[v] < 0:
                possible = False
            total += pool[v]
        if not wanted:
            continue
        done[i] = 1
        if not possible or total == 0:
            stand[i] = 0.0
            hit[i] = 0.0
            double[i] = 0.0
            best[i] = 0.0
            continue
        dealer_outcomes(pool, total, peek, d_counts, d_ndrawn, d_child, prob, dist)
        stand[i] = stand_value(p_best[i], dist)
        hit_value = 0.0
        double_value = 0.0
        for v in range(VALUES):
            if pool[v] == 0:
                continue
            p = pool[v] / total
            nxt = p_child[i, v]
            if nxt >= 0:
                hit_value += p * best[nxt]
                double_value += p * stand[nxt]
            else:
                pool[v] -= 1
                lost = no_natural_probability(pool, total - 1, peek)
                pool[v] += 1
                hit_value -= p * lost
                double_value -= p * lost
        hit[i] = hit_value
        double[i] = 2.0 * double_value if p_ncards[i] == 2 else -2.0
        if stand_on_21 and p_best[i] == 21:
            best[i] = stand[i]
        else:
            best[i] = max(stand[i], hit_value)


# ----- tables and the solver ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Table:
    """Solved values for one dealer up card and one root composition (see :func:`solve_table`)."""

    up: int
    peek: int
    root: tuple[int, ...]
    stand: np.ndarray
    hit: np.ndarray
    double: np.ndarray
    best: np.ndarray
    done: np.ndarray


def peek_value(american: bool, up: int) -> int:
    """The value class completing a dealer natural when the dealer peeks (0: no peek)."""
    if not american:
        return 0
    if up == 1:
        return 10
    if up == 10:
        return 1
    return 0


@dataclass(frozen=True)
class Situation:
    """What a seat knows when it decides: the unseen cards, the up card and its own hand.

    ``unseen_ranks`` counts the cards of each rank A..K not visible on the table (the hole card
    included); ``hand_ranks`` are the rank indices 0-12 of the hand being played; ``hands_in_seat``
    is how many hands the seat has; ``from_split`` / ``split_aces`` describe the hand.
    """

    american: bool
    up: int
    unseen_ranks: tuple[int, ...]
    hand_ranks: tuple[int, ...]
    hands_in_seat: int = 1
    from_split: bool = False
    split_aces: bool = False

    @property
    def unseen_values(self) -> list[int]:
        """Unseen cards per value class (Ace, 2..9, ten-value)."""
        return rank_counts_to_values(self.unseen_ranks)

    @property
    def hand_values(self) -> list[int]:
        """The hand's card values 1-10."""
        return [min(r + 1, 10) for r in self.hand_ranks]


def rank_counts_to_values(ranks) -> list[int]:
    """13 per-rank counts (A..K) folded into 10 value classes."""
    values = list(ranks[:9]) + [sum(ranks[9:13])]
    return [int(x) for x in values]


class StrategySolver:
    """Computes and caches tables; answers "what is each action worth here" exactly."""

    def __init__(self, cache_size: int = 256):
        self._tables: OrderedDict = OrderedDict()
        self._cache_size = cache_size

    def table(self, american: bool, up: int, root: tuple[int, ...], required: tuple[int, ...]) -> Table:
        """The solved table for these unseen cards (``root`` = unseen cards plus the hand's own)."""
        key = (american, up, root, required)
        found = self._tables.get(key)
        if found is not None:
            self._tables.move_to_end(key)
            return found
        # a table solved for fewer required cards covers this one too
        full_key = (american, up, root, (0,) * VALUES)
        if full_key in self._tables:
            self._tables.move_to_end(full_key)
            return self._tables[full_key]
        hands = player_hands()
        graph = dealer_graph(up)
        n = hands.counts.shape[0]
        stand, hit, double, best = (np.zeros(n) for _ in range(4))
        done = np.zeros(n, dtype=np.int64)
        peek = peek_value(american, up)
        solve_table(np.array(root, dtype=np.int64), up, peek, np.array(required, dtype=np.int64), american,
                    graph.counts, graph.ndrawn, graph.child, hands.counts, hands.best, hands.ncards,
                    hands.child, hands.order, stand, hit, double, best, done)
        table = Table(up, peek, root, stand, hit, double, best, done)
        self._tables[key] = table
        if len(self._tables) > self._cache_size:
            self._tables.popitem(last=False)
        return table

    # ----- the values of one decision -------------------------------------------------------------------
    def play_values(self, situation: Situation, actions: list[int], share_tables: bool = True) -> dict[int, float]:
        """Conditional expected value (base wagers, this hand only) of each action in ``actions``.

        Conditioned on everything the seat has seen, including "the dealer has no natural" once the
        dealer has peeked. ``share_tables`` solves whole tables (reused across hands with the same
        unseen cards) instead of only the hands reachable from this one.
        """
        american = situation.american
        up = situation.up
        pool = situation.unseen_values
        hand = situation.hand_values
        root = list(pool)
        for v in hand:
            root[v - 1] += 1
        required = (0,) * VALUES if share_tables else tuple(_counts(hand))
        table = self.table(american, up, tuple(root), required)
        index = player_hands().lookup(hand)
        total = sum(pool)
        peek = peek_value(american, up)
        scale = no_natural_probability(np.array(pool, dtype=np.int64), total, peek)
        values: dict[int, float] = {}
        for action in actions:
            if action == rules.STAND:
                u = table.stand[index]
            elif action == rules.HIT:
                u = table.hit[index]
            elif action == rules.DOUBLE:
                u = table.double[index]
            elif action == rules.SURRENDER:
                u = -0.5 * scale
            elif action == rules.SPLIT:
                u = self._split_value(situation, root, scale)
            else:
                continue
            values[action] = float(u / scale) if scale > 0 else float(u)
        return values

    def _post_split_value(self, table: Table, index: int, split_aces: bool) -> float:
        """Unnormalised value of a two-card hand just made by a split (DAS, no surrender)."""
        if index < 0:
            return 0.0
        if split_aces or player_hands().best[index] == 21:
            return float(table.stand[index])
        return float(max(table.best[index], table.double[index]))

    def _split_value(self, situation: Situation, root: list[int], scale: float) -> float:
        """Unnormalised value of splitting the pair in ``situation`` (both hands together)."""
        pair_rank = situation.hand_ranks[0]
        pair = situation.hand_values[0]
        aces = pair == 1
        split_root = list(root)
        split_root[pair - 1] -= 1
        required = [0] * VALUES
        required[pair - 1] = 1
        table = self.table(situation.american, situation.up, tuple(split_root), tuple(required))
        pool = situation.unseen_values
        total = sum(pool)
        same_rank = situation.unseen_ranks[pair_rank]
        hands = player_hands()
        weighted = 0.0
        for v in range(1, VALUES + 1):
            if pool[v - 1]:
                weighted += pool[v - 1] * self._post_split_value(table, hands.lookup([pair, v]), aces)
        pair_pair = self._post_split_value(table, hands.lookup([pair, pair]), aces)
        if total == same_rank:
            return 2.0 * pair_pair
        other = (weighted - same_rank * pair_pair) / (total - same_rank)
        resplits = 0 if aces else MAX_HANDS - situation.hands_in_seat - 1
        return expected_split_total(2, max(resplits, 0), same_rank / total, other, pair_pair)

    def insurance_values(self, situation: Situation, actions: list[int]) -> dict[int, float]:
        """Expected value of the seat's first hand plus the insurance bet, for take / decline."""
        pool = situation.unseen_values
        total = sum(pool)
        p_ten = pool[9] / total
        hand_value = self.initial_hand_value(situation)
        values = {}
        for action in actions:
            if action == rules.INSURE:
                values[action] = hand_value + 0.5 * (3.0 * p_ten - 1.0)
            elif action == rules.NO_INSURANCE:
                values[action] = hand_value
        return values

    def initial_hand_value(self, situation: Situation) -> float:
        """Expected value of a first two-card hand before the peek, played optimally (no insurance)."""
        american = situation.american
        pool = situation.unseen_values
        total = sum(pool)
        peek = peek_value(american, situation.up)
        p_natural = pool[peek - 1] / total if peek else 0.0
        natural = american and sorted(situation.hand_values) == [1, 10]
        if natural:
            return 1.5 * (1.0 - p_natural)
        actions = [rules.HIT, rules.STAND]
        if american:
            actions += [rules.DOUBLE, rules.SURRENDER]
            if situation.hand_ranks[0] == situation.hand_ranks[1]:
                actions.append(rules.SPLIT)
        best = max(self.play_values(situation, actions).values())
        return -p_natural + (1.0 - p_natural) * best


def _counts(values: list[int]) -> list[int]:
    counts = [0] * VALUES
    for v in values:
        counts[v - 1] += 1
    return counts


def expected_split_total(pending: int, resplits: int, p_pair: float, other: float, pair_pair: float) -> float:
    """Expected total value of ``pending`` one-card split hands with ``resplits`` re-splits left.

    Each hand draws a pair card with probability ``p_pair``: it splits again while re-splits remain,
    else plays on as a pair worth ``pair_pair``; any other card makes a hand worth ``other``.
    """
    memo: dict[tuple[int, int], float] = {}

    def value(k: int, r: int) -> float:
        if k == 0:
            return 0.0
        if r == 0:
            return k * (p_pair * pair_pair + (1.0 - p_pair) * other)
        key = (k, r)
        if key not in memo:
            memo[key] = p_pair * value(k + 1, r - 1) + (1.0 - p_pair) * (other + value(k - 1, r))
        return memo[key]

    return value(pending, resplits)


# ----- the whole round --------------------------------------------------------------------------------------
def full_shoe_ranks(decks: int) -> list[int]:
    """Cards of each rank A..K in a fresh shoe of ``decks`` decks."""
    return [4 * decks] * 13


def round_expected_return(american: bool, decks: int, solver: StrategySolver | None = None) -> float:
    """Exact expected return of one round from a fresh shoe with optimal play (one seat).

    Sums over every first deal (two player cards and the dealer's up card, by rank) the value of
    the best play, insurance included when it pays. Split hands use the documented approximation.
    """
    solver = solver or StrategySolver(cache_size=4096)
    shoe = full_shoe_ranks(1 if not american else decks)
    total = sum(shoe)
    expected = 0.0
    for first in range(13):
        for second in range(13):
            for up_rank in range(13):
                unseen = list(shoe)
                p = unseen[first] / total
                unseen[first] -= 1
                p *= unseen[second] / (total - 1)
                unseen[second] -= 1
                p *= unseen[up_rank] / (total - 2)
                unseen[up_rank] -= 1
                if p == 0.0:
                    continue
                situation = Situation(american, min(up_rank + 1, 10), tuple(unseen), (first, second))
                value = solver.initial_hand_value(situation)
                if american and up_rank == 0:
                    value = max(solver.insurance_values(situation, [rules.INSURE, rules.NO_INSURANCE]).values())
                expected += p * value
    return expected
