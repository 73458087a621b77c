"""Tiny games written as kernels for the engine's searcher tests (not shipped games).

* three-player Nim: take 1..M from one heap, seats 0 -> 1 -> 2 -> 0, whoever takes the last item
  gets +2 and the two others -1;
* Kuhn poker: a three-card deck (J, Q, K), one card each, ante 1, one bet of 1 (OpenSpiel's rules);
* sliding puzzles up to 3x3: slide tiles into the blank until 1..n-1 are in order, blank last;
* Hex on an n x n rhombus: seat 0 joins top and bottom, seat 1 left and right (MCTS at 11 x 11);
* two broken games: one that never ends (ply caps) and one whose legal kernel claims more actions
  than its ``max_actions`` (buffer checks).

Each game is a :class:`ToyKernels` bundle: the attributes the engine's drivers read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import (SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_HEURISTIC, SIG_INFOSTATE_KEY,
                                  SIG_LEGAL, SIG_RETURNS, SIG_SAMPLE_WORLD, kernel, np)
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.rng import randint
from tui_games.engine.standard import no_chance_outcomes, two_player_win_loss_returns


@dataclass(frozen=True)
class ToyKernels:
    """A toy game's kernels, as the engine's drivers use them."""

    legal: Any
    apply: Any
    chance: Any
    returns: Any
    evaluate: Any
    max_actions: int


@kernel(SIG_EVALUATE)
def zero_evaluate(s, player):
    """No heuristic: every unfinished position is worth 0."""
    return 0.0


# ----- three-player Nim ----------------------------------------------------------------------------

NIM3 = StateLayout("three-player Nim", Field("max_take", 1, "most items per move"),
                   Field("heaps", 4, "items left per heap"))
NIM3.export(globals(), prefix="NIM3_", size_name="NIM3_STATE_SIZE")  # NIM3_MAX_TAKE, NIM3_HEAPS
NIM3_N_HEAPS = 4


def nim3_state(heaps: list[int], max_take: int, to_move: int = 0) -> np.ndarray:
    """A three-player Nim position (up to four heaps)."""
    s = np.zeros(NIM3_STATE_SIZE, np.int64)
    s[PLAYER] = to_move if sum(heaps) else TERMINAL
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 3
    s[NIM3_MAX_TAKE] = max_take
    s[NIM3_HEAPS:NIM3_HEAPS + len(heaps)] = heaps
    return s


@kernel(SIG_LEGAL)
def nim3_legal(s, out):
    """Action ``take * 4 + heap`` (take 1..M), by increasing heap then take."""
    n = 0
    if s[PLAYER] == TERMINAL:
        return 0
    for heap in range(NIM3_N_HEAPS):
        for take in range(1, min(s[NIM3_MAX_TAKE], s[NIM3_HEAPS + heap]) + 1):
            out[n] = take * NIM3_N_HEAPS + heap
            n += 1
    return n


@kernel(SIG_APPLY)
def nim3_apply(s, action):
    """Take the items; the seat that takes the last one wins."""
    s[NIM3_HEAPS + action % NIM3_N_HEAPS] -= action // NIM3_N_HEAPS
    s[PLY] += 1
    left = 0
    for heap in range(NIM3_N_HEAPS):
        left += s[NIM3_HEAPS + heap]
    if left == 0:
        s[WINNER] = s[PLAYER]
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = (s[PLAYER] + 1) % 3
    return 0


@kernel(SIG_RETURNS)
def nim3_returns(s, out):
    """+2 for the winner and -1 for each other seat; 0 each while the game runs."""
    for p in range(3):
        out[p] = 0.0
    if s[WINNER] >= 0:
        for p in range(3):
            out[p] = 2.0 if p == s[WINNER] else -1.0
    return 3


@kernel(SIG_EVALUATE)
def nim3_evaluate(s, player):
    """An arbitrary but seat-dependent guess, so that depth-limited values are worth checking."""
    left = 0
    for heap in range(NIM3_N_HEAPS):
        left += s[NIM3_HEAPS + heap]
    return 0.25 * ((left + 2 * player + s[PLAYER]) % 3) - 0.25


def nim3_evaluate_py(heaps, to_move: int, player: int) -> float:
    """The same guess in Python, for the brute-force references."""
    return 0.25 * ((sum(heaps) + 2 * player + to_move) % 3) - 0.25


NIM3_KERNELS = ToyKernels(nim3_legal, nim3_apply, no_chance_outcomes, nim3_returns, nim3_evaluate, 16)


# ----- Kuhn poker --------------------------------------------------------------------------------------

KUHN = StateLayout("Kuhn poker", Field("cards", 2, "each seat's card: 0 J, 1 Q, 2 K; -1 not dealt"),
                   Field("history", 3, "the betting: 0 pass, 1 bet"), Field("n_history", 1, "bets made"))
KUHN.export(globals(), prefix="KUHN_", size_name="KUHN_STATE_SIZE")  # KUHN_CARDS, KUHN_HISTORY, KUHN_N_HISTORY
PASS, BET = 0, 1


def kuhn_state() -> np.ndarray:
    """A new hand: the deal (two chance nodes) comes first."""
    s = np.zeros(KUHN_STATE_SIZE, np.int64)
    s[PLAYER] = CHANCE
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 2
    s[KUHN_CARDS:KUHN_CARDS + 2] = -1
    s[KUHN_HISTORY:KUHN_HISTORY + 3] = -1
    return s


def kuhn_after(cards: tuple[int, int], bets: list[int]) -> np.ndarray:
    """The hand with these cards dealt and these bets made."""
    s = kuhn_state()
    kuhn_apply(s, cards[0])
    kuhn_apply(s, cards[1])
    for action in bets:
        kuhn_apply(s, action)
    return s


@kernel(SIG_CHANCE)
def kuhn_chance(s, actions, probs):
    """The first card: J, Q, K at 1/3; the second: the two left at 1/2."""
    if s[PLAYER] != CHANCE:
        return 0
    n = 0
    for card in range(3):
        if card != s[KUHN_CARDS]:
            actions[n] = card
            n += 1
    for i in range(n):
        probs[i] = 1.0 / n
    return n


@kernel(SIG_LEGAL)
def kuhn_legal(s, out):
    """Pass (check or fold) and bet (bet or call)."""
    if s[PLAYER] < 0:
        return 0
    out[0] = PASS
    out[1] = BET
    return 2


@kernel(SIG_APPLY)
def kuhn_apply(s, action):
    """Deal a card or make a bet; settle the hand when the betting is over."""
    s[PLY] += 1
    if s[PLAYER] == CHANCE:
        if s[KUHN_CARDS] < 0:
            s[KUHN_CARDS] = action
        else:
            s[KUHN_CARDS + 1] = action
            s[PLAYER] = 0
        return 0
    n = s[KUHN_N_HISTORY]
    s[KUHN_HISTORY + n] = action
    s[KUHN_N_HISTORY] = n + 1
    h0 = s[KUHN_HISTORY]
    h1 = s[KUHN_HISTORY + 1]
    showdown = 0 if s[KUHN_CARDS] > s[KUHN_CARDS + 1] else 1
    if n + 1 == 2 and h0 == h1:
        s[WINNER] = showdown  # pass-pass or bet-call
    elif n + 1 == 2 and h0 == BET:
        s[WINNER] = 0  # bet-fold
    elif n + 1 == 3:
        s[WINNER] = showdown if action == BET else 1  # pass-bet-call / pass-bet-fold
    else:
        s[PLAYER] = 1 - s[PLAYER]
        return 0
    s[PLAYER] = TERMINAL
    return 0


@kernel(SIG_RETURNS)
def kuhn_returns(s, out):
    """The winner takes the loser's stake: 1, or 2 when a bet was called."""
    out[0] = 0.0
    out[1] = 0.0
    if s[PLAYER] != TERMINAL:
        return 2
    called = 0
    for i in range(s[KUHN_N_HISTORY] - 1):
        if s[KUHN_HISTORY + i] == BET and s[KUHN_HISTORY + i + 1] == BET:
            called = 1
    stake = 2.0 if called else 1.0
    out[s[WINNER]] = stake
    out[1 - s[WINNER]] = -stake
    return 2


