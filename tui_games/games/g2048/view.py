"""2048 view: a 4x4 board of numbered tiles; arrows or WASD slide, arrow buttons for the mouse.

A slide that moves nothing is refused on the line under the board, for a few seconds: the next
refusal replaces the note rather than piling up notices over the board.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from tui_games.games.g2048.constants import DOWN, LEFT, RIGHT, UP
from tui_games.ui.game_view import GameView, largest_fitting
from tui_games.ui.messages import ButtonAction, CellClicked
from tui_games.ui.widgets.action_bar import ActionBar
from tui_games.ui.widgets.board_grid import BoardGrid

DIRECTIONS = ("up", "right", "down", "left")
CELL_SIZES = ((7, 3), (9, 4), (11, 5), (13, 6))
"""Tile sizes (columns, lines) from 80x24 up; the view takes the largest that fits."""
ARROW_LINES = 2
"""Lines under the board: the refusal note (blank when there is none) and the arrow buttons."""
NOTE_SECONDS = 3.0
"""How long a refused slide's note stays under the board."""


def tile_class(value: int) -> str:
    """The colour band of a tile: -tile-1 (2, 4) up to -tile-6 (2048 and beyond)."""
    exponent = value.bit_length() - 1
    return f"-tile-{min(6, max(1, (exponent + 1) // 2))}"


class G2048View(GameView):
    """Draws ``state.cells`` (values, 0 empty); the newest tile is underlined; actions 0-3 slide."""

    KEYS_HELP = """\
- **Arrow keys**, **w a s d** or vi's **h j k l** slide every tile that way (**w**/**k** up, **a**/**h**
  left, **s**/**j** down, **d**/**l** right).
- **Click** an arrow button under the board, or click a cell near an edge to slide towards it.
"""

    BINDINGS = [
        Binding("up,w,k", f"slide({UP})", "Up", show=False),
        Binding("right,d,l", f"slide({RIGHT})", "Right", show=False),
        Binding("down,s,j", f"slide({DOWN})", "Down", show=False),
        Binding("left,a,h", f"slide({LEFT})", "Left", show=False),
    ]

    BOARD_ID = "g2048-board"

    DEFAULT_CSS = """
    G2048View { align: center middle; }
    G2048View #g2048-box { width: auto; height: auto; align-horizontal: center; }
    G2048View #g2048-note { width: auto; height: 1; color: $warning; text-style: bold; }
    G2048View .-tile-1 { background: $2048-tile-1; color: auto 90%; }
    G2048View .-tile-2 { background: $2048-tile-2; color: auto 90%; }
    G2048View .-tile-3 { background: $2048-tile-3; color: auto 90%; }
    G2048View .-tile-4 { background: $2048-tile-4; color: auto 90%; }
    G2048View .-tile-5 { background: $2048-tile-5; color: auto 90%; }
    G2048View .-tile-6 { background: $2048-tile-6; color: auto 90%; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.grid = BoardGrid(4, 4, *CELL_SIZES[0], id="g2048-board")
        self.arrows = ActionBar(numbered=False, id="g2048-arrows")
        self.note = Static("", id="g2048-note")
        """The line under the board that says why a slide was refused (empty otherwise)."""
        self._note_timer = None

    def compose(self) -> ComposeResult:
        """The board, the refusal note and the arrow buttons."""
        with Vertical(id="g2048-box"):
            yield self.grid
            yield self.note
            yield self.arrows

    def fit(self, width: int, height: int) -> bool:
        """Take the largest tiles that fit the view with the arrow buttons under the board."""
        def need(size: tuple[int, int]) -> tuple[int, int]:
            board_width, board_height = self.grid.board_size(*size)
            return board_width, board_height + ARROW_LINES

        return self.grid.set_cell_size(*largest_fitting(CELL_SIZES, need, width, height))

    def redraw(self) -> None:
        """Paint the tiles, mark the newest one, show the arrow buttons for the legal slides."""
        state = self.state
        spawn = state.last_spawn
        for cell, value in enumerate(state.cells):
            if value == 0:
                self.grid.paint(cell, self.glyphs.empty, {"-empty"})
                continue
            states = {tile_class(value)}
            if cell == spawn:
                states.add("-new")
            self.grid.paint(cell, str(value), states)
        legal = set(self.legal())
        arrows = self.glyphs.arrows
        self.arrows.show([(a, f"{arrows[DIRECTIONS[a]]} {DIRECTIONS[a].capitalize()}")
                          for a in (LEFT, UP, DOWN, RIGHT) if a in legal], hinted=self.hinted)

    def status_lines(self, match) -> list[str]:
        """Score, biggest tile and the last move's gain."""
        state = match.state
        lines = [f"Score  {state.score}", f"Best tile  {state.max_tile}"]
        if state.last_move is not None:
            lines.append(f"Last: {DIRECTIONS[state.last_move]} +{state.last_gain}")
        if state.won:
            lines.append("2048 reached!")
        return lines

    def choose(self, action: int) -> None:
        """Play a slide; one that moves nothing is refused on the note line instead."""
        match = self.match
        if match is not None and match.human_to_move and action not in self.legal():
            self._refuse(f"{DIRECTIONS[action].capitalize()} moves nothing")
            return
        self._clear_note()
        super().choose(action)

    def _refuse(self, reason: str) -> None:
        if self._note_timer is not None:
            self._note_timer.stop()
        self.note.update(reason)
        self._note_timer = self.set_timer(NOTE_SECONDS, self._clear_note)

    def _clear_note(self) -> None:
        if self._note_timer is not None:
            self._note_timer.stop()
            self._note_timer = None
        self.note.update("")

    def action_slide(self, direction: int) -> None:
        """Slide towards ``direction`` (0 up, 1 right, 2 down, 3 left)."""
        self.choose(direction)

    def on_button_action(self, message: ButtonAction) -> None:
        """An arrow button slides."""
        message.stop()
        self.choose(message.action)

    def on_cell_clicked(self, message: CellClicked) -> None:
        """A click on an edge cell slides towards that edge (corners: the nearer direction is rows)."""
        message.stop()
        self.focus()
        row, column = divmod(message.index, 4)
        if row == 0:
            self.choose(UP)
        elif row == 3:
            self.choose(DOWN)
        elif column == 0:
            self.choose(LEFT)
        elif column == 3:
            self.choose(RIGHT)
