"""The exact Hex solver: small boards against a plain minimax, its proofs, the 6x6 openings of the
reference data (a sample here; benchmarks/hex_solver.py solves all 36), and the top AI level's
perfect play up to 5x5."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

from tui_games import catalog
from tui_games.games.hex.ai import PERFECT_SIZE, opening_values
from tui_games.games.hex.bitboard import dilate, geometry
from tui_games.engine.hexgrid import rhombus
from tui_games.games.hex.solver import ESTIMATE, LOSS, UNKNOWN, WIN, HexSolver

SIX_BY_SIX_SAMPLE = ("c1", "d3", "c4", "b6", "c6", "c2")
"""Openings the test solves on 6x6 (quick ones, both winners); the benchmark takes all 36."""


class Minimax:
    """Plain win/loss minimax over every move (memoised, on Python integers as bit boards), for boards
    small enough to enumerate. Boards are tuples of cell owners (0 empty, 1 black, 2 white)."""

    def __init__(self, size: int) -> None:
        self.size = size
        n = size
        cells = n * n
        self.full = (1 << cells) - 1
        col0 = sum(1 << (r * n) for r in range(n))
        coln = sum(1 << (r * n + n - 1) for r in range(n))
        self.not_col0, self.not_coln = self.full & ~col0, self.full & ~coln
        self.sides = {1: (sum(1 << c for c in range(n)), sum(1 << (cells - n + c) for c in range(n))),
                      2: (col0, coln)}
        self.memo: dict = {}

    def _dilate(self, x: int) -> int:
        n, right, left = self.size, x & self.not_coln, x & self.not_col0
        return (x | right << 1 | left >> 1 | x << n | x >> n | right >> (n - 1) | left << (n - 1)) & self.full

    def _joins(self, stones: int, colour: int) -> bool:
        side_a, side_b = self.sides[colour]
        reached = stones & side_a
        while True:
            grown = self._dilate(reached) & stones
            if grown == reached:
                return bool(reached & side_b)
            reached = grown

    def joined(self, board: tuple, colour: int) -> bool:
        """True when ``colour``'s stones join its sides."""
        return self._joins(sum(1 << c for c, v in enumerate(board) if v == colour), colour)

    def wins(self, board: tuple, mover: int) -> bool:
        """True when ``mover`` (0 black, 1 white) to move wins."""
        black, white = masks(board)
        return self._wins(black, white, mover)

    def _wins(self, black: int, white: int, mover: int) -> bool:
        key = (black, white, mover)
        if key not in self.memo:
            own = black if mover == 0 else white
            empty = self.full & ~(black | white)
            moves = [1 << c for c in range(self.size * self.size) if empty >> c & 1]
            result = any(self._joins(own | m, mover + 1) for m in moves) or any(
                not self._wins(black | m, white, 1) if mover == 0 else not self._wins(black, white | m, 0)
                for m in moves)
            self.memo[key] = result
        return self.memo[key]


def masks(board) -> tuple[int, int]:
    return (sum(1 << c for c, v in enumerate(board) if v == 1), sum(1 << c for c, v in enumerate(board) if v == 2))


def random_position(size: int, stones: int, rng: random.Random, minimax: Minimax):
    """A position with ``stones`` random stones (black first), not yet won by either side."""
    while True:
        board = [0] * (size * size)
        cells = rng.sample(range(size * size), stones)
        for i, cell in enumerate(cells):
            board[cell] = 1 + i % 2
        board = tuple(board)
        if not minimax.joined(board, 1) and not minimax.joined(board, 2):
            return board, stones % 2