@kernel(SIG_INFOSTATE_KEY)
def kuhn_infostate_key(s, player):
    """The seat's own card and the bets so far (each bet as a base-3 digit 1 or 2)."""
    code = 0
    for i in range(s[KUHN_N_HISTORY]):
        code = code * 3 + s[KUHN_HISTORY + i] + 1
    return (code * 4 + s[KUHN_CARDS + player] + 1) * 2 + player


@kernel(SIG_SAMPLE_WORLD)
def kuhn_sample_world(s, player, rng, out):
    """The opponent's card redrawn from the two the seat does not hold (once it has been dealt)."""
    out[:] = s
    other = 1 - player
    dealt = s[PLY] >= 2 or (other == 0 and s[PLY] >= 1)
    if dealt:
        own = s[KUHN_CARDS + player]
        pick = randint(rng, 2)
        card = 0
        for candidate in range(3):
            if candidate != own:
                if pick == 0:
                    card = candidate
                    break
                pick -= 1
        out[KUHN_CARDS + other] = card
    return 0


KUHN_KERNELS = ToyKernels(kuhn_legal, kuhn_apply, kuhn_chance, kuhn_returns, zero_evaluate, 3)


# ----- sliding puzzles ---------------------------------------------------------------------------------

PUZZLE = StateLayout("sliding puzzle", Field("width", 1), Field("height", 1),
                     Field("blank", 1, "cell of the blank"), Field("tiles", 9, "tile per cell, 0 blank"))
