"""Othello rules: perft counts, written positions (flips, passes, the end), the position parameter,
and the move names."""

from __future__ import annotations

import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.engine.perft import perft as engine_perft
from tui_games.games.othello import rules
from tui_games.games.othello.game import KERNELS, result_text, square_name
from tui_games.games.othello.spec import START_POSITION

SPEC = catalog.get("othello")
PERFT_FAST_DEPTH = 10
"""Perft through the bitboard kernel up to this depth in the tests (deeper in the benchmark)."""
PERFT_TABLE_DEPTH = 11
"""Perft with the transposition table up to this depth (212 million leaves, a second or two);
depths 12-14 are in benchmarks/othello_perft.py."""
PERFT_ENGINE_DEPTH = 6
"""Perft through the engine's generic counter (legal_actions / apply_action) up to this depth."""


def published_perft(refdata) -> dict[int, int]:
    """depth -> leaves from the reference table."""
    table = {}
    for line in (refdata / "othello" / "perft.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            depth, leaves = line.split()
            table[int(depth)] = int(leaves)
    return table


def test_the_reference_table_goes_to_depth_14(refdata):
    table = published_perft(refdata)
    assert sorted(table) == list(range(1, 15))
    assert table[14] == 184042084512


@pytest.mark.parametrize("depth", range(1, PERFT_FAST_DEPTH + 1))
def test_perft_of_the_bitboard_kernel(refdata, depth):
    assert rules.perft(SPEC.new().array, depth) == published_perft(refdata)[depth]


def test_perft_with_the_transposition_table_counts_the_same(refdata):
    for depth in (9, PERFT_TABLE_DEPTH):
        assert rules.perft(SPEC.new().array, depth, table_bits=18) == published_perft(refdata)[depth]


@pytest.mark.parametrize("depth", range(1, PERFT_ENGINE_DEPTH + 1))
def test_perft_through_the_games_legal_and_apply_kernels(refdata, depth):
    """The engine's counter sees only legal_actions and apply_action: the rules the UI plays by."""
    count = engine_perft(KERNELS.legal, KERNELS.apply, SPEC.new().array, depth, KERNELS.max_actions)
    assert count == published_perft(refdata)[depth]


def test_start_position_and_first_moves():
    state = SPEC.new()
    assert state.current_player == 0
    assert state.legal_actions() == [19, 26, 37, 44]  # d3 c4 f5 e6, OpenSpiel's ids
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["d3", "c4", "f5", "e6"]
    assert state.disc_counts == (2, 2)
    state.apply(state.parse_action("d3"))
    assert state.board[19] == state.board[27] == "X"  # d3 placed, d4 turned over
    assert state.flipped == [27]
    assert state.last_move == 19
    assert state.disc_counts == (4, 1)
    assert state.current_player == 1


def position(text: str, side: str = "X"):
    """A state from 8 rows of 8 letters (top row first) and the side to move."""
    rows = text.split()
    assert len(rows) == 8 and all(len(r) == 8 for r in rows)
    return SPEC.new(position="".join(rows) + " " + side)


LAST_MOVE_WINS_ALL = """
    XXXXXXXX
    XXXXXXXX
    XXXXXXXX
    XXXXXXXX
    XXXXXXXX
    XXXXXXXX
    XXXXXXXX
    XXXXXXO-"""
"""One empty square: black's h8 turns over the last white disc and ends the game 64-0."""


def test_a_move_flips_in_every_direction_it_outflanks():
    state = position("""
        X--X--X-
        -O-O-O--
        --OOO---
        XOO-OOOX
        --OOO---
        -O-O-O--
        X--X--X-
        --------""")
    state.apply(state.parse_action("d4"))
    flipped = sorted(square_name(s) for s in state.flipped)
    assert flipped == sorted(["b2", "c3", "d2", "d3", "f2", "e3", "b4", "c4", "e4", "f4", "g4",
                              "c5", "b6", "d5", "d6", "e5", "f6"])
    assert state.board.count("O") == 0


def test_no_flip_across_the_board_edge():
    # h1 X, a2 O: a2 is "after" h1 in bit order but not on a line with it
    state = position("""
        -------X
        OX------
        --------
        --------
        --------
        --------
        --------
        --------""", "O")
    assert state.legal_actions() == [10]  # only c2 (outflanks b2 between a2 and c2)


def test_a_player_without_a_move_must_pass_and_the_other_plays_on():
    # White has no move; black can still play h7 or h8 (each outflanks the white disc on g7)
    state = position("""
        XXXXXXXX
        XXXXXXXX
        XXXXXXXX
        XXXXXXXX
        XXXXXXXX
        XXXXXXXX
        XXXXXXO-
        XXXXXX--""", "O")
    assert state.legal_actions() == [rules.PASS]
    assert state.must_pass
    with pytest.raises(IllegalActionError, match="no move and must pass"):
        state.apply(state.parse_action("h7"))
    state.apply(state.parse_action("pass"))
    assert state.current_player == 0
    assert rules.PASS not in state.legal_actions() and 55 in state.legal_actions()  # h7


def test_passing_with_a_move_is_refused():
    state = SPEC.new()
    with pytest.raises(IllegalActionError, match="cannot pass while you have a move"):
        state.apply(rules.PASS)


def test_the_game_ends_when_neither_side_can_move_and_the_empties_go_to_the_winner():
    state = position(LAST_MOVE_WINS_ALL)
    state.apply(state.parse_action("h8"))
    assert state.is_terminal and state.winner == 0
    assert state.returns() == [1.0, -1.0]
    assert state.disc_counts == (64, 0)
    assert state.final_score == 64


def test_a_finished_position_is_terminal_at_once():
    state = position("""
        XXXX----
        --------
        --------
        --------
        --------
        --------
        --------
        ----OOOO""")
    assert state.is_terminal
    assert state.winner is None and state.returns() == [0.0, 0.0]


def test_illegal_squares_are_refused_with_the_reason():
    state = SPEC.new()
    with pytest.raises(IllegalActionError, match="d4 is already taken"):
        state.apply(state.parse_action("d4"))
    with pytest.raises(IllegalActionError, match="a1 turns over no disc"):
        state.apply(state.parse_action("a1"))
    with pytest.raises(IllegalActionError, match="not a square"):
        state.parse_action("i9")
    with pytest.raises(IllegalActionError, match="there is no action 65"):
        state.apply(65)
    assert state.history == [] and state.disc_counts == (2, 2)


def test_the_position_parameter_is_checked():
    assert SPEC.defaults()["position"] == "start"
    assert SPEC.new().position == START_POSITION
    assert SPEC.new(position=START_POSITION.lower()).position == START_POSITION
    assert SPEC.new(position=" Start ").legal_actions() == [19, 26, 37, 44]
    for bad, reason in [("X" * 63 + " X", "64 letters"), ("X" * 64 + " B", "64 letters"),
                        ("Q" * 64 + " X", "not 'Q'"), (64, "must be text")]:
        with pytest.raises(InvalidParameterError, match=reason):
            SPEC.new(position=bad)


def test_a_position_survives_the_round_trip(refdata):
    line = (refdata / "othello" / "fforum-1-19.obf").read_text().splitlines()[0]
    text = line.split(";")[0]
    state = SPEC.new(position=text)
    assert state.position == text
    assert state.empties == text.count("-")


def test_result_text_names_the_winner_and_the_count():
    state = position(LAST_MOVE_WINS_ALL)
    state.apply(63)
    assert result_text(state) == "Black (X) wins 64-0"
