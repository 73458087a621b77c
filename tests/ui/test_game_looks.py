"""Game looks: a game's own colours and glyphs, declared in its folder, reach its board in every kind of
theme; a theme file overrides them per game, and a bad override is reported; the shared UI modules and
the themes' shared variables name no single game."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from textual.color import Color

from tui_games import catalog
from tui_games.core.locations import bundled_themes_dir, user_themes_dir
from tui_games.match import Seat
from tui_games.ui.glyphs import ASCII, UNICODE
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.looks import GameLook, LookError, colour_variable, game_looks, look_of_package, look_variables
from tui_games.ui.themes import load_themes, theme_from_dict
from tui_games.ui.views import view_class
from ui_helpers import FAST, wait_for, wait_for_game

PACKAGE = Path(__file__).resolve().parents[2] / "tui_games"

SHARED_MODULES = ("ui/themes.py", "ui/glyphs.py", "ui/looks.py", "ui/game_view.py", "ui/widgets/board_grid.py")
"""The shared modules that draw boards and read themes: they must not know any one game."""

GAME_WORDS = re.compile(r"\b(discs?|stones?|felt|tiles?|connect.four|othello|2048|nim)\b", re.IGNORECASE)
"""Words of single games (Connect Four's discs, Othello's felt and stones, 2048's tiles ...)."""


def _write_user_theme(name: str, content: dict) -> None:
    folder = user_themes_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(content), encoding="utf-8")


def _connect_four_look() -> GameLook:
    return look_of_package(catalog.get("connect-four").package)


async def _first_disc_background(theme: str) -> Color:
    """The background of the disc the first player drops into column 1, in ``theme``."""
    app = TuiGamesApp({"game": "connect-four", "seats": [Seat(), Seat()], "seed": 1},
                      settings=replace(FAST, theme=theme))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_game(pilot, app)
        assert app.theme == theme
        await pilot.press("1")
        await wait_for(pilot, lambda: screen.match.state.history == [0], what="the first disc")
        await pilot.pause()
        grid = screen.query_one("#c4-board")
        cell = grid.cell(7 + 5 * 7)  # below the header row: the bottom row's first column
        assert "-disc-0" in cell.classes
        return cell.styles.background


def test_the_shared_modules_name_no_game():
    for relative in SHARED_MODULES:
        text = (PACKAGE / relative).read_text(encoding="utf-8")
        assert not GAME_WORDS.findall(text), (relative, sorted(set(GAME_WORDS.findall(text))))


def test_the_bundled_themes_keep_single_games_colours_in_their_games_section():
    for path in sorted(bundled_themes_dir().glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert not GAME_WORDS.findall(" ".join(raw.get("variables", {}))), path.name
        assert set(raw.get("games", {})) <= set(catalog.ids()), path.name


def test_every_game_look_is_valid_and_imports_nothing():
    looks, problems = game_looks()
    assert problems == []
    assert {"connect-four", "othello", "2048"} <= set(looks)
    for spec in catalog.all_specs():
        path = PACKAGE.parent / Path(*spec.package.split(".")) / "look.py"
        if path.exists():
            tree = ast.parse(path.read_text(encoding="utf-8"))
            assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))], spec.id


def test_every_game_colour_a_view_names_is_declared_in_its_look():
    """A view's CSS may name ``$<its game id>-<colour>`` only for a colour its look declares (a typo
    would stop the board from drawing), and names no other game's colours."""
    looks, _ = game_looks()
    named = 0
    for spec in catalog.all_specs():
        css = view_class(spec).DEFAULT_CSS
        for game_id, look in looks.items():
            for name in re.findall(rf"\$({re.escape(game_id)}-[a-z0-9-]+)", css):
                assert game_id == spec.id, (spec.id, name)
                assert name in {colour_variable(game_id, colour) for colour in look.colours}, (spec.id, name)
                named += 1
    assert named >= 14  # Connect Four's discs, Othello's felt and discs, 2048's six tiles


@pytest.mark.parametrize("theme", ["dark", "light"])
async def test_a_games_declared_colour_reaches_its_cells(home, theme):
    declared = _connect_four_look().colours["disc-0"][theme]
    assert await _first_disc_background(theme) == Color.parse(declared)


