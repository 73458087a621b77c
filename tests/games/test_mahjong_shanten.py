"""Mahjong shanten: known hands, the suit table, and lockstep with the ``mahjong`` package's ``Shanten``."""

import itertools

import numpy as np
import pytest
from mahjong.shanten import Shanten

from tui_games.games.mahjong import shanten as sh
from tui_games.games.mahjong.tiles import parse_counts


@pytest.fixture(scope="module")
def table():
    return sh.load_table()


# (hand, regular, seven pairs, thirteen orphans, all forms); from the package's own test cases
KNOWN = [
    ("567m11p111234567s", -1, 4, 10, -1),  # complete
    ("567m11p111345677s", 0, 3, 10, 0),  # ready
    ("567m15p111345677s", 1, 4, 10, 1),
    ("1578m15p11134567s", 2, 5, 9, 2),
    ("1358m1358p113456s", 3, 5, 9, 3),
    ("159m17p359s123567z", 7, 6, 3, 3),
    ("1111m", 1, 11, 11, 1), ("1111z", 1, 11, 11, 1), ("1111m123p", 1, 8, 10, 1),  # four held: no pair
    ("1111m1z", 0, 10, 10, 0), ("1111m2222z", 1, 9, 10, 1), ("111m1111z", 1, 9, 10, 1),
    ("11123456788999s", -1, 3, 10, -1),  # nine gates, complete
    ("11122245679999s", 0, 3, 10, 0),
    ("77m114477p114477s", 3, -1, 10, -1),  # seven pairs
    ("67m114477p114477s", 3, 0, 10, 0),
    ("19m19p19s12345677z", 7, 5, -1, -1),  # thirteen orphans
    ("19m19p129s1234567z", 7, 6, 0, 0),
    ("1111222235555m1z", 0, 5, 10, 0),  # kinds held four times
]


@pytest.mark.parametrize(("hand", "regular", "pairs", "orphans", "best"), KNOWN)
def test_known_hands(table, hand, regular, pairs, orphans, best):
    c = parse_counts(hand)
    assert sh.regular_shanten(c, table) == sh.regular_search(c) == regular
    assert sh.seven_pairs(c) == pairs
    assert sh.thirteen_orphans(c) == orphans
    assert sh.shanten(c, table) == sh.shanten_search(c) == best
    assert Shanten.calculate_shanten(c.tolist()) == best


@pytest.mark.parametrize(("hand", "value"), [
    ("222567p44467778s", -1), ("222567p44468s", 0), ("222567p68s", 0), ("567p68s", 0), ("68s", 0), ("88s", -1),
])
def test_called_melds_are_sets_already(table, hand, value):
    c = parse_counts(hand)
    assert sh.shanten(c, table) == sh.shanten_search(c) == value


def deal(count, seed, kinds=34):
    """``count`` hands of every size the package takes (1, 2, 4, 5 ... 14 tiles) drawn from the
    tiles of the first ``kinds`` kinds (few kinds: many held three and four times)."""
    rng = np.random.default_rng(seed)
    sizes = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14]
    hands = np.zeros((count, 34), dtype=np.int64)
    for i in range(count):
        picked = rng.choice(np.arange(34)[rng.permutation(34)[:kinds]].repeat(4), sizes[i % 10], replace=False)
        np.add.at(hands[i], picked, 1)
    return hands


@pytest.mark.parametrize(("seed", "kinds"), [(1, 34), (2, 12), (3, 7), (8, 5)])
def test_random_hands_equal_the_package(table, seed, kinds):
    hands = deal(3000, seed, kinds)
    fours = 0
    for hand in hands:
        row = hand.tolist()
        fours += 4 in row
        assert sh.regular_shanten(hand, table) == sh.regular_search(hand) == \
            Shanten.calculate_shanten_for_regular_hand(row), row
        assert sh.seven_pairs(hand) == Shanten.calculate_shanten_for_chiitoitsu_hand(row), row
        assert sh.thirteen_orphans(hand) == Shanten.calculate_shanten_for_kokushi_hand(row), row
        assert sh.shanten(hand, table) == Shanten.calculate_shanten(row), row
    assert kinds > 7 or fours > 200  # the corrections for kinds held four times are exercised


def test_many_at_once(table):
    hands = deal(500, 4)
    out = np.empty(500, dtype=np.int64)
    sh.shanten_many(hands, table, out)
    assert out.tolist() == [sh.shanten_search(h) for h in hands]


def test_the_shipped_table_is_what_the_script_makes(table):
    assert table.shape == (sh.SUIT_HANDS, sh.SUMMARY) == (405350, 10)
    assert (table == sh.make_table()).all()


def test_suits_are_ranked_in_order():
    suits = [s for s in itertools.product(range(5), repeat=9) if sum(s) <= sh.SUIT_TILES]
    assert len(suits) == sh.SUIT_HANDS
    c = np.zeros(34, dtype=np.int64)
    for rank in list(range(0, len(suits), 997)) + [len(suits) - 1]:
        c[9:18] = suits[rank]
        assert sh.suit_rank(c, 9) == rank
