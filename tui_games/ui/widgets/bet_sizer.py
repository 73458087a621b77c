"""The no-limit bet-size control: a box for the amount ('raise to' chips) and presets for the
smallest raise, half the pot, the pot and all in.

The view that owns it says what each preset is worth now (:meth:`BetSizer.set_presets`) and raises
by the amount the control holds; a preset or a typed digit only changes the amount, so nothing is
bet by a stray key. The amount box takes digits only; Enter in it asks for the raise, Esc hands the
keys back to the table.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input

PRESETS = (("m", "min", "Min"), ("h", "half", "1/2 pot"), ("p", "pot", "Pot"), ("a", "all", "All in"))
"""The presets as (key letter, name, label), in the order they are shown."""
PRESET_KEYS = {key: name for key, name, _ in PRESETS}
"""The preset each key letter picks."""
MAX_DIGITS = 6
"""The longest amount the box takes."""


class AmountBox(Input):
    """The amount box: digits only; Esc gives the keys back to the view around it."""

    BINDINGS = [Binding("escape", "leave_box", "Back to the table", show=False)]

    def action_leave_box(self) -> None:
        """Focus the nearest focusable widget around the box (the game view)."""
        for node in self.ancestors:
            if isinstance(node, Widget) and node.can_focus:
                node.focus()
                return


class BetSizer(Horizontal):
    """The amount box and the preset buttons ('m Min', 'h 1/2 pot', 'p Pot', 'a All in')."""

    DEFAULT_CSS = """
    BetSizer { height: auto; width: auto; align-horizontal: center; }
    BetSizer AmountBox { width: 9; margin: 0 1; }
    BetSizer AmountBox.-refused { background: $error 40%; }
    BetSizer Button { margin: 0 1; min-width: 5; }
    """

    class AmountChanged(Message):
        """The amount in the box changed (``amount`` None when the box is empty)."""

        def __init__(self, amount: int | None) -> None:
            super().__init__()
            self.amount = amount
            """The 'raise to' chips now in the box, or None."""

    class RaiseAsked(Message):
        """Enter was pressed in the amount box: raise to ``amount`` (None when the box is empty)."""

        def __init__(self, amount: int | None) -> None:
            super().__init__()
            self.amount = amount
            """The 'raise to' chips in the box, or None."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.box = AmountBox(placeholder="chips", restrict=r"[0-9]*", max_length=MAX_DIGITS, compact=True,
                             id="bet-amount", select_on_focus=False)
        self.presets: dict[str, int] = {}
        """Each preset's 'raise to' chips now (by name: min, half, pot, all)."""

    def compose(self) -> ComposeResult:
        """The box, then a button per preset."""
        yield self.box
        for key, name, label in PRESETS:
            yield Button(f"{key} {label}", name=name, compact=True, classes=f"preset-{name}")

    @property
    def amount(self) -> int | None:
        """The chips in the box, or None when it is empty."""
        return int(self.box.value) if self.box.value.isdigit() else None

    def set_amount(self, amount: int) -> None:
        """Put ``amount`` in the box (posts AmountChanged)."""
        self.box.value = str(amount)
        self.box.cursor_position = len(self.box.value)

    def set_presets(self, presets: dict[str, int]) -> None:
        """What each preset ('min', 'half', 'pot', 'all') is worth now."""
        self.presets = dict(presets)

    def pick(self, name: str) -> None:
        """Put the preset ``name``'s amount in the box."""
        if name in self.presets:
            self.set_amount(self.presets[name])

    def type_digit(self, digit: str) -> None:
        """Start a new amount with ``digit`` and give the box the keys for the rest."""
        self.box.value = digit
        self.box.cursor_position = len(digit)
        self.box.focus()

    def refuse(self) -> None:
        """Mark the amount as refused (until it changes)."""
        self.box.add_class("-refused")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A preset button puts its amount in the box."""
        event.stop()
        self.pick(event.button.name or "")

    def on_input_changed(self, event: Input.Changed) -> None:
        """Report the new amount."""
        event.stop()
        self.box.remove_class("-refused")
        self.post_message(self.AmountChanged(self.amount))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the box asks for the raise."""
        event.stop()
        self.post_message(self.RaiseAsked(self.amount))


__all__ = ["AmountBox", "BetSizer", "MAX_DIGITS", "PRESETS", "PRESET_KEYS"]
