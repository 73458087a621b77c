"""What the screens say, through the pilot at 80x24: the cube's undo key and its solver's credit, one
naming of each game's seats (names, seats-panel marks, board glyphs, rules), counts in the singular,
the unit of No-limit's stack, and a resumed game titled by its game, players and date."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from layout_helpers import screen_lines
from tui_games import catalog
from tui_games.match import Match, Seat
from tui_games.ui.glyphs import ASCII
from tui_games.ui.screens.game import GameRequest, GameScreen
from tui_games.ui.screens.new_game import NewGameScreen
from tui_games.ui.screens.resume import ResumeScreen
from tui_games.ui.seat_marks import seat_mark
from ui_helpers import game_screen, make_app, wait_for, wait_for_game

SIZE = (80, 24)


def footer(app) -> str:
    """The footer line as the player reads it."""
    return screen_lines(app)[-1]


def panel(screen, name: str) -> str:
    """The plain text of a Static of the game screen."""
    return str(screen.query_one(f"#{name}", Static).render())


async def test_the_cube_undoes_with_backspace_and_credits_a_solve_to_the_solver_by_name(home):
    app = make_app({"game": "rubiks-cube", "params": {"size": 3, "scramble": "R U"}, "seats": [Seat()],
                    "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await pilot.press("f")
        await pilot.pause()
        assert match.state.history == [6] and match.can_undo
        assert "⌫ Undo" in footer(app) and "u Undo" not in footer(app)
        await pilot.press("s")  # the solver takes the cube over
        await wait_for(pilot, lambda: match.is_over, what="the solve")
        await pilot.pause()
        assert "Undo" not in footer(app) and "Redo" not in footer(app), footer(app)
        moves = list(match.state.history)
        await pilot.press("u", "backspace", "y")  # u is a face here, and nothing is left to undo
        await pilot.pause()
        assert match.state.history == moves and match.is_over
        assert match.outcome["opponent"] == "AI Two-phase (2)" and match.outcome["seats"] == []
        await pilot.press("q")
        await wait_for(pilot, lambda: game_screen(app) is None, what="the menu")
        app.push_screen(ResumeScreen())
        await pilot.pause()
        listing = app.screen.query_one("#save-list", OptionList)
        lines = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        cube = next(line for line in lines if line.startswith("Rubik's Cube"))
        assert "AI Two-phase" in cube and "AI 2" not in cube and "Solved in" in cube


async def test_yavalath_draws_each_seats_stones_with_its_seats_panel_mark(home):
    app = make_app({"game": "yavalath", "params": {"players": 3}, "seats": [Seat()] * 3, "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("e", "5", "a", "1", "g", "1")
        await pilot.pause()
        seats = panel(screen, "seats-panel")
        board = screen.view.board.render().plain
        for seat, name in enumerate(("White", "Black", "Red")):
            mark = seat_mark(seat, app.glyphs)
            assert f"{mark.label} {name}: Human" in seats
            assert f"{mark.shape} {name}" in screen.view.status_lines(screen.match)
            assert board.count(mark.shape) == 1, (name, mark.shape)
        assert "X" not in board and "O" not in board


async def test_numbered_seats_are_marked_with_their_numbers(home):
    app = make_app({"game": "blackjack", "params": {"seats": 3},
                    "seats": [Seat(), Seat("ai", 1), Seat("ai", 1)], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        seats = panel(screen, "seats-panel")
        assert "●1 Seat 1: Human" in seats and "■2 Seat 2: AI" in seats and "▲3 Seat 3: AI" in seats
    assert seat_mark(9, ASCII, "Player 10").label == "=10" and seat_mark(0, ASCII, "Red").label == "oA"


def test_each_game_names_its_seats_one_way():
    from tui_games.games.hex.view import MARKS

    hex_spec = catalog.get("hex")
    assert [hex_spec.seat_name(seat) for seat in (0, 1)] == [f"Black ({MARKS[0]})", f"White ({MARKS[1]})"]
    assert catalog.get("nim3p").seat_names == ("Player A", "Player B", "Player C")  # the marks' letters
    for spec in (spec for spec in catalog.all_specs() if spec.max_players > 1):
        page = spec.help_text()
        names = [name.split(" (")[0] for name in spec.seat_names if not name.startswith(("Seat ", "Player"))]
        assert all(name in page for name in names), (spec.id, names)
    assert "P0" not in catalog.get("nim3p").help_text()
    assert "**X** White" not in catalog.get("yavalath").help_text()


async def test_the_no_limit_stack_says_it_counts_big_blinds(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen(catalog.get("no-limit-holdem")))
        await pilot.pause()
        row = app.screen.query_one("#param-row-stack")
        assert "1..1000 big blinds" in str(row.query_one(".form-help", Static).render())
        assert any("Stack" in line and "big blinds" in line for line in screen_lines(app))


async def test_a_resumed_game_is_titled_by_its_game_players_and_date_not_its_file(home):
    match = Match.new(catalog.get("nim"), {"heaps": 3, "size": 5, "max_take": 3}, [Seat(), Seat("ai", 3)], 7)
    match.play(match.state.legal_actions()[0])
    match.save()
    title = GameRequest(resume=match.save_path).describe()
    assert title.startswith("Nim · Human vs AI Perfect · 20") and ".json" not in title, title
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ResumeScreen())
        await pilot.pause()
        listing = app.screen.query_one("#save-list", OptionList)
        lines = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        nim = next(line for line in lines if line.startswith("Nim"))
        assert "Human vs AI Perfect" in nim and " 1 move " in nim and "ai:" not in nim, nim
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the game screen")
        assert ".json" not in app.screen.sub_title and not any(".json" in line for line in screen_lines(app))
        await wait_for_game(pilot, app)
