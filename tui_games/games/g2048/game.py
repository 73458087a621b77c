"""2048 state: the protocol adapter over rules.py, with read-only properties for the view."""

from __future__ import annotations

from enum import IntEnum

from tui_games.core.errors import IllegalActionError
from tui_games.core.definition import GameDefinition, SeatFigures, ai_factory
from tui_games.core.outcome import Outcome, SeatOutcome, Termination
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.games.g2048 import rules

class Move(IntEnum):
    """The player's actions (OpenSpiel's ids); chance outcomes are ``2 * cell`` (a 2) or ``+ 1`` (a 4)."""

    UP = rules.UP
    RIGHT = rules.RIGHT
    DOWN = rules.DOWN
    LEFT = rules.LEFT


MOVE_NAMES = tuple(move.name.capitalize() for move in Move)
"""Names of actions 0-3: 'Up', 'Right', 'Down', 'Left'."""
MOVE_WORDS = {
    "up": Move.UP, "u": Move.UP, "w": Move.UP, "k": Move.UP, "↑": Move.UP,
    "right": Move.RIGHT, "r": Move.RIGHT, "d": Move.RIGHT, "l": Move.RIGHT, "→": Move.RIGHT,
    "down": Move.DOWN, "s": Move.DOWN, "j": Move.DOWN, "↓": Move.DOWN,
    "left": Move.LEFT, "a": Move.LEFT, "h": Move.LEFT, "←": Move.LEFT,
}
"""Words and keys accepted by ``parse_action`` for the moves (arrows, WASD, hjkl)."""
COLUMNS = "abcd"
"""Column letters of the cell names, from the left."""
WALLS = ("top", "right", "bottom", "left")
"""The edge each move pushes the tiles toward, by action id."""


def cell_name(cell: int) -> str:
    """Cell 0-15 as a coordinate: column a-d from the left, row 1-4 from the top ('a1' is 0)."""
    return f"{COLUMNS[cell % 4]}{cell // 4 + 1}"


def tile_value(exponent: int) -> int:
    """The number on a tile stored as ``exponent`` (0 for an empty cell)."""
    return 0 if exponent == 0 else 1 << int(exponent)


class G2048State(KernelState):
    """A 2048 position. The properties below are read-only views for the UI."""

    __slots__ = ()

    @property
    def grid(self) -> list[list[int]]:
        """The board as 4 rows (top first) of 4 tile values (left first); 0 is an empty cell."""
        cells = self.cells
        return [cells[r * 4:r * 4 + 4] for r in range(4)]

    @property
    def cells(self) -> list[int]:
        """The 16 tile values row-major from the top left; 0 is an empty cell."""
        return [tile_value(e) for e in self.field("cells")]

    @property
    def score(self) -> int:
        """The score: the sum of the values of all tiles made by merging."""
        return self.field("score")

    @property
    def max_tile(self) -> int:
        """The highest tile value on the board (e.g. 2048); 0 before the first tile."""
        return tile_value(max(self.field("cells")))

    @property
    def won(self) -> bool:
        """True once a 2048 tile has been made (the game goes on; the view may say so once)."""
        return int(self.array[rules.WINNER]) == 0

    @property
    def last_move(self) -> int | None:
        """The last move played (0 up, 1 right, 2 down, 3 left), or None before the first."""
        move = self.field("last_move")
        return None if move < 0 else move

    @property
    def last_gain(self) -> int:
        """Points scored by the last move (0 before the first)."""
        return self.field("last_gain")

    @property
    def last_spawn(self) -> int | None:
        """The cell (0-15, row-major from the top left) of the newest random tile, or None."""
        cell = self.field("last_spawn")
        return None if cell < 0 else cell

    @property
    def last_spawn_position(self) -> tuple[int, int] | None:
        """(row, column) from the top left of the newest random tile, or None."""
        cell = self.last_spawn
        return None if cell is None else divmod(cell, 4)


def _name_action(state: KernelState, action: int) -> str:
    if state.is_chance_node:
        if not 0 <= action < rules.NUM_CHANCE_OUTCOMES:
            raise IllegalActionError(_why_illegal(state, action))
        return f"{2 if action % 2 == 0 else 4} at {cell_name(action // 2)}"
    if not 0 <= action < rules.NUM_MOVES:
        raise IllegalActionError(_why_illegal(state, action))
    return MOVE_NAMES[action]


def _read_action(state: KernelState, text: str) -> int:
    word = text.strip().lower()
    if state.is_chance_node:
        parts = word.replace("@", " at ").split()
        if len(parts) == 3 and parts[0] in ("2", "4") and parts[1] == "at":
            place = parts[2]
            if len(place) == 2 and place[0] in COLUMNS and place[1] in "1234":
                cell = COLUMNS.index(place[0]) + 4 * (int(place[1]) - 1)
                return 2 * cell + (1 if parts[0] == "4" else 0)
        raise IllegalActionError(f"{text!r} is not a random tile: write it like '2 at a1' or '4 at d4'")
    if word in MOVE_WORDS:
        return int(MOVE_WORDS[word])
    if word in tuple(str(move) for move in range(rules.NUM_MOVES)):
        return int(word)
    raise IllegalActionError(f"{text!r} is not a move: use up, right, down, left (or w/a/s/d, h/j/k/l, 0-3)")


def _why_illegal(state: KernelState, action: int) -> str:
    if state.is_chance_node:
        if 0 <= action < rules.NUM_CHANCE_OUTCOMES:
            return f"cell {cell_name(action // 2)} is not empty, so no random tile can appear there"
        return f"{action} is not a random tile: outcomes are 0-31 (2 x cell, +1 for a 4)"
    if not 0 <= action < rules.NUM_MOVES:
        return f"there is no move {action}: moves are 0 up, 1 right, 2 down, 3 left"
    return (f"{MOVE_NAMES[action]} moves nothing: no tile can slide toward the {WALLS[action]} edge "
            "or merge that way")


def _observe(state: KernelState, player: int) -> str:
    width = max(4, len(str(state.max_tile)))
    rows = [" ".join(str(v).rjust(width) if v else ".".rjust(width) for v in row) for row in state.grid]
    return "\n".join(rows + [f"score {state.score}"])


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
"""The kernels and Python hooks the generic state adapter and the engine use for 2048."""


WINNING_TILE = 2048
"""The tile that counts a game as won in the statistics (the game goes on after it)."""


def outcome(state: G2048State) -> Outcome:
    """A finished game is won if it made the 2048 tile, whatever its score."""
    made_it = SeatOutcome.WON if state.max_tile >= WINNING_TILE else SeatOutcome.LOST
    return Outcome(Termination.SCORE, (float(state.score),), (1,), results=(made_it,))


def figures(state: G2048State, seat: int) -> SeatFigures:
    """The score and the best tile, for the statistics."""
    return SeatFigures(score=state.score, best_tile=state.max_tile)


def result_text(state: G2048State) -> str:
    """One line for the finished game, e.g. 'No moves left: score 20316, best tile 2048'."""
    return f"No moves left: score {state.score}, best tile {state.max_tile}"


DEFINITION = GameDefinition(
    state_class=G2048State, kernels=KERNELS, make_ai=ai_factory("tui_games.games.g2048.ai"),
    result_text=result_text, figures=figures, outcome=outcome,
)
"""The game as the catalogue plays it: a new game starts at its first chance node (two random tiles
are due; ``resolve_chance`` places them)."""
