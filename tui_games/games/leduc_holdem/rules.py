"""Leduc Hold'em rules as jitted kernels: the only implementation, used by the UI and the AI alike.

One state is one hand. Six cards, J Q K in two suits: card ``c`` (0..5) has rank ``c // 2`` (J, Q, K)
and suit ``c % 2`` (spades, hearts), OpenSpiel's numbering. Each seat gets one private card, there are
two betting rounds, and one public card is turned up between them. Bets and raises are 2 in the first
round and 4 in the second, with at most two of them a round. At the showdown a private card that pairs
the public card wins; otherwise the higher rank wins; equal ranks split the pot.

Two ways to start the pot (``s[BETTING]``):

* ``ANTE`` (OpenSpiel's ``leduc_poker``, the research standard): both seats ante 1; seat 0 acts first
  in both rounds. Actions and chance outcomes have OpenSpiel's ids.
* ``BLINDS`` (the seed's rules, RLCard's ``leduc-holdem``): a first chance outcome picks the seat that
  posts the small blind (1); the other posts the big blind (2). The small blind acts first in the
  first round, the big blind in the second (heads-up hold'em's order).

The betting itself (turns, fixed raises, the raise cap, short all-ins, pots) is the shared
:mod:`tui_games.engine.cards.betting` table, embedded in this state as the ``table`` field; these
kernels add the deck, the cards, the rounds and the showdown. Actions: 0 fold, 1 check or call,
2 bet or raise.
"""

from tui_games.engine.cards import betting as bt
from tui_games.engine.cards.deck import chance_cards, deck_fill, deck_take
from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import (SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_INFOSTATE_KEY, SIG_LEGAL, SIG_REDACT,
                                  SIG_RETURNS, kernel, np)
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.observer import UNSEEN

NUM_CARDS = 6
"""J, Q, K in two suits."""
NUM_RANKS = 3
SEATS = 2
NO_CARD = -1
"""A card slot before its card is dealt (the observer's UNSEEN has the same value: see ``dealt``)."""

ANTE = 0
BLINDS = 1
"""How the pot starts (``s[BETTING]``)."""
ANTE_CHIPS = 1
SMALL_BLIND = 1
BIG_BLIND = 2
RAISES = (2, 4)
"""The fixed bet and raise of each round."""
RAISE_CAP = 2
"""Bets and raises allowed in one round."""
MAX_ACTIONS = NUM_CARDS
"""The most actions or chance outcomes at any node (the public card's five, the deal's six)."""

FOLD = bt.FOLD
CALL = bt.CALL
RAISE = bt.RAISE

PHASE_BUTTON = 0
PHASE_DEAL = 1
PHASE_BET = 2
PHASE_PUBLIC = 3
PHASE_OVER = 4
"""Chance picks the small blind's seat (blinds only); chance deals the private cards; a betting
round; chance turns up the public card; the hand is over."""

PAIR_BONUS = 10
"""Added to a card's rank in its showdown value when it pairs the public card."""
SEQUENCE_BASE = 4
"""Each betting action is one base-4 digit (action + 1) of its round's sequence number."""

LAYOUT = StateLayout(
    "Leduc Hold'em hand",
    Field("table", doc="the betting table of engine.cards.betting: stacks, bets, turns", record=bt.TABLE),
    Field("betting", 1, "ANTE 0 (OpenSpiel) or BLINDS 1 (RLCard)"),
    Field("phase", 1, "PHASE_BUTTON, PHASE_DEAL, PHASE_BET, PHASE_PUBLIC or PHASE_OVER"),
    Field("round", 1, "the betting round: 0 before the public card, 1 after it"),
    Field("dealt", 1, "private cards dealt so far (0..2)"),
    Field("cards", SEATS, "each seat's private card 0..5, NO_CARD before it is dealt"),
    Field("public", 1, "the public card, NO_CARD until it is turned up"),
    Field("deck", NUM_CARDS, "1 for each card still in the deck"),
    Field("sequence", 2, "each round's betting as a number: base-4 digits (action + 1), oldest first"),
    Field("showdown", 1, "1 once the hand ended with both cards shown"),
)
"""The state array: the common header, the betting table, then the cards and the rounds."""
LAYOUT.export(globals())  # TABLE (where the betting table starts), BETTING ... SHOWDOWN, STATE_SIZE


