"""The Texas Hold'em tournament as jitted kernels: the shared Hold'em hand of
:mod:`tui_games.engine.cards.holdem`, chained hand after hand inside the kernels until one seat holds
every chip.

The state array is a Hold'em hand (the same fields at the same offsets, so every hand kernel of
``holdem`` and ``betting`` works on it unchanged) followed by the tournament's own fields: the blind
structure, the hand number, each seat's chips at the start of the hand and the places of the seats
that are out.

When a hand is settled and two or more seats still have chips, the seats left with none are out
(their places recorded) and chance is to move *between hands*: the state still shows the finished
hand (its showdown, who won what) while its outcomes are the 52 cards of a fresh deck. Playing one
deals the next hand: the button moves to the next seat with chips, the blinds go up when due, the
blinds are posted and that card is the first hole card. When one seat holds every chip the state
is terminal.

Places: the winner is 1st; seats that go out in the same hand are ranked by their chips at the
start of that hand (more is better), equal chips sharing the place. Returns (zero-sum): a seat gets
+1 for every seat it outlasted and -1 for every seat that outlasted it, divided by seats - 1, so the
winner gets +1 and the first seat out -1 (tied seats get equal returns).

Betting: ``FIXED`` is the seed's rule: every bet and raise is the big blind on every street, no cap on
raises, all in when short (the limit structure of :mod:`.betting` with the street's unit kept at the
big blind); ``NO_LIMIT`` any raise from the minimum to all in. Blinds: the big blind is doubled
every ``blinds_up_every`` hands (0: never); the small blind is half of it.
"""

from tui_games.engine.cards import betting as bt
from tui_games.engine.cards import holdem
from tui_games.engine.cards.holdem import PHASE_OVER, redact  # noqa: F401 (redact: the hand's kernel)
from tui_games.engine.cards.names import NUM_CARDS
from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_LEGAL, SIG_RETURNS, kernel, np
from tui_games.engine.layout import HEADER_FIELDS, Field, StateLayout
from tui_games.games.holdem_tournament.spec import MAX_TABLE_CHIPS

MAX_SEATS = bt.MAX_SEATS
FIXED = bt.FIXED_LIMIT
NO_LIMIT = bt.NO_LIMIT
"""Betting structures (the betting table's codes)."""
STILL_IN = 0
"""``s[PLACE + seat]`` of a seat that is still in the tournament."""
MAX_ACTIONS = MAX_TABLE_CHIPS + 2
"""Room for every no-limit 'raise to' total (and the 52 cards dealt between hands)."""

LAYOUT = StateLayout(
    "Texas Hold'em tournament",
    *holdem.LAYOUT.fields[len(HEADER_FIELDS):],
    Field("base_big_blind", 1, "the big blind of the first blind level"),
    Field("blinds_every", 1, "hands per blind level (0: the blinds never go up)"),
    Field("level", 1, "the blind level of this hand, 0 first: the big blind is base_big_blind * 2**level"),
    Field("hands", 1, "hands dealt so far, this one included"),
    Field("hand_start", 1, "the ply at which this hand began (its first hole card)"),
    Field("start_stacks", MAX_SEATS, "each seat's chips at the start of this hand, before the blinds"),
    Field("place", MAX_SEATS, "the finishing place of a seat that is out (1st the winner), STILL_IN 0 while in"),
    Field("out_hand", MAX_SEATS, "the hand in which a seat went out, 0 while it is in"),
)
"""The state array: a Hold'em hand (holdem.LAYOUT's fields at the same offsets), then the tournament."""
LAYOUT.export(globals())  # the hand's TABLE ... VALUES, then BASE_BIG_BLIND ... OUT_HAND, STATE_SIZE
HAND_SIZE = holdem.STATE_SIZE
"""The hand's part of the array (s[:HAND_SIZE] is a Hold'em hand state)."""
for _field in holdem.LAYOUT.fields:
    assert LAYOUT.offset(_field.name) == holdem.LAYOUT.offset(_field.name), "hand fields out of step"


