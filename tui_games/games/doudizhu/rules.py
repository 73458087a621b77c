"""Dou Dizhu rules as jitted kernels: the deal, the bidding, the play, the stake and what each seat sees.

Actions (one number space, told apart by the phase):

* ``0 .. 27470``: the combinations, numbered as RLCard numbers them (:mod:`.moves`), ``27471`` PASS
  (in the play a pass, in the bidding a seat that does not bid);
* ``27472 .. 27474``: bid 1, 2 or 3 (``BID_1 + b - 1``; auction bidding only).

Chance outcomes: while dealing, the rank (0-14) of the next card, drawn with the odds of the cards left
in the deck; the deal goes round the table one card at a time (seat 0, 1, 2, 0 ...) for 51 cards, the
last three form the kitty. In auction bidding a second chance node then names the first bidder (0-2).

Phases: DEAL (chance), FIRST_BIDDER (chance), BIDDING, PLAY, OVER. With ``bidding`` = rlcard seat 0 is
the landlord at once (RLCard 1.2.0), takes the kitty and leads. With auction bidding each seat, from
the first bidder round the table, bids once: 1, 2 or 3 above the highest bid so far, or passes; a 3
ends the bidding; after three turns the highest bidder is the landlord; when all pass the cards are
dealt again. The landlord takes the kitty, which is shown to all, and leads.

Play: the leader plays any combination; each next seat beats it (same class, higher rank; a bomb
beats any non-bomb, a higher bomb a bomb; the rocket beats all) or passes; after two passes the last
player leads again. The first to empty their hand wins for their side: the landlord alone, or the two
peasants together.
"""

from __future__ import annotations

from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_LEGAL, SIG_REDACT, SIG_RETURNS, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.observer import UNSEEN
from tui_games.games.doudizhu.moves import DECK as FULL_DECK
from tui_games.games.doudizhu.moves import (BLOCK_MASK, BLOCK_RANK, BLOCK_SIZE, BLOCK_START,
                                            BOMB_CLASS, CLASS_FIRST_BLOCK, MOVE_CLASS, MOVE_MASK,
                                            MOVE_RANK, MOVE_SIZE, NUM_MOVES, PASS, ROCKET_CLASS)

SEATS = 3
"""Players: always three."""
RANKS = 15
"""Ranks 3 4 5 6 7 8 9 T J Q K A 2 B R (0-14)."""
CARDS = 54
"""Cards in the deck."""
DEALT_TO_SEATS = 51
"""Cards dealt round the table; the last three of the 54 are the kitty."""
MAX_TRACE = 162
"""The most moves of one play: at most 54 combinations, each followed by at most two passes."""

BID_1 = NUM_MOVES
"""BID_1 + b - 1 bids b (1-3)."""
MAX_BID = 3
"""The highest bid, which ends the bidding at once."""
MAX_ACTIONS = BID_1 + MAX_BID
"""Actions 0..27474; no position has more legal actions or chance outcomes."""

AUCTION, RLCARD = 0, 1
"""The ``bidding`` parameter: a one-round auction, or RLCard's seat-0 landlord."""
PHASE_DEAL, PHASE_FIRST_BIDDER, PHASE_BIDDING, PHASE_PLAY, PHASE_OVER = 0, 1, 2, 3, 4
"""The phases of a deal (``s[PHASE]``)."""
NOBODY_SEAT = -1
"""A seat field that names no seat yet."""
NO_MOVE = -1
"""``last_move`` when the seat to play leads."""

