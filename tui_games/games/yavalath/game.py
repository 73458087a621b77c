"""Yavalath state: the protocol adapter over rules.py, read-only views for the UI and the AI, and the
result of a game of two or three seats.

Cells are named by row and place: rows a (top) to i (bottom), cells numbered from 1 at the left of
their row, so the top row is a1-a5, the middle row e1-e9 and the bottom row i1-i5 (Susan notation).
"""

from __future__ import annotations

import re

import numpy as np

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.core.outcome import Outcome
from tui_games.engine.hexgrid import HexGrid
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.games.yavalath import rules

ROW_LETTERS = "abcdefghi"
"""Row names, top to bottom."""
MARKS = "XO^"
"""The board marks of seats 0, 1 and 2 in the text observation (the view draws the third seat with
its seat mark)."""
EMPTY_MARK = "."
SWAP_NAME = "swap"
SWAP_WORDS = ("swap", "pie", "s")
_CELL_NAME = re.compile(r"([a-i])\s*([1-9])")


def cell_name(cell: int) -> str:
    """'a1' for cell 0 ... 'e5' for the centre, 'i5' for cell 60; IllegalActionError for a number that
    is no cell."""
    if not 0 <= cell < rules.N_CELLS:
        raise IllegalActionError(f"{cell} is not a cell: cells are 0-{rules.N_CELLS - 1}")
    row = rules.GRID.row_of(cell)
    return f"{ROW_LETTERS[row]}{rules.GRID.rows[row].index(cell) + 1}"


def parse_cell(text: str) -> int:
    """The cell named by ``text`` ('e5', 'E5', 'e 5'); IllegalActionError saying why it names none."""
    found = _CELL_NAME.fullmatch(text.strip().lower())
    if not found:
        raise IllegalActionError(f"{text!r} is not a cell: write a row letter a-i and a number, like e5")
    row = ROW_LETTERS.index(found.group(1))
    place = int(found.group(2))
    cells = rules.GRID.rows[row]
    if place > len(cells):
        raise IllegalActionError(f"row {found.group(1)} has {len(cells)} cells ({found.group(1)}1-"
                                 f"{found.group(1)}{len(cells)})")
    return cells[place - 1]


class YavalathState(KernelState):
    """A Yavalath position: the stones, who is out, the swap, and the lines that decided the game."""

    __slots__ = ()

    @property
    def grid(self) -> HexGrid:
        """The board's shape (rows, neighbours) from the shared hex-grid module."""
        return rules.GRID

    @property
    def owners(self) -> list[int]:
        """Each cell's owner in index order: -1 empty, else the seat whose stone is on it."""
        return [v - 1 for v in self.field("cells")]

    @property
    def board(self) -> list[str]:
        """The rows from the top as strings of 'X', 'O', '^' and '.' (one character per cell)."""
        owners = self.owners
        return ["".join(MARKS[owners[c]] if owners[c] >= 0 else EMPTY_MARK for c in row) for row in rules.GRID.rows]

    @property
    def swap_rule(self) -> bool:
        """True when the pie rule is on (two seats only)."""
        return bool(self.field("swap"))

    @property
    def swap_allowed(self) -> bool:
        """True when the player to move may swap now."""
        return bool(rules.swap_allowed(self.array))

    @property
    def swapped(self) -> bool:
        """True when the second seat took the first stone."""
        return bool(self.field("swapped"))

    @property
    def last_cell(self) -> int | None:
        """The cell of the last stone placed (after a swap: the swapped stone), or None."""
        for action in reversed(self.history):
            if action != rules.SWAP_ACTION:
                return action
        return None

    @property
    def seats_out(self) -> list[int]:
        """The seats that made a three, in the order they went out."""
        out = self.field("out")
        return sorted((seat for seat in range(self.num_players) if out[seat]), key=lambda seat: out[seat])

    @property
    def blocking(self) -> bool:
        """True when the forced block rule restricts the player to move now (three seats, all in, and
        the next seat has a winning cell)."""
        if not rules.blocking_applies(self.array):
            return False
        return bool(self.winning_cells((self.current_player + 1) % 3))

    def winning_cells(self, seat: int) -> list[int]:
        """The empty cells where a stone of ``seat`` would make four now."""
        out = np.empty(rules.N_CELLS, np.int64)
        n = rules.winning_cells(self.array, seat, out)
        return [int(c) for c in out[:n]]

    def stone_makes(self, cell: int, seat: int) -> str:
        """What a stone of ``seat`` on ``cell`` would make: 'four' (wins), 'three' (loses) or ''."""
        made = int(rules.stone_makes(self.array, cell, seat + 1))
        return {rules.FOUR: "four", rules.THREE: "three"}.get(made, "")

    def _lines_of(self, cell: int) -> tuple[int, ...]:
        out = np.empty(rules.N_CELLS, np.int64)
        n = rules.decisive_lines(self.array, cell, out)
        return tuple(sorted(int(c) for c in out[:n]))

    def winning_line(self) -> tuple[int, ...]:
        """The stones of the winning four (or longer line), () when no four was made."""
        cell = self.field("win_cell")
        return self._lines_of(cell) if cell >= 0 else ()

    def losing_line(self, seat: int) -> tuple[int, ...]:
        """The stones of the three (or threes) that put ``seat`` out, () when it is in."""
        cell = self.field("out_cell")[seat]
        return self._lines_of(cell) if cell >= 0 else ()

    def cell_name(self, cell: int) -> str:
        """The cell's name, 'e5' style."""
        return cell_name(cell)


