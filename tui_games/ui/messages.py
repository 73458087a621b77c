"""Messages the UI's widgets and screens exchange."""

from __future__ import annotations

from textual.message import Message


class MoveChosen(Message):
    """A game view's player picked ``action`` (by key or click); the game screen plays it."""

    def __init__(self, action: int) -> None:
        super().__init__()
        self.action = int(action)
        """The chosen action id (one of the state's legal actions)."""


class CellClicked(Message):
    """A board cell was clicked: ``index`` is its position, row-major from the top left."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = int(index)
        """The cell's row-major index."""


class ButtonAction(Message):
    """An action button (Hit, Stand, a 2048 arrow ...) was pressed."""

    def __init__(self, action: int) -> None:
        super().__init__()
        self.action = int(action)
        """The action id the button stands for."""
