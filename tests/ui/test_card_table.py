"""The shared card table: 2-10 seats around the oval at the sizes the game screen gives it (80x24's
board area and larger), every seat readable and none covering another, the compact layout from seven
seats, face-down cards (both or none, never one back for two cards), hand names whole or shortened
(never cut), winning cards reversed, ASCII mode, and the betting buttons' keys."""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult

from tui_games.engine.cards.names import card_face
from tui_games.ui.glyphs import ASCII, UNICODE
from tui_games.ui.widgets.card_table import (BettingBar, CardTable, TableCanvas, TableModel, TableSeat,
                                             betting_key)

BOARD_80x24 = (48, 17)
"""The table's room in the board area of an 80x24 screen (beside the side panel, above the buttons)."""
BIG = (86, 30)
CROWDED_80x24 = (48, 15)
"""The table's room at 80x24 under the no-limit bet-size control and a full history log."""


def model(seats: int, folded: int | None = None, winner: int | None = None) -> TableModel:
    """A hold'em-like table: seat 0 sees its cards, the others are face down (the winner's shown)."""
    rows = []
    for seat in range(seats):
        shown = seat == 0 or seat == winner
        rows.append(TableSeat(
            name=f"Seat {seat + 1} name", short=f"S{seat + 1}", stack=1000 + seat, bet=10 * (seat % 3),
            cards=(card_face(51 - 8 * seat), card_face(47 - 8 * seat)) if shown else (None, None),
            dealer=seat == 1, blind="SB" if seat == 2 else "", folded=seat == folded, to_act=seat == 3,
            winner=seat == winner, winning=frozenset({0, 1}) if seat == winner else frozenset()))
    return TableModel(seats=tuple(rows), community=(card_face(0), card_face(17), card_face(30)), slots=5,
                      community_winning=frozenset({2}) if winner is not None else frozenset(),
                      pots=(("Main pot", 120), ("Side pot", 40)), message="Seat 4 to act")


def styles_at(line, offset: int) -> str:
    """Every style a Content line applies at ``offset``, as one string."""
    return " ".join(str(span.style) for span in line.spans if span.start <= offset < span.end)


def drawn(table: TableModel, size: tuple[int, int], glyphs=UNICODE) -> tuple[TableCanvas, list[str]]:
    canvas = TableCanvas(glyphs)
    return canvas, [line.plain for line in canvas.draw(table, *size)]


@pytest.mark.parametrize("size", [BOARD_80x24, BIG])
@pytest.mark.parametrize("seats", range(2, 11))
def test_every_seat_is_readable_and_none_covers_another(seats, size):
    canvas, lines = drawn(model(seats), size)
    assert len(lines) == size[1] and all(len(line) == size[0] for line in lines)
    text = "\n".join(lines)
    for seat in range(seats):
        name = f"S{seat + 1} " if canvas.compact else f"Seat {seat + 1} name"
        assert text.count(name) == 1, (seat, text)
        assert str(1000 + seat) in text, (seat, text)
    assert text.count("[░░]") == 2 * (seats - 1)  # every other seat's two cards, face down
    assert "[A♠]" in text and "[K♠]" in text  # seat 0's own cards
    assert "Main pot 120" in text and "Side pot 40" in text
    assert "[2♣]" in text and text.count("[  ]") == 2  # three community cards, two to come
    assert canvas.compact == (seats >= 7) or 2 < seats < 7  # two seats are never compact


@pytest.mark.parametrize("size", [BOARD_80x24, CROWDED_80x24, BIG])
@pytest.mark.parametrize("seats", range(2, 11))
def test_every_bet_blind_and_button_is_shown_and_no_number_is_cut_short(seats, size):
    canvas, lines = drawn(model(seats), size)
    text = "\n".join(lines)
    pattern = r"(?<![\w])b(\d+)\b" if canvas.compact else r"\bbet (\d+)\b"
    shown = sorted(int(chips) for chips in re.findall(pattern, text))
    assert shown == sorted(10 * (seat % 3) for seat in range(seats) if seat % 3), text
    assert len(re.findall(r"\bSB\b", text)) == (seats > 2) and re.search(r"\bD\b", text), text
    stacks = sorted(int(chips) for chips in re.findall(r"\b(1\d\d\d)\b", text))
    assert stacks == [1000 + seat for seat in range(seats)], text


def test_two_seats_face_each_other_across_the_oval():
    _, lines = drawn(model(2), BOARD_80x24)
    top = next(row for row, line in enumerate(lines) if "Seat 2 name" in line)
    bottom = next(row for row, line in enumerate(lines) if "Seat 1 name" in line)
    oval = [row for row, line in enumerate(lines) if "╭" in line or "╰" in line]
    assert top < min(oval) < max(oval) < bottom
    assert " D " in lines[top]  # the dealer button, readable without colour


