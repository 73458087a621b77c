"""RoPaSci 360 rules as jitted kernels: two seats (Upper 0, Lower 1) choosing at once every turn.

Board: the hexagon of side 5 from :func:`tui_games.engine.hexgrid.hexagon` with ``top="max"``: hexes
in axial ``(r, q)``, ``r`` from 4 (Upper's first row) down to -4, numbered 0-60 row by row from
``r = 4``, ``q`` ascending. Symbols: 0 rock, 1 paper, 2 scissors; symbol ``s`` beats ``(s + 2) % 3``.

Actions of one seat (pinned): a throw of symbol ``s`` onto hex ``h`` is ``s * 61 + h``; a slide or a
swing of a token from hex ``f`` to hex ``t`` is ``183 + f * 61 + t``. A slide goes to an adjacent hex;
a swing goes around an adjacent hex holding one of the mover's own tokens to a hex next to that pivot
and two steps from ``f`` (a swing never reaches a hex a slide reaches, so one id is one move). The
n-th throw (n = 1..9) lands in the thrower's first n rows (Upper counts from the top, Lower from the
bottom). After the battles a hex holds tokens of one symbol only, so a move from ``f`` moves one token
of that symbol.

A turn: both actions played, then every hex holding tokens battles (all three symbols there: all are
defeated; else a symbol present defeats every token of the symbol it beats, both seats' alike).
The game then ends on the first of: (1) a seat with no tokens and no throws (the other wins if it has
tokens or throws, else a draw); (2) both seats hold an invincible token (a draw); (3) one seat holds an
invincible token and the other a single token (the first wins); (4) a configuration (tokens per hex,
symbol and seat, and throws left) seen for the third time (a draw); (5) turn 360 played (a draw).
A token is invincible when the opponent has no throws left and no token of the symbol beating it.

Returns +1 / -1 to the winner / loser, 0 each for a draw.
"""

import numpy as np

from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, SIMULTANEOUS, TERMINAL, WINNER
from tui_games.engine.hexgrid import OFF_BOARD
from tui_games.engine.jit import SIG_APPLY, SIG_APPLY_JOINT, SIG_LEGAL, SIG_LEGAL_FOR, SIG_RETURNS, kernel
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.standard import no_chance_outcomes as chance_outcomes  # noqa: F401 (kernel)
from tui_games.games.ropasci360.constants import GRID, MAX_TURNS, N_HEXES, N_SYMBOLS, THROW_ACTIONS

UPPER, LOWER = 0, 1
ROCK, PAPER, SCISSORS = 0, 1, 2
MAX_THROWS = 9
N_ROWS = 9
MAX_ACTIONS = THROW_ACTIONS + N_HEXES * N_HEXES
"""Every action id is below this (3904)."""

END_NONE, END_ELIMINATED, END_BOTH_INVINCIBLE, END_INVINCIBLE, END_REPETITION, END_TURNS = 0, 1, 2, 3, 4, 5
"""Why the game ended: the five end conditions of the rules, in their order (0 while it runs)."""

NEIGHBOURS = GRID.neighbours
"""``NEIGHBOURS[h, d]``: the hex one step in direction d from h (-1 past the rim)."""
ROW = np.array([GRID.row_of(h) for h in range(N_HEXES)], dtype=np.int64)
"""Drawn row of each hex: 0 for r = 4 (Upper's first row) to 8 for r = -4 (Lower's first)."""
DISTANCE = np.array([[GRID.distance(a, b) for b in range(N_HEXES)] for a in range(N_HEXES)], dtype=np.int64)
"""Hex distance between every two hexes."""


def _zobrist_keys() -> np.ndarray:
    rng = np.random.default_rng(360)
    return rng.integers(-(2**62), 2**62, size=2 * N_SYMBOLS * N_HEXES + 2 * (MAX_THROWS + 1), dtype=np.int64)


ZOBRIST = _zobrist_keys()
"""Random keys: one per (seat, symbol, hex) slot, multiplied by the token count there, then one per
(seat, throws left); a configuration's key is their wrapping sum."""

