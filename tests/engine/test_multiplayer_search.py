"""Max-n and paranoid search against brute force on three-player Nim, and against expectimax on a
one-seat game with chance (2048)."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from toy_games import NIM3_KERNELS, nim3_evaluate_py, nim3_state
from tui_games.engine.limits import MAX_SEATS
from tui_games.engine.maxn import MaxN, maxn_root
from tui_games.engine.paranoid import Paranoid, paranoid_root

SEATS = 3
POSITIONS = [([1, 2, 3], 3, 0), ([2, 2, 2], 2, 1), ([3, 1, 0, 2], 2, 2), ([4, 3], 3, 0), ([1, 1, 1, 1], 1, 0),
             ([5, 2, 1], 3, 1)]
"""(heaps, most per move, seat to move)."""


def moves(heaps: tuple[int, ...], max_take: int) -> list[tuple[int, tuple[int, ...]]]:
    """(action id, heaps after) in the kernels' action order: heap by heap, smaller takes first."""
    result = []
    for heap, size in enumerate(heaps):
        for take in range(1, min(max_take, size) + 1):
            after = list(heaps)
            after[heap] -= take
            result.append((take * 4 + heap, tuple(after)))
    return result


def final_returns(winner: int) -> tuple[float, ...]:
    return tuple(2.0 if p == winner else -1.0 for p in range(SEATS))


@functools.lru_cache(maxsize=None)
def maxn_value(heaps: tuple[int, ...], max_take: int, to_move: int, depth: int) -> tuple[float, ...]:
    """The max-n vector by plain recursion; the first of equally good moves is kept."""
    if depth == 0:
        return tuple(nim3_evaluate_py(heaps, to_move, p) for p in range(SEATS))
    best = None
    for _, after in moves(heaps, max_take):
        value = (final_returns(to_move) if sum(after) == 0
                 else maxn_value(after, max_take, (to_move + 1) % SEATS, depth - 1))
        if best is None or value[to_move] > best[to_move]:
            best = value
    return best


@functools.lru_cache(maxsize=None)
def paranoid_value(heaps: tuple[int, ...], max_take: int, to_move: int, player: int, depth: int) -> float:
    """The value for ``player`` when every other seat plays against it, by plain minimax."""
    if depth == 0:
        return nim3_evaluate_py(heaps, to_move, player)
    values = []
    for _, after in moves(heaps, max_take):
        values.append(final_returns(to_move)[player] if sum(after) == 0
                      else paranoid_value(after, max_take, (to_move + 1) % SEATS, player, depth - 1))
    return max(values) if to_move == player else min(values)


def root_values(heaps, max_take, to_move, depth, one_child):
    """{action: value of the child} from the brute force, for the root's actions."""
    result = {}
    for action, after in moves(tuple(heaps), max_take):
        result[action] = one_child(tuple(after), (to_move + 1) % SEATS, depth - 1) if sum(after) else None
    return result


@pytest.mark.parametrize("heaps, max_take, to_move", POSITIONS)
@pytest.mark.parametrize("depth", [1, 2, 4, 99])
def test_maxn_matches_brute_force(heaps, max_take, to_move, depth):
    s = nim3_state(heaps, max_take, to_move)
    padded = tuple(heaps) + (0,) * (4 - len(heaps))
    depth = min(depth, sum(heaps))
    actions = np.empty(16, np.int64)
    values = np.zeros((16, MAX_SEATS))
    n = maxn_root(NIM3_KERNELS.legal, NIM3_KERNELS.apply, NIM3_KERNELS.chance, NIM3_KERNELS.returns,
                  NIM3_KERNELS.evaluate, s, depth, 1.0, actions, values, np.zeros(4, np.int64),
                  np.zeros(1, np.int64))
    expected = root_values(padded, max_take, to_move, depth,
                           lambda after, mover, d: maxn_value(after, max_take, mover, d))
    assert [int(a) for a in actions[:n]] == list(expected)
    for i in range(n):
        truth = expected[int(actions[i])] or final_returns(to_move)
        assert tuple(values[i, :SEATS]) == pytest.approx(truth), (heaps, int(actions[i]))


@pytest.mark.parametrize("heaps, max_take, to_move", POSITIONS)
@pytest.mark.parametrize("depth", [1, 3, 99])
def test_paranoid_matches_brute_force(heaps, max_take, to_move, depth):
    s = nim3_state(heaps, max_take, to_move)
    padded = tuple(heaps) + (0,) * (4 - len(heaps))
    depth = min(depth, sum(heaps))
    result = Paranoid(NIM3_KERNELS, depth).search(s, exact_all=True)
    assert result.depth == depth
    expected = root_values(padded, max_take, to_move, depth,
                           lambda after, mover, d: paranoid_value(after, max_take, mover, to_move, d))
    assert sorted(result.values) == sorted(expected)
    for action, value in result.values.items():
        truth = expected[action]
        truth = final_returns(to_move)[to_move] if truth is None else truth
        assert value == pytest.approx(truth), (heaps, action)
    assert result.values[result.best_action] == max(result.values.values())


def test_paranoid_pruned_root_keeps_the_best_value():
    s = nim3_state([5, 2, 1], 3, 1)
    exact = Paranoid(NIM3_KERNELS, 8).search(s, exact_all=True)
    pruned = Paranoid(NIM3_KERNELS, 8).search(s)
    assert max(pruned.values.values()) == pytest.approx(max(exact.values.values()))
    assert pruned.nodes < exact.nodes
    for action, value in pruned.values.items():
        assert value >= exact.values[action] - 1e-12  # the others are upper bounds


def test_maxn_driver_takes_the_immediate_win_and_reports_vectors():
    s = nim3_state([0, 2, 0], 3, 2)  # seat 2 takes both items and wins
    result = MaxN(NIM3_KERNELS, 4).search(s)
    assert result.best_action == 2 * 4 + 1
    assert result.values[result.best_action] == (-1.0, -1.0, 2.0)
    assert all(len(v) == SEATS for v in result.values.values())


def test_maxn_and_paranoid_equal_expectimax_for_one_seat_with_chance():
    from tui_games import catalog
    from tui_games.engine.players import ExpectimaxPlayer

    state = catalog.get("2048").new(seed=3)
    state.resolve_chance()
    k = state.kernels
    expected = ExpectimaxPlayer(k, 1, 2).analyse(state)
    maxn = MaxN(k, 2).search(state.array)
    paranoid = Paranoid(k, 2).search(state.array, exact_all=True)
    assert maxn.depth == paranoid.depth == 2
    for action, value in expected.items():
        assert maxn.values[action][0] == pytest.approx(value, rel=1e-12)
        assert paranoid.values[action] == pytest.approx(value, rel=1e-12)


def test_paranoid_root_with_a_stop_already_asked_scores_nothing():
    s = nim3_state([5, 4, 3, 2], 3, 0)
    control = np.zeros(4, np.int64)
    control[0] = 1
    actions = np.empty(16, np.int64)
    values = np.empty(16)
    n = paranoid_root(NIM3_KERNELS.legal, NIM3_KERNELS.apply, NIM3_KERNELS.chance, NIM3_KERNELS.returns,
                      NIM3_KERNELS.evaluate, s, 20, 1.0, True, actions, values, control,
                      np.zeros(1, np.int64))
    assert n == 0 and control[1] == 1
