"""Tic Tac Toe rules as jitted kernels: the only implementation, used by the UI and the AI.

State: the common header, then 9 cells row-major from the top left (:data:`LAYOUT`).
Actions: the cell index 0-8 (OpenSpiel's numbering).
"""

from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_EVALUATE, SIG_LEGAL, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)
from tui_games.engine.standard import two_player_win_loss_returns as returns  # noqa: F401 (kernel)

LAYOUT = StateLayout("Tic Tac Toe state", Field("cells", 9, "0 empty, 1 X, 2 O; row-major from the top left"))
"""The state array: the common header, then the board."""
LAYOUT.export(globals())  # CELLS, STATE_SIZE
MAX_ACTIONS = 9
"""Legal moves in any position: the nine cells."""
EMPTY, X, O = 0, 1, 2

LINES = np.array(
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]],
    dtype=np.int64,
)


@kernel()
def initial_state():
    """The empty board, X to move."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[PLAYER] = 0
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 2
    return s


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The empty cells, in index order."""
    if s[PLAYER] == TERMINAL:
        return 0
    n = 0
    for cell in range(9):
        if s[CELLS + cell] == EMPTY:
            out[n] = cell
            n += 1
    return n


@kernel()
def has_line(s, mark):
    """True if ``mark`` owns a complete line."""
    for i in range(8):
        if (s[CELLS + LINES[i, 0]] == mark and s[CELLS + LINES[i, 1]] == mark
                and s[CELLS + LINES[i, 2]] == mark):
            return True
    return False


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Place the mover's mark on ``action`` and settle a win or a full-board draw."""
    player = s[PLAYER]
    s[CELLS + action] = player + 1
    s[PLY] += 1
    if has_line(s, player + 1):
        s[WINNER] = player
        s[PLAYER] = TERMINAL
    elif s[PLY] == 9:
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = 1 - player
    return 0


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """Heuristic: lines still open for ``player`` minus lines still open for the opponent, /8."""
    mine = player + 1
    theirs = 2 - player
    score = 0.0
    for i in range(8):
        has_mine = False
        has_theirs = False
        for j in range(3):
            v = s[CELLS + LINES[i, j]]
            if v == mine:
                has_mine = True
            elif v == theirs:
                has_theirs = True
        if has_mine and not has_theirs:
            score += 1.0
        elif has_theirs and not has_mine:
            score -= 1.0
    return score / 8.0
