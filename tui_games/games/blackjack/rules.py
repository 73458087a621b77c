"""Blackjack rules as jitted kernels: the only implementation, used by the UI and the AI.

One state is one round, dealt from a fresh shuffled shoe (a continuous shuffling machine), so rounds
are independent. Two rule sets share the layout:

* American (``RULES_AMERICAN``): a bet per seat, two cards each, dealer up card then hole card;
  insurance when the up card is an Ace, the dealer peeks with an Ace or a ten-value up card;
  naturals pay 3:2; double on any two cards (also after a split); split pairs of the same rank up to
  three times (four hands); split Aces take one card each and cannot be re-split; late surrender on
  the first two cards; a hand reaching 21 stands by itself; the dealer stands on soft 17.
* Simple (``RULES_SIMPLE``, OpenSpiel's and RLCard's "blackjack"): one 52-card deck, hit or stand
  only, no naturals, the dealer's first card is the hidden one, the dealer hits below 17; +1/0/-1.

Cards are ids 0-51, ``suit * 13 + rank`` with suits C, D, H, S and ranks A 2 3 4 5 6 7 8 9 T J Q K
(OpenSpiel's numbering). A chance outcome is a card id; its probability is the number of copies of
that card left in the shoe over the shoe size.

Player actions: 0 hit, 1 stand (OpenSpiel's ids), 2 double, 3 split, 4 surrender, 5 take insurance,
6 decline insurance, 7 bet.

Amounts are kept in half wagers (a natural wins 3, a surrender loses 1); ``returns`` reports them in
base wagers.
"""

from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_LEGAL, SIG_REDACT, SIG_RETURNS, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.observer import UNSEEN
from tui_games.games.blackjack.constants import (BET, DOUBLE, HIT, INSURE, NO_INSURANCE, NUM_ACTIONS,  # noqa: F401
                                                 SPLIT, STAND, SURRENDER)

# ----- rule sets and card ids (the action ids are in constants.py) -------------------------------------
RULES_AMERICAN = 0
RULES_SIMPLE = 1

NUM_CARDS = 52
MAX_ACTIONS = NUM_CARDS
"""The most actions or chance outcomes at a node: a card drawn from the shoe (a seat has at most 8)."""
CARDS_PER_SUIT = 13
ACE_RANK = 0
TEN_VALUE = 10
MAX_SEATS = 3
MAX_HANDS = 4
MAX_HAND_CARDS = 22
"""A hand never holds more cards: 20 Aces make a hard 20, one more card ends it."""

# ----- phases, hand states -----------------------------------------------------------------------------
PHASE_BETTING = 0
PHASE_DEALING = 1
PHASE_INSURANCE = 2
PHASE_PLAYING = 3
PHASE_DEALER = 4
PHASE_OVER = 5

HAND_PLAYING = 0
HAND_STOOD = 1
HAND_BUST = 2
HAND_SURRENDERED = 3
HAND_NATURAL = 4

FLAG_SPLIT = 1
FLAG_SPLIT_ACES = 2
FLAG_DOUBLED = 4

INSURANCE_NOT_OFFERED = 0
INSURANCE_DECLINED = 1
INSURANCE_TAKEN = 2

PENDING_NONE = 0
PENDING_HIT = 1
PENDING_DOUBLE = 2
PENDING_SPLIT = 3

