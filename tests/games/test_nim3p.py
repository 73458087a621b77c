"""Nim3P: rules, the on/off extra rule (also on the command line), max-n values of every position
against a brute-force search written here and against the engine's max-n, random playouts, AI levels."""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games import catalog
from tui_games.cli import _start_from_args, build_parser
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.engine.maxn import MaxN
from tui_games.games.nim3p import rules, solver
from tui_games.games.nim3p.game import KERNELS

SPEC = catalog.get("nim3p")


def position(heaps: list[int], to_move: int = 0, extra_rule: str = "off", size: int | None = None):
    """A Nim3P state with these heap sizes and this seat to move."""
    state = SPEC.new(heaps=len(heaps), size=size or max(max(heaps), 1), extra_rule=extra_rule)
    state.array[rules.HEAPS:rules.HEAPS + len(heaps)] = heaps
    state.array[0] = to_move
    return state


# ----- rules ---------------------------------------------------------------------------------------

def test_start_numbering_and_turn_order():
    state = SPEC.new(heaps=3, size=5)
    assert state.heaps == [5, 5, 5] and state.num_players == 3 and state.max_take == 5
    assert state.legal_actions() == list(range(15))  # (take - 1) * N + heap, any take up to the heap
    assert state.action_to_string(7) == "take 3 from heap 2"
    for mover, text in enumerate(["take 3 from heap 2", "5 1", "1, 3"]):
        assert state.current_player == mover
        state.apply(state.parse_action(text))
    assert state.heaps == [0, 2, 4] and state.current_player == 0


def test_the_player_after_the_one_who_takes_the_last_item_wins():
    for taker in range(3):
        state = position([0, 2, 0], to_move=taker)
        state.apply(state.parse_action("take 2 from heap 2"))
        winner = (taker + 1) % 3
        assert state.is_terminal and state.winner == winner
        expected = [0.0, 0.0, 0.0]
        expected[winner] = 1.0
        assert state.returns() == expected


def test_the_extra_rule_gives_the_player_after_the_winner_a_fifth():
    state = position([1], to_move=2, extra_rule="on")
    state.apply(0)
    assert state.winner == 0 and state.returns() == [1.0, 0.2, 0.0]
    assert state.outcome().places == (1, 2, 3) and state.outcome().winners == (0,)


@pytest.mark.parametrize(("text", "reason"), [("take 1 from heap 2", "heap 2 is empty"),
                                              ("take 3 from heap 3", "heap 3 has only 2 items"),
                                              ("take 1 from heap 1", "heap 1 is empty")])
def test_illegal_moves_are_refused_with_the_reason(text, reason):
    state = position([0, 0, 2], size=5)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(state.parse_action(text))
    assert state.heaps == [0, 0, 2] and state.history == []


def test_unparseable_moves_and_bad_parameters_are_explained():
    state = SPEC.new()
    with pytest.raises(IllegalActionError, match="no heap 4"):
        state.parse_action("take 1 from heap 4")
    with pytest.raises(IllegalActionError, match="not a move"):
        state.parse_action("all of them")
    with pytest.raises(InvalidParameterError, match="heaps must be at most 6"):
        SPEC.new(heaps=7)
    with pytest.raises(InvalidParameterError, match="size must be at most 9"):
        SPEC.new(size=10)
    assert (SPEC.param("heaps").maximum, SPEC.param("size").maximum) == (rules.MAX_HEAPS, rules.MAX_SIZE)


@pytest.mark.parametrize(("given", "meant"), [("on", "on"), ("ON", "on"), ("true", "on"), ("Yes", "on"),
                                              ("1", "on"), (True, "on"), (1, "on"), ("off", "off"),
                                              ("false", "off"), ("no", "off"), ("0", "off"), (False, "off"),
                                              (0, "off")])
def test_the_extra_rule_reads_every_way_of_saying_on_and_off(given, meant):
    state = SPEC.new(extra_rule=given)
    assert state.params["extra_rule"] == meant and state.extra_rule is (meant == "on")


@pytest.mark.parametrize("bad", ["maybe", "2", 2, "", None, 0.5])
def test_other_values_of_the_extra_rule_are_refused(bad):
    with pytest.raises(InvalidParameterError, match="extra_rule is on or off"):
        SPEC.new(extra_rule=bad)


def test_the_command_line_sets_the_extra_rule():
    for text, meant in (("extra_rule=yes", "on"), ("extra-rule=0", "off"), ("extra_rule=TRUE", "on")):
        args = build_parser().parse_args(["play", "nim3p", "--set", text])
        start = _start_from_args(args)
        assert start["params"]["extra_rule"] == meant and len(start["seats"]) == 3
    with pytest.raises(InvalidParameterError, match="on or off"):
        _start_from_args(build_parser().parse_args(["play", "nim3p", "--set", "extra_rule=perhaps"]))


