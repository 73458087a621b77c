"""Othello state: the protocol adapter over rules.py, with read-only views for the UI.

Squares are named as players write them: column a-h from the left, row 1-8 from the top ("d3" is
action 19); the pass is "pass". Typed moves may use either case ("D3") and "p" for pass.
"""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.games.othello import rules
from tui_games.games.othello.spec import START

MARKS = "XO"
"""Seat 0 (black, moves first) plays X; seat 1 (white) plays O."""
EMPTY = "-"
COLUMNS = "abcdefgh"
MASK64 = (1 << 64) - 1


def as_int64(board: int) -> int:
    """A 64-bit board (0 .. 2**64-1) as the signed int64 with the same bits (how states store it)."""
    return board - (1 << 64) if board >= 1 << 63 else board


def square_name(square: int) -> str:
    """Square 0-63 as a coordinate: 'a1' is 0 (top left), 'h8' is 63."""
    return f"{COLUMNS[square % 8]}{square // 8 + 1}"


def action_name(action: int) -> str:
    """An action's name: a square ('d3') or 'pass'."""
    return "pass" if action == rules.PASS else square_name(action)


def squares_of(board: int) -> list[int]:
    """The squares set in a 64-bit board, in increasing order."""
    return [square for square in range(64) if board >> square & 1]


class OthelloState(KernelState):
    """An Othello position. Rows are counted from the top (row 0 is row 1 of the board)."""

    __slots__ = ()

    def discs(self, seat: int) -> int:
        """``seat``'s discs as a non-negative 64-bit board (bit row * 8 + col)."""
        return int(self.array[rules.BLACK_DISCS + seat]) & MASK64

    @property
    def board(self) -> str:
        """The 64 squares row by row from a1: 'X', 'O' or '-' (the ``position`` parameter's letters)."""
        black, white = self.discs(0), self.discs(1)
        return "".join("X" if black >> i & 1 else "O" if white >> i & 1 else EMPTY for i in range(64))

    @property
    def cells(self) -> list[list[int]]:
        """The board as 8 rows from the top of 8 seat numbers (0 black, 1 white) or -1 if empty."""
        board = self.board
        return [[-1 if c == EMPTY else MARKS.index(c) for c in board[r * 8:r * 8 + 8]] for r in range(8)]

    @property
    def disc_counts(self) -> tuple[int, int]:
        """(black discs, white discs)."""
        return bin(self.discs(0)).count("1"), bin(self.discs(1)).count("1")

    @property
    def disc_difference(self) -> int:
        """Black's discs minus white's, as they stand."""
        black, white = self.disc_counts
        return black - white

    @property
    def final_score(self) -> int:
        """Black's final disc difference with empty squares given to the winner (once over), as
        players and the FFO problems count it; the running difference while the game goes on."""
        black, white = self.disc_counts
        empties = 64 - black - white
        if not self.is_terminal or black == white:
            return black - white
        return black - white + (empties if black > white else -empties)

    @property
    def last_move(self) -> int | None:
        """The last action (a square or PASS), or None before the first move."""
        move = self.field("last_move")
        return None if move < 0 else move

    @property
    def flipped(self) -> list[int]:
        """The squares the last move turned over."""
        return squares_of(self.field("flipped") & MASK64)

    @property
    def position(self) -> str:
        """This position in the ``position`` parameter's form: 64 letters and the side to move."""
        side = MARKS[self.current_player] if self.current_player in (0, 1) else MARKS[int(self.ply) % 2]
        return f"{self.board} {side}"

    @property
    def empties(self) -> int:
        """The number of empty squares."""
        black, white = self.disc_counts
        return 64 - black - white

    @property
    def must_pass(self) -> bool:
        """True when the player to move has no move and must pass."""
        return self.legal_actions() == [rules.PASS]


def _read_action(state: KernelState, text: str) -> int:
    word = text.strip().lower()
    if word in ("pass", "p", "--"):
        return rules.PASS
    if len(word) == 2 and word[0] in COLUMNS and word[1] in "12345678":
        return (int(word[1]) - 1) * 8 + COLUMNS.index(word[0])
    raise IllegalActionError(
        f"{text!r} is not a square: type a column a-h and a row 1-8 (like d3), or 'pass'")


def _why_illegal(state: OthelloState, action: int) -> str:
    if not 0 <= action <= rules.PASS:
        return f"there is no action {action}: squares are 0-63 (a1-h8) and 64 is the pass"
    if action == rules.PASS:
        return "you cannot pass while you have a move"
    if state.must_pass:
        return f"{square_name(action)} is not possible: you have no move and must pass"
    if state.board[action] != EMPTY:
        return f"{square_name(action)} is already taken"
    return f"{square_name(action)} turns over no disc: a move must outflank at least one"


def _observe(state: OthelloState, player: int) -> str:
    board = state.board
    lines = ["  " + " ".join(COLUMNS)]
    for row in range(8):
        lines.append(f"{row + 1} " + " ".join(board[row * 8:row * 8 + 8]))
    black, white = state.disc_counts
    lines.append(f"X {black}  O {white}")
    return "\n".join(lines)


def boards_from_position(position: str) -> tuple[int, int, int]:
    """(black board, white board, seat to move) of a checked ``position`` parameter ('start', or
    64 letters X/O/- from a1 row by row, a space, X or O), the boards as int64 bit patterns."""
    if position == START:
        return rules.START_BLACK, rules.START_WHITE, rules.BLACK
    squares, side = position.split()
    black = sum(1 << i for i, c in enumerate(squares) if c == "X")
    white = sum(1 << i for i, c in enumerate(squares) if c == "O")
    return as_int64(black), as_int64(white), MARKS.index(side)


def state_array(position: str):
    """A state array for a position in the parameter's form (see :func:`boards_from_position`)."""
    black, white, to_move = boards_from_position(position)
    return rules.state_from_boards(black, white, to_move)


def _initial(seed: int, params: dict):
    return state_array(params["position"])


def _name_action(state: KernelState, action: int) -> str:
    if not 0 <= action <= rules.PASS:
        raise IllegalActionError(_why_illegal(state, action))
    return action_name(action)


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)


def result_text(state: OthelloState) -> str:
    """'X wins 40-24', 'O wins 33-31' or 'Draw 32-32' (the match's result line)."""
    black, white = state.disc_counts
    if state.winner is None:
        return f"Draw, {black}-{white}"
    return f"{state.spec.seat_name(state.winner)} wins {black}-{white}"


DEFINITION = GameDefinition(state_class=OthelloState, kernels=KERNELS,
                            make_ai=ai_factory("tui_games.games.othello.ai"), result_text=result_text)
"""The game as the catalogue plays it (``spec.new`` and ``spec.ai`` go through it)."""
