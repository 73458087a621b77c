"""2048 rules: slides and merges from diagrams, legality, chance nodes, scoring, game over."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games import catalog
from tui_games.core.errors import IllegalActionError
from tui_games.core.players import CHANCE, TERMINAL
from tui_games.engine.header import PLAYER
from tui_games.games.g2048 import rules
from tui_games.games.g2048.game import G2048State

UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
MOVES = {"up": UP, "right": RIGHT, "down": DOWN, "left": LEFT}


def parse_grid(text: str) -> list[int]:
    """16 tile values from 4 lines of 4 entries ('.' is an empty cell)."""
    values = [0 if word == "." else int(word) for word in text.split()]
    assert len(values) == 16, text
    return values


def exponent(value: int) -> int:
    """2 -> 1, 4 -> 2, ...; 0 stays 0."""
    return 0 if value == 0 else value.bit_length() - 1


def position(grid: list[int], score: int = 0) -> G2048State:
    """A state with the player to move on ``grid`` (16 tile values, row-major from the top)."""
    state = catalog.get("2048").new(seed=0)
    state.array[rules.CELLS:rules.CELLS + 16] = [exponent(v) for v in grid]
    state.array[rules.PENDING_SPAWNS] = 0
    state.array[rules.SCORE] = score
    state.array[PLAYER] = 0 if rules.has_any_move(state.array[rules.CELLS:rules.CELLS + 16]) else TERMINAL
    return state


def reference_slide(values: list[int]) -> tuple[list[int], int]:
    """Independent plain-Python statement of the rule: close up toward index 0, then merge equal
    neighbours pairwise from index 0 on, each tile at most once. Returns (line, points)."""
    tiles = [v for v in values if v]
    out, points, i = [], 0, 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
            out.append(2 * tiles[i])
            points += 2 * tiles[i]
            i += 2
        else:
            out.append(tiles[i])
            i += 1
    return out + [0] * (4 - len(out)), points


# ----- one row slid left: "before -> after (points)" -----------------------------------------------
ROW_CASES = """
2 2 2 2 -> 4 4 . .   8
4 4 8 . -> 8 8 . .   8
2 2 2 . -> 4 2 . .   4
. 2 2 2 -> 4 2 . .   4
2 . . 2 -> 4 . . .   4
2 4 2 4 -> 2 4 2 4   0
8 8 16 16 -> 16 32 . .   48
. . . 2 -> 2 . . .   0
4 2 2 . -> 4 4 . .   4
2 2 4 4 -> 4 8 . .   12
1024 1024 2 2 -> 2048 4 . .   2052
"""


@pytest.mark.parametrize("case", [line for line in ROW_CASES.strip().splitlines()])
def test_row_slides_left_as_in_the_diagram(case):
    before_text, rest = case.split("->")
    after_words = rest.split()
    before = [0 if w == "." else int(w) for w in before_text.split()]
    after = [0 if w == "." else int(w) for w in after_words[:4]]
    points = int(after_words[4])
    state = position(before + [0] * 12)
    if before == after:
        assert LEFT not in state.legal_actions()
        return
    state.apply(LEFT)
    assert state.grid[0] == after
    assert state.score == points
    assert state.last_gain == points
    assert reference_slide(before) == (after, points)


# ----- whole boards for each direction --------------------------------------------------------------
BOARD_CASES = [
    ("left", """
     2 2 2 2
     4 4 8 .
     . 2 . 2
     8 . 8 8""", """
     4 4 . .
     8 8 . .
     4 . . .
     16 8 . .""", 8 + 8 + 4 + 16),
    ("right", """
     2 2 2 2
     4 4 8 .
     . 2 . 2
     8 . 8 8""", """
     . . 4 4
     . . 8 8
     . . . 4
     . . 8 16""", 8 + 8 + 4 + 16),
    ("up", """
     2 4 . 8
     2 4 2 .
     2 8 . 8
     2 . 2 8""", """
     4 8 4 16
     4 8 . 8
     . . . .
     . . . .""", 8 + 8 + 4 + 16),
    ("down", """
     2 4 . 8
     2 4 2 .
     2 8 . 8
     2 . 2 8""", """
     . . . .
     . . . .
     4 8 . 8
     4 8 4 16""", 8 + 8 + 4 + 16),
]


@pytest.mark.parametrize("move_name,before,after,points", BOARD_CASES)
def test_board_moves_as_in_the_diagrams(move_name, before, after, points):
    state = position(parse_grid(before), score=100)
    state.apply(MOVES[move_name])
    assert state.cells == parse_grid(after)
    assert state.score == 100 + points
    assert state.last_move == MOVES[move_name]
    assert state.is_chance_node


def test_figure_1_of_the_rules():
    """GBG's figure: LEFT, RIGHT and DOWN are legal, UP moves nothing."""
    state = position(parse_grid("""
        8 8 8 2
        2 2 4 8
        4 . 2 4
        . . . ."""))
    assert state.legal_actions() == [RIGHT, DOWN, LEFT]
    state.apply(LEFT)
    assert state.grid[0] == [16, 8, 2, 0]
    assert state.grid[1] == [4, 4, 8, 0]