@pytest.mark.parametrize("size", [2, 3, 4])
def test_every_opening_matches_minimax(size):
    """Minimax checks the first half of the openings; the other half mirror them (half turn)."""
    minimax = Minimax(size)
    solver = HexSolver(size)
    results = {cell: -solver.solve_position(1 << cell, 0, 1) for cell in range(size * size)}
    for cell in range((size * size + 1) // 2):
        board = tuple(1 if c == cell else 0 for c in range(size * size))
        expected = LOSS if minimax.wins(board, 1) else WIN  # for black, who just moved
        assert results[cell] == expected, cell
        assert results[size * size - 1 - cell] == expected, cell


@pytest.mark.parametrize("size,stones", [(4, 3), (4, 6), (5, 13), (5, 15)])
def test_random_positions_match_minimax_and_proofs_hold(size, stones):
    """The result agrees with minimax, and filling every empty cell outside the proof with the
    loser's stones leaves it standing."""
    rng = random.Random(size * 100 + stones)
    minimax = Minimax(size)
    solver = HexSolver(size)
    for _ in range(12):
        board, mover = random_position(size, stones, rng, minimax)
        result, proof = solver.solve_with_proof(*masks(board), mover)
        assert result == (WIN if minimax.wins(board, mover) else LOSS)
        loser = (1 - mover if result == WIN else mover) + 1
        filled = tuple(loser if v == 0 and not (proof >> c) & 1 else v for c, v in enumerate(board))
        if minimax.joined(filled, loser):
            continue  # the loser's extra stones happen to finish a chain: nothing to check
        if any(v == 0 for v in filled):
            assert minimax.wins(filled, mover) == (result == WIN)


def test_five_by_five_openings():
    """Every 5x5 opening solved; the results share the board's half-turn symmetry, the centre and
    the obtuse corners win, the acute corners lose, and the shipped opening table agrees."""
    solver = HexSolver(5)
    black_wins = {cell for cell in range(25) if solver.solve_position(1 << cell, 0, 1) == LOSS}
    assert black_wins == {24 - cell for cell in black_wins}
    assert {12, 4, 20} <= black_wins and not {0, 24} & black_wins
    assert black_wins == {4, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17, 18, 20}
    table = opening_values()[5]
    assert table["method"] == "solved"
    assert {cell for cell, value in enumerate(table["values"]) if value == 1.0} == black_wins


def test_six_by_six_openings_match_the_reference(refdata):
    expected = {}
    for line in (refdata / "hex" / "opening_outcomes.txt").read_text().splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "6x6":
            expected[parts[1]] = parts[2]
    assert len(expected) == 36
    solver = HexSolver(6)
    for name in SIX_BY_SIX_SAMPLE:
        cell = (int(name[1:]) - 1) * 6 + ord(name[0]) - ord("a")
        result = solver.solve_position(1 << cell, 0, 1)
        assert result != UNKNOWN
        assert ("white" if result == WIN else "black") == expected[name], name


def test_a_tree_that_fills_up_starts_again_from_the_numbers_it_left():
    """A tree of 1,024 positions holds about forty expansions on 5x5: each fresh tree starts from the
    proof and disproof numbers the last one left in the table, so the solves still end, and agree
    with a roomy solver (without the numbers, c2 was still unknown after 200 fresh trees)."""
    small = HexSolver(5, table_log2=16, tree_nodes=1024)
    roomy = HexSolver(5)
    for cell in (12, 7, 0, 2):
        assert small.solve_position(1 << cell, 0, 1) == roomy.solve_position(1 << cell, 0, 1) != UNKNOWN
    assert ((small.info >> 2) & 3 == ESTIMATE).any()  # the numbers of undecided positions were kept
    assert small.positions < 50_000


def test_bit_board_neighbours_are_the_grids():
    for size in (2, 5, 8):
        geo = geometry(size)
        grid = rhombus(size)
        for cell in range(size * size):
            grown = int(dilate(np.uint64(1 << cell), geo))
            assert grown == (1 << cell) | sum(1 << nb for nb in grid.neighbours_of(cell))


def test_a_stopped_solve_says_unknown():
    solver = HexSolver(7)
    assert solver.solve_position(0, 0, 0, time_budget=0.05) == UNKNOWN
    results = solver.move_results(catalog.get("hex").new(size=7, swap="off"), time_budget=0.05)
    assert len(results) < 49 and set(results.values()) <= {WIN, LOSS}


@pytest.mark.parametrize("size,stones", [(3, 0), (3, 2), (4, 2), (4, 5), (5, 11)])
def test_the_top_level_plays_a_winning_move_whenever_there_is_one(size, stones):
    assert size <= PERFECT_SIZE
    spec = catalog.get("hex")
    ai = spec.ai(spec.max_level, seed=3)
    minimax = Minimax(size)
    rng = random.Random(size + stones)
    checked = 0
    for _ in range(20):
        board, mover = random_position(size, stones, rng, minimax)
        if not minimax.wins(board, mover):
            continue
        state = spec.new(size=size, swap="off")
        order = [c for c in range(size * size) if board[c] == 1], [c for c in range(size * size) if board[c] == 2]
        for i in range(stones):
            state.apply(order[i % 2][i // 2])
        cell = ai.choose(state)
        after = board[:cell] + (mover + 1,) + board[cell + 1:]
        assert minimax.joined(after, mover + 1) or not minimax.wins(after, 1 - mover)
        checked += 1
        if checked == 4:
            break
    assert checked > 0


def test_the_top_level_always_wins_small_boards_as_black():
    """Perfect play wins every game as the first player without the swap, whoever the opponent."""
    spec = catalog.get("hex")
    for size in (3, 4, 5):
        for seed in range(2):
            state = spec.new(size=size, swap="off")
            players = [spec.ai(spec.max_level, seed=seed), spec.ai(1, seed=seed)]
            while not state.is_terminal:
                state.apply(players[state.current_player].choose(state))
            assert state.winner == 0, (size, seed)
