"""Hex state: the protocol adapter over rules.py, with read-only views for the UI and the AI.

Actions are OpenSpiel's: cell ``row * N + col`` (named like OpenSpiel, column letter and row number
from 1: 'a1' is 0, 'c5' column c of row 5) and ``N * N``, 'swap'.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.core.words import counted
from tui_games.engine.hexconnect import shortest_chain
from tui_games.engine.hexgrid import HexGrid, parse_rhombus_cell, rhombus, rhombus_cell_name
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.games.hex import rules

MARKS = "XO"
"""Seat 0 (black, moves first, joins top and bottom) plays X; seat 1 (white, joins left and right) O."""
EMPTY_MARK = "."
SWAP_NAME = "swap"
SWAP_WORDS = ("swap", "pie", "s")


@lru_cache(maxsize=None)
def board_grid(size: int) -> HexGrid:
    """The shared hex-grid description of a ``size`` x ``size`` board (neighbours, rows, sides)."""
    return rhombus(size)


class HexState(KernelState):
    """A Hex position; rows are counted from the top (row 0 is the top row, as drawn)."""

    __slots__ = ()

    @property
    def size(self) -> int:
        """N, the board's side."""
        return self.field("size")

    @property
    def swap_rule(self) -> bool:
        """True when the pie rule is on."""
        return bool(self.field("swap"))

    @property
    def swap_action(self) -> int:
        """The swap's action id, N * N."""
        return self.size * self.size

    @property
    def owners(self) -> np.ndarray:
        """The cells as an array of N * N values: 0 empty, 1 black (X), 2 white (O)."""
        n = self.size
        return self.array[rules.CELLS:rules.CELLS + n * n].copy()

    @property
    def cells(self) -> list[list[int]]:
        """The board as N rows from the top of N seat numbers (0 black, 1 white) or -1 for empty."""
        n = self.size
        flat = self.owners - 1
        return [[int(v) for v in flat[r * n:(r + 1) * n]] for r in range(n)]

    @property
    def board(self) -> list[str]:
        """The board as N strings from the top row, one character per cell: 'X', 'O' or '.'."""
        return ["".join(MARKS[v] if v >= 0 else EMPTY_MARK for v in row) for row in self.cells]

    @property
    def grid(self) -> HexGrid:
        """The board's shape (neighbour table, rows, sides) from the shared hex-grid module."""
        return board_grid(self.size)

    @property
    def swap_allowed(self) -> bool:
        """True when the player to move may swap now."""
        return bool(rules.swap_allowed(self.array))

    @property
    def swapped(self) -> bool:
        """True when the second player took the first stone with the swap."""
        return self.swap_action in self.history[1:2]

    @property
    def last_move(self) -> int | None:
        """The last action played (a cell, or the swap), or None before the first move."""
        return self.history[-1] if self.history else None

    @property
    def last_cell(self) -> int | None:
        """The cell of the last stone placed (after a swap: the swapped stone), or None."""
        last = self.last_move
        if last is None:
            return None
        if last == self.swap_action:
            first = self.history[0]
            return (first % self.size) * self.size + first // self.size
        return last

    def winning_chain(self) -> tuple[int, ...]:
        """The winner's fewest stones that join their two sides, from the top (or left) side; ()
        while nobody has won."""
        winner = self.winner
        if winner is None:
            return ()
        grid = self.grid
        sides = ("top", "bottom") if winner == 0 else ("left", "right")
        out = np.empty(grid.cells, np.int64)
        n = shortest_chain(self.owners, grid.neighbours, winner + 1, np.array(grid.side(sides[0]), np.int64),
                           np.array(grid.side(sides[1]), np.int64), out)
        return tuple(int(c) for c in out[:n])

    def cell_name(self, cell: int) -> str:
        """'a1' for cell 0 ... the column letter and the row number from 1."""
        return rhombus_cell_name(cell, self.size)


def _name_action(state: HexState, action: int) -> str:
    if action == state.swap_action:
        return SWAP_NAME
    if not 0 <= action < state.size * state.size:
        raise IllegalActionError(_why_illegal(state, action))
    return state.cell_name(action)


def _read_action(state: HexState, text: str) -> int:
    word = text.strip().lower()
    if word in SWAP_WORDS:
        return state.swap_action
    try:
        return parse_rhombus_cell(word, state.size, state.size)
    except ValueError as error:
        raise IllegalActionError(str(error)) from None


def _why_illegal(state: HexState, action: int) -> str:
    n = state.size
    if action == n * n:
        if not state.swap_rule:
            return "the pie rule is off in this game: there is no swap"
        return "the swap is only allowed as the second player's first move"
    if not 0 <= action < n * n:
        return f"{action} is not a cell of the {n}x{n} board"
    owner = int(state.array[rules.CELLS + action])
    if owner != rules.EMPTY:
        return f"{state.cell_name(action)} is taken (by {MARKS[owner - 1]})"
    return f"{state.cell_name(action)} cannot be played now"


def _observe(state: HexState, player: int) -> str:
    n = state.size
    letters = " ".join(chr(ord("a") + c) for c in range(n))
    lines = ["   " + letters]
    for row, text in enumerate(state.board):
        lines.append(f"{row + 1:>2} " + " " * row + " ".join(text))
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    return rules.initial_state(params["size"], 1 if params["swap"] == "on" else 0)


def result_text(state: HexState) -> str:
    """'Black (X) wins, joining top and bottom in 9 stones' for the finished game."""
    winner = state.winner
    if winner is None:
        return "Game over"
    name = state.spec.seat_name(winner)
    sides = "top and bottom" if winner == 0 else "left and right"
    return f"{name} wins, joining {sides} in {counted(len(state.winning_chain()), 'stone')}"


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)


DEFINITION = GameDefinition(state_class=HexState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.hex.ai"),
                            result_text=result_text)
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""