def test_a_move_that_moves_nothing_is_refused_with_the_reason():
    state = position(parse_grid("""
        2 4 8 16
        . . . .
        . . . .
        . . . ."""))
    assert UP not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Up moves nothing"):
        state.apply(UP)
    with pytest.raises(IllegalActionError, match="no move 7"):
        state.apply(7)


def test_chance_outcomes_cover_the_empty_cells_with_the_2_4_split():
    state = position(parse_grid("""
        2 . . .
        . . . .
        . . . .
        . . . 4"""))
    state.apply(RIGHT)
    outcomes = dict(state.chance_outcomes())
    empty = [i for i, v in enumerate(state.cells) if v == 0]
    assert sorted(outcomes) == sorted([2 * c for c in empty] + [2 * c + 1 for c in empty])
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert sum(p for a, p in outcomes.items() if a % 2 == 0) == pytest.approx(0.9)
    assert sum(p for a, p in outcomes.items() if a % 2 == 1) == pytest.approx(0.1)
    assert len(set(outcomes.values())) == 2
    state.apply(2 * empty[0] + 1)
    assert state.cells[empty[0]] == 4
    assert state.last_spawn == empty[0]
    assert state.current_player == 0


def test_a_new_game_places_two_tiles_before_the_first_move():
    state = catalog.get("2048").new(seed=5)
    assert state.current_player == CHANCE
    assert len(state.chance_outcomes()) == 32
    drawn = state.resolve_chance()
    assert len(drawn) == 2
    assert sum(1 for v in state.cells if v) == 2
    assert all(v in (0, 2, 4) for v in state.cells)
    assert state.current_player == 0
    assert state.history == drawn
    assert state.max_tile in (2, 4)


def test_chance_outcome_on_a_full_cell_is_refused():
    state = catalog.get("2048").new(seed=0)
    state.apply(0)
    with pytest.raises(IllegalActionError, match="not empty"):
        state.apply(1)


def test_the_game_ends_when_no_move_is_left():
    state = position(parse_grid("""
        4 2 4 .
        4 2 4 2
        2 4 2 4
        4 2 4 2"""), score=50)
    assert RIGHT in state.legal_actions()
    state.apply(RIGHT)
    assert state.cells[:4] == [0, 4, 2, 4]
    state.apply(0)  # a 2 in the top left corner leaves a checkerboard: no move at all
    assert state.is_terminal
    assert state.current_player == TERMINAL
    assert state.legal_actions() == []
    assert state.returns() == [50.0]
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(LEFT)


def test_a_full_board_with_a_merge_is_not_over():
    state = position(parse_grid("""
        2 4 2 4
        4 2 4 2
        2 4 2 4
        4 2 8 8"""))
    assert not state.is_terminal
    assert state.legal_actions() == [RIGHT, LEFT]


def test_reaching_2048_wins_but_play_goes_on():
    state = position(parse_grid("""
        1024 1024 . .
        . . . .
        . . . .
        . . . ."""))
    assert not state.won
    state.apply(LEFT)
    assert state.max_tile == 2048
    assert state.won
    state.apply(2 * 15)
    assert state.current_player == 0
    assert state.winner is None  # not terminal yet


def test_tiles_beyond_32768_are_exact():
    state = position(parse_grid("""
        32768 32768 65536 .
        . . . .
        . . . .
        . . . ."""))
    state.apply(LEFT)
    assert state.grid[0] == [65536, 65536, 0, 0]
    assert state.score == 65536
    state.apply(2 * 15)
    state.apply(LEFT)
    assert state.max_tile == 131072


