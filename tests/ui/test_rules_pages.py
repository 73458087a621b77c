"""Every game's rules page speaks of what a player can do on the game's screen: each key it lists is
bound there, undo is listed only where the game has undo (and with the key that undoes), there is one
keys section, and no typed moves or action ids."""

from __future__ import annotations

import re

import pytest

from tui_games import catalog
from tui_games.ui.action_keys import ActionBarKeys
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.screens.game import GameScreen
from tui_games.ui.screens.rules import rules_markdown, screen_keys, screen_keys_markdown, view_keys
from tui_games.ui.views import view_class

GAMES = catalog.ids()

KEY_WORDS = {
    "arrow keys": ("up", "down", "left", "right"), "up": ("up",), "down": ("down",), "left": ("left",),
    "right": ("right",), "enter": ("enter",), "space": ("space",), "esc": ("escape",), "tab": ("tab",),
    "backspace": ("backspace",), "delete": ("delete",), "ctrl+s": ("ctrl+s",), "f1": ("f1",),
    "?": ("question_mark",), "'": ("apostrophe",),
}
"""Key names a rules page writes, and the Textual keys they are."""

SHARED_KEYS = {("ropasci360", "escape"): "puts a picked throw back; with nothing picked, the screen's quit"}
"""Screen keys a view binds only some of the time (its check_action lets them through otherwise);
the letter keys of a view of buttons (ActionBarKeys) fall through the same way."""


def listed_keys(markdown: str) -> set[str]:
    """The Textual keys named in bold in ``markdown``: '**Left/Right**', '**1-9**', '**u r f d l b**',
    '**Ctrl+S**'; bold words that name no key ('**Click**', '**Throw**') are not keys."""
    keys: set[str] = set()
    for span in re.findall(r"\*\*(.+?)\*\*", markdown):
        if span.lower() in KEY_WORDS:
            keys.update(KEY_WORDS[span.lower()])
            continue
        for part in re.split(r"[/,]|\s+", span):
            ranged = re.fullmatch(r"([a-z0-9])-([a-z0-9])", part)
            if part.lower() in KEY_WORDS:
                keys.update(KEY_WORDS[part.lower()])
            elif ranged:
                keys.update(chr(c) for c in range(ord(ranged[1]), ord(ranged[2]) + 1))
            elif len(part) == 1:
                keys.add(part)
    return keys


def bound_keys(game_id: str) -> set[str]:
    """Every key that does something on ``game_id``'s screen: the view's, the screen's, the app's, and
    Enter on a focused button."""
    keys = {"enter"}
    for owner in (view_class(catalog.get(game_id)), GameScreen, TuiGamesApp):
        keys.update(owner._merged_bindings.key_to_bindings)
    return keys


def first_binding(game_id: str, key: str):
    """The binding ``key`` reaches first on the game screen (the focused view's, else the screen's)."""
    for owner in (view_class(catalog.get(game_id)), GameScreen):
        bindings = owner._merged_bindings.key_to_bindings.get(key)
        if bindings:
            return owner, bindings[0]
    return None, None


@pytest.mark.parametrize("game_id", GAMES)
def test_every_key_a_rules_page_lists_is_bound_on_the_game_screen(game_id):
    spec = catalog.get(game_id)
    listed = listed_keys(view_keys(spec)) | listed_keys(screen_keys_markdown(spec))
    assert listed, f"{game_id}: no keys listed"
    unbound = sorted(listed - bound_keys(game_id))
    assert not unbound, f"{game_id}: listed but not bound: {unbound}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_screen_keys_listed_reach_their_action(game_id):
    """Undo is listed only where the game has undo; every screen key listed reaches the screen's
    action (the cube's u turns a face, so its undo key is Backspace)."""
    spec = catalog.get(game_id)
    listed = dict((words, keys) for keys, words in screen_keys(spec))
    assert any(words.startswith("undo") for words in listed) == spec.allow_undo
    assert any(words.startswith("redo") for words in listed) == spec.allow_undo
    for words, keys in listed.items():
        for key in keys:
            owner, binding = first_binding(game_id, key)
            assert binding is not None, (game_id, key)
            if owner is GameScreen or (game_id, key) in SHARED_KEYS:
                continue
            falls_through = issubclass(owner, ActionBarKeys) and binding.action.startswith("letter(")
            assert falls_through or binding.action == words.split(":")[0].split()[0], \
                f"{game_id}: {key} is listed for '{words}' but the view binds it to {binding.action}"


def test_the_cube_lists_backspace_for_undo_not_u():
    keys = dict((words.split(":")[0], keys) for keys, words in screen_keys(catalog.get("rubiks-cube")))
    assert keys["undo"] == ["backspace"]
    assert "**Backspace** undo" in rules_markdown(catalog.get("rubiks-cube"))
    assert "**u** undo" not in rules_markdown(catalog.get("blackjack"))


def test_a_remapped_screen_key_is_listed_as_remapped():
    page = rules_markdown(catalog.get("nim"), {"game.hint": "h", "game.undo": "z,ctrl+z"})
    assert "- **z** or **Ctrl+Z** undo" in page and "- **h** hint" in page


@pytest.mark.parametrize("game_id", GAMES)
def test_a_rules_page_has_one_keys_section_and_no_typed_moves(game_id):
    spec = catalog.get(game_id)
    help_headings = [line[3:].lower() for line in spec.help_text().splitlines() if line.startswith("## ")]
    for own_keys in ("keys", "playing", "typ", "writing moves"):
        assert not any(h.startswith(own_keys) for h in help_headings), (game_id, own_keys)
    page = rules_markdown(spec)
    headings = [line[3:] for line in page.splitlines() if line.startswith("## ")]
    assert headings.count("Keys") == 1 and headings.count("Game screen keys") == 1, headings
    assert sum(h.startswith(("AI levels", "Computer opponents")) for h in headings) == 1, headings
    for words in ("action id", "command line", "typed move", "--set", "in saves"):
        assert words not in page.lower(), (game_id, words)