# ----- a new hand ----------------------------------------------------------------------------------------
@kernel()
def initial_state(betting, stack0, stack1):
    """A new hand: ``stack0`` and ``stack1`` chips behind the seats, a full deck. With antes they are
    posted at once; with blinds chance first picks the small blind's seat."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = SEATS
    blinds = betting == BLINDS
    bt.seat_table(s, TABLE, SEATS, bt.FIXED_LIMIT, SMALL_BLIND if blinds else 0, BIG_BLIND if blinds else 0,
                  RAISE_CAP, 0)
    s[TABLE + bt.STACKS] = stack0
    s[TABLE + bt.STACKS + 1] = stack1
    s[BETTING] = betting
    s[CARDS] = NO_CARD
    s[CARDS + 1] = NO_CARD
    s[PUBLIC] = NO_CARD
    deck_fill(s, DECK, NUM_CARDS, 1)
    if blinds:
        s[PHASE] = PHASE_BUTTON
    else:
        bt.start_hand(s, TABLE, 1)  # the button on seat 1: seat 0 is first after it
        bt.post_ante(s, TABLE, 0, ANTE_CHIPS)
        bt.post_ante(s, TABLE, 1, ANTE_CHIPS)
        s[PHASE] = PHASE_DEAL
    s[PLAYER] = CHANCE
    return s


# ----- cards ------------------------------------------------------------------------------------------------
@kernel()
def card_rank(card):
    """0 J, 1 Q, 2 K."""
    return card // 2


@kernel()
def hand_value(card, public):
    """The showdown value of a private card: its rank, plus PAIR_BONUS when it pairs the public card."""
    rank = card_rank(card)
    return rank + PAIR_BONUS if public >= 0 and rank == card_rank(public) else rank


# ----- legal actions and chance --------------------------------------------------------------------------
@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The betting actions of the seat to act (fold only when it owes chips), ascending."""
    return bt.turn_actions(s, TABLE, out)


@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """The small blind's seat (two, even odds), or every card left in the deck (equally likely)."""
    if s[PLAYER] == CHANCE and s[PHASE] == PHASE_BUTTON:
        actions[0] = 0
        actions[1] = 1
        probs[0] = 0.5
        probs[1] = 0.5
        return 2
    return chance_cards(s, DECK, NUM_CARDS, actions, probs)


# ----- playing --------------------------------------------------------------------------------------------
@kernel()
def settle(s, showdown):
    """End the hand: the pot to the better hand at a showdown, or to the seat left after a fold."""
    values = np.zeros(SEATS, dtype=np.int64)
    for seat in range(SEATS):
        values[seat] = hand_value(s[CARDS + seat], s[PUBLIC])
    bt.award(s, TABLE, values)
    s[SHOWDOWN] = 1 if showdown else 0
    s[PHASE] = PHASE_OVER
    s[PLAYER] = TERMINAL
    for seat in range(SEATS):
        if bt.hand_result(s, TABLE, seat) > 0:
            s[WINNER] = seat


@kernel()
def after_betting(s):
    """Whose turn it is after a betting action or a new round: the seat to act, or (the round over)
    the public card, or the end of the hand."""
    seat = s[TABLE + bt.TO_ACT]
    if seat != bt.NOBODY:
        s[PLAYER] = seat
    elif bt.hand_won_by_folds(s, TABLE):
        settle(s, False)
    elif s[ROUND] == 0:
        s[PHASE] = PHASE_PUBLIC
        s[PLAYER] = CHANCE
    else:
        settle(s, True)


@kernel()
def first_to_act(s):
    """Who opens a round: seat 0 with antes; with blinds NOBODY, the betting table's own order."""
    return 0 if s[BETTING] == ANTE else bt.NOBODY