# ----- state layout --------------------------------------------------------------------------------------
HAND_LAYOUT = StateLayout(
    "one player hand",
    Field("n", 1, "cards in the hand"),
    Field("wager", 1, "the wager on it, in base bets"),
    Field("status", 1, "HAND_PLAYING / STOOD / BUST / SURRENDERED / NATURAL"),
    Field("flags", 1, "FLAG_SPLIT | FLAG_SPLIT_ACES | FLAG_DOUBLED"),
    Field("result", 1, "settled net amount in half wagers"),
    Field("cards", MAX_HAND_CARDS, "card ids in deal order"),
    with_header=False,
)
"""One hand's block inside a seat."""
SEAT_LAYOUT = StateLayout(
    "one seat",
    Field("bet", 1, "1 once the seat's wager is placed"),
    Field("insurance", 1, "INSURANCE_NOT_OFFERED / DECLINED / TAKEN"),
    Field("insurance_result", 1, "settled insurance amount in half wagers"),
    Field("n_hands", 1, "hands the seat plays (more than one after splits)"),
    Field("hands", record=HAND_LAYOUT, count=MAX_HANDS),
    with_header=False,
)
"""One seat's block inside the state."""
LAYOUT = StateLayout(
    "Blackjack state",
    Field("rules", 1, "RULES_AMERICAN or RULES_SIMPLE"),
    Field("decks", 1, "decks in the shoe"),
    Field("phase", 1, "PHASE_BETTING ... PHASE_OVER"),
    Field("seat", 1, "the seat acting in the playing phase"),
    Field("hand", 1, "the hand of that seat being played"),
    Field("deal_step", 1, "how far the initial deal has gone"),
    Field("pending", 1, "what the next chance card is for (PENDING_HIT / DOUBLE / SPLIT)"),
    Field("shoe_left", 1, "cards left in the shoe"),
    Field("shoe", NUM_CARDS, "copies left of each card id"),
    Field("dealer_n", 1, "the dealer's cards"),
    Field("dealer_revealed", 1, "1 once the hole card is face up"),
    Field("dealer_cards", MAX_HAND_CARDS, "the dealer's card ids in deal order"),
    Field("seats", record=SEAT_LAYOUT, count=MAX_SEATS),
)
"""The state array of one round."""
LAYOUT.export(globals())  # RULES, DECKS ... DEALER_CARDS, SEATS (where the seat blocks start), STATE_SIZE
SEAT_LAYOUT.export(globals(), prefix="S_")  # S_BET ... S_HANDS (within a seat block), S_SIZE
HAND_LAYOUT.export(globals(), prefix="H_")  # H_N ... H_CARDS (within a hand block), H_SIZE


# ----- small helpers -------------------------------------------------------------------------------------
@kernel()
def card_rank(card):
    """Rank index 0-12 (A 2 .. 9 T J Q K) of card id ``card``."""
    return card % CARDS_PER_SUIT


@kernel()
def card_value(card):
    """Blackjack value of a card id: Ace 1, two to nine their pip, ten and faces 10."""
    rank = card % CARDS_PER_SUIT
    if rank >= 9:
        return 10
    return rank + 1


@kernel()
def seat_base(seat):
    """Offset of ``seat``'s block in the state."""
    return SEATS + seat * S_SIZE


@kernel()
def hand_base(seat, hand):
    """Offset of hand ``hand`` of ``seat`` in the state."""
    return SEATS + seat * S_SIZE + S_HANDS + hand * H_SIZE


@kernel()
def cards_total(s, first, n):
    """(best total, soft) of the ``n`` card ids at ``s[first:first+n]``; soft = an Ace counts 11."""
    hard = 0
    has_ace = False
    for i in range(n):
        v = card_value(s[first + i])
        hard += v
        if v == 1:
            has_ace = True
    if has_ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@kernel()
def hand_total(s, base):
    """(best total, soft) of the hand whose block starts at ``base``."""
    return cards_total(s, base + H_CARDS, s[base + H_N])


@kernel()
def dealer_total(s):
    """(best total, soft) of all the dealer's cards, the hole card included."""
    return cards_total(s, DEALER_CARDS, s[DEALER_N])


@kernel()
def is_natural_pair(s, first):
    """True if the two cards at ``s[first]``, ``s[first+1]`` are an Ace and a ten-value card."""
    a = card_value(s[first])
    b = card_value(s[first + 1])
    return (a == 1 and b == 10) or (a == 10 and b == 1)


@kernel()
def up_card_index(s):
    """Index among the dealer's cards of the up card (the other of the first two is the hole card)."""
    if s[RULES] == RULES_SIMPLE:
        return 1
    return 0


