"""Contract Bridge rules as jitted kernels: one deal of OpenSpiel's ``bridge`` (use_double_dummy_result
false), its action ids, chance outcomes and returns.

Chance deals the 52 cards one at a time, the k-th to seat ``k % 4`` (North first, whoever deals). The
auction starts with the dealer and goes clockwise (N E S W). A call is a pass, a bid higher than the
last (a higher level, or the same level in a higher strain, C < D < H < S < NT), a double of the last
bid when an opponent made it and it is undoubled, or a redouble of an opponent's double. Three passes
after a bid end the auction; four passes at the start end the deal, passed out. The declarer is the
player of the declaring side who first bid the final strain; the dummy is their partner.

The play: the declarer's left-hand opponent leads; then each hand in turn clockwise plays a card,
following the suit led when it can; the highest trump wins the trick, else the highest card of the
suit led, and the winner leads the next. When a card of the declarer's side is due, the declarer
chooses it (``s[PLAYER]`` is the declarer, ``s[TURN]`` the hand it comes from: OpenSpiel's rule).
After 13 tricks the deal is over; ``returns`` gives each seat its side's duplicate score
(:func:`.scoring.duplicate_score`), 0 each for a deal passed out.

Hands are 52-bit masks (bit ``card``). What a seat may see (:func:`redact`): its own hand, the dummy
once the opening lead is made, every call and every card played; all four hands once the deal is
over.
"""

from tui_games.engine.cards.masks import card_count, mask_cards
from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_LEGAL, SIG_REDACT, SIG_RETURNS, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.observer import UNSEEN
from tui_games.games.bridge.constants import (BID_BASE, DOUBLE, MAX_AUCTION, NUM_ACTIONS, NUM_CARDS, NUM_SEATS,
                                              NUM_STRAINS, NUM_SUITS, NUM_TRICKS, PASS, PHASE_AUCTION, PHASE_DEAL,
                                              PHASE_OVER, PHASE_PLAY, REDOUBLE)
from tui_games.games.bridge.scoring import duplicate_score

MAX_ACTIONS = NUM_ACTIONS
"""Every action id (0-89, OpenSpiel's NumDistinctActions); no node has more calls, cards or outcomes."""

LAYOUT = StateLayout(
    "Bridge deal",
    Field("phase", 1, "PHASE_DEAL, PHASE_AUCTION, PHASE_PLAY or PHASE_OVER"),
    Field("dealer", 1, "the seat that deals and calls first"),
    Field("vulnerable", 2, "1 where North-South / East-West is vulnerable"),
    Field("hands", NUM_SEATS, "each seat's cards still held, as masks"),
    Field("dealt", NUM_SEATS, "each seat's thirteen cards as dealt, as masks"),
    Field("turn", 1, "the seat whose call is due; in the play the hand the next card comes from"),
    Field("calls", 1, "calls made so far"),
    Field("auction", MAX_AUCTION, "the calls in order, as action ids"),
    Field("passes", 1, "passes since the last bid, double or redouble"),
    Field("level", 1, "the last bid's level, 0 before any bid (and for a deal passed out)"),
    Field("strain", 1, "the last bid's strain, 0-4 (C D H S NT)"),
    Field("doubled", 1, "0 undoubled, 1 doubled, 2 redoubled"),
    Field("declarer", 1, "the declarer of the last bid (its side's first to bid the strain); -1 before"),
    Field("first_bidder", 2 * NUM_STRAINS, "side * 5 + strain: the seat that first bid the strain for its "
          "side; -1 none"),
    Field("played", 1, "cards played"),
    Field("plays", NUM_CARDS, "the cards played, in order"),
    Field("players", NUM_CARDS, "the seat each card was played from"),
    Field("tricks", 2, "tricks won by North-South and by East-West"),
    Field("trick_winners", NUM_TRICKS, "the seat that won each finished trick"),
)
"""The state array: the header, the deal's conditions, the hands, the auction and the play."""
LAYOUT.export(globals())


