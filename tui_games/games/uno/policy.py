"""The rule player: a scored choice among the legal actions, from the mover's own hand and the public
table only. The AI's middle level plays it, and the top level's playouts play it for every seat.

The idea is RLCard's uno-rule-v1 made sharper: stay in the colour you hold most, keep the wilds for
when nothing else goes, name your strongest colour with a wild, keep pairs of a symbol in two colours
(a way to change colour later), use Skip, Draw Two (and a two-player Reverse in the official rules)
for the turn they win, above all when the next seat is about to go out, leave the top card the next
seat is least likely to follow (the unseen cards counted, less the types the table knows it lacks:
``rules.VOIDS``), shed high cards first in the official rules (they score for the winner), and never
bluff a Wild Draw Four. A challenge is never made.
"""

from tui_games.engine.header import NUM_PLAYERS
from tui_games.engine.jit import kernel, np
from tui_games.engine.rng import randint, uniform
from tui_games.games.uno import rules
from tui_games.games.uno.worlds import unseen_cards
from tui_games.games.uno.rules import (ACCEPT, DRAW, DRAW_2, HANDS, KEEP, NUM_COLOURS, NUM_TYPES, OFFICIAL, PHASE,
                                       PHASE_NAME_COLOUR, REVERSE, RULES, SIZES,
                                       SKIP, TOP_COLOUR, TRAIT_POINTS, TURN, VOID_COUNT, VOIDS, WILD, WILD_DRAW_4,
                                       WILD_TYPE)

COLOUR_WEIGHT = 2.0
"""Score per card left in the colour an action leaves on the table."""
TEMPO = 10.0
"""Score of an action card that wins a turn (Skip, Draw Two; a Reverse between two)."""
URGENT = 12.0
"""Extra score of a turn-winning card or a Wild Draw Four when the next seat holds two cards or fewer."""
WILD_BASE = -6.0
"""A wild's score before its colour: below any coloured card, so wilds wait until nothing else goes."""
BRIDGE = 2.0
"""Taken off per other card of yours with the played card's symbol: such pairs are kept, a way into
another colour later (measured: 55% against uno-rule-v1 instead of 53% without)."""
PRESSURE = 25.0
"""Score per unit of chance that the next seat holds nothing to follow the card (its cards taken as
random unseen ones, less what the table knows it lacks)."""


@kernel()
def colour_counts(s, seat, counts):
    """Cards of each colour in ``seat``'s hand (wilds not counted)."""
    base = HANDS + seat * NUM_TYPES
    for colour in range(NUM_COLOURS):
        total = 0
        for t in range(13):
            total += s[base + colour * 13 + t]
        counts[colour] = total


@kernel()
def stuck_chance(s, seat, colour, trait, unseen):
    """The chance that ``seat`` holds no card for a top card of ``colour`` and ``trait``, if its cards
    were dealt at random from the ``unseen`` ones (less the types the table knows it lacks)."""
    avoid = 0
    if s[VOID_COUNT + seat] == s[SIZES + seat]:
        avoid = s[VOIDS + seat]
    total = 0
    fits = 0
    for kind in range(NUM_TYPES):
        if (avoid >> kind) & 1 == 1:
            continue
        total += unseen[kind]
        if kind >= WILD_TYPE or kind // 13 == colour or (trait < WILD and kind % 13 == trait):
            fits += unseen[kind]
    if total == 0:
        return 1.0
    return (1.0 - fits / total) ** s[SIZES + seat]


@kernel()
def score_action(s, action, counts, next_seat, unseen, bridge):
    """The rule player's score of ``action`` for the seat to move (higher is better)."""
    phase = s[PHASE]
    if action == DRAW:
        return -1000.0
    if action == KEEP:
        return 0.5
    if action == ACCEPT:
        return 0.0
    if action == rules.CHALLENGE:
        return -1.0
    colour = action // 15
    trait = action % 15
    if phase == PHASE_NAME_COLOUR:
        return COLOUR_WEIGHT * counts[colour]
    official = s[RULES] == OFFICIAL
    two = s[NUM_PLAYERS] == 2
    urgent = s[SIZES + next_seat] <= 2
    score = COLOUR_WEIGHT * counts[colour] + PRESSURE * stuck_chance(s, next_seat, colour, trait, unseen)
    if trait >= WILD:
        score += WILD_BASE
        if trait == WILD_DRAW_4:
            score -= 1.0
            if official and counts[s[TOP_COLOUR]] > 0:
                return -2000.0
            if urgent:
                score += URGENT
        return score
    score += 10.0 - COLOUR_WEIGHT
    same_trait = 0
    base = HANDS + s[TURN] * NUM_TYPES
    for other in range(NUM_COLOURS):
        if other != colour:
            same_trait += s[base + other * 13 + trait]
    score -= bridge * same_trait
    if trait == SKIP or trait == DRAW_2 or (trait == REVERSE and two and official):
        score += TEMPO
        if urgent:
            score += URGENT
    if official:
        score += TRAIT_POINTS[trait] / 10.0
    return score


@kernel()
def rule_action(s, rng, epsilon, actions, bridge=BRIDGE):
    """The rule player's action for the seat to move (with probability ``epsilon`` a random legal one);
    ``actions`` is scratch room for the legal actions."""
    n = rules.legal_actions(s, actions)
    if n == 1:
        return actions[0]
    if epsilon > 0.0 and uniform(rng) < epsilon:
        return actions[randint(rng, n)]
    seat = s[TURN]
    counts = np.empty(NUM_COLOURS, np.int64)
    colour_counts(s, seat, counts)
    unseen = np.empty(NUM_TYPES, np.int64)
    unseen_cards(s, seat, unseen)
    next_seat = rules.seat_after(s, seat, 1)
    best = actions[0]
    best_score = -1e18
    for i in range(n):
        score = score_action(s, actions[i], counts, next_seat, unseen, bridge) + 0.01 * uniform(rng)
        if score > best_score:
            best_score = score
            best = actions[i]
    return best
