"""Shared helpers for the UI tests: waiting on conditions instead of on the clock."""

from __future__ import annotations

import asyncio

from tui_games.store.settings import Settings
from tui_games.ui.app import TuiGamesApp

FAST = Settings(ai_think_time=0.1, animation="off")
"""Settings for tests: no pacing delay for AI moves, no spinner timers."""


CHOSEN_MARKS = ("(chosen)", "\N{CHECK MARK}", "(ok)")
"""How the seats panel marks a seat that has chosen at a simultaneous turn (the word, or a short mark
where the word would wrap)."""


def chosen_marks(text: str) -> int:
    """How many seats ``text`` (the seats panel) marks as having chosen."""
    return sum(text.count(mark) for mark in CHOSEN_MARKS)


async def wait_for(pilot, condition, timeout: float = 180.0, what: str = "condition") -> None:
    """Let the app run until ``condition()`` is true (generous timeout: kernels may compile)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.05)


def game_screen(app):
    """The game screen on top of the stack, or None."""
    from tui_games.ui.screens.game import GameScreen

    screen = app.screen
    return screen if isinstance(screen, GameScreen) else None


def table_screen(app):
    """The game screen, on top or under a dialog (the hotseat hand-over), or None."""
    from tui_games.ui.screens.game import GameScreen

    return next((screen for screen in reversed(app.screen_stack) if isinstance(screen, GameScreen)), None)


async def wait_for_game(pilot, app) -> object:
    """Wait until a game screen has loaded its match (a hotseat game with hidden cards may show its
    hand-over screen over it first); returns the screen."""
    await wait_for(pilot, lambda: table_screen(app) is not None and table_screen(app).match is not None
                   and table_screen(app).view is not None, what="the game to load")
    await pilot.pause()
    return table_screen(app)


async def wait_for_human(pilot, screen) -> None:
    """Wait until it is a human's turn (or the game is over) and no AI move is pending."""
    await wait_for(pilot, lambda: screen.match.is_over or screen.match.human_to_move, what="a human turn")
    await pilot.pause()


async def press_and_wait(pilot, screen, key: str) -> None:
    """Press ``key`` for a move, then wait until it is played and it is a human's turn again (the AIs
    have moved, or the game is over)."""
    before = len(screen.match.state.history)
    await pilot.press(key)
    await wait_for(pilot, lambda: len(screen.match.state.history) > before, what=f"the {key!r} key to play")
    await wait_for_human(pilot, screen)


def make_app(start: dict | None = None) -> TuiGamesApp:
    """The app with test settings."""
    return TuiGamesApp(start, settings=FAST)
