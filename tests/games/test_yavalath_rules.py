"""Yavalath rules: written positions (four wins, three loses, four and three at once, the swap, the
three-player elimination and forced block, a full board) and random playouts checked against an
independent scan of every line on the board."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games.core.errors import IllegalActionError
from tui_games.core.outcome import SeatOutcome, Termination
from tui_games.games.yavalath import rules
from tui_games.games.yavalath.game import cell_name, parse_cell
from yavalath_positions import FOUR_TO_MAKE, SPEC, cells, play, position, scan


# ----- cells and names ---------------------------------------------------------------------------------
def test_the_board_is_a_hexagon_of_61_cells_named_by_row_and_place():
    assert rules.N_CELLS == 61 and [len(row) for row in rules.GRID.rows] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert [cell_name(c) for c in (0, 4, 5, 26, 30, 34, 56, 60)] == ["a1", "a5", "b1", "e1", "e5", "e9", "i1", "i5"]
    assert all(parse_cell(cell_name(c)) == c for c in range(61))
    assert parse_cell(" E 5 ") == 30
    state = SPEC.new()
    assert state.legal_actions() == list(range(61)) and state.parse_action("swap") == 61
    for text, reason in (("e0", "not a cell"), ("j1", "not a cell"), ("a6", "row a has 5 cells"), ("5e", "not a cell")):
        with pytest.raises(IllegalActionError, match=reason):
            state.parse_action(text)


def test_the_three_line_directions_run_along_rows_and_both_diagonals():
    lines = {0: "e1 e2 e3 e4 e5 e6 e7 e8 e9", 1: "a5 b5 c5 d5 e5 f4 g3 h2 i1", 2: "a1 b2 c3 d4 e5 f5 g5 h5 i5"}
    for axis, names in lines.items():
        cells_of_line = [parse_cell(name) for name in names.split()]
        for a, b in zip(cells_of_line, cells_of_line[1:]):
            assert b in rules.GRID.neighbours_of(a)
        state = SPEC.new()
        for cell in cells_of_line:
            state.array[rules.CELLS + cell] = 1
        lengths = [rules.line_length(state.array, 30, 1, direction) for direction in range(3)]
        assert lengths == [9 if direction == axis else 1 for direction in range(3)]


# ----- two players ----------------------------------------------------------------------------------------


def test_four_in_a_row_wins():
    state = position(FOUR_TO_MAKE, 0)
    assert state.stone_makes(parse_cell("e3"), 0) == "four"
    play(state, "e3")  # e1 e2 e3 e4
    assert state.is_terminal and state.winner == 0 and state.returns() == [1.0, -1.0]
    assert state.winning_line() == cells("e1", "e2", "e3", "e4")
    assert SPEC.definition().result_text(state) == "White wins with four in a row"
    assert state.legal_actions() == [] and state.outcome().winners == (0,)


def test_a_diagonal_line_of_five_wins():
    state = position("""
    X . . . .
   . X . . . .
  . . . . . . .
 . . . X . . . .
. . . . X . . . .
 . . . . . . . .
  . O O . . . .
   . . O . . .
    O . . . .
""", 0)
    play(state, "c3")  # a1 b2 c3 d4 e5: five down-right
    assert state.winner == 0 and state.winning_line() == cells("a1", "b2", "c3", "d4", "e5")


def test_three_in_a_row_loses():
    state = position(FOUR_TO_MAKE, 1)
    assert state.stone_makes(parse_cell("g4"), 1) == "three"
    play(state, "g4")  # g2 g3 g4: Black's three
    assert state.is_terminal and state.winner == 0 and state.returns() == [1.0, -1.0]
    assert state.losing_line(1) == cells("g2", "g3", "g4") and state.winning_line() == ()
    assert SPEC.definition().result_text(state) == "Black made three: White wins"


def test_a_stone_making_four_and_three_at_once_wins():
    state = position("""
    . . . . .
   . . . . . .
  . . . . . . .
 . X . . . . . .
X X . X . . . . .
 . . X . . . . .
  . O O . O . .
   . . . . . .
    . . . O O
""", 0)
    e3 = parse_cell("e3")
    assert sorted(rules.line_length(state.array, e3, 1, axis) for axis in range(3)) == [1, 3, 4]
    play(state, "e3")  # e1-e4 along the row, and d2 e3 f3 down-right
    assert state.winner == 0 and state.returns() == [1.0, -1.0]
    assert state.winning_line() == cells("e1", "e2", "e3", "e4")


ONE_THREE = """
    X . . . .
   . . . . . .
  . . . . . . .
 . O . . . . . .
O . . O . . . . .
 . . O . . . . .
  . . X X . X .
   . . . . X .
    . . . . .
"""
TWO_THREES = """
    X . . . .
   . . . . . .
  . . . . . . .
 . O . . . . . .
. O . O . . . . .
 . . O . . . . .
  . . X X . X .
   . . . . X .
    . . . . .
