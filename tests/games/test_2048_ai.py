"""2048 AI: every level plays legal moves, hints match the legal moves, a search can be stopped,
and the searching levels beat the greedy one."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError
from tui_games.games.g2048 import ai as ai_module
from tui_games.games.g2048 import rules, search


def started(seed: int):
    """A new game with its two first tiles placed."""
    state = catalog.get("2048").new(seed=seed)
    state.resolve_chance()
    return state


def play(level: int, seed: int, max_moves: int):
    """Play up to ``max_moves`` moves at ``level``; returns the final state."""
    state = started(seed)
    player = catalog.get("2048").ai(level, seed=seed)
    for _ in range(max_moves):
        if state.is_terminal:
            break
        move = player.choose(state)
        assert move in state.legal_actions()
        state.apply(move)
        state.resolve_chance()
    return state


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_every_level_plays_legal_moves_and_hints_cover_the_legal_moves(level):
    spec = catalog.get("2048")
    player = spec.ai(level, seed=3)
    assert player.level == level
    state = play(level, seed=level, max_moves=60)
    if not state.is_terminal:
        hint = player.hint(state)
        assert sorted(hint.values) == sorted(hint.expected) == state.legal_actions()
        assert hint.expected[hint.best] == max(hint.expected.values())
        assert all(isinstance(text, str) and text for text in hint.values.values())
        assert hint.summary


def test_the_ai_refuses_a_chance_node_and_a_finished_game():
    player = catalog.get("2048").ai(2)
    with pytest.raises(IllegalActionError, match="random tile"):
        player.choose(catalog.get("2048").new(seed=1))
    finished = play(1, seed=4, max_moves=10_000)
    assert finished.is_terminal
    with pytest.raises(IllegalActionError, match="over"):
        player.choose(finished)


def test_the_ai_does_not_change_the_state():
    state = started(9)
    before = (state.array.copy(), list(state.history))
    catalog.get("2048").ai(4).choose(state)
    assert np.array_equal(state.array, before[0]) and state.history == before[1]


def unbounded_player():
    """A player whose search would run for a very long time if nobody stopped it."""
    player = ai_module.G2048Player(4, seed=0)
    player.settings = ai_module.SearchSettings(min_depth=12, max_depth=12, depth_offset=0,
                                               threshold=0.0, node_budget=1 << 60)
    return player


def test_a_raised_stop_flag_makes_the_search_answer_at_once():
    player = unbounded_player()
    state = started(2)
    player.stop()
    move = player.choose(state)
    assert move in state.legal_actions()
    assert player.last_nodes < 10_000
    assert player.control[search.STOP] == 0, "the flag is lowered again for the next search"


def test_stop_from_another_thread_ends_a_running_search():
    player = unbounded_player()
    state = started(2)
    answer = []
    worker = threading.Thread(target=lambda: answer.append(player.choose(state)))
    worker.start()
    worker.join(timeout=0.5)
    player.stop()
    worker.join(timeout=120)
    assert not worker.is_alive()
    assert answer[0] in state.legal_actions()


def test_the_node_budget_bounds_a_search():
    player = ai_module.G2048Player(4, seed=0)
    player.settings = ai_module.SearchSettings(min_depth=10, max_depth=10, depth_offset=0,
                                               threshold=0.0, node_budget=5_000)
    state = started(7)
    assert player.choose(state) in state.legal_actions()
    assert player.last_nodes <= 5_000 + search.STOP_POLL_MASK + 1
    assert 2 <= player.last_depth < 10


def test_expectimax_values_a_dead_end_at_zero():
    """A move after which every random tile leaves no move is worth nothing to the search."""
    tables = search.tables(cache_bits=8)
    cells = np.array([1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 1, 3, 2, 1, 3, 0], dtype=np.int64)
    board = rules.pack_cells(cells)
    control = np.zeros(search.CONTROL_SIZE, dtype=np.int64)
    control[search.BUDGET] = 1 << 40
    assert search.spawn_value(board, 1, 1.0, 0.0, tables, control) == 0.0


def test_greedy_takes_the_biggest_merge():
    state = started(0)
    state.array[rules.CELLS:rules.CELLS + 16] = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 3]
    hint = catalog.get("2048").ai(1).hint(state)
    assert hint.expected == {0: 0.0, 1: 20.0, 2: 0.0, 3: 20.0}
    assert hint.values[1] == "+20 points"
    assert hint.best in (1, 3)


def test_searching_levels_score_more_than_the_greedy_level():
    """Over the same 3 seeds and the first 250 moves, level 3 outscores level 1 in total."""
    greedy = sum(play(1, seed, 250).score for seed in range(3))
    planner = sum(play(3, seed, 250).score for seed in range(3))
    assert planner > greedy