LAYOUT = StateLayout(
    "RoPaSci 360 state",
    Field("turn", 1, "turns played"),
    Field("throws", 2, "throws left of Upper and Lower"),
    Field("end", 1, "end condition that ended the game (1-5), 0 while it runs"),
    Field("last", 2, "Upper's and Lower's last actions, -1 before the first turn"),
    Field("counts", 2 * N_SYMBOLS * N_HEXES, "tokens of seat p, symbol s on hex h at (p * 3 + s) * 61 + h"),
    Field("seen", MAX_TURNS + 1, "configuration key after each turn (the first before turn 1)"),
)
"""The state array: header, turn counter, throws, end reason, last actions, token counts, key history."""
LAYOUT.export(globals())  # TURN, THROWS, END, LAST, COUNTS, SEEN, STATE_SIZE


@kernel()
def slot(player, symbol, hex_):
    """Index of the count of ``player``'s tokens of ``symbol`` on ``hex_``."""
    return COUNTS + (player * N_SYMBOLS + symbol) * N_HEXES + hex_


@kernel()
def beats(mine, theirs):
    """True when symbol ``mine`` defeats symbol ``theirs``."""
    return (mine + 2) % 3 == theirs


@kernel()
def config_key(s):
    """The key of the configuration: tokens per hex, symbol and seat, and throws left."""
    key = np.int64(0)
    for i in range(2 * N_SYMBOLS * N_HEXES):
        c = s[COUNTS + i]
        if c != 0:
            key += c * ZOBRIST[i]
    base = 2 * N_SYMBOLS * N_HEXES
    for p in range(2):
        key += ZOBRIST[base + p * (MAX_THROWS + 1) + s[THROWS + p]]
    return key


@kernel()
def initial_state():
    """The empty board, nine throws each, both seats to choose."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[PLAYER] = SIMULTANEOUS
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 2
    s[THROWS] = MAX_THROWS
    s[THROWS + 1] = MAX_THROWS
    s[LAST] = -1
    s[LAST + 1] = -1
    s[SEEN] = config_key(s)
    return s


@kernel()
def symbol_at(s, player, hex_):
    """The symbol of ``player``'s tokens on ``hex_`` (-1 when it has none there)."""
    for sym in range(N_SYMBOLS):
        if s[slot(player, sym, hex_)] > 0:
            return sym
    return -1


@kernel()
def throw_row_ok(player, throws_left, hex_):
    """True when ``player`` with ``throws_left`` may throw onto ``hex_`` (its n-th throw: first n rows)."""
    n = MAX_THROWS - throws_left + 1
    if player == UPPER:
        return ROW[hex_] < n
    return ROW[hex_] >= N_ROWS - n


@kernel(SIG_LEGAL_FOR)
def legal_for(s, player, out):
    """``player``'s throws (while it has any, onto its n-th throw's rows), then its slides and swings
    (each destination once per token hex), ids ascending within each kind."""
    if s[PLAYER] != SIMULTANEOUS or player < 0 or player > 1:
        return 0
    n = 0
    left = s[THROWS + player]
    if left > 0:
        for sym in range(N_SYMBOLS):
            for h in range(N_HEXES):
                if throw_row_ok(player, left, h):
                    out[n] = sym * N_HEXES + h
                    n += 1
    mark = np.zeros(N_HEXES, dtype=np.int64)
    for f in range(N_HEXES):
        if symbol_at(s, player, f) < 0:
            continue
        mark[:] = 0
        for d in range(6):
            t = NEIGHBOURS[f, d]
            if t != OFF_BOARD:
                mark[t] = 1
        for d in range(6):
            pivot = NEIGHBOURS[f, d]
            if pivot == OFF_BOARD or symbol_at(s, player, pivot) < 0:
                continue
            for e in range(6):
                t = NEIGHBOURS[pivot, e]
                if t != OFF_BOARD and t != f and DISTANCE[f, t] == 2:
                    mark[t] = 1
        for t in range(N_HEXES):
            if mark[t]:
                out[n] = THROW_ACTIONS + f * N_HEXES + t
                n += 1
    return n


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """No seat ever moves alone: every turn is a simultaneous decision (see :func:`legal_for`)."""
    return 0


@kernel(SIG_APPLY)
def apply_action(s, action):
    """No single action is legal (the state adapter refuses it first): changes nothing."""
    return -1


@kernel()
def play_one(s, player, action):
    """Play one seat's action (no battle yet); returns the hex it lands on."""
    if action < THROW_ACTIONS:
        sym = action // N_HEXES
        h = action % N_HEXES
        s[slot(player, sym, h)] += 1
        s[THROWS + player] -= 1
        return h
    f = (action - THROW_ACTIONS) // N_HEXES
    t = (action - THROW_ACTIONS) % N_HEXES
    sym = symbol_at(s, player, f)
    s[slot(player, sym, f)] -= 1
    s[slot(player, sym, t)] += 1
    return t


