"""Tic Tac Toe view: a 3x3 board; arrows + Enter, digits 1-9, or a click on a cell."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from tui_games.ui.game_view import GameView, largest_fitting
from tui_games.ui.messages import CellClicked
from tui_games.ui.widgets.board_grid import BoardGrid

COLUMNS = "abc"

MARK_ART = {
    "unicode": {"X": "╲ ╱\n ╳ \n╱ ╲", "O": "╭─╮\n│ │\n╰─╯"},
    "ascii": {"X": "\\ /\n X \n/ \\", "O": "/-\\\n| |\n\\-/"},
}
"""Three-line drawings of the marks, by glyph set (the shapes differ, not only the colours)."""

BIG_MARK_ART = {
    "unicode": {"X": "╲   ╱\n ╲ ╱ \n  ╳  \n ╱ ╲ \n╱   ╲", "O": "╭───╮\n│   │\n│   │\n│   │\n╰───╯"},
    "ascii": {"X": "\\   /\n \\ / \n  X  \n / \\ \n/   \\", "O": "/---\\\n|   |\n|   |\n|   |\n\\---/"},
}
"""Five-line drawings of the marks for the larger boards of a big terminal."""

CELL_SIZES = ((9, 3), (13, 5), (17, 7))
"""Cell sizes (columns, lines) from 80x24 up; the view takes the largest that fits."""


class TicTacToeView(GameView):
    """Draws the board from ``state.board`` and ``state.winning_line()``; cells are actions 0-8."""

    KEYS_HELP = """\
- **Arrow keys** (or **h/j/k/l**) move the cursor, **Enter** or **Space** plays the cell under it.
- **1-9** play a cell directly (1 is the top left, 9 the bottom right, like a phone keypad read row by row).
- **Click** a cell to play it.
"""

    BINDINGS = [
        Binding("up,k", "cursor(0, -1)", "Up", show=False),
        Binding("down,j", "cursor(0, 1)", "Down", show=False),
        Binding("left,h", "cursor(-1, 0)", "Left", show=False),
        Binding("right,l", "cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "play_cursor", "Play", show=True),
        *[Binding(str(n), f"play_cell({n - 1})", f"Cell {n}", show=False) for n in range(1, 10)],
    ]

    BOARD_ID = "ttt-board"

    DEFAULT_CSS = """
    TicTacToeView { align: center middle; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.cursor = 4
        """The cell under the keyboard cursor (row-major 0-8)."""
        self.grid = BoardGrid(3, 3, *CELL_SIZES[0], id="ttt-board")

    def compose(self) -> ComposeResult:
        """The board."""
        yield self.grid

    def fit(self, width: int, height: int) -> bool:
        """Take the largest cells that fit the view."""
        cells = largest_fitting(CELL_SIZES, lambda size: self.grid.board_size(*size), width, height)
        return self.grid.set_cell_size(*cells)

    def _mark_art(self, mark: str) -> str:
        art = BIG_MARK_ART if self.grid.cell_height >= 5 else MARK_ART
        return art.get(self.glyphs.name, art["ascii"])[mark]

    def redraw(self) -> None:
        """Paint marks, the last move, the winning line, the hint and the cursor."""
        state = self.state
        board = state.board
        line = state.winning_line() or ()
        last = self.match.last_action
        for cell, mark in enumerate(board):
            states: set[str] = set()
            if mark == ".":
                text = f"{COLUMNS[cell % 3]}{cell // 3 + 1}"
                states.add("-empty")
            else:
                text = self._mark_art(mark)
                states.add("-seat-0" if mark == "X" else "-seat-1")
            if cell == last:
                states.add("-last")
            if cell in line:
                states.add("-win")
            if cell == self.hinted:
                states.add("-hint")
            if cell == self.cursor and not state.is_terminal:
                states.add("-cursor")
            self.grid.paint(cell, text, states)

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor, wrapping around the edges."""
        col, row = self.cursor % 3, self.cursor // 3
        self.cursor = (row + dy) % 3 * 3 + (col + dx) % 3
        if self.match is not None:
            self.redraw()

    def action_play_cursor(self) -> None:
        """Play the cell under the cursor."""
        self.choose(self.cursor)

    def action_play_cell(self, cell: int) -> None:
        """Play ``cell`` directly (digit keys)."""
        self.cursor = cell
        self.choose(cell)

    def on_cell_clicked(self, message: CellClicked) -> None:
        """A click plays the clicked cell."""
        message.stop()
        self.cursor = message.index
        self.focus()
        self.choose(message.index)
