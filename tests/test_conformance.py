"""One conformance test over every game in the catalogue, through the public protocol only.

Random play (legal actions, chance outcomes, returns), clone independence, replay identity, a save's
round trip, information states, and no observation that leaks what another seat may not see.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.definition import GameDefinition, State
from tui_games.core.errors import IllegalActionError, InvalidMoveError
from tui_games.core.outcome import Outcome
from tui_games.engine.observer import PUBLIC_VIEW, sees, audience_of
from tui_games.core.players import SIMULTANEOUS

GAMES = catalog.ids()
PLIES = 400


def random_game(game_id: str, seed: int, plies: int = PLIES):
    """A state after up to ``plies`` random actions (chance outcomes drawn from their odds)."""
    rng = random.Random(seed)
    state = catalog.get(game_id).new(seed=seed)
    for _ in range(plies):
        if state.is_terminal:
            break
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        elif state.current_player == SIMULTANEOUS:
            state.apply_joint([rng.choice(state.legal_actions(seat)) for seat in range(state.num_players)])
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def some_move(state, rng=None):
    """A legal history entry of ``state``: a joint move (one action a seat) at a simultaneous node."""
    pick = (lambda xs: xs[0]) if rng is None else rng.choice
    if state.current_player == SIMULTANEOUS:
        return [pick(state.legal_actions(seat)) for seat in range(state.num_players)]
    return pick(state.legal_actions())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_a_typed_definition(game_id):
    spec = catalog.get(game_id)
    definition = spec.definition()
    assert isinstance(definition, GameDefinition)
    state = spec.new(seed=1)
    assert isinstance(state, definition.state_class) and isinstance(state, State)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_keeps_the_protocol(game_id):
    for seed in range(3):
        state = random_game(game_id, seed)
        returns = state.returns()
        assert len(returns) == state.num_players
        if state.is_terminal:
            assert state.legal_actions() == []
            with pytest.raises(IllegalActionError):
                state.apply(0)
            outcome = Outcome.from_returns(returns)
            assert sorted(outcome.places)[0] == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_clones_are_independent_and_replays_identical(game_id):
    state = random_game(game_id, 7, plies=12)
    copy = state.clone()
    replay = state.replayed(list(state.history))
    assert np.array_equal(replay.array, state.array) and replay.history == state.history
    if not copy.is_terminal:
        copy.apply_entry(some_move(copy))
        assert len(copy.history) == len(state.history) + 1
        assert np.array_equal(replay.array, state.array)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_typo_is_not_an_illegal_move(game_id):
    state = random_game(game_id, 3, plies=2)
    with pytest.raises(InvalidMoveError):
        state.parse_action("no such move ~~")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_round_trips(game_id, home):
    from tui_games.match import Match, default_seats

    spec = catalog.get(game_id)
    match = Match.new(spec, {}, default_seats(spec), seed=11)
    for _ in range(6):
        if match.is_over or not match.human_to_move:
            break
        match.play(some_move(match.state, random.Random(len(match.state.history))))
    loaded = Match.resume(match.save())
    assert loaded.state.history == match.state.history
    assert np.array_equal(loaded.state.array, match.state.array)
    assert loaded.move_log == match.move_log


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_come_from_the_redacted_state_only(game_id):
    """The observation text is drawn from the seat's redacted copy, never from the whole state."""
    for seed in range(4):
        state = random_game(game_id, seed, plies=random.Random(seed).randrange(1, 40))
        for player in [PUBLIC_VIEW, *range(state.num_players)]:
            observation = state.observation(player)
            view = observation.state
            assert view.observer == player
            assert str(observation) == str(view.kernels.observe(view, player))
            assert np.array_equal(view.array, state.observed(player).array)
            with pytest.raises(IllegalActionError):
                view.apply(0)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_observation_leaks_a_hidden_deal(game_id):
    """Swap one chance outcome a seat may not see for another possible one that leaves play the same
    (same player to move, same legal actions: a dealer's natural, say, ends the round at once and is
    no secret): the seat's observation and information state are exactly the same, while the true
    state differs."""
    checked = 0
    for seed in range(12):
        state = random_game(game_id, seed, plies=60)
        replay = catalog.get(game_id).new(seed=seed)
        for index, action in enumerate(state.history):
            if replay.is_chance_node:
                audience = audience_of(replay, action)
                blind = [p for p in range(replay.num_players) if not sees(audience, p)]
                world_a = replay.clone()
                world_a.apply(action)
                for other in [a for a, _ in replay.chance_outcomes() if a != action] if blind else []:
                    world_b = replay.clone()
                    world_b.apply(other)
                    if (world_b.current_player != world_a.current_player
                            or world_b.legal_actions() != world_a.legal_actions()):
                        continue
                    assert not np.array_equal(world_a.array, world_b.array)
                    for player in blind:
                        assert world_a.observation(player) == world_b.observation(player)
                        assert np.array_equal(world_a.observed(player).array, world_b.observed(player).array)
                        assert world_a.information_state(player) == world_b.information_state(player)
                    checked += 1
                    break
            replay.apply_entry(action)
    if catalog.get(game_id).perfect_information:
        assert checked == 0
    elif game_id == "blackjack":
        assert checked > 0  # the dealer's hole card


@pytest.mark.parametrize("game_id", GAMES)
def test_information_states_tell_apart_what_the_seat_saw(game_id):
    state = random_game(game_id, 5, plies=10)
    if state.is_terminal or state.current_player < 0:
        return
    player = state.current_player
    actions = state.legal_actions()
    if len(actions) < 2:
        return
    first, second = state.clone(), state.clone()
    first.apply(actions[0])
    second.apply(actions[1])
    assert first.information_state(player) != second.information_state(player)
