"""Limit and No-limit Hold'em on the game screen at 80x24: whole hands by keys against the AI (a
no-limit one with a preset bet size), a typed bet refused with the reason, the mouse on the bet-size
control, a hotseat hand whose hand-off screens keep the hole cards private, ten seats that fit, the
showdown's hand names and winning cards, ASCII mode, and the sitting's next hand."""

from __future__ import annotations

import re
import sys
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

from textual.widgets import Button

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from layout_helpers import region_text, screen_lines  # noqa: E402
from tui_games.match import Seat  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from tui_games.ui.shared_views.holdem_view import RAISE_BUTTON  # noqa: E402
from tui_games.ui.screens.handoff import HandoffScreen  # noqa: E402
from ui_helpers import FAST, game_screen, make_app, wait_for, wait_for_game, wait_for_human  # noqa: E402

SIZE = (80, 24)
FOLD, CALL = 0, 1
SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


@asynccontextmanager
async def table(game: str, seats: list, seed: int, params: dict | None = None, **settings):
    """The game screen of a new ``game`` at 80x24 (``settings`` change the test settings), once the
    first human is to act: yields (pilot, app, screen)."""
    app = TuiGamesApp({"game": game, "params": params or {}, "seats": seats, "seed": seed},
                      settings=replace(FAST, **settings))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        yield pilot, app, screen


def chip(name: str, ascii_: bool = False) -> str:
    """A card as the table draws it: 'Ks' -> '[K♠]', 'Td' -> '[10♦]' ('[KS]', '[10D]' in ASCII)."""
    rank = "10" if name[0] == "T" else name[0]
    return f"[{rank}{name[1].upper() if ascii_ else SUITS[name[1]]}]"


def view_text(app, screen) -> str:
    """What the player reads in the board area."""
    return region_text(app, screen.query_one("#view-slot").region)


def turn_line(app, screen) -> str:
    """The turn line under the table, its lines joined."""
    return " ".join(region_text(app, screen.query_one("#turn-line").region).split())


def notices(app) -> list[str]:
    """The messages of the notifications shown."""
    return [str(notification.message) for notification in app._notifications]


async def press_and_wait(pilot, screen, key: str) -> None:
    """Press ``key`` and wait until it played a move and the next human turn (or the end) came."""
    before = len(screen.match.state.history)
    await pilot.press(key)
    await wait_for(pilot, lambda: len(screen.match.state.history) > before, what=f"the {key!r} key to play")
    await wait_for_human(pilot, screen)


async def call_down(pilot, screen) -> None:
    """Check or call until the hand is over."""
    while not screen.match.is_over:
        await press_and_wait(pilot, screen, "c")


def check_showdown(app, screen) -> None:
    """At a showdown every shown hand is named and the winners' cards are drawn reversed."""
    state = screen.match.state
    assert state.showdown
    text = view_text(app, screen)
    assert screen.match.result_text in turn_line(app, screen)
    assert "Showdown: P1" in text
    shown = [seat for seat in range(state.num_players) if not state.folded(seat)]
    for seat in shown:
        for card in state.private_cards(seat):
            assert chip(card) in text, (card, text)
        assert state.hand_name(seat) in text, (state.hand_name(seat), text)
    canvas = screen.view.table.canvas
    lines = canvas.draw(canvas.model, canvas.size.width, canvas.size.height)
    for seat in state.winners:
        best = set(state.best_cards(seat))
        for card in state.board + state.hole_cards(seat):
            face = chip(state.private_cards(seat)[state.hole_cards(seat).index(card)] if card in state.hole_cards(seat)
                        else state.public_cards()[state.board.index(card)])
            line = next(line for line in lines if face in line.plain)
            column = line.plain.index(face) + 1
            reversed_ = any("reverse" in str(span.style) for span in line.spans if span.start <= column < span.end)
            assert reversed_ == (card in best), (face, best)


