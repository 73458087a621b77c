"""IDA* on sliding puzzles: its solution lengths equal the breadth-first distances."""

from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest
from toy_games import PUZZLE_KERNELS, puzzle_manhattan, puzzle_state

from tui_games.engine.header import PLAYER, TERMINAL
from tui_games.engine.ida import STOPPED, IdaStar, ida_star


def solved_tiles(width: int, height: int) -> tuple[int, ...]:
    return tuple(range(1, width * height)) + (0,)


def distances(width: int, height: int) -> dict[tuple[int, ...], int]:
    """Breadth first from the solved position over tile tuples (moves are reversible)."""
    start = solved_tiles(width, height)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        tiles = queue.popleft()
        blank = tiles.index(0)
        row, col = divmod(blank, width)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < height and 0 <= c < width:
                cells = list(tiles)
                cells[blank], cells[r * width + c] = cells[r * width + c], 0
                after = tuple(cells)
                if after not in dist:
                    dist[after] = dist[tiles] + 1
                    queue.append(after)
    return dist


def check_solution(tiles, width, height, path):
    s = puzzle_state(list(tiles), width, height)
    for action in path:
        assert s[PLAYER] != TERMINAL, "the solution goes on after the puzzle is solved"
        PUZZLE_KERNELS.apply(s, action)
    assert s[PLAYER] == TERMINAL


def test_2x3_positions_at_every_distance_are_solved_in_their_breadth_first_distance():
    table = distances(3, 2)
    assert len(table) == 360 and max(table.values()) == 21
    solver = IdaStar(PUZZLE_KERNELS, puzzle_manhattan)
    by_distance: dict[int, list] = {}
    for tiles, distance in sorted(table.items()):
        by_distance.setdefault(distance, []).append(tiles)
    assert sorted(by_distance) == list(range(22))
    for distance, positions in by_distance.items():
        for tiles in positions[:4]:
            path = solver.solve(puzzle_state(list(tiles), 3, 2), max_cost=30)
            assert path is not None and len(path) == distance, tiles
            check_solution(tiles, 3, 2, path)


@pytest.fixture(scope="module")
def eight_puzzle() -> dict[tuple[int, ...], int]:
    return distances(3, 3)


def test_eight_puzzle_positions_match_breadth_first_distances(eight_puzzle):
    assert len(eight_puzzle) == 181440 and max(eight_puzzle.values()) == 31
    by_distance: dict[int, list] = {}
    for tiles, distance in eight_puzzle.items():
        by_distance.setdefault(distance, []).append(tiles)
    rng = random.Random(8)
    solver = IdaStar(PUZZLE_KERNELS, puzzle_manhattan)
    for distance in (1, 6, 12, 17, 22, 24):
        for tiles in rng.sample(sorted(by_distance[distance]), 2):
            assert puzzle_manhattan(puzzle_state(list(tiles), 3, 3)) <= distance
            path = solver.solve(puzzle_state(list(tiles), 3, 3))
            assert path is not None and len(path) == distance, tiles
            check_solution(tiles, 3, 3, path)


def test_solved_puzzle_needs_no_action_and_a_short_budget_finds_nothing():
    solver = IdaStar(PUZZLE_KERNELS, puzzle_manhattan)
    assert solver.solve(puzzle_state([1, 2, 3, 4, 5, 0], 3, 2)) == []
    table = distances(3, 2)
    far = max(table, key=table.get)
    assert solver.solve(puzzle_state(list(far), 3, 2), max_cost=table[far] - 1) is None
    assert not solver.stop_flag.aborted
    assert len(solver.solve(puzzle_state(list(far), 3, 2), max_cost=table[far])) == table[far]


def test_stop_reports_stopped():
    control = np.zeros(4, np.int64)
    control[0] = 1
    path = np.empty(40, np.int64)
    s = puzzle_state([8, 6, 7, 2, 5, 4, 3, 0, 1], 3, 3)  # 31 moves from solved
    assert ida_star(PUZZLE_KERNELS.legal, PUZZLE_KERNELS.apply, PUZZLE_KERNELS.returns, puzzle_manhattan,
                    s, 40, 4, path, control) == STOPPED
    assert control[1] == 1
