"""Gin Rummy rules as jitted kernels: OpenSpiel's ``gin_rummy``, its action ids and chance outcomes.

One state is one hand between two players. Chance deals ten cards to the ``first`` seat (the dealer's
opponent: seat 0 unless a match says otherwise, as in OpenSpiel's), ten to the other, then turns the
upcard; the first seat may take it or pass, then the other; when both pass, the first seat draws from
the stock. A turn is a draw (the upcard or the stock; the stock is chance) and a discard, or a knock
when the hand's deadwood (:func:`.melds.deadwood`) is at most the knock card: the knocker discards
(keeping the deadwood within the knock card), lays melds one by one and passes once the unmelded cards
are within it; the other player lays off cards on the knocker's melds (none on gin) and passes, lays its own
melds and passes. A discard that leaves two stock cards brings the wall: the next player may only knock
(taking the upcard) or pass, which ends the hand with no score. A hand also ends with no score when
both players in turn take the upcard and throw it straight back, and at the 50th draw of an upcard.

Returns (OpenSpiel's): the knocker scores the other's deadwood less its own, plus ``gin_bonus`` for gin;
when that is below zero the other player undercut it and the knocker loses that much and
``undercut_bonus`` more (a tie scores 0). Oklahoma: the first upcard's value is the knock card (an
ace: gin only).

Hands are 52-bit masks (bit ``card``). ``deadwood`` follows OpenSpiel: before a knock, the seat's least
deadwood (eleven cards: less the discard); from the knock on, the points of the cards not yet laid.
"""

from tui_games.engine.cards.masks import mask_cards
from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_LEGAL, SIG_REDACT, SIG_RETURNS, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.observer import UNSEEN
from tui_games.games.gin_rummy.constants import (DRAW_STOCK, DRAW_UPCARD, HAND_SIZE, KNOCK,  # noqa: F401
                                                 MAX_DEADWOOD, MAX_UPCARD_DRAWS, MELD_BASE, NUM_ACTIONS,
                                                 NUM_CARDS, PASS, WALL_STOCK)
from tui_games.games.gin_rummy.melds import (CARD_VALUE, MELD_MASK, bit, deadwood, layoff_mask, legal_melds,
                                             mask_value, plain_deadwood)

MAX_ACTIONS = NUM_ACTIONS
"""Every action id (0-240); no node has more legal actions or chance outcomes."""

PHASE_DEAL = 0
PHASE_FIRST_UPCARD = 1
PHASE_DRAW = 2
PHASE_DISCARD = 3
PHASE_KNOCK = 4
PHASE_LAYOFF = 5
PHASE_WALL = 6
PHASE_OVER = 7
"""OpenSpiel's phases, in its order: chance deals (and a stock draw); take or pass the first upcard;
draw; discard or knock; the knocker discards and lays melds; the other lays off then lays melds; the
wall (knock or pass); the hand is over."""

MAX_LAID = 4
MAX_LAYOFFS = 11