async def test_a_whole_limit_hand_by_keys_then_the_next_hand(home):
    async with table("limit-holdem", [Seat(), Seat("ai", 1)], 4) as (pilot, app, screen):
        match = screen.match
        state = match.state
        mine, theirs = state.private_cards(0), state.private_cards(1)
        text = view_text(app, screen)
        assert "Player 1 (you)" in text and "Player 2 (AI Loose)" in text
        assert all(chip(card) in text for card in mine) and not any(chip(card) in text for card in theirs)
        assert text.count("[░░]") == 2 and "[  ] [  ] [  ] [  ] [  ]" in text  # face down; no board yet
        assert "Pot 3" in text and "Pre-flop" in text and "bets of 2" in text
        assert re.search(r"f Fold +c Call 1 +r Raise to 4", text), text  # the button posts the small blind
        await call_down(pilot, screen)  # the AI never faces a bet, so it never folds: a showdown
        check_showdown(app, screen)
        assert "n next hand" in "\n".join(screen_lines(app))
        stacks = match.state.stacks
        await pilot.press("n")
        await wait_for(pilot, lambda: match.deal_number == 2 and not match.is_over, what="the next hand")
        await wait_for_human(pilot, screen)
        assert match.state.params["stack_1"] == stacks[0] and match.state.params["stack_2"] == stacks[1]
        assert match.state.button == 1  # the button moved
        assert "Hand 1: Player" in view_text(app, screen)


async def test_a_whole_no_limit_hand_by_keys_with_the_pot_preset(home):
    async with table("no-limit-holdem", [Seat(), Seat("ai", 1)], 4) as (pilot, app, screen):
        match = screen.match
        text = view_text(app, screen)
        assert re.search(r"f Fold +c Call 1 +r Raise to 4", text), text
        assert re.search(r"m Min +h 1/2 pot +p Pot +a All in", text), text
        await pilot.press("p")  # the pot: call 1, then raise the 4 in the pot: to 2 + 4 = 6
        await wait_for(pilot, lambda: "r Raise to 6" in view_text(app, screen), what="the pot-sized raise")
        assert not match.state.history[4:]  # choosing a size bets nothing
        await press_and_wait(pilot, screen, "r")
        assert match.log_entries[4].action == 6 and match.log_entries[4].mover == 0
        await call_down(pilot, screen)
        assert match.is_over and match.result_text in turn_line(app, screen)
        if match.state.showdown:
            check_showdown(app, screen)


async def test_a_typed_bet_that_is_too_small_is_refused_with_the_reason(home):
    async with table("no-limit-holdem", [Seat(), Seat("ai", 2)], 4) as (pilot, app, screen):
        match = screen.match
        before = list(match.state.history)
        await pilot.press("3")  # a digit starts an amount in the box
        await pilot.pause()
        assert screen.view.sizer.box.has_focus and screen.view.sizer.amount == 3
        assert "r Raise to 3" in view_text(app, screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("too small" in notice for notice in notices(app)), what="the refusal")
        assert any(notice == "A raise to 3 is too small: the smallest makes your chips in the pot 4"
                   for notice in notices(app)), notices(app)
        assert match.state.history == before and match.human_to_move  # nothing was bet
        assert screen.view.sizer.amount == 3 and screen.view.sizer.box.has_class("-refused")
        await pilot.press("backspace", "9", "9", "9", "enter")  # too much now: more than the stack
        await wait_for(pilot, lambda: any("more than you have" in notice for notice in notices(app)), what="refusal")
        assert "A raise to 999 is more than you have: all in makes your chips in the pot 200" in notices(app)
        await pilot.press("backspace", "backspace", "backspace", "8", "enter")  # corrected: a raise to 8
        await wait_for(pilot, lambda: len(match.state.history) > len(before), what="the raise")
        assert match.log_entries[len(before)].action == 8
        assert screen.view.has_focus  # the keys are back with the table


