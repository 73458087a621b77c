"""Leduc Hold'em on the game screen at 80x24: a whole hand by keys against the AI, a button clicked
with the mouse, a hotseat hand whose hand-off screens keep each card private, ASCII mode, and the
hand history across hands."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import Button

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from layout_helpers import region_text, screen_lines  # noqa: E402
from tui_games.match import Seat  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from tui_games.ui.screens.handoff import HandoffScreen  # noqa: E402
from ui_helpers import (  # noqa: E402
    FAST, game_screen, make_app, press_and_wait, wait_for, wait_for_game, wait_for_human,
)

SIZE = (80, 24)
CALL, RAISE = 1, 2


def view_text(app, screen) -> str:
    """What the player reads in the board area."""
    return region_text(app, screen.query_one("#view-slot").region)


async def test_a_whole_hand_by_keys_at_80x24(home):
    app = make_app({"game": "leduc-holdem", "params": {"betting": "ante"}, "seats": [Seat(), Seat("ai", 1)],
                    "seed": 4})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await wait_for_human(pilot, screen)
        state = match.state
        mine, theirs = state.private_cards(0)[0], state.private_cards(1)[0]
        text = view_text(app, screen)
        assert "Player 1 (you)" in text and "Player 2 (AI Maniac)" in text
        assert f"[{mine[0]}{'♠' if mine[1] == 's' else '♥'}]" in text and "[░░]" in text
        assert "c Check" in text and "r Bet to 3" in text and "Pot 2" in text
        await press_and_wait(pilot, screen, "c")  # check; the maniac bets
        assert "c Call 2" in view_text(app, screen) and "f Fold" in view_text(app, screen)
        while not match.is_over:
            await press_and_wait(pilot, screen, "c")  # call down to the showdown
        assert match.state.showdown
        text = view_text(app, screen)
        theirs_face = f"[{theirs[0]}{'♠' if theirs[1] == 's' else '♥'}]"
        assert theirs_face in text and match.result_text in text
        assert ("Pair of" in text) or (" high" in text)
        turn_line = "\n".join(screen_lines(app))
        assert "n next hand" in turn_line
        await pilot.press("n")
        await wait_for(pilot, lambda: match.deal_number == 2 and not match.is_over, what="the next hand")
        await wait_for_human(pilot, screen)
        assert "Hand 1: " in view_text(app, screen)


async def test_a_button_click_plays_its_action(home):
    app = make_app({"game": "leduc-holdem", "params": {"betting": "ante"}, "seats": [Seat(), Seat("ai", 2)],
                    "seed": 9})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        raise_button = next(button for button in screen.view.query(Button) if str(button.label).startswith("r "))
        await pilot.click(raise_button)
        await wait_for(pilot, lambda: len(screen.match.state.history) >= 3, what="the click to play")
        assert screen.match.state.history[2] == RAISE


async def test_a_hotseat_hand_keeps_each_card_private(home):
    app = make_app({"game": "leduc-holdem", "params": {"betting": "ante"}, "seats": [Seat(), Seat()], "seed": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        cards = [match.state.private_cards(seat)[0] for seat in (0, 1)]
        faces = [f"[{card[0]}{'♠' if card[1] == 's' else '♥'}]" for card in cards]
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        text = view_text(app, screen)
        assert faces[0] in text and faces[1] not in text  # Player 1 sees only its own card
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off to Player 2")
        shown = "\n".join(screen_lines(app))
        assert "Pass to Player 2" in shown and faces[0] not in shown and faces[1] not in shown
        await pilot.press("enter")
        await wait_for(pilot, lambda: game_screen(app) is not None, what="the table again")
        await pilot.pause()
        text = view_text(app, screen)
        assert faces[1] in text and faces[0] not in text  # now Player 2's card, Player 1's face down
        assert "Player 2" in text and "c Check" in text


async def test_ascii_mode_uses_suit_letters(home):
    app = TuiGamesApp({"game": "leduc-holdem", "params": {"betting": "ante"}, "seats": [Seat(), Seat("ai", 3)],
                       "seed": 6}, settings=Settings(ai_think_time=FAST.ai_think_time, animation="off", glyphs="ascii"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        card = screen.match.state.private_cards(0)[0]
        text = screen.view.table.text()
        assert f"[{card[0]}{card[1].upper()}]" in text and "[##]" in text
        assert text.isascii(), text


async def test_the_table_draws_in_every_bundled_theme(home):
    from tui_games.store.settings import BUNDLED_THEMES

    for theme in BUNDLED_THEMES:
        app = TuiGamesApp({"game": "leduc-holdem", "params": {"betting": "ante"}, "seats": [Seat(), Seat("ai", 2)],
                           "seed": 6}, settings=Settings(ai_think_time=FAST.ai_think_time, animation="off", theme=theme))
        async with app.run_test(size=SIZE) as pilot:
            screen = await wait_for_game(pilot, app)
            await wait_for_human(pilot, screen)
            text = view_text(app, screen)
            assert "Player 1 (you)" in text and "Pot 2" in text and "c Check" in text, theme
