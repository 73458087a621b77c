"""Tic Tac Toe state: the protocol adapter over rules.py."""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.games.tic_tac_toe import rules

MARKS = ".XO"
COLUMNS = "abc"


def cell_name(cell: int) -> str:
    """Cell 0-8 as a coordinate: column a-c from the left, row 1-3 from the top ('a1' is 0)."""
    return f"{COLUMNS[cell % 3]}{cell // 3 + 1}"


class TicTacToeState(KernelState):
    """A Tic Tac Toe position."""

    __slots__ = ()

    @property
    def board(self) -> list[str]:
        """The 9 cells row-major from the top left: 'X', 'O' or '.'."""
        return [MARKS[v] for v in self.field("cells")]

    def winning_line(self) -> tuple[int, int, int] | None:
        """The three cells of the completed line, if there is one."""
        cells = self.field("cells")
        for line in rules.LINES:
            a, b, c = (int(x) for x in line)
            if cells[a] != 0 and cells[a] == cells[b] == cells[c]:
                return (a, b, c)
        return None


def _name_action(state: KernelState, action: int) -> str:
    if not 0 <= action <= 8:
        raise IllegalActionError(_why_illegal(state, action))
    return cell_name(action)


def _read_action(state: KernelState, text: str) -> int:
    word = text.lower()
    if word in tuple("123456789"):
        return int(word) - 1
    if len(word) == 2 and word[0] in COLUMNS and word[1] in "123":
        return COLUMNS.index(word[0]) + 3 * (int(word[1]) - 1)
    raise IllegalActionError(f"{text!r} is not a cell: use a1..c3 (column, row from the top) or 1..9")


def _why_illegal(state: KernelState, action: int) -> str:
    if not 0 <= action <= 8:
        return f"there is no cell {action}: cells are 0-8"
    mark = state.board[action]
    if mark != ".":
        return f"cell {cell_name(action)} is already taken by {mark}"
    return f"{cell_name(action)} is not playable now"


def _observe(state: KernelState, player: int) -> str:
    board = state.board
    return "\n".join(" ".join(board[r * 3:r * 3 + 3]) for r in range(3))


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


DEFINITION = GameDefinition(state_class=TicTacToeState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.tic_tac_toe.ai"))
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""
