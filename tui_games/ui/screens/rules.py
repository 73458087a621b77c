"""The rules screen: a game's help page (Markdown) plus the keys that play it."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from tui_games.core.spec import GameSpec
from tui_games.ui import describe
from tui_games.ui.screens.game import GameScreen
from tui_games.ui.views import view_class

SCREEN_KEY_WORDS = {
    "game.undo": "undo: back to your previous turn",
    "game.redo": "redo what undo took back",
    "game.hint": "hint (tip): the strongest AI's suggestion, with the value of each move where it knows it",
    "game.rules": "these rules",
    "game.save": "save (every move is saved too)",
    "game.settings": "settings",
    "game.new_game": "once the game is over: a new game with the same players (at a table of many "
                     "hands or rounds: the next one)",
    "game.quit": "save and leave to the menu",
}
"""What each game-screen key does, by binding id, in the rules page's words."""

KEY_NAMES = {"question_mark": "?", "escape": "Esc", "enter": "Enter", "space": "Space", "tab": "Tab",
             "backspace": "Backspace", "delete": "Delete", "apostrophe": "'"}
"""How the rules page writes a key whose name is not what its cap shows."""


def key_name(key: str) -> str:
    """'?' for question_mark, 'Ctrl+S' for ctrl+s, 'F1' for f1; a letter or digit as it is."""
    *modifiers, last = key.split("+")
    if last in KEY_NAMES:
        name = KEY_NAMES[last]
    elif modifiers or re.fullmatch(r"f[0-9]+", last):
        name = last.upper()
    else:
        name = last
    return "+".join([*(modifier.capitalize() for modifier in modifiers), name])


def view_keys(spec: GameSpec) -> str:
    """The Markdown key list of the game's view (views import no kernels, so this is cheap)."""
    return view_class(spec).KEYS_HELP


def screen_keys(spec: GameSpec, keymap: dict[str, str] | None = None) -> list[tuple[list[str], str]]:
    """(keys, what they do) of each key the game screen adds to the view's, as they work in ``spec``'s
    game: undo and redo only where the game allows undo; a key remapped in ``keymap`` (binding id ->
    keys) as remapped; and where the view binds the same action itself (the cube's undo is Backspace,
    its u turns a face) the view's keys instead."""
    own: dict[str, list[str]] = {}
    for key, bindings in view_class(spec)._merged_bindings.key_to_bindings.items():
        for binding in bindings:
            own.setdefault(binding.action, []).append(key)
    listed: list[tuple[list[str], str]] = []
    seen: set[str] = set()
    for binding in GameScreen.BINDINGS:
        if not isinstance(binding, Binding) or binding.id not in SCREEN_KEY_WORDS or binding.id in seen:
            continue
        seen.add(binding.id)
        if binding.action in ("undo", "redo") and not spec.allow_undo:
            continue
        keys = own.get(binding.action) or (keymap or {}).get(binding.id, binding.key).split(",")
        listed.append((keys, SCREEN_KEY_WORDS[binding.id]))
    return listed


def screen_keys_markdown(spec: GameSpec, keymap: dict[str, str] | None = None) -> str:
    """:func:`screen_keys` as a Markdown list ('- **t** hint ...')."""
    return "\n".join(f"- {' or '.join(f'**{key_name(key)}**' for key in keys)} {words}"
                     for keys, words in screen_keys(spec, keymap))


def _has_section(markdown: str, *titles: str) -> bool:
    """True when ``markdown`` has a '## ' heading starting with one of ``titles`` (any case)."""
    headings = [line[3:].strip().lower() for line in markdown.splitlines() if line.startswith("## ")]
    return any(h.startswith(t.lower()) for h in headings for t in titles)


def rules_markdown(spec: GameSpec, keymap: dict[str, str] | None = None) -> str:
    """The full rules page: the game's help.md, then what it leaves out (AI levels, options), the
    view's keys and the game screen's keys (which :func:`screen_keys` takes from the real bindings).
    A help.md has no keys section of its own: the view's ``KEYS_HELP`` is the one list of its keys."""
    try:
        body = spec.help_text().strip()
    except (FileNotFoundError, OSError):
        body = f"# {spec.title}\n\n{spec.description}"
    parts = [body]
    if not _has_section(body, "AI levels", "Computer opponents"):
        parts += ["", "## AI levels", ""]
        parts += [f"{n}. **{spec.level_name(n)}**" for n in range(1, spec.max_level + 1)]
    if describe.listed_params(spec) and not _has_section(body, "Options", "Parameters"):
        parts += ["", "## Options", ""]
        parts += [f"- **{p.name.replace('_', ' ')}**: {p.help} ({describe.range_text(p)}, default {p.default})"
                  for p in describe.listed_params(spec)]
    parts += ["", "## Keys", "", view_keys(spec).strip()]
    parts += ["", "## Game screen keys", "", screen_keys_markdown(spec, keymap), ""]
    return "\n".join(parts)


class RulesScreen(ModalScreen[None]):
    """Shows :func:`rules_markdown` in a scrolling dialog; Esc, q or ? closes it."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss_rules", "Close", key_display="Esc"),
        Binding("up", "scroll(-1)", "Scroll up", show=False),
        Binding("down", "scroll(1)", "Scroll down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
    ]

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(classes="dialog-screen")
        self.spec = spec
        """The game whose rules are shown."""

    def compose(self) -> ComposeResult:
        """A framed dialog with the Markdown page."""
        with Vertical(id="rules-dialog", classes="dialog wide"):
            with VerticalScroll(id="rules-scroll"):
                yield Markdown(rules_markdown(self.spec, self.app.settings.keymap), id="rules-text")
            yield Static("[b]Esc[/b] close  ·  [b]↑↓ PgUp PgDn[/b] scroll", classes="dialog-keys")

    def on_mount(self) -> None:
        """Title the frame and focus the scroller."""
        dialog = self.query_one("#rules-dialog")
        dialog.border_title = f"Rules: {self.spec.title}"
        dialog.border_subtitle = describe.players_text(self.spec)
        self.query_one("#rules-scroll").focus()

    def action_scroll(self, lines: int) -> None:
        """Scroll the page by ``lines``."""
        self.query_one("#rules-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_dismiss_rules(self) -> None:
        """Close the rules."""
        self.dismiss(None)
