"""Themes: the bundled theme files, a user's own theme file picked in the settings, broken files reported."""

from __future__ import annotations

import json

from textual.widgets import Select, Static

from tui_games.core.locations import bundled_themes_dir, user_themes_dir
from tui_games.store.settings import BUNDLED_THEMES, Settings, load_settings
from tui_games.ui.screens.settings import SettingsScreen
from tui_games.ui.themes import GAME_VARIABLES, ThemeFileError, load_themes, stylesheet_path, theme_from_dict
from ui_helpers import make_app

SIZE = (80, 24)


def _write_user_theme(name: str, content) -> None:
    folder = user_themes_dir()
    folder.mkdir(parents=True, exist_ok=True)
    text = content if isinstance(content, str) else json.dumps(content)
    (folder / name).write_text(text, encoding="utf-8")


def test_bundled_themes_are_read_from_the_top_level_themes_folder(home):
    assert bundled_themes_dir().name == "themes"
    assert (bundled_themes_dir().parent / "tui_games").is_dir()  # beside the package, not inside it
    assert stylesheet_path().endswith("themes/app.tcss")
    catalog = load_themes()
    assert catalog.problems == []
    assert list(catalog.themes)[:2] == ["dark", "light"]
    assert set(catalog.themes) == set(BUNDLED_THEMES)
    for theme in catalog.themes.values():
        assert set(GAME_VARIABLES) <= set(theme.variables), theme.name
    assert catalog.themes["light"].dark is False
    assert catalog.themes["ansi-16"].ansi is True
    assert catalog.label("colour-blind").startswith("Colour-blind")


def test_a_user_theme_inherits_what_it_leaves_out_from_its_base(home):
    _write_user_theme("Sunset.json", {"label": "Sunset", "primary": "#ff8700",
                                      "variables": {"seat-0": "#ffd700"}})
    catalog = load_themes()
    assert catalog.problems == []
    sunset = catalog.themes["sunset"]  # the file name, lower-cased, when the file names none
    assert sunset.primary == "#ff8700"
    assert sunset.variables["seat-0"] == "#ffd700"
    assert sunset.variables["seat-1"] == catalog.themes["dark"].variables["seat-1"]
    assert sunset.background == catalog.themes["dark"].background
    light_based = theme_from_dict({"name": "paper", "dark": False}, "x", catalog.themes)[0]
    assert light_based.background == catalog.themes["light"].background


def test_broken_user_theme_files_are_listed_with_the_reason(home):
    _write_user_theme("garbage.json", "{ not json")
    _write_user_theme("badcolour.json", {"primary": "#zz0000"})
    _write_user_theme("clash.json", {"name": "dark", "primary": "#ff0000"})
    _write_user_theme("typo.json", {"primry": "#ff0000"})
    _write_user_theme("array.json", [1, 2])
    _write_user_theme("deep.json", "[" * 100_000)
    _write_user_theme("good.json", {"primary": "#00ff00"})
    catalog = load_themes()
    problems = "\n".join(catalog.problems)
    assert "garbage.json: is not valid JSON" in problems
    assert "badcolour.json: \"primary\" is not a colour ('#zz0000')" in problems
    assert "clash.json: the name 'dark' is taken" in problems
    assert "typo.json: unknown key 'primry'" in problems
    assert "array.json: a theme file holds one JSON object" in problems
    assert "deep.json: is not valid JSON" in problems
    assert len(catalog.problems) == 6
    assert "good" in catalog.themes


def test_a_theme_without_base_must_define_every_game_colour():
    try:
        theme_from_dict({"primary": "#ff0000"}, "lonely", {})
    except ThemeFileError as error:
        assert "game colour" in str(error)
    else:
        raise AssertionError("a theme with no base and no game colours was accepted")


async def test_user_theme_is_listed_and_selectable_in_the_settings(home):
    _write_user_theme("sunset.json", {"label": "Sunset orange", "primary": "#ff8700"})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        themes = app.screen.query_one("#setting-theme", Select)
        labels = [str(option[0]) for option in themes._options]
        assert "Sunset orange" in labels
        themes.value = "sunset"
        await pilot.pause()
        assert app.theme == "sunset"
        assert app.current_theme.primary == "#ff8700"
    assert load_settings().theme == "sunset"


async def test_a_theme_file_dropped_in_while_running_is_offered_next_time_settings_open(home):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        _write_user_theme("late.json", {"label": "Late arrival", "primary": "#00afaf"})
        await pilot.press("o")
        await pilot.pause()
        labels = [str(option[0]) for option in app.screen.query_one("#setting-theme", Select)._options]
        assert "Late arrival" in labels


async def test_broken_theme_files_are_reported_in_the_settings_and_do_not_crash(home):
    _write_user_theme("garbage.json", "{ not json")
    _write_user_theme("badcolour.json", {"primary": "not-a-colour"})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        note = str(app.screen.query_one("#themes-note", Static).render())
        assert "Skipped badcolour.json" in note and "Skipped garbage.json" in note
        labels = [option[1] for option in app.screen.query_one("#setting-theme", Select)._options]
        assert "garbage" not in labels and "badcolour" not in labels


async def test_a_saved_theme_whose_file_is_gone_falls_back_to_the_default_with_a_note(home):
    from tui_games.ui.app import TuiGamesApp

    app = TuiGamesApp(settings=Settings(theme="vanished", animation="off"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "dark"
        assert any("Theme 'vanished' not found" in str(n.message) for n in app._notifications)


def test_the_readme_theme_example_is_a_valid_theme_file(home):
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**Your own theme**"):]
    begin = section.index("```json") + len("```json")
    example = section[begin:section.index("```", begin)]
    _write_user_theme("example.json", example)
    catalog = load_themes()
    assert catalog.problems == []
    assert catalog.themes["sunset"].primary == "#ff8700"
    assert catalog.label("sunset") == "Sunset (warm dark)"


async def test_opening_the_settings_keeps_the_name_of_a_missing_theme(home):
    from tui_games.store.settings import save_settings

    save_settings(Settings(theme="sunset", animation="off"))  # its file was removed (or is broken)
    app = make_app()
    app.settings = load_settings()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert app.theme == "dark"
    assert load_settings().theme == "sunset"  # back when the file is back
