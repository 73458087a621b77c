"""Card ids, names and parsing: the 52-card numbering rank * 4 + suit, names like 'As', clear refusals."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tui_games.core.errors import InvalidMoveError
from tui_games.engine.cards.names import (
    NUM_CARDS, card_face, card_id, card_label, card_name, card_rank, card_suit, card_words, cards_text,
    is_red, parse_card, parse_cards,
)


def test_ids_follow_rank_times_four_plus_suit():
    assert card_id(0, 0) == 0 and card_name(0) == "2c"
    assert card_name(1) == "2d" and card_name(2) == "2h" and card_name(3) == "2s"
    assert card_name(4) == "3c"
    assert card_name(34) == "Th"
    assert card_name(51) == "As" and card_id(12, 3) == 51
    assert [card_rank(c) for c in (0, 33, 51)] == [0, 8, 12]
    assert [card_suit(c) for c in (0, 33, 51)] == [0, 1, 3]


def test_every_name_parses_back_to_its_card_in_any_case():
    for card in range(NUM_CARDS):
        name = card_name(card)
        assert parse_card(name) == card
        assert parse_card(name.upper()) == card
        assert parse_card(name.lower()) == card
        assert parse_card(card_label(card)) == card  # 'A♠', '10♦'
        assert parse_card(f"  {name} ") == card


def test_ten_may_be_written_10_and_symbols_are_read():
    assert parse_card("10d") == parse_card("Td") == 33
    assert parse_card("10♥") == parse_card("th") == 34
    assert parse_card("K♣") == 44
    assert parse_card("q♡") == 42


def test_display_forms():
    assert card_label(51) == "A♠"
    assert card_label(33) == "10♦"
    assert card_label(33, symbols=False) == "Td"
    assert card_words(0) == "two of clubs"
    assert cards_text([51, 33, 20]) == "As Td 7c"
    assert card_face(51) == ("A", "S") and card_face(33).rank == "T" and card_face(33).suit == "D"
    assert is_red(33) and is_red(34) and not is_red(51) and not is_red(0)


def test_several_cards_parse_with_or_without_separators():
    assert parse_cards("As Kd") == [51, 45]
    assert parse_cards("AsKd") == [51, 45]
    assert parse_cards("as,kd, 10c") == [51, 45, 32]
    assert parse_cards("") == []


@pytest.mark.parametrize(("text", "reason"), [
    ("", "no card given"),
    ("Xs", "'X' is no rank"),
    ("1s", "'1' is no rank"),
    ("A", "needs a suit"),
    ("Ax", "'x' is no suit"),
    ("As Kd", "names 2 cards, not one"),
    ("AsK", "needs a suit"),
])
def test_junk_is_refused_with_the_reason(text, reason):
    with pytest.raises(InvalidMoveError, match=reason):
        parse_card(text)


def test_a_card_named_twice_is_refused():
    with pytest.raises(InvalidMoveError, match="As is named twice"):
        parse_cards("As Kd as")


def test_ids_outside_the_deck_are_refused():
    for bad in (-1, 52):
        with pytest.raises(ValueError, match="not a card id"):
            card_name(bad)
    with pytest.raises(ValueError, match="no card has rank index 13"):
        card_id(13, 0)


def test_names_and_hand_words_load_without_numba():
    """Views draw cards and name hands from these modules: they must not pull numba in."""
    code = (
        "import sys\n"
        "from tui_games.engine.cards import names, hand_names\n"
        "print(names.card_name(51), hand_names.describe(8 << 26 | 12))\n"
        "assert 'numba' not in sys.modules and 'llvmlite' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["As", "Royal", "flush"]
