"""Hex view: the rhombus drawn with offset rows, each side in its player's colour and with its own
rim glyph, coordinates on every rim, the last stone, the hint and the winning chain highlighted.

Keys: arrows move the cursor, Enter or Space plays; a column letter then a row number plays that
cell ('c' '5'; on boards of 10 and more a second digit or Enter ends the number); s swaps when the
pie rule allows it; a click plays the clicked cell. A board too large for the view is drawn compactly
(drawing.py), and scrolls only where even that does not fit.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.geometry import Region

from tui_games.engine.hexgrid import COLUMN_LETTERS as LETTERS
from tui_games.games.hex.drawing import COMPACT, Drawing, plan
from tui_games.ui.game_view import BOARD_MARGIN, GameView
from tui_games.ui.messages import CellClicked
from tui_games.ui.widgets.hex_board import HexBoard, HexLayout

MARKS = "XO"
RIMS = {"unicode": ("─", "╲"), "ascii": ("-", "\\")}
"""(black's rim, white's rim) glyphs: the top and bottom rims are black's, left and right white's;
they differ in shape as well as colour."""
UNTYPED = "noqs"
"""Column letters the view does not bind: n, o and q are the game screen's keys (new game, settings,
quit) and s is the swap (and column s when there is no swap to make)."""
LEFT = 5
"""Columns left of the first cell: a two-digit row number, a space, the rim and a space."""


class HexView(GameView):
    """Draws ``state.cells`` on ``state.grid``, ``state.last_cell``, ``state.winning_chain()``; actions
    are cells ``row * N + col`` and ``N * N``, the swap."""

    KEYS_HELP = """\
- **Arrow keys** move the cursor, **Enter** or **Space** plays the cell under it.
- **Type a cell**: a column letter, then the row number (`c` `5` plays c5). On boards of 10 or more
  a row of 1 waits for a second digit: press **Enter** to play row 1. Columns n, o and q (boards of
  14 and more) are reached with the cursor or the mouse: those letters are the game's own keys.
- **s** swaps (the pie rule): as White's first move, take Black's first stone as your own (on
  19x19, when there is no swap to make, s is the last column).
