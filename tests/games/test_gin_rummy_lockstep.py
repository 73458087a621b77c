"""Gin Rummy in lockstep with OpenSpiel's gin_rummy: seeded hands played in both engines, compared at
every step (player, legal actions or chance outcomes, hands, upcard, stock, discards, deadwood, melds,
layoffs, action names) and at the end (returns); and our deadwood against GinRummyUtils on random and
meld-rich hands. ``benchmarks/gin_rummy_conformance.py`` runs the issue's 2,000 hands and 100,000 hands."""

from __future__ import annotations

import random

import pytest

from tui_games import catalog

pyspiel = pytest.importorskip("pyspiel")

from tui_games.games.gin_rummy.melds import deadwood  # noqa: E402
from tui_games.games.gin_rummy.openspiel_mirror import deadwood_differences, lockstep_hand  # noqa: E402

SPEC = catalog.get("gin-rummy")


def test_200_hands_in_lockstep():
    steps = sum(lockstep_hand(SPEC, seed) for seed in range(200))
    assert steps > 10_000


@pytest.mark.parametrize("params", [{"oklahoma": "on"}, {"knock_card": 0}, {"knock_card": 5, "gin_bonus": 10},
                                    {"undercut_bonus": 0}])
def test_other_parameters_in_lockstep(params):
    for seed in range(40):
        lockstep_hand(SPEC, 1000 + seed, params, wander=0.2)


def test_random_play_in_lockstep():
    for seed in range(30):
        lockstep_hand(SPEC, 5000 + seed, wander=1.0)


def test_deadwood_equals_openspiels_on_random_hands():
    hands, differences = deadwood_differences(3000, seed=7)
    assert (hands, differences) == (6000, 0)


def test_deadwood_equals_openspiels_on_meld_rich_hands():
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(11)
    for _ in range(3000):
        width = rng.choice([4, 5, 6])
        low = rng.randrange(0, 14 - width)
        pool = [suit * 13 + rank for suit in range(4) for rank in range(low, low + width)]
        hand = rng.sample(pool, rng.choice([10, 11]))
        assert deadwood(sum(1 << card for card in hand)) == utils.min_deadwood(hand), hand
