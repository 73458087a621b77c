"""Mahjong winning hands: splits and the complete-hand test in lockstep with the ``mahjong`` package's
``Agari.is_agari`` and ``HandDivider.divide_hand``."""

import numpy as np
import pytest
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld

from tui_games.games.mahjong import winning as wn
from tui_games.games.mahjong.tiles import parse_counts


@pytest.mark.parametrize(("hand", "complete"), [
    ("33m123p123456789s", True), ("11123p123456789s", True), ("123456789s11777z", True),
    ("12345556778899s", True), ("11123456788999s", True), ("345m789p233334s55z", True),
    ("1199p1133557799s", True), ("11m1199p2244s2277z", True), ("11223344556677m", True),
    ("199m19p19s1234567z", True), ("19m19p19s11234567z", True),
    ("12345p123456789s", False), ("11145p111222444s", False), ("11122233356888s", False),
    ("19m19p129s1234567z", False), ("19m19p19s11134567z", False), ("147m11z", False), ("114m11z", False),
    ("11m11p", False), ("11m", True), ("66m111222333444p", True), ("1122m1111z", False),
])
def test_known_hands(hand, complete):
    c = parse_counts(hand)
    assert wn.is_complete(c) == complete == Agari.is_agari(c.tolist())
    assert (len(wn.split_list(c)) > 0) == complete


def test_every_split_of_a_known_hand():
    assert wn.split_list(parse_counts("11122233388899m")) == [
        [[0, 0, 0], [1, 1, 1], [2, 2, 2], [7, 7, 7], [8, 8]], [[0, 1, 2], [0, 1, 2], [0, 1, 2], [7, 7, 7], [8, 8]]]
    rows = wn.split_list(parse_counts("11223344556677m"))
    assert len(rows) == 4 and [[k, k] for k in range(7)] in rows
    assert wn.split_list(parse_counts("19m19p19s12345677z")) == [
        sorted([[33, 33]] + [[k] for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32)])]


def random_complete(rng):
    """(concealed counts, called sets as lists of kinds) of a random complete hand: a pair and four
    sets, 0-4 of them called (2 in 5 all in one suit); 1 in 8 a seven pairs."""
    counts = np.zeros(34, dtype=np.int64)
    if rng.random() < 0.125:
        counts[rng.permutation(34)[:7]] = 2
        return counts, []
    blocks = []
    suit = int(rng.integers(3)) * 9 if rng.random() < 0.4 else -1  # all in one suit: many ways to split
    while True:
        counts[:] = 0
        pair = int(rng.integers(34)) if suit < 0 else suit + int(rng.integers(9))
        blocks = []
        for _ in range(4):
            if rng.random() < 0.5:
                first = int(rng.integers(27)) if suit < 0 else suit + int(rng.integers(9))
                first -= first % 9 // 7 * 2
                blocks.append([first, first + 1, first + 2])
            else:
                blocks.append([int(rng.integers(34)) if suit < 0 else suit + int(rng.integers(9))] * 3)
        counts[pair] += 2
        for block in blocks:
            np.add.at(counts, block, 1)
        if counts.max() <= 4:
            break
    called = blocks[:int(rng.integers(5))]
    concealed = counts.copy()
    for block in called:
        np.add.at(concealed, block, -1)
    return concealed, called


def as_meld(kinds, copy):
    """A called set as the package's Meld (chi or pon), of tile copy ``copy`` of each kind."""
    tiles = [k * 4 + copy for k in kinds]
    return Meld(Meld.CHI if kinds[0] != kinds[1] else Meld.PON, tiles=tiles if kinds[0] != kinds[1] else
                [kinds[0] * 4 + j for j in range(3)])


def test_random_complete_hands_split_as_the_package_divides():
    rng = np.random.default_rng(5)
    splits = 0
    for _ in range(3000):
        concealed, called = random_complete(rng)
        full = concealed.copy()
        for block in called:
            np.add.at(full, block, 1)
        assert wn.is_complete(concealed)
        assert Agari.is_agari(full.tolist(), called)
        ours = sorted(sorted(row + called) for row in wn.split_list(concealed))
        theirs = sorted(HandDivider.divide_hand(full.tolist(), [as_meld(b, j) for j, b in enumerate(called)]))
        assert ours == theirs, (concealed.tolist(), called)
        splits += len(ours)
    assert splits > 3040  # some hands split more than one way (58 of these)


def test_random_hands_are_complete_exactly_when_the_package_says():
    rng = np.random.default_rng(6)
    agree = complete = 0
    for i in range(6000):
        concealed, called = random_complete(rng)
        if i % 3:  # swap one tile for another: mostly incomplete
            held = np.flatnonzero(concealed)
            concealed[rng.choice(held)] -= 1
            concealed[rng.choice(np.flatnonzero(concealed < 4))] += 1
        full = concealed.copy()
        for block in called:
            np.add.at(full, block, 1)
        theirs = Agari.is_agari(full.tolist(), called)
        out = np.empty((wn.MAX_SPLITS, wn.ROW), dtype=np.int64)
        found = wn.splits(concealed, out)
        assert found <= wn.MAX_SPLITS
        agree += wn.is_complete(concealed) == theirs == (found > 0)
        complete += theirs
    assert agree == 6000 and 2100 < complete < 3000


def test_waits_are_the_tiles_that_complete():
    rng = np.random.default_rng(7)
    ready = 0
    out = np.empty(34, dtype=np.int64)
    for _ in range(1500):
        concealed, _ = random_complete(rng)
        concealed[rng.choice(np.flatnonzero(concealed))] -= 1
        expected = []
        for k in range(34):
            if concealed[k] < 4:
                concealed[k] += 1
                if Agari.is_agari(concealed.tolist()):
                    expected.append(k)
                concealed[k] -= 1
        n = wn.waits(concealed, out)
        assert out[:n].tolist() == expected
        ready += n > 0
    assert ready == 1500