LAYOUT = StateLayout(
    "Gin Rummy hand",
    Field("phase", 1, "PHASE_DEAL .. PHASE_OVER"),
    Field("oklahoma", 1, "1: the first upcard sets the knock card"),
    Field("knock_param", 1, "the knock card the game was set with"),
    Field("gin_bonus", 1, "points for gin"),
    Field("undercut_bonus", 1, "points for an undercut"),
    Field("first", 1, "the seat dealt first, with the first upcard's option (the dealer's opponent)"),
    Field("knock_card", 1, "the most deadwood a knock may leave (Oklahoma: set by the first upcard)"),
    Field("turn", 1, "the seat whose turn it is (at a stock draw: the drawer)"),
    Field("prev", 1, "the seat that acted last (the knocker from the knock on); -1 none"),
    Field("upcard", 1, "the face-up card that may be drawn; -1 none"),
    Field("prev_upcard", 1, "the upcard at the last draw (a card taken and thrown straight back repeats)"),
    Field("repeated", 1, "1 when the last discard threw back the upcard just taken"),
    Field("upcard_draws", 1, "draws of the upcard in the draw phase (the 50th ends the hand)"),
    Field("stock_size", 1, "cards in the stock"),
    Field("stock", 1, "the stock's cards as a mask"),
    Field("hands", 2, "each seat's cards as a mask"),
    Field("known", 2, "the cards each seat holds that it took from the upcard (public)"),
    Field("sizes", 2, "cards in each hand"),
    Field("deadwood", 2, "each seat's deadwood as OpenSpiel tracks it"),
    Field("knocked", 2, "1 for the seat that knocked"),
    Field("passed", 2, "1 for a seat that passed the first upcard"),
    Field("finished_layoffs", 1, "1 once the other player has laid off (or the knocker has gin)"),
    Field("discard_count", 1, "cards in the discard pile"),
    Field("discards", NUM_CARDS, "the discard pile, oldest first (cards out of play)"),
    Field("laid_count", 2, "melds each seat has laid"),
    Field("laid", 2 * MAX_LAID, "each seat's laid meld ids, seat after seat"),
    Field("layoff_count", 1, "cards laid off on the knocker's melds"),
    Field("layoffs", MAX_LAYOFFS, "the cards laid off, in order"),
)
"""The state array: the common header, the parameters, the table, the hands and what was laid."""
LAYOUT.export(globals())


@kernel()
def initial_state(oklahoma, knock_card, gin_bonus, undercut_bonus, first):
    """A new hand: the whole deck in the stock, chance to deal, ``first`` the seat dealt first."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[PLAYER] = CHANCE
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = 2
    s[PHASE] = PHASE_DEAL
    s[OKLAHOMA] = oklahoma
    s[KNOCK_PARAM] = knock_card
    s[KNOCK_CARD] = knock_card
    s[GIN_BONUS] = gin_bonus
    s[UNDERCUT_BONUS] = undercut_bonus
    s[FIRST] = first
    s[PREV] = -1
    s[UPCARD] = -1
    s[PREV_UPCARD] = -1
    s[STOCK_SIZE] = NUM_CARDS
    s[STOCK] = (np.int64(1) << NUM_CARDS) - 1
    return s


# ----- moving cards -------------------------------------------------------------------------------------
@kernel()
def to_hand(s, seat, card):
    """``card`` joins ``seat``'s hand."""
    s[HANDS + seat] |= bit(card)
    s[SIZES + seat] += 1


@kernel()
def from_hand(s, seat, card):
    """``card`` leaves ``seat``'s hand."""
    s[HANDS + seat] &= ~bit(card)
    s[KNOWN + seat] &= ~bit(card)
    s[SIZES + seat] -= 1


@kernel()
def upcard_to_hand(s, seat):
    """``seat`` takes the upcard, in everyone's sight."""
    card = s[UPCARD]
    to_hand(s, seat, card)
    s[KNOWN + seat] |= bit(card)
    s[UPCARD] = -1


@kernel()
def to_discards(s, card):
    """``card`` goes out of play onto the discard pile."""
    s[DISCARDS + s[DISCARD_COUNT]] = card
    s[DISCARD_COUNT] += 1


@kernel()
def lay_meld(s, seat, meld):
    """``seat`` lays meld ``meld`` (0-184) from its hand."""
    s[LAID + seat * MAX_LAID + s[LAID_COUNT + seat]] = meld
    s[LAID_COUNT + seat] += 1
    m = MELD_MASK[meld]
    for card in range(NUM_CARDS):
        if (m >> card) & 1:
            from_hand(s, seat, card)
    s[DEADWOOD + seat] = mask_value(s[HANDS + seat])


@kernel()
def hand_deadwood(s, seat):
    """``seat``'s deadwood as the rules count it before a knock."""
    return deadwood(s[HANDS + seat])


