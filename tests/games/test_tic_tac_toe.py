"""Tic Tac Toe: rules from diagrams, the complete game tree, OpenSpiel conformance, AI strength."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui_games import catalog
from tui_games.core.errors import IllegalActionError
from tui_games.core.players import TERMINAL
from tui_games.engine.perft import count_games
from tui_games.games.tic_tac_toe.game import KERNELS

SPEC = catalog.get("tic-tac-toe")


def play(moves: str):
    """A state after the moves, given as cell names separated by spaces ('b2 a1 ...')."""
    state = SPEC.new()
    for word in moves.split():
        state.apply(state.parse_action(word))
    return state


def diagram(state) -> str:
    return state.observation(0)


def test_row_win_for_x():
    state = play("a1 a2 b1 b2 c1")
    assert diagram(state) == "X X X\nO O .\n. . ."
    assert state.is_terminal and state.current_player == TERMINAL
    assert state.winner == 0
    assert state.returns() == [1.0, -1.0]
    assert state.winning_line() == (0, 1, 2)


def test_diagonal_win_for_o():
    state = play("b1 a1 c1 b2 a2 c3")
    assert diagram(state) == "O X X\nX O .\n. . O"
    assert state.winner == 1
    assert state.returns() == [-1.0, 1.0]
    assert state.winning_line() == (0, 4, 8)


def test_full_board_draw():
    state = play("a1 b2 c1 b1 b3 a2 c2 c3 a3")
    assert diagram(state) == "X O X\nO O X\nX X O"
    assert state.is_terminal and state.winner is None
    assert state.returns() == [0.0, 0.0]
    assert state.legal_actions() == []


def test_occupied_cell_is_refused_with_reason():
    state = play("b2")
    with pytest.raises(IllegalActionError, match="already taken by X"):
        state.apply(4)
    assert state.history == [4] and state.current_player == 1


def test_moves_after_the_end_are_refused():
    state = play("a1 a2 b1 b2 c1")
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(8)


def test_parse_accepts_coordinates_and_digits():
    state = SPEC.new()
    assert state.parse_action("a1") == 0
    assert state.parse_action("c3") == 8
    assert state.parse_action("5") == 4
    with pytest.raises(IllegalActionError, match="not a cell"):
        state.parse_action("d4")
    assert state.action_to_string(5) == "c2"


def _reference_counts(refdata) -> dict[str, str]:
    counts = {}
    for line in (refdata / "tictactoe" / "counts.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            key, value = line.split(maxsplit=1)
            counts[key] = value
    return counts


def test_complete_game_tree_matches_reference(refdata):
    ref = _reference_counts(refdata)
    table = np.zeros((10, 3), dtype=np.int64)
    total = count_games(KERNELS.legal, KERNELS.apply, SPEC.new().array, table)
    assert total == int(ref["complete_games"])
    assert table[:, 1].sum() == int(ref["x_wins"])
    assert table[:, 2].sum() == int(ref["o_wins"])
    assert table[:, 0].sum() == int(ref["draws"])
    expected_lengths = dict(item.split(":") for item in ref["games_by_length"].split())
    for length, count in expected_lengths.items():
        assert table[int(length)].sum() == int(count)


def test_conformance_with_openspiel_random_games():
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("tic_tac_toe")
    rng = random.Random(7)
    for _ in range(300):
        ours, theirs = SPEC.new(), game.new_initial_state()
        while not theirs.is_terminal():
            assert ours.legal_actions() == list(theirs.legal_actions())
            assert ours.current_player == theirs.current_player()
            action = rng.choice(ours.legal_actions())
            ours.apply(action)
            theirs.apply_action(action)
        assert ours.is_terminal
        assert ours.returns() == list(theirs.returns())


def _play_out(first, second, seed: int) -> list[float]:
    state = SPEC.new(seed=seed)
    players = [first, second]
    while not state.is_terminal:
        state.apply(players[state.current_player].choose(state))
    return state.returns()


def test_perfect_hint_from_the_empty_board_is_all_draws():
    hint = SPEC.ai(3).hint(SPEC.new())
    assert set(hint.values) == set(range(9))
    assert set(hint.values.values()) == {"draw"}


def test_perfect_hint_after_a_corner_says_only_the_centre_holds():
    hint = SPEC.ai(3).hint(play("a1"))
    assert hint.best == 4
    assert hint.values[4] == "draw"
    assert all(text.startswith("loss") for action, text in hint.values.items() if action != 4)


def test_perfect_player_never_loses_to_random_and_draws_itself():
    rng_player = catalog.get("tic-tac-toe").ai(1, seed=3)
    rng_player.blunder_rate = 1.0
    for seed in range(30):
        perfect = SPEC.ai(3, seed=seed)
        assert _play_out(perfect, rng_player, seed)[0] >= 0
        assert _play_out(rng_player, perfect, seed)[1] >= 0
    assert _play_out(SPEC.ai(3, seed=1), SPEC.ai(3, seed=2), 0) == [0.0, 0.0]


def test_levels_are_ordered_by_strength():
    """Over a fixed set of games each level scores more against level 1 than the level below it."""
    def score(level: int) -> float:
        total = 0.0
        for seed in range(40):
            me, them = SPEC.ai(level, seed=seed), SPEC.ai(1, seed=1000 + seed)
            if seed % 2:
                total += _play_out(me, them, seed)[0]
            else:
                total += _play_out(them, me, seed)[1]
        return total

    assert score(1) < score(2) < score(3)


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@given(st.permutations(range(9)))
def test_any_move_order_keeps_the_invariants(order):
    """Play cells in the given order until the game ends: the legal moves are exactly the empty
    cells, the game ends exactly at a line or a full board, and the returns are zero-sum."""
    state = SPEC.new()
    marks = [None] * 9
    for ply, cell in enumerate(order):
        assert state.legal_actions() == [i for i in range(9) if marks[i] is None]
        assert state.current_player == ply % 2
        state.apply(cell)
        marks[cell] = ply % 2
        line_made = any(marks[a] is not None and marks[a] == marks[b] == marks[c] for a, b, c in LINES)
        assert state.is_terminal == (line_made or ply == 8)
        if state.is_terminal:
            returns = state.returns()
            assert sum(returns) == 0
            assert returns[ply % 2] == (1.0 if line_made else 0.0)
            break
