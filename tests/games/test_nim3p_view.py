"""Nim3P through Textual's pilot at 80x24: a whole three-seat hotseat game by keys and clicks, the
hint's value vectors, a game against two AI seats, and the result in the statistics."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from tui_games.match import Seat  # noqa: E402
from tui_games.store import saves, stats  # noqa: E402
from tui_games.ui.widgets.hint_panel import HintPanel  # noqa: E402
from ui_helpers import make_app, wait_for, wait_for_game, wait_for_human  # noqa: E402

SIZE = (80, 24)


def panel(screen, name: str) -> str:
    """The plain text of a Static of the game screen."""
    return str(screen.query_one(f"#{name}", Static).render())


async def test_a_whole_three_seat_hotseat_game(home):
    app = make_app({"game": "nim3p", "params": {"heaps": 2, "size": 3, "extra_rule": "on"},
                    "seats": [Seat(), Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        seats = panel(screen, "seats-panel")
        assert "●A Player A: Human" in seats and "■B Player B: Human" in seats and "▲C Player C: Human" in seats
        assert "Player A to move" in panel(screen, "turn-line")
        assert "Extra rule" in panel(screen, "score-panel")
        await pilot.press("2", "enter")  # Player A takes 2 from heap 1
        assert match.state.heaps == [1, 3] and "Player B to move" in panel(screen, "turn-line")
        await pilot.press("right", "1", "enter")  # Player B takes 1 from heap 2
        assert match.state.heaps == [1, 2]
        await pilot.click("#heap-1", offset=(2, screen.view.query_one("#heap-1").size.height - 4))
        await pilot.pause()  # Player C clicks the bottom item of heap 2: takes the whole heap
        assert match.state.heaps == [1, 0] and match.state.current_player == 0
        assert "Clear the board: Player B wins" in panel(screen, "score-panel")
        await pilot.press("enter")  # A takes the last item: B wins, C (after B) gets 0.2
        assert match.is_over and match.state.returns() == [0.0, 1.0, 0.2]
        assert match.result_text == "Player B wins" and "Game over: Player B wins" in panel(screen, "turn-line")
        save_path = match.save_path
    record = saves.read_save(save_path)
    assert [(row["seat"], row["outcome"], row["place"]) for row in record.outcome["seats"]] == [
        (0, "lost", 3), (1, "won", 1), (2, "lost", 2)]
    rows = {row.opponent: row for row in stats.summary() if row.game_id == "nim3p"}
    assert (rows["hotseat, as Player A"].lost, rows["hotseat, as Player B"].won,
            rows["hotseat, as Player C"].lost) == (1, 1, 1)
    assert rows["hotseat, as Player C"].places == {2: 1}


async def test_the_hint_shows_each_moves_max_n_values(home):
    app = make_app({"game": "nim3p", "params": {"heaps": 1, "size": 2, "extra_rule": "on"},
                    "seats": [Seat(), Seat(), Seat()], "seed": 1})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await pilot.press("t")
        hint = screen.query_one("#hint-panel", HintPanel)
        await wait_for(pilot, lambda: "Hint: take" in hint.text, what="the hint")
        assert "Hint: take 1 from heap 1" in hint.text and "0.2/0/1" in hint.text and "0/1/0.2" in hint.text
        assert "max-n values for Player A/Player B/Player C" in hint.text


async def test_two_ai_seats_play_until_the_human_moves(home):
    app = make_app({"game": "nim3p", "params": {"heaps": 3, "size": 4},
                    "seats": [Seat("ai", 3), Seat(), Seat("ai", 2)], "seed": 2})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await wait_for_human(pilot, screen)
        assert match.to_move == 1 and len(match.state.history) == 1
        while not match.is_over:
            await pilot.press("enter")
            await wait_for_human(pilot, screen)
        assert match.result_text.endswith("wins")
        assert sum(match.state.returns()) == 1.0
