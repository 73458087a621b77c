"""Bluff poker rules as jitted kernels: three dice, a cup, bids on the 56 dice values, believe or call.

Dice values: the dice sorted high to low read as a number (5, 3, 2 is 532; 3, 1, 1 is 311); a triplet
is a *poker* and beats every other value. :data:`VALUES` lists the 56 values from lowest (211) to highest
(666); a bid is the index of its value in that list.

Action ids (players):

* ``0..55``: bid ``VALUES[a]`` (a bid must beat the bid on the table, except the round's first);
* ``56`` BELIEVE the bid on the table, ``57`` CALL it a bluff;
* ``58`` LOOK: lift the cup to reroll (after believing; a look must be followed by a reroll);
* ``59 + 2 * (mask - 1) + open``: REROLL the dice in ``mask`` (bit i = die i, 1..7), thrown ``open``
  (1) or under the cup (0). Throwing under the cup brings the kept dice out into the open.

Chance outcomes are die faces 1..6 (the action id is the face), one die per chance node.

Turn structure (``s[PHASE]``):

* a round opens with the opener throwing all three dice under the cup (chance); they may bid any value
  or throw all three again, at most three throws, and the third throw they may not look at (a blind bid);
* the next seat BELIEVEs or CALLs. A call lifts the cup: if the dice make at least the bid the caller
  takes a penalty, else the bidder does. A believed poker starts the poker challenge; any other
  believed bid gives the believer the turn: bid higher without looking (the cup passes blindly) or
  LOOK and reroll any dice, each die at most once in the turn, in one throw or several, then bid higher;
* the poker challenge: up to three open throws, the first of all dice, then any dice again; a poker equal
  to the bid ends it without a penalty, a higher poker gives the bidder a penalty, no match in three
  throws gives the challenger one;
* the seat given a penalty opens the next round (after a drawn challenge, the challenger opens it);
  the game ends when a seat reaches ``penalty_limit`` penalties.
"""

import numpy as np

from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_LEGAL, SIG_REDACT, SIG_RETURNS, kernel
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.observer import UNSEEN
from tui_games.games.bluff_poker import constants
from tui_games.games.bluff_poker.constants import (BELIEVE, CALL, FACES, FIRST_POKER, LOOK, NUM_DICE,  # noqa: F401
                                                   NUM_VALUES, REROLL)

MAX_SEATS = 6
"""The most players (the state reserves a penalty slot for each)."""
MIN_SEATS = 2
"""The fewest players."""

