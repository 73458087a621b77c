"""The rules screen: a game's help page (Markdown) plus the keys that play it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from tui_games.core.spec import GameSpec
from tui_games.ui import describe

GAME_KEYS = """\
- **u** undo (back to your previous turn), **y** redo
- **t** hint (tip): the strongest AI's suggestion, with the value of each move where it knows it
- **?** or **F1** these rules, **Ctrl+S** save, **o** settings, **q** or **Esc** save and leave to the menu
- **n** new game with the same players, once a game is over
"""
"""Keys every game screen has."""


def view_keys(spec: GameSpec) -> str:
    """The Markdown key list of the game's view (views import no kernels, so this is cheap)."""
    from tui_games.ui.views import view_class

    return view_class(spec).KEYS_HELP


def _has_section(markdown: str, *titles: str) -> bool:
    """True when ``markdown`` has a '## ' heading starting with one of ``titles`` (any case)."""
    headings = [line[3:].strip().lower() for line in markdown.splitlines() if line.startswith("## ")]
    return any(h.startswith(t.lower()) for h in headings for t in titles)


def rules_markdown(spec: GameSpec) -> str:
    """The full rules page: the game's help.md, then what it leaves out (AI levels, options, the
    view's keys), and always the keys every game screen has."""
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
        parts += [f"- **{p.name.replace('_', ' ')}**: {p.help} ({p.describe_range()}, default {p.default})"
                  for p in describe.listed_params(spec)]
    if not _has_section(body, "Keys", "Playing"):
        parts += ["", "## Keys", "", view_keys(spec).strip()]
    parts += ["", "## Game screen keys", "", GAME_KEYS.strip(), ""]
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
                yield Markdown(rules_markdown(self.spec), id="rules-text")
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
