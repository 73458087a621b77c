"""Dou Dizhu on the game screen at 80x24: the landlord's 20 cards and all three seats readable; bids by
key and by button; a pair selected by keys and played with Enter, a chain selected by clicks and played
with the Play button; a selection that is no combination, and one that does not beat the table, refused
with the game's reason; the last play of each seat; a hint selects its cards; ASCII mode pure ASCII.

Deals are written card by card (``deal_actions``) and resumed from a save, so each test starts where
it means to whatever the seeds draw."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from textual.widgets import Button

from layout_helpers import region_lines, region_text
from test_hand_widget import read_cards
from tui_games import catalog
from tui_games.games.doudizhu.game import deal_actions
from tui_games.games.doudizhu.view import RANKS, face_of, rank_of
from tui_games.match import Match, Seat
from tui_games.ui.app import TuiGamesApp
from ui_helpers import FAST, wait_for, wait_for_game, wait_for_human

SIZE = (80, 24)
SPEC = catalog.get("doudizhu")
MINE = "3344556789TJQKA2B"
SECOND = "3456789TJQKKA2267"
KITTY = "89A"
DECK = Counter({rank: 4 for rank in RANKS[:13]} | {"B": 1, "R": 1})
THIRD = "".join(sorted((DECK - Counter(MINE) - Counter(SECOND) - Counter(KITTY)).elements(), key=RANKS.index))

BIDDING = ["Player 1 bids first"]
LEADING = BIDDING + ["bid 3"]
FOLLOWING = LEADING + ["33", "KK", "pass"]


def written_history(after: list[str]) -> list[int]:
    """The deal of MINE, SECOND, THIRD and the KITTY, then ``after`` (by name)."""
    state = SPEC.new(seed=1)
    history = deal_actions([MINE, SECOND, THIRD], KITTY)
    for action in history:
        state.apply(action)
    for name in after:
        action = state.parse_action(name)
        state.apply(action)
        history.append(action)
    return history


def resume(after: list[str], settings=FAST) -> TuiGamesApp:
    """The app resuming the written deal: Player 1 human, the others AI level 1."""
    match = Match(SPEC, {}, [Seat(), Seat("ai", 1), Seat("ai", 1)], 1, history=written_history(after))
    path = match.save()
    match.close()
    return TuiGamesApp({"resume": str(path)}, settings=settings)


def view_text(app, screen) -> str:
    return region_text(app, screen.query_one("#view-slot").region)


def action_of(name: str) -> int:
    """The action named ``name`` once the cards are dealt."""
    state = SPEC.new(seed=1)
    for action in written_history(BIDDING):
        state.apply(action)
    return state.parse_action(name)


def card_offset(hand, index: int) -> tuple[int, int]:
    """Where to click card ``index`` of the hand (its face line, its first column)."""
    plan = hand.plan()
    row, left, _ = plan.places(hand.cursor)[index]
    return left, row * plan.row_height + 1 + plan.raise_room


def selected_ranks(view) -> str:
    """The selected cards as the game writes them ('33', '34567')."""
    return "".join(rank_of(view.hand.cards[i].face) for i in view.hand.selected)


async def played_after(pilot, screen, before: int) -> int:
    """The action played at ``before`` in the history, once it is there."""
    await wait_for(pilot, lambda: len(screen.match.state.history) > before, what="the move")
    return screen.match.state.history[before]


async def opened(pilot, app):
    screen = await wait_for_game(pilot, app)
    await wait_for_human(pilot, screen)
    await pilot.pause()
    return screen


async def test_the_landlords_20_cards_and_every_seat_fit_80x24(home):
    app = resume(LEADING)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        view = screen.view
        hand = screen.match.state.hand(0)
        assert len(hand) == 20
        plan = view.hand.plan()
        seen = read_cards(region_lines(app, view.hand.region), plan.card_height, plan.row_height)
        assert [card["face"] for card in seen] == [face_of(rank) for rank in hand]
        text = view_text(app, screen)
        for line in ("■2 Player 2", "▲3 Player 3", "[●1 Player 1]", "landlord, you", "20 cards",
                     "Stake 3 = bid 3", "Kitty 8 9 A", "Your lead: select cards (Space, click), Enter"):
            assert line in text, (line, text)
        assert text.count("peasant") == 2 and text.count("17 cards") == 2
        area = screen.query_one("#view-slot").region
        for widget in (view.hand, view.actions, view.query_one("#ddz-play"), view.query_one("#ddz-table")):
            assert area.contains_region(widget.region), widget
        assert view.query_one("#ddz-table").max_scroll_y == 0  # every seat in sight


async def test_bids_by_key_and_by_button(home):
    app = resume(BIDDING)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        labels = [str(button.label) for button in screen.view.actions.query(Button)]
        assert labels == ["1 Bid 1", "2 Bid 2", "3 Bid 3", "p Pass"]
        assert "Bid for landlord: 1 2 3 or p pass" in view_text(app, screen)
        before = len(screen.match.state.history)
        await pilot.press("2")
        assert await played_after(pilot, screen, before) == action_of("bid 2")
    app = resume(BIDDING)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        before = len(screen.match.state.history)
        await pilot.click(next(b for b in screen.view.actions.query(Button) if str(b.label) == "1 Bid 1"))
        assert await played_after(pilot, screen, before) == action_of("bid 1")
        await wait_for_human(pilot, screen)
        await pilot.pause()
        assert app.focused is screen.view.hand  # the button went with its move: the keys are the hand's again


async def test_a_pair_selected_by_keys_is_played_with_enter(home):
    app = resume(LEADING)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        await pilot.press("home", "space", "right", "space")
        assert selected_ranks(screen.view) == "33"
        before = len(screen.match.state.history)
        await pilot.press("enter")
        assert await played_after(pilot, screen, before) == action_of("33")


async def test_a_chain_selected_by_clicks_is_played_with_the_play_button(home):
    app = resume(LEADING)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        hand = screen.view.hand
        faces = [card.face for card in hand.cards]
        for face in ("7", "3", "5", "4", "6"):  # in any order
            await pilot.click(hand, offset=card_offset(hand, faces.index(face)))
            await pilot.pause()
        assert selected_ranks(screen.view) == "34567"
        before = len(screen.match.state.history)
        await pilot.click("#ddz-play")
        assert await played_after(pilot, screen, before) == action_of("34567")
        assert app.focused is hand


async def test_the_hands_keys_work_while_a_button_has_the_focus(home):
    app = resume(FOLLOWING)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        view = screen.view
        view.actions.query_one(Button).focus()  # p Pass, reached with Tab
        await pilot.pause()
        await pilot.press("home", "space", "right", "space")
        assert app.focused is not view.hand and selected_ranks(view) == "44"
        await pilot.press("backspace")
        assert view.hand.selected == ()


async def test_a_selection_that_is_no_combination_is_refused_with_the_reason(home):
    app = resume(LEADING)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        before = len(screen.match.state.history)
        await pilot.press("home", "space", "right", "right", "space", "enter")  # a 3 and a 4
        await pilot.pause()
        assert len(screen.match.state.history) == before
        assert any("34" in str(note.message) and "not a combination" in str(note.message)
                   for note in app._notifications), [note.message for note in app._notifications]
        assert selected_ranks(screen.view) == "34"  # kept, to be changed


async def test_the_table_shows_each_seats_last_play_and_a_lower_pair_is_refused(home):
    app = resume(FOLLOWING)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        view = screen.view
        plays = {place: region_text(app, view.plays[place].region) for place in range(3)}
        assert "K" in plays[0] and "pass" in plays[1] and "3" in plays[2]  # Player 2, Player 3, you
        assert "Beat Player 2's K K or p pass" in view_text(app, screen)
        before = len(screen.match.state.history)
        faces = [card.face for card in view.hand.cards]
        await pilot.press("home", *["right"] * faces.index("4"), "space", "right", "space", "enter")
        await pilot.pause()
        assert len(screen.match.state.history) == before
        assert any("44 does not beat KK" in str(note.message) for note in app._notifications)
        await pilot.press("p")
        assert await played_after(pilot, screen, before) == action_of("pass")


async def test_a_hint_selects_the_suggested_cards(home):
    app = resume(LEADING)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        await pilot.press("t")
        await wait_for(pilot, lambda: screen.view.hinted is not None, what="the hint")
        await pilot.pause()
        hinted = screen.view.hinted
        suggested = screen.match.state.action_to_string(hinted)
        assert suggested != "pass"  # a lead
        assert selected_ranks(screen.view) == suggested
        before = len(screen.match.state.history)
        await pilot.press("enter")
        assert await played_after(pilot, screen, before) == hinted


async def test_ascii_mode_draws_the_table_in_plain_ascii(home):
    app = resume(FOLLOWING, settings=replace(FAST, glyphs="ascii"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot, app)
        text = view_text(app, screen)
        assert text.isascii(), text
        assert "+---+" in text and "[o1 Player 1]" in text
