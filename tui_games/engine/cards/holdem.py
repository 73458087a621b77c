"""Texas Hold'em streets as jitted kernels, shared by Limit, No-limit and the tournament.

One state is one hand. Chance deals two hole cards to each seat dealt in (one card round the table
at a time, starting left of the button), then the flop (three cards), the turn and the river (one
each); a betting round follows the hole cards and each street. The betting (blinds, turns, limit or
no-limit raises, short all-ins, side pots) is the shared :mod:`.betting` table, embedded here as the
``table`` field; this module adds the deck, the streets and the showdown, where the evaluator of
:mod:`.poker_hand` ranks the best five of each seat's seven cards.

Chance outcomes are card ids (:mod:`.names`: rank * 4 + suit). Actions are the betting table's:
0 fold, 1 check or call, 2 the fixed raise (limit) or, in no-limit, any ``a >= 2`` = "my chips in
the pot this hand total a".

The fixed-limit bet is the big blind on the first two rounds and twice that on the turn and river.
"""

from tui_games.engine.cards import betting as bt
from tui_games.engine.cards.deck import chance_cards, deck_fill, deck_take
from tui_games.engine.cards.names import NUM_CARDS
from tui_games.engine.cards.poker_hand import hand_value_parts
from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_CHANCE, SIG_LEGAL, SIG_REDACT, SIG_RETURNS, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.observer import UNSEEN

MAX_SEATS = bt.MAX_SEATS
HOLE_CARDS = 2
BOARD_CARDS = 5
NO_CARD = -1
"""A card slot not dealt yet (the observer's UNSEEN has the same value)."""

PREFLOP = 0
FLOP = 1
TURN = 2
RIVER = 3
STREET_NAMES = ("pre-flop", "flop", "turn", "river")
BOARD_AFTER = (0, 3, 4, 5)
"""Board cards showing during each street's betting."""

PHASE_DEAL = 0
PHASE_BET = 1
PHASE_BOARD = 2
PHASE_OVER = 3
"""Chance deals hole cards; a betting round; chance turns up board cards; the hand is over."""

LAYOUT = StateLayout(
    "Texas Hold'em hand",
    Field("table", doc="the betting table of engine.cards.betting: stacks, bets, turns", record=bt.TABLE),
    Field("phase", 1, "PHASE_DEAL, PHASE_BET, PHASE_BOARD or PHASE_OVER"),
    Field("street", 1, "PREFLOP 0, FLOP 1, TURN 2, RIVER 3"),
    Field("dealt", 1, "hole cards dealt so far"),
    Field("hole", HOLE_CARDS * MAX_SEATS, "seat i's hole cards at 2i and 2i+1, NO_CARD before the deal"),
    Field("board", BOARD_CARDS, "the community cards, NO_CARD until turned up"),
    Field("board_count", 1, "community cards turned up (0, 3, 4, 5)"),
    Field("deck", NUM_CARDS, "1 for each card still in the deck"),
    Field("showdown", 1, "1 once the hand ended in a showdown (the live seats' cards shown)"),
    Field("values", MAX_SEATS, "each live seat's hand value at the showdown (poker_hand), else 0"),
)
"""The state array: the common header, the betting table, then the cards and streets."""
LAYOUT.export(globals())  # TABLE (where the betting table starts), PHASE ... VALUES, STATE_SIZE


# ----- a new hand ----------------------------------------------------------------------------------------
@kernel()
def initial_state(seats, structure, small_blind, big_blind, raise_cap, stacks, button):
    """A new hand: ``stacks[i]`` chips behind seat i, the button on ``button`` (moved on to the next
    seat with chips if it has none), the blinds posted, and chance to deal the hole cards."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = seats
    bt.seat_table(s, TABLE, seats, structure, small_blind, big_blind, raise_cap, 0)
    for i in range(seats):
        s[TABLE + bt.STACKS + i] = stacks[i]
    if s[TABLE + bt.STACKS + button] <= 0:
        s[TABLE + bt.BUTTON] = button
        button = bt.next_button(s, TABLE)
    bt.start_hand(s, TABLE, button)
    bt.post_blinds(s, TABLE)
    for k in range(HOLE_CARDS * MAX_SEATS):
        s[HOLE + k] = NO_CARD
    for k in range(BOARD_CARDS):
        s[BOARD + k] = NO_CARD
    deck_fill(s, DECK, NUM_CARDS, 1)
    s[PHASE] = PHASE_DEAL
    s[PLAYER] = CHANCE
    return s


@kernel()
def fixed_bet(s, street):
    """The limit bet of a street: the big blind pre-flop and on the flop, twice that later (also the
    smallest bet in no-limit, where it stays the big blind)."""
    big = s[TABLE + bt.BIG_BLIND]
    if s[TABLE + bt.STRUCTURE] == bt.FIXED_LIMIT and street >= TURN:
        return 2 * big
    return big


@kernel()
def deal_seat(s, k):
    """The seat that hole card number ``k`` goes to: one card round the seats dealt in, starting left
    of the button, then the second round."""
    count = bt.in_hand_count(s, TABLE)
    place = k % count
    seat = s[TABLE + bt.BUTTON]
    for _ in range(place + 1):
        seat = bt.next_in_hand(s, TABLE, seat)
    return seat


@kernel()
def hole_slot(s, k):
    """The state index that hole card number ``k`` is written to."""
    count = bt.in_hand_count(s, TABLE)
    return HOLE + HOLE_CARDS * deal_seat(s, k) + k // count


# ----- legal actions and chance ----------------------------------------------------------------------------
@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The betting actions of the seat to act (see betting.legal_actions), ascending."""
    return bt.turn_actions(s, TABLE, out)