async def test_the_mouse_picks_a_preset_then_raises(home):
    async with table("no-limit-holdem", [Seat(), Seat("ai", 1)], 9, {"stack": 50}) as (pilot, app, screen):
        match = screen.match
        await pilot.click(screen.view.sizer.query_one(".preset-all", Button))
        await wait_for(pilot, lambda: "r Raise to 100 (all in)" in view_text(app, screen), what="all in in the box")
        raise_button = next(button for button in screen.view.actions.query(Button) if button.name == str(RAISE_BUTTON))
        before = len(match.state.history)
        await pilot.click(raise_button)
        await wait_for(pilot, lambda: len(match.state.history) > before, what="the click to play")
        assert match.log_entries[before].action == 100 and match.state.all_in(0)


async def test_a_hotseat_hand_keeps_the_hole_cards_private(home):
    async with table("no-limit-holdem", [Seat(), Seat(), Seat("ai", 1)], 2, {"players": 3}) as (pilot, app, screen):
        match = screen.match
        cards = {seat: match.state.private_cards(seat) for seat in range(3)}
        faces = {seat: [chip(card) for card in hand] for seat, hand in cards.items()}
        turns = 0
        while not match.is_over and turns < 6:
            await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) or match.is_over
                           or (match.human_to_move and game_screen(app) is not None), what="a turn or a hand-off")
            await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                shown = "\n".join(screen_lines(app))
                assert f"Pass to Player {match.to_move + 1}" in shown
                assert not any(face in shown for seat_faces in faces.values() for face in seat_faces), shown
                await pilot.press("enter")
                await wait_for(pilot, lambda: game_screen(app) is not None, what="the table again")
                await pilot.pause()
            if match.is_over:
                break
            seat = match.to_move
            text = view_text(app, screen)
            assert all(face in text for face in faces[seat]), (seat, text)
            others = [face for other in range(3) if other != seat for face in faces[other]]
            assert not any(face in text for face in others), (seat, text)
            assert f"Player {seat + 1}" in text and "c C" in text, text
            await press_and_wait(pilot, screen, "c")
            turns += 1
        assert turns >= 2  # both humans played behind the hand-off screen


async def test_ten_seats_fit_80x24_with_every_bet_and_mark(home):
    for game in ("limit-holdem", "no-limit-holdem"):
        async with table(game, [Seat()] + [Seat("ai", 2)] * 9, 3, {"players": 10}) as (pilot, app, screen):
            await pilot.pause()
            state = screen.match.state
            area = screen.query_one("#view-slot").region
            for widget in screen.view.walk_children():
                if widget.display and widget.region.area:
                    assert area.contains_region(widget.region), (game, widget, widget.region, area)
            text = screen.view.table.text()
            assert screen.view.table.canvas.compact
            for seat in range(1, 10):
                assert re.search(rf"\bP{seat + 1} {state.stacks[seat]}\b", text), (seat, text)
            assert re.search(rf"You {state.stacks[0]}\b", text) and all(chip(c) in text for c in state.private_cards(0))
            bets = sorted(bet for bet in state.bets if bet)
            assert sorted(int(b) for b in re.findall(r"(?<!\w)b(\d+)\b", text)) == bets, text
            assert len(re.findall(r"\bSB\b", text)) == 1 and len(re.findall(r"\bBB\b", text)) == 1
            assert re.search(r"\bD\b", text) and "→" in text
            buttons = [str(button.label) for button in screen.view.actions.query(Button)]
            assert buttons[0] == "f Fold" and buttons[1].startswith("c Call")
            assert all(button.region.area for button in screen.view.actions.query(Button))  # in view


async def test_light_theme_without_colour_keeps_every_mark_readable(home):
    async with table("no-limit-holdem", [Seat()] + [Seat("ai", 1)] * 3, 6, {"players": 4}, theme="light",
                     colour="monochrome") as (pilot, app, screen):
        text = view_text(app, screen)
        state = screen.match.state
        assert all(chip(card) in text for card in state.private_cards(0)) and "[░░]" in text
        assert "→" in text and re.search(r"\bD\b", text) and "BB" in text and "Pot" in text, text
        assert "f Fold" in text and "m Min" in text


