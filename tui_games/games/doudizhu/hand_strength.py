"""Dou Dizhu hand strength: how likely a hand is to win as the landlord, and the bid that follows.

A hand is described by a few features (:data:`FEATURES`: the rocket, bombs, trios, the plays it needs
by :func:`~.strategy.hand_parts`, its low cards, the cards of each rank ...) and a logistic model
turns the 17 cards held in the bidding into the chance that their holder wins as the landlord.
scripts/doudizhu_hand_strength.py fits the model to deals played out by the rule player in every seat
(:func:`play_deals`), rescales it to games of the searching level in every seat, chooses the bids,
and writes them to ``hand_strength.json`` beside this module, which :func:`load_table` reads. (The
script fits the same model to the landlord's 20 cards after the kitty as well, to value the
auctions it tunes the bids on; nothing plays by that one, so it is not shipped.)

Bidding (:meth:`HandStrength.bid`): at each turn of the auction (the bidding turns taken so far and the
highest bid so far), the table holds the least predicted chance at which a seat bids 1, 2 or 3; a seat
bids the highest bid it may that its chance reaches, else passes. The script finds those thresholds as
best replies in the auctions of its own deals (each seat's expected return as landlord or peasant at
the stake it would be played for), so a bid is made when its expected return beats passing's.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from tui_games.engine.jit import kernel, np
from tui_games.engine.rng import randint
from tui_games.games.doudizhu.moves import BLACK, DECK, RED, TWO
from tui_games.games.doudizhu.moves import RANKS as RANK_NAMES
from tui_games.games.doudizhu.rules import DECK as DECK_FIELD
from tui_games.games.doudizhu.rules import (AUCTION, BID, DEALT, HAND_SIZE, HANDS, KITTY, MAX_ACTIONS, PHASE,
                                            PHASE_BIDDING, RANKS, SEATS, begin_play, initial_state, landlord_won,
                                            stake)
from tui_games.games.doudizhu.search import playout
from tui_games.games.doudizhu.strategy import hand_parts

TABLE_FILE = "hand_strength.json"
"""The shipped table, beside this module."""
FEATURES = (("bias", "rocket", "bombs", "trios", "plays", "plays_squared", "low")
            + tuple(f"count_{rank}" for rank in RANK_NAMES)
            + tuple(f"square_{rank}" for rank in RANK_NAMES[:TWO + 1]))
"""The features of a hand, in the order of the model's weights: a constant 1; the rocket (0/1); bombs and
trios (ranks held four and three times, 2s included); the plays the hand needs by
:func:`~.strategy.hand_parts`, its square over 10 and the low-card debt over 10; the cards of each rank;
the square of each count (3 to 2)."""
NUM_FEATURES = len(FEATURES)
"""How many features a hand has."""
MODEL = "before_kitty"
"""The table's entry that holds the model of the 17-card hand in the bidding."""
FIRST_COUNT = FEATURES.index("count_3")
"""Where the counts per rank begin in a row of features."""
FIRST_SQUARE = FEATURES.index("square_3")
"""Where the squared counts begin."""


@kernel()
def hand_features(c, out):
    """The :data:`FEATURES` of the hand ``c`` (counts per rank) into ``out``."""
    plays, control, low = hand_parts(c)
    bombs = 0
    trios = 0
    for r in range(TWO + 1):
        if c[r] == 4:
            bombs += 1
        elif c[r] == 3:
            trios += 1
    out[0] = 1.0
    out[1] = 1.0 if c[BLACK] > 0 and c[RED] > 0 else 0.0
    out[2] = bombs
    out[3] = trios
    out[4] = plays
    out[5] = plays * plays / 10.0
    out[6] = low / 10.0
    for r in range(RANKS):
        out[FIRST_COUNT + r] = c[r]
    for r in range(TWO + 1):
        out[FIRST_SQUARE + r] = c[r] * c[r]


@kernel()
def features_of(hands, out):
    """:func:`hand_features` of each row of ``hands`` (counts per rank) into the rows of ``out``."""
    row = np.empty(NUM_FEATURES, dtype=np.float64)
    for i in range(hands.shape[0]):
        hand_features(hands[i].astype(np.int64), row)
        out[i, :] = row


@kernel()
def deal_state(hands, kitty):
    """A state in the auction's bidding with ``hands`` (3 x 15 counts) and ``kitty`` (15) dealt."""
    s = initial_state(AUCTION)
    for r in range(RANKS):
        s[DECK_FIELD + r] = 0
        s[KITTY + r] = kitty[r]
        for seat in range(SEATS):
            s[HANDS + seat * RANKS + r] = hands[seat, r]
    for seat in range(SEATS):
        s[HAND_SIZE + seat] = 17
    s[DEALT] = 54
    s[PHASE] = PHASE_BIDDING
    return s


