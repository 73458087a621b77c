"""What a new player sees at 80x24 (and at 120x40): every seat, note, row, log line and hint in view;
no footer key, button or form label cut short; Hex up to 19x19 and Sim's many nodes drawn readably;
2048's refusals as one short note; the Moves panel kept at a ten-seat poker table."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from textual.widgets import OptionList

from layout_helpers import card_frames_intact, region_lines, region_text, screen_lines
from tui_games.match import Seat
from tui_games.ui.screens.handoff import HandoffScreen
from ui_helpers import chosen_marks, game_screen, make_app, wait_for, wait_for_game, wait_for_human

SIZE = (80, 24)
BIG = (120, 40)
HUGE = (200, 60)

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


def scalable_boards() -> list[tuple[str, str]]:
    """(game id, board widget id) of every game of the catalogue whose view scales its board to the
    terminal: the view overrides ``GameView.fit`` and names the board's widget in ``BOARD_ID``."""
    from tui_games import catalog
    from tui_games.ui.game_view import GameView
    from tui_games.ui.views import view_class

    found = []
    for spec in catalog.all_specs():
        view = view_class(spec)
        if view.fit is not GameView.fit:
            found.append((spec.id, view.BOARD_ID))
    return found


def test_every_view_that_scales_its_board_names_the_board():
    cases = dict(scalable_boards())
    assert {"tic-tac-toe", "connect-four", "2048", "nim", "othello", "hex"} <= set(cases)
    assert all(cases.values()), [game for game, board in cases.items() if not board]


async def _board_and_panel(game: str, board: str, size: tuple[int, int]) -> tuple[int, int, int]:
    """(board width, board height, side panel width) of ``game``'s biggest setup at ``size``; the board
    must lie inside the board area."""
    from tui_games import catalog

    params, players = catalog.get(game).largest_setup()
    app = make_app({"game": game, "params": params, "seats": [Seat()] * players, "seed": 1})
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_game(pilot, app)
        await settled(pilot, lambda: screen.query_one(f"#{board}").region)
        region = screen.query_one(f"#{board}").region
        area = screen.query_one("#view-slot").region
        assert area.contains_region(region), (game, size, region, area)
        return region.width, region.height, screen.query_one("#side-panel").region.width


@pytest.mark.parametrize("game,board", scalable_boards())
async def test_a_big_terminal_gets_bigger_boards_and_a_wider_side_panel(home, game, board):
    """At 120x40 a scalable board (its biggest setup) is larger than at 80x24 in each direction it can
    grow at all (a hex board's rows keep their height; some boards have their full size at 80x24, as a
    huge terminal shows), still inside the board area; the side panel is wider."""
    small, big = await _board_and_panel(game, board, SIZE), await _board_and_panel(game, board, BIG)
    assert big[2] > small[2] >= 30, (game, small, big)
    if big[0] > small[0] and big[1] > small[1]:
        return
    huge = await _board_and_panel(game, board, HUGE)
    for axis in (0, 1):
        assert big[axis] > small[axis] or huge[axis] == small[axis], (game, axis, small, big, huge)


def footer_problems(app) -> list[str]:
    """The footer's keys that are not shown whole on the screen's last line."""
    footer = screen_lines(app)[-1]
    shown = {}  # the footer shows one key an action, the first
    for _, binding, _, _ in app.screen.active_bindings.values():
        if binding.show:
            shown.setdefault(binding.action, binding)
    labels = [f"{app.get_key_display(binding)} {binding.description}" for binding in shown.values()]
    return [f"{label!r} is not whole in the footer: {footer!r}" for label in labels if label not in footer]


async def test_footer_keys_and_action_buttons_are_never_cut(home):
    """'q Qu' and 'r Surr' at 80 columns: the footer closes up (and leaves out the palette's key), the
    buttons close up, so every key and label is whole."""
    for game, seats, keys in (("blackjack", 1, ("b",)), ("tic-tac-toe", 2, ("1", "4", "2", "5", "3")),
                              ("sim", 2, ()), ("hex", 2, ())):
        app = make_app({"game": game, "seats": [Seat()] * seats, "seed": 17})
        async with app.run_test(size=SIZE) as pilot:
            screen = await wait_for_game(pilot, app)
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            await pilot.pause()
            assert not footer_problems(app), (game, footer_problems(app))
            text = "\n".join(screen_lines(app))
            labels = [str(button.label) for button in screen.view.query("Button")]
            assert all(label in text for label in labels), (game, labels, text)
            assert screen.match.is_over or game != "tic-tac-toe"  # 'n New game' joined the keys
            assert "r Surrender" in labels or game != "blackjack"  # five buttons: seed 17 may split