@kernel()
def deal_target(s, step):
    """Who gets deal number ``step``: a seat number, or -1 for the dealer.

    American: one card to each seat in turn, then the dealer, twice. Simple (as OpenSpiel): two cards
    to each seat, then two to the dealer.
    """
    seats = s[NUM_PLAYERS]
    if s[RULES] == RULES_SIMPLE:
        if step < 2 * seats:
            return step // 2
        return -1
    position = step % (seats + 1)
    if position < seats:
        return position
    return -1


# ----- the initial state ---------------------------------------------------------------------------------
@kernel()
def initial_state(rules, decks, seats):
    """A new round: full shoe of ``decks`` decks, ``seats`` seats (American starts with bets)."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = seats
    s[RULES] = rules
    s[DECKS] = decks
    for card in range(NUM_CARDS):
        s[SHOE + card] = decks
    s[SHOE_LEFT] = decks * NUM_CARDS
    for seat in range(seats):
        s[seat_base(seat) + S_N_HANDS] = 1
        s[hand_base(seat, 0) + H_WAGER] = 1
    if rules == RULES_SIMPLE:
        for seat in range(seats):
            s[seat_base(seat) + S_BET] = 1
        s[PHASE] = PHASE_DEALING
        s[PLAYER] = CHANCE
    else:
        s[PHASE] = PHASE_BETTING
        s[SEAT] = 0
        s[PLAYER] = 0
    return s


# ----- legal actions ---------------------------------------------------------------------------------------
@kernel()
def can_split(s, seat, base):
    """True if the active hand at ``base`` may be split (American rules)."""
    if s[base + H_N] != 2 or s[base + H_STATUS] != HAND_PLAYING:
        return False
    if s[base + H_FLAGS] & FLAG_SPLIT_ACES:
        return False
    if s[seat_base(seat) + S_N_HANDS] >= MAX_HANDS:
        return False
    return card_rank(s[base + H_CARDS]) == card_rank(s[base + H_CARDS + 1])


@kernel()
def can_surrender(s, seat, base):
    """True if the active hand may surrender: the first decision on the first two cards."""
    return s[base + H_N] == 2 and s[seat_base(seat) + S_N_HANDS] == 1 and (s[base + H_FLAGS] & FLAG_SPLIT) == 0


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The actions of the seat to move, in increasing id order (none at chance or terminal nodes)."""
    if s[PLAYER] < 0:
        return 0
    phase = s[PHASE]
    if phase == PHASE_BETTING:
        out[0] = BET
        return 1
    if phase == PHASE_INSURANCE:
        out[0] = INSURE
        out[1] = NO_INSURANCE
        return 2
    out[0] = HIT
    out[1] = STAND
    if s[RULES] == RULES_SIMPLE:
        return 2
    seat = s[SEAT]
    base = hand_base(seat, s[HAND])
    n = 2
    if s[base + H_N] == 2:
        out[n] = DOUBLE
        n += 1
        if can_split(s, seat, base):
            out[n] = SPLIT
            n += 1
        if can_surrender(s, seat, base):
            out[n] = SURRENDER
            n += 1
    return n


# ----- chance ----------------------------------------------------------------------------------------------
@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """Every card id still in the shoe, with probability copies left / cards left."""
    if s[PLAYER] != CHANCE:
        return 0
    left = s[SHOE_LEFT]
    n = 0
    for card in range(NUM_CARDS):
        copies = s[SHOE + card]
        if copies > 0:
            actions[n] = card
            probs[n] = copies / left
            n += 1
    return n


@kernel()
def take_from_shoe(s, card):
    """Remove one copy of ``card`` from the shoe."""
    s[SHOE + card] -= 1
    s[SHOE_LEFT] -= 1


# ----- settling ----------------------------------------------------------------------------------------------
@kernel()
def finish_round(s):
    """Reveal the hole card, settle every hand still standing against the dealer, end the round."""
    s[DEALER_REVEALED] = 1
    dealer, _ = dealer_total(s)
    for seat in range(s[NUM_PLAYERS]):
        sb = seat_base(seat)
        for hand in range(s[sb + S_N_HANDS]):
            base = hand_base(seat, hand)
            if s[base + H_STATUS] != HAND_STOOD:
                continue
            total, _ = hand_total(s, base)
            stake = 2 * s[base + H_WAGER]
            if dealer > 21 or total > dealer:
                s[base + H_RESULT] = stake
            elif total < dealer:
                s[base + H_RESULT] = -stake
            else:
                s[base + H_RESULT] = 0
    s[PHASE] = PHASE_OVER
    s[PLAYER] = TERMINAL


