"""The hint panel: the suggested move, then every move's value, in a box that scrolls when long.

Moves that share a value are listed together under that value ("loses: heap 1 -1, heap 1 -2, ..."),
packed so that a line breaks only between moves, never inside a move's name; so even Nim's dozen
moves fit a small terminal, and whatever does not fit can be scrolled to.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.widgets import Static

ONE_PER_LINE = 4
"""Up to this many moves are listed one per line even when no two share a value."""


def packed(label: str, names: list[str], width: int) -> list[str]:
    """'label: a, b, c' as lines of at most ``width`` characters, broken only between names
    (continuation lines are indented by two spaces)."""
    lines = [f"{label}: "]
    for index, name in enumerate(names):
        piece = name + ("," if index < len(names) - 1 else "")
        line = lines[-1]
        fresh = line.endswith(": ") or line == "  "
        if fresh or len(line) + 1 + len(piece) <= width:
            lines[-1] = line + ("" if fresh else " ") + piece
        else:
            lines.append("  " + piece)
    return lines


def hint_text(view: Any, state: Any, hint: Any, width: int = 0) -> Text:
    """The panel's text for ``hint`` (best action, values per action, summary) in ``width`` columns
    (0: unknown); moves are named by ``view.move_name`` in the lists, in full in the headline."""
    text = Text()
    text.append("Hint: ", style="bold")
    text.append(state.action_to_string(hint.best), style="bold reverse")
    best_value = hint.values.get(hint.best)
    if best_value:
        text.append(f"  {best_value}")
    actions = sorted(hint.values)
    groups: dict[str, list[int]] = {}
    for action in actions:
        groups.setdefault(hint.values[action], []).append(action)
    if len(actions) > 1 and (len(groups) < len(actions) and len(actions) > ONE_PER_LINE):
        ordered = sorted(groups, key=lambda value: (hint.best not in groups[value], groups[value][0]))
        for value in ordered:
            mine = hint.best in groups[value]
            names = [view.move_name(a) for a in groups[value]]
            for line in packed(value, names, width) if width > 0 else [f"{value}: {', '.join(names)}"]:
                text.append("\n" + line, style="bold" if mine else "dim")
    elif len(actions) > 1:
        width = max(len(view.move_name(a)) for a in actions)
        for action in actions:
            text.append(f"\n{view.move_name(action):<{width}}  {hint.values[action]}",
                        style="bold" if action == hint.best else "dim")
    if hint.summary:
        text.append(f"\n{hint.summary}", style="dim italic")
    return text


class HintPanel(VerticalScroll):
    """Shows 'thinking...', a hint, or why there is none; hidden while there is nothing to show."""

    DEFAULT_CSS = """
    HintPanel { height: auto; scrollbar-size-vertical: 1; }
    HintPanel > Static { width: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._body = Static("", id="hint-text")
        self._shown: tuple[Any, Any, Any] | None = None  # (view, state, hint) to lay out again on resize

    def compose(self):
        """The hint's text."""
        yield self._body

    @property
    def text(self) -> str:
        """What the panel says now (plain text)."""
        return str(self._body.render())

    def clear(self) -> None:
        """Hide the panel."""
        self._shown = None
        self.display = False
        self._body.update("")

    def thinking(self) -> None:
        """Show that the hint is being worked out."""
        self._shown = None
        self.display = True
        self._body.update(Text("Hint: thinking...", style="italic"))
        self.scroll_home(animate=False)

    def failed(self, reason: str) -> None:
        """Say why there is no hint."""
        self._shown = None
        self.display = True
        self._body.update(Text(f"Hint unavailable: {reason}"))

    def show(self, view: Any, state: Any, hint: Any) -> None:
        """Show ``hint`` for ``state`` (see :func:`hint_text`)."""
        self._shown = (view, state, hint)
        self.display = True
        self._lay_out()
        self.scroll_home(animate=False)

    def _lay_out(self) -> None:
        if self._shown is not None:
            width = self.scrollable_content_region.width - 1  # room for a scroll bar
            self._body.update(hint_text(*self._shown, width))

    def on_resize(self, event: events.Resize) -> None:
        """Pack the lists again for the new width."""
        self._lay_out()
