"""Mahjong tiles and their notation, written and read as the ``mahjong`` package writes and reads them."""

import numpy as np
import pytest
from mahjong.tile import TilesConverter

from tui_games.games.mahjong import tiles as tl


def random_hands(count, seed):
    """``count`` random sets of 1-14 tiles (0-135)."""
    rng = np.random.default_rng(seed)
    return [rng.permutation(136)[:rng.integers(1, 15)].tolist() for _ in range(count)]


def test_kinds_and_red_fives():
    assert (tl.KINDS, tl.TILES) == (34, 136)
    assert [tl.kind_of(t) for t in tl.RED_FIVES] == [4, 13, 22]
    assert tl.is_red(16) and not tl.is_red(17)
    assert tl.to_string([16, 17]) == "05m"
    assert tl.to_string(range(108, 136, 4)) == "1234567z"
    assert tl.parse("0m5m") == [16, 17]
    assert tl.parse("55m0p") == [17, 18, 52]
    assert tl.parse("1z1m") == [0, 108]  # characters first, as the package orders them
    assert tl.counts_to_string(tl.parse_counts("406m")) == "456m"


def test_writing_and_reading_equal_the_package():
    for hand in random_hands(3000, 1):
        text = tl.to_string(hand)
        assert text == TilesConverter.to_one_line_string(hand, print_aka_dora=True)
        assert tl.parse(text) == TilesConverter.one_line_string_to_136_array(text, has_aka_dora=True)
        assert (tl.parse_counts(text) == TilesConverter.to_34_array(hand)).all()
        counts = TilesConverter.to_34_array(hand)
        assert tl.counts_to_string(counts) == TilesConverter.to_one_line_string(TilesConverter.to_136_array(counts))
        assert sorted(tl.is_red(t) for t in tl.parse(text)) == sorted(tl.is_red(t) for t in hand)


@pytest.mark.parametrize("text", ["55555m", "00m", "8z", "0z", "123", "12x", "m", "9999m9m"])
def test_what_no_table_holds_is_refused(text):
    with pytest.raises(ValueError):
        tl.parse(text)


def test_names():
    assert [tl.tile_name(t) for t in (0, 16, 17, 35, 36, 88, 108, 112, 116, 120, 124, 128, 132)] == [
        "1m", "0m", "5m", "9m", "1p", "0s", "E", "S", "W", "N", "Wh", "Gr", "Rd"]
    assert [tl.tile_name(t, unicode=True) for t in (0, 16, 52, 88, 108, 132)] == ["1萬", "5萬", "5筒", "5索", "東", "中"]
    assert all(len(tl.tile_name(t)) <= 2 for t in range(136))
    assert tl.parse_kind("0p") == (13, True) and tl.parse_kind("7z") == (33, False)
    assert [tl.kind_string(k) for k in (0, 26, 27, 33)] == ["1m", "9s", "1z", "7z"]
    assert [k for k in range(34) if tl.is_terminal_or_honor(k)] == list(tl.TERMINALS_AND_HONORS)