# ----- max-n values ----------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def brute_force(heaps: tuple[int, ...], mover: int, extra: bool) -> tuple[float, ...]:
    """Max-n by plain recursion over the rules as the seed states them (independent of the kernels):
    moves in the order take 1 from heap 1, 2, ..., then take 2 ...; the first best move is kept."""
    best = None
    following = (mover + 1) % 3
    for take in range(1, max(heaps) + 1):
        for heap, size in enumerate(heaps):
            if size < take:
                continue
            child = heaps[:heap] + (size - take,) + heaps[heap + 1:]
            if sum(child) == 0:
                value = [0.0, 0.0, 0.0]
                value[following] = 1.0
                if extra:
                    value[(following + 1) % 3] = 0.2
                value = tuple(value)
            else:
                value = brute_force(child, following, extra)
            if best is None or value[mover] > best[mover]:
                best = value
    return best


def terminal_returns(heaps_mover: int, extra: bool) -> tuple[float, ...]:
    """The returns when ``heaps_mover`` has just taken the last item."""
    value = [0.0, 0.0, 0.0]
    winner = (heaps_mover + 1) % 3
    value[winner] = 1.0
    if extra:
        value[(winner + 1) % 3] = 0.2
    return tuple(value)


@lru_cache(maxsize=None)
def brute_hope(heaps: tuple[int, ...], mover: int, me: int, extra: bool) -> float:
    """``me``'s expected return when it plays the max-n moves (the best hope among them) and the two
    others move uniformly at random, by plain recursion."""
    children = []
    for take in range(1, max(heaps) + 1):
        for heap, size in enumerate(heaps):
            if size >= take:
                children.append(heaps[:heap] + (size - take,) + heaps[heap + 1:])
    following = (mover + 1) % 3

    def value(child):
        return terminal_returns(mover, extra) if not any(child) else brute_force(child, following, extra)

    def hope(child):
        return terminal_returns(mover, extra)[me] if not any(child) else brute_hope(child, following, me, extra)

    if me != mover:
        return sum(hope(child) for child in children) / len(children)
    top = max(value(child)[mover] for child in children)
    return max(hope(child) for child in children if value(child)[mover] == top)


@pytest.mark.parametrize("extra", [False, True], ids=["plain", "extra-rule"])
@pytest.mark.parametrize(("heaps", "size"), [(2, 4), (3, 3)])
def test_every_positions_hope_matches_brute_force(heaps, size, extra):
    for sizes in itertools.product(range(size + 1), repeat=heaps):
        if not any(sizes):
            continue
        for mover in range(3):
            state = position(list(sizes), to_move=mover, extra_rule="on" if extra else "off", size=size)
            hope = solver.position_hope(state)
            for me in range(3):
                assert hope[me] == pytest.approx(brute_hope(tuple(sizes), mover, me, extra)), (sizes, mover, me)


@pytest.mark.parametrize("extra", [False, True], ids=["plain", "extra-rule"])
@pytest.mark.parametrize(("heaps", "size"), [(1, 9), (2, 6), (3, 4), (4, 3), (6, 1)])
def test_every_positions_value_matches_brute_force(heaps, size, extra):
    checked = 0
    for sizes in itertools.product(range(size + 1), repeat=heaps):
        if not any(sizes):
            continue
        for mover in range(3):
            state = position(list(sizes), to_move=mover, extra_rule="on" if extra else "off", size=size)
            assert solver.position_value(state) == brute_force(tuple(sizes), mover, extra), (sizes, mover)
            checked += 1
    assert checked == 3 * ((size + 1) ** heaps - 1)


def test_known_values():
    # One item: its taker hands the win to the next player.
    assert solver.position_value(position([1], to_move=0)) == (0.0, 1.0, 0.0)
    # Two items in one heap with the extra rule: leave one, and the player after next wins while the
    # mover, right after the winner, gets the 0.2 (taking both would give it nothing).
    two = position([2], extra_rule="on")
    assert solver.action_values(two) == {0: (0.2, 0.0, 1.0), 1: (0.0, 1.0, 0.2)}
    assert solver.position_value(two) == (0.2, 0.0, 1.0) and solver.best_action(two) == 0
    # Without the extra rule every move of Player A gives it 0: the first (take one) is max-n's choice.
    assert solver.position_value(position([2])) == (0.0, 0.0, 1.0)
    # The default start, 3 heaps of 5: Player A wins with perfect play (0.2 to Player B under the extra rule).
    assert solver.position_value(SPEC.new()) == (1.0, 0.0, 0.0)
    assert solver.position_value(SPEC.new(extra_rule="on")) == (1.0, 0.2, 0.0)


