"""Yavalath view: the hexagon of 61 cells with offset rows, row letters down both sides and the cell
numbers of the top and bottom rows; the last stone in brackets, the winning four between ``*`` marks,
a losing three between ``!`` marks, the cells a forced block allows tinted, and a line under the board
naming the cell under the cursor and what a stone there would make.

Stones are drawn with their seats' marks (● ■ ▲, ``o # ^`` in ASCII), the shapes the seats panel
shows. Keys: arrows move the cursor, Enter or Space plays; a row letter (a-i) then the cell's number
plays that cell (``e`` ``5``); s swaps when the pie rule allows it; a click plays the clicked cell.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from tui_games.games.yavalath.constants import SWAP_ACTION
from tui_games.ui.game_view import BOARD_MARGIN, GameView
from tui_games.ui.messages import CellClicked
from tui_games.ui.seat_marks import seat_mark
from tui_games.ui.widgets.hex_board import HexBoard, HexLayout, nearest_in_row, step_cursor

ROW_LETTERS = "abcdefghi"
"""Row names from the top (the game's cell names: 'e5' is the fifth cell of row e)."""
MARGIN = 4
"""Columns left and right of the cells: a bracket or marker, a space, the row letter and a space."""
FOUR_MARK, THREE_MARK = "*", "!"
"""The marks either side of the stones of a winning four and of a losing three."""
NOTE_LINES = 1
"""The line under the board."""


def stone_mark(seat: int, glyphs) -> str:
    """The board mark of ``seat``'s stones: the seat's shape (● ■ ▲, or o # ^ in ASCII)."""
    return seat_mark(seat, glyphs).shape


class YavalathView(GameView):
    """Draws ``state.owners`` on ``state.grid`` (the hexagon), the last stone, the decisive lines and
    the forced block; actions are cells 0-60 in reading order and 61, the swap."""

    KEYS_HELP = """\
- **Arrow keys** move the cursor (Up and Down keep to the same column as near as the rows allow);
  **Enter** or **Space** plays the cell under it.
- **Type a cell**: its row letter (a-i, top to bottom), then its number in the row counted from the
  left (`e` `5` plays the centre). A number alone moves the cursor along its row.
- **s** swaps (the pie rule, two players): as Black's first move, take White's first stone as yours.
- **Click** a cell to play it. The line under the board names the cell under the cursor and warns when
  a stone there would make three (you lose) or four (you win).
"""

    BINDINGS = [
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "play_cursor", "Play", show=True),
        Binding("s", "swap", "Swap", show=False),
        *[Binding(letter, f"row({i})", f"Row {letter}", show=False) for i, letter in enumerate(ROW_LETTERS)],
        *[Binding(str(d), f"number({d})", f"Number {d}", show=False) for d in range(1, 10)],
    ]

    BOARD_ID = "yavalath-board"

    DEFAULT_CSS = """
    YavalathView { align: center middle; }
    YavalathView #yavalath-box { width: auto; height: auto; }
    YavalathView #yavalath-note { width: auto; height: 1; padding: 0 1; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.cursor = 30
        """The cell under the keyboard cursor (the centre, e5, at first)."""
        self.column: int | None = None
        """The drawn column (in half cells) Up and Down aim for, kept while moving up and down."""
        self.typed_row: int | None = None
        """A row letter typed and waiting for the cell's number."""
        self.step = 4
        """Characters per cell along a row: 4, or 2 where the view is narrow."""
        self._room = (80, 24)
        self.board = HexBoard(HexLayout((), 1, 1), id="yavalath-board")

    def compose(self) -> ComposeResult:
        """The board and the line naming the cursor's cell."""
        with Vertical(id="yavalath-box"):
            yield self.board
            yield Static(id="yavalath-note")

    # ----- geometry ---------------------------------------------------------------------------------
    def _layout(self, step: int) -> HexLayout:
        grid = self.state.grid
        return HexLayout.of(grid.rows, grid.indent, step, left=MARGIN, top=1, right=MARGIN, bottom=1)

    def fit(self, width: int, height: int) -> bool:
        """Take the roomy spacing when the board fits with it."""
        self._room = (width, height)
        return self._fit_board() if self.match is not None else False

    def _fit_board(self) -> bool:
        width, height = self._room
        roomy = self._layout(4)
        fits = roomy.width + 2 + BOARD_MARGIN <= width and roomy.height + NOTE_LINES + BOARD_MARGIN <= height
        step = 4 if fits else 2
        changed = step != self.step or not self.board.hex_layout.places
        self.step = step
        self.board.set_layout(self._layout(step))
        return changed

    # ----- drawing ----------------------------------------------------------------------------------
    def _labels(self) -> list[tuple[int, int, str, str]]:
        """Row letters at both ends of every row, cell numbers over the top row and under the bottom."""
        grid = self.state.grid
        places = self.board.hex_layout.places
        cursor_row = grid.row_of(self.cursor)
        texts = []
        for row, cells in enumerate(grid.rows):
            style = "label-active" if row == cursor_row or row == self.typed_row else "label"
            line, first = places[cells[0]]
            last = places[cells[-1]][1]
            texts.append((line, first - MARGIN + 1, ROW_LETTERS[row], style))
            texts.append((line, last + MARGIN - 1, ROW_LETTERS[row], style))
        for row, line_offset in ((0, -1), (len(grid.rows) - 1, 1)):
            for number, cell in enumerate(grid.rows[row], start=1):
                line, column = places[cell]
                active = row == cursor_row and cell == self.cursor
                texts.append((line + line_offset, column, str(number), "label-active" if active else "label"))
        return texts

    def _around(self, cell: int, left: str, right: str) -> list[tuple[int, int, str, str]]:
        line, column = self.board.hex_layout.places[cell]
        return [(line, column - 1, left, "label-active"), (line, column + 1, right, "label-active")]

    def redraw(self) -> None:
        """Paint the stones, the last stone, the decisive lines, the forced block, the hint and the
        cursor, and the line under the board."""
        state = self.state
        if len(self.board.hex_layout.places) != state.grid.cells:
            self._fit_board()
        playing = not state.is_terminal
        four = set(state.winning_line())
        threes = {cell for seat in state.seats_out for cell in state.losing_line(seat)}
        legal = set(state.legal_actions()) if playing else set()
        blocking = playing and state.blocking
        last = state.last_cell
        marks: list[str] = []
        states: list[set[str]] = []
        for cell, owner in enumerate(state.owners):
            cell_states: set[str] = set()
            if owner < 0:
                marks.append(self.glyphs.empty)
                cell_states.add("empty")
                if blocking and cell in legal:
                    cell_states.add("target")
            else:
                marks.append(stone_mark(owner, self.glyphs))
                cell_states.add(f"seat-{owner}")
            if cell == last:
                cell_states.add("last")
            if cell in four or cell in threes:
                cell_states.add("win")
            if cell == self.hinted:
                cell_states.add("hint")
            if cell == self.cursor and playing:
                cell_states.add("cursor")
            states.append(cell_states)
        texts = self._labels()
        for cell in threes - four:
            texts += self._around(cell, THREE_MARK, THREE_MARK)
        for cell in four:
            texts += self._around(cell, FOUR_MARK, FOUR_MARK)
        if last is not None and last not in four and last not in threes:
            texts += self._around(last, "[", "]")
        self.board.paint(marks, states, texts)
        if self.is_mounted:
            self.query_one("#yavalath-note", Static).update(self._note())

    def _note(self) -> str:
        """The cursor's cell and what a stone there would make; the typed row waiting for its number."""
        state = self.state
        if state.is_terminal:
            return ""
        grid = state.grid
        if self.typed_row is not None:
            count = len(grid.rows[self.typed_row])
            letter = ROW_LETTERS[self.typed_row]
            return f"Row {letter}: type its number, 1-{count}"
        name = state.cell_name(self.cursor)
        owner = state.owners[self.cursor]
        if owner >= 0:
            return f"{name}: {state.spec.seat_name(owner)}'s stone"
        mover = state.current_player
        made = state.stone_makes(self.cursor, mover) if mover >= 0 else ""
        if made == "four":
            return f"{name}: four in a row, a win"
        if made == "three":
            return f"{name}: makes three, you lose!"
        if state.blocking and self.cursor not in state.legal_actions():
            return f"{name}: not allowed, you must block"
        return f"{name}: Enter plays here"

    def status_lines(self, match) -> list[str]:
        """Each seat's mark (and who is out), the swap, and the forced block."""
        state = match.state
        out = state.seats_out
        lines = []
        for seat in range(state.num_players):
            note = " (out)" if seat in out else ""
            lines.append(f"{stone_mark(seat, self.glyphs)} {match.spec.seat_name(seat)}{note}")
        if state.is_terminal:
            return lines
        if state.swap_allowed:
            lines.append(f"{match.spec.seat_name(1)} may swap" + (": press s" if match.human_to_move else ""))
        elif state.swapped:
            lines.append(f"{match.spec.seat_name(1)} swapped")
        if state.blocking:
            following = match.spec.seat_name((state.current_player + 1) % 3)
            cells = " ".join(state.cell_name(c) for c in state.legal_actions())
            lines.append(f"Must block {following}: {cells}")
        return lines

    # ----- keys and clicks --------------------------------------------------------------------------
    def _play(self, cell: int) -> None:
        self.cursor = cell
        self.typed_row = None
        self.choose(cell)

    def _nearest_in_row(self, row: int, column: int) -> int:
        grid = self.state.grid
        return nearest_in_row(grid.rows[row], grid.indent, column)

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor along its row (wrapping) or to the nearest cell of the row above or below."""
        grid = self.state.grid
        self.cursor, self.column = step_cursor(grid.rows, grid.indent, self.cursor, self.column, dx, dy)
        self.typed_row = None
        self.redraw()

    def action_play_cursor(self) -> None:
        """Play the cell under the cursor."""
        self._play(self.cursor)

    def action_swap(self) -> None:
        """Swap (the game screen says why not when it is not allowed)."""
        self.typed_row = None
        self.choose(SWAP_ACTION)

    def action_row(self, row: int) -> None:
        """A typed row letter: the cursor goes to that row and the view waits for the cell's number."""
        grid = self.state.grid
        self.typed_row = row
        self.cursor = self._nearest_in_row(row, grid.indent(self.cursor) if self.column is None else self.column)
        self.redraw()

    def action_number(self, number: int) -> None:
        """A typed number: after a row letter it plays that cell of the row; alone it moves the cursor
        to that place in the cursor's row."""
        grid = self.state.grid
        row = self.typed_row if self.typed_row is not None else grid.row_of(self.cursor)
        cells = grid.rows[row]
        if number > len(cells):
            self.notify(f"Row {ROW_LETTERS[row]} has {len(cells)} cells: {ROW_LETTERS[row]}1-"
                        f"{ROW_LETTERS[row]}{len(cells)}", timeout=3)
            return
        self.column = None
        if self.typed_row is None:
            self.cursor = cells[number - 1]
            self.redraw()
            return
        self._play(cells[number - 1])

    def on_cell_clicked(self, message: CellClicked) -> None:
        """A click plays the clicked cell."""
        message.stop()
        self.focus()
        self.column = None
        self._play(message.index)