@kernel()
def play_deals(rng, noise, hands, kitties, won, stakes):
    """For each row of the outputs: deal at random (``hands`` 3 x 15 counts, ``kitties`` 15), then,
    with each seat in turn as the landlord at a bid of 1, play the deal out with the rule player in
    every seat (a random legal move at rate ``noise``); ``won[d, seat]`` 1 when the landlord won,
    ``stakes[d, seat]`` the stake it was played for (2 for each bomb or rocket, 2 for a spring)."""
    cards = np.empty(54, dtype=np.int64)
    n = 0
    for r in range(RANKS):
        for _ in range(DECK[r]):
            cards[n] = r
            n += 1
    buffer = np.empty(MAX_ACTIONS, dtype=np.int64)
    scratch = np.empty(RANKS, dtype=np.int64)
    after = np.empty(RANKS, dtype=np.int64)
    deal_hands = np.zeros((SEATS, RANKS), dtype=np.int64)
    kitty = np.zeros(RANKS, dtype=np.int64)
    for d in range(hands.shape[0]):
        for i in range(53, 0, -1):
            j = randint(rng, i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        deal_hands[:, :] = 0
        kitty[:] = 0
        for i in range(51):
            deal_hands[i % SEATS, cards[i]] += 1
        for i in range(51, 54):
            kitty[cards[i]] += 1
        base = deal_state(deal_hands, kitty)
        for seat in range(SEATS):
            hands[d, seat, :] = deal_hands[seat]
            s = base.copy()
            s[BID] = 1
            begin_play(s, seat)
            playout(s, rng, noise, buffer, scratch, after)
            won[d, seat] = 1 if landlord_won(s) else 0
            stakes[d, seat] = stake(s)
        kitties[d, :] = kitty


@dataclass(frozen=True)
class HandStrength:
    """A fitted table: the model's weights (one per feature) and the bidding thresholds
    (``thresholds[turn][highest][b - 1]``: the least chance at which to bid ``b`` at bidding turn
    ``turn`` (0-2) over a highest bid of ``highest`` (0-2); above 1 where that bid is never made)."""

    weights: np.ndarray
    thresholds: tuple
    about: dict

    def win_rate(self, counts) -> float:
        """The chance that the holder of the 17 cards ``counts`` (15 counts per rank) wins as landlord."""
        row = np.empty(NUM_FEATURES, dtype=np.float64)
        hand_features(np.asarray(counts, dtype=np.int64), row)
        return logistic(float(row @ self.weights))

    def bid(self, chance: float, turn: int, highest: int) -> int:
        """The bid (0 pass, or 1-3 above ``highest``) for a seat with landlord ``chance`` at bidding
        turn ``turn`` (0-2)."""
        row = self.thresholds[min(turn, SEATS - 1)][highest]
        for value in range(3, highest, -1):
            if chance >= row[value - 1]:
                return value
        return 0


def logistic(x: float) -> float:
    """1 / (1 + e^-x), safe for large ``x``."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def table_from(data: dict) -> HandStrength:
    """The table written as ``data`` (the JSON object the script writes)."""
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"the table's features {data['features']} are not {FEATURES}")
    weights = np.array(data[MODEL]["weights"], dtype=np.float64)
    if weights.shape != (NUM_FEATURES,):
        raise ValueError(f"the table's model has {weights.shape} weights, not one per feature ({NUM_FEATURES})")
    thresholds = tuple(tuple(tuple(float(t) for t in row) for row in turn) for turn in data["bidding"]["thresholds"])
    about = {k: v for k, v in data.items() if k not in (MODEL, "bidding")}
    return HandStrength(weights, thresholds, about)


def read_table(path: Path) -> HandStrength:
    """The table written to ``path``."""
    return table_from(json.loads(Path(path).read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def load_table() -> HandStrength:
    """The shipped table (read once)."""
    text = resources.files("tui_games.games.doudizhu").joinpath(TABLE_FILE).read_text(encoding="utf-8")
    return table_from(json.loads(text))


__all__ = ["FEATURES", "HandStrength", "MODEL", "NUM_FEATURES", "TABLE_FILE", "deal_state", "features_of",
           "hand_features", "load_table", "logistic", "play_deals", "read_table", "table_from"]