PUZZLE.export(globals(), prefix="PUZZLE_", size_name="PUZZLE_STATE_SIZE")  # PUZZLE_WIDTH ... PUZZLE_TILES
UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3
"""Which way the blank moves (the tile beside it slides the other way)."""


@kernel()
def _puzzle_solved(s):
    cells = s[PUZZLE_WIDTH] * s[PUZZLE_HEIGHT]
    for i in range(cells - 1):
        if s[PUZZLE_TILES + i] != i + 1:
            return False
    return True


def puzzle_state(tiles: list[int], width: int, height: int) -> np.ndarray:
    """A puzzle position from its tiles, row-major, 0 for the blank."""
    s = np.zeros(PUZZLE_STATE_SIZE, np.int64)
    s[NUM_PLAYERS] = 1
    s[WINNER] = NO_WINNER
    s[PUZZLE_WIDTH] = width
    s[PUZZLE_HEIGHT] = height
    s[PUZZLE_BLANK] = tiles.index(0)
    s[PUZZLE_TILES:PUZZLE_TILES + len(tiles)] = tiles
    if _puzzle_solved(s):
        s[PLAYER] = TERMINAL
        s[WINNER] = 0
    return s


@kernel(SIG_LEGAL)
def puzzle_legal(s, out):
    """The blank's moves that stay on the board: up, down, left, right."""
    if s[PLAYER] == TERMINAL:
        return 0
    w = s[PUZZLE_WIDTH]
    row = s[PUZZLE_BLANK] // w
    col = s[PUZZLE_BLANK] % w
    n = 0
    if row > 0:
        out[n] = UP
        n += 1
    if row < s[PUZZLE_HEIGHT] - 1:
        out[n] = DOWN
        n += 1
    if col > 0:
        out[n] = LEFT
        n += 1
    if col < w - 1:
        out[n] = RIGHT
        n += 1
    return n


@kernel(SIG_APPLY)
def puzzle_apply(s, action):
    """Move the blank; the puzzle ends once solved."""
    w = s[PUZZLE_WIDTH]
    blank = s[PUZZLE_BLANK]
    target = blank - w if action == UP else blank + w if action == DOWN else (
        blank - 1 if action == LEFT else blank + 1)
    s[PUZZLE_TILES + blank] = s[PUZZLE_TILES + target]
    s[PUZZLE_TILES + target] = 0
    s[PUZZLE_BLANK] = target
    s[PLY] += 1
    if _puzzle_solved(s):
        s[PLAYER] = TERMINAL
        s[WINNER] = 0
    return 0


@kernel(SIG_RETURNS)
def puzzle_returns(s, out):
    """1 once solved, else 0."""
    out[0] = 1.0 if s[WINNER] == 0 else 0.0
    return 1