# ----- the blinds and the next hand -------------------------------------------------------------------------
@kernel()
def level_big_blind(base, level, cap):
    """The big blind of blind level ``level``: ``base`` doubled ``level`` times, at most ``cap``."""
    big = base
    for _ in range(level):
        if big >= cap:
            break
        big *= 2
    return min(big, cap)


@kernel()
def seat_chips(s, seat):
    """``seat``'s chips: behind it, and in the pot while a hand is being played (once it is settled
    the pots are on the winners' stacks)."""
    if s[PHASE] == PHASE_OVER:
        return s[TABLE + bt.STACKS + seat]
    return s[TABLE + bt.STACKS + seat] + s[TABLE + bt.TOTALS + seat]


@kernel()
def chips_in_play(s):
    """Every chip at the table: the stacks and the pot."""
    total = 0
    for seat in range(s[NUM_PLAYERS]):
        total += seat_chips(s, seat)
    return total


@kernel()
def seats_with_chips(s):
    """Seats that still have chips behind (between hands: the seats still in)."""
    count = 0
    for seat in range(s[NUM_PLAYERS]):
        if s[TABLE + bt.STACKS + seat] > 0:
            count += 1
    return count


@kernel()
def deal_hand(s, button):
    """Set up hand number ``s[HANDS] + 1`` in place: the blinds of its level, every seat with chips
    dealt in with the button on ``button`` (or the next seat with chips), the blinds posted and chance
    to deal the hole cards. The tournament's fields and the ply count are kept."""
    n = s[NUM_PLAYERS]
    s[HANDS] += 1
    if s[BLINDS_EVERY] > 0:
        s[LEVEL] = (s[HANDS] - 1) // s[BLINDS_EVERY]
    big = level_big_blind(s[BASE_BIG_BLIND], s[LEVEL], chips_in_play(s))
    stacks = np.zeros(n, dtype=np.int64)
    for seat in range(n):
        stacks[seat] = s[TABLE + bt.STACKS + seat]
        s[START_STACKS + seat] = stacks[seat]
    hand = holdem.initial_state(n, s[TABLE + bt.STRUCTURE], big // 2, big, 0, stacks, button)
    ply = s[PLY]
    s[:HAND_SIZE] = hand
    s[PLY] = ply
    s[HAND_START] = ply
    return 0


@kernel()
def initial_state(seats, structure, big_blind, stack, blinds_every):
    """A new tournament: ``seats`` seats with ``stack`` chips each, the button on seat 0 (the seed's
    dealer is the first player), the first hand's blinds posted and chance to deal its hole cards."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[NUM_PLAYERS] = seats
    s[TABLE + bt.STRUCTURE] = structure
    for seat in range(seats):
        s[TABLE + bt.STACKS + seat] = stack
    s[BASE_BIG_BLIND] = big_blind
    s[BLINDS_EVERY] = blinds_every
    deal_hand(s, 0)
    return s


@kernel()
def record_busts(s):
    """After a hand is settled: the seats that lost their last chip in it are out, placed below every
    seat still in and among themselves by their chips at the start of the hand (equal chips share
    a place). Returns the seats still in."""
    n = s[NUM_PLAYERS]
    left = seats_with_chips(s)
    busted = np.zeros(n, dtype=np.int64)
    for seat in range(n):
        busted[seat] = s[PLACE + seat] == STILL_IN and s[TABLE + bt.STACKS + seat] == 0
    for seat in range(n):
        if busted[seat]:
            better = 0
            for other in range(n):
                if busted[other] and s[START_STACKS + other] > s[START_STACKS + seat]:
                    better += 1
            s[PLACE + seat] = left + better + 1
            s[OUT_HAND + seat] = s[HANDS]
    return left


@kernel()
def finish_hand(s):
    """A hand was just settled: record who went out; the tournament is over when one seat is left
    (it is placed 1st and is the winner), else chance deals the next hand."""
    left = record_busts(s)
    s[WINNER] = NO_WINNER
    if left <= 1:
        for seat in range(s[NUM_PLAYERS]):
            if s[TABLE + bt.STACKS + seat] > 0:
                s[PLACE + seat] = 1
                s[WINNER] = seat
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = CHANCE
    return 0


@kernel()
def between_hands(s):
    """True when a hand is over and chance is to deal the next one."""
    return s[PHASE] == PHASE_OVER and s[PLAYER] == CHANCE


# ----- the protocol kernels -------------------------------------------------------------------------------
@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The betting actions of the seat to act (see betting.legal_actions), ascending."""
    return holdem.legal_actions(s, out)


@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """The cards left in the deck; between hands every card of a fresh deck, equally likely."""
    if s[PLAYER] != CHANCE:
        return 0
    if between_hands(s):
        for card in range(NUM_CARDS):
            actions[card] = card
            probs[card] = 1.0 / NUM_CARDS
        return NUM_CARDS
    return holdem.chance_outcomes(s, actions, probs)


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Play a betting action or a chance outcome of the hand; between hands the card dealt first in
    the next hand (which this sets up). A settled hand leads to the next one, or ends the tournament."""
    if between_hands(s):
        deal_hand(s, bt.next_button(s, TABLE))
    street = s[STREET]
    holdem.apply_action(s, action)
    if s[TABLE + bt.STRUCTURE] == FIXED and s[STREET] != street:
        s[TABLE + bt.UNIT] = s[TABLE + bt.BIG_BLIND]  # the seed's fixed bet: the big blind on every street
    if s[PHASE] == PHASE_OVER and s[PLAYER] == TERMINAL:
        finish_hand(s)
    return 0


@kernel()
def place_return(s, seat):
    """``seat``'s return at the end: seats it outlasted minus seats that outlasted it, over seats - 1."""
    n = s[NUM_PLAYERS]
    total = 0
    for other in range(n):
        if s[PLACE + other] > s[PLACE + seat]:
            total += 1
        elif s[PLACE + other] < s[PLACE + seat]:
            total -= 1
    return total / (n - 1)


@kernel(SIG_RETURNS)
def returns(s, out):
    """Each seat's return once the tournament is over (see the module notes), 0 before."""
    n = s[NUM_PLAYERS]
    for seat in range(n):
        out[seat] = place_return(s, seat) if s[PLAYER] == TERMINAL else 0.0
    return n


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A quick estimate of ``player``'s return: its final return once over; before, its share of the
    chips put on the scale from -1 (none) to +1 (all). Reads only public chip counts."""
    if s[PLAYER] == TERMINAL:
        return place_return(s, player)
    return 2.0 * seat_chips(s, player) / chips_in_play(s) - 1.0


@kernel()
def hand_start(s):
    """The state as the current hand began (blinds posted, no card dealt): applying the history from
    ``s[HAND_START]`` on to it gives ``s`` again. The tournament's places are today's."""
    start = s.copy()
    start[HANDS] -= 1
    start[PLY] = s[HAND_START]
    for seat in range(s[NUM_PLAYERS]):
        start[TABLE + bt.STACKS + seat] = s[START_STACKS + seat]
        start[TABLE + bt.TOTALS + seat] = 0
    deal_hand(start, s[TABLE + bt.BUTTON])
    return start


@kernel()
def next_deal_seat(s):
    """Between hands: the seat the next hand's first hole card goes to (left of the next button)."""
    probe = s.copy()
    deal_hand(probe, bt.next_button(probe, TABLE))
    return holdem.deal_seat(probe, 0)


__all__ = [
    "BASE_BIG_BLIND", "BLINDS_EVERY", "FIXED", "HANDS", "HAND_SIZE", "HAND_START", "LAYOUT", "LEVEL",
    "MAX_SEATS", "NO_LIMIT", "OUT_HAND", "PLACE", "START_STACKS", "STATE_SIZE", "STILL_IN", "apply_action",
    "between_hands", "chance_outcomes", "chips_in_play", "deal_hand", "evaluate", "finish_hand", "hand_start",
    "initial_state", "legal_actions", "level_big_blind", "next_deal_seat", "place_return", "record_busts",
    "returns", "seat_chips", "seats_with_chips"
]
