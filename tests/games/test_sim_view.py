"""The Sim board through Textual's pilot at 80x24: node letters typed and clicked, edges picked by the
cursor keys and by clicks, ASCII mode, and a whole three-seat hotseat game with a seat going out, its
save and its statistics; the new-game form for two and three players."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import Input, Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from tui_games import catalog  # noqa: E402
from tui_games.games.sim.board import BRAILLE_BASE, board_layout  # noqa: E402
from tui_games.match import Match, Seat  # noqa: E402
from tui_games.store import saves, stats  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from tui_games.ui.screens.new_game import NewGameScreen  # noqa: E402
from ui_helpers import make_app, wait_for, wait_for_game  # noqa: E402

SIZE = (80, 24)
SPEC = catalog.get("sim")


def canvas_text(screen) -> str:
    """What the board shows, as plain text."""
    return str(screen.view.query_one("#sim-canvas", Static).render())


def panel(screen, name: str) -> str:
    """The plain text of a side-panel Static (seats-panel, score-panel, turn-line)."""
    return str(screen.query_one(f"#{name}", Static).render())


def clear_cell(layout, edge: int, free: list[int]) -> tuple[int, int]:
    """A cell of ``edge``'s line where a click picks ``edge`` itself (no other free line is nearer)."""
    return next(cell for cell in layout.edge_cells[edge] if layout.nearest_edge(*cell, free) == edge)


