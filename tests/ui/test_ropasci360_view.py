"""RoPaSci 360's view through the pilot at 80x24: throws and moves by keys and by mouse against the AI
with both actions revealed together, the hotseat hand-off hiding the first choice, a whole game to
its end, and the board in ASCII and monochrome."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from layout_helpers import region_text
from test_display_and_keys import non_ascii, screen_text
from tui_games.games.ropasci360.spec import SPEC
from tui_games.games.ropasci360.view import (GRID, THROW_ACTIONS, RoPaSciView, decode, defeated_tokens,
                                             stack_text)
from tui_games.match import Seat
from tui_games.store.settings import Settings
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.screens.handoff import HandoffScreen
from ui_helpers import chosen_marks, make_app, wait_for, wait_for_game

SIZE = (80, 24)
ROCK, PAPER, SCISSORS = 0, 1, 2


def hex_at(r: int, q: int) -> int:
    """The hex index of axial (r, q)."""
    return GRID.index(q, r)


def throw(symbol: int, hex_: int) -> int:
    """The id of a throw of ``symbol`` onto ``hex_``."""
    return symbol * GRID.cells + hex_


def move(start: int, end: int) -> int:
    """The id of a slide or swing from ``start`` to ``end``."""
    return THROW_ACTIONS + start * GRID.cells + end


UPPER_HOME, LOWER_HOME = hex_at(4, -2), hex_at(-4, 2)
"""Where each side's cursor starts: the middle of its first row."""


@pytest.fixture
def ropasci():
    """RoPaSci 360's catalogue entry."""
    return SPEC


def board_text(app, screen) -> str:
    """The board and the lines under it, as shown."""
    return region_text(app, screen.view.region)


def side_text(screen) -> str:
    """The side panel's status lines."""
    return str(screen.query_one("#score-panel", Static).render())


def board_line(app, screen, r: int) -> str:
    """The drawn row of hexes with coordinate ``r`` (its label included)."""
    board = screen.view.board
    line, _ = board.hex_layout.places[GRID.rows[4 - r][0]]
    return region_text(app, board.content_region).splitlines()[line]


async def click_hex(pilot, screen, hex_: int) -> None:
    """Click the middle of ``hex_``'s mark on the board."""
    board = screen.view.board
    line, column = board.hex_layout.places[hex_]
    padding = board.styles.padding
    await pilot.click(board, offset=(column + padding.left, line + padding.top))
    await pilot.pause()


async def wait_for_ai_choice(pilot, match) -> None:
    await wait_for(pilot, lambda: 1 in match.joint_choices, what="the AI's hidden choice")
    await pilot.pause()


async def test_throw_and_slide_by_keys_against_the_ai_reveal_both_moves_together(home, ropasci):
    app = make_app({"game": ropasci.id, "seats": [Seat(), Seat("ai", 1)], "seed": 3})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        assert isinstance(screen.view, RoPaSciView)
        await wait_for_ai_choice(pilot, match)
        # The AI has chosen but nothing of it shows: no token, no log line.
        assert match.state.history == [] and chosen_marks(str(screen.query_one("#seats-panel").render())) == 1
        assert not any(c in "RPSrps" for c in board_line(app, screen, -4))
        assert "Lower r p s" in board_text(app, screen) and "Upper R P S" in board_text(app, screen)

        await pilot.press("p")
        await pilot.pause()
        # Upper's first throw may land in the top row only: all five of its hexes marked, no other.
        assert board_line(app, screen, 4).count("+") == 5
        assert "+" not in board_line(app, screen, 3)
        assert "Enter throws P here" in board_text(app, screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(match.state.history) == 1, what="the first turn")
        await pilot.pause()
        upper, lower = match.state.history[0]
        assert upper == throw(PAPER, UPPER_HOME) and lower < THROW_ACTIONS  # Lower's first action is a throw too
        # Both throws are revealed together: on the board, in the log and in words in the side panel.
        assert match.state.stack(UPPER_HOME) == [(0, PAPER, 1)]
        assert "P" in board_line(app, screen, 4)
        lower_symbol, lower_hex = divmod(lower, GRID.cells)
        assert "rps"[lower_symbol] in board_line(app, screen, -4)
        q, r = GRID.coords[lower_hex]
        side = side_text(screen)
        assert "Upper threw P on 4 -2" in side and f"Lower threw {'rps'[lower_symbol]} on {r} {q}" in side
        assert "No token defeated" in side and "Upper: 1 token, 8 throws" in side
        assert match.move_log and match.move_log[0].startswith("Upper throw p 4 -2, Lower throw ")
        assert "P@4,-2" in str(screen.query_one("#move-log").lines)

        # A slide: Enter on the token picks it up and marks its slides; Right and Enter slide it.
        await wait_for_ai_choice(pilot, match)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view.picked == UPPER_HOME
        top = board_line(app, screen, 4)
        assert ">P" in top and top.count("+") == 2  # the two neighbours along the top row
        assert board_line(app, screen, 3).count("+") == 2  # and the two below
        await pilot.press("escape")  # put back: the marks go, the game screen stays
        await pilot.pause()
        assert screen.view.picked is None and "+" not in board_line(app, screen, 4) and app.screen is screen
        await pilot.press("enter", "right", "enter")
        await wait_for(pilot, lambda: len(match.state.history) == 2, what="the second turn")
        await pilot.pause()
        assert match.state.history[1][0] == move(UPPER_HOME, UPPER_HOME + 1)
        assert match.state.stack(UPPER_HOME + 1) == [(0, PAPER, 1)]
        assert "Upper slid P to 4 -1" in side_text(screen)


