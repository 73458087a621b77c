"""Sim: the edge numbering, triangles, the three-player elimination and its ties, the coalition, known
small-board results (the solver against a brute force written here), random playouts, AI levels."""

from __future__ import annotations

import itertools
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.outcome import SeatOutcome, Termination
from tui_games.games.sim import board, solver
from tui_games.games.sim.game import result_text

from sim_positions import BLUE, GREEN, RED, SPEC, play


def triangles(state, seat: int) -> list[tuple[int, int, int]]:
    """Every triangle whose three edges are ``seat``'s (found here from the colours, not the kernels)."""
    colours = state.colours
    return [(a, b, c) for a, b, c in itertools.combinations(range(state.nodes), 3)
            if all(colours[state.edge_between(x, y)] == seat for x, y in ((a, b), (a, c), (b, c)))]


# ----- the board --------------------------------------------------------------------------------------

def test_edges_are_numbered_pair_by_pair():
    state = SPEC.new(nodes=5)
    pairs = [(a, b) for a in range(5) for b in range(a + 1, 5)]
    assert state.legal_actions() == list(range(10))
    assert [state.edge_nodes(edge) for edge in range(10)] == pairs
    assert [state.edge_between(b, a) for a, b in pairs] == list(range(10))
    assert [state.action_to_string(edge) for edge in (0, 3, 4, 9)] == ["a-b", "a-e", "b-c", "d-e"]
    assert state.parse_action("c-a") == state.parse_action("1 3") == state.parse_action("ac") == 1
    assert board.edge_pairs(5) == tuple(pairs)
    big = SPEC.new(nodes=12)
    assert big.legal_actions() == list(range(66)) and big.action_to_string(65) == "k-l"


@pytest.mark.parametrize(("text", "reason"), [("a-a", "two different nodes"), ("a-f", "nodes are a-e"),
                                              ("0-2", "nodes are a-e"), ("triangle", "not an edge")])
def test_bad_edge_names_are_explained(text, reason):
    with pytest.raises(IllegalActionError, match=reason):
        SPEC.new(nodes=5).parse_action(text)


def test_a_coloured_edge_cannot_be_coloured_again():
    state = play(SPEC.new(), "a-b")
    with pytest.raises(IllegalActionError, match="a-b is already Red's"):
        state.apply(state.parse_action("b-a"))
    assert state.history == [0] and state.current_player == BLUE


def test_parameters_are_checked():
    for bad, reason in (({"nodes": 13}, "nodes must be at most 12"), ({"nodes": 2}, "at least 3"),
                        ({"players": 4}, "players must be at most 3"), ({"coalition": "2-3"}, "none, 1-2")):
        with pytest.raises(InvalidParameterError, match=reason):
            SPEC.new(**bad)


# ----- two players -------------------------------------------------------------------------------------

def test_completing_a_triangle_of_your_colour_loses():
    state = play(SPEC.new(nodes=6), "a-b", "d-e", "a-c", "d-f")
    assert not state.would_lose(state.parse_action("b-c"), BLUE)
    assert state.would_lose(state.parse_action("b-c"), RED)
    play(state, "b-c")
    assert state.is_terminal and state.winner == BLUE and state.returns() == [-1.0, 1.0]
    assert state.seats_out == [RED] and state.losing_triangle(RED) == (1, 2, 0)
    assert result_text(state) == "Blue wins"


def test_mixed_triangles_do_not_count_and_a_full_small_board_is_a_draw():
    # K = 4: Red a-b, a-c, b-d; Blue c-d, a-d, b-c: no triangle of one colour, every edge coloured.
    state = play(SPEC.new(nodes=4), "a-b", "c-d", "a-c", "a-d", "b-d", "b-c")
    assert state.is_terminal and state.winner is None and state.returns() == [0.0, 0.0]
    assert triangles(state, RED) == [] and triangles(state, BLUE) == []
    assert state.outcome().termination is Termination.DRAW and result_text(state).startswith("Draw")


# ----- three players -------------------------------------------------------------------------------------

def test_a_player_who_completes_a_triangle_is_out_and_the_other_two_play_on_to_a_tie():
    state = play(SPEC.new(nodes=5, players=3), "a-b", "a-d", "a-e", "a-c", "b-e", "b-d")
    assert state.current_player == RED
    play(state, "b-c")  # Red completes a-b-c
    assert not state.is_terminal and state.seats_out == [RED] and state.current_player == BLUE
    play(state, "c-d")
    assert state.current_player == GREEN
    play(state, "c-e")
    assert state.current_player == BLUE  # Red is skipped
    play(state, "d-e")
    assert state.is_terminal and state.legal_actions() == []
    assert state.returns() == [-1.0, 0.0, 0.0] and state.winner is None
    outcome = state.outcome()
    assert outcome.termination is Termination.ELIMINATION and outcome.winners == ()
    assert [outcome.seat_outcome(seat) for seat in range(3)] == [SeatOutcome.LOST, SeatOutcome.DRAWN,
                                                                  SeatOutcome.DRAWN]
    assert outcome.places == (3, 1, 1)
    assert result_text(state) == "Red out; Blue and Green tie"


