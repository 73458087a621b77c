"""Settings persist, and unreadable or out-of-range values fall back to defaults."""

from tui_games.core.locations import settings_file
from tui_games.store.settings import Settings, load_settings, save_settings


def test_defaults_when_nothing_saved(home):
    assert load_settings() == Settings()


def test_round_trip(home):
    saved = Settings(theme="light", glyphs="ascii", animation="off", ai_think_time=2.5, colour="monochrome",
                     keymap={"game.hint": "h,f2"})
    save_settings(saved)
    assert load_settings() == saved


def test_damaged_or_unknown_values_fall_back(home):
    path = settings_file()
    path.parent.mkdir(parents=True)
    path.write_text('{"theme": "Neon Lights!", "glyphs": "ascii", "ai_think_time": "fast", "colour": 1, '
                    '"keymap": ["h"], "volume": 11}')
    assert load_settings() == Settings(glyphs="ascii")
    path.write_text("garbage")
    assert load_settings() == Settings()
    path.write_text('{"ai_think_time": 1e999}')
    assert load_settings().ai_think_time == 30.0
    path.write_text("[" * 100_000)
    assert load_settings() == Settings()


def test_a_user_theme_name_is_kept_for_the_app_to_look_up(home):
    save_settings(Settings(theme="solarized-dusk"))
    assert load_settings().theme == "solarized-dusk"


def test_keymap_keeps_well_formed_entries_only(home):
    path = settings_file()
    path.parent.mkdir(parents=True)
    path.write_text('{"keymap": {"game.hint": "H, F2", "menu.resume": "", "game.undo": 5, "bad id!": "x", '
                    '"game.redo": "ctrl+y"}}')
    assert load_settings().keymap == {"game.hint": "h,f2", "game.redo": "ctrl+y"}
