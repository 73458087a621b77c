"""Nim rules as jitted kernels (N heaps of S items, take 1..M from one heap, last item wins).

State: the common header, then N, M, then the N heap sizes (:data:`LAYOUT`).
Actions (OpenSpiel's numbering): ``(take - 1) * N + heap`` for heap 0..N-1 and take 1..min(M, heap).
Theory: with at most M per move a heap of h items has Grundy value h mod (M + 1); the mover wins
exactly when the XOR of the heaps' Grundy values is not zero.
"""

from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_EVALUATE, SIG_LEGAL, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)
from tui_games.engine.standard import two_player_win_loss_returns as returns  # noqa: F401 (kernel)

MAX_HEAPS = 8
"""The most heaps a game may have (the state reserves a slot for each)."""
LAYOUT = StateLayout(
    "Nim state",
    Field("n_heaps", 1, "N, the number of heaps in play"),
    Field("max_take", 1, "M, the most items one move may take"),
    Field("heaps", MAX_HEAPS, "items left in each heap; only the first N are used"),
)
"""The state array: the common header, then N, M and the heaps."""
LAYOUT.export(globals())  # N_HEAPS, MAX_TAKE, HEAPS, STATE_SIZE
MAX_ITEMS = 15
"""The most items a heap may hold or a move take (the spec's largest ``size`` and ``max_take``)."""
MAX_ACTIONS = MAX_HEAPS * MAX_ITEMS
"""Action ids stay below this: ``(take - 1) * N + heap`` for take 1..15 and heap 0..N-1."""


@kernel()
def initial_state(heaps, size, max_take):
    """``heaps`` heaps of ``size`` items, at most ``max_take`` per move, first player to move."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 2
    s[N_HEAPS] = heaps
    s[MAX_TAKE] = max_take
    for i in range(heaps):
        s[HEAPS + i] = size
    return s


@kernel()
def encode(s, heap, take):
    """The action id of taking ``take`` items from ``heap``."""
    return (take - 1) * s[N_HEAPS] + heap


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """Every (heap, take) with 1 <= take <= min(M, heap size), in increasing action id."""
    if s[PLAYER] == TERMINAL:
        return 0
    n = 0
    for take in range(1, s[MAX_TAKE] + 1):
        for heap in range(s[N_HEAPS]):
            if s[HEAPS + heap] >= take:
                out[n] = encode(s, heap, take)
                n += 1
    return n


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Take the items; the player who empties the last heap wins."""
    heap = action % s[N_HEAPS]
    take = action // s[N_HEAPS] + 1
    s[HEAPS + heap] -= take
    s[PLY] += 1
    left = 0
    for i in range(s[N_HEAPS]):
        left += s[HEAPS + i]
    if left == 0:
        s[WINNER] = s[PLAYER]
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = 1 - s[PLAYER]
    return 0


@kernel()
def nim_sum(s):
    """XOR of every heap's Grundy value (heap size mod M+1): zero exactly when the mover loses."""
    x = 0
    for i in range(s[N_HEAPS]):
        x ^= s[HEAPS + i] % (s[MAX_TAKE] + 1)
    return x


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """Exact value for ``player``: +1 if the position is won for them with perfect play, else -1."""
    mover_wins = nim_sum(s) != 0
    if player == s[PLAYER]:
        return 1.0 if mover_wins else -1.0
    return -1.0 if mover_wins else 1.0
