"""Sim rules as jitted kernels: K nodes, every pair joined by an edge; the seats colour free edges in
turn, and a seat that completes a triangle of its own colour loses.

Two seats: the other seat wins; a full board without a triangle is a draw (possible only for K < 6).
Three seats: the seat that completes a triangle is out, the other two play on (skipping it) until one
of them completes one too, and the last seat in wins; a full board ends the game in a tie of the seats
still in (all three, or the two left). With the 1-2 coalition (three seats only) seats 1 and 2 play
as a team against seat 0 and the first triangle ends the game: the team of its maker loses.

Returns (as GBG's Sim): two seats +1 / -1, 0 each for a draw; three seats +1 for the winner, -1 for
each seat out, 0 for the seats of a tie; the coalition +1 for each seat of the winning side, -1 for
each of the other, 0 each on a full board.

Actions: the edge index in the order (0,1), (0,2), ..., (0,K-1), (1,2), ..., (K-2,K-1).
"""

from tui_games.engine.elimination import IN_PLAY, end_move, put_out
from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_EVALUATE, SIG_LEGAL, SIG_RETURNS, kernel, np, types
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)

MIN_NODES, MAX_NODES = 3, 12
"""The fewest and most nodes (K)."""
MAX_EDGES = MAX_NODES * (MAX_NODES - 1) // 2
"""Edges of the largest board (66)."""
MAX_SEATS = 3
"""Sim is for two or three seats."""
FREE = 0
"""An uncoloured edge; seat p's edges hold p + 1."""

LAYOUT = StateLayout(
    "Sim state",
    Field("n_nodes", 1, "K, the number of nodes"),
    Field("coalition", 1, "1 when seats 1 and 2 play as a team against seat 0 (three seats), else 0"),
    Field("free_edges", 1, "edges still uncoloured"),
    Field("out", MAX_SEATS, "per seat: 0 in play, else 1 for the first seat out, 2 for the second"),
    Field("out_edge", MAX_SEATS, "per seat: the edge that completed its triangle, -1 if none"),
    Field("edges", MAX_EDGES, "per edge in action order: 0 free, p + 1 coloured by seat p"),
)
"""The state array: the common header, then K, the coalition flag, counts and the edges."""
LAYOUT.export(globals())  # N_NODES, COALITION, FREE_EDGES, OUT, OUT_EDGE, EDGES, STATE_SIZE
MAX_ACTIONS = MAX_EDGES
"""Legal moves in any position: the free edges of the largest board."""


@kernel(types.int64(types.int64, types.int64, types.int64))
def edge_index(k, a, b):
    """The action of the edge between nodes ``a`` and ``b`` (either order) of a K-node board."""
    if a > b:
        a, b = b, a
    return a * k - a * (a + 1) // 2 + (b - a - 1)


@kernel(types.UniTuple(types.int64, 2)(types.int64, types.int64))
def edge_nodes(k, edge):
    """The two nodes (smaller first) of edge ``edge`` of a K-node board."""
    a = 0
    first = 0
    while first + (k - 1 - a) <= edge:
        first += k - 1 - a
        a += 1
    return a, a + 1 + edge - first


@kernel()
def initial_state(nodes, seats, coalition):
    """An empty board of ``nodes`` nodes for ``seats`` seats (``coalition`` 1: seats 1 and 2 a team)."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = seats
    s[N_NODES] = nodes
    s[COALITION] = coalition if seats == 3 else 0
    s[FREE_EDGES] = nodes * (nodes - 1) // 2
    for seat in range(MAX_SEATS):
        s[OUT_EDGE + seat] = -1
    return s


@kernel(types.int64(types.int64[::1], types.int64, types.int64))
def third_node(s, edge, seat):
    """A node that closes a triangle of ``seat``'s colour with ``edge`` (the two other sides both
    ``seat``'s), or -1 when there is none. ``edge`` itself may be free or coloured."""
    k = s[N_NODES]
    a, b = edge_nodes(k, edge)
    colour = seat + 1
    for c in range(k):
        if c != a and c != b and s[EDGES + edge_index(k, a, c)] == colour and \
                s[EDGES + edge_index(k, b, c)] == colour:
            return c
    return -1


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """Every free edge, in index order."""
    if s[PLAYER] == TERMINAL:
        return 0
    n = 0
    for edge in range(s[N_NODES] * (s[N_NODES] - 1) // 2):
        if s[EDGES + edge] == FREE:
            out[n] = edge
            n += 1
    return n


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Colour the edge; a triangle of the mover's colour puts it out (ends a two-seat or coalition
    game); a full board ends the game in a tie of the seats still in."""
    mover = s[PLAYER]
    lost = third_node(s, action, mover) >= 0
    s[EDGES + action] = mover + 1
    s[FREE_EDGES] -= 1
    s[PLY] += 1
    if lost:
        s[OUT_EDGE + mover] = action
        if s[COALITION] == 1:  # the first triangle decides: seat 0 alone wins, or the team (no single winner)
            put_out(s, OUT, mover)
            if mover != 0:
                s[WINNER] = 0
            s[PLAYER] = TERMINAL
            return 0
    end_move(s, OUT, mover, lost, s[FREE_EDGES] == 0)
    return 0


@kernel(SIG_RETURNS)
def returns(s, out):
    """The seats' returns once the game is over (0 each while it runs); see the module docstring."""
    seats = s[NUM_PLAYERS]
    for seat in range(seats):
        out[seat] = 0.0
    if s[PLAYER] != TERMINAL:
        return seats
    if s[COALITION] == 1:
        for seat in range(seats):
            if s[OUT + seat] != IN_PLAY:  # the side of the seat that made the triangle loses
                loser_side = 0 if seat == 0 else 1
                for other in range(seats):
                    out[other] = -1.0 if (0 if other == 0 else 1) == loser_side else 1.0
        return seats
    for seat in range(seats):
        if s[OUT + seat] != IN_PLAY:
            out[seat] = -1.0
    if s[WINNER] >= 0:
        out[s[WINNER]] = 1.0
    return seats


@kernel(types.int64(types.int64[::1], types.int64))
def safe_edges(s, seat):
    """How many free edges ``seat`` could colour without completing a triangle of its colour."""
    count = 0
    for edge in range(s[N_NODES] * (s[N_NODES] - 1) // 2):
        if s[EDGES + edge] == FREE and third_node(s, edge, seat) < 0:
            count += 1
    return count


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A guess from the safe edges left: the game is lost by the side that runs out of them first.

    The seat's (or its side's) safe edges minus those of the opposition, scaled into (-0.5, 0.5); a
    seat already out gets its -1.
    """
    if s[OUT + player] != IN_PLAY:
        return -1.0
    seats = s[NUM_PLAYERS]
    scale = 2.0 * (s[N_NODES] * (s[N_NODES] - 1) // 2 + 1)
    mine = safe_edges(s, player)
    if s[COALITION] == 1:  # a side is as safe as its most endangered seat
        team = min(safe_edges(s, 1), safe_edges(s, 2))
        alone = safe_edges(s, 0)
        return (alone - team) / scale if player == 0 else (team - alone) / scale
    others = 0.0
    count = 0
    for seat in range(seats):
        if seat != player and s[OUT + seat] == IN_PLAY:
            others += safe_edges(s, seat)
            count += 1
    if count == 0:
        return 0.0
    return (mine - others / count) / scale