async def test_mouse_throws_picks_up_and_moves_a_token(home, ropasci):
    app = make_app({"game": ropasci.id, "seats": [Seat(), Seat("ai", 1)], "seed": 5})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await wait_for_ai_choice(pilot, match)
        corner = hex_at(4, -4)
        await click_hex(pilot, screen, corner)  # no throw picked yet: the click only moves the cursor
        assert screen.view.cursor == corner and match.state.history == []
        await pilot.press("s")
        await click_hex(pilot, screen, hex_at(3, -3))  # not in Upper's first row: refused
        assert match.state.history == [] and screen.view.throw_symbol == SCISSORS
        await click_hex(pilot, screen, corner)
        await wait_for(pilot, lambda: len(match.state.history) == 1, what="the thrown turn")
        assert match.state.history[0][0] == throw(SCISSORS, corner)

        await wait_for_ai_choice(pilot, match)
        await click_hex(pilot, screen, corner)
        assert screen.view.picked == corner
        assert set(screen.view.targets()) == {hex_at(4, -3), hex_at(3, -4), hex_at(3, -3)}
        await click_hex(pilot, screen, hex_at(3, -3))
        await wait_for(pilot, lambda: len(match.state.history) == 2, what="the moved turn")
        assert match.state.history[1][0] == move(corner, hex_at(3, -3))

        # A hint marks the suggested action's hexes on the board.
        await wait_for_ai_choice(pilot, match)
        await pilot.press("t")
        await wait_for(pilot, lambda: screen.view.hinted is not None, what="the hint")
        assert screen.view.hinted in match.state.legal_actions(0)
        kind, a, b = decode(screen.view.hinted)
        hinted = {i for i, states in enumerate(screen.view.board._states) if "hint" in states}
        assert hinted == ({b} if kind == "throw" else {a, b})


async def hand_over_if_asked(pilot, app) -> None:
    """Confirm the pass-the-device screen when it is up."""
    await pilot.pause()
    if isinstance(app.screen, HandoffScreen):
        await pilot.press("enter")
        await pilot.pause()


