"""Hex AI: every level answers legally (the swap included), the swap and opening follow the shipped
opening values, the values table is sound, stop() ends a long search, hints, and a proven win played
out by the shortest way against a stubborn defence. Strength is measured by benchmarks/hex_strength.py,
not here."""

from __future__ import annotations

import re
import threading

import pytest

from tui_games import catalog
from tui_games.games.hex import rules
from tui_games.games.hex.ai import opening_value, opening_values
from tui_games.games.hex.solver import LOSS, WIN, HexSolver


def spec():
    return catalog.get("hex")


def test_the_opening_table_covers_every_size_and_is_symmetric():
    table = opening_values()
    assert sorted(table) == list(range(2, 20))
    for size, entry in table.items():
        values = entry["values"]
        assert len(values) == size * size and all(0.0 <= v <= 1.0 for v in values)
        assert all(values[c] == values[size * size - 1 - c] for c in range(size * size))
        half = size // 2
        centre = half * size + half if size % 2 else (half - 1) * size + half  # on the short diagonal
        assert values[centre] > 0.5 and values[centre] > values[0]  # the centre wins, better than the acute corner
        if entry["method"] == "solved":
            assert set(values) <= {0.0, 1.0} and values[centre] == 1.0 and values[0] == 0.0
        refuted = {int(cell) for cell in entry.get("refutations", {})}
        assert all(values[cell] == 0.0 for cell in refuted)  # only losing openings are refuted


def refutations(solver: HexSolver, size: int, cell: int) -> int:
    """White's winning answers to black's opening on ``cell``, counted by the solver."""
    return sum(solver.solve_position(1 << cell, 1 << reply, 0) == LOSS for reply in range(size * size) if reply != cell)


def test_solved_opening_values_are_the_solvers():
    for size in (3, 4):
        solver = HexSolver(size)
        entry = opening_values()[size]
        for cell in range(size * size):
            black_wins = solver.solve_position(1 << cell, 0, 1) == LOSS
            assert opening_value(size, cell) == (1.0 if black_wins else 0.0)
            if not black_wins:
                assert entry["refutations"][str(cell)] == refutations(solver, size, cell)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_every_level_answers_legally_and_decides_the_swap_by_the_table(level):
    for size, first in ((4, 6), (4, 0), (9, 40), (9, 0)):
        ai = spec().ai(level, seed=level)
        state = spec().new(size=size, swap="on")
        state.apply(first)
        action = ai.choose(state)
        assert action in state.legal_actions()
        assert (action == size * size) == (opening_value(size, first) > 0.5)
        state.apply(action)
        follow = ai.choose(state)
        assert follow in state.legal_actions() and follow != size * size


def test_with_the_pie_rule_the_opening_stone_is_the_hardest_to_refute_or_near_even():
    # 5x5 is solved: black opens on a losing stone (a winning one would be swapped) with the fewest
    # winning answers for white, as the solver counts them.
    solver = HexSolver(5)
    losing = [cell for cell in range(25) if solver.solve_position(1 << cell, 0, 1) == WIN]
    counts = {cell: refutations(solver, 5, cell) for cell in losing}
    hardest = {cell for cell, count in counts.items() if count == min(counts.values())}
    assert len(hardest) < len(losing)
    openings = {spec().ai(2, seed=seed).choose(spec().new(size=5, swap="on")) for seed in range(6)}
    assert openings <= hardest
    # 11x11 is measured: a stone whose value is nearest even
    values = opening_values()[11]["values"]
    nearest = min(abs(v - 0.5) for v in values)
    for seed in range(3):
        move = spec().ai(2, seed=seed).choose(spec().new(size=11, swap="on"))
        assert abs(values[move] - 0.5) <= nearest + 0.02
    # without the pie rule the strongest opening is fine: the top level opens with a winning stone
    move = spec().ai(4).choose(spec().new(size=5, swap="off"))
    assert opening_value(5, move) == 1.0


def test_stop_ends_a_long_search_with_a_legal_move():
    ai = spec().ai(4)
    state = spec().new(size=13, swap="off")
    state.apply(84)
    timer = threading.Timer(0.3, ai.stop)
    timer.start()
    move = ai.choose(state)
    timer.cancel()
    assert move in state.legal_actions()


def test_hints_name_the_moves():
    small = spec().new(size=4, swap="off")
    hint = spec().ai(4).hint(small)
    assert set(hint.values.values()) <= {"wins", "loses"} and hint.values[hint.best] == "wins"
    assert {c for c, v in hint.values.items() if v == "wins"} == {3, 6, 9, 12}
    big = spec().new(size=9, swap="on")
    big.apply(40)
    hint = spec().ai(3).hint(big)
    assert hint.best == 81 and "swap" in hint.values[81]
    big.apply(81)
    hint = spec().ai(3).hint(big)  # a search: its most searched moves, the suggestion among them
    assert 1 < len(hint.values) <= 6 and hint.best in hint.values
    assert all(re.fullmatch(r"\d+% \(\d+\)", text) for text in hint.values.values()) and "playouts" in hint.summary


def bridge_chain(size: int):
    """Black to move, a chain of bridges from row 2 to the next-to-last row (each stone joined to the
    next, and the ends to their sides, by two empty cells): a proven win that needs a stone per bridge."""
    state = spec().new(size=size, swap="off")
    row, col = 1, size // 2 + 1
    left = 0
    while row < size - 1:
        state.apply(row * size + col)
        state.apply(left * size)
        row, col, left = row + 2, col - 1, left + 1
    return state


def spoiler(state) -> int:
    """White's greediest defence: the cell that most lengthens black's connection."""
    def black_needs(cell: int) -> int:
        board = state.array.copy()
        board[rules.CELLS + cell] = rules.WHITE
        return int(rules.stones_needed(board, rules.BLACK))
    return max(state.legal_actions(), key=black_needs)


@pytest.mark.parametrize("size", [6, 7, 8])
def test_the_top_level_finishes_a_proven_win_by_the_shortest_way(size):
    state = bridge_chain(size)
    needed = int(rules.stones_needed(state.array, rules.BLACK))
    ai = spec().ai(spec().max_level)
    assert HexSolver(size).solve(state) == WIN
    black_moves = 0
    while not state.is_terminal:
        if state.current_player == 0:
            state.apply(ai.choose(state))
            black_moves += 1
        else:
            state.apply(spoiler(state))
    assert state.winner == 0 and black_moves == needed, (black_moves, needed)
