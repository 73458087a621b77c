"""The ``rlcard`` reading replayed in lockstep against RLCard 1.2.0's own UNO: RLCard deals and draws
from its seeded deck, its cards and colours become our chance outcomes (tui_games.games.uno.rlcard_mirror),
and at every step the player to move, the legal actions, every hand, the target, the pile and the
discards agree; at the end the winner and the payoffs. Random players choose the moves; RLCard's rule
agent plays some of the games."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tui_games import catalog

rlcard = pytest.importorskip("rlcard")

from tui_games.games.uno.rlcard_mirror import Mirror  # noqa: E402

SPEC = catalog.get("uno")


def replay(seed: int, players: int, rule_agent: bool = False) -> int:
    """One game played in both engines, compared at every step; returns the steps compared."""
    from rlcard.models.uno_rule_models import UNORuleAgentV1

    rng = random.Random(seed)
    np.random.seed(seed)  # the rule agent draws from numpy's global generator
    agent = UNORuleAgentV1()
    mirror = Mirror(SPEC, seed, players)
    state, game = mirror.state, mirror.game
    steps = 0
    while not state.is_terminal:
        assert game.round.current_player == state.current_player
        assert mirror.rlcard_legal() == state.legal_actions()
        assert mirror.rlcard_hands() == [state.hand(seat) for seat in range(players)]
        assert mirror.rlcard_target() == state.target
        assert len(game.dealer.deck) == state.draw_pile_size
        assert len(game.round.played_cards) == state.discard_size
        if rule_agent and state.current_player == 0:
            raw = mirror.rlcard_state()
            action = mirror.action_space[agent.step({"raw_legal_actions": raw["legal_actions"], "raw_obs": raw})]
        else:
            action = rng.choice(state.legal_actions())
        mirror.step(action)
        steps += 1
    assert game.is_over() and game.round.winner == [state.winner]
    if players == 2:
        assert list(game.get_payoffs()) == state.returns()
    return steps


def test_two_player_games_agree_with_rlcard_step_by_step():
    steps = sum(replay(seed, 2, rule_agent=seed % 2 == 1) for seed in range(200))
    assert steps > 200 * 20


@pytest.mark.parametrize("players", [3, 4, 7])
def test_games_of_more_players_agree_with_rlcard(players):
    for seed in range(30):
        replay(1000 + seed, players)


def test_rlcard_peer_is_the_same_game_at_the_first_move():
    env = rlcard.make("uno", config={"seed": 3})
    state = SPEC.new(seed=3, **dict(SPEC.peer.ours))
    assert env.num_players == state.num_players == 2 and env.num_actions == 61
    state.resolve_chance()
    assert state.rules_name == "rlcard" and state.current_player in (0, 1)
