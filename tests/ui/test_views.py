"""Every game's view played through the pilot at 80x24: keys, clicks, hidden cards and hand-off."""

from __future__ import annotations

from textual.widgets import Static

from tui_games.games.blackjack import rules as blackjack_rules
from tui_games.match import Seat
from tui_games.ui.screens.handoff import HandoffScreen
from ui_helpers import game_screen, make_app, wait_for, wait_for_game, wait_for_human

SIZE = (80, 24)


async def test_connect_four_by_digits_and_click(home):
    app = make_app({"game": "connect-four", "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        # A click on any cell of column 3 (row 0 of the board is grid cell 7 + column) drops there.
        await wait_for(pilot, lambda: screen.query_one("#cell-9").region.area > 0, timeout=30,
                       what="the board's layout")
        await pilot.click("#cell-9")
        await wait_for(pilot, lambda: screen.match.state.history == [2], timeout=30, what="the clicked move")
        await pilot.press("u")
        await pilot.pause()
        assert screen.match.state.history == []
        # Yellow stacks four in column 1 while Red plays column 2.
        await pilot.press("1", "2", "1", "2", "1", "2")
        # ... and the last one with the cursor: it stays on the last column played (2); left, Enter.
        await pilot.press("left", "enter")
        assert screen.match.is_over
        assert screen.match.state.winner == 0
        column_one = [7 + row * 7 for row in range(2, 6)]
        assert all(screen.view.grid.cell(c).has_class("-win") for c in column_one)
        assert screen.view.grid.cell(7 + 2 * 7).has_class("-last")
        # n: a new game with the same players.
        await pilot.press("n")
        await wait_for(pilot, lambda: game_screen(app) is not None and game_screen(app) is not screen
                       and game_screen(app).match is not None, what="the next game")
        assert game_screen(app).match.state.history == []
        assert [s.kind for s in game_screen(app).match.seats] == ["human", "human"]


async def test_nim_keys_and_click_on_an_object(home):
    app = make_app({"game": "nim", "params": {"heaps": 3, "size": 5, "max_take": 3},
                    "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        state = screen.match.state
        await pilot.press("up", "up", "enter")  # take 3 from heap 1
        assert screen.match.state.heaps == [2, 5, 5]
        await pilot.press("2", "right", "enter")  # take 2 from heap 2
        assert screen.match.state.heaps == [2, 3, 5]
        # Click the 4th object from the bottom of heap 3 (the 2nd from the top; a roomy view leaves a
        # blank line between objects): takes it and the one above.
        column = screen.query_one("#heap-2")
        await pilot.click(column, offset=(2, 1 * column.spacing))
        await pilot.pause()
        assert screen.match.state.heaps == [2, 3, 3]
        assert screen.match.state.history[-1] == state.encode(2, 2)


async def test_2048_arrows_and_buttons(home):
    app = make_app({"game": "2048", "seats": [Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        for _ in range(6):
            legal = match.state.legal_actions()
            key = {0: "up", 1: "right", 2: "down", 3: "left"}[legal[0]]
            before = len(match.state.history)
            await pilot.press(key)
            assert len(match.state.history) == before + 2  # the slide and the new tile
        legal = match.state.legal_actions()
        before = len(match.state.history)
        await pilot.click(f".action-{legal[-1]}")
        await pilot.pause()
        assert match.state.history[before] == legal[-1]
        score = str(app.screen.query_one("#score-panel", Static).render())
        assert f"Score  {match.state.score}" in score


async def test_blackjack_hides_the_hole_card_until_the_dealer_plays(home):
    app = make_app({"game": "blackjack", "params": {"rules": "american", "seats": 1},
                    "seats": [Seat()], "seed": 5})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await pilot.press("1")  # Deal
        await pilot.pause()
        state = match.state
        if not state.is_terminal:
            assert None in state.dealer_cards
            dealer = str(app.screen.query_one("#bj-dealer", Static).render())
            assert app.glyphs.card_back * 3 in dealer
            assert all(not line.startswith("  (") for line in app.screen.query_one("#move-log").lines)
        while not match.is_over:
            # s stands (action 1); anything else (insurance) takes the first button.
            await pilot.press("s" if 1 in match.state.legal_actions() else "1")
            await wait_for_human(pilot, screen)
        assert None not in match.state.dealer_cards
        assert "result" in str(app.screen.query_one("#bj-seat-label-0", Static).render())


async def test_blackjack_hotseat_needs_no_hand_off_as_every_players_card_is_face_up(home):
    app = make_app({"game": "blackjack", "params": {"rules": "simple", "seats": 2},
                    "seats": [Seat(), Seat()], "seed": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for(pilot, lambda: screen.match.to_move == 0, what="seat 1 to move")
        assert not isinstance(app.screen, HandoffScreen)
        assert screen.match.observer_seat == 0 and not screen.match.needs_handoff(1)
        labels = [label for _, label in screen.view.actions.actions]
        assert "s Stand" in labels
        await pilot.press("s")  # seat 1 stands; seat 2 is next, at the same device, no hand-off
        await pilot.pause()
        assert screen.match.to_move == 1
        assert not isinstance(app.screen, HandoffScreen)
        assert game_screen(app).match.observer_seat == 1
        hole = screen.match.state.array[blackjack_rules.DEALER_CARDS]
        assert screen.view.state.array[blackjack_rules.DEALER_CARDS] == -1 != hole


async def test_blackjack_table_has_one_seat_per_player_when_the_parameter_is_not_given(home):
    app = make_app({"game": "blackjack", "seats": [Seat(), Seat("ai", 1)], "seed": 3})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        assert screen.match.state.num_players == 2
        assert screen.match.params["seats"] == 2


async def test_every_board_fits_an_80x24_terminal(home):
    """The biggest board of every game (its spec's ``largest_params``) lies inside the board area at
    exactly 80x24."""
    from textual.containers import VerticalScroll

    from tui_games import catalog

    for spec in catalog.all_specs():
        game = spec.id
        params, players = spec.largest_setup()
        seats = [Seat()] + [Seat("ai", 1)] * (players - 1)
        app = make_app({"game": game, "params": params, "seats": seats, "seed": 1})
        async with app.run_test(size=SIZE) as pilot:
            screen = await wait_for_game(pilot, app)
            await pilot.pause()
            area = screen.query_one("#view-slot").region
            for widget in screen.view.walk_children():
                if not widget.display or any(isinstance(a, VerticalScroll) for a in widget.ancestors):
                    continue  # scrolled content (the blackjack table) may extend below its viewport
                region = widget.region
                if region.area:
                    assert area.contains_region(region), (game, widget, region, area)
