"""Connect Four state: the protocol adapter over rules.py, with read-only views for the UI.

Actions are columns 0-6 from the left (OpenSpiel's numbering); players name them 1-7 (or a-g), so
``action_to_string(3)`` is ``"column 4"`` and ``parse_action("4")`` is 3.
"""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.games.connect_four import rules

MARKS = "XO"
"""Seat 0 (Yellow, moves first) plays X; seat 1 (Red) plays O."""
EMPTY = "."
LETTERS = "abcdefg"
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def column_name(column: int) -> str:
    """Column 0-6 as players say it: 'column 1' .. 'column 7'."""
    return f"column {column + 1}"


class ConnectFourState(KernelState):
    """A Connect Four position. Rows are counted from the top (row 0 is the top row, as drawn)."""

    __slots__ = ()

    def _seat_bits(self, seat: int) -> int:
        return int(rules.seat_stones(self.array, seat))

    @property
    def cells(self) -> list[list[int]]:
        """The grid as 6 rows from the top of 7 seat numbers (0, 1) or -1 for an empty cell."""
        yellow, red = self._seat_bits(0), self._seat_bits(1)
        grid = []
        for row in range(rules.HEIGHT):
            height = rules.HEIGHT - 1 - row
            line = []
            for column in range(rules.WIDTH):
                bit = 1 << (column * rules.COLUMN_BITS + height)
                line.append(0 if yellow & bit else 1 if red & bit else -1)
            grid.append(line)
        return grid

    @property
    def board(self) -> list[str]:
        """The grid as 6 strings from the top row down, 7 characters each: 'X', 'O' or '.'."""
        return ["".join(MARKS[v] if v >= 0 else EMPTY for v in row) for row in self.cells]

    @property
    def heights(self) -> list[int]:
        """How many stones each column holds, left to right (6 means full)."""
        mask = self.field("mask")
        return [bin((mask >> (c * rules.COLUMN_BITS)) & 0x3F).count("1") for c in range(rules.WIDTH)]

    @property
    def last_move(self) -> int | None:
        """The column (0-6) of the last stone dropped, or None before the first move."""
        column = self.field("last_column")
        return column if column >= 0 else None

    @property
    def last_cell(self) -> tuple[int, int] | None:
        """(row from the top, column) of the last stone dropped, or None before the first move."""
        column = self.last_move
        if column is None:
            return None
        return (rules.HEIGHT - self.heights[column], column)

    @property
    def winning_cells(self) -> tuple[tuple[int, int], ...]:
        """The cells (row from the top, column) of every completed four, in reading order; () if none.

        A single drop can complete several lines (or a line of five or more); all their cells are given.
        """
        if self.winner is None:
            return ()
        grid = self.cells
        seat = self.winner
        found: set[tuple[int, int]] = set()
        for row in range(rules.HEIGHT):
            for column in range(rules.WIDTH):
                for d_row, d_col in DIRECTIONS:
                    line = [(row + k * d_row, column + k * d_col) for k in range(4)]
                    if all(0 <= r < rules.HEIGHT and 0 <= c < rules.WIDTH and grid[r][c] == seat
                           for r, c in line):
                        found.update(line)
        return tuple(sorted(found))

    @property
    def key(self) -> int:
        """Pons' unique position key (stones of the side to move + all stones) for books and tables."""
        return self.field("position") + self.field("mask")


def _name_action(state: KernelState, action: int) -> str:
    if not 0 <= action < rules.WIDTH:
        raise IllegalActionError(_why_illegal(state, action))
    return column_name(action)


def _read_action(state: KernelState, text: str) -> int:
    word = text.lower().removeprefix("column").removeprefix("col").strip()
    if word.isascii() and word.isdigit() and len(word) <= 3:
        number = int(word)
        if 1 <= number <= rules.WIDTH:
            return number - 1
        raise IllegalActionError(f"there is no column {number}: columns are 1-{rules.WIDTH}")
    if len(word) == 1 and word in LETTERS:
        return LETTERS.index(word)
    raise IllegalActionError(f"{text!r} is not a column: type 1-{rules.WIDTH} (or a-g) from the left")


def _why_illegal(state: KernelState, action: int) -> str:
    if not 0 <= action < rules.WIDTH:
        return f"there is no column {action + 1}: columns are 1-{rules.WIDTH}"
    if state.heights[action] >= rules.HEIGHT:
        return f"{column_name(action)} is full"
    return f"{column_name(action)} is not playable now"


def _observe(state: KernelState, player: int) -> str:
    lines = [" ".join(row) for row in state.board]
    lines.append(" ".join(str(c + 1) for c in range(rules.WIDTH)))
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    return rules.initial_state()


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)


DEFINITION = GameDefinition(state_class=ConnectFourState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.connect_four.ai"))
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""
