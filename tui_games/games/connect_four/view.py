"""Connect Four view: column numbers over a 6x7 board; the cursor picks a column, Enter drops."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from tui_games.games.connect_four.constants import HEIGHT, WIDTH
from tui_games.ui.game_view import GameView, largest_fitting
from tui_games.ui.looks import look_of_package
from tui_games.ui.messages import CellClicked
from tui_games.ui.widgets.board_grid import BoardGrid

CELL_SIZES = ((5, 2), (7, 3), (9, 4))
"""Cell sizes (columns, lines) from 80x24 up; the view takes the largest that fits."""
MARKS = "XO"
LOOK = look_of_package(__package__)
"""The discs' colours and the drop marker (look.py)."""


class ConnectFourView(GameView):
    """Draws ``state.cells``, ``state.winning_cells`` and ``state.last_cell``; actions are columns 0-6.

    Discs are filled with the seat's colour and also carry the seat's letter (X or O), so the board
    reads the same without colour. The last disc dropped is framed by arrows.
    """

    KEYS_HELP = """\
- **Left/Right** move the drop marker, **Enter**, **Space** or **Down** drops a stone in that column.
- **1-7** drop in a column directly (1 is the leftmost).
- **Click** anywhere in a column (or on its number) to drop there.
"""

    BINDINGS = [
        Binding("left", "cursor(-1)", "Left", show=False),
        Binding("right", "cursor(1)", "Right", show=False),
        Binding("enter,space,down", "drop_cursor", "Drop", show=True),
        *[Binding(str(n), f"drop({n - 1})", f"Column {n}", show=False) for n in range(1, WIDTH + 1)],
    ]

    BOARD_ID = "c4-board"

    DEFAULT_CSS = """
    ConnectFourView { align: center middle; }
    ConnectFourView .-disc-0 { background: $connect-four-disc-0; color: $connect-four-disc-ink; }
    ConnectFourView .-disc-1 { background: $connect-four-disc-1; color: $connect-four-disc-ink; }
    ConnectFourView .-disc-0.-last { background: $connect-four-disc-0; }
    ConnectFourView .-disc-1.-last { background: $connect-four-disc-1; }
    ConnectFourView .-disc-0.-win, ConnectFourView .-disc-1.-win { text-style: bold reverse; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.cursor = WIDTH // 2
        """The column under the drop marker (0-6)."""
        width, height = CELL_SIZES[0]
        self.grid = BoardGrid(HEIGHT + 1, WIDTH, width, height, lined=False,
                              row_heights=[1] + [height] * HEIGHT, id="c4-board")

    def compose(self) -> ComposeResult:
        """The header row of column numbers and the board."""
        yield self.grid

    def fit(self, width: int, height: int) -> bool:
        """Take the largest cells that fit the view (the header row of numbers stays one line)."""
        cells = largest_fitting(
            CELL_SIZES, lambda size: self.grid.board_size(size[0], size[1], [1] + [size[1]] * HEIGHT),
            width, height)
        return self.grid.set_cell_size(cells[0], cells[1], [1] + [cells[1]] * HEIGHT)

    def redraw(self) -> None:
        """Paint the column header, the discs, the last drop, the winning line and the target cell."""
        state = self.state
        cells = state.cells
        heights = state.heights
        last = state.last_cell
        winning = set(state.winning_cells)
        playable = not state.is_terminal
        for column in range(WIDTH):
            marker = LOOK.glyph("drop", self.glyphs) if column == self.cursor and playable else " "
            header = {"-header"} | ({"-cursor"} if column == self.cursor and playable else set())
            if column == self.hinted:
                header.add("-hint")
            self.grid.paint(column, f"{marker}{column + 1}{marker}" if marker.strip() else str(column + 1), header)
        for row in range(HEIGHT):
            for column in range(WIDTH):
                seat = cells[row][column]
                states: set[str] = set()
                if seat < 0:
                    text = self.glyphs.empty
                    states.add("-empty")
                    target = playable and column == self.cursor and row == HEIGHT - 1 - heights[column]
                    if target:
                        states.add("-target")
                    if column == self.hinted and row == HEIGHT - 1 - heights[column]:
                        states.add("-hint")
                else:
                    text = MARKS[seat]
                    states.add(f"-disc-{seat}")
                    if (row, column) == last:
                        text = f"{self.glyphs.arrows['right']}{text}{self.glyphs.arrows['left']}"
                        states.add("-last")
                    if (row, column) in winning:
                        states.add("-win")
                self.grid.paint(WIDTH + row * WIDTH + column, text, states)

    def action_cursor(self, step: int) -> None:
        """Move the drop marker, wrapping around."""
        self.cursor = (self.cursor + step) % WIDTH
        if self.match is not None:
            self.redraw()

    def action_drop_cursor(self) -> None:
        """Drop a disc in the marked column."""
        self.choose(self.cursor)

    def action_drop(self, column: int) -> None:
        """Drop a disc in ``column`` (digit keys)."""
        self.cursor = column
        self.choose(column)

    def on_cell_clicked(self, message: CellClicked) -> None:
        """A click anywhere in a column drops there."""
        message.stop()
        self.cursor = message.index % WIDTH
        self.focus()
        self.choose(self.cursor)
