"""Settings persist, and unreadable or out-of-range values fall back to defaults."""

from tui_games.core.locations import settings_file
from tui_games.store.settings import Settings, load_settings, save_settings


def test_defaults_when_nothing_saved(home):
    assert load_settings() == Settings()


def test_round_trip(home):
    save_settings(Settings(theme="light", glyphs="ascii", animation="off", ai_think_time=2.5))
    assert load_settings() == Settings("light", "ascii", "off", 2.5)


def test_damaged_or_unknown_values_fall_back(home):
    path = settings_file()
    path.parent.mkdir(parents=True)
    path.write_text('{"theme": "neon", "glyphs": "ascii", "ai_think_time": "fast", "colour": 1}')
    assert load_settings() == Settings(glyphs="ascii")
    path.write_text("garbage")
    assert load_settings() == Settings()
