"""Settings: theme, glyphs, colour, animation level and AI move pace, applied and saved on every change.

The theme list holds the bundled themes and the user's theme files (re-read each time the screen
opens); a theme file that cannot be used is listed with the reason instead.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.validation import Number
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

from tui_games.core.locations import user_themes_dir
from tui_games.store.settings import ANIMATIONS, COLOURS, GLYPHS

GLYPH_LABELS = {"unicode": "Unicode (symbols, box lines)", "ascii": "Plain ASCII (any terminal or font)"}
"""How the glyph choices read."""

COLOUR_LABELS = {"auto": "Auto (monochrome if NO_COLOR is set)", "full": "Full colour",
                 "monochrome": "Monochrome (shades of grey)"}
"""How the colour modes read."""

ANIMATION_LABELS = {"full": "Full (AI moves flash, spinners)", "reduced": "Reduced (spinners only)",
                    "off": "Off (no spinners or motion)"}
"""How the animation levels read."""

PACE_HELP = "seconds (0.1-30): the least time an AI move is shown; half that when an AI follows an AI"
"""What the AI move pace means, beside its field."""

SAVED_NOTE = "Changes apply at once and are saved."
"""The note under the form."""


class SettingsScreen(Screen):
    """A form whose every change is applied and saved at once."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", key_display="Esc")]

    def __init__(self) -> None:
        super().__init__()

    def compose(self) -> ComposeResult:
        """Header, the form, footer."""
        settings = self.app.settings
        catalogue = self.app.reload_themes()
        themes = [(catalogue.label(name), name) for name in catalogue.themes]
        yield Header()
        with Vertical(id="settings-form"):
            with Horizontal(classes="form-row"):
                yield Label("Theme", classes="form-label")
                current = self.app.theme if self.app.theme in catalogue.themes else themes[0][1]
                yield Select(themes, value=current, allow_blank=False, compact=True, id="setting-theme")
            with Horizontal(classes="form-row"):
                yield Label("Glyphs", classes="form-label")
                yield Select([(GLYPH_LABELS.get(g, g), g) for g in GLYPHS], value=settings.glyphs,
                             allow_blank=False, compact=True, id="setting-glyphs")
            with Horizontal(classes="form-row"):
                yield Label("Colour", classes="form-label")
                yield Select([(COLOUR_LABELS.get(c, c), c) for c in COLOURS], value=settings.colour,
                             allow_blank=False, compact=True, id="setting-colour")
            with Horizontal(classes="form-row"):
                yield Label("Animation", classes="form-label")
                yield Select([(ANIMATION_LABELS.get(a, a), a) for a in ANIMATIONS], value=settings.animation,
                             allow_blank=False, compact=True, id="setting-animation")
            with Horizontal(classes="form-row", id="pace-row"):
                yield Label("AI move pace", classes="form-label")
                yield Input(f"{settings.ai_think_time:g}", compact=True, id="setting-think",
                            validators=[Number(0.1, 30.0)])
                yield Static(PACE_HELP, classes="form-help")
            with Horizontal(classes="form-row"):
                yield Label("Keys", classes="form-label")
                yield Button("Remap keys...", compact=True, id="open-keys")
            yield Static(SAVED_NOTE, id="settings-note")
            yield Static(self._themes_note(catalogue), id="themes-note")
        yield Footer()

    @staticmethod
    def _themes_note(catalogue) -> Text:
        text = Text(f"Your own themes: JSON files in {user_themes_dir()} (see the README).",
                    style="dim")
        for problem in catalogue.problems[:3]:
            text.append(f"\nSkipped {problem}", style="bold")
        if len(catalogue.problems) > 3:
            text.append(f"\n... and {len(catalogue.problems) - 3} more", style="bold")
        return text

    def on_mount(self) -> None:
        """Focus the theme list."""
        self.sub_title = "Settings"
        self.query_one("#pace-row").styles.height = "auto"  # its help takes two lines at 80 columns
        self.query_one("#setting-theme").focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Apply and save a changed choice."""
        name = (event.select.id or "").removeprefix("setting-")
        if name not in ("theme", "glyphs", "colour", "animation") or event.value is Select.BLANK:
            return
        # the theme in use, not the saved name: a missing theme file must not be forgotten on opening
        current = self.app.theme if name == "theme" else getattr(self.app.settings, name)
        if event.value != current:
            self.app.change_setting(name, str(event.value))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Apply and save a valid AI move pace."""
        if event.input.id != "setting-think" or not event.validation_result:
            return
        if event.validation_result.is_valid:
            self.app.change_setting("ai_think_time", float(event.value))
            self.query_one("#settings-note", Static).update(SAVED_NOTE)
        else:
            self.query_one("#settings-note", Static).update(
                "[b]The AI move pace must be a number of seconds from 0.1 to 30.[/b]")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The 'Remap keys' button."""
        if event.button.id == "open-keys":
            self.action_keys()

    def action_keys(self) -> None:
        """Open the key map."""
        self.app.open_keys()
