"""Sim's exact endgame (max-n to the end with a transposition table) against a plain recursive search
written here from the rules as the module states them, and level 3's use of it."""

from __future__ import annotations

import itertools
import random

import pytest

from tui_games.engine.stopflag import StopFlag
from tui_games.games.sim import endgame, solver

from sim_positions import GREEN, RED, SPEC, play


def closes_triangle(state, edge: int, seat: int) -> bool:
    """True when ``edge`` would complete a triangle of ``seat``'s colour (from the colours alone)."""
    colours = state.colours
    a, b = state.edge_nodes(edge)
    return any(colours[state.edge_between(a, c)] == seat and colours[state.edge_between(b, c)] == seat
               for c in range(state.nodes) if c not in (a, b))


def plain_values(state) -> tuple[float, ...]:
    """Max-n without a table, equally good moves averaged; a seat closes its own triangle only when it
    has no safe edge or every safe edge loses for it as well."""
    if state.is_terminal:
        return tuple(state.returns())
    mover = state.current_player
    children = {}
    for edge in state.legal_actions():
        child = state.clone()
        child.apply(edge)
        children[edge] = plain_values(child)
    safe = [edge for edge in children if not closes_triangle(state, edge, mover)]
    if safe and max(children[edge][mover] for edge in safe) > -1.0 + 1e-6:
        children = {edge: children[edge] for edge in safe}
    best = max(vector[mover] for vector in children.values())
    if best == 1.0:  # every winning line ends alike
        tied = [next(vector for vector in children.values() if vector[mover] == 1.0)]
    else:
        tied = [vector for vector in children.values() if vector[mover] > best - 1e-6]
    return tuple(sum(vector[seat] for vector in tied) / len(tied) for seat in range(state.num_players))


def random_position(rng: random.Random, free: int, **params):
    """A game played by random safe edges until ``free`` edges are left (None if it ended first)."""
    state = SPEC.new(**params)
    while len(state.legal_actions()) > free:
        if state.is_terminal:
            return None
        legal = state.legal_actions()
        safe = [edge for edge in legal if not closes_triangle(state, edge, state.current_player)]
        state.apply(rng.choice(safe or legal))
    return None if state.is_terminal else state


@pytest.mark.parametrize("params", [{"nodes": 5, "players": 3}, {"nodes": 6, "players": 3},
                                    {"nodes": 6, "players": 3, "coalition": "1-2"}, {"nodes": 7, "players": 3}])
def test_the_endgame_matches_a_plain_search_without_a_table(params):
    rng = random.Random(11)
    checked = 0
    while checked < 6:
        state = random_position(rng, 7, **params)
        if state is None:
            continue
        solved = endgame.solve_actions(state, StopFlag())
        assert set(solved) == set(state.legal_actions())
        for edge, vector in solved.items():
            child = state.clone()
            child.apply(edge)
            assert vector == pytest.approx(plain_values(child), abs=1e-5), (params, state.history, edge)
        checked += 1


def test_for_two_seats_the_endgame_agrees_with_the_exact_solution():
    rng = random.Random(3)
    for _ in range(8):
        state = random_position(rng, 9, nodes=6)
        if state is None:
            continue
        mover = state.current_player
        exact = solver.action_values(state)
        solved = endgame.solve_actions(state, StopFlag())
        assert {edge: round(vector[mover]) for edge, vector in solved.items()} == exact


def test_with_two_seats_left_red_takes_the_one_edge_that_forces_blue_out():
    # Six nodes, three seats: Green went out on a-e (a-c-e); a-d, b-d and d-f are free and Red is to
    # move. After a-d both edges left close a Blue triangle (b-d-e, d-e-f): Red wins. d-f closes Red's
    # own c-d-f at once, and after b-d Blue takes the safe a-d and leaves Red only d-f.
    state = play(SPEC.new(nodes=6, players=3), "b-f", "b-e", "c-e", "a-f", "a-b", "a-c", "c-f", "e-f", "b-c",
                 "c-d", "d-e", "a-e")
    assert state.seats_out == [GREEN] and state.current_player == RED
    solved = endgame.solve_actions(state, StopFlag())
    a_d, b_d, d_f = (state.parse_action(name) for name in ("a-d", "b-d", "d-f"))
    assert solved == {a_d: (1.0, -1.0, -1.0), b_d: (-1.0, 1.0, -1.0), d_f: (-1.0, 1.0, -1.0)}
    for edge, vector in solved.items():
        child = state.clone()
        child.apply(edge)
        assert vector == pytest.approx(plain_values(child))
    for seed in range(3):
        assert SPEC.ai(3, seed=seed).choose(state.clone()) == a_d


def test_a_stopped_search_answers_nothing_and_stores_nothing_it_did_not_finish():
    state = SPEC.new(nodes=8, players=3)
    flag = StopFlag(budget=5_000)
    table = endgame.table_for(8, 3, False)
    before = table.filled
    assert endgame.solve_actions(state, flag) is None
    assert flag.aborted
    solved_positions = table.filled - before
    assert solved_positions * table.keys.shape[0] < 5_000  # only the finished subtrees were kept


def test_level_three_takes_the_winning_edge_of_an_endgame_in_every_variant():
    rng = random.Random(8)
    found = 0
    for params in itertools.cycle([{"nodes": 6, "players": 3}, {"nodes": 7, "players": 3},
                                   {"nodes": 6, "players": 3, "coalition": "1-2"}, {"nodes": 7}]):
        if found >= 8:
            break
        state = random_position(rng, 8, **params)
        if state is None:
            continue
        mover = state.current_player
        solved = endgame.solve_actions(state, StopFlag())
        top = max(vector[mover] for vector in solved.values())
        if top < 1.0 or min(vector[mover] for vector in solved.values()) == top:
            continue  # not a position where one move wins and another does not
        assert solved[SPEC.ai(3, seed=found).choose(state)][mover] == top
        found += 1


def test_in_a_lost_position_level_three_leaves_the_opponent_the_fewest_winning_replies():
    rng = random.Random(21)
    checked = 0
    while checked < 3:
        state = random_position(rng, 9, nodes=7)
        if state is None:
            continue
        mover = state.current_player
        solved = endgame.solve_actions(state, StopFlag())
        if max(vector[mover] for vector in solved.values()) > -1.0:
            continue  # the mover is not lost here
        shares = {}
        for edge in solved:
            child = state.clone()
            child.apply(edge)
            if child.is_terminal:
                shares[edge] = 1.0
                continue
            replies = endgame.solve_actions(child, StopFlag())
            winning = [reply for reply, vector in replies.items() if vector[1 - mover] == 1.0]
            shares[edge] = len(winning) / len(replies)
        if len(set(shares.values())) == 1:
            continue  # nothing to choose between
        player = SPEC.ai(3, seed=checked)
        player.think_seconds = 30.0  # no time limit gets in the way of the comparison
        choice = player.choose(state)
        assert shares[choice] == min(shares.values()), (state.history, shares, choice)
        checked += 1
