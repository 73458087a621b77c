"""Hands the rule player plays against itself, recorded for the hand-value fit (scripts/uno_hand_values.py).

Each hand is dealt and played out with :func:`.policy.rule_action` in every seat (a random legal action at
rate ``epsilon``); at a share of the turns every seat's position is recorded as
:data:`.hand_values.FEATURES`, with 1 for the seat that went on to win the hand, else 0.
"""

from tui_games.engine.header import CHANCE, PLAYER, TERMINAL, WINNER
from tui_games.engine.jit import kernel, np
from tui_games.engine.rng import pick_weighted, uniform
from tui_games.games.uno import rules
from tui_games.games.uno.hand_values import NUM_FEATURES, position_features
from tui_games.games.uno.policy import rule_action
from tui_games.games.uno.rules import NUM_TYPES, PHASE, PHASE_PLAY, SIZES, TOP_COLOUR

HAND_CAP = 3000
"""Most actions of one hand (a hand of rule players ends far sooner)."""


@kernel()
def record_seats(s, hand, features, won, hands, rows):
    """Append every seat's position in ``s`` to ``features`` from row ``rows`` (``won`` left for the end,
    ``hands`` the hand's number); returns the rows used."""
    n = s[rules.NUM_PLAYERS]
    row = np.empty(NUM_FEATURES, np.float64)
    for seat in range(n):
        if rows >= features.shape[0]:
            break
        smallest = 1000
        for other in range(n):
            if other != seat:
                smallest = min(smallest, s[SIZES + other])
        base = rules.hand_at(seat)
        position_features(s[base:base + NUM_TYPES], s[SIZES + seat], n, s[PLAYER] == seat,
                          s[rules.RULES] == rules.OFFICIAL, s[TOP_COLOUR], smallest, row)
        features[rows, :] = row
        won[rows] = seat
        hands[rows] = hand
        rows += 1
    return rows


@kernel()
def play_hands(rng, players, readings, rate, epsilon, first_hand, features, won, hands):
    """Play hand ``first_hand + i`` with ``players[i]`` seats in the reading ``readings[i]`` for each i,
    recording each turn with probability ``rate`` (every seat) into ``features``, ``won`` (1: that seat
    won the hand) and ``hands`` (the hand's number) until they are full; returns the rows filled."""
    actions = np.empty(rules.MAX_ACTIONS, np.int64)
    probs = np.empty(rules.MAX_ACTIONS, np.float64)
    rows = 0
    for i in range(players.shape[0]):
        if rows >= features.shape[0]:
            break
        s = rules.initial_state(players[i], readings[i])
        start = rows
        plies = 0
        while s[PLAYER] != TERMINAL and plies < HAND_CAP:
            if s[PLAYER] == CHANCE:
                n = rules.chance_outcomes(s, actions, probs)
                rules.apply_action(s, actions[pick_weighted(rng, probs, n)])
            else:
                if s[PHASE] == PHASE_PLAY and uniform(rng) < rate:
                    rows = record_seats(s, first_hand + i, features, won, hands, rows)
                rules.apply_action(s, rule_action(s, rng, epsilon, actions))
            plies += 1
        for r in range(start, rows):
            won[r] = 1 if s[PLAYER] == TERMINAL and s[WINNER] == won[r] else 0
    return rows
