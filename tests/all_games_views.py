"""The view part of the all-games checks (see :mod:`all_games_checks`): a game's view opened through
the pilot at 80x24 in a mid-game position, and each of its keys pressed.

The view's ``choose`` is replaced by a recorder, so a key that picks a move changes nothing and every
key is tried in the same position. What must hold:

* no key breaks the app (an exception in a handler ends the pilot's run with it);
* a key whose binding describes an action by its name ('Up', "U'") picks that action when it is legal;
* every button of an action bar names the action it plays, and the key its label starts with
  ('s Stand', '1 Deal') picks that button's action.
"""

from __future__ import annotations

import asyncio

from textual.widgets import Button

from all_games_checks import mid_game_moves
from tui_games.core.players import SIMULTANEOUS
from tui_games.core.spec import GameSpec
from tui_games.match import Match, Seat, prepare
from tui_games.store.settings import Settings
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.screens.game import GameScreen
from tui_games.ui.screens.handoff import HandoffScreen
from tui_games.ui.widgets.action_bar import ActionBar

SIZE = (80, 24)
SETTINGS = Settings(ai_think_time=0.1, animation="off")
LOAD_SECONDS = 180.0
"""How long a game may take to open (its kernels may compile)."""


def saved_mid_game(spec: GameSpec, seed: int = 3):
    """A saved match of ``spec`` at :func:`~all_games_checks.mid_game_moves`' position, the seat to
    decide human and the others AI level 1; returns (its save path, the human seat)."""
    moves = mid_game_moves(spec, seed)
    probe = spec.new(seed=seed)
    probe.resolve_chance()
    for move in moves:
        probe.apply_entry(move)
        probe.resolve_chance()
    human = 0 if probe.current_player == SIMULTANEOUS else probe.current_player
    seats = [Seat() if seat == human else Seat("ai", 1) for seat in range(probe.num_players)]
    match = Match.new(spec, {}, seats, seed=seed)
    for move in moves:
        match.play_joint(move) if isinstance(move, list) else match.play(move)
    assert match.state.history == probe.history, f"{spec.id}: the match drew other chance outcomes"
    path = match.save()
    match.close()
    return path, human


async def _game_screen(pilot, app) -> GameScreen:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + LOAD_SECONDS
    while True:
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
        screen = app.screen
        if isinstance(screen, GameScreen) and screen.match is not None and screen.view is not None:
            await pilot.pause()
            return screen
        assert loop.time() < deadline, "the game did not open"
        await pilot.pause(0.05)


def _names(state, view, action: int) -> set[str]:
    return {state.action_to_string(action).lower(), view.move_name(action).lower()}


def _label_names_action(label: str, names: set[str]) -> bool:
    words = label.lower()
    return any(name and (name in words or words.split(" ", 1)[-1] in name) for name in names)


async def _press(pilot, view, key: str) -> list[int]:
    """The actions the view picks when ``key`` is pressed."""
    picked: list[int] = []
    view.choose = picked.append
    await pilot.press(key)
    await pilot.pause()
    return picked


def _move_buttons(view) -> list[tuple[ActionBar, Button]]:
    """The buttons of the view's action bars that play a legal action (others run a command)."""
    legal = set(view.legal())
    return [(bar, button) for bar in view.query(ActionBar) for button in bar.query(Button)
            if button.name and button.name.lstrip("-").isdigit() and int(button.name) in legal]


def _problems_of_bars(screen, view) -> list[str]:
    state = screen.match.state
    legal = set(view.legal())
    problems = []
    for bar in view.query(ActionBar):
        for action, label in bar.actions:
            if action not in legal:
                continue
            names = _names(state, view, action)
            if not _label_names_action(label, names):
                problems.append(f"button {label!r} plays {action} ({' / '.join(sorted(names))})")
    return problems


async def check_view(spec: GameSpec) -> None:
    """Open ``spec``'s view in a mid-game position and press each of its keys (see the module's
    docstring for what must hold)."""
    path, human = saved_mid_game(spec)
    prepare(spec, levels=[1], isolated=False)  # in this process (the app's own would start a compiler)
    app = TuiGamesApp({"resume": str(path)}, settings=SETTINGS)
    problems: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        screen = await _game_screen(pilot, app)
        view = screen.view
        problems += _problems_of_bars(screen, view)
        for _, button in _move_buttons(view):
            key = str(button.label).split(" ", 1)[0]
            if len(key) == 1 and key.isalnum():
                picked = await _press(pilot, view, key)
                if picked != [int(button.name)]:
                    problems.append(f"key {key!r} of button {str(button.label)!r} picked {picked}, "
                                    f"not {button.name}")
        for binding in type(view).BINDINGS:
            legal = view.legal()
            named = [a for a in legal if binding.description.lower() in _names(screen.match.state, view, a)]
            for key in binding.key.split(","):
                picked = await _press(pilot, view, key)
                if len(named) == 1 and picked != named:
                    problems.append(f"key {key!r} ({binding.description}) picked {picked}, not {named[0]}")
        view.choose = type(view).choose.__get__(view)
        await pilot.pause()
    assert not problems, f"{spec.id} view:\n  " + "\n  ".join(problems)


__all__ = ["check_view", "saved_mid_game"]