def test_the_engines_max_n_finds_the_same_values_to_the_end_of_the_game():
    for heaps, extra in (([3, 3, 2], "off"), ([2, 3, 3], "on"), ([4, 1, 0, 2], "on")):
        for mover in range(3):
            state = position(heaps, to_move=mover, extra_rule=extra)
            result = MaxN(KERNELS, max_depth=sum(heaps)).search(state.array)
            assert {a: tuple(v) for a, v in result.values.items()} == solver.action_values(state)
            assert result.best_action == solver.first_best_action(state)
            best = solver.action_values(state)[solver.best_action(state)][mover]
            assert best == max(vector[mover] for vector in result.values.values())


def test_the_value_table_is_rotated_for_the_seat_to_move():
    table = solver.value_table(3, 3, True)
    assert table.shape == (4 ** 3, 6) and not table.flags.writeable
    row = table[solver.configuration_index(position([1, 2, 3]).array, 4)]
    for mover in range(3):
        vector = solver.position_value(position([1, 2, 3], to_move=mover, extra_rule="on", size=3))
        assert vector == tuple(float(row[(seat - mover) % 3]) for seat in range(3))


# ----- random play -----------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(heaps=st.integers(1, 6), size=st.integers(1, 9), extra=st.booleans(),
       choices=st.lists(st.integers(0, 10_000), min_size=60, max_size=60))
def test_random_playouts_keep_the_rules(heaps, size, extra, choices):
    state = SPEC.new(heaps=heaps, size=size, extra_rule=extra)
    items = heaps * size
    last_mover = None
    for pick in choices:
        if state.is_terminal:
            break
        legal = state.legal_actions()
        assert legal == sorted(legal) and len(legal) == sum(state.heaps)  # one move per (heap, take)
        assert all(0 < state.decode(a)[1] <= state.heaps[state.decode(a)[0]] for a in legal)
        mover = state.current_player
        assert last_mover is None or mover == (last_mover + 1) % 3
        action = legal[pick % len(legal)]
        state.apply(action)
        items -= state.decode(action)[1]
        assert sum(state.heaps) == items and state.ply == len(state.history)
        last_mover = mover
    assert state.is_terminal == (items == 0)
    if state.is_terminal:
        winner = (last_mover + 1) % 3
        expected = np.zeros(3)
        expected[winner] = 1.0
        expected[(winner + 1) % 3] = 0.2 if extra else 0.0
        assert state.winner == winner and state.returns() == list(expected)
        assert state.legal_actions() == []
        with pytest.raises(IllegalActionError):
            state.apply(0)


# ----- AI --------------------------------------------------------------------------------------------

def test_the_perfect_level_plays_the_max_n_move_and_its_hint_shows_every_vector():
    state = position([2], extra_rule="on")
    player = SPEC.ai(3)
    assert player.choose(state) == solver.best_action(state) == 0
    hint = player.hint(state)
    assert hint.best == 0 and hint.values == {0: "0.2/0/1", 1: "0/1/0.2"}
    assert "Player A/Player B/Player C" in hint.summary


def test_max_n_players_take_better_places_than_random_ones():
    from tui_games.arena import run_places_arena

    result = run_places_arena("nim3p", [3, 1, 1], 30, seed=2)
    perfect, randoms = result.mean_place(0)[0], (result.mean_place(1)[0], result.mean_place(2)[0])
    assert perfect < min(randoms)
    assert result.mean_return(0) > max(result.mean_return(1), result.mean_return(2))


def test_every_level_gives_a_legal_move():
    state = SPEC.new(heaps=4, size=4, extra_rule="on")
    for level in range(1, SPEC.max_level + 1):
        assert SPEC.ai(level, seed=level).choose(state.clone()) in state.legal_actions()


def test_the_arena_takes_the_third_seat_on_the_command_line(capsys):
    from tui_games.cli import main

    assert main(["arena", "nim3p", "--a", "ai:3", "--b", "ai:2", "--c", "ai:1", "--games", "3", "--set",
                 "extra_rule=on", "--quiet"]) == 0
    assert "Nim3P: 3 seats, 3 games, seats rotating every game" in capsys.readouterr().out
    assert main(["arena", "nim3p", "--a", "ai:3", "--b", "ai:2", "--games", "1", "--quiet"]) == 2
    assert "takes 3 players, not 2" in capsys.readouterr().err
