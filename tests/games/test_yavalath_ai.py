"""Yavalath AI: the forced-move rules (take a win, block, never make three unless forced), the levels'
moves in written positions, the swap from the opening table, and whole games with three seats."""

from __future__ import annotations

import pytest

from tui_games.games.yavalath import rules
from tui_games.games.yavalath.ai import LEVELS, Level, YavalathPlayer, guided_moves, opening_values
from tui_games.games.yavalath.game import parse_cell
from yavalath_positions import FOUR_TO_MAKE, SPEC, cells, position

THREAT = """
    . . . . .
   . . . . . .
  . . . . . . .
 . . . X . . . .
. O O . O . . . .
 . . . . X . . .
  . . . . . . .
   . . . X . .
    . . . . .
"""
"""Black (O) would make four on e4; White (X) to move has no win of its own."""

NO_THREAT = """
    X . . . .
   . . . . . .
  . . . . . . O
 . . . . . . . .
X X . . . . . . .
 . . . . . . . .
  . O O . . . .
   . . . . . .
    . . . O .
"""
"""Black (O) to move would make three on g1 or g4; White has no four to make."""

CORNERED = """
    X X O X .
   O O X X O X
  . X X O X O X
 X O O X X O X O
X O X O O X O X X
 X O X X O . X O
  O X O X X O X
   O O X O O X
    X O O X O
"""
"""White to move, and each of the three empty cells would make a three of White's."""


def test_the_forced_move_rules_take_a_win_first():
    state = position(FOUR_TO_MAKE, 0)
    assert guided_moves(state) == [parse_cell("e3")]


def test_the_forced_move_rules_block_the_next_player_s_four():
    state = position(THREAT, 0)
    assert state.winning_cells(1) == [parse_cell("e4")] and len(state.legal_actions()) == 55
    assert guided_moves(state) == [parse_cell("e4")]


def test_the_forced_move_rules_never_make_three_unless_every_move_does():
    state = position(NO_THREAT, 1)  # Black to move: g1 and g4 would make three
    threes = [cell for cell in state.legal_actions() if state.stone_makes(cell, 1) == "three"]
    assert threes == list(cells("g1", "g4"))
    assert guided_moves(state) == [cell for cell in state.legal_actions() if cell not in threes]
    state = position(CORNERED, 0)
    assert state.legal_actions() == list(cells("a5", "c1", "f6"))
    assert all(state.stone_makes(cell, 0) == "three" for cell in state.legal_actions())
    assert guided_moves(state) == state.legal_actions()


@pytest.mark.parametrize("level", [2, 3])
def test_forced_rule_levels_win_block_and_keep_clear_of_three(level):
    quick = Level(guided=True, playouts=300, openings=LEVELS[level].openings)
    assert YavalathPlayer(level, 1, quick).choose(position(FOUR_TO_MAKE, 0)) == parse_cell("e3")
    assert YavalathPlayer(level, 1, quick).choose(position(THREAT, 0)) == parse_cell("e4")
    state = position(NO_THREAT, 1)
    assert state.stone_makes(YavalathPlayer(level, 1, quick).choose(state), 1) != "three"


def test_levels_are_named_and_searched_as_the_help_says():
    assert SPEC.level_names == ("Beginner", "Casual", "Club", "Expert") and SPEC.max_level == len(LEVELS)
    assert not LEVELS[1].guided and LEVELS[2].guided and LEVELS[1].playouts == LEVELS[2].playouts
    assert LEVELS[3].playouts > LEVELS[2].playouts and all(level.seconds <= 2.0 for level in LEVELS.values())
    player = SPEC.ai(2, seed=3)
    state = SPEC.new(players=2, swap="off")
    move = player.choose(state)
    assert move in state.legal_actions() and player.last_playouts == LEVELS[2].playouts


def test_the_swap_follows_the_opening_table():
    values = opening_values()
    assert len(values) == rules.N_CELLS and all(0.0 <= v <= 1.0 for v in values)
    strongest = max(range(rules.N_CELLS), key=values.__getitem__)
    weakest = min(range(rules.N_CELLS), key=values.__getitem__)
    for first in (strongest, weakest):
        state = SPEC.new()
        state.apply(first)
        choice = SPEC.ai(3, seed=1).choose(state)
        assert (choice == rules.SWAP_ACTION) == (values[first] > 0.5), (first, values[first])
    # as the first player with the swap on, a first stone nearest even; with it off, the best one
    nearest = min(abs(v - 0.5) for v in values)
    opening = SPEC.ai(4, seed=2).choose(SPEC.new())
    assert abs(values[opening] - 0.5) <= nearest + 0.02
    opening = SPEC.ai(4, seed=2).choose(SPEC.new(swap="off"))
    assert values[opening] >= max(values) - 0.02


def test_the_hint_names_a_legal_move_and_values_the_searched_ones():
    state = position(THREAT, 0)
    hint = YavalathPlayer(2, 0, Level(guided=True, playouts=200)).hint(state)
    assert hint.best == parse_cell("e4") and set(hint.values) == {parse_cell("e4")}
    assert "forced-move rules" in hint.summary


def test_three_seat_games_by_the_ai_finish_within_the_rules():
    for seed in range(2):
        state = SPEC.new(players=3)
        players = [YavalathPlayer(level, seed, Level(guided=level > 1, playouts=150)) for level in (1, 2, 2)]
        while not state.is_terminal:
            mover = state.current_player
            move = players[mover].choose(state.clone())
            assert move in state.legal_actions()
            state.apply(move)
        assert sorted(state.returns()) in ([-1.0, -1.0, 1.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 0.0])