LAYOUT = StateLayout(
    "Dou Dizhu state",
    Field("bidding", 1, "AUCTION 0 or RLCARD 1"),
    Field("phase", 1, "PHASE_*"),
    Field("dealt", 1, "cards dealt in this deal (0-54)"),
    Field("deals", 1, "deals thrown in after all passed"),
    Field("deck", RANKS, "cards of each rank still to be dealt"),
    Field("hands", SEATS * RANKS, "cards of each rank in each seat's hand (seat-major)"),
    Field("hand_size", SEATS, "cards in each hand"),
    Field("kitty", RANKS, "the three kitty cards by rank (shown once the bidding ends)"),
    Field("first_bidder", 1, "seat that bids first, NOBODY_SEAT before it is drawn"),
    Field("bids", SEATS, "each seat's bid: -1 not yet, 0 pass, 1-3"),
    Field("bid", 1, "highest bid so far (the landlord's bid once play begins; 0 in rlcard bidding)"),
    Field("bidder", 1, "seat of the highest bid, NOBODY_SEAT before any"),
    Field("bid_turns", 1, "bidding turns taken"),
    Field("landlord", 1, "the landlord's seat, NOBODY_SEAT during the deal and the bidding"),
    Field("leader", 1, "seat whose move is on the table, NOBODY_SEAT before the first"),
    Field("last_move", 1, "the move to beat, NO_MOVE when the seat to play leads"),
    Field("bombs", 1, "bombs and rockets played"),
    Field("plays", SEATS, "combinations each seat has played (passes not counted)"),
    Field("played", SEATS * RANKS, "cards of each rank each seat has played (seat-major)"),
    Field("trace_len", 1, "moves in the trace"),
    Field("trace", MAX_TRACE, "every move since play began; the landlord made the first, then round the table"),
)
"""The state array: the common header, then the fields above."""
LAYOUT.export(globals())  # BIDDING, PHASE, DEALT, DEALS, DECK, HANDS ... TRACE_LEN, TRACE, STATE_SIZE

THERMO = np.array([0, 1, 3, 7, 15], dtype=np.int64)
"""Four-bit thermometer code of a count 0-4 (see moves.MOVE_MASK)."""
NIBBLE_COUNT = np.array([0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4], dtype=np.int64)
"""Bits set in a nibble: a thermometer nibble's count."""


@kernel()
def hand_mask(s, seat):
    """The thermometer mask of ``seat``'s hand (a move fits it when ``move & ~mask == 0``)."""
    mask = 0
    base = HANDS + seat * RANKS
    for r in range(RANKS):
        c = s[base + r]
        if c > 0:
            mask |= THERMO[min(c, 4)] << (4 * r)
    return mask


@kernel()
def scan_block(b, mask, out, n):
    """Append the moves of block ``b`` that fit ``mask`` to ``out`` from ``n``; the new count."""
    if (BLOCK_MASK[b] & ~mask) != 0:
        return n
    for i in range(BLOCK_START[b], BLOCK_START[b + 1]):
        if (MOVE_MASK[i] & ~mask) == 0:
            out[n] = i
            n += 1
    return n


@kernel()
def moves_for(s, seat, last, out):
    """The moves ``seat`` may play against ``last`` (NO_MOVE: it leads) into ``out``, in increasing
    number (a pass last, when following); their count."""
    mask = hand_mask(s, seat)
    size = s[HAND_SIZE + seat]
    n = 0
    if last < 0:
        for b in range(CLASS_FIRST_BLOCK[ROCKET_CLASS + 1]):
            if BLOCK_SIZE[b] <= size:
                n = scan_block(b, mask, out, n)
        return n
    c = MOVE_CLASS[last]
    if c != ROCKET_CLASS:
        rank = MOVE_RANK[last]
        for b in range(CLASS_FIRST_BLOCK[c], CLASS_FIRST_BLOCK[c + 1]):
            if BLOCK_RANK[b] > rank and BLOCK_SIZE[b] <= size:
                n = scan_block(b, mask, out, n)
        if c != BOMB_CLASS:
            for b in range(CLASS_FIRST_BLOCK[BOMB_CLASS], CLASS_FIRST_BLOCK[BOMB_CLASS + 1]):
                n = scan_block(b, mask, out, n)
        n = scan_block(CLASS_FIRST_BLOCK[ROCKET_CLASS], mask, out, n)
    out[n] = PASS
    return n + 1


@kernel()
def beats(move, last):
    """True when ``move`` (not a pass) may be played on ``last`` (NO_MOVE: anything may be led)."""
    if last < 0:
        return True
    c = MOVE_CLASS[move]
    t = MOVE_CLASS[last]
    if t == ROCKET_CLASS:
        return False
    if c == ROCKET_CLASS:
        return True
    if c == t:
        return MOVE_RANK[move] > MOVE_RANK[last]
    return c == BOMB_CLASS