def test_the_second_player_out_leaves_the_last_one_the_winner():
    state = play(SPEC.new(nodes=6, players=3), "a-b", "a-d", "a-e", "a-c", "b-e", "b-d", "b-c")
    play(state, "d-e", "c-f", "c-d")  # Blue d-e; Green c-f; Blue c-d (Blue: a-d, b-e, d-e, c-d)
    assert state.current_player == GREEN and not state.is_terminal
    play(state, "d-f", "e-f")  # Green d-f; Blue e-f (Blue has d-e, e-f but not d-f)
    play(state, "a-f")  # Green: a-e, b-d, c-f, d-f, a-f: still no triangle of its own
    play(state, "c-e")  # Blue: c-d, d-e, c-e make a triangle: Blue is out, Green wins
    assert state.is_terminal and state.seats_out == [RED, BLUE] and state.winner == GREEN
    assert state.returns() == [-1.0, -1.0, 1.0]
    assert state.outcome().termination is Termination.ELIMINATION and state.outcome().winners == (GREEN,)
    assert result_text(state) == "Green wins (Red and Blue out)"


def test_a_full_board_with_nobody_out_is_a_three_way_tie():
    # K = 4, three players: each colours two edges, and two edges can never make a triangle.
    state = play(SPEC.new(nodes=4, players=3), "a-b", "a-c", "a-d", "b-c", "b-d", "c-d")
    assert state.is_terminal and state.returns() == [0.0, 0.0, 0.0]
    assert state.outcome().termination is Termination.DRAW


def test_the_coalition_ends_the_game_at_the_first_triangle():
    lone = play(SPEC.new(nodes=6, players=3, coalition="1-2"), "a-b", "c-d", "e-f", "a-c", "d-e", "b-f", "b-c")
    assert lone.is_terminal and lone.returns() == [-1.0, 1.0, 1.0] and lone.winner is None
    assert lone.outcome().winners == (BLUE, GREEN)
    assert result_text(lone) == "Blue and Green win (Red's triangle)"
    team = play(SPEC.new(nodes=6, players=3, coalition="1-2"), "a-b", "c-d", "a-f", "a-c", "d-e", "b-f", "b-d",
                "c-e")
    assert team.is_terminal and team.returns() == [1.0, -1.0, -1.0] and team.winner == RED
    assert result_text(team) == "Red wins (Blue's triangle)"


def test_the_coalition_needs_three_players():
    state = SPEC.new(nodes=6, players=2, coalition="1-2")
    assert not state.coalition
    assert SPEC.new(players=3, coalition="1-2").coalition


# ----- known results -------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def brute_value(nodes: int, colours: tuple[int, ...]) -> int:
    """Two-seat Sim by plain minimax over the rules as the seed states them: +1 / 0 / -1 for the mover."""
    pairs = list(itertools.combinations(range(nodes), 2))
    index = {pair: i for i, pair in enumerate(pairs)}
    mover = 0 if colours.count(0) == colours.count(1) else 1
    best = -2
    for edge, owner in enumerate(colours):
        if owner != -1:
            continue
        a, b = pairs[edge]
        closes = any(colours[index[tuple(sorted((a, c)))]] == mover and colours[index[tuple(sorted((b, c)))]] == mover
                     for c in range(nodes) if c not in (a, b))
        after = colours[:edge] + (mover,) + colours[edge + 1:]
        value = -1 if closes else (0 if -1 not in after else -brute_value(nodes, after))
        best = max(best, value)
    return best


@pytest.mark.parametrize(("nodes", "value"), [(3, solver.DRAW), (4, solver.DRAW), (5, solver.DRAW)])
def test_small_boards_are_draws_as_brute_force_finds(nodes, value):
    edges = nodes * (nodes - 1) // 2
    assert brute_value(nodes, (-1,) * edges) == value
    assert solver.position_value(SPEC.new(nodes=nodes)) == value
    state = play(SPEC.new(nodes=nodes), "a-b")
    assert solver.position_value(state) == brute_value(nodes, (0,) + (-1,) * (edges - 1))


