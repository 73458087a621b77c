"""Hex rules as jitted kernels: an N x N rhombus, black (X) joins top and bottom, white (O) left and right.

Actions (OpenSpiel's ``hex`` ids): cell ``row * N + col`` for an empty cell (a1 = 0 at the top left),
and ``N * N``, the swap, which the second player may play as their first move when the pie rule is on:
the first stone is taken off and a white stone put on its mirror image across the long diagonal
(row and column exchanged), and black moves again; so X stays black and joins top and bottom.

State: the common header, then N, the pie-rule flag, the cells and a union-find forest over the
stones and the four sides (:data:`LAYOUT`). Placing a stone joins it to its same-coloured neighbours
and to the sides it touches; a player has won when their two sides are in one set.
"""

from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.hexconnect import rhombus_step, uf_find, uf_reset, uf_union
from tui_games.engine.jit import SIG_APPLY, SIG_EVALUATE, SIG_LEGAL, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)
from tui_games.engine.standard import two_player_win_loss_returns as returns  # noqa: F401 (kernel)

MIN_SIZE = 2
MAX_SIZE = 19
MAX_CELLS = MAX_SIZE * MAX_SIZE
EMPTY, BLACK, WHITE = 0, 1, 2
"""Cell values: empty, a black (X, seat 0) stone, a white (O, seat 1) stone."""
TOP_NODE, BOTTOM_NODE, LEFT_NODE, RIGHT_NODE = MAX_CELLS, MAX_CELLS + 1, MAX_CELLS + 2, MAX_CELLS + 3
"""The union-find nodes of the four sides (after every cell's node)."""

LAYOUT = StateLayout(
    "Hex state",
    Field("size", 1, "N, the board's side (2-19)"),
    Field("swap", 1, "1 when the pie rule is on (the swap action N * N on the second move)"),
    Field("cells", MAX_CELLS, "0 empty, 1 black X, 2 white O; cell row * N + col (the first N * N used)"),
    Field("groups", MAX_CELLS + 4, "union-find parents of the cells, then of the top, bottom, left and right sides"),
)
"""The state array: the common header, then N, the pie-rule flag, the cells and the groups."""
LAYOUT.export(globals())  # SIZE, SWAP, CELLS, GROUPS, STATE_SIZE
MAX_ACTIONS = MAX_CELLS + 1


@kernel()
def initial_state(size, swap):
    """An empty ``size`` x ``size`` board, black (seat 0) to move; ``swap`` 1 turns the pie rule on."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 2
    s[SIZE] = size
    s[SWAP] = swap
    uf_reset(s[GROUPS:GROUPS + MAX_CELLS + 4])
    return s


@kernel()
def place(s, cell, colour):
    """Put a ``colour`` stone on ``cell`` and join its groups; True when it connects that colour's sides."""
    n = s[SIZE]
    groups = s[GROUPS:GROUPS + MAX_CELLS + 4]
    s[CELLS + cell] = colour
    for d in range(6):
        nb = rhombus_step(cell, d, n, n)
        if nb >= 0 and s[CELLS + nb] == colour:
            uf_union(groups, cell, nb)
    row = cell // n
    col = cell % n
    if colour == BLACK:
        if row == 0:
            uf_union(groups, cell, TOP_NODE)
        if row == n - 1:
            uf_union(groups, cell, BOTTOM_NODE)
        return uf_find(groups, TOP_NODE) == uf_find(groups, BOTTOM_NODE)
    if col == 0:
        uf_union(groups, cell, LEFT_NODE)
    if col == n - 1:
        uf_union(groups, cell, RIGHT_NODE)
    return uf_find(groups, LEFT_NODE) == uf_find(groups, RIGHT_NODE)


@kernel()
def swap_allowed(s):
    """True when the player to move may play the swap (pie rule on, one stone on the board)."""
    return s[SWAP] != 0 and s[PLY] == 1 and s[PLAYER] == 1


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """Every empty cell in increasing order, then the swap when it is allowed."""
    if s[PLAYER] == TERMINAL:
        return 0
    n = s[SIZE]
    count = 0
    for cell in range(n * n):
        if s[CELLS + cell] == EMPTY:
            out[count] = cell
            count += 1
    if swap_allowed(s):
        out[count] = n * n
        count += 1
    return count


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Place the mover's stone (or swap); a stone that joins the mover's sides wins."""
    n = s[SIZE]
    s[PLY] += 1
    if action == n * n:
        first = 0
        for cell in range(n * n):
            if s[CELLS + cell] != EMPTY:
                first = cell
        s[CELLS + first] = EMPTY
        uf_reset(s[GROUPS:GROUPS + MAX_CELLS + 4])
        place(s, (first % n) * n + first // n, WHITE)
        s[PLAYER] = 0
        return 0
    mover = s[PLAYER]
    if place(s, action, mover + 1):
        s[WINNER] = mover
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = 1 - mover
    return 0


@kernel()
def stones_needed(s, colour):
    """The fewest empty cells ``colour`` must still fill to join its sides (0-1 breadth-first search:
    own stones cost nothing, empty cells one, the opponent's stones block); a large number when the
    sides can no longer be joined."""
    n = s[SIZE]
    cells = n * n
    unreachable = cells + 1
    dist = np.full(cells, unreachable, np.int64)
    deque = np.empty(2 * cells + 2, np.int64)
    head = cells + 1
    tail = cells + 1
    for i in range(n):
        cell = i if colour == BLACK else i * n
        value = s[CELLS + cell]
        if value == colour:
            dist[cell] = 0
            head -= 1
            deque[head] = cell
        elif value == EMPTY:
            dist[cell] = 1
            deque[tail] = cell
            tail += 1
    best = unreachable
    while head < tail:
        cell = deque[head]
        head += 1
        d = dist[cell]
        row = cell // n
        col = cell % n
        if (colour == BLACK and row == n - 1) or (colour == WHITE and col == n - 1):
            if d < best:
                best = d
        for k in range(6):
            nb = rhombus_step(cell, k, n, n)
            if nb < 0:
                continue
            value = s[CELLS + nb]
            if value == colour and d < dist[nb]:
                dist[nb] = d
                head -= 1
                deque[head] = nb
            elif value == EMPTY and d + 1 < dist[nb]:
                dist[nb] = d + 1
                deque[tail] = nb
                tail += 1
    return best


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A heuristic value in (-1, 1) for ``player``: who needs fewer stones to connect (the player to
    move counts half a stone ahead)."""
    mine = np.float64(stones_needed(s, player + 1))
    theirs = np.float64(stones_needed(s, 2 - player))
    if s[PLAYER] == player:
        mine -= 0.5
    else:
        theirs -= 0.5
    return (theirs - mine) / (theirs + mine + 1.0)
