"""Settings: theme (applied live), glyphs, animation level and AI think time; saved on every change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.validation import Number
from textual.widgets import Footer, Header, Input, Label, Select, Static

from tui_games.store.settings import ANIMATIONS, GLYPHS, THEMES

THEME_LABELS = {
    "dark": "Dark",
    "light": "Light",
    "high-contrast": "High contrast",
    "colour-blind": "Colour-blind safe (Okabe-Ito)",
    "ansi-16": "ANSI 16 colours (your terminal's palette)",
}
"""How the theme names read in the list."""

GLYPH_LABELS = {"unicode": "Unicode symbols (♠ ● ▼)", "ascii": "Plain ASCII (S o v)"}
"""How the glyph choices read."""

ANIMATION_LABELS = {"full": "Full (AI moves flash, spinners)", "reduced": "Reduced (spinners only)",
                    "off": "Off (no spinners or motion)"}
"""How the animation levels read."""


class SettingsScreen(Screen):
    """A form whose every change is applied and saved at once."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", key_display="Esc")]

    def __init__(self) -> None:
        super().__init__()

    def compose(self) -> ComposeResult:
        """Header, the form, footer."""
        settings = self.app.settings
        yield Header()
        with Vertical(id="settings-form"):
            with Horizontal(classes="form-row"):
                yield Label("Theme", classes="form-label")
                yield Select([(THEME_LABELS.get(t, t), t) for t in THEMES], value=settings.theme,
                             allow_blank=False, compact=True, id="setting-theme")
            with Horizontal(classes="form-row"):
                yield Label("Glyphs", classes="form-label")
                yield Select([(GLYPH_LABELS.get(g, g), g) for g in GLYPHS], value=settings.glyphs,
                             allow_blank=False, compact=True, id="setting-glyphs")
            with Horizontal(classes="form-row"):
                yield Label("Animation", classes="form-label")
                yield Select([(ANIMATION_LABELS.get(a, a), a) for a in ANIMATIONS], value=settings.animation,
                             allow_blank=False, compact=True, id="setting-animation")
            with Horizontal(classes="form-row"):
                yield Label("AI think time", classes="form-label")
                yield Input(f"{settings.ai_think_time:g}", compact=True, id="setting-think",
                            validators=[Number(0.1, 30.0)])
                yield Static("seconds (0.1-30) per AI move, at least",
                             classes="form-help")
            yield Static("Changes apply at once and are saved.", id="settings-note")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the theme list."""
        self.sub_title = "Settings"
        self.query_one("#setting-theme").focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Apply and save a changed choice."""
        name = (event.select.id or "").removeprefix("setting-")
        if name in ("theme", "glyphs", "animation") and event.value is not Select.BLANK:
            self.app.change_setting(name, str(event.value))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Apply and save a valid think time."""
        if event.input.id != "setting-think" or not event.validation_result:
            return
        if event.validation_result.is_valid:
            self.app.change_setting("ai_think_time", float(event.value))
            self.query_one("#settings-note", Static).update("Changes apply at once and are saved.")
        else:
            self.query_one("#settings-note", Static).update(
                "[b]AI think time must be a number of seconds from 0.1 to 30.[/b]")
