"""The poker hand evaluator: every 5-card hand counted against the reference, phevaluator's order on
random 5-, 6- and 7-card hands, the best five of seven, and hands named in words."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import numpy as np
import pytest

from tui_games.engine.cards import poker_hand
from tui_games.engine.cards.deck import deal_hands
from tui_games.engine.cards.hand_names import (
    CATEGORY_KEYS, FLUSH, FULL_HOUSE, NUM_CATEGORIES, STRAIGHT, STRAIGHT_FLUSH, category, describe,
    tiebreak_ranks,
)
from tui_games.engine.cards.names import parse_cards
from tui_games.engine.rng import make_rng

DISTINCT_NAMES = {"SF": "straight_flush", "quads": "four_of_a_kind", "full house": "full_house",
                  "flush": "flush", "straight": "straight", "trips": "three_of_a_kind",
                  "two pair": "two_pair", "pair": "one_pair", "high card": "high_card"}


def reference(refdata):
    """(5-card counts, 7-card counts, 5-card distinct values) per category key, from the refdata file."""
    text = (refdata / "poker" / "hand_category_counts.txt").read_text()
    five, seven = {}, {}
    for line in text.splitlines():
        words = line.split("#")[0].split()
        if len(words) == 3:
            five[words[0]], seven[words[0]] = int(words[1]), int(words[2])
    tail = text.split("5-card per-category number of distinct values:", 1)[1].replace("#", " ")
    distinct = {DISTINCT_NAMES[name.strip()]: int(count)
                for name, count in re.findall(r"([A-Za-z ]+?) (\d+)", tail.replace("\n", " "))}
    return five, seven, distinct


def value(text: str) -> int:
    cards = np.array(parse_cards(text), dtype=np.int64)
    return int(poker_hand.hand_value(cards, len(cards)))


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    hands = np.empty(count * size, dtype=np.int64)
    deal_hands(make_rng(seed), 52, count, size, hands)
    return hands


def values_of(hands: np.ndarray, size: int) -> np.ndarray:
    out = np.empty(len(hands) // size, dtype=np.int64)
    poker_hand.hand_values(hands, size, len(out), out)
    return out


def test_every_five_card_hand_is_counted_as_the_reference_says(refdata):
    five, _, distinct_expected = reference(refdata)
    counts = np.zeros(NUM_CATEGORIES, dtype=np.int64)
    distinct = np.zeros(NUM_CATEGORIES, dtype=np.int64)
    seen = np.zeros(poker_hand.SEEN_BYTES, dtype=np.uint8)
    assert poker_hand.tally_all_hands(5, counts, distinct, seen) == 2_598_960
    assert {key: int(counts[i]) for i, key in enumerate(CATEGORY_KEYS)} == five
    assert {key: int(distinct[i]) for i, key in enumerate(CATEGORY_KEYS)} == distinct_expected
    assert distinct.sum() == 7462


@pytest.mark.parametrize("size", [5, 6, 7])
def test_values_order_hands_exactly_as_phevaluator_ranks_them(refdata, size):
    """Random hands: our values and phevaluator's ranks (1 = royal flush) are the same order, ties
    included, and our category is the one phevaluator's rank range gives."""
    evaluate = pytest.importorskip("phevaluator").evaluate_cards
    _, _, distinct = reference(refdata)
    hands = random_hands(20_000, size, seed=size)
    ours = values_of(hands, size)
    theirs = np.array([evaluate(*(int(c) for c in hands[i:i + size])) for i in range(0, len(hands), size)])
    pairs = np.unique(np.stack([ours, theirs]), axis=1)  # sorted by our value
    assert len(np.unique(pairs[0])) == len(np.unique(pairs[1])) == pairs.shape[1], "a tie in one only"
    assert np.all(np.diff(pairs[1]) < 0), "a pair of hands ordered differently"
    bounds = np.cumsum([distinct[key] for key in reversed(CATEGORY_KEYS)])  # best category first
    expected_category = NUM_CATEGORIES - 1 - np.searchsorted(bounds, theirs, side="left")
    assert np.array_equal(ours >> 26, expected_category)


@pytest.mark.parametrize("size", [6, 7])
def test_a_bigger_hand_is_worth_its_best_five_cards(size):
    hands = random_hands(1500, size, seed=100 + size)
    ours = values_of(hands, size)
    for h in range(len(ours)):
        cards = hands[h * size:(h + 1) * size]
        best = max(int(poker_hand.hand_value(np.array(five, dtype=np.int64), 5))
                   for five in itertools.combinations(cards, 5))
        assert ours[h] == best, cards


def test_hole_cards_and_board_read_in_two_parts_give_the_same_value():
    hands = random_hands(500, 7, seed=7)
    for h in range(500):
        cards = hands[h * 7:h * 7 + 7]
        state = np.concatenate([np.full(3, 99), cards[5:], np.full(4, 99), cards[:5]]).astype(np.int64)
        assert poker_hand.hand_value_parts(state, 3, 2, 9, 5) == poker_hand.hand_value(cards, 7)
        assert poker_hand.hand_value_parts(state, 9, 5, 3, 2) == poker_hand.hand_value(cards, 7)