"""


def test_one_or_two_threes_without_a_four_lose():
    state = position(ONE_THREE, 1)
    play(state, "e3")  # d2 e3 f3 (the row is only e3 e4: e2 is empty)
    assert state.winner == 0 and state.losing_line(1) == cells("d2", "e3", "f3")
    state = position(TWO_THREES, 1)
    play(state, "e3")  # e2 e3 e4 and d2 e3 f3
    assert state.winner == 0 and state.losing_line(1) == cells("e2", "e3", "e4", "d2", "f3")


FULL_BUT_ONE = """
    X X O X O
   O O X X O X
  O X X O X O X
 X O O X X O X O
X O X O O X O X X
 X O X X O O X O
  O X O X X O X
   O O X O O X
    X O O X .
"""


def test_a_full_board_without_a_line_is_a_draw():
    state = position(FULL_BUT_ONE, 1)
    assert not any(length >= 3 for owner in (0, 1) for length in scan(state, owner))
    assert state.stone_makes(60, 1) == ""
    play(state, "i5")
    assert state.is_terminal and state.winner is None and state.returns() == [0.0, 0.0]
    assert state.outcome().termination is Termination.DRAW
    assert SPEC.definition().result_text(state) == "Draw: the board is full"


# ----- the swap -------------------------------------------------------------------------------------------
def test_the_swap_gives_white_s_first_stone_to_black_and_white_moves_again():
    state = SPEC.new()  # two players, swap on by default
    assert 61 not in state.legal_actions()
    play(state, "e5")
    assert state.swap_allowed and state.legal_actions()[-1] == 61
    assert state.action_to_string(61) == "swap"
    state.apply(state.parse_action("pie"))
    assert state.swapped and state.current_player == 0 and state.owners[30] == 1
    assert state.last_cell == 30 and 61 not in state.legal_actions()
    play(state, "e4")
    assert state.owners[parse_cell("e4")] == 0 and state.current_player == 1
    with pytest.raises(IllegalActionError, match="only allowed as the second player's first move"):
        state.apply(61)


def test_no_swap_when_the_rule_is_off_or_with_three_players():
    for params, reason in (({"swap": "off"}, "swap rule is off"), ({"players": 3}, "no swap with three players")):
        state = SPEC.new(**params)
        play(state, "e5")
        assert 61 not in state.legal_actions() and not state.swap_allowed
        with pytest.raises(IllegalActionError, match=reason):
            state.apply(61)


def test_a_taken_cell_is_refused_with_its_owner():
    state = SPEC.new()
    play(state, "e5")
    with pytest.raises(IllegalActionError, match="e5 is taken \\(by White\\)"):
        state.apply(30)


# ----- three players --------------------------------------------------------------------------------------
ELIMINATION = """
    . . . . .
   . X . . . .
  . . . . . . .
 . . . . . . . .
. . . X X . . . .
 . . . O . . . .
  ^ ^ . . . . .
   . . . . . O
    . . . . .
"""


def test_three_players_a_three_puts_its_maker_out_and_the_others_play_on():
    state = position(ELIMINATION, 2, players=3)
    play(state, "g3")  # Red's g1 g2 g3
    assert state.seats_out == [2] and not state.is_terminal and state.returns() == [0.0, 0.0, 0.0]
    assert state.owners[parse_cell("g1")] == 2 and state.losing_line(2) == cells("g1", "g2", "g3")
    assert state.current_player == 0
    play(state, "a1", "a5")  # White, Black
    assert state.current_player == 0  # Red is skipped
    play(state, "e2")  # White: e3 would now make e2-e5
    assert len(state.legal_actions()) == state.array[rules.FREE]  # no forced block once a seat is out
    play(state, "i3")  # Black does not block
    play(state, "e3")
    assert state.is_terminal and state.winner == 0 and state.returns() == [1.0, -1.0, -1.0]
    assert SPEC.definition().result_text(state) == "White wins with four in a row (Red out)"
    assert state.outcome().winners == (0,) and state.outcome().termination is Termination.WIN


def test_three_players_the_last_player_in_wins():
    state = position(ELIMINATION, 2, players=3)
    play(state, "g3", "c1", "f5", "c2")  # Red out; White c1; Black f5; White c2
    assert state.seats_out == [2] and state.current_player == 1
    play(state, "f3")  # Black: f3 f4 f5, a three: Black is out too
    assert state.is_terminal and state.seats_out == [2, 1] and state.winner == 0
    assert state.returns() == [1.0, -1.0, -1.0]
    assert SPEC.definition().result_text(state) == "Red and Black made three: White wins"
    outcome = state.outcome()
    assert outcome.termination is Termination.ELIMINATION and outcome.winners == (0,)


def test_three_players_a_full_board_after_one_went_out_is_a_draw_of_the_two_left():
    state = position("""
    X X O X O
   O O X X O X
  O X X O X O X
 X O O X X O X O
X O X O O X O X X
 X O X X O O X O
  O X O X ^ O X
   O O X O ^ X
    X O O X .