@kernel()
def any_hand_standing(s):
    """True if some hand waits for the dealer (not bust, surrendered or paid as a natural)."""
    for seat in range(s[NUM_PLAYERS]):
        sb = seat_base(seat)
        for hand in range(s[sb + S_N_HANDS]):
            if s[hand_base(seat, hand) + H_STATUS] == HAND_STOOD:
                return True
    return False


@kernel()
def start_dealer(s):
    """All seats are done: the dealer reveals and draws to 17 if any hand still stands."""
    s[PHASE] = PHASE_DEALER
    s[DEALER_REVEALED] = 1
    if not any_hand_standing(s):
        finish_round(s)
        return
    total, _ = dealer_total(s)
    if total >= 17:
        finish_round(s)
    else:
        s[PLAYER] = CHANCE


@kernel()
def begin_hand(s, seat, hand):
    """Make (seat, hand) the active hand: a one-card split hand first gets its second card."""
    s[SEAT] = seat
    s[HAND] = hand
    if s[hand_base(seat, hand) + H_N] == 1:
        s[PENDING] = PENDING_SPLIT
        s[PLAYER] = CHANCE
    else:
        s[PENDING] = PENDING_NONE
        s[PLAYER] = seat


@kernel()
def advance(s, seat, hand):
    """Move on to the first hand still to play after (seat, hand), or to the dealer."""
    hand += 1
    while seat < s[NUM_PLAYERS]:
        sb = seat_base(seat)
        while hand < s[sb + S_N_HANDS]:
            if s[hand_base(seat, hand) + H_STATUS] == HAND_PLAYING:
                begin_hand(s, seat, hand)
                return
            hand += 1
        seat += 1
        hand = 0
    start_dealer(s)


@kernel()
def after_deal(s):
    """The initial deal is complete: insurance, the peek and naturals (American), then play."""
    s[PHASE] = PHASE_PLAYING
    if s[RULES] == RULES_SIMPLE:
        advance(s, 0, -1)
        return
    if card_value(s[DEALER_CARDS]) == 1:
        s[PHASE] = PHASE_INSURANCE
        s[SEAT] = 0
        s[PLAYER] = 0
        return
    peek_and_play(s)


@kernel()
def peek_and_play(s):
    """Settle insurance, end the round on a dealer natural, pay player naturals 3:2, start play."""
    dealer_natural = is_natural_pair(s, DEALER_CARDS)
    s[PHASE] = PHASE_PLAYING
    for seat in range(s[NUM_PLAYERS]):
        sb = seat_base(seat)
        if s[sb + S_INSURANCE] == INSURANCE_TAKEN:
            s[sb + S_INSURANCE_RESULT] = 2 if dealer_natural else -1
        base = hand_base(seat, 0)
        player_natural = is_natural_pair(s, base + H_CARDS)
        if dealer_natural:
            s[base + H_STATUS] = HAND_NATURAL if player_natural else HAND_STOOD
            s[base + H_RESULT] = 0 if player_natural else -2
        elif player_natural:
            s[base + H_STATUS] = HAND_NATURAL
            s[base + H_RESULT] = 3
    if dealer_natural:
        s[DEALER_REVEALED] = 1
        s[PHASE] = PHASE_OVER
        s[PLAYER] = TERMINAL
        return
    advance(s, 0, -1)


@kernel()
def card_to_active_hand(s, card):
    """Deal ``card`` to the active hand and decide whether that hand goes on."""
    seat = s[SEAT]
    hand = s[HAND]
    base = hand_base(seat, hand)
    s[base + H_CARDS + s[base + H_N]] = card
    s[base + H_N] += 1
    pending = s[PENDING]
    s[PENDING] = PENDING_NONE
    total, _ = hand_total(s, base)
    if total > 21:
        s[base + H_STATUS] = HAND_BUST
        s[base + H_RESULT] = -2 * s[base + H_WAGER]
    elif pending == PENDING_DOUBLE or (s[base + H_FLAGS] & FLAG_SPLIT_ACES) != 0:
        s[base + H_STATUS] = HAND_STOOD
    elif total == 21 and s[RULES] == RULES_AMERICAN:
        s[base + H_STATUS] = HAND_STOOD
    else:
        s[PLAYER] = seat
        return
    advance(s, seat, hand)