VALUES = np.array(constants.VALUES, dtype=np.int64)
"""The 56 dice values, lowest (211) first, the six pokers (111..666) last (constants.VALUES as an array)."""
RANK_OF = np.full(7 * 7 * 7, -1, dtype=np.int64)
"""Index in VALUES of the dice high, mid, low (sorted high to low), at ``high * 49 + mid * 7 + low``."""
for _i, _v in enumerate(VALUES):
    RANK_OF[(_v // 100) * 49 + (_v // 10 % 10) * 7 + _v % 10] = _i

MAX_ACTIONS = REROLL + 14
"""Ids 0..72; no node has more legal actions than that."""

PHASE_THROW = 0
PHASE_OPENING = 1
PHASE_RESPOND = 2
PHASE_BELIEVED = 3
PHASE_LOOKED = 4
PHASE_ROLLED = 5
PHASE_CHALLENGE = 6
PHASE_OVER = 7
"""Chance throws the pending dice; the opener bids or throws again; the next seat believes or calls;
the believer bids blind or looks; the looker must reroll; after a reroll bid or reroll more; the poker
challenger rethrows; the game is over."""

CONTEXT_OPENING = 0
CONTEXT_TURN = 1
CONTEXT_CHALLENGE = 2
"""What a throw belongs to: the opening turn, a regular turn, or the poker challenge."""

NO_BID = -1
"""The bid slot at a round's start."""
NOBODY_SEAT = -1
"""A seat slot that names no seat."""

LAYOUT = StateLayout(
    "Bluff poker state",
    Field("penalty_limit", 1, "penalties that lose the game"),
    Field("penalties", MAX_SEATS, "penalties of each seat"),
    Field("phase", 1, "PHASE_*"),
    Field("context", 1, "CONTEXT_* of the current throws"),
    Field("mover", 1, "seat whose turn it is (also during its chance throws)"),
    Field("dice", NUM_DICE, "face 1..6 of each die, 0 before the round's first throw"),
    Field("open", NUM_DICE, "1 for a die lying open on the table, 0 under the cup"),
    Field("seen", NUM_DICE, "bitmask of the seats that know a die under the cup"),
    Field("pending", 1, "bitmask of the dice still to be thrown in this throw"),
    Field("throw_open", 1, "1 when the pending dice are thrown open"),
    Field("throws", 1, "throws made in the opening turn or the poker challenge"),
    Field("rerolled", 1, "bitmask of the dice rerolled in this regular turn"),
    Field("bid", 1, "index of the bid on the table in VALUES, NO_BID at the round's start"),
    Field("bidder", 1, "seat that made the bid on the table"),
    Field("last_dice", NUM_DICE, "the dice shown at the last showdown (0 before any)"),
    Field("last_bid", 1, "the bid of the last showdown, NO_BID before any"),
    Field("last_loser", 1, "seat penalised at the last showdown, NOBODY_SEAT before any or for none"),
    Field("loser", 1, "seat that lost the game, NOBODY_SEAT while it runs"),
)
LAYOUT.export(globals())  # PENALTY_LIMIT, PENALTIES ... LOSER, STATE_SIZE
ALL_SEATS = (1 << MAX_SEATS) - 1
"""The ``seen`` mask of an open die: every seat."""


@kernel()
def value_index(a, b, c):
    """Index in VALUES of the dice faces a, b, c (any order)."""
    if a < b:
        a, b = b, a
    if b < c:
        b, c = c, b
    if a < b:
        a, b = b, a
    return RANK_OF[a * 49 + b * 7 + c]


@kernel()
def dice_value(s):
    """Index in VALUES of the three dice in ``s``."""
    return value_index(s[DICE], s[DICE + 1], s[DICE + 2])


@kernel()
def reroll_action(mask, thrown_open):
    """The action id of rerolling the dice in ``mask`` (1..7), open (1) or under the cup (0)."""
    return REROLL + 2 * (mask - 1) + thrown_open


@kernel()
def start_round(s, opener):
    """A new round: no bid, the dice back in the cup, ``opener`` throws all three."""
    for i in range(NUM_DICE):
        s[DICE + i] = 0
        s[OPEN + i] = 0
        s[SEEN + i] = 0
    s[BID] = NO_BID
    s[BIDDER] = NOBODY_SEAT
    s[MOVER] = opener
    s[CONTEXT] = CONTEXT_OPENING
    s[THROWS] = 0
    s[REROLLED] = 0
    s[PENDING] = 7
    s[THROW_OPEN] = 0
    s[PHASE] = PHASE_THROW
    s[PLAYER] = CHANCE


@kernel()
def initial_state(players, penalty_limit):
    """``players`` seats, none penalised; seat 0 opens the first round."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = players
    s[PENALTY_LIMIT] = penalty_limit
    s[LAST_BID] = NO_BID
    s[LAST_LOSER] = NOBODY_SEAT
    s[LOSER] = NOBODY_SEAT
    start_round(s, 0)
    return s


@kernel()
def next_seat(s, seat):
    """The seat after ``seat``."""
    return (seat + 1) % s[NUM_PLAYERS]


@kernel()
def penalize(s, seat, opener):
    """Give ``seat`` a penalty (``seat`` < 0: nobody); end the game at the limit, else ``opener`` opens
    the next round."""
    s[LAST_LOSER] = seat
    if seat >= 0:
        s[PENALTIES + seat] += 1
        if s[PENALTIES + seat] >= s[PENALTY_LIMIT]:
            s[LOSER] = seat
            s[PHASE] = PHASE_OVER
            s[PLAYER] = TERMINAL
            return 0
    start_round(s, opener)
    return 0


@kernel()
def remember_showdown(s):
    """Keep the dice and the bid of a showdown for everyone to see after the round resets."""
    for i in range(NUM_DICE):
        s[LAST_DICE + i] = s[DICE + i]
    s[LAST_BID] = s[BID]


@kernel()
def is_poker(s):
    """True when the three dice are equal."""
    return s[DICE] == s[DICE + 1] and s[DICE + 1] == s[DICE + 2]


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The legal actions (or chance outcomes 1..6) in increasing id."""
    phase = s[PHASE]
    n = 0
    if phase == PHASE_OVER:
        return 0
    if phase == PHASE_THROW:
        for face in range(1, FACES + 1):
            out[n] = face
            n += 1
        return n
    if phase == PHASE_OPENING or phase == PHASE_BELIEVED or phase == PHASE_ROLLED:
        for v in range(s[BID] + 1, NUM_VALUES):
            out[n] = v
            n += 1
    if phase == PHASE_RESPOND:
        out[0] = BELIEVE
        out[1] = CALL
        return 2
    if phase == PHASE_BELIEVED:
        out[n] = LOOK
        n += 1
    if phase == PHASE_OPENING and s[THROWS] < 3:
        out[n] = reroll_action(7, 0)
        n += 1
    if phase == PHASE_LOOKED or phase == PHASE_ROLLED:
        free = 7 & ~s[REROLLED]
        for mask in range(1, 8):
            if mask & free == mask:
                out[n] = reroll_action(mask, 0)
                out[n + 1] = reroll_action(mask, 1)
                n += 2
    if phase == PHASE_CHALLENGE:
        for mask in range(1, 8):
            out[n] = reroll_action(mask, 1)
            n += 1
    return n


@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """At a throw: the six faces, each 1/6."""
    if s[PHASE] != PHASE_THROW:
        return 0
    for face in range(1, FACES + 1):
        actions[face - 1] = face
        probs[face - 1] = 1.0 / FACES
    return FACES


@kernel()
def begin_throw(s, mask, thrown_open):
    """The mover throws the dice in ``mask``; under the cup the kept dice come out into the open."""
    s[PENDING] = mask
    s[THROW_OPEN] = thrown_open
    if thrown_open == 0 and s[CONTEXT] == CONTEXT_TURN:
        for i in range(NUM_DICE):
            if mask & (1 << i) == 0:
                s[OPEN + i] = 1
    s[PHASE] = PHASE_THROW
    s[PLAYER] = CHANCE


@kernel()
def after_throw(s):
    """All pending dice have landed: the mover's next decision, or the challenge's verdict."""
    mover = s[MOVER]
    context = s[CONTEXT]
    if context == CONTEXT_OPENING:
        s[THROWS] += 1
        s[PHASE] = PHASE_OPENING
        s[PLAYER] = mover
    elif context == CONTEXT_TURN:
        s[PHASE] = PHASE_ROLLED
        s[PLAYER] = mover
    else:
        s[THROWS] += 1
        if is_poker(s) and dice_value(s) >= s[BID]:
            remember_showdown(s)
            if dice_value(s) > s[BID]:
                penalize(s, s[BIDDER], s[BIDDER])
            else:
                penalize(s, -1, mover)
        elif s[THROWS] >= 3:
            remember_showdown(s)
            penalize(s, mover, mover)
        else:
            s[PHASE] = PHASE_CHALLENGE
            s[PLAYER] = mover


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Apply a player's action or a die's face."""
    s[PLY] += 1
    phase = s[PHASE]
    mover = s[MOVER]
    if phase == PHASE_THROW:
        for i in range(NUM_DICE):
            if s[PENDING] & (1 << i):
                s[DICE + i] = action
                s[PENDING] &= ~(1 << i)
                if s[THROW_OPEN]:
                    s[OPEN + i] = 1
                    s[SEEN + i] = ALL_SEATS
                else:
                    s[OPEN + i] = 0
                    blind = s[CONTEXT] == CONTEXT_OPENING and s[THROWS] == 2
                    s[SEEN + i] = 0 if blind else (1 << mover)
                break
        if s[PENDING] == 0:
            after_throw(s)
        return 0
    if action < NUM_VALUES:
        s[BID] = action
        s[BIDDER] = mover
        s[REROLLED] = 0
        s[MOVER] = next_seat(s, mover)
        s[PHASE] = PHASE_RESPOND
        s[PLAYER] = s[MOVER]
        return 0
    if action == CALL:
        remember_showdown(s)
        bidder = s[BIDDER]
        if dice_value(s) >= s[BID]:
            penalize(s, mover, mover)
        else:
            penalize(s, bidder, bidder)
        return 0
    if action == BELIEVE:
        if s[BID] >= FIRST_POKER:
            s[CONTEXT] = CONTEXT_CHALLENGE
            s[THROWS] = 0
            for i in range(NUM_DICE):
                s[DICE + i] = 0  # the believed dice are thrown again unseen: nobody learns them
                s[SEEN + i] = 0
            begin_throw(s, 7, 1)
        else:
            s[CONTEXT] = CONTEXT_TURN
            s[REROLLED] = 0
            s[PHASE] = PHASE_BELIEVED
        return 0
    if action == LOOK:
        for i in range(NUM_DICE):
            s[SEEN + i] |= 1 << mover
        s[PHASE] = PHASE_LOOKED
        return 0
    code = action - REROLL
    mask = code // 2 + 1
    s[REROLLED] |= mask
    begin_throw(s, mask, code % 2)
    return 0


@kernel(SIG_RETURNS)
def returns(s, out):
    """-1 for the loser, +1/(n-1) for every other seat once the game is over; 0 before."""
    n = s[NUM_PLAYERS]
    for seat in range(n):
        out[seat] = 0.0
    if s[PLAYER] == TERMINAL:
        for seat in range(n):
            out[seat] = -1.0 if seat == s[LOSER] else 1.0 / (n - 1)
    return n


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """The final return once over; before, the penalty balance: (others' mean - own) / limit."""
    n = s[NUM_PLAYERS]
    if s[PLAYER] == TERMINAL:
        if player == s[LOSER]:
            return -1.0
        return 1.0 / (n - 1)
    others = 0.0
    for seat in range(n):
        if seat != player:
            others += s[PENALTIES + seat]
    return (others / (n - 1) - s[PENALTIES + player]) / s[PENALTY_LIMIT]


@kernel(SIG_REDACT)
def redact(s, player, out):
    """The state as ``player`` sees it: a die under the cup it has not looked at reads UNSEEN."""
    for i in range(NUM_DICE):
        if s[DICE + i] == 0 or s[OPEN + i] == 1:
            continue
        if player < 0 or (s[SEEN + i] >> player) & 1 == 0:
            out[DICE + i] = UNSEEN
    return 0
