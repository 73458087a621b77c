"""RoPaSci 360 rules: battles, throw rows, slides and swings (against an oracle written from the rules),
the five end conditions in their order, the joint-move protocol, the action notation, and random
playouts keeping the invariants."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games.core.errors import IllegalActionError
from tui_games.core.players import SIMULTANEOUS
from tui_games.games.ropasci360 import rules
from tui_games.games.ropasci360.game import (action_text, decode, hex_at, hex_coords, read_action_text,
                                             setup_position)
from tui_games.games.ropasci360.spec import SPEC

R, P, S = 0, 1, 2
UPPER, LOWER = 0, 1


def position(upper=(), lower=(), throws=(0, 0), turn=0):
    """A position from token lists of (r, q, symbol letter)."""
    return setup_position(SPEC, upper, lower, throws, turn)


def throw(symbol: str, r: int, q: int) -> int:
    return "rps".index(symbol) * 61 + hex_at(r, q)


def move(r1, q1, r2, q2) -> int:
    return 183 + hex_at(r1, q1) * 61 + hex_at(r2, q2)


def tokens_at(state, r, q):
    """What stands on (r, q) as sorted (player, symbol letter, count)."""
    return sorted((p, "rps"[s], n) for p, s, n in state.stack(hex_at(r, q)))


# ----- an oracle: legal moves written straight from the rules, on (r, q) coordinates -----------------
def neighbours(r, q):
    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # (dr, dq)
    return [(r + dr, q + dq) for dr, dq in steps if max(abs(r + dr), abs(q + dq), abs(r + dr + q + dq)) <= 4]


def oracle_moves(state, player):
    """Slides and swings of ``player`` as (from, to) coordinate pairs."""
    mine = {hex_coords(h) for h, _ in state.tokens(player)}
    moves = set()
    for here in mine:
        adjacent = set(neighbours(*here))
        moves |= {(here, to) for to in adjacent}
        for pivot in adjacent & mine:
            moves |= {(here, to) for to in neighbours(*pivot) if to != here and to not in adjacent}
    return moves


def oracle_throw_hexes(state, player):
    left = state.throws_left[player]
    if left == 0:
        return set()
    n = 10 - left
    rows = range(4, 4 - n, -1) if player == UPPER else range(-4, -4 + n)
    return {(r, q) for r in rows for q in range(-4, 5) if abs(r + q) <= 4}


def split(state, player):
    throws, moves = set(), set()
    for action in state.legal_actions(player):
        kind, a, b = decode(action)
        if kind == "throw":
            throws.add((a, hex_coords(b)))
        else:
            moves.add((hex_coords(a), hex_coords(b)))
    return throws, moves


def check_legal(state):
    for player in (UPPER, LOWER):
        throws, moves = split(state, player)
        assert moves == oracle_moves(state, player)
        assert throws == {(s, h) for s in range(3) for h in oracle_throw_hexes(state, player)}


# ----- the board and the protocol -------------------------------------------------------------------
def test_hex_numbering_is_row_by_row_from_r4():
    assert hex_coords(0) == (4, -4) and hex_coords(4) == (4, 0) and hex_coords(5) == (3, -4)
    assert hex_coords(30) == (0, 0) and hex_coords(60) == (-4, 4)
    assert [hex_at(*hex_coords(h)) for h in range(61)] == list(range(61))


def test_a_new_game_is_simultaneous_with_nine_throws_each():
    state = SPEC.new(seed=1)
    assert state.current_player == SIMULTANEOUS == -2
    assert state.throws_left == [9, 9] and state.tokens(0) == [] and state.tokens(1) == []
    assert sorted(state.legal_actions(0)) == sorted(throw(s, 4, q) for s in "rps" for q in range(-4, 1))
    assert sorted(state.legal_actions(1)) == sorted(throw(s, -4, q) for s in "rps" for q in range(0, 5))
    with pytest.raises(IllegalActionError, match="apply_joint"):
        state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(throw("r", 4, 0))


def test_apply_joint_is_refused_in_a_sequential_game_and_after_the_end():
    nim = __import__("tui_games.catalog", fromlist=["get"]).get("nim").new(seed=0)
    with pytest.raises(IllegalActionError, match="not a simultaneous-move game"):
        nim.apply_joint([0, 0])
    over = position(upper=[(0, 0, "r")], lower=[(0, 1, "s")], throws=(0, 0))
    over.apply_joint([move(0, 0, 0, 1), move(0, 1, 1, 1)])  # the scissors flee; rock is invincible...
    assert over.is_terminal  # ... against a single token
    with pytest.raises(IllegalActionError, match="over"):
        over.apply_joint([move(0, 1, 0, 0), move(1, 1, 1, 0)])


def test_an_illegal_joint_move_names_the_seat_and_changes_nothing():
    state = SPEC.new(seed=1)
    before = state.array.copy()
    with pytest.raises(IllegalActionError, match="Lower"):
        state.apply_joint([throw("r", 4, 0), throw("r", 4, 0)])  # Lower cannot throw on Upper's row
    assert np.array_equal(state.array, before) and state.history == []


# ----- battles ------------------------------------------------------------------------------------------
def test_all_three_symbols_on_a_hex_defeat_everything_there():
    state = position(upper=[(0, 0, "r"), (0, 1, "p")], lower=[(1, 0, "s"), (-2, 2, "r")], throws=(3, 3))
    state.apply_joint([move(0, 1, 0, 0), move(1, 0, 0, 0)])
    assert tokens_at(state, 0, 0) == []
    assert state.tokens(0) == [] and state.tokens(1) == [(hex_at(-2, 2), R)]


@pytest.mark.parametrize("hunter,prey", [("r", "s"), ("s", "p"), ("p", "r")])
def test_each_symbol_defeats_the_one_it_beats(hunter, prey):
    state = position(upper=[(0, 0, hunter)], lower=[(0, 1, prey), (-3, 0, "r")], throws=(2, 2))
    state.apply_joint([move(0, 0, 0, 1), move(-3, 0, -3, 1)])
    assert tokens_at(state, 0, 1) == [(0, hunter, 1)]


def test_a_token_moving_onto_its_hunter_is_defeated():
    state = position(upper=[(0, 0, "s")], lower=[(0, 1, "r")], throws=(2, 2))
    state.apply_joint([move(0, 0, 0, 1), throw("p", -4, 0)])
    assert tokens_at(state, 0, 1) == [(1, "r", 1)] and state.tokens(0) == []


def test_same_symbol_stacks_stay_and_are_counted():
    state = position(upper=[(0, 0, "r"), (2, 0, "r")], lower=[(0, 1, "r")], throws=(2, 2))
    state.apply_joint([move(0, 0, 0, 1), throw("r", -4, 0)])
    assert tokens_at(state, 0, 1) == [(0, "r", 1), (1, "r", 1)]
    state.apply_joint([move(2, 0, 1, 1), throw("r", -4, 1)])
    state.apply_joint([move(1, 1, 0, 1), move(-4, 0, -3, 0)])
    assert tokens_at(state, 0, 1) == [(0, "r", 2), (1, "r", 1)]
    assert state.tokens(0).count((hex_at(0, 1), R)) == 2


def test_own_tokens_battle_too():
    state = position(upper=[(0, 0, "r"), (0, 1, "s")], lower=[(-3, 0, "p")], throws=(2, 2))
    state.apply_joint([move(0, 0, 0, 1), move(-3, 0, -3, 1)])
    assert state.tokens(0) == [(hex_at(0, 1), R)]


def test_both_sides_landing_on_one_empty_hex_battle_there():
    state = position(upper=[(0, 0, "p")], lower=[(0, 2, "r")], throws=(2, 2))
    state.apply_joint([move(0, 0, 0, 1), move(0, 2, 0, 1)])
    assert tokens_at(state, 0, 1) == [(0, "p", 1)]


def test_tokens_swapping_hexes_pass_each_other():
    state = position(upper=[(0, 0, "r")], lower=[(0, 1, "s")], throws=(2, 2))
    state.apply_joint([move(0, 0, 0, 1), move(0, 1, 0, 0)])
    assert tokens_at(state, 0, 1) == [(0, "r", 1)] and tokens_at(state, 0, 0) == [(1, "s", 1)]


def test_a_throw_onto_a_token_battles():
    state = position(upper=[(-4, 0, "r")], lower=[(4, 0, "s"), (-4, 4, "s")], throws=(1, 1))
    # Upper's ninth throw may land anywhere: a rock thrown onto Lower's scissors defeats them
    state.apply_joint([throw("r", 4, 0), move(-4, 4, -3, 4)])
    assert tokens_at(state, 4, 0) == [(0, "r", 1)]


# ----- throws, slides and swings ---------------------------------------------------------------------
def test_the_nth_throw_lands_in_the_first_n_rows():
    state = SPEC.new(seed=3)
    for n in range(1, 10):
        upper_rows = {hex_coords(b)[0] for kind, s, b in map(decode, state.legal_actions(0)) if kind == "throw"}
        lower_rows = {hex_coords(b)[0] for kind, s, b in map(decode, state.legal_actions(1)) if kind == "throw"}
        assert upper_rows == set(range(4, 4 - n, -1)) and lower_rows == set(range(-4, -4 + n))
        assert state.throw_rows(0) == list(range(n)) and state.throw_rows(1) == list(range(9 - n, 9))
        check_legal(state)
        state.apply_joint([throw("r", 4, -4), throw("s", -4, 4)])  # stacks on the far corners
    assert state.throws_left == [0, 0]
    assert not any(decode(a)[0] == "throw" for p in (0, 1) for a in state.legal_actions(p))
    assert "thrown all nine" in state.why_not(0, throw("r", 4, -4))


def test_a_throw_outside_the_rows_is_explained():
    state = SPEC.new(seed=3)
    assert state.why_not(0, throw("p", 3, 0)) == "Upper's throw number 1 must land in the top 1 row"
    assert state.why_not(1, throw("p", -4, 0)) == ""


def test_slides_reach_only_the_hexes_on_the_board_next_to_the_token():
    corner = position(upper=[(4, -4, "r")], lower=[(-4, 4, "s")], throws=(1, 1))
    assert {to for _, to in split(corner, 0)[1]} == {(4, -3), (3, -4), (3, -3)}
    edge = position(upper=[(4, -2, "r")], lower=[(-4, 4, "s")], throws=(1, 1))
    assert len(split(edge, 0)[1]) == 4
    middle = position(upper=[(0, 0, "r")], lower=[(-4, 4, "s")], throws=(1, 1))
    assert {to for _, to in split(middle, 0)[1]} == set(neighbours(0, 0)) and len(neighbours(0, 0)) == 6


def test_swings_go_around_own_tokens_only_to_the_opposite_hexes():
    state = position(upper=[(0, 0, "r"), (0, 1, "p")], lower=[(1, -1, "s")], throws=(1, 1))
    moves = split(state, 0)[1]
    swings = {to for here, to in moves if here == (0, 0) and to not in neighbours(0, 0)}
    assert swings == {(1, 1), (0, 2), (-1, 2)}
    assert move(0, 0, 0, 2) in state.legal_actions(0) and move(0, 0, -1, 2) in state.legal_actions(0)
    # Lower's s has no own token next to it: it slides only, never around Upper's r
    assert {to for _, to in split(state, 1)[1]} == set(neighbours(1, -1))
    assert move(1, -1, -1, 1) not in state.legal_actions(1)
    assert "own tokens" in state.why_not(1, move(1, -1, -1, 1))
    check_legal(state)


def test_a_swing_text_two_steps_away_and_a_slide_next_door():
    state = position(upper=[(0, 0, "r"), (0, 1, "p")], lower=[(-4, 4, "s")], throws=(1, 1))
    assert action_text(move(0, 0, 0, 2)) == "swing 0 0 0 2"
    assert action_text(move(0, 0, 0, 1)) == "slide 0 0 0 1"
    assert state.parse_action("swing 0 0 0 2") == move(0, 0, 0, 2)
    assert state.parse_action("SLIDE (0, 0) (0, 1)") == move(0, 0, 0, 1)
    assert state.parse_action("throw R 4 -2") == throw("r", 4, -2)


def test_every_action_id_legal_somewhere_round_trips_through_its_text():
    state = SPEC.new(seed=0)
    ids = list(range(183)) + [183 + f * 61 + t for f in range(61) for t in range(61)
                                if rules.DISTANCE[f, t] in (1, 2)]
    coords = [hex_coords(h) for h in range(61)]
    two_steps = {(a, c) for a in coords for b in neighbours(*a) for c in neighbours(*b)
                 if c != a and c not in neighbours(*a)}
    assert len(ids) == 183 + sum(len(neighbours(*a)) for a in coords) + len(two_steps)
    for action in ids:
        text = state.action_to_string(action)
        assert state.parse_action(text) == action, text
        assert read_action_text(text) == action


@pytest.mark.parametrize("text", ["slide 0 0 0 2", "swing 0 0 0 1", "throw x 4 0", "throw r 5 0", "jump 0 0 1 1",
                                  "slide 0 0 a b", ""])
def test_bad_action_text_is_refused_with_a_reason(text):
    with pytest.raises(IllegalActionError):
        SPEC.new(seed=0).parse_action(text)


# ----- the end of the game ---------------------------------------------------------------------------
def test_1_no_tokens_and_no_throws_loses():
    # Lower's papers are also invincible against Upper's lone rock (condition 3), but 1 comes first
    state = position(upper=[(0, 0, "r")], lower=[(0, 1, "p"), (-3, 0, "p")], throws=(0, 1))
    state.apply_joint([move(0, 0, 0, 1), move(-3, 0, -3, 1)])
    assert state.is_terminal and state.end_reason == rules.END_ELIMINATED
    assert state.winner == 1 and state.returns() == [-1.0, 1.0]


def test_1_both_wiped_out_is_a_draw_before_anything_else():
    state = position(upper=[(0, 0, "r")], lower=[(0, 1, "s"), (1, 0, "p")], throws=(0, 0))
    state.apply_joint([move(0, 0, 0, 1), move(1, 0, 0, 1)])
    assert state.tokens(0) == [] and state.tokens(1) == []
    assert state.end_reason == rules.END_ELIMINATED and state.winner is None and state.returns() == [0.0, 0.0]


def test_1_a_player_with_throws_left_is_not_out():
    state = position(upper=[(0, 0, "r")], lower=[(0, 1, "p"), (-3, 0, "p")], throws=(1, 1))
    state.apply_joint([move(0, 0, 1, 0), move(0, 1, 1, 0)])
    assert state.tokens(0) == [] and not state.is_terminal


def test_2_both_invincible_is_a_draw_even_when_3_also_holds():
    # Upper's lone paper cannot be beaten (Lower has no scissors, no throws), nor can Lower's papers:
    # condition 3 (invincible vs a single token) also holds for Lower, but condition 2 comes first.
    state = position(upper=[(0, 0, "p")], lower=[(-3, 0, "p"), (-3, 1, "p")], throws=(0, 0))
    state.apply_joint([move(0, 0, 1, 0), move(-3, 0, -3, -1)])
    assert state.end_reason == rules.END_BOTH_INVINCIBLE and state.winner is None


def test_3_invincible_token_against_a_single_token_wins():
    state = position(upper=[(0, 0, "s"), (3, 0, "p")], lower=[(0, 1, "p"), (-3, 0, "p")], throws=(0, 0))
    # Upper's scissors are invincible (Lower has no rock and no throw); Lower's papers are not.
    state.apply_joint([move(0, 0, 0, 1), move(-3, 0, -3, 1)])
    assert state.end_reason == rules.END_INVINCIBLE and state.winner == 0 and state.returns() == [1.0, -1.0]


def test_3_waits_while_the_loser_has_two_tokens_or_a_throw():
    state = position(upper=[(0, 0, "s")], lower=[(2, 2, "p"), (-3, 0, "p")], throws=(0, 0))
    state.apply_joint([move(0, 0, 0, 1), move(-3, 0, -3, 1)])
    assert not state.is_terminal
    state = position(upper=[(0, 0, "s")], lower=[(0, 1, "p"), (-3, 0, "p")], throws=(0, 1))
    state.apply_joint([move(0, 0, 0, 1), move(-3, 0, -3, 1)])
    assert not state.is_terminal


def test_4_the_third_repetition_is_a_draw():
    state = position(upper=[(0, 0, "r")], lower=[(-3, 0, "r")], throws=(5, 5))
    there = [move(0, 0, 1, 0), move(-3, 0, -3, 1)]
    back = [move(1, 0, 0, 0), move(-3, 1, -3, 0)]
    for joint in (there, back, there):
        state.apply_joint(joint)
        assert not state.is_terminal
    state.apply_joint(back)  # the starting configuration for the third time
    assert state.end_reason == rules.END_REPETITION and state.winner is None


def test_4_throws_left_are_part_of_the_configuration():
    state = position(upper=[(0, 0, "r")], lower=[(-3, 0, "r")], throws=(5, 5))
    there = [move(0, 0, 1, 0), move(-3, 0, -3, 1)]
    back = [move(1, 0, 0, 0), move(-3, 1, -3, 0)]
    state.apply_joint(there)
    state.apply_joint(back)
    state.apply_joint([throw("r", 4, 0), move(-3, 0, -3, 1)])
    state.apply_joint([move(4, 0, 3, 0), move(-3, 1, -3, 0)])
    assert not state.is_terminal


def test_5_the_360th_turn_ends_in_a_draw():
    state = position(upper=[(0, 0, "r")], lower=[(-3, 0, "r")], throws=(5, 5), turn=358)
    state.apply_joint([move(0, 0, 1, 0), move(-3, 0, -3, 1)])
    assert not state.is_terminal and state.turn == 359
    state.apply_joint([move(1, 0, 2, 0), move(-3, 1, -3, 2)])
    assert state.turn == 360 and state.end_reason == rules.END_TURNS and state.returns() == [0.0, 0.0]


def test_4_comes_before_5():
    state = position(upper=[(0, 0, "r")], lower=[(-3, 0, "r")], throws=(5, 5), turn=356)
    there = [move(0, 0, 1, 0), move(-3, 0, -3, 1)]
    back = [move(1, 0, 0, 0), move(-3, 1, -3, 0)]
    for joint in (there, back, there, back):
        state.apply_joint(joint)
    assert state.turn == 360 and state.end_reason == rules.END_REPETITION


def test_result_text_names_the_reason():
    state = position(upper=[(0, 0, "r")], lower=[(0, 1, "s"), (1, 0, "p")], throws=(0, 0))
    state.apply_joint([move(0, 0, 0, 1), move(1, 0, 0, 1)])
    assert SPEC.definition().result_text(state) == "Draw: no tokens and no throws left"


# ----- information, history and random play ------------------------------------------------------------
def test_both_sides_tokens_are_public():
    state = SPEC.new(seed=2)
    state.apply_joint([throw("r", 4, 0), throw("s", -4, 0)])
    upper_view, lower_view = state.observation(0), state.observation(1)
    assert str(upper_view) == str(lower_view) and "R" in str(upper_view) and "s" in str(upper_view)
    assert np.array_equal(upper_view.state.array, state.array)


def test_a_joint_move_is_history_and_replays():
    state = SPEC.new(seed=2)
    state.apply_joint([throw("r", 4, 0), throw("s", -4, 0)])
    assert state.history == [[throw("r", 4, 0), throw("s", -4, 0)]]
    assert state.action_to_string(state.history[0]) == "Upper throw r 4 0, Lower throw s -4 0"
    assert np.array_equal(state.replayed(state.history).array, state.array)
    assert state.last_actions == [throw("r", 4, 0), throw("s", -4, 0)]


def beating_pairs(state):
    """Hexes where a symbol stands beside the symbol it beats (never after battles)."""
    bad = []
    for h in range(61):
        symbols = {s for _, s, _ in state.stack(h)}
        if any((s + 2) % 3 in symbols for s in symbols):
            bad.append(h)
    return bad


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_random_playouts_keep_the_invariants(seed):
    rng = random.Random(seed)
    state = SPEC.new(seed=seed)
    for _ in range(rng.randint(5, 80)):
        if state.is_terminal:
            break
        check_legal(state) if rng.random() < 0.2 else None
        state.apply_joint([rng.choice(state.legal_actions(0)), rng.choice(state.legal_actions(1))])
        left = state.throws_left
        assert all(0 <= x <= 9 for x in left)
        for player in (0, 1):
            assert len(state.tokens(player)) <= 9 - left[player]
        assert beating_pairs(state) == []
        assert state.turn == state.ply == len(state.history)
    if state.is_terminal:
        assert state.end_reason in range(1, 6) and sum(state.returns()) == 0
        assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    else:
        assert state.current_player == SIMULTANEOUS and state.end_reason == 0


def test_the_text_board_draws_every_token_and_stack():
    from tui_games.games.ropasci360.game import board_lines

    state = position(upper=[(4, -4, "r"), (0, 0, "r"), (0, 0, "r")], lower=[(0, 0, "r"), (-4, 4, "s")],
                     throws=(2, 3))
    assert board_lines(state) == [
        " 4     R . . . .",
        " 3    . . . . . .",
        " 2   . . . . . . .",
        " 1  . . . . . . . .",
        " 0 . . . . 2Rr . . . .",
        "-1  . . . . . . . .",
        "-2   . . . . . . .",
        "-3    . . . . . .",
        "-4     . . . . s",
    ]
    assert "Throws left: Upper 2, Lower 3" in str(state.observation(0))
    assert state.why_not(1, move(0, 1, 0, 2)) == "Lower has no token on 0 1"
    assert state.destinations(0, hex_at(4, -4)) == [hex_at(4, -3), hex_at(3, -4), hex_at(3, -3)]


def oracle_turn(state, joint):
    """Every token after the turn ``joint``, as a Counter of (player, symbol, hex), by the rules as
    written: both actions, then every hex holding more than one token battles."""
    from collections import Counter

    tokens = Counter((p, s, h) for p in (0, 1) for h, s in state.tokens(p))
    for player, action in enumerate(joint):
        kind, a, b = decode(action)
        if kind == "throw":
            tokens[(player, a, b)] += 1
        else:
            symbol = next(s for (p, s, h), n in tokens.items() if p == player and h == a and n > 0)
            tokens[(player, symbol, a)] -= 1
            tokens[(player, symbol, b)] += 1
    for h in range(61):
        here = {s for (p, s, hex_), n in tokens.items() if hex_ == h and n > 0}
        for s in here:
            if len(here) == 3 or (s + 1) % 3 in here:  # all three, or the symbol beating s is there
                for p in (0, 1):
                    tokens[(p, s, h)] = 0
    return +tokens


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_every_turn_matches_the_written_rules(seed):
    from collections import Counter

    rng = random.Random(seed)
    state = SPEC.new(seed=seed)
    for _ in range(60):
        if state.is_terminal:
            break
        joint = [rng.choice(state.legal_actions(0)), rng.choice(state.legal_actions(1))]
        expected = oracle_turn(state, joint)
        state.apply_joint(joint)
        assert Counter((p, s, h) for p in (0, 1) for h, s in state.tokens(p)) == expected
