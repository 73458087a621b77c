"""Gin Rummy on the game screen at 80x24: a whole hand against the simple bot played by keys alone (the
first upcard, draws, discards chosen with the cursor, the knock, the melds laid by their digit keys and
the pass), the hand, melds and upcard on screen, and ASCII mode."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # the UI tests' shared helpers

from layout_helpers import region_text, screen_lines  # noqa: E402
from tui_games import catalog  # noqa: E402
from tui_games.games.gin_rummy.constants import DRAW_STOCK, DRAW_UPCARD, KNOCK, MELD_BASE, PASS, meld_name  # noqa: E402
from tui_games.match import Seat  # noqa: E402
from tui_games.store.settings import Settings  # noqa: E402
from tui_games.ui.app import TuiGamesApp  # noqa: E402
from ui_helpers import FAST, wait_for, wait_for_game, wait_for_human  # noqa: E402

SIZE = (80, 24)
SEED = 17
"""A deal in which Player 1, playing the simple bot's choices, takes the first upcard and knocks laying
two melds."""
LETTERS = {DRAW_UPCARD: "u", DRAW_STOCK: "s", PASS: "p", KNOCK: "k"}


def view_text(app, screen) -> str:
    """What the player reads in the board area."""
    return region_text(app, screen.query_one("#view-slot").region)


async def press_for(pilot, screen, action: int) -> None:
    """Press the keys that play ``action`` for the human seat, and check that they played it."""
    view = screen.view
    match = screen.match
    before = len(match.state.history)
    if action in LETTERS:
        keys = [LETTERS[action]]
    elif action >= MELD_BASE:
        label = next(label for a, label in view.actions.actions if a == action)
        assert label.endswith(meld_name(action - MELD_BASE))
        keys = [label[0]]
    else:
        index = view._names.index(match.state.action_to_string(action))
        keys = ["home"] + ["right"] * index + ["enter"]
    for key in keys:
        await pilot.press(key)
    await wait_for(pilot, lambda: len(match.state.history) > before, what=f"{keys} to play")
    assert match.state.history[before] == action
    await wait_for_human(pilot, screen)


async def test_a_whole_hand_by_keys_at_80x24(home):
    app = TuiGamesApp({"game": "gin-rummy", "seats": [Seat(), Seat("ai", 2)], "seed": SEED}, settings=FAST)
    policy = catalog.get("gin-rummy").ai(2, seed=0)
    seen = set()
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        match = screen.match
        await wait_for_human(pilot, screen)
        state = match.state
        text = view_text(app, screen)
        assert state.phase == "first upcard" and state.current_player == 0
        assert "Take the first upcard (u) or pass (p)" in text and "u Upcard" in text and "p Pass" in text
        assert "Upcard" in text and "Stock 31" in text and "Player 1 (you): 10 cards" in text
        assert "Player 2, dealer: 10 cards" in text
        assert "Melds " in text and f"= {state.deadwood(0)}" in text
        assert state.upcard.replace("T", "10")[:-1] in text
        while not match.is_over:
            state = match.state
            action = policy.choose(state.clone())
            seen.add((state.phase, "meld" if action >= MELD_BASE else LETTERS.get(action, "card")))
            if state.phase == "knock" and action >= MELD_BASE:
                text = view_text(app, screen)
                first_meld = min(a for a in state.legal_actions() if a >= MELD_BASE)
                assert "Lay your melds (1-9)" in text and f"1 {meld_name(first_meld - MELD_BASE)}" in text
            if state.phase == "discard" and action == KNOCK:
                assert "k Knock" in view_text(app, screen) and "or knock (k)" in view_text(app, screen)
            await press_for(pilot, screen, action)
        state = match.state
        assert state.knocker == 0 and len(state.laid_melds(0)) >= 2 and state.returns()[0] > 0
        assert {("first upcard", "u"), ("discard", "card"), ("discard", "k"), ("knock", "card"),
                ("knock", "meld"), ("knock", "p")} <= seen
        text = view_text(app, screen)
        assert "Player 1 knocks: " in "\n".join(screen_lines(app))
        for seat in (0, 1):
            assert "laid " + " ".join("".join(meld) for meld in state.laid_melds(seat)) in text


async def test_ascii_mode_draws_the_hand_in_ascii(home):
    app = TuiGamesApp({"game": "gin-rummy", "seats": [Seat(), Seat("ai", 2)], "seed": SEED},
                      settings=Settings(ai_think_time=FAST.ai_think_time, animation="off", glyphs="ascii"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_game(pilot, app)
        await wait_for_human(pilot, screen)
        text = view_text(app, screen)
        assert text.isascii(), text
        state = screen.match.state
        up = state.upcard
        assert f"|{'10' if up[0] == 'T' else up[0]}" in text and f"|{up[1].upper()}  |" in text
        assert "#===#" in text  # the cursor card, framed in ASCII
        for meld in state.best_melds(0):
            assert "[" + " ".join(meld) + "]" in text
        assert f"= {state.deadwood(0)}" in text and "u Upcard" in text and "p Pass" in text
