"""Seat marks for up to ten seats: each seat told apart by letter and shape alone, colour only helping."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.color import Color, ColorType

from tui_games.ui.glyphs import ASCII, UNICODE
from tui_games.ui.seat_marks import MAX_MARKED_SEATS, seat_mark


@pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
def test_ten_seats_differ_in_letter_and_in_shape_without_colour(glyphs):
    marks = [seat_mark(seat, glyphs) for seat in range(MAX_MARKED_SEATS)]
    assert MAX_MARKED_SEATS == 10
    assert [mark.letter for mark in marks] == list("ABCDEFGHIJ")
    assert len({mark.shape for mark in marks}) == 10  # the shapes alone tell the seats apart too
    assert len({mark.label for mark in marks}) == 10
    for mark in marks:
        assert cell_len(mark.shape) == 1 and mark.shape not in "ABCDEFGHIJ"
        assert mark.text(colour=False).style == "bold" and mark.text(colour=False).plain == mark.label
    if glyphs is ASCII:
        assert all(mark.label.isascii() for mark in marks)


def test_seat_colours_are_distinct_256_colour_entries():
    colours = [Color.parse(seat_mark(seat).colour) for seat in range(MAX_MARKED_SEATS)]
    assert all(colour.type in (ColorType.STANDARD, ColorType.EIGHT_BIT) for colour in colours)
    triplets = {colour.get_truecolor() for colour in colours}
    assert len(triplets) == 10
    assert all(seat_mark(seat).text().style.endswith(seat_mark(seat).colour) for seat in range(10))


def test_there_is_no_mark_past_the_tenth_seat():
    with pytest.raises(ValueError, match="up to 10 seats"):
        seat_mark(10)
    with pytest.raises(ValueError):
        seat_mark(-1)
