"""Bluff poker on the game screen at 80x24: a round by keys against the AIs (bid, believe, look,
reroll, bid higher), the Bid button clicked, a hotseat hand-off that keeps the dice under the cup
private, ASCII mode, and a whole game to its loser."""

from __future__ import annotations

from textual.widgets import Button

from layout_helpers import region_text, screen_lines
from tui_games.match import Seat
from tui_games.store.settings import Settings
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.screens.handoff import HandoffScreen
from ui_helpers import FAST, game_screen, make_app, press_and_wait, wait_for, wait_for_game, wait_for_human

SIZE = (80, 24)
BELIEVE, CALL, LOOK = 56, 57, 58


def view_text(app, screen) -> str:
    """What the player reads in the board area."""
    return region_text(app, screen.query_one("#view-slot").region)


def dice_line(text: str) -> str:
    """The line that shows the three dice."""
    return next(line for line in text.splitlines() if "The dice:" in line)


async def test_a_round_by_keys_bids_believes_looks_and_rerolls(home):
    app = make_app({"game": "bluff-poker", "params": {"players": 3}, "seats": [Seat(), Seat("ai", 2), Seat("ai", 3)],
                    "seed": 5})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await wait_for_human(pilot, screen)
        state = match.state
        assert state.phase_name == "opening"
        high, middle, low = sorted(state.dice, reverse=True)
        text = view_text(app, screen)
        assert f"({state.dice[0]})" in dice_line(text)  # under the cup, seen by the opener
        assert "Penalties (the game is lost at 7)" in text and "opens, throw 1 of 3" in text
        assert "Your bid: " in text and f"({high}{middle}{low})" in text  # the selector starts at the truth
        await pilot.press("right")
        await pilot.pause()
        await press_and_wait(pilot, screen, "enter")
        first_bid = match.state.history[3]  # three dice thrown, then the bid
        assert first_bid == screen.view._known_value(state) + 1  # one step above the truth
        # play on by keys until this seat has believed, looked and rerolled once
        rerolled = False
        while not match.is_over and not rerolled:
            phase = match.state.phase_name
            if phase == "respond":
                await press_and_wait(pilot, screen, "b")
            elif phase == "believed":
                before = len(match.state.history)
                await pilot.press("l")
                await wait_for(pilot, lambda: len(match.state.history) > before, what="the look")
                await pilot.pause()
                assert "reroll at least one die" in view_text(app, screen)
                await pilot.press("1")
                await pilot.pause()
                assert "(to reroll)" in view_text(app, screen)
                await press_and_wait(pilot, screen, "o")
                rerolled = True
            elif phase in ("opening", "rolled"):
                await press_and_wait(pilot, screen, "enter")
            elif phase == "challenge":
                await pilot.press("1")
                await pilot.pause()
                await press_and_wait(pilot, screen, "o")
            else:
                await wait_for_human(pilot, screen)
        assert rerolled
        assert any(line.endswith("reroll 1 open") for line in match.visible_log())
        assert match.state.open_dice[0]  # thrown open: on the table for everyone
        assert f"[{match.state.dice[0]}]" in dice_line(view_text(app, screen))


async def test_the_bid_button_and_the_selector_arrows_work_by_mouse(home):
    app = make_app({"game": "bluff-poker", "params": {"players": 2}, "seats": [Seat(), Seat("ai", 1)], "seed": 8})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        start = screen.view.bid_choice
        higher = next(button for button in screen.view.query(Button) if str(button.label) == ">")
        await pilot.click(higher)
        await pilot.pause()
        assert screen.view.bid_choice > start
        bid_button = next(button for button in screen.view.query(Button) if str(button.label).startswith("Bid "))
        assert str(bid_button.label) == f"Bid {screen.view._value(screen.view.bid_choice)}"
        chosen = screen.view.bid_choice
        before = len(screen.match.state.history)
        await pilot.click(bid_button)
        await wait_for(pilot, lambda: len(screen.match.state.history) > before, what="the click to bid")
        assert screen.match.state.history[before] == chosen


async def test_hotseat_passes_the_cup_without_showing_the_dice(home):
    app = make_app({"game": "bluff-poker", "params": {"players": 2}, "seats": [Seat(), Seat()], "seed": 3})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await wait_for(pilot, lambda: game_screen(app) is not None, what="the table")
        await wait_for_human(pilot, screen)
        assert match.to_move == 0
        assert "(?)" not in dice_line(view_text(app, screen))  # the opener sees its own dice
        await pilot.press("enter")  # bid the truth
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off to Player 2")
        shown = "\n".join(screen_lines(app))
        assert "Pass to Player 2" in shown and "The dice:" not in shown
        await pilot.press("enter")
        await wait_for(pilot, lambda: game_screen(app) is not None, what="the table again")
        await pilot.pause()
        text = view_text(app, screen)
        assert dice_line(text).split(":", 1)[1].split() == ["(?)", "(?)", "(?)"]  # Player 2 has not looked
        assert "Player 2: believe" in text and "c Call bluff" in text


async def test_ascii_mode_and_a_whole_game_to_its_loser(home):
    settings = Settings(ai_think_time=FAST.ai_think_time, animation="off", glyphs="ascii")
    app = TuiGamesApp({"game": "bluff-poker", "params": {"players": 3, "penalty_limit": 2},
                       "seats": [Seat(), Seat("ai", 3), Seat("ai", 2)], "seed": 11}, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await wait_for_human(pilot, screen)
        text = view_text(app, screen)
        assert text.isascii(), text
        assert "> Player 1" in text and ".. 0/2" in text
        while not match.is_over:  # call every bid; bid the selector's value, throw the challenge open
            phase = match.state.phase_name
            key = {"respond": "c", "opening": "enter", "rolled": "enter", "believed": "enter"}.get(phase)
            if phase == "challenge":
                await pilot.press("1", "2", "3")
                await pilot.pause()
                key = "o"
            await press_and_wait(pilot, screen, key or "enter")
        text = view_text(app, screen)
        assert match.result_text in text and "loses with 2 penalties" in match.result_text
        assert "o" * 2 + " 2/2" in text  # the loser's two penalty marks
        assert text.isascii(), text