@kernel()
def start_deal(s):
    """Gather the cards and deal again (the phase, the bids and the hands back to the start)."""
    for r in range(RANKS):
        s[DECK + r] = FULL_DECK[r]
        s[KITTY + r] = 0
        for seat in range(SEATS):
            s[HANDS + seat * RANKS + r] = 0
    for seat in range(SEATS):
        s[HAND_SIZE + seat] = 0
        s[BIDS + seat] = -1
    s[DEALT] = 0
    s[FIRST_BIDDER] = NOBODY_SEAT
    s[BID] = 0
    s[BIDDER] = NOBODY_SEAT
    s[BID_TURNS] = 0
    s[LANDLORD] = NOBODY_SEAT
    s[PHASE] = PHASE_DEAL
    s[PLAYER] = CHANCE


@kernel()
def initial_state(bidding):
    """A new game with ``bidding`` AUCTION or RLCARD: the cards about to be dealt."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[NUM_PLAYERS] = SEATS
    s[WINNER] = NO_WINNER
    s[BIDDING] = bidding
    s[LEADER] = NOBODY_SEAT
    s[LAST_MOVE] = NO_MOVE
    start_deal(s)
    return s


@kernel()
def begin_play(s, landlord):
    """``landlord`` takes the kitty (now shown) and leads."""
    s[LANDLORD] = landlord
    for r in range(RANKS):
        s[HANDS + landlord * RANKS + r] += s[KITTY + r]
    s[HAND_SIZE + landlord] += 3
    s[LEADER] = NOBODY_SEAT
    s[LAST_MOVE] = NO_MOVE
    s[PHASE] = PHASE_PLAY
    s[PLAYER] = landlord


@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """While dealing, the ranks left in the deck by their odds; then the first bidder, 1/3 each."""
    if s[PLAYER] != CHANCE:
        return 0
    if s[PHASE] == PHASE_FIRST_BIDDER:
        for seat in range(SEATS):
            actions[seat] = seat
            probs[seat] = 1.0 / SEATS
        return SEATS
    left = CARDS - s[DEALT]
    n = 0
    for r in range(RANKS):
        if s[DECK + r] > 0:
            actions[n] = r
            probs[n] = s[DECK + r] / left
            n += 1
    return n


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The seat to move's actions in increasing number (the chance outcomes at a chance node)."""
    phase = s[PHASE]
    if phase == PHASE_OVER:
        return 0
    if phase == PHASE_DEAL or phase == PHASE_FIRST_BIDDER:
        probs = np.empty(RANKS, dtype=np.float64)
        return chance_outcomes(s, out, probs)
    if phase == PHASE_BIDDING:
        out[0] = PASS
        n = 1
        for b in range(s[BID] + 1, MAX_BID + 1):
            out[n] = BID_1 + b - 1
            n += 1
        return n
    return moves_for(s, s[PLAYER], s[LAST_MOVE], out)


@kernel()
def deal_card(s, rank):
    """The next card of the deal, of ``rank``, to its seat or to the kitty."""
    s[DECK + rank] -= 1
    index = s[DEALT]
    if index < DEALT_TO_SEATS:
        seat = index % SEATS
        s[HANDS + seat * RANKS + rank] += 1
        s[HAND_SIZE + seat] += 1
    else:
        s[KITTY + rank] += 1
    s[DEALT] = index + 1
    if index + 1 == CARDS:
        if s[BIDDING] == RLCARD:
            begin_play(s, 0)
        else:
            s[PHASE] = PHASE_FIRST_BIDDER


@kernel()
def take_bid(s, action):
    """The seat to move bids (or passes); the bidding ends with a 3 or after three turns."""
    seat = s[PLAYER]
    value = 0 if action == PASS else action - BID_1 + 1
    s[BIDS + seat] = value
    if value > s[BID]:
        s[BID] = value
        s[BIDDER] = seat
    s[BID_TURNS] += 1
    if value == MAX_BID or s[BID_TURNS] == SEATS:
        if s[BID] == 0:
            s[DEALS] += 1
            start_deal(s)
        else:
            begin_play(s, s[BIDDER])
    else:
        s[PLAYER] = (seat + 1) % SEATS


