"""OpenSpiel's own gin_rummy played in lockstep with ours: the tests replay seeded hands move by move,
and ``benchmarks/gin_rummy_conformance.py`` runs the issue's counts. Imports pyspiel when used (a test
extra).

Both engines take the same chance outcomes (the card dealt) and the same actions (OpenSpiel's ids); at
every step the player to move, the legal actions (or chance outcomes), both hands, the upcard, the
stock size, the discard pile, the deadwood and the laid melds agree, and at the end the returns.
"""

from __future__ import annotations

import random

import numpy as np

from tui_games.games.gin_rummy import rules
from tui_games.games.gin_rummy.constants import MELDS, NUM_CARDS, card_name, meld_name
from tui_games.games.gin_rummy.policy import simple_action

PHASE_NAMES = ("DEAL", "FIRST_UPCARD", "DRAW", "DISCARD", "KNOCK", "LAYOFF", "WALL", "GAME_OVER")
"""OpenSpiel's phase names, in the order of rules.PHASE_*."""


def openspiel_params(params: dict) -> dict:
    """OpenSpiel's gin_rummy parameters for ours."""
    return {"knock_card": int(params.get("knock_card", 10)), "gin_bonus": int(params.get("gin_bonus", 25)),
            "undercut_bonus": int(params.get("undercut_bonus", 25)),
            "oklahoma": params.get("oklahoma", "off") == "on"}


def compare(state, theirs) -> None:
    """Assert that our ``state`` and OpenSpiel's ``theirs`` hold the same hand in the same place."""
    import pyspiel

    assert int(theirs.current_phase()) == ["deal", "first upcard", "draw", "discard", "knock", "layoff", "wall",
                                           "over"].index(state.phase), (theirs.current_phase(), state.phase)
    player = theirs.current_player()
    assert state.current_player == (player if player >= 0 else (-1 if player == pyspiel.PlayerId.CHANCE else -4))
    if theirs.is_chance_node():
        assert [a for a, _ in theirs.chance_outcomes()] == [a for a, _ in state.chance_outcomes()]
    elif not theirs.is_terminal():
        assert sorted(theirs.legal_actions()) == state.legal_actions()
    hands = theirs.hands()
    for seat in range(2):
        assert state.hand(seat) == [card_name(card) for card in sorted(hands[seat])]
        assert state.laid_melds(seat) == [[card_name(c) for c in MELDS[m]] for m in theirs.layed_melds()[seat]]
    upcard = theirs.upcard()
    assert state.upcard == (card_name(upcard) if upcard is not None else None)
    assert state.stock_size == theirs.stock_size()
    assert state.discard_pile == [card_name(card) for card in theirs.discard_pile()]
    assert state.layoffs == [card_name(card) for card in theirs.layoffs()]
    assert state.knock_card == theirs.knock_card()
    dead = theirs.deadwood()
    assert [int(x) for x in state.array[rules.DEADWOOD:rules.DEADWOOD + 2]] == dead
    if state.phase in ("first upcard", "draw", "discard", "wall"):
        assert [state.deadwood(seat) for seat in range(2)] == dead


def their_name(theirs, action: int) -> str:
    """OpenSpiel's name of ``action`` as ours writes it: 'As', 'draw upcard', 'As2s3s'."""
    text = theirs.action_to_string(theirs.current_player(), action)
    text = text.split("Action: ")[-1].split("Chance outcome: ")[-1]
    return text.lower() if text in ("Draw upcard", "Draw stock", "Pass", "Knock") else text


def lockstep_hand(spec, seed: int, params: dict | None = None, wander: float = 0.3) -> int:
    """Play one hand of ``spec`` (ours) and OpenSpiel's gin_rummy side by side from ``seed``, comparing
    at every step (:func:`compare`) and the returns at the end; returns the steps compared. Chance
    picks cards at random; a player plays the rule player (laying off every card it can), or with
    chance ``wander`` a random legal action."""
    import pyspiel

    params = dict(params or {})
    params.setdefault("target", 0)
    rng = random.Random(seed)
    game = pyspiel.load_game("gin_rummy", openspiel_params(params))
    theirs = game.new_initial_state()
    state = spec.new(seed=seed, **params)
    buffer = np.empty(256, np.int64)
    steps = 0
    while not theirs.is_terminal():
        compare(state, theirs)
        if theirs.is_chance_node():
            action = rng.choice([a for a, _ in theirs.chance_outcomes()])
        elif rng.random() < wander:
            action = rng.choice(theirs.legal_actions())
        else:
            action = int(simple_action(state.array.copy(), True, buffer))
        if not theirs.is_chance_node():
            assert state.action_to_string(action) == their_name(theirs, action)
        assert state.parse_action(state.action_to_string(action)) == action
        theirs.apply_action(action)
        state.apply(action)
        steps += 1
    compare(state, theirs)
    assert state.is_terminal
    assert state.returns() == theirs.returns(), (state.returns(), theirs.returns())
    return steps


def deadwood_differences(count: int, seed: int = 0) -> tuple[int, int]:
    """Random 10- and 11-card hands (``count`` of each) whose deadwood ours (melds.deadwood, and the
    state's ``deadwood``) and OpenSpiel's GinRummyUtils.min_deadwood count alike; returns (hands,
    differences)."""
    import pyspiel

    from tui_games.games.gin_rummy.melds import deadwood

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(seed)
    differences = 0
    for size in (10, 11):
        for _ in range(count):
            hand = rng.sample(range(NUM_CARDS), size)
            mask = sum(1 << card for card in hand)
            differences += int(deadwood(mask)) != utils.min_deadwood(hand)
    return 2 * count, differences


__all__ = ["compare", "deadwood_differences", "lockstep_hand", "meld_name", "openspiel_params", "their_name"]
