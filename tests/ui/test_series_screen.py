"""A Blackjack sitting on the game screen at 80x24: the next round within the sitting, the bankroll
beside the table, and leaving the table between rounds (which counts the sitting)."""

from __future__ import annotations

from textual.widgets import Static

from tui_games.match import Seat
from tui_games.store import stats
from ui_helpers import make_app, wait_for, wait_for_game

SIZE = (80, 24)


async def _play_round_by_keys(pilot, screen) -> None:
    """Bet, decline insurance when offered, then stand until the round is over."""
    while not screen.match.is_over:
        legal = screen.match.state.legal_actions()
        key = "b" if 7 in legal else ("n" if 6 in legal else "s")
        before = len(screen.match.state.history)
        await pilot.press(key)
        await wait_for(pilot, lambda: screen.match.is_over or len(screen.match.state.history) > before,
                       what=f"the {key!r} key to play")


async def test_next_round_within_the_sitting_then_leaving_the_table(home):
    app = make_app({"game": "blackjack", "params": {"rules": "american", "seats": 1}, "seats": [Seat()], "seed": 5})
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        assert str(screen.query_one("#score-panel", Static).render()).startswith("Round 1\nBankroll +0")
        assert screen.check_action("undo", ()) is False and screen.check_action("redo", ()) is False
        await _play_round_by_keys(pilot, screen)
        await pilot.pause()
        turn_line = str(screen.query_one("#turn-line", Static).render())
        assert turn_line.startswith("Round over: ") and "n next round · q leave the table" in turn_line
        footer = {active.binding.description for active in screen.active_bindings.values()}
        assert "Next deal" in footer and "New game" not in footer  # n deals the next round here
        first = match.state.returns()[0]
        await pilot.press("n")
        await wait_for(pilot, lambda: match.deal_number == 2 and not match.is_over, what="the next round")
        assert screen.match is match  # the same sitting, not a new game
        panel = str(screen.query_one("#score-panel", Static).render())
        assert panel.startswith(f"Round 2\nBankroll {first:+g}")
        await _play_round_by_keys(pilot, screen)
        total = first + match.state.returns()[0]
        assert stats.summary() == []  # the sitting is not over yet
        await pilot.press("q")
        await wait_for(pilot, lambda: match.match_over, what="leaving the table")
    (row,) = stats.summary()
    assert (row.game_id, row.played, row.deals, row.chips_history) == ("blackjack", 1, 2, [total])