# ----- legal actions ------------------------------------------------------------------------------------
@kernel()
def knock_discards(mask, limit, out):
    """The cards of an eleven-card ``mask`` whose discard leaves at most ``limit`` deadwood."""
    n = 0
    for card in range(NUM_CARDS):
        if (mask >> card) & 1 and plain_deadwood(mask & ~bit(card)) <= limit:
            out[n] = card
            n += 1
    return n


@kernel()
def melds_from(s, seat, limit, out, n):
    """Append the melds ``seat`` may lay (as actions) after ``out[:n]``; returns the new count."""
    melds = np.empty(64, np.int64)
    k = legal_melds(s[HANDS + seat], limit, melds)
    for i in range(k):
        out[n] = MELD_BASE + melds[i]
        n += 1
    return n


@kernel()
def layoff_cards(s):
    """The cards the other player may lay off now on the knocker's melds, as a mask."""
    knocker = s[PREV]
    base = LAID + knocker * MAX_LAID
    return layoff_mask(s[base:base + MAX_LAID], s[LAID_COUNT + knocker], s[LAYOFFS:LAYOFFS + MAX_LAYOFFS],
                       s[LAYOFF_COUNT])


@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The mover's actions in increasing order (none at chance nodes and at the end)."""
    if s[PLAYER] < 0:
        return 0
    phase = s[PHASE]
    seat = s[TURN]
    hand = s[HANDS + seat]
    if phase == PHASE_FIRST_UPCARD:
        if s[PASSED] and s[PASSED + 1]:
            out[0] = DRAW_STOCK
            return 1
        out[0] = DRAW_UPCARD
        out[1] = PASS
        return 2
    if phase == PHASE_DRAW:
        out[0] = DRAW_UPCARD
        out[1] = DRAW_STOCK
        return 2
    if phase == PHASE_DISCARD:
        n = mask_cards(hand, out, 0)
        if s[DEADWOOD + seat] <= s[KNOCK_CARD]:
            out[n] = KNOCK
            n += 1
        return n
    if phase == PHASE_KNOCK:
        if s[SIZES + seat] == HAND_SIZE + 1:
            return knock_discards(hand, s[KNOCK_CARD], out)
        n = 0
        if mask_value(hand) <= s[KNOCK_CARD]:
            out[0] = PASS
            n = 1
        return melds_from(s, seat, s[KNOCK_CARD], out, n)
    if phase == PHASE_LAYOFF:
        if s[FINISHED_LAYOFFS] == 0:
            n = mask_cards(hand & layoff_cards(s), out, 0)
            out[n] = PASS
            return n + 1
        out[0] = PASS
        return melds_from(s, seat, MAX_DEADWOOD, out, 1)
    if phase == PHASE_WALL:
        out[0] = PASS
        if deadwood(hand | bit(s[UPCARD])) <= s[KNOCK_CARD]:
            out[1] = KNOCK
            return 2
        return 1
    return 0


# ----- chance -------------------------------------------------------------------------------------------
@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """The next card from the stock: each stock card alike."""
    if s[PLAYER] != CHANCE:
        return 0
    n = mask_cards(s[STOCK], actions, 0)
    for i in range(n):
        probs[i] = 1.0 / n
    return n


@kernel()
def deal(s, card):
    """Chance: ``card`` leaves the stock for the hand being dealt, the upcard, or the drawer's hand."""
    before = s[STOCK_SIZE]
    s[STOCK] &= ~bit(card)
    s[STOCK_SIZE] -= 1
    if before > NUM_CARDS - HAND_SIZE:
        to_hand(s, s[FIRST], card)
    elif before > NUM_CARDS - 2 * HAND_SIZE:
        to_hand(s, 1 - s[FIRST], card)
    elif before == NUM_CARDS - 2 * HAND_SIZE:
        s[UPCARD] = card
        s[DEADWOOD] = hand_deadwood(s, 0)
        s[DEADWOOD + 1] = hand_deadwood(s, 1)
        if s[OKLAHOMA]:
            value = CARD_VALUE[card]
            s[KNOCK_CARD] = 0 if value == 1 else value
        s[PREV] = -1
        s[TURN] = s[FIRST]
        s[PHASE] = PHASE_FIRST_UPCARD
    else:
        seat = s[PREV]
        to_hand(s, seat, card)
        s[DEADWOOD + seat] = hand_deadwood(s, seat)
        s[TURN] = seat
        s[PREV] = -1
        s[PHASE] = PHASE_DISCARD