def test_the_layout_puts_every_node_in_its_own_cell_and_lines_between_them():
    for nodes in range(3, 13):
        layout = board_layout(nodes, 46, 16)
        assert len(set(layout.node_cells)) == nodes
        assert all(0 <= col < 46 and 0 <= row < 16 for col, row in layout.node_cells)
        for edge, (a, b) in enumerate(layout.edge_ends):
            assert layout.edge_dots[edge], (nodes, a, b)
            assert not set(layout.edge_cells[edge]) & set(layout.node_cells)
            # a click on the middle of an edge picks that edge
            col, row = layout.edge_cells[edge][len(layout.edge_cells[edge]) // 2]
            assert layout.nearest_edge(col, row, [edge]) == edge


async def test_typed_nodes_cursor_keys_and_clicks_pick_and_colour_edges(home):
    app = make_app({"game": "sim", "params": {"nodes": 6}, "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match, view = screen.match, screen.view
        text = canvas_text(screen)
        assert all(letter in text for letter in "abcdef") and "g" not in text
        assert any(ord(char) > BRAILLE_BASE for char in text)  # the edges are braille lines
        assert view.edge == 0 and "Edge a-b" in str(view.query_one("#sim-choice", Static).render())
        await pilot.press("a", "c")
        assert view.edge == match.state.parse_action("a-c") and match.state.history == []
        await pilot.press("enter")
        assert match.state.history == [1] and match.state.current_player == 1
        await pilot.press("right", "right", "down")  # a-d, a-e, then the first free edge of node b
        assert view.move_name(view.edge) == "b-c"
        await pilot.press("space")
        assert match.state.history == [1, 5]
        # Clicks: node d, then node f, pick d-f; a click on the picked edge colours it.
        layout = view.board()
        await pilot.click("#sim-canvas", offset=layout.node_cells[3])
        await pilot.click("#sim-canvas", offset=layout.node_cells[5])
        await pilot.pause()
        d_f = match.state.parse_action("d-f")
        assert view.edge == d_f and match.state.history == [1, 5]
        await pilot.click("#sim-canvas", offset=clear_cell(layout, d_f, view._free()))
        await pilot.pause()
        assert match.state.history == [1, 5, d_f]
        # A click on another edge only picks it.
        c_e = match.state.parse_action("c-e")
        await pilot.click("#sim-canvas", offset=clear_cell(layout, c_e, view._free()))
        await pilot.pause()
        assert view.edge == c_e and len(match.state.history) == 3
        await pilot.press("a", "c")  # taken: refused, nothing changes
        assert view.edge == c_e and len(match.state.history) == 3
        assert "Red: 2 edges" in panel(screen, "score-panel")


async def test_the_line_under_the_board_warns_before_a_losing_edge(home):
    app = make_app({"game": "sim", "seats": [Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        for pair in ("ab", "de", "ac", "df", "bc"):
            await pilot.press(*pair)
            if pair != "bc":
                await pilot.press("enter")
        assert "completes your triangle" in str(screen.view.query_one("#sim-choice", Static).render())
        await pilot.press("enter")
        assert screen.match.is_over and screen.match.result_text == "Blue wins"
        assert "Game over: Blue wins" in panel(screen, "turn-line")


async def test_ascii_mode_draws_seats_with_their_shapes(home):
    settings = Settings(ai_think_time=0.1, animation="off", glyphs="ascii")
    app = TuiGamesApp({"game": "sim", "params": {"nodes": 5, "players": 3},
                       "seats": [Seat(), Seat(), Seat()], "seed": 1}, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        for pair in ("ab", "cd", "ae"):
            await pilot.press(*pair, "enter")
        text = canvas_text(screen)
        assert text.isascii() and {"o", "#", "^"} <= set(text)
        legend = str(screen.view.query_one("#sim-legend", Static).render())
        assert "ooo oA Red" in legend and "### #B Blue" in legend and "^^^ ^C Green" in legend


async def test_a_whole_three_seat_hotseat_game_with_a_seat_out(home):
    app = make_app({"game": "sim", "params": {"nodes": 5, "players": 3},
                    "seats": [Seat(), Seat(), Seat()], "seed": 3})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        seats = panel(screen, "seats-panel")
        assert "●A Red: Human" in seats and "■B Blue: Human" in seats and "▲C Green: Human" in seats
        assert "Red to move" in panel(screen, "turn-line")
        for pair in ("ab", "ad", "ae", "ac", "be", "bd", "bc"):  # Red's b-c completes a-b-c
            await pilot.press(*pair, "enter")
        assert match.state.seats_out == [0] and not match.is_over
        assert "Red: Human (out)" in panel(screen, "seats-panel")
        assert "Red: out" in panel(screen, "score-panel")
        assert "Blue to move" in panel(screen, "turn-line")
        for pair in ("cd", "ce", "de"):  # Blue, Green, Blue: the board fills without another triangle
            await pilot.press(*pair, "enter")
        assert match.is_over and match.result_text == "Red out; Blue and Green tie"
        assert "Game over: Red out; Blue and Green tie" in panel(screen, "turn-line")
        save_path = match.save_path
    record = saves.read_save(save_path)
    assert record.finished and record.seats == ["human"] * 3 and record.params["players"] == 3
    assert [(row["seat"], row["outcome"], row["place"], row["points"]) for row in record.outcome["seats"]] == [
        (0, "lost", 3, -1.0), (1, "drawn", 1, 0.0), (2, "drawn", 1, 0.0)]
    rows = {row.opponent: row for row in stats.summary() if row.game_id == "sim"}
    assert set(rows) == {"hotseat, as Red", "hotseat, as Blue", "hotseat, as Green"}
    assert (rows["hotseat, as Red"].lost, rows["hotseat, as Blue"].drawn, rows["hotseat, as Green"].drawn) == (1, 1, 1)
    figures = next(row for row in stats.game_figures() if row.game_id == "sim")
    assert figures.lines() == ["places 1st x2, 3rd x1"]  # the two tied seats share first place
    resumed = Match.resume(save_path)
    assert resumed.is_over and resumed.state.seats_out == [0] and resumed.state.history == record.history


def test_three_player_saves_and_statistics_record_each_seat(home):
    match = Match.new(SPEC, {"nodes": 6, "players": 3, "coalition": "1-2"}, [Seat(), Seat(), Seat("ai", 1)], seed=5)
    for name in ("a-b", "c-d", "e-f", "a-c", "d-e", "b-f", "b-c"):  # Red completes a-b-c: the team wins
        match.play(match.state.parse_action(name))  # the AI seat's edges are scripted here too
    assert match.is_over and match.result_text == "Blue and Green win (Red's triangle)"
    record = saves.read_save(match.save_path)
    assert record.params["coalition"] == "1-2" and record.seats == ["human", "human", "ai:1"]
    assert [(row["seat"], row["outcome"]) for row in record.outcome["seats"]] == [(0, "lost"), (1, "won")]
    rows = {row.opponent: row for row in stats.summary() if row.game_id == "sim"}
    assert rows["AI Beginner (1), as Red"].lost == 1 and rows["AI Beginner (1), as Blue"].won == 1


async def test_the_new_game_form_shows_the_third_seat_and_the_coalition_for_three_players(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = NewGameScreen(SPEC)
        app.push_screen(form)
        await pilot.pause()
        assert form.query_one("#seat-row-2").display is False
        assert form.query_one("#param-row-coalition").display is False
        form.query_one("#param-players", Input).value = "3"
        await pilot.pause()
        assert form.query_one("#seat-row-2").display is True
        assert form.query_one("#param-row-coalition").display is True
        form.query_one("#param-coalition").value = "1-2"
        await pilot.pause()
        request = form.build_request()
        assert len(request.seats) == 3 and request.params == {"nodes": 6, "players": 3, "coalition": "1-2"}
        form.query_one("#param-players", Input).value = "2"
        await pilot.pause()
        assert form.query_one("#param-row-coalition").display is False
        request = form.build_request()
        assert len(request.seats) == 2 and "coalition" not in request.params