def test_action_names_and_parsing():
    state = position(parse_grid("2 . . . . . . . . . . . . . . 2"))
    assert [state.action_to_string(a) for a in range(4)] == ["Up", "Right", "Down", "Left"]
    for text, move in [("up", UP), ("W", UP), ("k", UP), ("d", RIGHT), ("l", RIGHT), ("s", DOWN),
                       ("j", DOWN), ("Left", LEFT), ("a", LEFT), ("h", LEFT), ("2", DOWN)]:
        assert state.parse_action(text) == move
    with pytest.raises(IllegalActionError, match="not a move"):
        state.parse_action("sideways")
    state.apply(LEFT)
    assert state.action_to_string(3) == "4 at b1"
    assert state.parse_action("4 at b1") == 3
    assert state.parse_action("2@d4") == 30
    assert "score 0" in str(state)


def test_view_properties():
    state = position(parse_grid("""
        2 . . 8
        . . . .
        . . 4 .
        . . . 16"""), score=12)
    assert state.grid == [[2, 0, 0, 8], [0, 0, 0, 0], [0, 0, 4, 0], [0, 0, 0, 16]]
    assert state.score == 12
    assert state.max_tile == 16
    assert state.last_move is None and state.last_spawn is None
    state.apply(UP)
    state.apply(2 * 12 + 1)
    assert state.last_move == UP
    assert state.last_spawn == 12 and state.last_spawn_position == (3, 0)
    clone = state.clone()
    clone.apply(clone.legal_actions()[0])
    assert clone.history != state.history and state.current_player == 0


# ----- invariants over random lines, boards and games ---------------------------------------------
exponents = st.integers(min_value=0, max_value=12)


@functools.cache
def row_tables():
    """The packed-row tables, built once for this module."""
    return rules.build_row_tables()


@settings(max_examples=300, deadline=None)
@given(st.lists(exponents, min_size=4, max_size=4))
def test_slide_line_matches_the_reference(line):
    values = [0 if e == 0 else 1 << e for e in line]
    out = np.empty(4, dtype=np.int64)
    points = rules.slide_line(np.array(line, dtype=np.int64), out)
    assert ([0 if e == 0 else 1 << int(e) for e in out], points) == reference_slide(values)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=14), min_size=16, max_size=16),
       st.integers(min_value=0, max_value=3))
def test_packed_board_moves_agree_with_the_cell_rules(cells, move):
    """The AI's table-driven moves give the same board and points as the rules' cell moves."""
    left, right, gain = row_tables()
    array = np.array(cells, dtype=np.int64)
    after = np.empty(16, dtype=np.int64)
    points, moved = rules.move_cells(array, move, after)
    board = rules.pack_cells(array)
    packed = rules.move_board(board, move, left, right)
    unpacked = np.empty(16, dtype=np.int64)
    rules.unpack_board(packed, unpacked)
    assert list(unpacked) == list(after)
    assert rules.move_gain(board, move, gain) == points
    assert (packed != board) == moved == rules.can_move(array, move)
    assert rules.move_both(board, rules.transpose(board), move, left, right) == (
        packed, rules.transpose(packed))


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_the_invariants(seed):
    """Each move keeps the tile sum and earns the merged values; each new tile adds exactly itself;
    the score is the sum of the points of all moves; returns() is the score."""
    rng = np.random.default_rng(seed)
    state = catalog.get("2048").new(seed=seed)
    total_points = 0
    while not state.is_terminal:
        before = state.cells
        if state.is_chance_node:
            outcome = state.sample_chance()
            state.apply(outcome)
            spawned = 2 if outcome % 2 == 0 else 4
            assert sum(state.cells) == sum(before) + spawned
            assert state.cells[outcome // 2] == spawned and before[outcome // 2] == 0
        else:
            legal = state.legal_actions()
            assert legal, "a player node always has a legal move"
            move = int(rng.choice(legal))
            state.apply(move)
            assert sum(state.cells) == sum(before)
            merged_away = sum(1 for v in before if v) - sum(1 for v in state.cells if v)
            assert (state.last_gain > 0) == (merged_away > 0)
            total_points += state.last_gain
            assert state.cells != before
        assert state.score == total_points
    assert state.returns() == [float(total_points)]
    assert all(not rules.can_move(state.array[rules.CELLS:rules.CELLS + 16], m) for m in range(4))
