"""Information-set MCTS on Kuhn poker: it sees only what its seat sees, and plays the obvious spots."""

from __future__ import annotations

import numpy as np
import pytest
from toy_games import BET, KUHN_CARDS, KUHN_KERNELS, PASS, kuhn_after, kuhn_sample_world

from tui_games.engine.ismcts import IsMctsSearch

J, Q, K = 0, 1, 2


def search(array, player, seed=7, iterations=3000):
    return IsMctsSearch(KUHN_KERNELS, kuhn_sample_world, seed=seed).search(array, player, iterations)


@pytest.mark.parametrize("player, worlds", [
    (0, [kuhn_after((K, J), []), kuhn_after((K, Q), [])]),
    (0, [kuhn_after((Q, J), [PASS, BET]), kuhn_after((Q, K), [PASS, BET])]),
    (1, [kuhn_after((J, K), [BET]), kuhn_after((Q, K), [BET])]),
    (1, [kuhn_after((K, Q), [PASS]), kuhn_after((J, Q), [PASS])]),
])
def test_result_does_not_depend_on_the_hidden_card(player, worlds):
    results = [search(world, player) for world in worlds]
    assert results[0] == results[1]
    # even an impossible value where the hidden card lies changes nothing: it is never read
    garbled = worlds[0].copy()
    garbled[KUHN_CARDS + 1 - player] = 99
    assert search(garbled, player) == results[0]
    assert sum(visits for visits, _ in results[0].values()) == 3000
    assert sorted(results[0]) == [PASS, BET]


def test_a_different_seed_gives_a_different_sample():
    world = kuhn_after((K, J), [])
    assert search(world, 0, seed=1) != search(world, 0, seed=2)


@pytest.mark.parametrize("cards, bets, player, best", [
    ((K, J), [BET], 1, PASS),   # seat 1 holds the Jack against a bet: folding loses 1, calling 2
    ((J, K), [BET], 1, BET),    # seat 1 holds the King: calling always wins 2
    ((J, Q), [PASS, BET], 0, PASS),
    ((K, Q), [PASS, BET], 0, BET),
])
def test_plays_the_spots_with_an_obvious_answer(cards, bets, player, best):
    world = kuhn_after(cards, bets)
    stats = search(world, player, iterations=4000)
    chosen = IsMctsSearch(KUHN_KERNELS, kuhn_sample_world, seed=7).choose(world, player, 4000)
    assert chosen == best
    assert stats[best][1] > stats[1 - best][1]


def test_values_are_the_expected_returns_over_the_unseen_card():
    # seat 0 with the Queen facing a bet: calling wins 2 against J and loses 2 against K (mean 0);
    # folding loses 1 for sure
    stats = search(kuhn_after((Q, J), [PASS, BET]), 0, iterations=6000)
    assert stats[PASS][1] == pytest.approx(-1.0)
    assert stats[BET][1] == pytest.approx(0.0, abs=0.25)


def test_stop_before_the_first_iteration_returns_no_visits():
    searcher = IsMctsSearch(KUHN_KERNELS, kuhn_sample_world, seed=3)
    from tui_games.engine.ismcts import ismcts_iterate

    control = np.zeros(4, np.int64)
    control[0] = 1
    done = ismcts_iterate(KUHN_KERNELS.legal, KUHN_KERNELS.apply, KUHN_KERNELS.chance, KUHN_KERNELS.returns,
                          kuhn_sample_world, kuhn_after((K, J), []), 0, searcher.tree.nodes,
                          searcher.tree.totals, searcher.tree.meta, 100, 0.7, 100, searcher.rng, control,
                          np.empty(3, np.int64), np.empty(3))
    assert done == 0 and control[1] == 1
