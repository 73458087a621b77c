"""The game-view protocol: one small widget per game that draws a match and picks moves.

A view never holds rules. It reads the live state through ``match.state`` (legal actions, the game's
read-only properties, ``action_to_string``) and reports the player's choice by posting
:class:`~tui_games.ui.messages.MoveChosen`; the game screen checks the turn and plays it.

Each game's ``tui_games/games/<pkg>/view.py`` holds a :class:`GameView` subclass, which the game's
catalogue entry names (``GameSpec.view``). View modules import only Textual and ``tui_games.ui`` (never the game's kernels), so the help screen may
import them from the menu without compiling anything.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Sequence, TypeVar

from textual import events
from textual.widget import Widget

from tui_games.ui.glyphs import UNICODE, Glyphs
from tui_games.ui.messages import MoveChosen


_Option = TypeVar("_Option")

BOARD_MARGIN = 2
"""Columns and rows a scaled board leaves free around it."""


def largest_fitting(options: Sequence[_Option], need: Callable[[_Option], tuple[int, int]],
                    width: int, height: int) -> _Option:
    """The last of ``options`` (smallest first) whose ``need(option)`` (width, height) fits in
    ``width`` x ``height`` with :data:`BOARD_MARGIN` to spare; the first when none does."""
    chosen = options[0]
    for option in options:
        needed_width, needed_height = need(option)
        if needed_width + BOARD_MARGIN <= width and needed_height + BOARD_MARGIN <= height:
            chosen = option
    return chosen


class GameView(Widget, can_focus=True):
    """Base class of every game's view: draws ``match.state`` and posts MoveChosen.

    Subclasses implement :meth:`update_from` and declare their keys in ``BINDINGS``; ``KEYS_HELP`` is
    the Markdown list of those keys that the rules screen shows.
    """

    KEYS_HELP: ClassVar[str] = ""
    """Markdown bullet list of this view's keys and mouse actions, for the rules screen."""

    BOARD_ID: ClassVar[str] = ""
    """The id of the widget that draws the board, in a view whose :meth:`fit` scales the board to the
    terminal (the layout tests measure it there); empty where the board keeps one size."""

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
        self.consult = None
        """``consult(state, level, done, failed)``: ask an AI level's hint at any position of the game,
        answered on the screen's loop (see :meth:`Table.consult <tui_games.table.Table.consult>`); set by
        the game screen, None where no AI may be asked (a room)."""

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

    def on_resize(self, event: events.Resize) -> None:
        """Let the board take the room the view has now (see :meth:`fit`)."""
        if self.fit(event.size.width, event.size.height) and self.match is not None:
            self.redraw()

    def fit(self, width: int, height: int) -> bool:
        """Scale the board to a view of ``width`` x ``height``; True when it changed. Views whose
        board can grow override this (a bigger terminal, bigger cells); the default keeps it."""
        return False

    def move_name(self, action: int) -> str:
        """A short name of ``action`` for the move log and the hint's lists (the state's own name by
        default; a view whose names run long gives shorter ones)."""
        return self.state.action_to_string(action)

    def log_lines(self, match: Any, moves_only: bool = False) -> list[str]:
        """The move log's lines as the shown seat may read them, in 'Seat: short name' where the view
        names moves; ``moves_only`` leaves chance outcomes out while the game runs."""
        short = None if type(self).move_name is GameView.move_name else self.move_name
        return match.visible_log(moves_only=moves_only, name=short)

    # ----- helpers for subclasses ---------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The shown match's state as the seat being shown may see it (a read-only copy with what that
        seat may not see redacted: views never draw the whole state)."""
        return self.match.shown_state()

    def legal(self) -> list[int]:
        """The legal actions now (of the human choosing at a simultaneous node), or none when no human
        is to move."""
        if self.match is None:
            return []
        if self.match.choosing_human is not None:
            return list(self.match.state.legal_actions(self.match.choosing_human))
        if not self.match.human_to_move:
            return []
        return list(self.match.state.legal_actions())

    def choose(self, action: int) -> None:
        """Report the player's choice to the game screen."""
        self.post_message(MoveChosen(action))
