"""UNO rules as jitted kernels: the only implementation, in two readings (``s[RULES]``).

* ``OFFICIAL`` (Mattel's rules): a random dealer; 7 cards each; the first card turned (a Wild Draw Four
  goes back, a Draw Two makes the first player draw 2 and lose the turn, a Wild lets the first player
  name the colour, Skip and Reverse act on the first player); a player may always draw instead of
  playing, and may play a playable drawn card at once or keep it; Reverse is a Skip with two players;
  a Wild Draw Four may be played at any time (a bluff when the player holds a card of the current
  colour) and the next player may challenge it; the discards less the top card refill the draw pile.
  The hand's winner scores the cards left in the other hands.
* ``RLCARD``: RLCard 1.2.0's reading, quirks included (see help.md): seat 0 leads; a player draws
  only when nothing is playable, and the drawn card is played at once when it is a wild (in a random
  colour, without any draw-4 effect) or of the target's colour; a Wild Draw Four only when nothing
  else is playable; no challenge; Reverse with two players passes the turn; a turned Draw Two makes
  seat 0 draw 2 and still play; every played card, the top one included, refills the draw pile.

Cards are counted by *type* (:data:`NUM_TYPES`): ``colour * 13 + trait`` for the coloured cards
(colours r g b y, traits 0-9 skip reverse draw_2), then ``WILD_TYPE`` and ``WILD4_TYPE``. Actions are
RLCard's: ``colour * 15 + trait`` (traits 13 wild and 14 wild_draw_4 in the colour they name), 60 draw,
61 keep the drawn card, 62 challenge, 63 accept the Wild Draw Four. Chance outcomes share the numbers:
a card drawn is its type's action in its own colour (a wild as 13, a Wild Draw Four as 14), a wild's
random colour is ``colour * 15 + trait``, and the dealer is the seat number.

The state also keeps what the table has learned in public (``voids``): in the RLCard reading a seat
that draws held no playable card, and a search's sampled worlds respect that.
"""

from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import SIG_APPLY, SIG_CHANCE, SIG_EVALUATE, SIG_LEGAL, SIG_REDACT, SIG_RETURNS, kernel, np
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.observer import UNSEEN
from tui_games.games.uno.constants import (ACCEPT, CHALLENGE, DRAW, DRAW_2, KEEP,  # noqa: F401 (action ids)
                                           REVERSE, SKIP, WILD, WILD_DRAW_4)
from tui_games.games.uno.hand_values import WEIGHTS as VALUE_WEIGHTS
from tui_games.games.uno.hand_values import win_chance

OFFICIAL = 0
RLCARD = 1
"""The two readings of the rules (``s[RULES]``)."""

MAX_SEATS = 10
NUM_COLOURS = 4
NUM_TYPES = 54
WILD_TYPE = 52
WILD4_TYPE = 53
HAND_CARDS = 7

MAX_ACTIONS = 64
"""Every action id (0-63); no node has more legal actions or chance outcomes."""

PHASE_DEALER = 0
PHASE_DEAL = 1
PHASE_FLIP = 2
PHASE_FLIP_COLOUR = 3
PHASE_NAME_COLOUR = 4
PHASE_PLAY = 5
PHASE_DRAW = 6
PHASE_DRAWN_COLOUR = 7
PHASE_AFTER_DRAW = 8
PHASE_PENALTY = 9
PHASE_CHALLENGE = 10
PHASE_OVER = 11
"""Chance: the dealer (official), the deal, the first card, its colour (RLCard's turned wild); the first
player names the colour of a turned wild (official); a turn; chance: the card a draw takes, a drawn
wild's colour (RLCard); play or keep the drawn card (official); chance: cards a player must take;
challenge or accept a Wild Draw Four (official); the hand is over."""