async def test_hotseat_hides_upper_choice_behind_the_handoff_and_plays_to_a_draw_by_repetition(home, ropasci):
    app = make_app({"game": ropasci.id, "seats": [Seat(), Seat()], "seed": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        view = screen.view
        assert app.screen is screen  # the game's first choice needs no hand-off
        await pilot.press("s", "right", "enter")  # Upper throws S on 4 -1
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off to Lower")
        assert match.joint_choices == {0: throw(SCISSORS, UPPER_HOME + 1)} and match.state.history == []
        assert "Pass to Lower" in "\n".join(str(w.render()) for w in app.screen.query(Static))
        await pilot.press("enter")
        await pilot.pause()
        # Nothing of Upper's choice shows to Lower: no token, no marks, the cursor on Lower's side.
        assert app.screen is screen and view.cursor == LOWER_HOME and view.throw_symbol is None
        assert not any(c in "RPS+" for c in board_line(app, screen, 4))
        assert "Lower: choose in secret" in str(screen.query_one("#turn-line").render())
        await pilot.press("r", "enter")  # Lower throws r on -4 2
        await wait_for(pilot, lambda: len(match.state.history) == 1, what="the first turn")
        assert match.state.history == [[throw(SCISSORS, UPPER_HOME + 1), throw(ROCK, LOWER_HOME)]]

        # Both slide one hex right and back again: the third time the same position comes round the
        # game ends in a draw (the seed's fourth end condition). Each side's cursor starts on its home
        # hex (4 -2 for Upper, -4 2 for Lower) at every turn.
        upper_out, upper_back = ("right", "enter", "right", "enter"), ("right", "right", "enter", "left", "enter")
        lower_out, lower_back = ("enter", "right", "enter"), ("right", "enter", "left", "enter")
        turns = [(upper_out, lower_out), (upper_back, lower_back)] * 2
        for turn, keys in enumerate(turns, start=2):
            for seat in range(2):
                await hand_over_if_asked(pilot, app)
                assert app.screen is screen and match.choosing_human == seat
                await pilot.press(*keys[seat])
                await pilot.pause()
            await wait_for(pilot, lambda: len(match.state.history) == turn, what=f"turn {turn}")
        assert match.is_over, match.state.history
        assert match.result_text.startswith("Draw") and "third time" in match.result_text
        assert "Game over" in str(screen.query_one("#turn-line").render())
        assert "Turn" not in side_text(screen)
        assert not isinstance(app.screen, HandoffScreen)


@pytest.mark.parametrize("theme", ["dark", "light"])
async def test_ascii_and_monochrome_board_keeps_tokens_marks_and_stacks_legible(home, ropasci, theme):
    settings = Settings(ai_think_time=0.1, animation="off", glyphs="ascii", colour="monochrome", theme=theme)
    app = TuiGamesApp({"game": ropasci.id, "seats": [Seat(), Seat()], "seed": 1}, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        # Two turns played through the match: both sides throw, then Upper throws a second rock onto
        # its first (a stack of two) while Lower throws paper.
        match.choose_for(0, throw(ROCK, UPPER_HOME))
        match.choose_for(1, throw(SCISSORS, LOWER_HOME))
        match.choose_for(0, throw(ROCK, UPPER_HOME))
        match.choose_for(1, throw(PAPER, hex_at(-3, 2)))
        screen.redraw()
        await pilot.pause()
        screen.view.cursor = UPPER_HOME
        await pilot.press("enter")  # pick up the stack
        await pilot.pause()
        text = screen_text(app)
        assert not non_ascii(text), non_ascii(text)
        area = screen.query_one("#view-slot").region  # the whole board and its notes fit at 80x24
        for widget in screen.view.walk_children():
            assert area.contains_region(widget.region), (widget, widget.region, area)
        assert screen.view.step == 4  # with the roomy spacing
        top = board_line(app, screen, 4)
        assert ">R2" in top and "+" in top  # the picked stack, its count, and where it may go
        assert "s" in board_line(app, screen, -4) and "p" in board_line(app, screen, -3)
        assert "Upper R x2" in board_text(app, screen)
        assert app.monochrome

        # Turn three: Upper throws paper onto its own rocks, which it defeats; the side panel says so.
        await pilot.press("escape")
        match.choose_for(0, throw(PAPER, UPPER_HOME))
        match.choose_for(1, throw(ROCK, hex_at(-4, 0)))
        screen.redraw()
        await pilot.pause()
        assert match.state.stack(UPPER_HOME) == [(0, PAPER, 1)]
        side = side_text(screen)
        assert "Upper threw P on 4 -2" in side and "R R defeated on 4 -2" in side
        assert "Upper: 1 token, 6 throws" in side
        assert not non_ascii(screen_text(app))


def test_stack_text_and_defeated_tokens_read_the_position():
    assert stack_text([]) == "" and stack_text([(0, ROCK, 2)]) == "R2" and stack_text([(0, PAPER, 1), (1, PAPER, 3)]) == "Pp3"
    a, b = hex_at(0, 0), hex_at(0, 1)
    from collections import Counter

    before = Counter({(0, ROCK, a): 1, (1, SCISSORS, b): 1})
    # Upper's rock slides onto Lower's scissors while Lower throws paper there: all three symbols
    # meet, and all three tokens are defeated.
    after = Counter()
    assert defeated_tokens(before, [move(a, b), throw(PAPER, b)], after) == [
        (0, ROCK, b), (1, PAPER, b), (1, SCISSORS, b)]
    assert defeated_tokens(before, [move(a, b), throw(ROCK, a)], Counter({(0, ROCK, b): 1, (1, ROCK, a): 1})) == [
        (1, SCISSORS, b)]


def test_arrow_keys_step_over_the_hexagon_rows():
    from tui_games.ui.widgets.hex_board import step_cursor

    rows, indent = GRID.rows, GRID.indent
    # Down from 4 -2 lands on a neighbour below, and Up keeps aiming at the column it started from.
    below, column = step_cursor(rows, indent, UPPER_HOME, None, 0, 1)
    assert below in GRID.neighbours_of(UPPER_HOME) and GRID.row_of(below) == 1
    assert step_cursor(rows, indent, below, column, 0, -1)[0] == UPPER_HOME
    # Left and Right wrap along the row; Up from the top row stays put.
    assert step_cursor(rows, indent, rows[0][0], None, -1, 0) == (rows[0][-1], None)
    assert step_cursor(rows, indent, rows[8][-1], None, 1, 0) == (rows[8][0], None)
    assert step_cursor(rows, indent, UPPER_HOME, None, 0, -1)[0] == UPPER_HOME
