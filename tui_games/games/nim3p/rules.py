"""Nim3P rules as jitted kernels: N heaps of S items, three seats P0 -> P1 -> P2 take 1..S items from
one heap in turn; the seat AFTER the one who takes the last item wins.

State: the common header, then N, the extra-rule flag and the heap sizes (:data:`LAYOUT`).
Actions (as Nim's): ``(take - 1) * N + heap`` for heap 0..N-1 and take 1..heap size (M = S, so a
move may empty any heap).
Returns: 1 for the winner, 0 for the two others; with the extra rule the seat after the winner gets
0.2 instead of 0.
"""

from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_EVALUATE, SIG_LEGAL, SIG_RETURNS, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)

SEATS = 3
"""Nim3P is for three seats exactly."""
MAX_HEAPS = 6
"""The most heaps a game may have (the state reserves a slot for each)."""
MAX_SIZE = 9
"""The most items a heap may start with."""
WIN_REWARD = 1.0
"""The winner's return."""
EXTRA_REWARD = 0.2
"""The return of the seat after the winner under the extra rule."""

LAYOUT = StateLayout(
    "Nim3P state",
    Field("n_heaps", 1, "N, the number of heaps in play"),
    Field("extra_rule", 1, "1 when the seat after the winner gets the extra 0.2, else 0"),
    Field("heaps", MAX_HEAPS, "items left in each heap; only the first N are used"),
)
"""The state array: the common header, then N, the extra-rule flag and the heaps."""
LAYOUT.export(globals())  # N_HEAPS, EXTRA_RULE, HEAPS, STATE_SIZE
MAX_ACTIONS = MAX_HEAPS * MAX_SIZE
"""The most legal moves a position can have (every heap full)."""


@kernel()
def initial_state(heaps, size, extra_rule):
    """``heaps`` heaps of ``size`` items, P0 to move; ``extra_rule`` 1 turns the extra 0.2 on."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = SEATS
    s[N_HEAPS] = heaps
    s[EXTRA_RULE] = extra_rule
    for i in range(heaps):
        s[HEAPS + i] = size
    return s


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """Every (heap, take) with 1 <= take <= the heap's size, in increasing action id."""
    if s[PLAYER] == TERMINAL:
        return 0
    n_heaps = s[N_HEAPS]
    largest = 0
    for heap in range(n_heaps):
        largest = max(largest, s[HEAPS + heap])
    n = 0
    for take in range(1, largest + 1):
        for heap in range(n_heaps):
            if s[HEAPS + heap] >= take:
                out[n] = (take - 1) * n_heaps + heap
                n += 1
    return n


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Take the items; once the last one is gone the next seat wins."""
    n_heaps = s[N_HEAPS]
    s[HEAPS + action % n_heaps] -= action // n_heaps + 1
    s[PLY] += 1
    following = (s[PLAYER] + 1) % SEATS
    left = 0
    for heap in range(n_heaps):
        left += s[HEAPS + heap]
    if left == 0:
        s[WINNER] = following
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = following
    return 0


@kernel(SIG_RETURNS)
def returns(s, out):
    """1 for the winner, 0.2 for the seat after it under the extra rule, 0 otherwise (all 0 while the
    game runs)."""
    for seat in range(SEATS):
        out[seat] = 0.0
    winner = s[WINNER]
    if s[PLAYER] == TERMINAL and winner >= 0:
        out[winner] = WIN_REWARD
        if s[EXTRA_RULE]:
            out[(winner + 1) % SEATS] = EXTRA_REWARD
    return SEATS


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """No guess for an unfinished game: the win shared out evenly (a third each), the extra reward too."""
    share = WIN_REWARD / SEATS
    if s[EXTRA_RULE]:
        share += EXTRA_REWARD / SEATS
    return share