LAYOUT = StateLayout(
    "UNO hand",
    Field("rules", 1, "OFFICIAL 0 or RLCARD 1"),
    Field("phase", 1, "PHASE_DEALER .. PHASE_OVER"),
    Field("turn", 1, "the seat whose turn it is (at a chance node: the seat the cards go to)"),
    Field("direction", 1, "+1 (seat order) or -1"),
    Field("dealer", 1, "the dealer's seat (official; -1 until drawn, and in RLCard's reading)"),
    Field("top_trait", 1, "the top card's trait 0-14"),
    Field("top_colour", 1, "the colour to match 0-3 (a wild's named colour); -1 before it is named"),
    Field("prev_colour", 1, "the colour before the last Wild Draw Four (what a challenge checks)"),
    Field("offender", 1, "the seat that played the last Wild Draw Four"),
    Field("draw_seat", 1, "the seat that takes the cards being drawn"),
    Field("draw_left", 1, "cards still to draw in the deal or a penalty"),
    Field("resume", 1, "the seat to move once a penalty is drawn; -1: the hand ends"),
    Field("drawn", 1, "the type of the card just drawn (official play-or-keep, RLCard's drawn wild), else -1"),
    Field("pile_size", 1, "cards in the draw pile"),
    Field("played_size", 1, "cards in the discards that refill the pile"),
    Field("pile", NUM_TYPES, "cards of each type in the draw pile"),
    Field("played", NUM_TYPES, "discards of each type that refill the pile (official: less the top card)"),
    Field("sizes", MAX_SEATS, "cards in each seat's hand"),
    Field("hands", NUM_TYPES * MAX_SEATS, "each seat's cards by type, seat after seat"),
    Field("voids", MAX_SEATS, "RLCard: bit k set when the seat's oldest cards hold no card of type k"),
    Field("void_count", MAX_SEATS, "RLCard: how many of the seat's cards the voids bits describe"),
)
"""The state array: the common header, then the table, the pile, the discards and the hands."""
LAYOUT.export(globals())

TYPE_COUNTS = np.array([1 if k % 13 == 0 else 2 for k in range(52)] + [4, 4], dtype=np.int64)
"""Cards of each type in the 108-card deck: one 0 and two of each other coloured card, 4 of each wild."""
TRAIT_POINTS = np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 20, 20, 50, 50], dtype=np.int64)
"""A card's points in the loser's hand: face value, 20 for an action card, 50 for a wild."""


