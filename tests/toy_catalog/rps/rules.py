"""Rock-paper-scissors as jitted kernels: every node is simultaneous (each seat throws at once).

Actions: 0 rock, 1 paper, 2 scissors; rock beats scissors, scissors beat paper, paper beats rock.
In each round every pair of seats is scored: the winner of the pair gets the points of its win (1,
or ``rock_win`` for a win with rock) and the loser loses them, so returns sum to zero. After the last
round the game is over; the seat with the strictly highest score is the winner.
"""

from tui_games.engine.header import NO_WINNER, NUM_PLAYERS, PLAYER, PLY, SIMULTANEOUS, TERMINAL, WINNER
from tui_games.engine.jit import (SIG_APPLY, SIG_APPLY_JOINT, SIG_EVALUATE, SIG_LEGAL, SIG_LEGAL_FOR,
                                  SIG_RETURNS, kernel, np)
from tui_games.engine.layout import Field, StateLayout

ROCK, PAPER, SCISSORS = 0, 1, 2
MAX_SEATS = 3
LAYOUT = StateLayout(
    "Rock-paper-scissors state",
    Field("rounds", 1, "rounds to play"),
    Field("round", 1, "rounds played"),
    Field("rock_win", 1, "points a win with rock scores (other wins score 1)"),
    Field("scores", MAX_SEATS, "each seat's points so far"),
    Field("last", MAX_SEATS, "each seat's throw in the last round; -1 before the first"),
)
"""The state array: the common header, then the round counters, the scores and the last throws."""
LAYOUT.export(globals())  # ROUNDS, ROUND, ROCK_WIN, SCORES, LAST, STATE_SIZE


@kernel()
def initial_state(seats, rounds, rock_win):
    """``seats`` seats about to throw in the first of ``rounds`` rounds."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[PLAYER] = SIMULTANEOUS
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = seats
    s[ROUNDS] = rounds
    s[ROCK_WIN] = rock_win
    for seat in range(MAX_SEATS):
        s[LAST + seat] = -1
    return s


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """No seat ever moves alone: every decision is a simultaneous one (see :func:`legal_for`)."""
    return 0


@kernel(SIG_LEGAL_FOR)
def legal_for(s, player, out):
    """Rock, paper and scissors for every seat while the game runs."""
    if s[PLAYER] != SIMULTANEOUS or player < 0 or player >= s[NUM_PLAYERS]:
        return 0
    out[0] = ROCK
    out[1] = PAPER
    out[2] = SCISSORS
    return 3


@kernel(SIG_APPLY)
def apply_action(s, action):
    """No single action is ever legal here (the state adapter refuses it first): changes nothing."""
    return -1


@kernel()
def beats(mine, theirs):
    """True when throw ``mine`` beats throw ``theirs``."""
    return (mine - theirs + 3) % 3 == 1


@kernel(SIG_APPLY_JOINT)
def apply_joint(s, actions):
    """Every seat's throw at once: score each pair, then end the game after the last round."""
    seats = s[NUM_PLAYERS]
    for seat in range(seats):
        s[LAST + seat] = actions[seat]
    for seat in range(seats):
        for other in range(seats):
            if seat != other and beats(actions[seat], actions[other]):
                points = s[ROCK_WIN] if actions[seat] == ROCK else 1
                s[SCORES + seat] += points
                s[SCORES + other] -= points
    s[ROUND] += 1
    s[PLY] += 1
    if s[ROUND] >= s[ROUNDS]:
        s[PLAYER] = TERMINAL
        best = s[SCORES]
        for seat in range(1, seats):
            best = max(best, s[SCORES + seat])
        leaders = 0
        for seat in range(seats):
            if s[SCORES + seat] == best:
                leaders += 1
                s[WINNER] = seat
        if leaders > 1:
            s[WINNER] = NO_WINNER
    return 0


@kernel(SIG_RETURNS)
def returns(s, out):
    """Each seat's points so far (final once the game is over)."""
    for seat in range(s[NUM_PLAYERS]):
        out[seat] = float(s[SCORES + seat])
    return s[NUM_PLAYERS]


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A round's worth to ``player``: its points so far (later rounds are the same game again)."""
    return float(s[SCORES + player])
