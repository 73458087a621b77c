"""The game-view protocol: one small widget per game that draws a match and picks moves.

A view never holds rules. It reads the live state through ``match.state`` (legal actions, the game's
read-only properties, ``action_to_string``) and reports the player's choice by posting
:class:`~tui_games.ui.messages.MoveChosen`; the game screen checks the turn and plays it.

Each game's ``tui_games/games/<pkg>/view.py`` defines ``VIEW``: a :class:`GameView` subclass. View
modules import only Textual and ``tui_games.ui`` (never the game's kernels), so the help screen may
import them from the menu without compiling anything.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.widget import Widget

from tui_games.ui.glyphs import UNICODE, Glyphs
from tui_games.ui.messages import MoveChosen


class GameView(Widget, can_focus=True):
    """Base class of every game's view: draws ``match.state`` and posts MoveChosen.

    Subclasses implement :meth:`update_from` and declare their keys in ``BINDINGS``; ``KEYS_HELP`` is
    the Markdown list of those keys that the rules screen shows.
    """

    KEYS_HELP: ClassVar[str] = ""
    """Markdown bullet list of this view's keys and mouse actions, for the rules screen."""

    DEFAULT_CSS = """
    GameView {
        width: 1fr;
        height: 1fr;
        align: center middle;
    }
    GameView.-flash .-last, GameView.-flash .-new,
    GameView.-flash BoardCell.-last, GameView.-flash BoardCell.-new {
        background: $accent 70%;
    }
    """

    FLASH_SECONDS: ClassVar[float] = 0.4
    """How long :meth:`flash` lights up the last move."""

    def __init__(self, glyphs: Glyphs = UNICODE, *, id: str | None = "game-view") -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        """The glyph set to draw with (Unicode or ASCII)."""
        self.match: Any = None
        """The match being shown (set by :meth:`update_from`)."""
        self.hinted: int | None = None
        """The action the last hint suggested, highlighted until the position changes."""

    def update_from(self, match: Any) -> None:
        """Redraw everything from ``match`` (its state, last action, observer seat)."""
        self.match = match
        self.redraw()

    def redraw(self) -> None:
        """Draw the current :attr:`match`; subclasses override."""

    def flash(self) -> None:
        """Light up the last move for a moment (only with the 'full' animation setting)."""
        self.add_class("-flash")
        self.set_timer(self.FLASH_SECONDS, lambda: self.remove_class("-flash"))

    def show_hint(self, action: int | None) -> None:
        """Highlight ``action`` as the suggested move (None clears it)."""
        self.hinted = action
        if self.match is not None:
            self.redraw()

    def set_glyphs(self, glyphs: Glyphs) -> None:
        """Switch the glyph set (a settings change) and redraw."""
        self.glyphs = glyphs
        if self.match is not None:
            self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Once the game is over the view's keys step aside (and leave the footer to n / q)."""
        if self.match is not None and self.match.is_over:
            return False
        return True

    def status_lines(self, match: Any) -> list[str]:
        """Extra lines for the side panel (score, bankroll ...); empty by default."""
        return []

    # ----- helpers for subclasses ---------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The live state of the shown match (read only: never mutate it)."""
        return self.match.state

    def legal(self) -> list[int]:
        """The legal actions now, or none when no human is to move."""
        if self.match is None or not self.match.human_to_move:
            return []
        return list(self.match.state.legal_actions())

    def choose(self, action: int) -> None:
        """Report the player's choice to the game screen."""
        self.post_message(MoveChosen(action))