@kernel()
def deal_initial_card(s, card):
    """One card of the initial deal to the seat or dealer whose turn it is."""
    target = deal_target(s, s[DEAL_STEP])
    if target < 0:
        s[DEALER_CARDS + s[DEALER_N]] = card
        s[DEALER_N] += 1
    else:
        base = hand_base(target, 0)
        s[base + H_CARDS + s[base + H_N]] = card
        s[base + H_N] += 1
    s[DEAL_STEP] += 1
    if s[DEAL_STEP] == 2 * (s[NUM_PLAYERS] + 1):
        after_deal(s)


@kernel()
def dealer_draws(s, card):
    """One card to the dealer; stop at 17 or more (soft 17 stands) and settle."""
    s[DEALER_CARDS + s[DEALER_N]] = card
    s[DEALER_N] += 1
    total, _ = dealer_total(s)
    if total >= 17:
        finish_round(s)


# ----- applying an action ---------------------------------------------------------------------------------
@kernel()
def player_action(s, action):
    """A decision of the seat to move (the action is known to be legal)."""
    seat = s[SEAT]
    phase = s[PHASE]
    if phase == PHASE_BETTING:
        s[seat_base(seat) + S_BET] = 1
        if seat + 1 < s[NUM_PLAYERS]:
            s[SEAT] = seat + 1
            s[PLAYER] = seat + 1
        else:
            s[SEAT] = 0
            s[PHASE] = PHASE_DEALING
            s[PLAYER] = CHANCE
        return
    if phase == PHASE_INSURANCE:
        s[seat_base(seat) + S_INSURANCE] = INSURANCE_TAKEN if action == INSURE else INSURANCE_DECLINED
        if seat + 1 < s[NUM_PLAYERS]:
            s[SEAT] = seat + 1
            s[PLAYER] = seat + 1
        else:
            peek_and_play(s)
        return
    hand = s[HAND]
    base = hand_base(seat, hand)
    if action == HIT:
        s[PENDING] = PENDING_HIT
        s[PLAYER] = CHANCE
    elif action == STAND:
        s[base + H_STATUS] = HAND_STOOD
        advance(s, seat, hand)
    elif action == DOUBLE:
        s[base + H_WAGER] = 2
        s[base + H_FLAGS] |= FLAG_DOUBLED
        s[PENDING] = PENDING_DOUBLE
        s[PLAYER] = CHANCE
    elif action == SPLIT:
        sb = seat_base(seat)
        new_hand = s[sb + S_N_HANDS]
        s[sb + S_N_HANDS] = new_hand + 1
        new_base = hand_base(seat, new_hand)
        flags = FLAG_SPLIT
        if card_value(s[base + H_CARDS]) == 1:
            flags |= FLAG_SPLIT_ACES
        s[new_base + H_CARDS] = s[base + H_CARDS + 1]
        s[new_base + H_N] = 1
        s[new_base + H_WAGER] = 1
        s[new_base + H_STATUS] = HAND_PLAYING
        s[new_base + H_FLAGS] = flags
        s[base + H_N] = 1
        s[base + H_FLAGS] |= flags
        s[PENDING] = PENDING_SPLIT
        s[PLAYER] = CHANCE
    elif action == SURRENDER:
        s[base + H_STATUS] = HAND_SURRENDERED
        s[base + H_RESULT] = -1
        advance(s, seat, hand)


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Play a seat's decision, or deal the card ``action`` at a chance node."""
    s[PLY] += 1
    if s[PLAYER] == CHANCE:
        take_from_shoe(s, action)
        phase = s[PHASE]
        if phase == PHASE_DEALING:
            deal_initial_card(s, action)
        elif phase == PHASE_PLAYING:
            card_to_active_hand(s, action)
        else:
            dealer_draws(s, action)
    else:
        player_action(s, action)
    return 0