@kernel()
def initial_state(dealer, vulnerable_ns, vulnerable_ew):
    """A new deal: no card dealt yet, chance to deal."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[PLAYER] = CHANCE
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = NUM_SEATS
    s[PHASE] = PHASE_DEAL
    s[DEALER] = dealer
    s[VULNERABLE] = vulnerable_ns
    s[VULNERABLE + 1] = vulnerable_ew
    s[DECLARER] = -1
    s[FIRST_BIDDER:FIRST_BIDDER + 2 * NUM_STRAINS] = -1
    return s


@kernel()
def bit(card):
    """The mask of one card."""
    return np.int64(1) << card


@kernel()
def side(seat):
    """The partnership of a seat: 0 North-South, 1 East-West."""
    return seat & 1


# ----- the deal -----------------------------------------------------------------------------------------
@kernel()
def undealt(s):
    """The cards not yet dealt, as a mask."""
    held = s[HANDS] | s[HANDS + 1] | s[HANDS + 2] | s[HANDS + 3]
    return ((np.int64(1) << NUM_CARDS) - 1) & ~held


@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """The next card dealt: each card not yet dealt alike, in increasing order."""
    if s[PLAYER] != CHANCE:
        return 0
    n = mask_cards(undealt(s), actions, 0)
    for i in range(n):
        probs[i] = 1.0 / n
    return n


@kernel()
def deal_card(s, card):
    """Chance: ``card`` goes to seat ``cards dealt so far % 4``; after the 52nd the dealer calls first."""
    count = card_count(s[HANDS] | s[HANDS + 1] | s[HANDS + 2] | s[HANDS + 3])
    seat = count % NUM_SEATS
    s[HANDS + seat] |= bit(card)
    s[DEALT + seat] |= bit(card)
    if count == NUM_CARDS - 1:
        s[PHASE] = PHASE_AUCTION
        s[TURN] = s[DEALER]


# ----- the auction --------------------------------------------------------------------------------------
@kernel()
def legal_calls(s, out):
    """Pass; a double of an opponent's undoubled bid; a redouble of an opponent's double; every bid above
    the last; in increasing order."""
    n = 0
    out[n] = PASS
    n += 1
    seat = s[TURN]
    if s[LEVEL] > 0:
        ours = side(s[DECLARER]) == side(seat)
        if not ours and s[DOUBLED] == 0:
            out[n] = DOUBLE
            n += 1
        if ours and s[DOUBLED] == 1:
            out[n] = REDOUBLE
            n += 1
    first = BID_BASE if s[LEVEL] == 0 else BID_BASE + NUM_STRAINS * (s[LEVEL] - 1) + s[STRAIN] + 1
    for call in range(first, NUM_ACTIONS):
        out[n] = call
        n += 1
    return n


@kernel()
def make_call(s, call):
    """The seat to call makes ``call``; three passes after a bid start the play, four end the deal."""
    seat = s[TURN]
    s[AUCTION + s[CALLS]] = call
    s[CALLS] += 1
    if call == PASS:
        s[PASSES] += 1
        if s[PASSES] == 4:
            s[PHASE] = PHASE_OVER
            return
        if s[PASSES] == 3 and s[LEVEL] > 0:
            s[PHASE] = PHASE_PLAY
            s[TURN] = (s[DECLARER] + 1) % NUM_SEATS
            return
    else:
        s[PASSES] = 0
        if call == DOUBLE:
            s[DOUBLED] = 1
        elif call == REDOUBLE:
            s[DOUBLED] = 2
        else:
            strain = (call - BID_BASE) % NUM_STRAINS
            s[LEVEL] = (call - BID_BASE) // NUM_STRAINS + 1
            s[STRAIN] = strain
            s[DOUBLED] = 0
            slot = FIRST_BIDDER + side(seat) * NUM_STRAINS + strain
            if s[slot] < 0:
                s[slot] = seat
            s[DECLARER] = s[slot]
    s[TURN] = (seat + 1) % NUM_SEATS


# ----- the play -----------------------------------------------------------------------------------------
@kernel()
def dummy(s):
    """The dummy's seat (the declarer's partner); meaningful once the auction has a bid."""
    return (s[DECLARER] + 2) % NUM_SEATS


@kernel()
def dummy_shown(s):
    """True once the dummy's hand is face up: from the opening lead on."""
    return s[PHASE] == PHASE_PLAY and s[PLAYED] > 0


@kernel()
def trick_winner(s, start):
    """The seat winning the trick whose first card is ``plays[start]`` so far: the highest trump, else
    the highest card of the suit led."""
    best = s[PLAYS + start]
    winner = s[PLAYERS + start]
    trump = s[STRAIN]
    for i in range(start + 1, s[PLAYED]):
        card = s[PLAYS + i]
        suit = card % NUM_SUITS
        if suit == best % NUM_SUITS:
            if card > best:
                best = card
                winner = s[PLAYERS + i]
        elif suit == trump:
            best = card
            winner = s[PLAYERS + i]
    return winner


@kernel()
def led_suit(s):
    """The suit led to the trick in progress, or -1 when a lead is due."""
    if s[PLAYED] % NUM_SEATS == 0:
        return -1
    return s[PLAYS + s[PLAYED] - s[PLAYED] % NUM_SEATS] % NUM_SUITS