@kernel()
def battle(s, h):
    """Resolve the tokens on hex ``h``: all three symbols there defeat them all, else each symbol
    present defeats every token (of either seat) of the symbol it beats."""
    present = np.zeros(N_SYMBOLS, dtype=np.int64)
    for p in range(2):
        for sym in range(N_SYMBOLS):
            if s[slot(p, sym, h)] > 0:
                present[sym] = 1
    everything = present[0] + present[1] + present[2] == 3
    for sym in range(N_SYMBOLS):
        if everything or (present[sym] and present[(sym + 1) % 3]):
            for p in range(2):
                s[slot(p, sym, h)] = 0


@kernel()
def token_count(s, player):
    """How many tokens ``player`` has on the board."""
    total = 0
    base = COUNTS + player * N_SYMBOLS * N_HEXES
    for i in range(N_SYMBOLS * N_HEXES):
        total += s[base + i]
    return total


@kernel()
def symbol_count(s, player, sym):
    """How many tokens of symbol ``sym`` ``player`` has on the board."""
    total = 0
    base = slot(player, sym, 0)
    for h in range(N_HEXES):
        total += s[base + h]
    return total


@kernel()
def has_invincible(s, player):
    """True when one of ``player``'s tokens cannot be defeated: the opponent has no throws left and no
    token of the symbol beating it."""
    other = 1 - player
    if s[THROWS + other] > 0:
        return False
    for sym in range(N_SYMBOLS):
        if symbol_count(s, player, sym) > 0 and symbol_count(s, other, (sym + 1) % 3) == 0:
            return True
    return False


@kernel()
def finish(s, reason, winner):
    """End the game for ``reason`` (END_*), won by ``winner`` (NO_WINNER for a draw)."""
    s[PLAYER] = TERMINAL
    s[END] = reason
    s[WINNER] = winner


@kernel()
def check_end(s):
    """Apply the first end condition met, in the rules' order (after the turn's key is recorded)."""
    out = np.zeros(2, dtype=np.int64)
    for p in range(2):
        out[p] = token_count(s, p) == 0 and s[THROWS + p] == 0
    if out[0] or out[1]:
        finish(s, END_ELIMINATED, NO_WINNER if out[0] and out[1] else (1 if out[0] else 0))
        return
    inv0 = has_invincible(s, 0)
    inv1 = has_invincible(s, 1)
    if inv0 and inv1:
        finish(s, END_BOTH_INVINCIBLE, NO_WINNER)
        return
    if inv0 and token_count(s, 1) == 1:
        finish(s, END_INVINCIBLE, 0)
        return
    if inv1 and token_count(s, 0) == 1:
        finish(s, END_INVINCIBLE, 1)
        return
    turn = s[TURN]
    key = s[SEEN + turn]
    times = 0
    for i in range(turn + 1):
        if s[SEEN + i] == key:
            times += 1
    if times >= 3:
        finish(s, END_REPETITION, NO_WINNER)
        return
    if turn >= MAX_TURNS:
        finish(s, END_TURNS, NO_WINNER)


@kernel()
def end_turn(s):
    """Close a turn whose moves and battles are done: count it, record its configuration, then apply
    the end conditions."""
    s[TURN] += 1
    s[PLY] += 1
    s[SEEN + s[TURN]] = config_key(s)
    check_end(s)


@kernel(SIG_APPLY_JOINT)
def apply_joint(s, actions):
    """Upper's and Lower's actions at once, then the battles on the hexes they reached, then the end
    conditions."""
    a = play_one(s, UPPER, actions[0])
    b = play_one(s, LOWER, actions[1])
    battle(s, a)
    if b != a:
        battle(s, b)
    s[LAST] = actions[0]
    s[LAST + 1] = actions[1]
    end_turn(s)
    return 0


@kernel(SIG_RETURNS)
def returns(s, out):
    """+1 for the winner and -1 for the loser once decided; 0 each otherwise."""
    out[0] = 0.0
    out[1] = 0.0
    if s[PLAYER] == TERMINAL and s[WINNER] >= 0:
        out[s[WINNER]] = 1.0
        out[1 - s[WINNER]] = -1.0
    return 2
