"""Engine limits: action buffers sized and checked, a ply cap on every playout, the MCTS memory
budget, tree reuse between moves, and the one stop-flag layout every searcher follows."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from toy_games import (ENDLESS_KERNELS, HEX_KERNELS, KUHN_KERNELS, NIM3_KERNELS, OVERCLAIMING_KERNELS,
                       endless_state, hex_state, kuhn_after, kuhn_infostate_key, kuhn_sample_world,
                       nim3_state)

from tui_games import catalog
from tui_games.engine import stopflag
from tui_games.engine.cfr import CfrSolver
from tui_games.engine.expectimax import expectimax_root
from tui_games.engine.ismcts import IsMctsSearch
from tui_games.engine.limits import MCTS_BYTES
from tui_games.engine.maxn import MaxN
from tui_games.engine.mcts import ONE_CALL_NODES, MctsSearch, mcts
from tui_games.engine.negamax import search_root
from tui_games.engine.paranoid import Paranoid
from tui_games.engine.perft import perft
from tui_games.engine.playout import random_playouts
from tui_games.engine.rng import make_rng
from tui_games.engine.search import Negamax, StopFlag
from tui_games.engine.tree import (ACTION, BYTES_PER_NODE, FIRST_CHILD, NEXT_SIBLING, VISITS, find_child,
                                   new_tree)
from tui_games.games.tic_tac_toe.game import KERNELS as TTT

TTT_SPEC = catalog.get("tic-tac-toe")


# ----- action buffers ----------------------------------------------------------------------------------

def test_perft_sizes_its_buffers_from_max_actions():
    state = TTT_SPEC.new()
    assert perft(TTT.legal, TTT.apply, state.array, 9, max_actions=TTT.max_actions) == 255168
    with pytest.raises(ValueError, match="max_actions"):
        perft(TTT.legal, TTT.apply, state.array, 1, max_actions=0)


@pytest.mark.parametrize("searcher", ["perft", "negamax", "playouts", "mcts", "maxn", "paranoid"])
def test_a_game_claiming_more_actions_than_its_max_is_refused(searcher):
    k = OVERCLAIMING_KERNELS
    s = endless_state()
    with pytest.raises(ValueError, match="max_actions"):
        if searcher == "perft":
            perft(k.legal, k.apply, s, 2, max_actions=k.max_actions)
        elif searcher == "negamax":
            Negamax(k, 2).search(s)
        elif searcher == "playouts":
            random_playouts(k.legal, k.apply, k.chance, s, 1, make_rng(1), np.zeros(2, np.int64),
                            max_actions=k.max_actions)
        elif searcher == "mcts":
            MctsSearch(k).search(s, 10)
        elif searcher == "maxn":
            MaxN(k, 2).search(s)
        else:
            Paranoid(k, 2).search(s)


# ----- ply caps ----------------------------------------------------------------------------------------

def test_random_playouts_stop_at_the_ply_cap():
    k = ENDLESS_KERNELS
    totals = np.zeros(3, np.int64)
    applied = random_playouts(k.legal, k.apply, k.chance, endless_state(), 3, make_rng(2), totals,
                              max_actions=k.max_actions, max_plies=50)
    assert applied == 150
    assert list(totals) == [3, 0, 3]


def test_mcts_on_a_game_without_end_finishes_every_iteration():
    searcher = MctsSearch(ENDLESS_KERNELS, max_plies=30, seed=4)
    stats = searcher.search(endless_state(), 500)
    assert sum(visits for visits, _ in stats.values()) == 500
    assert all(value == 0.0 for _, value in stats.values())  # unfinished games score their returns: 0


# ----- MCTS memory budget ------------------------------------------------------------------------------

def test_mcts_tree_stays_within_its_byte_budget_on_11x11_hex():
    budget = 256 * 1024
    searcher = MctsSearch(HEX_KERNELS, byte_budget=budget, seed=5)
    assert searcher.tree.nodes.nbytes + searcher.tree.totals.nbytes <= budget
    stats = searcher.search(hex_state(11), 2000)
    capacity = searcher.tree.capacity
    assert capacity == budget // BYTES_PER_NODE
    assert capacity - 121 < searcher.tree.used <= capacity  # full: no room for another 121 children
    assert sum(visits for visits, _ in stats.values()) == 2000
    assert sorted(stats) == list(range(121))


def test_one_call_mcts_never_allocates_more_than_the_budget():
    assert ONE_CALL_NODES * BYTES_PER_NODE <= MCTS_BYTES
    state = TTT_SPEC.new()
    for move in (0, 3, 1, 4):
        state.apply(move)
    out_actions = np.empty(9, np.int64)
    out_visits = np.empty(9, np.int64)
    out_values = np.empty(9)
    control = StopFlag().array
    n = mcts(TTT.legal, TTT.apply, TTT.chance, TTT.returns, state.array, 3000, 4_000_000, 1.4, make_rng(3),
             control, out_actions, out_visits, out_values)
    assert n == 5 and out_visits[:n].sum() == 3000
    assert int(out_actions[np.argmax(out_visits[:n])]) == 2
    assert control[stopflag.NODES] == 3000


# ----- tree reuse --------------------------------------------------------------------------------------

def subtree(tree, node: int) -> dict:
    """{action: (visits, total, subtree)} below ``node``, by walking the arrays."""
    result = {}
    child = int(tree.nodes[node, FIRST_CHILD])
    while child >= 0:
        result[int(tree.nodes[child, ACTION])] = (int(tree.nodes[child, VISITS]), float(tree.totals[child]),
                                                  subtree(tree, child))
        child = int(tree.nodes[child, NEXT_SIBLING])
    return result


def count(tree_dict: dict) -> int:
    return sum(1 + count(below) for _, _, below in tree_dict.values())


def test_mcts_keeps_the_subtree_of_the_moves_played():
    searcher = MctsSearch(TTT, seed=6)
    state = TTT_SPEC.new()
    searcher.search(state, 4000)
    node = find_child(searcher.tree.nodes, find_child(searcher.tree.nodes, 0, 4), 0)
    before = subtree(searcher.tree, node)
    visits_before = int(searcher.tree.nodes[node, VISITS])
    assert count(before) > 20
    state.apply(4)
    state.apply(0)
    stats = searcher.search(state, 0)
    assert searcher.reused_nodes == count(before) + 1
    assert subtree(searcher.tree, 0) == before
    assert stats == {a: (v, pytest.approx(t / v) if v else 0.0) for a, (v, t, _) in before.items()}
    searcher.search(state, 700)
    assert int(searcher.tree.nodes[0, VISITS]) == visits_before + 700


def test_mcts_starts_afresh_when_the_position_does_not_follow():
    searcher = MctsSearch(TTT, seed=7)
    state = TTT_SPEC.new()
    state.apply(4)
    searcher.search(state, 500)
    other = TTT_SPEC.new()
    other.apply(8)  # not reached from the last root by any moves
    searcher.search(other, 300)
    assert searcher.reused_nodes == 0
    assert int(searcher.tree.nodes[0, VISITS]) == 300
    unrelated = MctsSearch(TTT, seed=7, reuse=False)
    unrelated.search(other, 500)
    other.apply(4)
    unrelated.search(other, 300)
    assert unrelated.reused_nodes == 0


def test_reused_tree_still_finds_the_win():
    searcher = MctsSearch(TTT, seed=8)
    state = TTT_SPEC.new()
    for move in (0, 3):
        stats = searcher.search(state, 1500)
        state.apply(move)
    state.apply(1)
    state.apply(4)  # X to move: c1 (2) wins at once
    stats = searcher.search(state, 2000)
    assert searcher.reused_nodes > 0
    assert max(stats, key=lambda a: stats[a][0]) == 2


# ----- one stop-flag layout ----------------------------------------------------------------------------

def test_layout_and_deadline():
    flag = StopFlag(budget=7)
    assert flag.array.shape == (stopflag.CONTROL_SIZE,) and flag.budget == 7
    assert not flag.is_set and not flag.aborted
    with flag.deadline(0.01):
        pause = threading.Event()
        for _ in range(6000):  # the timer fires after 0.01 s; wait up to a minute on a busy machine
            if flag.is_set:
                break
            pause.wait(0.01)
    assert flag.is_set and flag.aborted
    flag.clear()
    assert not flag.is_set and not flag.aborted and flag.budget == 7
    with flag.deadline(None):
        pass
    assert not flag.is_set


def _drivers():
    ttt_state = TTT_SPEC.new().array
    return {
        "negamax": (lambda: Negamax(TTT, 9, node_budget=1500), lambda d: d.search(ttt_state)),
        "maxn": (lambda: MaxN(NIM3_KERNELS, 30, node_budget=1500),
                 lambda d: d.search(nim3_state([5, 5, 5, 5], 3))),
        "paranoid": (lambda: Paranoid(NIM3_KERNELS, 30, node_budget=1500),
                     lambda d: d.search(nim3_state([5, 5, 5, 5], 3))),
        "mcts": (lambda: MctsSearch(TTT, seed=1), lambda d: d.search(ttt_state, 10_000)),
        "ismcts": (lambda: IsMctsSearch(KUHN_KERNELS, kuhn_sample_world, seed=1),
                   lambda d: d.search(kuhn_after((0, 1), []), 0, 10_000)),
        "cfr": (lambda: CfrSolver(KUHN_KERNELS, kuhn_infostate_key, kuhn_after((0, 1), [])),
                lambda d: d.run(10_000)),
    }


@pytest.mark.parametrize("name", list(_drivers()))
def test_every_driver_obeys_a_node_budget_in_the_shared_control_array(name):
    make, run = _drivers()[name]
    driver = make()
    assert driver.stop_flag.array.shape == (stopflag.CONTROL_SIZE,)
    driver.stop_flag.budget = driver.stop_flag.budget or 1000
    run(driver)
    assert driver.stop_flag.aborted
    budget = driver.stop_flag.budget
    assert budget <= driver.stop_flag.nodes <= budget + stopflag.POLL_NODES + 64


def test_expectimax_marks_unfinished_actions_when_stopped():
    state = catalog.get("2048").new(seed=1)
    state.resolve_chance()
    k = state.kernels
    control = StopFlag().array
    control[stopflag.STOP] = 1
    actions = np.empty(k.max_actions, np.int64)
    values = np.empty(k.max_actions)
    n = expectimax_root(k.legal, k.apply, k.chance, k.returns, k.evaluate, state.array, 3, 1.0, actions,
                        values, control, np.zeros(2, np.int64))
    assert n == len(state.legal_actions())
    assert np.all(values[:n] == -np.inf) and control[stopflag.ABORTED] == 1


def test_negamax_root_reports_nodes_in_the_control_array():
    state = TTT_SPEC.new()
    control = StopFlag().array
    counters = np.zeros(4, np.int64)
    actions = np.empty(9, np.int64)
    values = np.empty(9)
    from tui_games.engine.negamax import new_table

    n = search_root(TTT.legal, TTT.apply, TTT.returns, TTT.evaluate, state.array, 3, True, actions, values,
                    *new_table(10), control, counters)
    assert n == 9 and control[stopflag.NODES] == counters[0] > 9


def test_tree_arrays_hold_the_budgeted_node_count():
    tree = new_tree(1 << 20)
    assert tree.capacity == (1 << 20) // BYTES_PER_NODE and tree.used == 0
    assert tree.nbytes <= (1 << 20) + 64
