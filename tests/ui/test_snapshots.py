"""Snapshot tests of the screens at 80x24, in the dark and light themes and in ASCII mode.

Each test draws a screen and compares it with the accepted SVG in ``__snapshots__/test_snapshots/``.
A run whose drawings differ writes ``snapshot_report.html`` with both side by side; a deliberate change
of a screen is accepted with ``pytest tests/ui/test_snapshots.py --snapshot-update``.
Everything on these screens is fixed: an empty home, fixed seeds, scripted moves, no clock, no animation.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tui_games.store.settings import Settings
from tui_games.ui.app import TuiGamesApp
from ui_helpers import wait_for, wait_for_game

SIZE = (80, 24)

VARIANTS = {
    "dark": Settings(theme="dark", animation="off", ai_think_time=0.1),
    "light": Settings(theme="light", animation="off", ai_think_time=0.1),
    "ascii": Settings(theme="dark", glyphs="ascii", animation="off", ai_think_time=0.1),
}
"""The looks every screen is drawn in."""


@pytest.fixture
def fixed_home(home, monkeypatch):
    """An empty home whose path never shows on screen (the settings name the themes folder)."""
    from tui_games.ui.screens import settings

    monkeypatch.setattr(settings, "user_themes_dir", lambda: Path("~/.config/tui-games/themes"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return home


def _app(variant: str, start: dict | None = None) -> TuiGamesApp:
    return TuiGamesApp(start, settings=VARIANTS[variant])


async def _settled(pilot) -> None:
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.fixture
def fixed_catalogue():
    """The menu lists the test catalogue (``tests/toy_catalog``), never the shipped games: a new game
    does not change the menu's snapshots."""
    from tui_games.core.registry import games_from

    with games_from("toy_catalog"):
        yield


@pytest.mark.parametrize("variant", VARIANTS)
def test_menu(snap_compare, fixed_home, fixed_catalogue, variant):
    assert snap_compare(_app(variant), terminal_size=SIZE, run_before=_settled)


SCREENS = {"rules": ("down", "question_mark"), "settings": ("o",), "stats": ("s",)}
"""Screens one key (or two) away from the menu: the keys that open them (rules: Connect Four's)."""


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("screen", SCREENS)
def test_screen(snap_compare, fixed_home, screen, variant):
    async def open_screen(pilot):
        await pilot.press(*SCREENS[screen])
        await _settled(pilot)

    assert snap_compare(_app(variant), terminal_size=SIZE, run_before=open_screen)


@pytest.mark.parametrize("variant", VARIANTS)
def test_tic_tac_toe_game(snap_compare, fixed_home, variant):
    """A hotseat game (no AI, so no timing) after three moves by keys, seed fixed."""
    from tui_games.match import Seat

    start = {"game": "tic-tac-toe", "seats": [Seat(), Seat()], "seed": 7}

    async def play(pilot):
        screen = await wait_for_game(pilot, pilot.app)
        await pilot.press("5", "1", "9")  # X centre, O corner, X opposite corner
        await wait_for(pilot, lambda: screen.match.state.history == [4, 0, 8], what="the three moves")
        await _settled(pilot)

    assert snap_compare(_app(variant, start), terminal_size=SIZE, run_before=play)