# ----- playing ------------------------------------------------------------------------------------------
@kernel()
def take_upcard(s):
    """The mover takes the upcard and must discard."""
    seat = s[TURN]
    s[PREV_UPCARD] = s[UPCARD]
    upcard_to_hand(s, seat)
    s[DEADWOOD + seat] = hand_deadwood(s, seat)
    s[PREV] = seat
    s[PHASE] = PHASE_DISCARD


@kernel()
def draw_stock(s):
    """The mover draws from the stock: the upcard goes out of play, chance deals the card."""
    s[PREV_UPCARD] = s[UPCARD]
    if s[UPCARD] >= 0:
        to_discards(s, s[UPCARD])
    s[UPCARD] = -1
    s[PREV] = s[TURN]
    s[PHASE] = PHASE_DEAL


@kernel()
def discard(s, card):
    """The mover discards ``card`` as the new upcard; the turn passes (to the wall when two stock cards
    are left)."""
    seat = s[TURN]
    from_hand(s, seat, card)
    s[DEADWOOD + seat] = hand_deadwood(s, seat)
    s[UPCARD] = card
    s[PREV] = seat
    s[TURN] = 1 - seat
    if card == s[PREV_UPCARD]:
        if s[REPEATED]:
            s[PHASE] = PHASE_OVER
            return
        s[REPEATED] = 1
    else:
        s[REPEATED] = 0
    s[PHASE] = PHASE_WALL if s[STOCK_SIZE] == WALL_STOCK else PHASE_DRAW


@kernel()
def knock(s):
    """The mover knocks: deadwood now counts every card not laid."""
    seat = s[TURN]
    s[DEADWOOD] = mask_value(s[HANDS])
    s[DEADWOOD + 1] = mask_value(s[HANDS + 1])
    s[KNOCKED + seat] = 1
    s[PREV] = seat
    s[PHASE] = PHASE_KNOCK


@kernel()
def knock_step(s, action):
    """The knocker discards, lays a meld, or passes (done laying)."""
    seat = s[TURN]
    if s[SIZES + seat] == HAND_SIZE + 1:
        from_hand(s, seat, action)
        to_discards(s, action)
        s[DEADWOOD + seat] = mask_value(s[HANDS + seat])
    elif action == PASS:
        s[DEADWOOD + seat] = mask_value(s[HANDS + seat])
        if s[DEADWOOD + seat] == 0:
            s[FINISHED_LAYOFFS] = 1
        s[TURN] = 1 - s[PREV]
        s[PHASE] = PHASE_LAYOFF
    else:
        lay_meld(s, seat, action - MELD_BASE)


@kernel()
def layoff_step(s, action):
    """The other player lays off a card or passes, then lays a meld or passes (the hand ends)."""
    seat = s[TURN]
    if s[FINISHED_LAYOFFS] == 0:
        if action == PASS:
            s[FINISHED_LAYOFFS] = 1
        else:
            s[LAYOFFS + s[LAYOFF_COUNT]] = action
            s[LAYOFF_COUNT] += 1
            from_hand(s, seat, action)
            s[DEADWOOD + seat] = mask_value(s[HANDS + seat])
    elif action == PASS:
        s[DEADWOOD + seat] = mask_value(s[HANDS + seat])
        s[PHASE] = PHASE_OVER
    else:
        lay_meld(s, seat, action - MELD_BASE)