@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """Every card left in the deck, equally likely."""
    return chance_cards(s, DECK, NUM_CARDS, actions, probs)


# ----- playing --------------------------------------------------------------------------------------------
@kernel()
def seat_value(s, seat):
    """The value of the best five of ``seat``'s hole cards and the board so far (poker_hand)."""
    return hand_value_parts(s, HOLE + HOLE_CARDS * seat, HOLE_CARDS, BOARD, s[BOARD_COUNT])


@kernel()
def settle(s, showdown):
    """End the hand: each pot to the best hand among the seats still in it (a showdown), or every
    chip to the one seat left after the others folded."""
    n = s[NUM_PLAYERS]
    values = np.zeros(n, dtype=np.int64)
    if showdown:
        for seat in range(n):
            if bt.is_live(s, TABLE, seat):
                values[seat] = seat_value(s, seat)
                s[VALUES + seat] = values[seat]
    bt.award(s, TABLE, values)
    s[SHOWDOWN] = 1 if showdown else 0
    s[PHASE] = PHASE_OVER
    s[PLAYER] = TERMINAL
    best = 0
    for seat in range(n):
        gain = bt.hand_result(s, TABLE, seat)
        if gain > best:
            best = gain
            s[WINNER] = seat


@kernel()
def after_betting(s):
    """Whose turn it is after a betting action or a new round: the seat to act, or chance to turn
    up the next street (at once when every seat but one is all in), or the end of the hand."""
    seat = s[TABLE + bt.TO_ACT]
    if seat != bt.NOBODY:
        s[PLAYER] = seat
        s[PHASE] = PHASE_BET
    elif bt.hand_won_by_folds(s, TABLE):
        settle(s, False)
    elif s[STREET] == RIVER:
        settle(s, True)
    else:
        s[PHASE] = PHASE_BOARD
        s[PLAYER] = CHANCE


@kernel()
def open_street(s):
    """Start the betting round of street ``s[STREET]`` with its bet size."""
    unit = fixed_bet(s, s[STREET])
    if s[STREET] == PREFLOP:
        bt.open_round(s, TABLE, unit, bt.NOBODY)
    else:
        bt.open_next_round(s, TABLE, unit, bt.NOBODY)
    after_betting(s)


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Play a betting action of the seat to act, or a chance outcome: the card dealt next."""
    s[PLY] += 1
    phase = s[PHASE]
    if phase == PHASE_DEAL:
        deck_take(s, DECK, action)
        s[hole_slot(s, s[DEALT])] = action
        s[DEALT] += 1
        if s[DEALT] == HOLE_CARDS * bt.in_hand_count(s, TABLE):
            open_street(s)
    elif phase == PHASE_BOARD:
        deck_take(s, DECK, action)
        s[BOARD + s[BOARD_COUNT]] = action
        s[BOARD_COUNT] += 1
        if s[BOARD_COUNT] == BOARD_AFTER[s[STREET] + 1]:
            s[STREET] += 1
            open_street(s)
    else:
        bt.apply_action(s, TABLE, action)
        after_betting(s)
    return 0


# ----- results ----------------------------------------------------------------------------------------------
@kernel(SIG_RETURNS)
def returns(s, out):
    """Each seat's chips won minus chips put in, once the hand is over (0 before)."""
    n = s[NUM_PLAYERS]
    for seat in range(n):
        out[seat] = float(bt.hand_result(s, TABLE, seat)) if s[PLAYER] == TERMINAL else 0.0
    return n


# ----- what each seat may see -------------------------------------------------------------------------
@kernel()
def shown(s, seat):
    """True when everyone may see ``seat``'s hole cards: it was still in at a showdown."""
    return s[SHOWDOWN] == 1 and bt.is_live(s, TABLE, seat)


@kernel(SIG_REDACT)
def redact(s, player, out):
    """The hand as ``player`` sees it: other seats' hole cards are UNSEEN (and counted back into the
    deck, so the deck cannot betray them) unless a showdown showed them. A spectator (a negative
    player) sees only shown cards."""
    for seat in range(s[NUM_PLAYERS]):
        if seat == player or shown(s, seat):
            continue
        for k in range(HOLE_CARDS):
            card = s[HOLE + HOLE_CARDS * seat + k]
            if card >= 0:
                out[HOLE + HOLE_CARDS * seat + k] = UNSEEN
                out[DECK + card] += 1
    return 0


__all__ = [
    "BOARD", "BOARD_AFTER", "BOARD_CARDS", "BOARD_COUNT", "DEALT", "DECK", "FLOP", "HOLE", "HOLE_CARDS",
    "LAYOUT", "MAX_SEATS", "NO_CARD", "PHASE", "PHASE_BET", "PHASE_BOARD", "PHASE_DEAL", "PHASE_OVER",
    "PREFLOP", "RIVER", "SHOWDOWN", "STATE_SIZE", "STREET", "STREET_NAMES", "TABLE", "TURN", "VALUES",
    "after_betting", "apply_action", "chance_outcomes", "deal_seat", "fixed_bet", "hole_slot",
    "initial_state", "legal_actions", "redact", "returns", "seat_value", "settle", "shown",
]