@kernel()
def play_move(s, action):
    """The seat to move plays ``action`` (a combination it holds, or a pass)."""
    seat = s[PLAYER]
    if s[TRACE_LEN] < MAX_TRACE:
        s[TRACE + s[TRACE_LEN]] = action
        s[TRACE_LEN] += 1
    following = (seat + 1) % SEATS
    if action == PASS:
        if following == s[LEADER]:
            s[LAST_MOVE] = NO_MOVE
        s[PLAYER] = following
        return
    mask = MOVE_MASK[action]
    for r in range(RANKS):
        c = NIBBLE_COUNT[(mask >> (4 * r)) & 15]
        s[HANDS + seat * RANKS + r] -= c
        s[PLAYED + seat * RANKS + r] += c
    s[HAND_SIZE + seat] -= MOVE_SIZE[action]
    s[PLAYS + seat] += 1
    if MOVE_CLASS[action] == BOMB_CLASS or MOVE_CLASS[action] == ROCKET_CLASS:
        s[BOMBS] += 1
    s[LEADER] = seat
    s[LAST_MOVE] = action
    if s[HAND_SIZE + seat] == 0:
        s[WINNER] = seat
        s[PHASE] = PHASE_OVER
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = following


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Apply a move, a bid or a chance outcome."""
    s[PLY] += 1
    phase = s[PHASE]
    if phase == PHASE_DEAL:
        deal_card(s, action)
    elif phase == PHASE_FIRST_BIDDER:
        s[FIRST_BIDDER] = action
        s[PHASE] = PHASE_BIDDING
        s[PLAYER] = action
    elif phase == PHASE_BIDDING:
        take_bid(s, action)
    else:
        play_move(s, action)
    return 0


@kernel()
def landlord_won(s):
    """True once the landlord has emptied their hand."""
    return s[PHASE] == PHASE_OVER and s[WINNER] == s[LANDLORD]


@kernel()
def spring(s):
    """True for a spring (the landlord won, the peasants never played) or an anti-spring (the peasants
    won after the landlord's first move alone)."""
    landlord = s[LANDLORD]
    if landlord_won(s):
        for seat in range(SEATS):
            if seat != landlord and s[PLAYS + seat] > 0:
                return False
        return True
    return s[PLAYS + landlord] == 1


@kernel()
def stake(s):
    """The bid, doubled for each bomb or rocket played and for a spring or anti-spring."""
    value = s[BID]
    for _ in range(s[BOMBS]):
        value *= 2
    if s[PHASE] == PHASE_OVER and spring(s):
        value *= 2
    return value


@kernel(SIG_RETURNS)
def returns(s, out):
    """0 each until the end. Auction: the landlord's side wins or loses twice the stake, each peasant
    the stake. RLCard: 1 to each seat of the winning side, 0 to the others."""
    for seat in range(SEATS):
        out[seat] = 0.0
    if s[PHASE] != PHASE_OVER:
        return SEATS
    landlord = s[LANDLORD]
    won = landlord_won(s)
    if s[BIDDING] == RLCARD:
        for seat in range(SEATS):
            out[seat] = 1.0 if (seat == landlord) == won else 0.0
        return SEATS
    value = float(stake(s))
    for seat in range(SEATS):
        sign = 1.0 if (seat == landlord) == won else -1.0
        out[seat] = sign * (2.0 * value if seat == landlord else value)
    return SEATS


@kernel()
def side_won(s, player):
    """True once ``player``'s side (the landlord, or the peasants) has won."""
    return s[PHASE] == PHASE_OVER and (player == s[LANDLORD]) == landlord_won(s)


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """+1 / -1 once the game is decided; during the play the race of cards: the fewest cards left on
    the opposing side less the fewest on one's own, over 20."""
    if s[PHASE] == PHASE_OVER:
        return 1.0 if side_won(s, player) else -1.0
    landlord = s[LANDLORD]
    if landlord < 0:
        return 0.0
    own = 99
    other = 99
    for seat in range(SEATS):
        size = s[HAND_SIZE + seat]
        if (seat == landlord) == (player == landlord):
            own = min(own, size)
        else:
            other = min(other, size)
    return (other - own) / 20.0


@kernel(SIG_REDACT)
def redact(s, player, out):
    """The state as ``player`` sees it (a spectator, -1, sees no hand): the other hands and the deck
    unseen, the kitty unseen until it is shown; hand sizes, bids and every move stay public."""
    for r in range(RANKS):
        out[DECK + r] = UNSEEN
        if s[PHASE] < PHASE_PLAY:
            out[KITTY + r] = UNSEEN
        for seat in range(SEATS):
            if seat != player:
                out[HANDS + seat * RANKS + r] = UNSEEN
    return 0