@kernel()
def open_betting(s):
    """Start the betting round ``s[ROUND]`` with its fixed raise."""
    s[PHASE] = PHASE_BET
    if s[ROUND] == 0:
        bt.open_round(s, TABLE, RAISES[0], first_to_act(s))
    else:
        bt.open_next_round(s, TABLE, RAISES[1], first_to_act(s))
    after_betting(s)


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Play a seat's betting action, or a chance outcome: the small blind's seat or a card dealt."""
    s[PLY] += 1
    phase = s[PHASE]
    if phase == PHASE_BUTTON:
        bt.start_hand(s, TABLE, action)  # heads-up the button posts the small blind
        bt.post_blinds(s, TABLE)
        s[PHASE] = PHASE_DEAL
    elif phase == PHASE_DEAL:
        deck_take(s, DECK, action)
        s[CARDS + s[DEALT]] = action
        s[DEALT] += 1
        if s[DEALT] == SEATS:
            open_betting(s)
    elif phase == PHASE_PUBLIC:
        deck_take(s, DECK, action)
        s[PUBLIC] = action
        s[ROUND] = 1
        open_betting(s)
    else:
        bt.apply_action(s, TABLE, action)
        s[SEQUENCE + s[ROUND]] = s[SEQUENCE + s[ROUND]] * SEQUENCE_BASE + action + 1
        after_betting(s)
    return 0


# ----- results ----------------------------------------------------------------------------------------------
@kernel(SIG_RETURNS)
def returns(s, out):
    """Each seat's chips won minus chips put in, once the hand is over (0 before)."""
    for seat in range(SEATS):
        out[seat] = float(bt.hand_result(s, TABLE, seat)) if s[PLAYER] == TERMINAL else 0.0
    return SEATS


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """A quick estimate of ``player``'s result if the hand went to a showdown now: its share of the
    pot by its chance against every card it cannot see (ties half), less what it put in. It reads
    only what ``player`` may see."""
    if s[PLAYER] == TERMINAL:
        return float(bt.hand_result(s, TABLE, player))
    mine = s[CARDS + player]
    if mine < 0:
        return 0.0
    wins = 0.0
    count = 0
    for other in range(NUM_CARDS):
        if other == mine or other == s[PUBLIC]:
            continue
        for public in range(NUM_CARDS):
            if public == mine or public == other or (s[PUBLIC] >= 0 and public != s[PUBLIC]):
                continue
            a = hand_value(mine, public)
            b = hand_value(other, public)
            wins += 1.0 if a > b else (0.5 if a == b else 0.0)
            count += 1
    share = wins / count if count else 0.5
    return share * bt.pot_size(s, TABLE) - s[TABLE + bt.TOTALS + player]


# ----- what each seat may see -------------------------------------------------------------------------
@kernel(SIG_REDACT)
def redact(s, player, out):
    """The hand as ``player`` sees it: the other private card is UNSEEN (and counted back into the
    deck, so the deck cannot betray it) until a showdown shows it. A spectator (a negative player)
    sees neither private card before the showdown."""
    if s[SHOWDOWN] == 1:
        return 0
    for seat in range(SEATS):
        card = s[CARDS + seat]
        if seat != player and card >= 0:
            out[CARDS + seat] = UNSEEN
            out[DECK + card] += 1
    return 0


@kernel(SIG_INFOSTATE_KEY)
def infostate_key(s, player):
    """``player``'s information state as a number: its card, the public card, who posted the small
    blind and every betting action of both rounds. Two states of one hand's game tree (equal starting
    stacks) get the same key exactly when ``player`` cannot tell them apart."""
    key = s[CARDS + player] + 1
    key = key * (NUM_CARDS + 1) + s[PUBLIC] + 1
    key = key * 3 + s[TABLE + bt.SMALL_BLIND_SEAT] + 1
    key = key * 4096 + s[SEQUENCE]
    key = key * 4096 + s[SEQUENCE + 1]
    return key * SEATS + player


__all__ = [
    "ANTE", "BETTING", "BLINDS", "CALL", "CARDS", "DEALT", "DECK", "FOLD", "LAYOUT", "MAX_ACTIONS", "NO_CARD",
    "NUM_CARDS", "PHASE", "PHASE_BET", "PHASE_BUTTON", "PHASE_DEAL", "PHASE_OVER", "PHASE_PUBLIC", "PUBLIC",
    "RAISE", "RAISES", "RAISE_CAP", "ROUND", "SEQUENCE", "SHOWDOWN", "STATE_SIZE", "TABLE", "apply_action",
    "chance_outcomes", "evaluate", "hand_value", "infostate_key", "initial_state", "legal_actions", "redact",
    "returns",
]