def test_the_turn_marker_fold_and_winning_cards():
    canvas = TableCanvas(UNICODE)
    table = model(4, folded=2, winner=1)
    lines = canvas.draw(table, *BIG)
    text = "\n".join(line.plain for line in lines)
    assert "→ Seat 4 name" in text and "folded" in text
    winner_cards = [line for line in lines if "[Q♠]" in line.plain]
    assert winner_cards
    line = winner_cards[0]
    column = line.plain.index("[Q♠]")
    assert "reverse" in styles_at(line, column + 1)  # the winning cards are reversed
    middle = next(line for line in lines if "[2♣]" in line.plain)
    assert "reverse" in styles_at(middle, middle.plain.index("[9♥]") + 1)
    assert "reverse" not in styles_at(middle, middle.plain.index("[2♣]") + 1)


@pytest.mark.parametrize("seats", [2, 6, 10])
def test_ascii_mode_draws_plain_ascii_with_suit_letters(seats):
    _, lines = drawn(model(seats), BOARD_80x24, ASCII)
    text = "\n".join(lines)
    assert text.isascii(), text
    assert "[AS]" in text and "[##]" in text


def lone_card_backs(text: str) -> list[str]:
    """Face-down cards drawn alone (a two-card hand shown as one card back)."""
    return re.findall(r"(?<!\])(?<!\] )\[░░\](?! ?\[)", text)


@pytest.mark.parametrize("size", [BOARD_80x24, CROWDED_80x24])
@pytest.mark.parametrize("seats", range(7, 11))
def test_a_face_down_hand_shows_both_cards_or_none(seats, size):
    """A crowded table with the tournament's four-figure stacks and blinds: a seat short of room
    shows its bet and no card back rather than one card back for a two-card hand."""
    rows = [TableSeat(name=f"Player {seat + 1}", short=f"P{seat + 1}", stack=1000 - 10 * seat, bet=10 * seat,
                      cards=(None, None), blind={1: "SB", 2: "BB"}.get(seat, ""), dealer=seat == 0)
            for seat in range(seats)]
    table = TableModel(seats=tuple(rows), slots=5, pots=(("Pot", 30),), message="Hand 1 · Pre-flop · 10/20")
    _, lines = drawn(table, size)
    text = "\n".join(lines)
    assert not lone_card_backs(text), text
    shown = sorted(int(chips) for chips in re.findall(r"(?<![\w])b(\d+)\b", text))
    assert shown == [10 * seat for seat in range(1, seats)], text


@pytest.mark.parametrize("hand", ["Pair of fives", "Three of a kind, queens", "Flush, king high",
                                  "Two pair, eights and twos", "Full house, kings full of sevens"])
def test_a_hand_name_is_shown_whole_or_shortened_never_cut(hand):
    rows = [TableSeat(name=f"Player {seat + 1}", stack=988, cards=(card_face(4 * seat), card_face(4 * seat + 1)),
                      hand=hand) for seat in range(3)]
    _, lines = drawn(TableModel(seats=tuple(rows), slots=5), BOARD_80x24)
    names = re.findall(r"\]  (\S.*?)(?:\s{2,}|$)", "\n".join(line.rstrip() for line in lines), re.MULTILINE)
    assert all(name in (hand, hand.split(",")[0], "Pair") for name in names), names
    assert len(names) == 3 or len(hand.split(",")[0]) > 9, lines  # shown where the short form fits


def test_the_betting_keys():
    assert [betting_key(name) for name in ("fold", "check", "call 4", "bet to 6", "raise to 12", "all in")] == \
        ["f", "c", "c", "r", "r", "a"]


class TableApp(App):
    """A card table and its betting bar alone on a screen."""

    def compose(self) -> ComposeResult:
        yield CardTable(id="table")
        yield BettingBar(id="bar")


async def test_the_widget_draws_its_model_and_log_and_labels_its_buttons():
    app = TableApp()
    async with app.run_test(size=(60, 24)) as pilot:
        table = app.query_one(CardTable)
        table.show(TableModel(seats=model(3).seats, slots=1, pots=(("Pot", 6),), log=("Hand 1: S1 +4", "Hand 2")))
        bar = app.query_one(BettingBar)
        bar.show_actions([(0, "fold"), (1, "call 2"), (2, "raise to 6")])
        await pilot.pause()
        assert "Seat 3 name" in table.text() and "Pot 6" in table.text()
        assert table.history.display and "Hand 1: S1 +4" in str(table.history.render())
        assert [label for _, label in bar.actions] == ["f Fold", "c Call 2", "r Raise to 6"]
        assert bar.action_for_key("r") == 2 and bar.action_for_key("x") is None
