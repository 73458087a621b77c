"""The generic searchers against independent brute force written with the public state API."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.players import CHANCE
from tui_games.engine import negamax as nm
from tui_games.engine.players import (
    ExpectimaxPlayer, MctsPlayer, NegamaxPlayer, WarmUp, prepare_player, with_helpers,
)
from tui_games.engine.rng import make_rng, pick_weighted, randint, uniform
from tui_games.engine.search import Negamax, StopFlag
from tui_games.games.nim.game import KERNELS as NIM
from tui_games.games.tic_tac_toe.game import KERNELS as TTT

TTT_SPEC = catalog.get("tic-tac-toe")


def ttt(moves: list[int]):
    state = TTT_SPEC.new()
    for action in moves:
        state.apply(action)
    return state


def minimax(state) -> int:
    """Game value (+1/0/-1) for the player to move, by plain recursion over the state API."""
    if state.is_terminal:
        raise AssertionError("called on a finished game")
    mover = state.current_player
    best = -2
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        value = child.returns()[mover] if child.is_terminal else -minimax(child)
        best = max(best, value)
    return best


@pytest.mark.parametrize("moves", [[0], [4], [0, 4], [0, 1], [0, 4, 8], [1, 4, 7, 3]])
def test_negamax_root_values_match_minimax(moves):
    state = ttt(moves)
    result = Negamax(TTT, 9).search(state.array, exact_all=True)
    for action, value in result.values.items():
        child = state.clone()
        child.apply(action)
        truth = child.returns()[state.current_player] if child.is_terminal else -minimax(child)
        assert np.sign(value) == truth, (moves, action)


def test_negamax_prefers_the_quickest_win():
    # X: a1 b1, O: a2 b2 -> X to move wins at once with c1 (also could play elsewhere and still win later).
    state = ttt([0, 3, 1, 4])
    result = Negamax(TTT, 9).search(state.array, exact_all=True)
    assert result.best_action == 2
    assert result.values[2] == nm.WIN_SCORE - 5


def test_stop_flag_interrupts_and_keeps_the_last_complete_depth():
    searcher = Negamax(TTT, 9)
    searcher.stop_flag.set()
    flag = StopFlag()
    assert not flag.is_set
    # A stop before the first depth still yields a legal answer from the partial first iteration.
    state = ttt([])
    result = searcher.search(state.array)
    assert result.best_action in state.legal_actions()


def test_mcts_takes_a_win_and_blocks_a_loss():
    win = ttt([0, 3, 1, 4])  # X to move: c1 wins
    assert MctsPlayer(TTT, 1, 3000, seed=2).choose(win) == 2
    block = ttt([0, 4, 1])  # O to move: must block c1
    assert MctsPlayer(TTT, 1, 3000, seed=3).choose(block) == 2


def test_mcts_finds_the_winning_nim_move():
    nim = catalog.get("nim").new(heaps=3, size=4, max_take=4)
    nim.array[6:9] = [1, 2, 4]
    player = MctsPlayer(NIM, 1, 20000, seed=5)
    move = player.choose(nim)
    child = nim.clone()
    child.apply(move)
    assert child.nim_sum == 0
    stats = player.analyse(nim)
    assert sum(v for v, _ in stats.values()) >= 19000


def _expected_value(state, depth: int, player: int, evaluate) -> float:
    """Expectimax by recursion over the state API (chance averaged, decisions maximised)."""
    if state.is_terminal:
        return state.returns()[player]
    if state.current_player == CHANCE:
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            child = state.clone()
            child.apply(outcome)
            total += probability * _expected_value(child, depth, player, evaluate)
        return total
    if depth == 0:
        return evaluate(state.array, player)
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(_expected_value(child, depth - 1, player, evaluate))
    return max(values)


@pytest.mark.parametrize("game_id", [g for g in ("2048", "blackjack") if g in catalog.ids()])
def test_expectimax_matches_recursive_expectation(game_id):
    spec = catalog.get(game_id)
    params = {"rules": "simple"} if game_id == "blackjack" else {}
    for seed in range(2):
        state = spec.new(seed=seed, **params)
        state.resolve_chance()
        if state.is_terminal:
            continue
        depth = 2 if game_id == "2048" else 1
        player = ExpectimaxPlayer(state.kernels, 1, depth)
        values = player.analyse(state)
        assert sorted(values) == state.legal_actions()
        for action, value in values.items():
            child = state.clone()
            child.apply(action)
            expected = _expected_value(child, depth - 1, state.current_player, state.kernels.evaluate)
            assert value == pytest.approx(expected, rel=1e-9, abs=1e-9)


def test_rng_is_reproducible_and_in_range():
    a, b = make_rng(42), make_rng(42)
    draws = [randint(a, 6) for _ in range(600)]
    assert draws == [randint(b, 6) for _ in range(600)]
    assert set(draws) == set(range(6))
    floats = [uniform(a) for _ in range(1000)]
    assert 0.0 <= min(floats) and max(floats) < 1.0 and 0.4 < sum(floats) / 1000 < 0.6
    probs = np.array([0.0, 1.0, 0.0])
    assert {pick_weighted(a, probs, 3) for _ in range(50)} == {1}


def test_negamax_stopped_before_its_first_depth_still_answers_a_legal_move():
    from tui_games import catalog
    from tui_games.engine.search import Negamax

    state = catalog.get("tic-tac-toe").new()
    searcher = Negamax(state.kernels, max_depth=9, node_budget=1)
    result = searcher.search(state.array)
    assert result.best_action in state.legal_actions() and result.depth == 0


def test_a_warm_up_runs_once_whichever_threads_ask_and_again_after_a_failure():
    import threading

    runs = []
    started, release = threading.Event(), threading.Event()

    def steps():
        runs.append(1)
        started.set()
        release.wait(5)
        if len(runs) == 1:
            raise RuntimeError("the first try fails")

    warm_up = WarmUp(steps)
    errors = []

    def ask():
        try:
            warm_up()
        except RuntimeError as error:
            errors.append(error)

    first = threading.Thread(target=ask)
    first.start()
    started.wait(5)
    second = threading.Thread(target=ask)  # waits for the first, then tries again
    second.start()
    release.set()
    first.join(5)
    second.join(5)
    warm_up()
    assert len(runs) == 2 and len(errors) == 1 and warm_up.done


def test_a_negamax_player_prepares_on_a_state_without_touching_its_own_table():
    player = NegamaxPlayer(TTT, 3, depth=4, seed=1)
    state = catalog.get("tic-tac-toe").new()
    before = [part.copy() for part in player.searcher.table]
    prepare_player(player, None)  # nothing to warm up on
    prepare_player(player, state)
    assert all(np.array_equal(a, b) for a, b in zip(before, player.searcher.table))
    prepare_player(object(), state)  # a player without prepare() needs none


def test_helpers_run_beside_the_search_until_it_returns():
    import threading
    import time

    seen = []
    running = threading.Barrier(3)

    def helper(control):
        running.wait(5)
        while not control[0]:
            time.sleep(0.001)
        seen.append(threading.current_thread().name)

    def search():
        running.wait(5)
        return 42

    assert with_helpers(search, helper, 2) == 42
    assert len(seen) == 2  # both were told to stop, and were waited for
    assert with_helpers(lambda: 7, helper, 0) == 7
