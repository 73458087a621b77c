"""Connect Four rules: perft against the reference counts, positions from ASCII diagrams, the state
adapter (names, parsing, reasons for refusals, views for the UI) and hypothesis invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games import catalog
from tui_games.core.errors import IllegalActionError
from tui_games.core.players import TERMINAL
from tui_games.engine.header import PLAYER
from tui_games.games.connect_four import rules
from tui_games.games.connect_four.game import ConnectFourState


@pytest.fixture(scope="module")
def spec():
    """The catalogue entry of Connect Four."""
    return catalog.get("connect-four")


def from_diagram(spec, diagram: str) -> ConnectFourState:
    """A state whose board is the 6-row diagram (top row first; X, O, .); the side to move follows
    from the stone counts (X moves first). Used to set up positions without a move order."""
    rows = [list(line.strip()) for line in diagram.strip().splitlines()]
    assert len(rows) == rules.HEIGHT and all(len(r) == rules.WIDTH for r in rows)
    x_bits = o_bits = 0
    for r, row in enumerate(rows):
        height = rules.HEIGHT - 1 - r
        for column, mark in enumerate(row):
            bit = 1 << (column * rules.COLUMN_BITS + height)
            if mark == "X":
                x_bits |= bit
            elif mark == "O":
                o_bits |= bit
    stones = bin(x_bits).count("1") + bin(o_bits).count("1")
    state = spec.new()
    mover_bits = x_bits if stones % 2 == 0 else o_bits
    state.array[rules.POSITION] = mover_bits
    state.array[rules.MASK] = x_bits | o_bits
    state.array[rules.PLY] = stones
    state.array[PLAYER] = stones % 2
    assert state.board == ["".join(r) for r in rows]
    return state


def play(spec, columns_1_based: str) -> ConnectFourState:
    """A state after the given 1-based column digits."""
    state = spec.new()
    for ch in columns_1_based:
        state.apply(int(ch) - 1)
    return state


def test_perft_matches_reference_counts(refdata):
    counts = {}
    for line in (refdata / "connect4" / "perft.txt").read_text().splitlines():
        parts = line.split()
        if len(parts) == 2 and not line.startswith("#"):
            counts[int(parts[0])] = int(parts[1])
    assert sorted(counts) == list(range(1, 8))
    empty = rules.initial_state()
    for depth, expected in counts.items():
        assert rules.perft(empty, depth) == expected, f"perft({depth})"


def test_spec_metadata(spec):
    assert spec.title == "Connect Four" and spec.group == "Board games"
    assert spec.players == (2, 2)
    assert spec.seat_names[0].startswith("Yellow") and len(spec.level_names) == spec.max_level == 5
    assert "Connect Four" in spec.help_text()


def test_horizontal_four_wins(spec):
    state = from_diagram(spec, """
        .......
        .......
        .......
        .......
        OO.....
        XXX.O..
    """)
    assert state.current_player == 0
    state.apply(3)
    assert state.is_terminal and state.winner == 0 and state.returns() == [1.0, -1.0]
    assert state.winning_cells == ((5, 0), (5, 1), (5, 2), (5, 3))


def test_vertical_four_wins(spec):
    state = play(spec, "1212121")
    assert state.board == [".......", ".......", "X......", "XO.....", "XO.....", "XO....."]
    assert state.is_terminal and state.winner == 0
    assert state.winning_cells == ((2, 0), (3, 0), (4, 0), (5, 0))
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(3)


def test_rising_diagonal_wins_for_second_player(spec):
    state = from_diagram(spec, """
        .......
        .......
        .......
        ..OX...
        .OXO...
        OXXX...
    """)
    assert state.current_player == 1
    state.apply(3)
    assert state.is_terminal and state.winner == 1 and state.returns() == [-1.0, 1.0]
    assert state.winning_cells == ((2, 3), (3, 2), (4, 1), (5, 0))


def test_falling_diagonal_wins(spec):
    state = from_diagram(spec, """
        .......
        .......
        X......
        OX.....
        XOX....
        OOX...O
    """)
    assert state.current_player == 0
    state.apply(3)
    assert state.is_terminal and state.winner == 0
    assert state.winning_cells == ((2, 0), (3, 1), (4, 2), (5, 3))


def test_three_in_a_row_is_not_a_win(spec):
    state = play(spec, "121212")
    assert not state.is_terminal and state.winner is None and state.returns() == [0.0, 0.0]


def test_full_column_is_refused_with_reason(spec):
    state = play(spec, "444444")
    assert state.heights == [0, 0, 0, 6, 0, 0, 0]
    assert 3 not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="column 4 is full"):
        state.apply(3)
    with pytest.raises(IllegalActionError, match="there is no column 9: columns are 1-7"):
        state.apply(8)
    with pytest.raises(IllegalActionError, match="there is no column 9"):
        state.parse_action("9")


def test_full_board_without_four_is_a_draw(spec):
    # columns filled in pairs so that no four ever forms (a known drawn filling)
    moves = "121212" "343434" "565656" "212121" "434343" "656565" "777777"
    state = play(spec, moves)
    assert state.is_terminal and state.winner is None
    assert state.returns() == [0.0, 0.0] and state.ply == 42
    assert all("." not in row for row in state.board)


def test_names_and_parsing(spec):
    state = spec.new()
    assert state.action_to_string(3) == "column 4"
    assert state.parse_action("4") == 3 and state.parse_action(" 1 ") == 0
    assert state.parse_action("d") == 3 and state.parse_action("column 7") == 6
    with pytest.raises(IllegalActionError, match="not a column"):
        state.parse_action("left")


def test_views_for_the_ui(spec):
    state = play(spec, "4453")
    assert state.board[-2:] == ["...O...", "..OXX.."]
    assert state.cells[5][:5] == [-1, -1, 1, 0, 0]
    assert state.heights == [0, 0, 1, 2, 1, 0, 0]
    assert state.last_move == 2 and state.last_cell == (5, 2)
    assert state.winning_cells == ()
    assert spec.new().last_move is None and spec.new().last_cell is None
    text = state.observation(0)
    assert text.splitlines()[-1] == "1 2 3 4 5 6 7"


def test_clone_and_replay_are_independent(spec):
    state = play(spec, "4455")
    copy = state.clone()
    copy.apply(2)
    assert state.ply == 4 and copy.ply == 5
    assert state.replayed(copy.history).board == copy.board


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=60))
def test_invariants_over_random_games(spec, choices):
    state = spec.new()
    for choice in choices:
        if state.is_terminal:
            break
        legal = state.legal_actions()
        assert legal == [c for c in range(7) if state.heights[c] < 6]
        mover = state.current_player
        assert mover == state.ply % 2
        column = legal[choice % len(legal)]
        before = state.heights
        state.apply(column)
        after = state.heights
        assert after[column] == before[column] + 1 and sum(after) == state.ply
        assert state.cells[6 - after[column]][column] == mover
        x_count = sum(row.count("X") for row in state.board)
        o_count = sum(row.count("O") for row in state.board)
        assert x_count - o_count in (0, 1) and x_count + o_count == state.ply
        # no floating stones: every column is filled from the bottom
        for c in range(7):
            column_marks = [state.board[r][c] for r in range(6)][::-1]
            assert column_marks == [m for m in column_marks if m != "."] + ["."] * (6 - after[c])
        if state.is_terminal:
            assert state.current_player == TERMINAL
            assert state.winner == mover or (state.winner is None and state.ply == 42)
            assert state.winner is None or len(state.winning_cells) >= 4
        else:
            assert state.current_player == 1 - mover
    assert state.history == [c for c in state.history if 0 <= c <= 6]