@kernel()
def play(s, action):
    """Play a player's action in the current phase."""
    phase = s[PHASE]
    if phase == PHASE_FIRST_UPCARD:
        if action == DRAW_UPCARD:
            take_upcard(s)
        elif action == DRAW_STOCK:
            draw_stock(s)
        else:
            seat = s[TURN]
            s[PASSED + seat] = 1
            s[PREV] = seat
            s[TURN] = 1 - seat
    elif phase == PHASE_DRAW:
        if action == DRAW_UPCARD:
            s[UPCARD_DRAWS] += 1
            if s[UPCARD_DRAWS] == MAX_UPCARD_DRAWS:
                s[PHASE] = PHASE_OVER
            else:
                take_upcard(s)
        else:
            draw_stock(s)
    elif phase == PHASE_DISCARD:
        if action == KNOCK:
            knock(s)
        else:
            discard(s, action)
    elif phase == PHASE_KNOCK:
        knock_step(s, action)
    elif phase == PHASE_LAYOFF:
        layoff_step(s, action)
    elif phase == PHASE_WALL:
        if action == KNOCK:
            seat = s[TURN]
            upcard_to_hand(s, seat)
            s[DEADWOOD + seat] = hand_deadwood(s, seat)
            s[KNOCKED + seat] = 1
            s[PREV] = seat
            s[PHASE] = PHASE_KNOCK
        else:
            s[PHASE] = PHASE_OVER


@kernel()
def hand_score(s, seat):
    """``seat``'s return once the hand is over (OpenSpiel's scoring)."""
    for knocker in range(2):
        if s[KNOCKED + knocker]:
            score = s[DEADWOOD + 1 - knocker] - s[DEADWOOD + knocker]
            if s[DEADWOOD + knocker] == 0:
                score += s[GIN_BONUS]
            if score < 0:
                score -= s[UNDERCUT_BONUS]
            return score if seat == knocker else -score
    return 0


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Play a legal action or chance outcome."""
    s[PLY] += 1
    if s[PLAYER] == CHANCE:
        deal(s, action)
    else:
        play(s, action)
    if s[PHASE] == PHASE_OVER:
        s[PLAYER] = TERMINAL
        score = hand_score(s, 0)
        s[WINNER] = 0 if score > 0 else (1 if score < 0 else NO_WINNER)
    elif s[PHASE] == PHASE_DEAL:
        s[PLAYER] = CHANCE
    else:
        s[PLAYER] = s[TURN]
    return 0


# ----- results ------------------------------------------------------------------------------------------
@kernel(SIG_RETURNS)
def returns(s, out):
    """Each seat's points for the hand once it is over (0 each while it runs and for a dead hand)."""
    out[0] = 0.0
    out[1] = 0.0
    if s[PLAYER] == TERMINAL:
        out[0] = hand_score(s, 0)
        out[1] = hand_score(s, 1)
    return 2


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A rough value for ``player``: the difference in deadwood, scaled into about -1..1."""
    if s[PLAYER] == TERMINAL:
        return hand_score(s, player) / 100.0
    return (s[DEADWOOD + 1 - player] - s[DEADWOOD + player]) / 100.0


# ----- what a seat may see ------------------------------------------------------------------------------
@kernel()
def hand_shown(s, seat):
    """True once ``seat``'s hand is open to all: it knocked, the other is laying off, or the hand is over."""
    return s[KNOCKED + seat] == 1 or s[PHASE] == PHASE_LAYOFF or s[PHASE] == PHASE_OVER


@kernel(SIG_REDACT)
def redact(s, player, out):
    """``player``'s view: its own hand, the upcard, the discards, the melds and layoffs, the hand sizes
    and the cards the other took from the upcard; not the stock, nor the other hand until it is shown."""
    out[STOCK] = UNSEEN
    for seat in range(2):
        if seat != player and not hand_shown(s, seat):
            out[HANDS + seat] = UNSEEN
            out[DEADWOOD + seat] = UNSEEN
    return 0