async def test_a_themes_override_for_one_game_wins(home):
    _write_user_theme("mine.json", {"name": "mine", "games": {"connect-four": {"disc-0": "#123456"}}})
    assert await _first_disc_background("mine") == Color.parse("#123456")


def test_each_kind_of_theme_takes_the_games_colour_for_its_kind(home):
    themes = load_themes().themes
    look = _connect_four_look()
    looks = {"connect-four": look}
    for name, kind in (("dark", "dark"), ("light", "light"), ("ansi-16", "ansi")):
        assert look_variables(themes[name], looks)["connect-four-disc-1"] == look.colours["disc-1"][kind]
    assert look_variables(themes["high-contrast"], looks)["connect-four-disc-1"] == "#ff0000"  # its own
    # a theme built on another keeps that theme's choice for the game, as it keeps its other colours
    based = theme_from_dict({"name": "bright", "base": "high-contrast"}, "x", themes)[0]
    assert look_variables(based, looks)["connect-four-disc-1"] == "#ff0000"
    # a light theme with no value of its own takes the light colour
    paper = theme_from_dict({"name": "paper", "dark": False}, "x", themes)[0]
    assert look_variables(paper, looks)["connect-four-disc-1"] == look.colours["disc-1"]["light"]


def test_bad_game_overrides_are_reported_with_the_reason(home):
    _write_user_theme("badgame.json", {"games": {"connect-four": {"disc-0": "#zz0000"}}})
    _write_user_theme("typo.json", {"games": {"connect-four": {"disk-0": "#ff0000"}}})
    _write_user_theme("shape.json", {"games": ["connect-four"]})
    _write_user_theme("elsewhere.json", {"games": {"not-installed": {"piece-0": "#ff0000"}}})
    catalogue = load_themes()
    problems = "\n".join(catalogue.problems)
    assert "badgame.json: \"games\" -> \"connect-four\" -> \"disc-0\" is not a colour ('#zz0000')" in problems
    assert "typo.json: \"games\" -> \"connect-four\" has no colour 'disk-0' (its colours: disc-0" in problems
    assert "shape.json: \"games\" must be an object" in problems
    assert len(catalogue.problems) == 3
    assert "elsewhere" in catalogue.themes  # a game that is not installed is no error


async def test_a_bad_game_override_does_not_stop_the_game_from_drawing(home):
    _write_user_theme("badgame.json", {"games": {"connect-four": {"disc-0": 7}}})
    assert await _first_disc_background("dark") == Color.parse(_connect_four_look().colours["disc-0"]["dark"])


def test_a_games_glyphs_follow_the_glyph_setting():
    look = _connect_four_look()
    assert look.glyph("drop", UNICODE) == "▼" and look.glyph("drop", ASCII) == "v"
    plain = GameLook.from_data(glyphs={"mark": {"unicode": "x"}})
    assert plain.glyph("mark", ASCII) == "x"  # plain ASCII needs no second text


@pytest.mark.parametrize("colours,glyphs,reason", [
    ({"piece": {"dark": "#ffffff"}}, None, "no 'light' value"),
    ({"piece": {"dark": "#ffffff", "light": "#zz"}}, None, "is not a colour"),
    ({"piece": {"dark": "#ffffff", "light": "#000000", "sepia": "#888888"}}, None, "unknown kind 'sepia'"),
    ({"Piece 0": {"dark": "#ffffff", "light": "#000000"}}, None, "lower-case letters"),
    (None, {"mark": {"unicode": "●"}}, "needs an 'ascii' text"),
    (None, {"mark": {"unicode": "●", "ascii": "é"}}, "needs an 'ascii' text"),
    (None, {"mark": {"ascii": "o"}}, "no 'unicode' text"),
])
def test_a_wrong_look_is_refused_with_the_reason(colours, glyphs, reason):
    with pytest.raises(LookError, match=re.escape(reason)):
        GameLook.from_data(colours, glyphs, "toy.look")


def test_a_game_colour_set_as_a_plain_variable_must_be_a_colour_to_count(home):
    looks = {"connect-four": _connect_four_look()}
    themes = load_themes().themes
    odd = theme_from_dict({"name": "odd", "variables": {"connect-four-disc-0": "banana"}}, "x", themes)[0]
    assert look_variables(odd, looks)["connect-four-disc-0"] == looks["connect-four"].colours["disc-0"]["dark"]
