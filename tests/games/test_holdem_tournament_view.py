"""The Hold'em tournament on the game screen at 80x24: a short tournament (small stacks) played by keys
against two AIs to the end, with the hand number and blinds on the table, the blind level and places
in the side panel, a player who is out marked with its place, and the last hands' results in the log;
a no-limit tournament shoved all in through the bet-size control; ASCII mode."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from layout_helpers import card_frames_intact, region_text, screen_lines  # noqa: E402
from tui_games.match import Seat  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from ui_helpers import make_app, press_and_wait, wait_for, wait_for_game, wait_for_human  # noqa: E402

SIZE = (80, 24)


def view_text(app, screen) -> str:
    """What the player reads in the board area."""
    return region_text(app, screen.query_one("#view-slot").region)


def panel_text(app, screen) -> str:
    """What the side panel says, its frames left out and its wrapped lines joined."""
    text = region_text(app, screen.query_one("#side-panel").region)
    return " ".join(text.translate(str.maketrans("│╭╮╰╯─", "      ")).split())


async def test_a_short_fixed_tournament_by_keys_at_80x24(home):
    app = make_app({"game": "holdem-tournament", "params": {"players": 3, "stack": 200, "blinds_up_every": 3},
                    "seats": [Seat(), Seat("ai", 1), Seat("ai", 3)], "seed": 5})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await wait_for_human(pilot, screen)
        await pilot.pause(0.2)  # the table laid out at its size
        text = view_text(app, screen)
        assert "Hand 1 · Pre-flop · 10/20" in text
        assert "Player 2" in text and "Player 3" in text
        assert text.count("[░░]") == 4 and not card_frames_intact(screen_lines(app))
        panel = panel_text(app, screen)
        assert "Blinds 10/20, bets of 20" in panel and "Level 1, hand 1" in panel
        assert "Blinds 20/40 in 3 hands" in panel and "3 of 3 players left" in panel
        saw_finished_hand = saw_out = False
        while not match.is_over:  # check or call to the end (this seed: several hands, one player out early)
            await press_and_wait(pilot, screen, "c")
            if match.is_over:
                break
            text = view_text(app, screen)
            saw_finished_hand |= match.state.hand_number > 1 and f"Hand {match.state.hand_number - 1}: " in text
            out = [seat for seat in range(3) if match.state.is_out(seat)]
            if len(out) == 1 and not match.state.in_hand(out[0]):
                assert "out 3rd" in text
                assert f"3rd P{out[0] + 1} (out in hand {match.state.out_in_hand(out[0])})" in panel_text(app, screen)
                saw_out = True
            if match.state.is_out(0):
                await wait_for(pilot, lambda: match.is_over, what="the AIs to finish the tournament")
        state = match.state
        assert saw_finished_hand and saw_out and state.is_terminal and state.hand_number > 3
        assert f"P{state.winner + 1} wins the tournament" in view_text(app, screen)
        assert "Level 3, hand" in panel_text(app, screen)  # the blinds went up every 3 hands


async def test_a_no_limit_tournament_shoved_all_in_with_the_bet_size_control(home):
    app = make_app({"game": "holdem-tournament", "params": {"players": 2, "stack": 200, "betting": "no-limit"},
                    "seats": [Seat(), Seat("ai", 2)], "seed": 3})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await wait_for_human(pilot, screen)
        assert "10/20" in view_text(app, screen) and "Blinds 10/20, no limit" in panel_text(app, screen)
        while not match.is_over:
            if match.state.raise_range() is None:
                await press_and_wait(pilot, screen, "c")
                continue
            await pilot.press("a")  # the all-in preset into the amount box
            await pilot.pause()
            assert "(all in)" in view_text(app, screen)
            await press_and_wait(pilot, screen, "r")
        assert match.state.is_terminal and "wins the tournament" in view_text(app, screen)


async def test_ascii_mode_draws_the_tournament_without_unicode(home):
    app = TuiGamesApp({"game": "holdem-tournament", "params": {"players": 6, "stack": 100},
                       "seats": [Seat()] + [Seat("ai", 2)] * 5, "seed": 1},
                      settings=Settings(ai_think_time=0.1, animation="off", glyphs="ascii"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        text = view_text(app, screen)
        assert text.isascii() and "Hand 1" in text and "Pre-flop" in text and "[##]" in text  # face down


async def test_ten_players_fit_the_compact_table_at_80x24(home):
    app = make_app({"game": "holdem-tournament", "params": {"players": 10, "betting": "no-limit"},
                    "seats": [Seat()] + [Seat("ai", 1)] * 9, "seed": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        await pilot.pause(0.2)
        text = view_text(app, screen)
        assert "Hand 1 · Pre-flop · 10/20" in text
        assert all(re.search(rf"\bP{seat + 1}\b", text) for seat in range(1, 10))
        stacks = screen.match.state.stacks
        for seat in range(10):  # every stack whole, beside the seat's name (the human's 'You')
            name = "You" if seat == 0 else f"P{seat + 1}"
            assert re.search(rf"\b{name} {stacks[seat]}(?!\d)", text), f"{name}'s stack {stacks[seat]}:\n{text}"
        assert "D[" in text  # the human's dealer button, beside the cards when the name line is full
        panel, blinds = screen.query_one("#side-panel").region, screen.query_one("#score-panel").region
        assert blinds.height >= 5 and panel.contains_region(blinds), (panel, blinds)  # the whole box on screen
        panel_now = panel_text(app, screen)
        assert "Blinds 10/20, no limit" in panel_now and "10 of 10 players left" in panel_now


async def test_the_menu_shows_the_poker_games_names_whole_at_80x24(home):
    from textual.widgets import OptionList

    from tui_games import catalog
    from tui_games.ui.screens.menu import MenuScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), what="the menu")
        games = app.screen.query_one("#game-list", OptionList)
        for game in ("leduc-holdem", "limit-holdem", "no-limit-holdem", "holdem-tournament"):
            shown = str(games.get_option(game).prompt)
            title = catalog.get(game).title
            assert title in shown and "…" not in shown, (game, shown)


async def test_ten_players_places_keep_the_blinds_box_on_screen_to_the_end(home):
    """Nine places at the end of a ten-player tournament: the side panel still shows the whole blinds
    box, the latest places first in one short paragraph."""
    app = make_app({"game": "holdem-tournament", "params": {"players": 10, "stack": 40, "betting": "no-limit"},
                    "seats": [Seat("ai", 1)] * 10, "seed": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for(pilot, lambda: screen.match.is_over, what="the AIs to finish the tournament")
        await pilot.pause(0.2)
        state = screen.match.state
        panel, blinds = screen.query_one("#side-panel").region, screen.query_one("#score-panel").region
        assert panel.contains_region(blinds), (panel, blinds)
        text = panel_text(app, screen)
        assert "Blinds 10/20, no limit" in text and "1 of 10 players left" in text
        second = state.finishing_order[0]
        assert f"2nd P{second + 1}" in text