# ----- results -----------------------------------------------------------------------------------------------
@kernel()
def seat_result_halves(s, seat):
    """Net result of ``seat`` so far in half wagers (settled hands and insurance)."""
    sb = seat_base(seat)
    total = s[sb + S_INSURANCE_RESULT]
    for hand in range(s[sb + S_N_HANDS]):
        total += s[hand_base(seat, hand) + H_RESULT]
    return total


@kernel(SIG_RETURNS)
def returns(s, out):
    """Each seat's net chips in base wagers: settled hands and insurance (final once terminal)."""
    seats = s[NUM_PLAYERS]
    for seat in range(seats):
        out[seat] = seat_result_halves(s, seat) / 2.0
    return seats


# ----- heuristic evaluation -------------------------------------------------------------------------------------
@kernel()
def infinite_deck_dealer(up_value, out):
    """Dealer's final-total probabilities (17, 18, 19, 20, 21, bust) from ``up_value``, infinite deck.

    The hole card is unrestricted (no peek conditioning); the dealer stands on soft 17.
    """
    # probability mass over (hard total 2..26, has ace) while drawing; iterate by hard total
    mass = np.zeros((32, 2), dtype=np.float64)
    mass[up_value, 1 if up_value == 1 else 0] = 1.0
    for i in range(6):
        out[i] = 0.0
    for hard in range(1, 27):
        for ace in range(2):
            m = mass[hard, ace]
            if m == 0.0:
                continue
            best = hard + 10 if ace == 1 and hard + 10 <= 21 else hard
            if best > 21:
                out[5] += m
                continue
            if best >= 17:
                out[best - 17] += m
                continue
            for value in range(1, 11):
                p = 4.0 / 13.0 if value == 10 else 1.0 / 13.0
                mass[hard + value, 1 if (ace == 1 or value == 1) else 0] += m * p
    return out


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """Settled chips of ``player`` plus each open hand's value if it stood now (infinite-deck dealer)."""
    value = seat_result_halves(s, player) / 2.0
    if s[PHASE] == PHASE_BETTING or s[PHASE] == PHASE_DEALING or s[PLAYER] == TERMINAL:
        return value
    dist = np.zeros(6, dtype=np.float64)
    infinite_deck_dealer(card_value(s[DEALER_CARDS + up_card_index(s)]), dist)
    sb = seat_base(player)
    for hand in range(s[sb + S_N_HANDS]):
        base = hand_base(player, hand)
        status = s[base + H_STATUS]
        if status != HAND_PLAYING and status != HAND_STOOD:
            continue
        if s[base + H_RESULT] != 0 or s[base + H_N] < 2:
            continue
        total, _ = hand_total(s, base)
        ev = dist[5]
        for i in range(5):
            if 17 + i < total:
                ev += dist[i]
            elif 17 + i > total:
                ev -= dist[i]
        value += ev * s[base + H_WAGER]
    return value


# ----- what a seat may see ------------------------------------------------------------------------------
@kernel(SIG_REDACT)
def redact(s, player, out):
    """The table as a seat sees it: every player's card is face up, the dealer's hole card is not.

    Until the hole card is turned over its slot reads UNSEEN (-1) and the card is counted back among
    the shoe's unseen cards, so that what is left in the shoe cannot give it away.
    """
    hole = 1 - up_card_index(s)
    if s[DEALER_REVEALED] == 0 and s[DEALER_N] > hole:
        card = s[DEALER_CARDS + hole]
        if card >= 0:
            out[DEALER_CARDS + hole] = UNSEEN
            out[SHOE + card] += 1
    return 0


@kernel()
def next_card_is_hole_card(s):
    """True when the chance card about to be dealt is the dealer's hole card (dealt face down)."""
    if s[PHASE] != PHASE_DEALING:
        return False
    return deal_target(s, s[DEAL_STEP]) < 0 and s[DEALER_N] == 1 - up_card_index(s)
