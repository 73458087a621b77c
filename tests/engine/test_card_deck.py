"""Decks in state arrays: chance outcomes, taking and returning cards, seeded draws and shuffles."""

from __future__ import annotations

import numpy as np

from tui_games.engine.cards.deck import (
    chance_cards, deal_hands, deck_count, deck_draw, deck_fill, deck_outcomes, deck_return, deck_take, shuffle,
)
from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.engine.rng import make_rng

AT = 3  # the deck sits after a few other slots, as in a game's state


def fresh(kinds=52, copies=1):
    s = np.full(AT + kinds + 2, -7, dtype=np.int64)
    deck_fill(s, AT, kinds, copies)
    return s


def test_a_full_deck_deals_every_card_with_equal_probability():
    s = fresh()
    actions = np.zeros(52, dtype=np.int64)
    probs = np.zeros(52)
    assert deck_outcomes(s, AT, 52, actions, probs) == 52
    assert list(actions) == list(range(52))
    assert np.allclose(probs, 1 / 52)
    assert s[AT - 1] == -7 and s[AT + 52] == -7  # nothing outside the deck is touched


def test_taking_cards_removes_them_from_the_outcomes():
    s = fresh()
    assert deck_take(s, AT, 51) == 1
    assert deck_take(s, AT, 0) == 1
    assert deck_take(s, AT, 51) == 0  # already dealt: nothing changes
    assert deck_count(s, AT, 52) == 50
    actions = np.zeros(52, dtype=np.int64)
    probs = np.zeros(52)
    n = deck_outcomes(s, AT, 52, actions, probs)
    assert n == 50 and 51 not in actions[:n] and 0 not in actions[:n]
    assert np.isclose(probs[:n].sum(), 1.0) and np.allclose(probs[:n], 1 / 50)
    deck_return(s, AT, 51)
    assert deck_count(s, AT, 52) == 51


def test_chance_cards_are_the_deck_at_a_chance_node_only():
    s = fresh()
    deck_take(s, AT, 5)
    actions = np.zeros(52, dtype=np.int64)
    probs = np.zeros(52)
    for mover, expected in ((CHANCE, 51), (1, 0), (TERMINAL, 0)):
        s[PLAYER] = mover
        assert chance_cards(s, AT, 52, actions, probs) == expected
    s[PLAYER] = CHANCE
    chance_cards(s, AT, 52, actions, probs)
    assert 5 not in actions[:51] and np.allclose(probs[:51], 1 / 51)


def test_copies_weight_the_outcomes():
    s = fresh(kinds=3, copies=2)
    deck_take(s, AT, 0)
    actions = np.zeros(3, dtype=np.int64)
    probs = np.zeros(3)
    assert deck_outcomes(s, AT, 3, actions, probs) == 3
    assert np.allclose(probs, [1 / 5, 2 / 5, 2 / 5])


def test_draws_are_seeded_uniform_and_empty_the_deck():
    first = fresh(kinds=6)
    rng = make_rng(11)
    drawn = [deck_draw(first, AT, 6, rng) for _ in range(6)]
    assert sorted(drawn) == list(range(6))
    assert deck_draw(first, AT, 6, rng) == -1 and deck_count(first, AT, 6) == 0
    again = fresh(kinds=6)
    rng = make_rng(11)
    assert [deck_draw(again, AT, 6, rng) for _ in range(6)] == drawn
    counts = np.zeros(52, dtype=np.int64)
    rng = make_rng(3)
    for _ in range(20_800):
        s = fresh()
        counts[deck_draw(s, AT, 52, rng)] += 1
    assert counts.min() > 300 and counts.max() < 500  # 400 each expected; 5 sigma is about 100


def test_shuffles_and_dealt_hands_are_permutations_and_distinct_cards():
    cards = np.arange(52, dtype=np.int64)
    shuffle(cards, 52, make_rng(5))
    assert sorted(cards) == list(range(52)) and list(cards) != list(range(52))
    hands = np.zeros(7 * 1000, dtype=np.int64)
    deal_hands(make_rng(9), 52, 1000, 7, hands)
    rows = hands.reshape(1000, 7)
    assert all(len(set(row)) == 7 for row in rows)
    assert rows.min() == 0 and rows.max() == 51
    same = np.zeros(7 * 1000, dtype=np.int64)
    deal_hands(make_rng(9), 52, 1000, 7, same)
    assert np.array_equal(hands, same)