def _name_action(state: YavalathState, action: int) -> str:
    return SWAP_NAME if action == rules.SWAP_ACTION else cell_name(action)


def _read_action(state: YavalathState, text: str) -> int:
    word = text.strip().lower()
    if word in SWAP_WORDS:
        return rules.SWAP_ACTION
    return parse_cell(word)


def _names(state: YavalathState, seats) -> str:
    names = [state.spec.seat_name(seat) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _why_illegal(state: YavalathState, action: int) -> str:
    if action == rules.SWAP_ACTION:
        if not state.swap_rule:
            return ("there is no swap with three players" if state.num_players == 3
                    else "the swap rule is off in this game")
        return "the swap is only allowed as the second player's first move"
    if not 0 <= action < rules.N_CELLS:
        return f"{action} is not a cell: cells are 0-{rules.N_CELLS - 1}"
    owner = state.owners[action]
    if owner >= 0:
        return f"{cell_name(action)} is taken (by {state.spec.seat_name(owner)})"
    if state.blocking:
        following = (state.current_player + 1) % 3
        cells = " ".join(cell_name(c) for c in state.winning_cells(following))
        return (f"you must block {state.spec.seat_name(following)}, who would make four on "
                f"{cells} (or win at once yourself)")
    return f"{cell_name(action)} cannot be played now"


def _observe(state: YavalathState, player: int) -> str:
    lines = []
    for row, text in zip(ROW_LETTERS, state.board):
        lines.append(" " * (9 - len(text)) + f"{row} " + " ".join(text))
    out = state.seats_out
    if out:
        lines.append(f"out: {_names(state, out)}")
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    seats = params["players"]
    return rules.initial_state(seats, int(seats == 2 and params["swap"] == "on"))


def outcome(state: YavalathState) -> Outcome:
    """Ranked by the returns; a full board after a seat went out is a draw for the two seats left and a
    loss for the seat out (not a shared win)."""
    return Outcome.after_eliminations(state.returns(), state.seats_out, state.winner)


def result_text(state: YavalathState) -> str:
    """'White wins with four in a row', 'Black made three: White wins', 'Draw: ...' and the like."""
    out = state.seats_out
    winner = state.winner
    if winner is not None:
        name = state.spec.seat_name(winner)
        if state.winning_line():
            note = f" ({_names(state, out)} out)" if out else ""
            return f"{name} wins with four in a row{note}"
        return f"{_names(state, out)} made three: {name} wins"
    if out:
        left = [seat for seat in range(state.num_players) if seat not in out]
        return f"{_names(state, out)} out; {_names(state, left)} draw on a full board"
    return "Draw: the board is full"


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)


DEFINITION = GameDefinition(state_class=YavalathState, kernels=KERNELS,
                            make_ai=ai_factory("tui_games.games.yavalath.ai"), result_text=result_text,
                            outcome=outcome)
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""
