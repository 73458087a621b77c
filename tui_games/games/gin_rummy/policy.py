"""The rule player, as one kernel: OpenSpiel's simple gin bot's rules (what level 2 plays and what the
top level's playouts play), plus layoffs, which the simple bot never makes.

Draw the upcard when it lets you knock or joins a best meld group; else draw from the stock (or pass
the first upcard). Knock as soon as the deadwood allows. Discard the highest card left out of the best
meld group (eleven-card gin: a card whose loss keeps gin). After a knock, lay the best meld group's
melds; the other player lays off every card it can (when ``layoffs``), then lays its own best melds.
"""

from tui_games.engine.jit import kernel, np
from tui_games.engine.rng import randint, uniform
from tui_games.games.gin_rummy import rules
from tui_games.games.gin_rummy.constants import (DRAW_UPCARD, HAND_SIZE, KNOCK, MELD_BASE,
                                                 NUM_CARDS, NUM_RANKS, PASS)
from tui_games.games.gin_rummy.melds import MELD_MASK, bit, deadwood, first_best_group, plain_deadwood


@kernel()
def unmelded(mask):
    """The cards of ``mask`` outside its first best meld group."""
    group = np.empty(4, np.int64)
    n = first_best_group(mask, group)
    rest = mask
    for i in range(n):
        rest &= ~MELD_MASK[group[i]]
    return rest


@kernel()
def simple_discard(mask):
    """The simple bot's discard from ``mask``: the highest card (by rank, then suit) outside the best
    meld group; with every card melded, the first whose loss keeps gin."""
    rest = unmelded(mask)
    if rest != 0:
        for r in range(NUM_RANKS - 1, -1, -1):
            for suit in range(3, -1, -1):
                card = suit * NUM_RANKS + r
                if (rest >> card) & 1:
                    return card
    for card in range(NUM_CARDS):
        if (mask >> card) & 1 and plain_deadwood(mask & ~bit(card)) == 0:
            return card
    for card in range(NUM_CARDS):
        if (mask >> card) & 1:
            return card
    return -1


@kernel()
def contains(actions, n, action):
    """True when ``action`` is among ``actions[:n]``."""
    for i in range(n):
        if actions[i] == action:
            return True
    return False


@kernel()
def simple_action(s, layoffs, actions):
    """The rule player's action for the seat to move in ``s`` (``actions``: a scratch buffer)."""
    n = rules.legal_actions(s, actions)
    seat = s[rules.TURN]
    hand = s[rules.HANDS + seat]
    phase = s[rules.PHASE]
    knock_card = s[rules.KNOCK_CARD]
    if phase == rules.PHASE_WALL:
        return actions[n - 1]
    if phase == rules.PHASE_FIRST_UPCARD or phase == rules.PHASE_DRAW:
        if n == 1:
            return actions[0]
        up = s[rules.UPCARD]
        with_up = hand | bit(up)
        if deadwood(with_up) <= knock_card or (unmelded(with_up) >> up) & 1 == 0:
            return DRAW_UPCARD
        return actions[n - 1]
    if phase == rules.PHASE_DISCARD:
        if contains(actions, n, KNOCK):
            return KNOCK
        return simple_discard(hand)
    if phase == rules.PHASE_KNOCK:
        if s[rules.SIZES + seat] == HAND_SIZE + 1:
            card = simple_discard(hand)
            return card if contains(actions, n, card) else actions[0]
        group = np.empty(4, np.int64)
        k = first_best_group(hand, group)
        for i in range(k - 1, -1, -1):
            if contains(actions, n, MELD_BASE + group[i]):
                return MELD_BASE + group[i]
        return PASS if contains(actions, n, PASS) else actions[0]
    if phase == rules.PHASE_LAYOFF:
        if s[rules.FINISHED_LAYOFFS] == 0:
            if layoffs and n > 1:
                return actions[0]
            return PASS
        group = np.empty(4, np.int64)
        k = first_best_group(hand, group)
        for i in range(k - 1, -1, -1):
            if contains(actions, n, MELD_BASE + group[i]):
                return MELD_BASE + group[i]
        return PASS
    return actions[0]


@kernel()
def noisy_action(s, layoffs, epsilon, rng, actions):
    """The rule player's action, or with chance ``epsilon`` (in the draw and discard phases) a random
    legal one."""
    phase = s[rules.PHASE]
    if epsilon > 0.0 and (phase == rules.PHASE_DRAW or phase == rules.PHASE_DISCARD) and uniform(rng) < epsilon:
        n = rules.legal_actions(s, actions)
        return actions[randint(rng, n)]
    return simple_action(s, layoffs, actions)


@kernel()
def play_out(s, layoffs, epsilon, rng, actions, probs):
    """Finish the hand in ``s`` in place: chance draws at random, both seats play the rule player."""
    plies = 0
    while s[0] != rules.TERMINAL and plies < 1000:
        if s[0] == rules.CHANCE:
            n = rules.chance_outcomes(s, actions, probs)
            rules.apply_action(s, actions[randint(rng, n)])
        else:
            rules.apply_action(s, noisy_action(s, layoffs, epsilon, rng, actions))
        plies += 1
    return plies


