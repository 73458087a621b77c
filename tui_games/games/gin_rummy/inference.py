"""What the other seat's play says about its hidden cards: odds for each card the top level deals into the
other hand when it samples worlds.

Every public move of the other seat is evidence: a card it discarded, an upcard it passed on (or left for
the stock), a card it took from the upcard and still holds, and its last discard. Each card the seat has
not seen stands in a :func:`relation` to each such card (same rank; same suit one or two ranks away;
otherwise higher or lower), and the table (``inference.json``, written by
``scripts/gin_rummy_inference.py`` from rule-player hands) gives the likelihood ratio of that card being
in the other hand for each (kind of evidence, relation). A card's weight is the product of its ratios
(naive Bayes); :func:`.worlds.sample_weighted` deals the hidden cards in proportion to the weights.
"""

from __future__ import annotations

import json
from pathlib import Path

from tui_games.engine.jit import kernel, np
from tui_games.games.gin_rummy import rules
from tui_games.games.gin_rummy.constants import DRAW_STOCK, NUM_CARDS, NUM_RANKS, PASS

DISCARDED, DECLINED, HELD, LAST_DISCARD = 0, 1, 2, 3
"""Kinds of evidence: a card the seat discarded; an upcard it passed on or left for the stock; a card it
took from the upcard and holds; its latest discard."""
KINDS = 4
RELATIONS = 5
"""Relations of a card to an evidence card: 0 same rank, 1 same suit one rank away, 2 same suit two ranks
away, 3 otherwise of a higher rank, 4 otherwise of an equal or lower rank."""
APPLIES = ((0, 1, 2), (0, 1, 2), (0, 1, 2), (3, 4))
"""The relations each kind of evidence weighs (the others count 1): meld partners for the first three,
rank alone for the latest discard."""
MAX_EVENTS = 64
"""The most evidence events one seat's moves can make in a hand."""
TABLE_PATH = Path(__file__).with_name("inference.json")
"""The shipped table."""


@kernel()
def relation(card, other):
    """The relation (0-4, see :data:`RELATIONS`) of ``card`` to the evidence card ``other``."""
    rank, suit = card % NUM_RANKS, card // NUM_RANKS
    other_rank, other_suit = other % NUM_RANKS, other // NUM_RANKS
    if rank == other_rank:
        return 0
    if suit == other_suit:
        gap = abs(rank - other_rank)
        if gap <= 2:
            return gap
    return 3 if rank > other_rank else 4


@kernel()
def record(s, action, seat, events, count):
    """Before ``action`` is applied to ``s``: add what it shows of ``seat``'s hand to ``events[:count]``
    (rows of kind, card); returns the new count."""
    if s[rules.PLAYER] != seat or count >= MAX_EVENTS:
        return count
    phase = s[rules.PHASE]
    upcard = s[rules.UPCARD]
    if (phase == rules.PHASE_FIRST_UPCARD and action == PASS) or (phase == rules.PHASE_DRAW and action == DRAW_STOCK):
        if upcard >= 0:
            events[count, 0] = DECLINED
            events[count, 1] = upcard
            return count + 1
    if phase == rules.PHASE_DISCARD and action < NUM_CARDS:
        events[count, 0] = DISCARDED
        events[count, 1] = action
        return count + 1
    return count


@kernel()
def replay_events(start, history, n, seat, events):
    """Play ``history[:n]`` from ``start`` (a copy is played) and gather ``seat``'s evidence events;
    returns their count. Only public facts are recorded (the moves and the upcards they met)."""
    s = start.copy()
    count = 0
    for i in range(n):
        count = record(s, history[i], seat, events, count)
        rules.apply_action(s, history[i])
    return count


@kernel()
def card_weights(events, count, held, table, out):
    """``out[card]``: the product of the table's ratios for ``card`` over ``events[:count]``, the cards
    ``held`` (a mask) and the latest discard."""
    for card in range(NUM_CARDS):
        out[card] = 1.0
    last = -1
    for i in range(count):
        kind, other = events[i, 0], events[i, 1]
        if kind == DISCARDED:
            last = other
        for card in range(NUM_CARDS):
            r = relation(card, other)
            if r <= 2 and card != other:
                out[card] *= table[kind, r]
    for other in range(NUM_CARDS):
        if (held >> other) & 1:
            for card in range(NUM_CARDS):
                r = relation(card, other)
                if r <= 2 and card != other:
                    out[card] *= table[HELD, r]
    if last >= 0:
        for card in range(NUM_CARDS):
            r = relation(card, last)
            if r >= 3:
                out[card] *= table[LAST_DISCARD, r]


def load_table(path: Path = TABLE_PATH) -> np.ndarray:
    """The shipped ratios as a (KINDS, RELATIONS) array; the relations a kind does not weigh are 1."""
    data = json.loads(path.read_text())
    table = np.ones((KINDS, RELATIONS), np.float64)
    for kind, row in enumerate(data["ratios"]):
        for r in APPLIES[kind]:
            table[kind, r] = float(row[r])
    return table


def uniform_table() -> np.ndarray:
    """A table of ratios 1: every hidden card alike (no inference)."""
    return np.ones((KINDS, RELATIONS), np.float64)


__all__ = ["APPLIES", "DECLINED", "DISCARDED", "HELD", "KINDS", "LAST_DISCARD", "MAX_EVENTS", "RELATIONS",
           "TABLE_PATH", "card_weights", "load_table", "record", "relation", "replay_events", "uniform_table"]