- **Click** a cell to play it. Black (X) joins the top and bottom rims, White (O) left and right.
"""

    BINDINGS = [
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "play_cursor", "Play", show=True),
        Binding("s", "swap", "Swap", show=False),
        *[Binding(letter, f"column({i})", f"Column {letter}", show=False) for i, letter in enumerate(LETTERS)
          if letter not in UNTYPED],
        *[Binding(str(d), f"digit({d})", f"Digit {d}", show=False) for d in range(10)],
    ]

    BOARD_ID = "hex-board"

    DEFAULT_CSS = """
    HexView { align: center middle; }
    HexView #hex-scroll { width: auto; height: auto; max-width: 100%; max-height: 100%; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.cursor: int | None = None
        """The cell under the keyboard cursor (the centre at first)."""
        self.typed_column: int | None = None
        """A column letter typed and waiting for its row."""
        self.typed_row = 0
        """Digits of the row typed so far (0: none)."""
        self.step = 2
        """Characters per cell along a row: 2, or 4 where the view has room (1 in the dense drawing)."""
        self.compact: Drawing | None = None
        """The compact drawing in use (drawing.py), or None for the full drawing."""
        self._view_room = (80, 24)
        self.board = HexBoard(HexLayout((), 1, 1), id="hex-board")

    def compose(self) -> ComposeResult:
        """The board, in a container that scrolls when it does not fit."""
        with ScrollableContainer(id="hex-scroll"):
            yield self.board

    def _board_layout(self, step: int) -> HexLayout:
        grid = self.state.grid
        return HexLayout.of(grid.rows, grid.indent, step, left=LEFT, top=2, right=5, bottom=2)

    def board_side(self) -> int:
        """N, the side of the board shown."""
        return self.state.size

    def fit(self, width: int, height: int) -> bool:
        """Take the roomy spacing when the board fits with it."""
        self._view_room = (width, height)
        if self.match is None:
            return False
        return self._fit_board()

    def _fit_board(self) -> bool:
        """The roomy drawing where it fits with a margin, else the plain one where it fits, else the
        first compact drawing that fits (the last one, scrolling, where none does)."""
        width, height = self._view_room
        old = self.board.hex_layout
        self.compact = None
        self.step, _ = self.board.fit(self._board_layout, width, height, BOARD_MARGIN)
        layout = self.board.hex_layout
        if layout.width + 2 > width or layout.height > height:  # 2: the board's padding
            for drawing in COMPACT:
                self.compact = drawing
                drawn = self._compact_plan()
                if drawn.width + 2 <= width and drawn.height <= height:
                    break
            self.step = self.compact.step
            self.board.set_layout(HexLayout(drawn.places, drawn.width, drawn.height))
        return self.board.hex_layout != old

    def _compact_plan(self):
        rims = RIMS.get(self.glyphs.name, RIMS["ascii"])
        return plan(self.state.size, self.compact, rims, -1 if self.cursor is None else self.cursor)

    def _rims(self, size: int) -> list[tuple[int, int, str, str]]:
        """Coordinates and the coloured rims around the cells."""
        if self.compact is not None:
            return list(self._compact_plan().texts)
        black_rim, white_rim = RIMS.get(self.glyphs.name, RIMS["ascii"])
        places = self.board.hex_layout.places
        half = self.step // 2
        texts: list[tuple[int, int, str, str]] = []
        cursor = self.cursor if self.cursor is not None else -1
        col_active = cursor % size if cursor >= 0 else -1
        row_active = cursor // size if cursor >= 0 else -1
        top_line, bottom_line = places[0][0], places[size * size - 1][0]
        for col in range(size):
            style = "label-active" if col == col_active else "label"
            texts.append((top_line - 2, places[col][1], LETTERS[col], style))
            texts.append((bottom_line + 2, places[(size - 1) * size + col][1], LETTERS[col], style))
        first_top, last_top = places[0][1], places[size - 1][1]
        texts.append((top_line - 1, first_top - 1, black_rim * (last_top - first_top + 3), "rim-0"))
        first_bottom, last_bottom = places[(size - 1) * size][1], places[size * size - 1][1]
        texts.append((bottom_line + 1, first_bottom - 1, black_rim * (last_bottom - first_bottom + 3), "rim-0"))
        for row in range(size):
            line, left = places[row * size]
            right = places[row * size + size - 1][1]
            style = "label-active" if row == row_active else "label"
            number = str(row + 1)
            texts.append((line, left - 2 - half - len(number), number, style))
            texts.append((line, left - 1 - half, white_rim, "rim-1"))
            texts.append((line, right + 1 + half, white_rim, "rim-1"))
            texts.append((line, right + 3 + half, number, style))
        return texts

    def redraw(self) -> None:
        """Paint the stones, the last stone, the winning chain, the hint and the cursor."""
        state = self.state
        size = state.size
        if self.cursor is None or self.cursor >= size * size:
            self.cursor = (size // 2) * size + size // 2
        if not self.board.hex_layout.places or len(self.board.hex_layout.places) != size * size:
            self._fit_board()
        chain = set(state.winning_chain())
        last = state.last_cell
        playable = not state.is_terminal
        marks: list[str] = []
        states: list[set[str]] = []
        for cell, owner in enumerate(state.owners):
            cell_states: set[str] = set()
            if owner == 0:
                marks.append(self.glyphs.empty)
                cell_states.add("empty")
            else:
                marks.append(MARKS[owner - 1])
                cell_states.add(f"seat-{owner - 1}")
            if cell == last:
                cell_states.add("last")
            if cell in chain:
                cell_states.add("win")
            if cell == self.hinted:
                cell_states.add("hint")
            if cell == self.cursor and playable:
                cell_states.add("cursor")
            states.append(cell_states)
        texts = self._rims(size)
        if last is not None and not chain and self.step > 1:
            line, column = self.board.hex_layout.places[last]
            texts += [(line, column - 1, "[", "label-active"), (line, column + 1, "]", "label-active")]
        self.board.paint(marks, states, texts)
        if self.cursor is not None and self.is_mounted:
            line, column = self.board.hex_layout.places[self.cursor]
            self.query_one("#hex-scroll", ScrollableContainer).scroll_to_region(
                Region(column + 1, line, 1, 1).grow((2, 4, 2, 4)), animate=False)

    def status_lines(self, match) -> list[str]:
        """Who joins which rims, and the swap when it is allowed."""
        black_rim, white_rim = RIMS.get(self.glyphs.name, RIMS["ascii"])
        state = match.state
        lines = [f"X joins top/bottom {black_rim}", f"O joins left/right {white_rim}"]
        if state.swap_allowed and not state.is_terminal:
            note = ": press s" if match.human_to_move else ""
            lines.append(f"{match.spec.seat_name(1)} may swap{note}")
        elif state.swapped:
            lines.append(f"{match.spec.seat_name(1)} swapped")
        return lines

    # ----- keys and clicks --------------------------------------------------------------------------
    def _play(self, cell: int) -> None:
        self.cursor = cell
        self.typed_column = None
        self.typed_row = 0
        self.choose(cell)

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor, wrapping around the edges."""
        size = self.board_side()
        cell = self.cursor if self.cursor is not None else 0
        col, row = cell % size, cell // size
        self.cursor = (row + dy) % size * size + (col + dx) % size
        self.typed_column = None
        self.typed_row = 0
        self.redraw()

    def action_play_cursor(self) -> None:
        """Play the typed cell (a letter and a row waiting for Enter) or the cell under the cursor."""
        if self.typed_column is not None and self.typed_row:
            self._play((self.typed_row - 1) * self.board_side() + self.typed_column)
            return
        if self.cursor is not None:
            self._play(self.cursor)

    def action_swap(self) -> None:
        """Swap (the game screen says why not when it is not allowed); on a 19x19 board without a
        swap to make, s is the last column's letter."""
        size = self.board_side()
        if size == len(LETTERS) and not self.match.state.swap_allowed:
            self.action_column(size - 1)
            return
        self.typed_column = None
        self.typed_row = 0
        self.choose(self.board_side() ** 2)

    def action_column(self, column: int) -> None:
        """A typed column letter: the cursor goes there and waits for the row."""
        size = self.board_side()
        if column >= size:
            return
        self.typed_column = column
        self.typed_row = 0
        cell = self.cursor if self.cursor is not None else 0
        self.cursor = cell // size * size + column
        self.redraw()

    def action_digit(self, digit: int) -> None:
        """A typed row digit: after a column letter it builds the row number and plays the cell once
        the number cannot grow; without a letter it moves the cursor to that row."""
        size = self.board_side()
        if self.typed_column is None:
            if 1 <= digit <= size:
                cell = self.cursor if self.cursor is not None else 0
                self.cursor = (digit - 1) * size + cell % size
                self.redraw()
            return
        row = self.typed_row * 10 + digit
        if not 1 <= row <= size:
            self.typed_row = 0
            return
        self.typed_row = row
        self.cursor = (row - 1) * size + self.typed_column
        if row * 10 > size:
            self._play(self.cursor)
        else:
            self.redraw()

    def on_cell_clicked(self, message: CellClicked) -> None:
        """A click plays the clicked cell."""
        message.stop()
        self.focus()
        self._play(message.index)