def test_on_six_nodes_the_second_player_wins():
    state = SPEC.new(nodes=6)
    assert solver.position_value(state) == solver.LOSS
    assert set(solver.action_values(state).values()) == {solver.LOSS}  # every first move loses
    hint = SPEC.ai(3).hint(state)
    assert set(hint.values.values()) == {"loses"} and "perfect" in hint.summary


def test_the_solver_agrees_with_brute_force_in_the_middle_of_six_node_games():
    import random

    rng = random.Random(4)
    checked = 0
    while checked < 12:
        state = SPEC.new(nodes=6)
        for _ in range(rng.randrange(7, 11)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        assert solver.position_value(state) == brute_value(6, tuple(state.colours))
        checked += 1


def test_the_strong_level_wins_every_six_node_game_as_second_player():
    for seed in range(4):
        for opponent in (1, 2):
            state = SPEC.new(nodes=6)
            players = [SPEC.ai(opponent, seed=seed), SPEC.ai(3, seed=seed)]
            while not state.is_terminal:
                state.apply(players[state.current_player].choose(state))
            assert state.winner == BLUE, (seed, opponent, state.history)


# ----- random play ---------------------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(nodes=st.integers(3, 9), players=st.sampled_from([2, 3]), coalition=st.sampled_from(["none", "1-2"]),
       picks=st.lists(st.integers(0, 10_000), min_size=36, max_size=36))
def test_random_playouts_keep_the_rules(nodes, players, coalition, picks):
    state = SPEC.new(nodes=nodes, players=players, coalition=coalition)
    teams = state.coalition
    last = None
    for pick in picks:
        if state.is_terminal:
            break
        mover = state.current_player
        assert mover not in state.seats_out
        if last is not None:  # turns go round, skipping the seats out
            expected = (last + 1) % players
            while expected in state.seats_out:
                expected = (expected + 1) % players
            assert mover == expected
        legal = state.legal_actions()
        assert legal == [edge for edge, owner in enumerate(state.colours) if owner < 0]
        edge = legal[pick % len(legal)]
        closes = state.would_lose(edge, mover)
        state.apply(edge)
        assert bool(triangles(state, mover)) == closes
        assert (mover in state.seats_out) == closes
        last = mover
    out = state.seats_out
    for seat in range(players):
        assert bool(triangles(state, seat)) == (seat in out)  # only the seats out have a triangle
    if not state.is_terminal:
        assert all(v == 0.0 for v in state.returns()) and len(out) <= (0 if players == 2 or teams else 1)
        return
    returns = state.returns()
    full = -1 not in state.colours
    if teams:
        assert len(out) <= 1 and (out or full)
        if out:
            assert returns == ([-1.0, 1.0, 1.0] if out == [RED] else [1.0, -1.0, -1.0])
    elif players == 2:
        assert returns == ([0.0, 0.0] if not out else [1.0 if seat not in out else -1.0 for seat in range(2)])
    else:
        assert len(out) == 2 or full
        for seat in range(3):
            assert returns[seat] == (-1.0 if seat in out else (1.0 if len(out) == 2 else 0.0))
    assert state.outcome() is not None and result_text(state)


# ----- AI ------------------------------------------------------------------------------------------------

def test_the_beginner_never_completes_its_own_triangle_when_it_need_not():
    state = play(SPEC.new(nodes=6), "a-b", "d-e", "a-c", "d-f")
    player = SPEC.ai(1, seed=3)
    for _ in range(20):
        assert player.choose(state) != state.parse_action("b-c")


def test_every_level_moves_legally_in_every_variant():
    for params in ({"nodes": 7}, {"nodes": 6, "players": 3}, {"nodes": 6, "players": 3, "coalition": "1-2"}):
        state = play(SPEC.new(**params), "a-b", "c-d")
        for level in range(1, SPEC.max_level + 1):
            player = SPEC.ai(level, seed=level)
            if level == 3:
                player.think_seconds = 0.2
            assert player.choose(state.clone()) in state.legal_actions()
        hint = SPEC.ai(3).hint(state) if params.get("players") == 3 else None
        if hint is not None:
            assert set(hint.values) == set(state.legal_actions())
            assert "playouts" in hint.summary and "Green to move" in hint.summary


def test_the_arena_seats_three_players_and_reports_places(capsys):
    from tui_games.cli import main

    assert main(["arena", "sim", "--a", "ai:2", "--b", "ai:1", "--c", "ai:1", "--games", "3", "--set", "nodes=5",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Sim: 3 seats, 3 games, seats rotating every game" in out
    rows = [line.split() for line in out.splitlines() if line.startswith("  ") and "AI" in line]
    assert [row[0] for row in rows] == ["A", "B", "C"]
