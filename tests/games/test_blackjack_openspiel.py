"""Simple Blackjack against OpenSpiel's "blackjack": same cards, same decisions, same results."""

from __future__ import annotations

import random

import pytest

from tui_games import catalog
from tui_games.core.players import CHANCE, TERMINAL

pyspiel = pytest.importorskip("pyspiel")

SPEC = catalog.get("blackjack")


def play_both(seed: int) -> float:
    """Drive OpenSpiel and our simple rules with the same random cards and decisions; our return."""
    rng = random.Random(seed)
    theirs = pyspiel.load_game("blackjack").new_initial_state()
    ours = SPEC.new(seed=seed, rules="simple")
    steps = 0
    while True:
        assert ours.is_terminal == theirs.is_terminal()
        if ours.is_terminal:
            break
        player = theirs.current_player()
        assert ours.current_player == player
        if player == CHANCE:
            their_outcomes = theirs.chance_outcomes()
            our_outcomes = ours.chance_outcomes()
            assert sorted(a for a, _ in our_outcomes) == sorted(a for a, _ in their_outcomes)
            assert dict(our_outcomes) == pytest.approx(dict(their_outcomes))
            action = rng.choice([a for a, _ in their_outcomes])
            assert ours.action_to_string(action)[::-1] == theirs.action_to_string(player, action)
        else:
            assert ours.legal_actions() == list(theirs.legal_actions())
            action = rng.choice(ours.legal_actions())
            assert ours.action_to_string(action) == theirs.action_to_string(player, action).lower()
        ours.apply(action)
        theirs.apply_action(action)
        steps += 1
    assert ours.current_player == TERMINAL
    assert ours.returns() == list(theirs.returns())
    assert steps == len(ours.history)
    return ours.returns()[0]


def test_simple_blackjack_matches_openspiel_over_seeded_random_rounds():
    outcomes = [play_both(seed) for seed in range(600)]
    assert set(outcomes) == {-1.0, 0.0, 1.0}, "the seeds cover wins, pushes and losses"


def test_game_metadata_matches_openspiel():
    game = pyspiel.load_game("blackjack")
    assert game.num_distinct_actions() == 2  # our ids 0 hit and 1 stand are OpenSpiel's
    assert game.max_chance_outcomes() == 52
    state = SPEC.new(rules="simple")
    assert len(state.chance_outcomes()) == 52 and state.num_players == game.num_players()