@pytest.mark.parametrize(("cards", "words"), [
    ("As Ks Qs Js Ts", "Royal flush"),
    ("9h 8h 7h 6h 5h", "Straight flush, nine high"),
    ("5d 4d 3d 2d Ad", "Straight flush, five high"),
    ("Ac Ad Ah As Kc", "Four of a kind, aces"),
    ("Kd Kh Ks 7c 7s", "Full house, kings full of sevens"),
    ("Ah 2h 9h Jh 4h", "Flush, ace high"),
    ("5c 4d 3h 2s Ac", "Straight, five high"),
    ("Qc Qd Qh 9s 2c", "Three of a kind, queens"),
    ("Kd Kh 7c 7s 2d", "Two pair, kings and sevens"),
    ("6c 6d Ah 9s 2c", "Pair of sixes"),
    ("Ac Jd 8h 5s 3c", "High card, ace"),
    # seven cards: the best five decide
    ("Ks Kh Kd 7c 7s 7d 2c", "Full house, kings full of sevens"),
    ("Ac Ad Ah As Kc Kd Kh", "Four of a kind, aces"),
    ("As Ks Qs Js 9s Ts 8s", "Royal flush"),
    ("Ah Ad Kc Kd 2c 2d 9s", "Two pair, aces and kings"),
    ("9c 8d 7h 6s 5c 5d 2h", "Straight, nine high"),
    ("9h 8h 7h 6c 5h 2h Kd", "Flush, nine high"),
    ("6c 5d 4h 3s 2c Ah Kd", "Straight, six high"),
    ("Ah 2h 9h Jh 4h 3c 3d", "Flush, ace high"),
    ("Ah Ad", "Pair of aces"),
])
def test_hands_are_named_in_words(cards, words):
    assert describe(value(cards)) == words


def test_known_orderings():
    assert value("Ah Ad Kc 5s 3d") > value("Ah Ad Qc Js Td")  # kicker
    assert value("Kh Kd 7c 7s Ad") > value("Kh Kd 7c 7s Qd")  # two pair kicker
    assert value("Ah Ad Kc Kd 9s 2c 2d") == value("Ac As Kh Ks 9c 3h 3d")  # third pair plays no part
    assert value("6c 5d 4h 3s 2c") > value("5c 4d 3h 2s Ac")  # the wheel is the lowest straight
    assert value("5c 4d 3h 2s Ac") > value("Ac Ad Ah Kc Qd")
    assert value("2c 2d 2h 3c 3d") > value("Ac Kc Qc Jc 9c")
    assert value("Ah Kh Qh Jh Th") == value("As Ks Qs Js Ts")
    assert category(value("As Ks Qs Js Ts")) == STRAIGHT_FLUSH
    assert category(value("5c 4d 3h 2s Ac")) == STRAIGHT
    assert category(value("9h 8h 7h 6c 5h 2h Kd")) == FLUSH
    assert category(value("Ks Kh Kd 7c 7s 7d 2c")) == FULL_HOUSE


def test_tiebreak_ranks_list_the_groups_by_size_then_rank():
    hands = random_hands(5000, 5, seed=55)
    ours = values_of(hands, 5)
    for h, v in enumerate(ours):
        if category(int(v)) in (STRAIGHT, STRAIGHT_FLUSH):
            continue
        counts = Counter(int(c) >> 2 for c in hands[h * 5:h * 5 + 5])
        expected = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
        assert tiebreak_ranks(int(v)) == expected


def test_best_five_are_the_cards_that_make_the_hand():
    out = np.zeros(5, dtype=np.int64)
    cards = np.array(parse_cards("2c 2d Ah Kh Qh Jh Th"), dtype=np.int64)
    poker_hand.best_five(cards, 7, out)
    assert sorted(out) == sorted(parse_cards("Ah Kh Qh Jh Th"))
    cards = np.array(parse_cards("Ks Kh Kd 7c 7s 7d 2c"), dtype=np.int64)
    poker_hand.best_five(cards, 7, out)
    assert sorted(out) == sorted(parse_cards("Ks Kh Kd 7c 7s"))
    hands = random_hands(2000, 7, seed=5)
    for h in range(2000):
        cards = hands[h * 7:h * 7 + 7]
        total = poker_hand.best_five(cards, 7, out)
        assert total == poker_hand.hand_value(cards, 7)
        assert set(out) <= set(cards) and len(set(out)) == 5
        assert poker_hand.hand_value(out, 5) == total


def test_a_value_that_is_no_hand_is_refused():
    with pytest.raises(ValueError, match="not a hand value"):
        describe(9 << 26)
    with pytest.raises(ValueError, match="not a hand value"):
        describe(-1)


def test_no_cards_are_named_too():
    assert describe(int(poker_hand.hand_value(np.zeros(0, dtype=np.int64), 0))) == "No cards"