@kernel(SIG_HEURISTIC)
def puzzle_manhattan(s):
    """The sum of every tile's distance from its home cell (admissible)."""
    w = s[PUZZLE_WIDTH]
    total = 0
    for cell in range(w * s[PUZZLE_HEIGHT]):
        tile = s[PUZZLE_TILES + cell]
        if tile > 0:
            home = tile - 1
            total += abs(cell // w - home // w) + abs(cell % w - home % w)
    return total


PUZZLE_KERNELS = ToyKernels(puzzle_legal, puzzle_apply, no_chance_outcomes, puzzle_returns, zero_evaluate, 4)


# ----- Hex ---------------------------------------------------------------------------------------------

HEX_MAX = 11
HEX = StateLayout("Hex", Field("size", 1, "n, the board's side"),
                  Field("cells", HEX_MAX * HEX_MAX, "0 empty, 1 seat 0, 2 seat 1; row-major"))
HEX.export(globals(), prefix="HEX_", size_name="HEX_STATE_SIZE")  # HEX_SIZE, HEX_CELLS


def hex_state(size: int) -> np.ndarray:
    """An empty n x n Hex board, seat 0 to move."""
    s = np.zeros(HEX_STATE_SIZE, np.int64)
    s[NUM_PLAYERS] = 2
    s[WINNER] = NO_WINNER
    s[HEX_SIZE] = size
    return s


@kernel(SIG_LEGAL)
def hex_legal(s, out):
    """Every empty cell."""
    if s[PLAYER] == TERMINAL:
        return 0
    n = 0
    for cell in range(s[HEX_SIZE] * s[HEX_SIZE]):
        if s[HEX_CELLS + cell] == 0:
            out[n] = cell
            n += 1
    return n


@kernel(SIG_APPLY)
def hex_apply(s, action):
    """Place a stone; the seat whose stones now join its two sides wins."""
    size = s[HEX_SIZE]
    mark = s[PLAYER] + 1
    s[HEX_CELLS + action] = mark
    s[PLY] += 1
    seen = np.zeros(size * size, np.bool_)
    stack = np.empty(size * size, np.int64)
    stack[0] = action
    seen[action] = True
    top = 1
    low_side = False
    high_side = False
    while top > 0:
        top -= 1
        cell = stack[top]
        row = cell // size
        col = cell % size
        along = row if mark == 1 else col
        low_side = low_side or along == 0
        high_side = high_side or along == size - 1
        for dr, dc in ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)):
            r = row + dr
            c = col + dc
            if 0 <= r < size and 0 <= c < size:
                other = r * size + c
                if not seen[other] and s[HEX_CELLS + other] == mark:
                    seen[other] = True
                    stack[top] = other
                    top += 1
    if low_side and high_side:
        s[WINNER] = s[PLAYER]
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = 1 - s[PLAYER]
    return 0


HEX_KERNELS = ToyKernels(hex_legal, hex_apply, no_chance_outcomes, two_player_win_loss_returns,
                         zero_evaluate, HEX_MAX * HEX_MAX)


# ----- broken games ------------------------------------------------------------------------------------

@kernel(SIG_LEGAL)
def endless_legal(s, out):
    """Two ways to pass; the game never ends."""
    out[0] = 0
    out[1] = 1
    return 2


@kernel(SIG_APPLY)
def endless_apply(s, action):
    """Pass the turn."""
    s[PLY] += 1
    s[PLAYER] = 1 - s[PLAYER]
    return 0


def endless_state() -> np.ndarray:
    """The start of a game with no end."""
    s = np.zeros(4, np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 2
    return s


ENDLESS_KERNELS = ToyKernels(endless_legal, endless_apply, no_chance_outcomes, two_player_win_loss_returns,
                             zero_evaluate, 2)


@kernel(SIG_LEGAL)
def overclaiming_legal(s, out):
    """Writes one action but claims three (more than the max_actions of 2 it declares)."""
    out[0] = 0
    return 3


OVERCLAIMING_KERNELS = ToyKernels(overclaiming_legal, endless_apply, no_chance_outcomes,
                                  two_player_win_loss_returns, zero_evaluate, 2)
