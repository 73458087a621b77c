"""Simultaneous moves on the game screen, through the pilot at 80x24: rock-paper-scissors (a test game
folder, in the catalogue only during these tests) against the AI and in hotseat."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from toy_catalog import registered
from toy_catalog.rps.spec import SPEC as RPS
from tui_games.match import Seat
from tui_games.ui.screens.handoff import HandoffScreen
from ui_helpers import chosen_marks, make_app, wait_for, wait_for_game

SIZE = (80, 24)
ROCK, PAPER, SCISSORS = 0, 1, 2


@pytest.fixture
def rps():
    """Rock-paper-scissors in the catalogue for one test."""
    with registered(RPS):
        yield RPS


def shown_text(screen) -> str:
    """Every Static's text on ``screen`` (what the player can read), joined."""
    return "\n".join(str(widget.render()) for widget in screen.query(Static))


async def choose_by_keys(pilot, screen, index: int) -> None:
    """Highlight option ``index`` of the view's action list with the arrow keys and press Enter."""
    actions = screen.view.query_one("#actions", OptionList)
    await pilot.press("home")
    for _ in range(index):
        await pilot.press("down")
    assert actions.highlighted == index
    await pilot.press("enter")
    await pilot.pause()


async def test_human_against_ai_round_by_keys(home, rps):
    app = make_app({"game": RPS.id, "params": {"rounds": 2}, "seats": [Seat(), Seat("ai", 2)], "seed": 4})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        # The AI chooses first, but its choice is only marked as made: no throw is shown or logged.
        await wait_for(pilot, lambda: 1 in match.joint_choices, what="the AI's hidden choice")
        await pilot.pause()
        assert match.state.history == [] and match.move_log == []
        seats = str(screen.query_one("#seats-panel", Static).render())
        assert chosen_marks(seats) == 1 and not any(name in seats for name in ("rock", "paper", "scissors"))
        assert "Your choice" in str(screen.query_one("#turn-line", Static).render())
        ai_choice = match.joint_choices[1]
        assert screen.view.legal() == [ROCK, PAPER, SCISSORS]

        await choose_by_keys(pilot, screen, PAPER)
        # Both throws are revealed together: one log line naming each seat's throw.
        names = ("rock", "paper", "scissors")
        assert match.state.history == [[PAPER, ai_choice]]
        assert match.move_log == [f"Ann paper, Bob {names[ai_choice]}"]
        assert 0 not in match.joint_choices  # round 2 starts with Player 1's choice still to make

        await wait_for(pilot, lambda: 1 in match.joint_choices, what="the AI's second choice")
        await choose_by_keys(pilot, screen, ROCK)
        assert match.is_over and len(match.state.history) == 2
        assert "Game over" in str(screen.query_one("#turn-line", Static).render())
        footer = {active.binding.description for active in screen.active_bindings.values()}
        assert "New game" in footer and "Next deal" not in footer
        assert len(match.move_log) == 2 and match.move_log[1].startswith("Ann rock, Bob ")

        # Undo takes the last joint move back (after asking: the result is recorded); redo plays it again.
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("y")  # yes, take back the recorded result
        await pilot.pause()
        assert len(match.state.history) == 1 and not match.is_over
        await pilot.press("y")
        await pilot.pause()
        assert match.is_over and match.state.history[1][0] == ROCK


async def test_hotseat_round_hides_the_first_choice_behind_the_handoff(home, rps):
    app = make_app({"game": RPS.id, "params": {"rounds": 2}, "seats": [Seat(), Seat()], "seed": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        assert app.screen is screen  # the first choice of the game needs no hand-off
        assert "Ann: choose in secret" in str(screen.query_one("#turn-line", Static).render())
        await choose_by_keys(pilot, screen, SCISSORS)

        # Ann's choice is made but hidden: the device passes to Bob behind an opaque screen.
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off screen")
        assert match.joint_choices == {0: SCISSORS} and match.state.history == []
        handoff_text = shown_text(app.screen)
        assert "Pass to Bob" in handoff_text and "scissors" not in handoff_text
        assert "in secret" in handoff_text
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        # Nothing on the game screen betrays Ann's throw, not even where the list cursor was left.
        assert "Bob: choose in secret" in str(screen.query_one("#turn-line", Static).render())
        assert match.move_log == [] and "scissors" not in str(screen.query_one("#seats-panel", Static).render())
        assert screen.view.query_one("#actions", OptionList).highlighted in (None, ROCK)

        await choose_by_keys(pilot, screen, ROCK)
        assert match.state.history == [[SCISSORS, ROCK]]
        assert match.move_log == ["Ann scissors, Bob rock"]
        # Round two: Bob holds the device, so it passes back to Ann before she chooses.
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off back to Ann")
        assert "Pass to Ann" in shown_text(app.screen)
        await pilot.press("enter")
        await pilot.pause()
        await choose_by_keys(pilot, screen, PAPER)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off to Bob")
        await pilot.press("enter")
        await pilot.pause()
        await choose_by_keys(pilot, screen, PAPER)
        assert match.is_over and match.state.history == [[SCISSORS, ROCK], [PAPER, PAPER]]
        assert match.move_log == ["Ann scissors, Bob rock", "Ann paper, Bob paper"]
        assert match.result_text == "Bob wins"
        assert not isinstance(app.screen, HandoffScreen)


@pytest.mark.parametrize("glyphs, marks", [("unicode", ("●A", "■B", "▲C")), ("ascii", ("oA", "#B", "^C"))])
async def test_three_seats_carry_their_marks_and_reveal_three_throws(home, rps, glyphs, marks):
    from tui_games.store.settings import Settings
    from tui_games.ui.app import TuiGamesApp

    start = {"game": RPS.id, "params": {"players": 3}, "seats": [Seat(), Seat("ai", 1), Seat("ai", 2)], "seed": 8}
    app = TuiGamesApp(start, settings=Settings(ai_think_time=0.1, animation="off", glyphs=glyphs))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        panel = str(screen.query_one("#seats-panel", Static).render())
        tokens = panel.split()
        for mark, name in zip(marks, ("Ann", "Bob", "Cy")):
            assert tokens[tokens.index(mark) + 1] == f"{name}:"  # each seat's mark before its name
        await wait_for(pilot, lambda: set(match.joint_choices) == {1, 2}, what="both AIs' hidden choices")
        await pilot.pause()
        assert chosen_marks(str(screen.query_one("#seats-panel", Static).render())) == 2
        ai_choices = [match.joint_choices[1], match.joint_choices[2]]
        await choose_by_keys(pilot, screen, PAPER)
        names = ("rock", "paper", "scissors")
        assert match.is_over and match.state.history == [[PAPER, *ai_choices]]
        assert match.move_log == [f"Ann paper, Bob {names[ai_choices[0]]}, Cy {names[ai_choices[1]]}"]