# ----- cards ------------------------------------------------------------------------------------------
@kernel()
def type_of_action(action):
    """The card type an action or card outcome names (``colour * 15 + trait``)."""
    trait = action % 15
    if trait == WILD:
        return WILD_TYPE
    if trait == WILD_DRAW_4:
        return WILD4_TYPE
    return (action // 15) * 13 + trait


@kernel()
def action_of_type(kind, colour):
    """The action playing a card of type ``kind`` (a wild in ``colour``)."""
    if kind == WILD_TYPE:
        return colour * 15 + WILD
    if kind == WILD4_TYPE:
        return colour * 15 + WILD_DRAW_4
    return (kind // 13) * 15 + kind % 13


@kernel()
def trait_of_type(kind):
    """The trait 0-14 of a card type."""
    if kind == WILD_TYPE:
        return WILD
    if kind == WILD4_TYPE:
        return WILD_DRAW_4
    return kind % 13


@kernel()
def colour_of_type(kind):
    """The colour 0-3 of a coloured card type; -1 for a wild."""
    return -1 if kind >= WILD_TYPE else kind // 13


@kernel()
def top_type(s):
    """The type of the top card of the discards."""
    trait = s[TOP_TRAIT]
    if trait == WILD:
        return WILD_TYPE
    if trait == WILD_DRAW_4:
        return WILD4_TYPE
    return s[TOP_COLOUR] * 13 + trait


@kernel()
def matches(s, kind):
    """True when a coloured card of type ``kind`` goes on the top card (its colour, or its trait on a
    card that is no wild)."""
    if kind // 13 == s[TOP_COLOUR]:
        return True
    return s[TOP_TRAIT] < WILD and kind % 13 == s[TOP_TRAIT]


@kernel()
def hand_at(seat):
    """Index of ``seat``'s first type count."""
    return HANDS + seat * NUM_TYPES


@kernel()
def seat_after(s, seat, steps):
    """The seat ``steps`` turns after ``seat`` in the direction of play."""
    n = s[NUM_PLAYERS]
    return ((seat + s[DIRECTION] * steps) % n + n) % n


@kernel()
def hand_points(s, seat):
    """The points of the cards in ``seat``'s hand."""
    base = hand_at(seat)
    total = 0
    for kind in range(NUM_TYPES):
        total += s[base + kind] * TRAIT_POINTS[trait_of_type(kind)]
    return total


@kernel()
def holds_colour(s, seat, colour):
    """True when ``seat`` holds a coloured card of ``colour``."""
    base = hand_at(seat) + colour * 13
    for t in range(13):
        if s[base + t] > 0:
            return True
    return False


# ----- the initial state -------------------------------------------------------------------------------
@kernel()
def initial_state(players, reading):
    """A new hand for ``players`` seats: the whole deck in the pile; chance picks the dealer (official)
    or deals at once (RLCard)."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[NUM_PLAYERS] = players
    s[WINNER] = NO_WINNER
    s[PLAYER] = CHANCE
    s[RULES] = reading
    s[DIRECTION] = 1
    s[DEALER] = -1
    s[TOP_COLOUR] = -1
    s[PREV_COLOUR] = -1
    s[OFFENDER] = -1
    s[DRAWN] = -1
    s[RESUME] = -1
    for kind in range(NUM_TYPES):
        s[PILE + kind] = TYPE_COUNTS[kind]
    s[PILE_SIZE] = 108
    if reading == OFFICIAL:
        s[PHASE] = PHASE_DEALER
    else:
        s[PHASE] = PHASE_DEAL
        s[DRAW_LEFT] = HAND_CARDS
    return s


# ----- legal actions -----------------------------------------------------------------------------------
@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The mover's actions in increasing order (none at chance nodes and at the end)."""
    if s[PLAYER] < 0:
        return 0
    phase = s[PHASE]
    n = 0
    if phase == PHASE_NAME_COLOUR:
        for colour in range(NUM_COLOURS):
            out[n] = colour * 15 + WILD
            n += 1
        return n
    if phase == PHASE_CHALLENGE:
        out[0] = CHALLENGE
        out[1] = ACCEPT
        return 2
    if phase == PHASE_AFTER_DRAW:
        kind = s[DRAWN]
        if kind >= WILD_TYPE:
            for colour in range(NUM_COLOURS):
                out[n] = action_of_type(kind, colour)
                n += 1
        else:
            out[n] = action_of_type(kind, 0)
            n += 1
        out[n] = KEEP
        return n + 1
    base = hand_at(s[TURN])
    official = s[RULES] == OFFICIAL
    for action in range(60):
        kind = type_of_action(action)
        if s[base + kind] == 0:
            continue
        if kind == WILD_TYPE or (kind == WILD4_TYPE and official) or (kind < WILD_TYPE and matches(s, kind)):
            out[n] = action
            n += 1
    if not official and n == 0 and s[base + WILD4_TYPE] > 0:
        for colour in range(NUM_COLOURS):
            out[n] = colour * 15 + WILD_DRAW_4
            n += 1
    if n == 0 or (official and s[PILE_SIZE] + s[PLAYED_SIZE] > 0):
        out[n] = DRAW
        n += 1
    return n


# ----- chance ------------------------------------------------------------------------------------------
@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """The dealer (each seat alike), a card from the pile (each type by its count; the first card turned
    is never a Wild Draw Four), or a random wild's colour."""
    if s[PLAYER] != CHANCE:
        return 0
    phase = s[PHASE]
    if phase == PHASE_DEALER:
        n = s[NUM_PLAYERS]
        for seat in range(n):
            actions[seat] = seat
            probs[seat] = 1.0 / n
        return n
    if phase == PHASE_FLIP_COLOUR or phase == PHASE_DRAWN_COLOUR:
        trait = trait_of_type(s[DRAWN])
        for colour in range(NUM_COLOURS):
            actions[colour] = colour * 15 + trait
            probs[colour] = 0.25
        return NUM_COLOURS
    total = s[PILE_SIZE]
    last = NUM_TYPES
    if phase == PHASE_FLIP:
        total -= s[PILE + WILD4_TYPE]
        last = WILD4_TYPE
    n = 0
    for kind in range(last):
        count = s[PILE + kind]
        if count > 0:
            actions[n] = action_of_type(kind, 0)
            probs[n] = count / total
            n += 1
    return n


# ----- playing ----------------------------------------------------------------------------------------
@kernel()
def refill(s):
    """The discards become the draw pile (shuffling is the chance of each later draw)."""
    for kind in range(NUM_TYPES):
        s[PILE + kind] += s[PLAYED + kind]
        s[PLAYED + kind] = 0
    s[PILE_SIZE] += s[PLAYED_SIZE]
    s[PLAYED_SIZE] = 0


@kernel()
def to_move(s, seat):
    """``seat`` takes its turn."""
    s[PHASE] = PHASE_PLAY
    s[TURN] = seat
    s[PLAYER] = seat


@kernel()
def end_hand(s):
    """The hand is over (``s[WINNER]`` already names the winner)."""
    s[PHASE] = PHASE_OVER
    s[PLAYER] = TERMINAL


@kernel()
def continue_penalty(s):
    """Draw the next penalty card, or once they are drawn (or none is left) go on with the hand."""
    if s[DRAW_LEFT] > 0 and s[PILE_SIZE] == 0 and s[RULES] == OFFICIAL:
        refill(s)
    if s[DRAW_LEFT] > 0 and s[PILE_SIZE] > 0:
        s[PHASE] = PHASE_PENALTY
        s[PLAYER] = CHANCE
        return
    s[DRAW_LEFT] = 0
    if s[RESUME] < 0:
        end_hand(s)
    else:
        to_move(s, s[RESUME])


@kernel()
def penalty(s, seat, cards, resume):
    """``seat`` must take ``cards`` cards; then ``resume`` moves (-1: the hand ends)."""
    s[DRAW_SEAT] = seat
    s[DRAW_LEFT] = cards
    s[RESUME] = resume
    continue_penalty(s)


@kernel()
def take_from_pile(s, kind):
    """One card of type ``kind`` leaves the pile."""
    s[PILE + kind] -= 1
    s[PILE_SIZE] -= 1


@kernel()
def give(s, seat, kind):
    """``seat`` adds a card of type ``kind`` to its hand."""
    s[hand_at(seat) + kind] += 1
    s[SIZES + seat] += 1


@kernel()
def discard(s, kind):
    """A card of type ``kind`` joins the discards that will refill the pile."""
    s[PLAYED + kind] += 1
    s[PLAYED_SIZE] += 1


@kernel()
def set_top(s, kind, colour):
    """The top card is now of type ``kind`` (a wild in ``colour``)."""
    s[TOP_TRAIT] = trait_of_type(kind)
    s[TOP_COLOUR] = colour if kind >= WILD_TYPE else kind // 13


@kernel()
def rlcard_effect(s, seat, trait):
    """RLCard's effect of a card just played by ``seat`` (the top card already)."""
    if trait == REVERSE:
        s[DIRECTION] = -s[DIRECTION]
        to_move(s, seat_after(s, seat, 1))
    elif trait == SKIP:
        to_move(s, seat_after(s, seat, 2))
    elif trait == DRAW_2 or trait == WILD_DRAW_4:
        cards = 2 if trait == DRAW_2 else 4
        if s[PILE_SIZE] < cards:
            refill(s)
        penalty(s, seat_after(s, seat, 1), cards, seat_after(s, seat, 2))
    else:
        to_move(s, seat_after(s, seat, 1))


@kernel()
def official_effect(s, seat, trait):
    """The official effect of a card just played by ``seat`` (the top card already)."""
    if trait == SKIP:
        to_move(s, seat_after(s, seat, 2))
    elif trait == REVERSE:
        if s[NUM_PLAYERS] == 2:
            to_move(s, seat)
        else:
            s[DIRECTION] = -s[DIRECTION]
            to_move(s, seat_after(s, seat, 1))
    elif trait == DRAW_2:
        penalty(s, seat_after(s, seat, 1), 2, seat_after(s, seat, 2))
    elif trait == WILD_DRAW_4:
        s[OFFENDER] = seat
        s[PHASE] = PHASE_CHALLENGE
        victim = seat_after(s, seat, 1)
        s[TURN] = victim
        s[PLAYER] = victim
    else:
        to_move(s, seat_after(s, seat, 1))


@kernel()
def playable_bits(s):
    """The card types that would go on the top card now, as bits (the wilds included)."""
    bits = (1 << WILD_TYPE) | (1 << WILD4_TYPE)
    for kind in range(WILD_TYPE):
        if matches(s, kind):
            bits |= 1 << kind
    return bits


@kernel()
def note_forced_draw(s, seat):
    """RLCard: ``seat`` draws, so it holds no card that would go on the top card."""
    size = s[SIZES + seat]
    bits = playable_bits(s)
    if s[VOID_COUNT + seat] == size:
        bits |= s[VOIDS + seat]
    s[VOIDS + seat] = bits
    s[VOID_COUNT + seat] = size


@kernel()
def note_kept(s, seat):
    """RLCard: the card ``seat`` drew and kept is neither a wild nor of the top card's colour; when its
    voids described every card it held, they now describe its whole hand, for what all its cards lack."""
    size = s[SIZES + seat]
    if s[VOID_COUNT + seat] != size - 1:
        return
    bits = (1 << WILD_TYPE) | (1 << WILD4_TYPE)
    for t in range(13):
        bits |= 1 << (s[TOP_COLOUR] * 13 + t)
    s[VOIDS + seat] &= bits
    s[VOID_COUNT + seat] = size


@kernel()
def note_play(s, seat, kind):
    """RLCard: a card ``seat`` played may have come from the cards its voids describe."""
    if (s[VOIDS + seat] >> kind) & 1 == 0 and s[VOID_COUNT + seat] > 0:
        s[VOID_COUNT + seat] -= 1
    if s[VOID_COUNT + seat] > s[SIZES + seat]:
        s[VOID_COUNT + seat] = s[SIZES + seat]


@kernel()
def play_card(s, action):
    """The mover plays the card ``action`` names from its hand."""
    seat = s[TURN]
    kind = type_of_action(action)
    colour = action // 15
    trait = action % 15
    s[hand_at(seat) + kind] -= 1
    s[SIZES + seat] -= 1
    s[DRAWN] = -1
    official = s[RULES] == OFFICIAL
    if official:
        discard(s, top_type(s))
    else:
        discard(s, kind)
        note_play(s, seat, kind)
    s[PREV_COLOUR] = s[TOP_COLOUR]
    set_top(s, kind, colour)
    if s[SIZES + seat] == 0:
        s[WINNER] = seat
        if official and (trait == DRAW_2 or trait == WILD_DRAW_4):
            penalty(s, seat_after(s, seat, 1), 2 if trait == DRAW_2 else 4, -1)
        else:
            end_hand(s)
        return
    if official:
        official_effect(s, seat, trait)
    else:
        rlcard_effect(s, seat, trait)


@kernel()
def draw_action(s):
    """The mover draws a card (or passes when no card is left anywhere)."""
    seat = s[TURN]
    if s[RULES] == RLCARD:
        note_forced_draw(s, seat)
    if s[PILE_SIZE] == 0:
        refill(s)
    if s[PILE_SIZE] == 0:
        to_move(s, seat_after(s, seat, 1))
        return
    s[DRAW_SEAT] = seat
    s[PHASE] = PHASE_DRAW
    s[PLAYER] = CHANCE


@kernel()
def challenge(s, challenged):
    """The victim of a Wild Draw Four challenges it (``challenged``) or accepts it."""
    victim = s[TURN]
    after = seat_after(s, victim, 1)
    if not challenged:
        penalty(s, victim, 4, after)
    elif holds_colour(s, s[OFFENDER], s[PREV_COLOUR]):
        penalty(s, s[OFFENDER], 4, victim)
    else:
        penalty(s, victim, 6, after)


@kernel()
def flip(s, kind):
    """The first card of the discards is turned: its colour and effect on the first player."""
    take_from_pile(s, kind)
    trait = trait_of_type(kind)
    set_top(s, kind, -1)
    if s[RULES] == RLCARD:
        discard(s, kind)
        if kind == WILD_TYPE:
            s[DRAWN] = kind
            s[PHASE] = PHASE_FLIP_COLOUR
        elif trait == SKIP:
            to_move(s, 1)
        elif trait == REVERSE:
            s[DIRECTION] = -1
            to_move(s, s[NUM_PLAYERS] - 1)
        elif trait == DRAW_2:
            penalty(s, 0, 2, 0)
        else:
            to_move(s, 0)
        return
    dealer = s[DEALER]
    first = seat_after(s, dealer, 1)
    if kind == WILD_TYPE:
        s[PHASE] = PHASE_NAME_COLOUR
        s[TURN] = first
        s[PLAYER] = first
    elif trait == SKIP:
        to_move(s, seat_after(s, dealer, 2))
    elif trait == REVERSE:
        s[DIRECTION] = -1
        to_move(s, dealer)
    elif trait == DRAW_2:
        penalty(s, first, 2, seat_after(s, dealer, 2))
    else:
        to_move(s, first)


@kernel()
def drawn_card(s, kind):
    """The card a draw took: RLCard plays it at once when it can, the official rules let the drawer
    play a playable one or keep it."""
    seat = s[DRAW_SEAT]
    take_from_pile(s, kind)
    if s[RULES] == OFFICIAL:
        give(s, seat, kind)
        if kind >= WILD_TYPE or matches(s, kind):
            s[DRAWN] = kind
            s[PHASE] = PHASE_AFTER_DRAW
            s[PLAYER] = seat
        else:
            to_move(s, seat_after(s, seat, 1))
        return
    if kind >= WILD_TYPE:
        s[DRAWN] = kind
        s[PHASE] = PHASE_DRAWN_COLOUR
    elif kind // 13 == s[TOP_COLOUR]:
        discard(s, kind)
        set_top(s, kind, -1)
        rlcard_effect(s, seat, kind % 13)
    else:
        give(s, seat, kind)
        note_kept(s, seat)
        to_move(s, seat_after(s, seat, 1))


@kernel()
def apply_chance(s, outcome):
    """Play a chance outcome."""
    phase = s[PHASE]
    if phase == PHASE_DEALER:
        s[DEALER] = outcome
        s[PHASE] = PHASE_DEAL
        s[DRAW_SEAT] = 0
        s[DRAW_LEFT] = HAND_CARDS
    elif phase == PHASE_DEAL:
        kind = type_of_action(outcome)
        take_from_pile(s, kind)
        give(s, s[DRAW_SEAT], kind)
        s[DRAW_LEFT] -= 1
        if s[DRAW_LEFT] == 0:
            s[DRAW_SEAT] += 1
            if s[DRAW_SEAT] == s[NUM_PLAYERS]:
                s[PHASE] = PHASE_FLIP
            else:
                s[DRAW_LEFT] = HAND_CARDS
    elif phase == PHASE_FLIP:
        flip(s, type_of_action(outcome))
    elif phase == PHASE_FLIP_COLOUR:
        s[TOP_COLOUR] = outcome // 15
        s[DRAWN] = -1
        to_move(s, 0)
    elif phase == PHASE_DRAWN_COLOUR:
        kind = s[DRAWN]
        s[DRAWN] = -1
        discard(s, kind)
        set_top(s, kind, outcome // 15)
        to_move(s, seat_after(s, s[DRAW_SEAT], 1))
    elif phase == PHASE_DRAW:
        drawn_card(s, type_of_action(outcome))
    else:
        kind = type_of_action(outcome)
        take_from_pile(s, kind)
        give(s, s[DRAW_SEAT], kind)
        s[DRAW_LEFT] -= 1
        continue_penalty(s)


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Play a legal action or chance outcome."""
    s[PLY] += 1
    if s[PLAYER] == CHANCE:
        apply_chance(s, action)
        return 0
    phase = s[PHASE]
    if phase == PHASE_NAME_COLOUR:
        s[TOP_COLOUR] = action // 15
        to_move(s, s[TURN])
    elif phase == PHASE_CHALLENGE:
        challenge(s, action == CHALLENGE)
    elif action == DRAW:
        draw_action(s)
    elif action == KEEP:
        s[DRAWN] = -1
        to_move(s, seat_after(s, s[TURN], 1))
    else:
        play_card(s, action)
    return 0


# ----- results ----------------------------------------------------------------------------------------
@kernel(SIG_RETURNS)
def returns(s, out):
    """Once the hand is over: official, the winner scores the points left in the other hands and each
    other seat loses its own; RLCard, +1 to the winner and -1 to each other seat. 0 while it runs."""
    n = s[NUM_PLAYERS]
    for seat in range(n):
        out[seat] = 0.0
    if s[PLAYER] != TERMINAL or s[WINNER] < 0:
        return n
    winner = s[WINNER]
    for seat in range(n):
        if seat == winner:
            continue
        if s[RULES] == OFFICIAL:
            points = hand_points(s, seat)
            out[seat] = -points
            out[winner] += points
        else:
            out[seat] = -1.0
            out[winner] = 1.0
    return n


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """``player``'s chance to win the hand by the fitted hand values (:mod:`.hand_values`), scaled into
    -1..1 (RLCard's return: +1 a win, -1 a loss)."""
    smallest = 1000
    for seat in range(s[NUM_PLAYERS]):
        if seat != player:
            smallest = min(smallest, s[SIZES + seat])
    base = hand_at(player)
    chance = win_chance(s[base:base + NUM_TYPES], s[SIZES + player], s[NUM_PLAYERS], s[PLAYER] == player,
                        s[RULES] == OFFICIAL, s[TOP_COLOUR], smallest, VALUE_WEIGHTS)
    return 2.0 * chance - 1.0


# ----- what a seat may see ------------------------------------------------------------------------------
@kernel(SIG_REDACT)
def redact(s, player, out):
    """``player``'s view: its own hand, every hand's size, the top card and the discards; not the other
    hands, the order or make-up of the pile, nor a card another seat drew and may still keep."""
    for kind in range(NUM_TYPES):
        out[PILE + kind] = UNSEEN
    for seat in range(s[NUM_PLAYERS]):
        if seat != player:
            base = hand_at(seat)
            for kind in range(NUM_TYPES):
                out[base + kind] = UNSEEN
    if s[PHASE] == PHASE_AFTER_DRAW and s[TURN] != player:
        out[DRAWN] = UNSEEN
    return 0
