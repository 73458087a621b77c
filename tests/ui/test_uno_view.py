"""UNO on the game screen at 80x24: ten seats and a 23-card hand with every seat and card readable; a
card played by its letter and Enter and by a click; a wild asks for its colour (Esc takes it back, a
key or a button names it); draw, keep, challenge, naming the first wild's colour; a refused card says
why; the game's own card colours in the dark and light themes; ASCII mode pure ASCII.

Positions are written deal by deal through the state's own names ('dealer 2', 'r-7', 'draw') and
resumed from a save, so each test starts where it means to whatever the seeds draw."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.color import Color
from textual.widgets import Button

from layout_helpers import region_lines, region_text
from test_hand_widget import read_cards
from tui_games import catalog
from tui_games.games.uno.constants import ACCEPT, CHALLENGE, DRAW, KEEP, WILD, WILD_DRAW_4, card_action
from tui_games.games.uno.look import COLOURS as UNO_COLOURS
from tui_games.games.uno.view import card_of
from tui_games.match import Match, Seat
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.seat_marks import seat_mark
from tui_games.ui.widgets.hand import LETTERS
from ui_helpers import FAST, make_app, wait_for, wait_for_game, wait_for_human

SIZE = (80, 24)
SPEC = catalog.get("uno")
MINE = ["r-7", "g-3", "wild", "wild_draw_4", "b-skip", "y-2", "r-reverse"]
THEIRS = ["r-1", "r-2", "r-3", "g-1", "g-2", "wild_draw_4", "y-9"]


def written_history(hands: dict[int, list[str]], top: str, dealer: int, players: int = 2,
                    then: list[str] = (), rules: str = "official") -> list[int]:
    """The actions that deal ``hands`` (seat -> its cards), turn ``top`` up with ``dealer`` dealing
    (official rules), then play ``then`` (moves and chance outcomes alike, by name)."""
    state = SPEC.new(seed=1, players=players, target=0, rules=rules)
    queues = {seat: list(cards) for seat, cards in hands.items()}
    after = list(then)
    history = []
    while state.is_chance_node and state.phase in ("dealer", "deal", "flip") or after:
        phase = state.phase
        if state.is_chance_node and phase == "dealer":
            name = f"dealer {dealer + 1}"
        elif state.is_chance_node and phase == "deal":
            name = queues[state.turn].pop(0)
        elif state.is_chance_node and phase == "flip":
            name = top
        else:
            name = after.pop(0)
        action = state.parse_action(name)
        state.apply(action)
        history.append(action)
    assert not state.is_chance_node, state.phase
    return history


def resume(history: list[int], players: int = 2, settings=FAST, rules: str = "official") -> TuiGamesApp:
    """The app resuming a one-hand match of ``history``: Player 1 human, the others AI level 1."""
    seats = [Seat()] + [Seat("ai", 1)] * (players - 1)
    match = Match(SPEC, {"target": 0, "rules": rules}, seats, 1, history=history)
    path = match.save()
    match.close()
    return TuiGamesApp({"resume": str(path)}, settings=settings)


def view_text(app, screen) -> str:
    return region_text(app, screen.query_one("#view-slot").region)


def hand_read(app, screen) -> list[dict]:
    """The cards of the hand as the screen shows them (face or corner, colour letter)."""
    hand = screen.view.hand
    plan = hand.plan()
    return read_cards(region_lines(app, hand.region), plan.card_height, plan.row_height)


def assert_hand_shown(app, screen, names: list[str]) -> None:
    seen = hand_read(app, screen)
    cards = [card_of(name) for name in names]
    assert len(seen) == len(cards), (len(seen), names)
    for card, read in zip(cards, seen):
        assert read["face"] in (card.face, card.corner_text) and read["mark"] == card.mark, (read, card)


async def played_after(pilot, screen, before: int) -> int:
    """The action played at ``before`` in the history, once it is there."""
    await wait_for(pilot, lambda: len(screen.match.state.history) > before, what="the move")
    return screen.match.state.history[before]


def card_offset(hand, index: int) -> tuple[int, int]:
    """Where to click card ``index`` of the hand (its face line, its first column)."""
    plan = hand.plan()
    row, left, _ = plan.places(hand.cursor)[index]
    return left, row * plan.row_height + 1 + plan.raise_room


async def test_ten_seats_fit_80x24_with_every_seat_count_and_card_readable(home):
    app = make_app({"game": "uno", "params": {"players": 10, "target": 0},
                    "seats": [Seat()] + [Seat("ai", 1)] * 9, "seed": 4})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        await pilot.pause()
        state = screen.match.state
        text = view_text(app, screen)
        for seat, count in enumerate(state.hand_sizes):
            token = f"{seat_mark(seat, name=SPEC.seat_name(seat)).label} {count}"
            assert token in text, (token, text)
        assert f"[{seat_mark(0, name=SPEC.seat_name(0)).label} " in text  # the seat to play, in brackets
        assert ("play goes →" if state.direction > 0 else "play goes ←") in text
        assert f"Draw pile {state.draw_pile_size}" in text and f"Colour {state.colour or 'none'}" in text
        top = card_of(state.target)
        discard = region_text(app, screen.view.discard.region)
        assert top.face in discard and top.mark in discard
        assert_hand_shown(app, screen, state.hand(0))
        area = screen.query_one("#view-slot").region
        for widget in (screen.view.hand, screen.view.actions, screen.view.discard):
            assert area.contains_region(widget.region), widget


async def test_a_23_card_hand_fits_80x24_every_card_readable(home):
    mine = [f"{colour}-{number}" for colour in "bg" for number in (1, 2, 3, 4, 6, 7, 8, 9)]
    theirs = [f"y-{number}" for number in (1, 3, 4, 6, 7, 8)] * 2 + ["b-0", "g-0", "y-0", "y-2"]
    draws = [step for pair in zip(mine, theirs) for card in pair for step in ("draw", card)]
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1, then=draws))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        await pilot.pause()
        state = screen.match.state
        assert len(state.hand(0)) == 23
        assert_hand_shown(app, screen, state.hand(0))
        area = screen.query_one("#view-slot").region
        assert area.contains_region(screen.view.hand.region) and area.contains_region(screen.view.actions.region)
        assert "d Draw" in view_text(app, screen)


async def test_a_card_is_played_by_its_letter_and_enter(home):
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        names = list(screen.view._names)
        assert names == screen.match.state.hand(0)
        playable = [card.playable for card in screen.view.hand.cards]
        assert playable == [name in ("r-7", "r-reverse", "wild", "wild_draw_4") for name in names]
        before = len(screen.match.state.history)
        await pilot.press(LETTERS[names.index("r-7")])
        await pilot.press("enter")
        assert await played_after(pilot, screen, before) == card_action(0, 7)


async def test_a_card_is_played_by_a_click_and_a_refused_one_says_why(home):
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        hand = screen.view.hand
        names = screen.view._names
        before = len(screen.match.state.history)
        await pilot.click(hand, offset=card_offset(hand, names.index("g-3")))
        await pilot.pause()
        assert len(screen.match.state.history) == before
        assert any("g-3 does not go on r-5" in str(note.message) for note in app._notifications)
        await pilot.click(hand, offset=card_offset(hand, names.index("r-reverse")))
        assert await played_after(pilot, screen, before) == card_action(0, 11)


async def test_a_wild_asks_its_colour_esc_takes_it_back_and_a_button_names_it(home):
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        view = screen.view
        before = len(screen.match.state.history)
        await pilot.press(LETTERS[view._names.index("wild")], "enter")
        await pilot.pause()
        assert view.picking == WILD and len(screen.match.state.history) == before
        labels = [str(button.label) for button in view.actions.query(Button)]
        assert labels == ["r Red", "g Green", "b Blue", "y Yellow"]
        assert "Colour for the wild: r g b y, Backspace: back" in view_text(app, screen)
        await pilot.press("escape")  # back to the hand, still on the table
        await pilot.pause()
        assert view.picking is None and screen.is_current and len(screen.match.state.history) == before
        assert [str(button.label) for button in view.actions.query(Button)] == ["d Draw"]
        await pilot.click(view.hand, offset=card_offset(view.hand, view._names.index("wild")))
        await pilot.pause()
        blue = next(button for button in view.actions.query(Button) if str(button.label) == "b Blue")
        await pilot.click(blue)
        assert await played_after(pilot, screen, before) == card_action(2, WILD)
        await wait_for_human(pilot, screen)
        assert app.focused is view.hand  # the button went with its move: the keys are the hand's again


async def test_a_wild_draw_four_taken_back_with_backspace_then_named_by_key(home):
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        before = len(screen.match.state.history)
        await pilot.press(LETTERS[screen.view._names.index("wild_draw_4")], "enter")
        await pilot.pause()
        assert screen.view.picking == WILD_DRAW_4
        assert "Colour for the +4: r g b y, Backspace: back" in view_text(app, screen)
        await pilot.press("backspace")
        await pilot.pause()
        assert screen.view.picking is None
        await pilot.press("enter")  # the cursor is still on it
        await pilot.pause()
        assert screen.view.picking == WILD_DRAW_4 and len(screen.match.state.history) == before
        await pilot.press("y")
        assert await played_after(pilot, screen, before) == card_action(3, WILD_DRAW_4)


async def test_draw_then_keep(home):
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        before = len(screen.match.state.history)
        await pilot.press("d")
        assert await played_after(pilot, screen, before) == DRAW
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1, then=["draw", "r-9"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        view = screen.view
        assert "You drew r-9: play it (Enter) or k keep" in view_text(app, screen)
        assert [str(button.label) for button in view.actions.query(Button)] == ["k Keep"]
        assert [card.playable for card in view.hand.cards] == [name == "r-9" for name in view._names]
        assert view._names[view.hand.cursor] == "r-9"
        before = len(screen.match.state.history)
        await pilot.press("k")
        assert await played_after(pilot, screen, before) == KEEP


async def test_a_wild_draw_four_played_on_you_is_challenged_or_accepted(home):
    history = written_history({0: MINE, 1: THEIRS}, "r-5", dealer=0, then=["g-wild_draw_4"])
    for key, action in (("c", CHALLENGE), ("a", ACCEPT)):
        app = resume(history)
        async with app.run_test(size=SIZE) as pilot:
            screen = await wait_for_game(pilot, app)
            await wait_for_human(pilot, screen)
            text = view_text(app, screen)
            assert "Player 2 played +4: c challenge or a accept" in text
            assert "c Challenge" in text and "a Accept" in text
            assert not any(card.playable for card in screen.view.hand.cards)
            before = len(screen.match.state.history)
            await pilot.press(key)
            assert await played_after(pilot, screen, before) == action


async def test_the_first_wild_turned_up_is_named_by_button(home):
    app = resume(written_history({0: MINE, 1: THEIRS}, "wild", dealer=1))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        view = screen.view
        assert "The first card is a wild: name its colour" in view_text(app, screen)
        assert not any(card.playable for card in view.hand.cards)  # the wild in the hand is not played
        before = len(screen.match.state.history)
        green = next(button for button in view.actions.query(Button) if str(button.label) == "g Green")
        await pilot.click(green)
        assert await played_after(pilot, screen, before) == card_action(1, WILD)


@pytest.mark.parametrize("theme", ["dark", "light"])
async def test_the_cards_take_the_games_own_colours(home, theme):
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1), settings=replace(FAST, theme=theme))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        for fill, name in (("red", "red"), ("green", "green"), ("blue", "blue"), ("yellow", "yellow"),
                           ("black", "wild")):
            style = screen.view.hand.get_component_rich_style(f"hand--fill-{fill}")
            assert Color.from_rich_color(style.bgcolor) == Color.parse(UNO_COLOURS[name][theme]), fill
            row = screen.view.discard.get_component_rich_style(f"card-row--fill-{fill}")
            assert Color.from_rich_color(row.bgcolor) == Color.parse(UNO_COLOURS[name][theme]), fill


async def test_a_hint_puts_the_cursor_on_the_suggested_card_or_marks_its_button(home):
    for rules in ("rlcard", "official"):  # RLCard's rules: no draw while a card goes, so a card
        app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1, rules=rules), rules=rules)
        async with app.run_test(size=SIZE) as pilot:
            screen = await wait_for_game(pilot, app)
            await wait_for_human(pilot, screen)
            view = screen.view
            await pilot.press("end")  # away from the first playable card
            await pilot.press("t")
            await wait_for(pilot, lambda: view.hinted is not None, what="the hint")
            await pilot.pause()
            hinted = view.hinted
            legal = set(screen.match.state.legal_actions())
            if rules == "rlcard" or hinted != DRAW:
                assert hinted in view.card_actions(view._names[view.hand.cursor], legal), (rules, hinted)
            else:
                assert view.actions.query_one(Button).has_class("-hinted")


async def test_ascii_mode_and_no_color_draw_the_table_in_plain_ascii_with_colour_letters(home, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    settings = replace(FAST, glyphs="ascii")
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1), players=2, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        await pilot.pause()
        assert app.monochrome
        text = view_text(app, screen)
        assert text.isascii(), text
        assert "play goes >" in text and "#=" in text  # the cursor card's frame
        assert_hand_shown(app, screen, screen.match.state.hand(0))


async def test_a_hand_key_remapped_on_the_keys_screen_moves_the_cursor_from_the_hand_and_a_button(home):
    settings = replace(FAST, keymap={"hand.next": "x"})
    app = resume(written_history({0: MINE, 1: THEIRS}, "r-5", dealer=1), settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        hand = screen.view.hand
        hand.move_cursor(0)
        await pilot.pause()
        assert app.focused is hand
        await pilot.press("x")
        await pilot.pause()
        assert hand.cursor == 1
        await pilot.press("right", "l")  # Next card's keys before the remap: nothing now
        await pilot.pause()
        assert hand.cursor == 1
        draw = next(button for button in screen.view.actions.query(Button) if str(button.label) == "d Draw")
        draw.focus()
        await pilot.pause()
        await pilot.press("x")  # the view relays the hand's keys, remapped alike, while a button has the focus
        await pilot.pause()
        assert app.focused is draw and hand.cursor == 2
        await pilot.press("left")  # an unchanged key of the hand's
        await pilot.pause()
        assert hand.cursor == 1
