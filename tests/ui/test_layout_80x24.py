"""What a new player sees at 80x24 (and at 120x40): every seat, note, row, log line and hint in view."""

from __future__ import annotations

import re
from collections import Counter

from textual.widgets import OptionList

from layout_helpers import card_frames_intact, region_lines, region_text, screen_lines
from tui_games.match import Seat
from tui_games.ui.screens.handoff import HandoffScreen
from ui_helpers import chosen_marks, game_screen, make_app, wait_for, wait_for_game, wait_for_human

SIZE = (80, 24)
BIG = (120, 40)

POLICY = ((7, "b"), (6, "n"), (3, "p"), (2, "d"), (1, "s"))
"""Blackjack actions in order of preference (bet, decline insurance, split, double, stand) and keys."""


def table_problems(app, screen) -> list[str]:
    """What of the blackjack table is not on screen: a seat, a hand, the dealer, or a broken card."""
    state = screen.match.state
    lines = region_lines(app, screen.query_one("#view-slot").region)
    text = "\n".join(lines)
    problems = card_frames_intact(lines)
    if "Dealer" not in text:
        problems.append("the dealer is not shown")
    for seat in range(state.num_players):
        if not re.search(rf"Seat {seat + 1} \(", text):
            problems.append(f"seat {seat + 1} is not shown")
    wanted = Counter(hand.total_text for seat in range(state.num_players)
                     for hand in state.hands(seat) if hand.cards)
    for total, count in wanted.items():
        if text.count(total) < count:
            problems.append(f"{count} hands of {total!r} but {text.count(total)} shown")
    return problems


async def settled(pilot, measure, rounds: int = 40) -> None:
    """Let the app run until ``measure()`` gives the same value three pauses in a row."""
    values = []
    for _ in range(rounds):
        await pilot.pause()
        values.append(measure())
        if len(values) >= 3 and values[-1] == values[-2] == values[-3]:
            return


async def play_blackjack_checking_the_table(pilot, app) -> object:
    """Play a round by POLICY through every hand-off, checking the whole table at every turn."""
    checked = 0
    while True:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) or (
            game_screen(app) is not None and game_screen(app).match is not None
            and (game_screen(app).match.is_over or game_screen(app).match.human_to_move)),
            what="a turn or a hand-off")
        await pilot.pause()  # a hand-off screen may be on its way
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
            continue
        screen = game_screen(app)
        problems = table_problems(app, screen)
        assert not problems, "\n".join(problems + screen_lines(app))
        checked += 1
        if screen.match.is_over:
            return screen, checked
        legal = screen.match.state.legal_actions()
        key = next(key for action, key in POLICY if action in legal)
        await pilot.press(key)
        await pilot.pause()


async def test_three_seat_blackjack_shows_every_seat_and_hand_at_80x24_even_after_splits(home):
    # Seed 2863 under POLICY: seat 2 splits once and seat 3 three times (four hands), seven hands in all.
    app = make_app({"game": "blackjack", "params": {"seats": 3}, "seats": [Seat(), Seat(), Seat()],
                    "seed": 2863})
    async with app.run_test(size=SIZE) as pilot:
        screen, checked = await play_blackjack_checking_the_table(pilot, app)
        hands = [len([h for h in screen.match.state.hands(s) if h.cards]) for s in range(3)]
        assert hands == [1, 2, 4] and checked > 5
        text = region_text(app, screen.query_one("#view-slot").region)
        assert text.count("result") == 3, text