@kernel()
def suit_mask(suit):
    """The mask of every card of ``suit``."""
    mask = np.int64(0)
    for card in range(suit, NUM_CARDS, NUM_SUITS):
        mask |= bit(card)
    return mask


@kernel()
def playable(s):
    """The cards the hand to play may play, as a mask: the suit led when it holds one, else any."""
    hand = s[HANDS + s[TURN]]
    suit = led_suit(s)
    if suit >= 0:
        follow = hand & suit_mask(suit)
        if follow:
            return follow
    return hand


@kernel()
def play_card(s, card):
    """The hand to play plays ``card``; the fourth card of a trick gives it to its winner, who leads."""
    seat = s[TURN]
    s[HANDS + seat] &= ~bit(card)
    s[PLAYS + s[PLAYED]] = card
    s[PLAYERS + s[PLAYED]] = seat
    s[PLAYED] += 1
    if s[PLAYED] % NUM_SEATS == 0:
        winner = trick_winner(s, s[PLAYED] - NUM_SEATS)
        s[TRICKS + side(winner)] += 1
        s[TRICK_WINNERS + s[PLAYED] // NUM_SEATS - 1] = winner
        s[TURN] = winner
        if s[PLAYED] == NUM_CARDS:
            s[PHASE] = PHASE_OVER
    else:
        s[TURN] = (seat + 1) % NUM_SEATS


# ----- the protocol kernels -----------------------------------------------------------------------------
@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The calls or cards of the seat to move, in increasing order (none at chance nodes and the end)."""
    if s[PHASE] == PHASE_AUCTION:
        return legal_calls(s, out)
    if s[PHASE] == PHASE_PLAY:
        return mask_cards(playable(s), out, 0)
    return 0


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Deal a card, make a call or play a card."""
    if s[PHASE] == PHASE_DEAL:
        deal_card(s, action)
    elif s[PHASE] == PHASE_AUCTION:
        make_call(s, action)
    else:
        play_card(s, action)
    s[PLY] += 1
    if s[PHASE] == PHASE_DEAL:
        s[PLAYER] = CHANCE
    elif s[PHASE] == PHASE_OVER:
        s[PLAYER] = TERMINAL
    elif s[PHASE] == PHASE_PLAY and side(s[TURN]) == side(s[DECLARER]):
        s[PLAYER] = s[DECLARER]
    else:
        s[PLAYER] = s[TURN]
    return 0


@kernel()
def declarer_score(s):
    """The declaring side's duplicate score once the deal is over (0 passed out or while it runs)."""
    if s[PHASE] != PHASE_OVER or s[LEVEL] == 0:
        return 0
    declaring = side(s[DECLARER])
    return duplicate_score(s[LEVEL], s[STRAIN], s[DOUBLED], s[VULNERABLE + declaring], s[TRICKS + declaring])


@kernel(SIG_RETURNS)
def returns(s, out):
    """Each seat's side's duplicate score (OpenSpiel's returns): the declaring side's score to the
    declarer and dummy, its negative to the defenders; 0 each while the deal runs or passed out."""
    score = declarer_score(s)
    for seat in range(NUM_SEATS):
        out[seat] = 0.0
        if score != 0:
            out[seat] = score if side(seat) == side(s[DECLARER]) else -score
    return NUM_SEATS


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A rough value for ``player``: in the play, its side's lead in tricks out of 13; else 0."""
    if s[PHASE] == PHASE_OVER:
        score = declarer_score(s)
        return score / 1000.0 if side(player) == side(s[DECLARER]) else -score / 1000.0
    if s[PHASE] != PHASE_PLAY:
        return 0.0
    ours = s[TRICKS + side(player)]
    return (ours - s[TRICKS + 1 - side(player)]) / NUM_TRICKS


# ----- what a seat may see ------------------------------------------------------------------------------
@kernel()
def hand_seen(s, seat, player):
    """True when ``player`` (a seat, or -1 a spectator) may see ``seat``'s hand: its own, the dummy
    once the opening lead is made, and every hand once the deal is over."""
    if seat == player or s[PHASE] == PHASE_OVER:
        return True
    return dummy_shown(s) and seat == dummy(s)


@kernel(SIG_REDACT)
def redact(s, player, out):
    """``player``'s view: the hands it may not see (:func:`hand_seen`), as dealt and as held, UNSEEN;
    the auction and the cards played stay, being public."""
    for seat in range(NUM_SEATS):
        if not hand_seen(s, seat, player):
            out[HANDS + seat] = UNSEEN
            out[DEALT + seat] = UNSEEN
    return 0
