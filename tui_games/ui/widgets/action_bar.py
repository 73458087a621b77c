"""A row of numbered action buttons (Hit, Stand, the 2048 arrows ...): digits, Enter or a click.

Where the buttons do not fit their container's width ('r Surr' at 80 columns), they close up: no
minimum width and no space inside, two columns between them, so no label is cut short.
"""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widgets import Button

from tui_games.ui.messages import ButtonAction


class ActionBar(Horizontal):
    """Shows one button per ``(action, label)``; pressing one posts ButtonAction(action)."""

    DEFAULT_CSS = """
    ActionBar {
        height: auto;
        width: auto;
        align-horizontal: center;
    }
    ActionBar Button {
        margin: 0 1;
        min-width: 8;
    }
    ActionBar.-tight Button {
        margin: 0 0 0 2;
        min-width: 0;
    }
    ActionBar Button.-hinted {
        text-style: bold underline;
        background: $success 40%;
    }
    """

    def __init__(self, *, numbered: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.numbered = numbered
        """Prefix each label with its digit key (1, 2 ...)."""
        self._actions: list[tuple[int, str]] = []

    @property
    def actions(self) -> list[tuple[int, str]]:
        """The (action, label) pairs shown, in order."""
        return list(self._actions)

    def show(self, actions: list[tuple[int, str]], hinted: int | None = None) -> None:
        """Show buttons for ``actions`` (rebuilt only when they change); mark the ``hinted`` one."""
        actions = list(actions)
        if actions != self._actions:
            self._actions = actions
            self.remove_children()
            self.mount_all([
                Button(f"{n} {label}" if self.numbered else label, name=str(action), compact=True,
                       classes=f"action-{action}")
                for n, (action, label) in enumerate(actions, 1)
            ])
        for button in self.query(Button):
            button.set_class(button.name == str(hinted), "-hinted")
        self.call_after_refresh(self._fit)

    def needed_width(self, tight: bool) -> int:
        """Columns the buttons take side by side, closed up (``tight``) or not."""
        labels = [len(button.label) for button in self.query(Button)]
        if tight:
            return sum(label + 2 for label in labels)
        return sum(max(8, label + 2) + 1 for label in labels) + 1  # neighbouring margins overlap

    def _fit(self) -> None:
        if self.parent is not None and self.is_attached:
            room = self.parent.content_region.width
            tight = 0 < room < self.needed_width(False)
            self.set_class(tight, "-tight")
            for button in self.query(Button):
                button.styles.width = len(button.label) if tight else None  # a Button pads its label itself
                button.styles.line_pad = 0 if tight else None  # (line-pad 0 cannot be written in CSS)

    def action_at(self, position: int) -> int | None:
        """The action of the ``position``-th button (1-based), if there is one."""
        if 1 <= position <= len(self._actions):
            return self._actions[position - 1][0]
        return None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Report the pressed button's action."""
        event.stop()
        self.post_message(ButtonAction(int(event.button.name or 0)))