async def test_new_game_labels_are_never_cut(home):
    """'Blinds up every0': every option's label in the new-game form keeps a space before its field, and
    every word of each option's help is on screen."""
    from tui_games import catalog

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for spec in catalog.all_specs():
            games = app.screen.query_one("#game-list", OptionList)
            games.highlighted = next(i for i in range(games.option_count) if games.get_option_at_index(i).id == spec.id)
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            text = "\n".join(screen_lines(app))
            form = app.screen.query_one("#new-game-form").region
            shown = [label for label in app.screen.query(".form-label") if form.contains_region(label.region)]
            assert len(shown) >= min(3, len(spec.params)), (spec.id, text)
            for label in shown:
                assert f"{label.content} " in text, (spec.id, str(label.content), text)
            helps = [help for help in app.screen.query(".form-help") if form.contains_region(help.region)]
            for help in helps:  # '0..10000 (official only)' once lost its last word to the column's width
                for word in str(help.content).split():
                    assert word in text, (spec.id, str(help.content), text)
            await pilot.press("escape")
            await pilot.pause()


async def test_hex_boards_up_to_19_fit_at_80x24(home):
    """Sizes 14-19 are drawn compactly: every cell, row number and column letter on screen, no scrolling."""
    from tui_games.engine.hexgrid import COLUMN_LETTERS

    for size in range(14, 20):
        app = make_app({"game": "hex", "params": {"size": size, "swap": "off"}, "seats": [Seat(), Seat()], "seed": 1})
        async with app.run_test(size=SIZE) as pilot:
            screen = await wait_for_game(pilot, app)
            await pilot.pause()
            board, scroll = screen.query_one("#hex-board"), screen.query_one("#hex-scroll")
            assert scroll.virtual_size.width <= scroll.size.width and scroll.virtual_size.height <= scroll.size.height
            assert screen.query_one("#view-slot").region.contains_region(board.region), size
            lines = screen_lines(app)
            for line, column in board.hex_layout.places:
                assert lines[board.region.y + line][board.region.x + 1 + column] == "·", (size, line, column)
            text = "\n".join(lines)
            assert all(re.search(rf"(?<!\d){row + 1}╲", text) for row in range(size)), text
            assert re.search(" ?".join(COLUMN_LETTERS[:size]), text), text


async def test_sim_with_many_nodes_is_drawn_with_strokes_not_braille(home):
    for nodes in (6, 12):
        app = make_app({"game": "sim", "params": {"nodes": nodes}, "seats": [Seat(), Seat()], "seed": 1})
        async with app.run_test(size=SIZE) as pilot:
            screen = await wait_for_game(pilot, app)
            await pilot.press("enter")
            await pilot.pause()
            board = region_text(app, screen.query_one("#sim-canvas").region)
            braille = sum(0x2800 <= ord(char) <= 0x28FF for char in board)
            if nodes == 6:
                assert braille, board
            else:
                assert not braille and {"-", "/", "\\", "o"} <= set(board), board


async def test_2048_refusals_are_one_short_note_under_the_board(home, monkeypatch):
    """Sliding where nothing moves, again and again: one note under the board that goes after a few
    seconds, no pile of notices over the board."""
    from tui_games.games.g2048 import view as g2048_view

    monkeypatch.setattr(g2048_view, "NOTE_SECONDS", 0.5, raising=False)
    app = make_app({"game": "2048", "seats": [Seat()], "seed": 1})  # seed 1: nothing slides left at first
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        assert 3 not in screen.match.state.legal_actions()
        for _ in range(6):
            await pilot.press("left")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert text.count("Left moves nothing") == 1 and "Not allowed" not in text, text
        assert not app._notifications
        note = screen.query_one("#g2048-note").region
        assert note.y > screen.query_one("#g2048-board").region.bottom - 1
        await wait_for(pilot, lambda: "Left moves nothing" not in "\n".join(screen_lines(app)), timeout=3,
                       what="the note to go")
        await pilot.press("up")
        await wait_for(pilot, lambda: len(screen.match.state.history) > 3, what="a legal slide")


async def test_many_player_poker_keeps_a_few_lines_of_moves(home):
    app = make_app({"game": "no-limit-holdem", "params": {"players": 10},
                    "seats": [Seat()] + [Seat("ai", 1)] * 9, "seed": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        log = screen.query_one("#move-log")
        await wait_for(pilot, lambda: log.size.height >= 2, timeout=5, what="two moves in the Moves panel")
        assert log.region.bottom <= screen.query_one("#side-panel").region.bottom
        assert "Moves" in region_text(app, log.region)
