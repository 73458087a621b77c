"""Hex rules through the game's protocol: parameters, moves and their names, the swap, the end of
the game, the winning chain, refused moves with their reasons, and the evaluation."""

from __future__ import annotations

import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidMoveError, InvalidParameterError
from tui_games.games.hex import rules


def new(size=5, swap="off"):
    return catalog.get("hex").new(size=size, swap=swap)


def play(state, *names):
    for name in names:
        state.apply(state.parse_action(name))
    return state


def test_parameters_and_their_limits():
    spec = catalog.get("hex")
    assert spec.defaults() == {"size": 11, "swap": "on"}
    state = spec.new()
    assert state.size == 11 and state.swap_rule and len(state.legal_actions()) == 121
    for word in ("off", "false", "no", "0", "OFF", False, 0):
        assert not spec.new(swap=word).swap_rule
    for word in ("on", "true", "yes", "1", True, 1):
        assert spec.new(swap=word).swap_rule
    for bad in ({"size": 1}, {"size": 20}, {"swap": "maybe"}, {"size": 5.5}):
        with pytest.raises(InvalidParameterError):
            spec.new(**bad)


def test_cells_are_named_like_openspiel_and_read_back():
    state = new(11)
    assert state.action_to_string(0) == "a1" and state.action_to_string(46) == "c5"
    assert state.action_to_string(121) == "swap"
    assert state.parse_action("c5") == 46 and state.parse_action(" K11 ") == 120
    assert state.parse_action("swap") == 121 and state.parse_action("pie") == 121
    for typo in ("z1", "c12", "hello", "5c"):
        with pytest.raises(InvalidMoveError):
            state.parse_action(typo)


def test_black_joins_top_and_bottom_white_left_and_right():
    # Black's column b from top to bottom; White's stones elsewhere never join left and right.
    state = play(new(4), "b1", "a1", "b2", "a2", "b3", "a3")
    assert not state.is_terminal
    play(state, "b4")
    assert state.is_terminal and state.winner == 0 and state.returns() == [1.0, -1.0]
    assert state.winning_chain() == (1, 5, 9, 13)
    # White's row 2 from left to right (Black's stones in row 1 never reach row 4).
    state = play(new(4), "a1", "a2", "b1", "b2", "c1", "c2")
    assert not state.is_terminal
    play(state, "d1", "d2")
    assert state.is_terminal and state.winner == 1 and state.returns() == [-1.0, 1.0]
    assert state.winning_chain() == (4, 5, 6, 7)
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(8)


def test_a_diagonal_step_joins_but_the_other_diagonal_does_not():
    # (row, col) touches (row + 1, col - 1): c1-b2-a3... is a chain; a1-b2 is not a step.
    state = play(new(3), "c1", "a1", "b2", "b1")
    play(state, "a3")
    assert state.winner == 0 and state.winning_chain() == (2, 4, 6)
    state = play(new(3), "a1", "c1", "b2", "b1", "c3", "a3")
    assert not state.is_terminal  # a1, b2, c3 do not touch one another


def test_the_winning_chain_is_the_shortest_side_to_side_path():
    # Black's stones: a bulge (b2, c2) beside the straight chain a1-a2-a3.
    state = play(new(3), "b2", "c1", "c2", "b1", "a2", "c3", "a1", "b3")
    play(state, "a3")
    assert state.winner == 0
    assert state.winning_chain() == (0, 3, 6)


def test_the_swap_mirrors_the_first_stone_and_black_moves_again():
    state = new(5, "on")
    assert not state.swap_allowed and 25 not in state.legal_actions()
    play(state, "b1")  # row 0, col 1
    assert state.swap_allowed and state.legal_actions()[-1] == 25
    play(state, "swap")
    assert state.current_player == 0 and state.swapped
    assert state.board[1] == "O...." and state.board[0] == "....."  # a2: row 1, col 0, white
    assert state.last_cell == 5
    assert 25 not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="second player's first move"):
        state.apply(25)
    with pytest.raises(IllegalActionError, match="pie rule is off"):
        play(new(5, "off"), "c3").apply(25)


def test_refused_moves_say_why_and_change_nothing():
    state = play(new(5), "c3")
    before = state.array.copy()
    with pytest.raises(IllegalActionError, match="c3 is taken"):
        state.apply(12)
    with pytest.raises(IllegalActionError, match="not a cell"):
        state.apply(40)
    assert (state.array == before).all() and state.history == [12]


def test_observation_draws_the_rhombus():
    text = str(play(new(3), "b2", "a1").observation(0))
    assert text.splitlines() == ["   a b c", " 1 O . .", " 2  . X .", " 3   . . ."]


def test_stones_needed_and_the_evaluation():
    state = new(5)
    assert rules.stones_needed(state.array, rules.BLACK) == 5
    play(state, "c1", "a1", "c2", "b1")
    assert rules.stones_needed(state.array, rules.BLACK) == 3
    assert rules.stones_needed(state.array, rules.WHITE) == 5  # c1, c2 push white below row 2
    value = rules.evaluate(state.array, 0)
    assert 0 < value < 1 and rules.evaluate(state.array, 1) < 0
    # black's column b, top to bottom: black needs nothing more and white can no longer get across
    wall = play(new(3), "b1", "a1", "b2", "a2", "b3")
    assert wall.is_terminal and rules.stones_needed(wall.array, rules.BLACK) == 0
    assert rules.stones_needed(wall.array, rules.WHITE) > 9
