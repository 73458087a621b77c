"""Nim: rules, the nim-sum theory against exhaustive search, OpenSpiel conformance, AI strength."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.engine import negamax as nm
from tui_games.engine.jit import SIG_EVALUATE, kernel
from tui_games.engine.search import Negamax
from tui_games.games.nim import rules
from tui_games.games.nim.game import KERNELS

SPEC = catalog.get("nim")


def position(heaps: list[int], max_take: int, to_move: int = 0):
    """A state with the given heap sizes (built by playing moves from full heaps)."""
    size = max(max(heaps), 1)
    state = SPEC.new(heaps=len(heaps), size=size, max_take=max(max_take, 1))
    state.array[rules.HEAPS:rules.HEAPS + len(heaps)] = heaps
    state.array[0] = to_move
    return state


def test_start_position_and_action_numbering():
    state = SPEC.new(heaps=3, size=5, max_take=3)
    assert state.heaps == [5, 5, 5]
    assert state.max_take == 3
    # OpenSpiel's numbering: (take - 1) * heaps + heap
    assert state.legal_actions() == list(range(9))
    assert state.action_to_string(7) == "take 3 from heap 2"
    state.apply(state.parse_action("take 3 from heap 2"))
    assert state.heaps == [5, 2, 5] and state.current_player == 1


def test_taking_the_last_item_wins():
    state = position([0, 2, 0], max_take=3, to_move=1)
    state.apply(state.parse_action("2 2"))
    assert state.is_terminal and state.winner == 1
    assert state.returns() == [-1.0, 1.0]


@pytest.mark.parametrize(
    ("text", "reason"),
    [("take 4 from heap 1", "at most 3 items"), ("take 1 from heap 2", "heap 2 is empty"),
     ("take 3 from heap 3", "heap 3 has only 2 items")],
)
def test_illegal_moves_are_refused_with_the_reason(text, reason):
    state = position([5, 0, 2], max_take=3)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(state.parse_action(text))
    assert state.heaps == [5, 0, 2] and state.history == []


def test_unparseable_and_missing_heaps_are_explained():
    state = SPEC.new()
    with pytest.raises(IllegalActionError, match="no heap 9"):
        state.parse_action("take 1 from heap 9")
    with pytest.raises(IllegalActionError, match="not a move"):
        state.parse_action("everything")


def test_parameters_are_checked():
    with pytest.raises(InvalidParameterError, match="heaps must be at most 8"):
        SPEC.new(heaps=9)
    with pytest.raises(InvalidParameterError, match="no parameter 'piles'"):
        SPEC.new(piles=3)


@kernel(SIG_EVALUATE)
def _zero_evaluate(s, player):
    """No heuristic at all: the exhaustive search must find every result itself."""
    return 0.0


def _solved_mover_wins(heaps: list[int], max_take: int) -> bool:
    """Exhaustive negamax to the end of the game (no evaluation used) says whether the mover wins."""
    state = position(heaps, max_take)
    depth = sum(heaps) + 1
    searcher = Negamax(KERNELS, depth)
    table = nm.new_table(16)
    actions = np.empty(nm.MAX_ACTIONS, np.int64)
    values = np.empty(nm.MAX_ACTIONS, np.float64)
    n = nm.search_root(KERNELS.legal, KERNELS.apply, KERNELS.returns, _zero_evaluate, state.array,
                       depth, False, actions, values, *table, searcher.stop_flag.array,
                       np.zeros(4, np.int64))
    return max(values[:n]) > 0


@pytest.mark.parametrize("max_take", [1, 2, 3, 5])
def test_nim_sum_theory_matches_exhaustive_search(max_take):
    for heaps in itertools.product(range(5), repeat=3):
        if sum(heaps) == 0:
            continue
        state = position(list(heaps), max_take)
        assert (state.nim_sum != 0) == _solved_mover_wins(list(heaps), max_take), heaps


def test_conformance_with_openspiel_normal_play():
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("nim", {"pile_sizes": "4;4;4;4", "is_misere": False})
    rng = random.Random(11)
    for _ in range(200):
        ours, theirs = SPEC.new(heaps=4, size=4, max_take=4), game.new_initial_state()
        while not theirs.is_terminal():
            assert ours.legal_actions() == list(theirs.legal_actions())
            action = rng.choice(ours.legal_actions())
            ours.apply(action)
            theirs.apply_action(action)
        assert ours.is_terminal and ours.returns() == list(theirs.returns())


@settings(max_examples=60, deadline=None)
@given(heaps=st.integers(1, 5), size=st.integers(1, 9), max_take=st.integers(1, 6), seed=st.integers(0, 10**6))
def test_random_games_take_one_heap_at_a_time_and_end_empty(heaps, size, max_take, seed):
    rng = random.Random(seed)
    state = SPEC.new(heaps=heaps, size=size, max_take=max_take)
    while not state.is_terminal:
        before = state.heaps
        mover = state.current_player
        action = rng.choice(state.legal_actions())
        state.apply(action)
        changed = [i for i in range(heaps) if state.heaps[i] != before[i]]
        assert len(changed) == 1
        taken = before[changed[0]] - state.heaps[changed[0]]
        assert 1 <= taken <= max_take
        assert state.is_terminal or state.current_player == 1 - mover
    assert sum(state.heaps) == 0
    assert state.returns()[state.winner] == 1.0


def test_perfect_player_wins_every_won_position_against_random():
    for seed in range(40):
        heaps = 1 + seed % 4
        state = SPEC.new(seed=seed, heaps=heaps, size=3 + seed % 5, max_take=1 + seed % 4)
        perfect_seat = 0 if state.nim_sum != 0 else 1
        players = {perfect_seat: SPEC.ai(3, seed=seed), 1 - perfect_seat: SPEC.ai(1, seed=seed)}
        if perfect_seat == 1:
            state.apply(players[0].choose(state))
            if state.nim_sum == 0:  # the random opener happened to play perfectly
                continue
        while not state.is_terminal:
            state.apply(players[state.current_player].choose(state))
        assert state.winner == perfect_seat


def test_hint_marks_winning_and_losing_moves():
    hint = SPEC.ai(3).hint(position([3, 4, 5], max_take=7))
    wins = [a for a, text in hint.values.items() if text == "wins"]
    assert hint.best in wins
    state = position([3, 4, 5], max_take=7)
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        assert (child.nim_sum == 0) == (action in wins)


def test_levels_are_ordered_by_strength():
    def score(level: int) -> int:
        wins = 0
        for seed in range(60):
            state = SPEC.new(seed=seed, heaps=3, size=5, max_take=3)
            me, them = SPEC.ai(level, seed=seed), SPEC.ai(1, seed=500 + seed)
            seat = seed % 2
            while not state.is_terminal:
                player = me if state.current_player == seat else them
                state.apply(player.choose(state))
            wins += state.winner == seat
        return wins

    assert score(1) < score(2) < score(3)
