"""Othello view: an 8x8 board with its coordinates, legal-move dots, the last move and the discs it
turned over; arrows + Enter, typed coordinates (d then 3) or a click play a move."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from tui_games.games.othello.constants import PASS, SIZE
from tui_games.ui.game_view import GameView, largest_fitting
from tui_games.ui.messages import CellClicked
from tui_games.ui.widgets.board_grid import BoardGrid

COLUMNS = "abcdefgh"
MARKS = "XO"
CELL_SIZES = ((3, 1), (4, 2), (5, 2), (7, 3))
"""Cell sizes (columns, lines) from 80x24 up; the view takes the largest that fits."""


def grid_index(square: int) -> int:
    """The grid cell of board square ``square`` (the grid has a header row and column)."""
    return (square // SIZE + 1) * (SIZE + 1) + square % SIZE + 1


def square_name(square: int) -> str:
    """'a1' for 0 ... 'h8' for 63."""
    return f"{COLUMNS[square % SIZE]}{square // SIZE + 1}"


class OthelloView(GameView):
    """Draws ``state.cells``, the legal moves, ``state.last_move`` and ``state.flipped``; actions are
    squares 0-63 (a1 top left) and 64, the pass.

    Discs carry their letter (X black, O white) on the seat's colour, so the board reads the same
    without colour; a legal move is a dot, the last disc placed is framed by arrows and the discs it
    turned over are underlined.
    """

    KEYS_HELP = """\
- **Arrow keys** move the cursor, **Enter** or **Space** plays the square under it.
- **Type a square**: a column letter **a-h**, then a row **1-8** (`d` `3` plays d3).
- **Click** a square to play it; the dots mark the squares you may play.
- **p** (or **Enter**) passes when you have no move (the only time a pass is allowed).
"""

    BINDINGS = [
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "play_cursor", "Play", show=True),
        Binding("p", "pass_turn", "Pass", show=False),
        *[Binding(letter, f"column({i})", f"Column {letter}", show=False) for i, letter in enumerate(COLUMNS)],
        *[Binding(str(n), f"row({n - 1})", f"Row {n}", show=False) for n in range(1, SIZE + 1)],
    ]

    BOARD_ID = "othello-board"

    DEFAULT_CSS = """
    OthelloView { align: center middle; }
    OthelloView #othello-board { background: $othello-stone-0; }
    OthelloView .-felt { background: $othello-felt; }
    OthelloView .-stone-0 { background: $othello-stone-0; color: $othello-stone-ink-0; }
    OthelloView .-stone-1 { background: $othello-stone-1; color: $othello-stone-ink-1; }
    OthelloView .-stone-0.-last { background: $othello-stone-0; }
    OthelloView .-stone-1.-last { background: $othello-stone-1; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.cursor = 19
        """The square under the keyboard cursor (d3, a first move)."""
        self.typed_column: int | None = None
        """A column letter typed and waiting for its row digit."""
        width, height = CELL_SIZES[0]
        self.grid = BoardGrid(SIZE + 1, SIZE + 1, width, height, lined=False,
                              row_heights=self._row_heights(height), id="othello-board")

    @staticmethod
    def _row_heights(height: int) -> list[int]:
        return [1] + [height] * SIZE

    def compose(self) -> ComposeResult:
        """The board with its header row (a-h) and column (1-8)."""
        yield self.grid

    def fit(self, width: int, height: int) -> bool:
        """Take the largest cells that fit the view (the header row stays one line)."""
        cells = largest_fitting(
            CELL_SIZES, lambda size: self.grid.board_size(size[0], size[1], self._row_heights(size[1])),
            width, height)
        return self.grid.set_cell_size(cells[0], cells[1], self._row_heights(cells[1]))

    def redraw(self) -> None:
        """Paint the coordinates, the discs, the legal moves, the last move and its flips, the hint
        and the cursor."""
        state = self.state
        cells = state.cells
        legal = set(self.legal())
        last = state.last_move
        flipped = set(state.flipped)
        playable = not state.is_terminal
        self.grid.paint(0, "", {"-header"})
        for column in range(SIZE):
            active = playable and column == self.cursor % SIZE
            self.grid.paint(column + 1, COLUMNS[column], {"-header"} | ({"-cursor"} if active else set()))
        for row in range(SIZE):
            active = playable and row == self.cursor // SIZE
            self.grid.paint((row + 1) * (SIZE + 1), str(row + 1), {"-header"} | ({"-cursor"} if active else set()))
        for square in range(SIZE * SIZE):
            seat = cells[square // SIZE][square % SIZE]
            states: set[str] = set()
            if seat < 0:
                text = self.glyphs.empty if square in legal else " "
                states |= {"-felt", "-target" if square in legal else "-empty"}
            else:
                text = MARKS[seat]
                states.add(f"-stone-{seat}")
                if square == last:
                    text = f"{self.glyphs.arrows['right']}{text}{self.glyphs.arrows['left']}"
                    states.add("-last")
                elif square in flipped:
                    states.add("-new")
            if square == self.hinted:
                states.add("-hint")
            if square == self.cursor and playable:
                states.add("-cursor")
            self.grid.paint(grid_index(square), text, states)

    def status_lines(self, match) -> list[str]:
        """The disc count, and a note when the player to move must pass."""
        state = match.state
        black, white = state.disc_counts
        lines = [f"{match.spec.seat_name(0)} {black}  {match.spec.seat_name(1)} {white}"]
        if state.last_move == PASS and not state.is_terminal:
            lines.append(f"{match.spec.seat_name(1 - state.current_player)} had no move and passed")
        if not state.is_terminal and state.legal_actions() == [PASS]:
            note = ": press p or Enter" if match.human_to_move else ""
            lines.append(f"{match.spec.seat_name(state.current_player)} has no move and must pass{note}")
        return lines

    def _play(self, square: int) -> None:
        """Play ``square`` (the game screen refuses it, with the reason, if it is not legal)."""
        self.cursor = square
        self.typed_column = None
        if self.legal() == [PASS]:
            self.choose(PASS)
        else:
            self.choose(square)

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor, wrapping around the edges."""
        column, row = self.cursor % SIZE, self.cursor // SIZE
        self.cursor = (row + dy) % SIZE * SIZE + (column + dx) % SIZE
        self.typed_column = None
        if self.match is not None:
            self.redraw()

    def action_play_cursor(self) -> None:
        """Play the square under the cursor (or pass, when there is no move)."""
        self._play(self.cursor)

    def action_pass_turn(self) -> None:
        """Pass (allowed only when there is no move; otherwise the screen says why not)."""
        self.typed_column = None
        self.choose(PASS)

    def action_column(self, column: int) -> None:
        """A typed column letter: the cursor goes there and waits for the row."""
        self.typed_column = column
        self.cursor = self.cursor // SIZE * SIZE + column
        if self.match is not None:
            self.redraw()

    def action_row(self, row: int) -> None:
        """A typed row digit: after a column letter it plays that square, else it moves the cursor."""
        if self.typed_column is None:
            self.cursor = row * SIZE + self.cursor % SIZE
            if self.match is not None:
                self.redraw()
            return
        self._play(row * SIZE + self.typed_column)

    def on_cell_clicked(self, message: CellClicked) -> None:
        """A click on a square plays it (clicks on the coordinates do nothing)."""
        message.stop()
        row, column = divmod(message.index, SIZE + 1)
        if row == 0 or column == 0:
            return
        self.focus()
        self._play((row - 1) * SIZE + column - 1)

    def move_name(self, action: int) -> str:
        """'d3', or 'pass'."""
        return "pass" if action == PASS else square_name(action)