async def test_ascii_mode_draws_suit_letters_and_plain_marks(home):
    async with table("limit-holdem", [Seat()] + [Seat("ai", 3)] * 5, 6, {"players": 6},
                     glyphs="ascii") as (pilot, app, screen):
        text = screen.view.table.text()
        assert text.isascii(), text
        assert all(chip(card, ascii_=True) in text for card in screen.match.state.private_cards(0))
        assert "[##]" in text and ">" in text


async def test_the_menu_form_and_rules_leave_out_the_sittings_stacks_and_button(home):
    from tui_games import catalog
    from tui_games.ui.screens.new_game import NewGameScreen
    from tui_games.ui.screens.rules import rules_markdown

    spec = catalog.get("limit-holdem")
    internal = [param.name for param in spec.params if param.internal]
    assert sorted(internal) == sorted([f"stack_{seat}" for seat in range(1, 11)] + ["button"])
    assert "stack 1" not in rules_markdown(spec) and "- **players**" in rules_markdown(spec)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#game-list")
        games.highlighted = next(i for i in range(games.option_count) if games.get_option_at_index(i).id == spec.id)
        await pilot.pause()
        details = region_text(app, app.screen.query_one("#game-details").region)
        assert "players 2 (2..10)" in details and "Kind" in details and "stack 1" not in details, details
        listed = region_text(app, games.region)
        assert re.search(r"Limit Texas Hold'em +2-10", listed), listed  # the long title keeps its row
        app.open_new_game(spec)
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen), what="the new-game form")
        await pilot.pause()
        form = app.screen
        assert not form.query_one("#param-row-stack_1").display and not form.query_one("#param-row-button").display
        assert form.query_one("#param-row-players").display
        request = form.build_request()
        assert not set(internal) & set(request.params)  # the sitting sets them


class OneHand:
    """What the view's pot reading asks of a match: the state it shows."""

    def __init__(self, state) -> None:
        self.state = state
        self.play(None)  # deal the hole cards

    def shown_state(self):
        return self.state

    def play(self, action: int | None) -> None:
        if action is not None:
            self.state.apply(action)
        while self.state.is_chance_node:
            self.state.apply(self.state.sample_chance())


def test_the_pots_the_table_shows():
    from tui_games import catalog
    from tui_games.games.no_limit_holdem.view import NoLimitHoldemView
    from tui_games.ui.glyphs import UNICODE

    spec = catalog.get("no-limit-holdem")
    view = NoLimitHoldemView(UNICODE)
    # Seat 1 (the small blind) has 40 chips: all in before the flop, then seats 2 and 0 bet on.
    view.match = hand = OneHand(spec.new(seed=1, players=3, stack_2=40))
    hand.play(40)
    hand.play(CALL)
    assert view._pots() == (("Pot", 82),)  # this round's bets count in the pot
    hand.play(CALL)
    hand.play(100)  # the flop: seat 2 bets, seat 1 is all in and out of it
    assert view._pots() == (("Pot", 180),)  # the bet lies in front of seat 2: no side pot yet
    hand.play(CALL)
    assert view._pots() == (("Pot", 240), ("main", 120), ("side", 120))  # the turn: a side pot
    while not hand.state.is_terminal:
        hand.play(CALL)
    assert view._pots() == (("Main pot", 120), ("Side pot", 120))
    # Won by folds: the part of the last bet that nobody called goes back, and is not in the pot.
    view.match = hand = OneHand(spec.new(seed=1))
    hand.play(200)  # the button (small blind) moves all in; the big blind folds
    hand.play(FOLD)
    assert view._pots() == (("Pot", 4),) and hand.state.returns() == [2.0, -2.0]
