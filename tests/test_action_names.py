"""Every name action_to_string writes reads back: for every game in the catalogue, at its default
parameters and at the edges of each parameter (one changed at a time, every choice, the fewest and
most seats), short seeded random games are played, and at every node each legal action and chance
outcome (a sample where a node has very many, the smallest and largest always among them) is named,
plain and as every seat and a spectator see it, and parse_action reads the name back to the same
action in the same state. An observer's name is the plain one or the game's hidden name (a card
dealt face down to someone else), which names no one action."""

from __future__ import annotations

import random

import pytest

from tui_games import catalog
from tui_games.core.errors import InvalidParameterError
from tui_games.core.players import SIMULTANEOUS
from tui_games.engine.observer import PUBLIC_VIEW

GAMES = catalog.ids()
PLIES = 150
"""Plies of each random game (chance outcomes included), at most."""
SEEDS = range(8)
"""The random games played of each variant."""
SAMPLE = 24
"""Actions named at one node, at most: a no-limit bet may be any of hundreds of amounts."""


def _edges(param) -> list:
    """The values of ``param`` a test tries besides its default: every choice, or its bounds."""
    if param.choices:
        return [c for c in param.choices if c != param.default]
    return [v for v in (param.minimum, param.maximum) if v is not None and v != param.default]


def _variants(spec) -> list[dict]:
    """The default parameters, and each parameter at each of its edges (with what makes it apply)."""
    variants = [{}]
    for param in spec.params:
        if param.internal or param.text:
            continue
        needs = {}
        if param.applies_when is not None:
            name, value = param.applies_when
            needs = {name: spec.param(name).coerce(value)}
        variants += [{**needs, param.name: value} for value in _edges(param)]
    return variants


def _sample(actions: list[int], rng: random.Random) -> list[int]:
    if len(actions) <= SAMPLE:
        return actions
    ends = [actions[0], actions[1], actions[-2], actions[-1]]
    return ends + rng.sample(actions[2:-2], SAMPLE - len(ends))


def _check_names(state, actions: list[int]) -> None:
    observers = [*range(state.num_players), PUBLIC_VIEW]
    for action in actions:
        name = state.action_to_string(action)
        assert state.parse_action(name) == action, (state, action, name)
        for observer in observers:
            seen = state.action_to_string(action, observer=observer)
            assert seen in (name, state.kernels.hidden_name), (state, action, observer, seen)


def _play_and_check(spec, params: dict, seed: int) -> int:
    """Play one random game of ``spec`` checking every node's names; returns the nodes checked."""
    try:
        state = spec.new(seed=seed, **params)
    except InvalidParameterError:
        return 0  # an edge that conflicts with another parameter's default
    rng = random.Random(seed)
    nodes = 0
    while not state.is_terminal and len(state.history) < PLIES:
        nodes += 1
        if state.current_player == SIMULTANEOUS:
            choices = [state.legal_actions(seat) for seat in range(state.num_players)]
            for actions in choices:
                _check_names(state, _sample(actions, rng))
            state.apply_joint([rng.choice(actions) for actions in choices])
            continue
        actions = state.legal_actions()  # the chance outcomes at a chance node
        _check_names(state, _sample(actions, rng))
        state.apply(state.sample_chance() if state.is_chance_node else rng.choice(actions))
    return nodes


@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_name_reads_back(game_id):
    spec = catalog.get(game_id)
    checked = sum(_play_and_check(spec, params, seed) for params in _variants(spec) for seed in SEEDS)
    assert checked > 0


def test_names_written_by_the_card_and_dice_games_read_back():
    """The names that once did not read back, each in a position where it is legal."""
    names = {}
    for game_id, params in (("leduc-holdem", {}), ("limit-holdem", {}), ("no-limit-holdem", {"stack": 10}),
                            ("bluff-poker", {})):
        spec = catalog.get(game_id)
        for seed in range(6):
            state = spec.new(seed=seed, **params)
            rng = random.Random(seed)
            while not state.is_terminal:
                for action in state.legal_actions():
                    name = state.action_to_string(action)
                    names.setdefault(name.split(" ")[0] + (" (all in)" if "(all in)" in name else ""),
                                     (game_id, name, state.parse_action(name) == action))
                state.apply(state.sample_chance() if state.is_chance_node else rng.choice(state.legal_actions()))
    for kind in ("call", "raise (all in)", "bid", "die", "Player"):
        assert kind in names and names[kind][2], (kind, names.get(kind))
