"""UNO hand values: the chance that a seat wins the hand, from its hand and the table.

A seat's position is described by a few features (:data:`FEATURES`: its cards, wilds, action cards,
colours, the cards of the colour in force, the opponents' smallest hand, the players ...), and a
logistic model turns them into the chance that the seat goes out first. scripts/uno_hand_values.py
fits the model to hands the rule player plays against itself (:mod:`.selfplay`) and writes
``hand_values.json`` beside this module; :func:`load_table` reads it.

This module imports no other UNO module (``rules.evaluate`` uses it): a hand is read as ``rules``
counts its cards, by type (``colour * 13 + trait``, then the wild and the Wild Draw Four).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from tui_games.engine.jit import kernel, np

TABLE_FILE = "hand_values.json"
"""The shipped table, beside this module."""
FORMAT = 1
"""The table's format; :func:`load_table` refuses another."""
FEATURES = ("bias", "cards", "inverse_cards", "wilds", "wild_draw_fours", "actions", "colours", "in_colour",
            "smallest_other", "inverse_smallest_other", "players", "on_turn", "official")
"""The features of a seat's position, in the order of the model's weights: a constant 1; its cards and
1 / cards; its wilds and Wild Draw Fours; its Skips, Reverses and Draw Twos; the colours it holds; its
cards of the colour in force; the fewest cards another seat holds and 1 / that; the players; 1 when
the seat moves next; 1 in the official rules (0 in RLCard's)."""
NUM_FEATURES = len(FEATURES)
"""How many features a position has."""
COLOURS, TRAITS, WILD_TYPE, WILD4_TYPE = 4, 13, 52, 53
"""How ``rules`` numbers the card types (tests check that they agree)."""
FIRST_ACTION_TRAIT = 10
"""Traits 10-12 are Skip, Reverse and Draw Two."""


@kernel()
def position_features(hand, cards, players, on_turn, official, top_colour, smallest_other, out):
    """The :data:`FEATURES` into ``out`` of a seat holding ``hand`` (counts by card type; ``cards`` of
    them) at a table of ``players``, moving next when ``on_turn``, the colour in force ``top_colour``
    (-1: none yet), the fewest cards another seat holds ``smallest_other``."""
    actions = 0
    colours = 0
    in_colour = 0
    for colour in range(COLOURS):
        held = 0
        for trait in range(TRAITS):
            count = hand[colour * TRAITS + trait]
            held += count
            if trait >= FIRST_ACTION_TRAIT:
                actions += count
        if held > 0:
            colours += 1
        if colour == top_colour:
            in_colour = held
    out[0] = 1.0
    out[1] = cards
    out[2] = 1.0 / max(cards, 1)
    out[3] = hand[WILD_TYPE]
    out[4] = hand[WILD4_TYPE]
    out[5] = actions
    out[6] = colours
    out[7] = in_colour
    out[8] = smallest_other
    out[9] = 1.0 / max(smallest_other, 1)
    out[10] = players
    out[11] = 1.0 if on_turn else 0.0
    out[12] = 1.0 if official else 0.0


@kernel()
def win_chance(hand, cards, players, on_turn, official, top_colour, smallest_other, weights):
    """The model's chance (0-1) that the seat described as in :func:`position_features` wins the hand."""
    row = np.empty(NUM_FEATURES, np.float64)
    position_features(hand, cards, players, on_turn, official, top_colour, smallest_other, row)
    z = 0.0
    for i in range(NUM_FEATURES):
        z += weights[i] * row[i]
    return 1.0 / (1.0 + np.exp(-z))


@dataclass(frozen=True)
class HandValues:
    """A fitted table: the logistic weights over :data:`FEATURES` and what the script recorded."""

    weights: np.ndarray
    """The weights, one per feature."""
    info: dict
    """The whole table as written (command, seed, sample counts, fit quality)."""


def read_table(path: Path) -> HandValues:
    """The table in the JSON file at ``path`` (raises ValueError when its format or features differ)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if data.get("format") != FORMAT or tuple(data.get("features", ())) != FEATURES:
        raise ValueError(f"{path}: not an UNO hand-value table of format {FORMAT} over {FEATURES}")
    weights = np.array(data["weights"], dtype=np.float64)
    if weights.shape != (NUM_FEATURES,) or not np.all(np.isfinite(weights)):
        raise ValueError(f"{path}: expected {NUM_FEATURES} finite weights")
    return HandValues(weights, data)


@lru_cache(maxsize=1)
def load_table() -> HandValues:
    """The shipped table (read once)."""
    with resources.as_file(resources.files(__package__).joinpath(TABLE_FILE)) as path:
        return read_table(path)


WEIGHTS = load_table().weights
"""The shipped weights. Kernels that read this global (``rules.evaluate``) keep the values they were
compiled with; the kernel cache's key covers the game folder's tables as well as its sources, so a
regenerated table recompiles them (the tests compare ``rules.evaluate`` with this table)."""