""", 2, players=3)
    play(state, "i5")  # Red's g5 h5 i5 is a three: out, and the board is full
    assert state.is_terminal and state.seats_out == [2] and state.winner is None
    assert state.returns() == [0.0, 0.0, -1.0]
    outcome = state.outcome()
    assert [outcome.seat_outcome(seat) for seat in range(3)] == [SeatOutcome.DRAWN, SeatOutcome.DRAWN, SeatOutcome.LOST]
    assert SPEC.definition().result_text(state) == "Red out; White and Black draw on a full board"


FORCED_BLOCK = """
    . . . . .
   . . . . . .
  . . . . . . .
 . . . . . . . .
. O O . O . . . .
 . . . . . . . .
  . . ^ . ^ . .
   . X . . X .
    . . . . .
"""


def test_three_players_the_mover_must_block_the_next_player_s_four():
    state = position(FORCED_BLOCK, 0, players=3)  # White to move; Black, next, would make four on e4
    assert state.blocking and state.winning_cells(1) == [parse_cell("e4")]
    assert state.legal_actions() == [parse_cell("e4")]
    with pytest.raises(IllegalActionError, match="you must block Black, who would make four on e4"):
        play(state, "a1")
    play(state, "e4")
    assert state.owners[parse_cell("e4")] == 0 and state.current_player == 1
    # Red, next after Black, has no four to make: Black may play anywhere
    assert not state.blocking and len(state.legal_actions()) == state.array[rules.FREE]


def test_three_players_the_block_is_owed_only_to_the_next_player():
    state = position(FORCED_BLOCK, 2, players=3)  # Red to move: White is next, not Black
    assert not state.blocking and len(state.legal_actions()) == state.array[rules.FREE]


def test_three_players_with_two_threats_either_block_or_a_win_of_one_s_own_is_allowed():
    state = position("""
    ^ . . . .
   . . . . . .
  . . . . . . ^
 . . . . . . . .
. O O . O . . . .
 . . . . . . . .
  O O . O . . .
   X X . X . .
    . . . . ^
""", 0, players=3)
    assert state.winning_cells(1) == list(cells("e4", "g3")) and state.winning_cells(0) == list(cells("h3"))
    assert state.legal_actions() == list(cells("e4", "g3", "h3"))
    play(state, "h3")  # White's h1-h4
    assert state.winner == 0 and state.returns() == [1.0, -1.0, -1.0]


def test_three_players_a_block_that_makes_three_puts_the_blocker_out():
    state = position("""
    . . . . .
   . . . . . .
  . . . . . . .
 . . X . . . . .
. O O . O . . . .
 . . . X . . . .
  ^ . . . . . .
   . . . . . .
    . . . . ^
""", 0, players=3)
    assert state.legal_actions() == [parse_cell("e4")] and state.stone_makes(parse_cell("e4"), 0) == "three"
    play(state, "e4")  # forced: d3 e4 f4 is White's three
    assert state.seats_out == [0] and state.current_player == 1 and not state.is_terminal


# ----- random playouts against an independent scan of the lines ----------------------------------------
def check_move(before, after, action: int) -> None:
    """What the rules made of ``action`` agrees with the line scan, the turn order and the block rule."""
    mover = before.current_player
    if action == rules.SWAP_ACTION:
        assert before.ply == 1 and before.num_players == 2 and after.current_player == 0
        assert after.owners.count(1) == 1 and after.owners.count(0) == 0
        return
    lines = scan(after, mover)
    if any(length >= 4 for length in lines) and not any(length >= 4 for length in scan(before, mover)):
        assert after.is_terminal and after.winner == mover
        return
    assert after.winner != mover
    made_three = lines.count(3) > scan(before, mover).count(3)
    assert (mover in after.seats_out) == made_three
    if before.num_players == 3 and not before.seats_out:
        following = (mover + 1) % 3
        threats = before.winning_cells(following)
        if threats:
            assert action in threats or before.stone_makes(action, mover) == "four"
    if not after.is_terminal:
        assert after.current_player not in after.seats_out and after.current_player != mover


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 3]), swap=st.sampled_from(["on", "off"]), seed=st.integers(0, 2**32 - 1))
def test_random_playouts_agree_with_a_scan_of_every_line(players, swap, seed):
    rng = np.random.default_rng(seed)
    state = SPEC.new(players=players, swap=swap)
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        assert all(state.owners[a] < 0 for a in legal if a != rules.SWAP_ACTION)
        assert (rules.SWAP_ACTION in legal) == (players == 2 and swap == "on" and state.ply == 1)
        before = state.clone()
        action = int(rng.choice(legal))
        state.apply(action)
        check_move(before, state, action)
        assert state.returns() == [0.0] * players or state.is_terminal
    returns = state.returns()
    assert all(r in (-1.0, 0.0, 1.0) for r in returns)
    if state.winner is not None:
        assert returns[state.winner] == 1.0 and sum(returns) == 1.0 - (players - 1)
    else:
        assert state.array[rules.FREE] == 0
        assert all(returns[seat] == (-1.0 if seat in state.seats_out else 0.0) for seat in range(players))
    assert np.array_equal(state.replayed(state.history).array, state.array)


def test_the_state_layout_is_described():
    diagram = rules.LAYOUT.diagram()
    assert "cells (61)" in diagram and rules.STATE_SIZE == rules.CELLS + 61