async def test_blackjack_hand_notes_stay_beside_the_cards(home):
    # Seed 2: one seat doubles on 8 6, draws a 7 and wins +2: the longest note a hand gets.
    app = make_app({"game": "blackjack", "params": {"seats": 1}, "seats": [Seat()], "seed": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("b")
        await wait_for_human(pilot, screen)
        await pilot.press("d")
        await wait_for(pilot, lambda: screen.match.is_over, what="the end of the round")
        await pilot.pause()
        lines = region_lines(app, screen.query_one("#view-slot").region)
        assert not card_frames_intact(lines), "\n".join(lines)
        hand_rows = [line for line in lines if "│" in line and "7 ♠" in line]
        notes = [line for line in lines if "+2" in line and "result" not in line]
        assert hand_rows and notes, "\n".join(lines)
        assert all("│" in line for line in notes), "\n".join(lines)  # beside a card, never under it
        assert "doubled" in "\n".join(lines) and "stood" in "\n".join(lines)


async def test_game_over_line_is_not_covered(home):
    app = make_app({"game": "tic-tac-toe", "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("1", "4", "2", "5", "3")
        assert screen.match.is_over
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "X wins" in text
        assert "n new game" in text and "q menu" in text, text


async def test_an_ai_seat_fits_on_one_line_of_the_side_panel(home):
    """'White (O): AI Casual (2)' is one column too wide for the panel at 80 columns: the level number
    is left out there (never wrapped onto a line of its own) and shown where the panel is wider."""
    for size, label in ((SIZE, "White (O): AI Casual"), (BIG, "White (O): AI Casual (2)")):
        app = make_app({"game": "othello", "seats": [Seat(), Seat("ai", 2)], "seed": 1})
        async with app.run_test(size=size) as pilot:
            screen = await wait_for_game(pilot, app)
            await pilot.pause()
            lines = region_text(app, screen.query_one("#seats-panel").content_region).splitlines()
            assert [line.strip(" ▶") for line in lines] == ["Black (X): Human", label], (size, lines)


async def test_a_seat_that_has_chosen_is_marked_on_its_own_line(home):
    """At a simultaneous turn the AI seat that has chosen is marked: '(chosen)' where it fits, a
    short mark where the word would wrap onto a line of its own (never a line with the mark alone)."""
    for size, label in ((SIZE, "Lower: AI Greedy \N{CHECK MARK}"), (BIG, "Lower: AI Greedy (2) (chosen)")):
        app = make_app({"game": "ropasci360", "seats": [Seat(), Seat("ai", 2)], "seed": 1})
        async with app.run_test(size=size) as pilot:
            screen = await wait_for_game(pilot, app)
            panel = screen.query_one("#seats-panel")

            def seat_lines() -> list[str]:
                return region_text(app, panel.content_region).splitlines()

            await wait_for(pilot, lambda: chosen_marks("".join(seat_lines())) == 1, what="the AI's choice marked")
            lines = seat_lines()
            assert [line.strip(" ▶") for line in lines] == ["Upper: Human", label], (size, lines)


async def test_menu_details_show_every_row_of_every_game(home):
    from tui_games import catalog
    from tui_games.match import Match

    # A game in progress makes the saves note under the details two lines long.
    Match.new(catalog.get("tic-tac-toe"), {}, [Seat(), Seat()], 1).play(4)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#game-list", OptionList)
        for spec in catalog.all_specs():
            index = next(i for i in range(games.option_count) if games.get_option_at_index(i).id == spec.id)
            games.highlighted = index
            await pilot.pause()
            text = region_text(app, app.screen.query_one("#game-details").region)
            for label in ("Players", "AI", "Kind", "new game", "rules", "continue Tic Tac Toe"):
                assert label in text, (spec.id, label, text)
            for param in spec.params:
                if not param.internal:  # set by the series (a poker sitting's stacks), not the player
                    assert param.name.replace("_", " ") in text, (spec.id, param.name, text)
            assert spec.level_name(spec.max_level) in text, (spec.id, text)


async def test_move_log_lines_fit_on_one_line_each(home):
    app = make_app({"game": "nim", "params": {"heaps": 8, "size": 15, "max_take": 15},
                    "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        for _ in range(6):
            await pilot.press("left", "9", "enter")  # take 9 from the next heap to the left
            await pilot.pause()
        state = screen.match.state
        assert len(state.history) == 6
        log = screen.query_one("#move-log")
        body = screen.query_one("#move-log-body")
        assert body.size.height == len(log.lines), "a log entry wrapped onto a second line"
        shown = region_text(app, log.region)
        for action in state.history:
            heap, take = state.decode(action)
            assert re.search(rf"heap {heap + 1}\b.*\b{take}\b", shown), (heap, take, shown)
        assert "…" not in shown, shown


async def test_every_hinted_nim_move_can_be_reached(home):
    app = make_app({"game": "nim", "params": {"heaps": 4, "size": 5, "max_take": 3},
                    "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("enter")  # Black takes 1 from heap 1: White has 12 moves, some winning
        await pilot.pause()
        legal = list(screen.match.state.legal_actions())
        assert len(legal) == 12
        await pilot.press("t")
        await wait_for(pilot, lambda: "Hint:" in region_text(app, screen.query_one("#hint-panel").region)
                       and "thinking" not in region_text(app, screen.query_one("#hint-panel").region),
                       what="the hint")
        panel = screen.query_one("#hint-panel")
        seen = ""
        for y in range(int(panel.max_scroll_y) + 1):
            panel.scroll_to(y=y, animate=False)
            await pilot.pause()
            seen += region_text(app, panel.region) + "\n"
        for action in legal:
            assert screen.view.move_name(action) in seen, (screen.view.move_name(action), seen)


async def test_a_big_terminal_gets_bigger_boards_and_a_wider_side_panel(home):
    """At 120x40 every board is larger than at 80x24, still inside the board area."""
    cases = [("tic-tac-toe", {}, 2, "#ttt-board"), ("connect-four", {}, 2, "#c4-board"),
             ("2048", {}, 1, "#g2048-board"), ("nim", {"heaps": 4, "size": 10}, 2, "#nim-heaps")]
    for game, params, players, board in cases:
        sizes = {}
        for size in (SIZE, BIG):
            seats = [Seat()] * players
            app = make_app({"game": game, "params": params, "seats": seats, "seed": 1})
            async with app.run_test(size=size) as pilot:
                screen = await wait_for_game(pilot, app)
                await settled(pilot, lambda: screen.query_one(board).region)
                region = screen.query_one(board).region
                area = screen.query_one("#view-slot").region
                assert area.contains_region(region), (game, size, region, area)
                sizes[size] = (region.width, region.height, screen.query_one("#side-panel").region.width)
        small, big = sizes[SIZE], sizes[BIG]
        assert big[0] > small[0] and big[1] > small[1], (game, small, big)
        assert big[2] > small[2] >= 30, (game, small, big)
