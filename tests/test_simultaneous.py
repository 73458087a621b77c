"""Simultaneous moves, proven on rock-paper-scissors (a test game folder in tests/toy_catalog, added to
the catalogue only while these tests run): per-seat legal actions, joint moves and their refusals,
history, clones, replays and saves of joint moves, undo and redo, and AIs answering for one seat."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toy_catalog import registered
from toy_catalog.rps.spec import SPEC as RPS
from tui_games import catalog
from tui_games.core import registry
from tui_games.core.errors import IllegalActionError, SaveFileError
from tui_games.core.players import SIMULTANEOUS, TERMINAL
from tui_games.engine.matrix_game import exploitability, payoff_table, solve
from tui_games.engine.players import MatrixGamePlayer, RandomPlayer
from tui_games.match import Match, Seat
from tui_games.store import saves
from tui_games.table import MoveRequest, PlayerCache

ROCK, PAPER, SCISSORS = 0, 1, 2
THROWS = ("rock", "paper", "scissors")


@pytest.fixture
def rps():
    """Rock-paper-scissors in the catalogue for one test."""
    with registered(RPS):
        yield RPS


def choose_for_ais(match: Match, players: PlayerCache) -> bool:
    """Let every AI seat still to choose make its secret choice, as a table's AI seats would; True when
    that completed the joint move."""
    played = False
    for seat in [s for s in match.seats_to_choose if match.seats[s].is_ai]:
        played = match.choose_for(seat, players.move(MoveRequest.for_seat(match, seat)))
    return played


def points(mine: int, theirs: int, rock_win: int = 1) -> int:
    """What ``mine`` scores against ``theirs`` by the rules as written (an oracle beside the kernels)."""
    wins = {(ROCK, SCISSORS), (SCISSORS, PAPER), (PAPER, ROCK)}
    if (mine, theirs) in wins:
        return rock_win if mine == ROCK else 1
    if (theirs, mine) in wins:
        return -(rock_win if theirs == ROCK else 1)
    return 0


# ----- the catalogue hook -----------------------------------------------------------------------------
def test_test_games_are_in_the_catalogue_only_while_registered():
    assert RPS.id not in catalog.ids()
    with registered(RPS):
        assert catalog.ids()[-1] == RPS.id and catalog.get(RPS.id) is RPS
        with pytest.raises(ValueError, match="already has"):
            registry.register(RPS)
        with pytest.raises(ValueError, match="already has"):
            registry.register(catalog.get("nim"))
    assert RPS.id not in catalog.ids() and RPS not in catalog.all_specs()


# ----- the state protocol -----------------------------------------------------------------------------
def test_each_seat_has_its_own_legal_actions(rps):
    state = rps.new(seed=1)
    assert state.current_player == SIMULTANEOUS
    assert state.legal_actions(0) == state.legal_actions(1) == [ROCK, PAPER, SCISSORS]
    assert state.legal_actions(2) == [] and state.legal_actions(-1) == []
    with pytest.raises(IllegalActionError, match=r"legal_actions\(seat\).*apply_joint"):
        state.legal_actions()
    three = rps.new(players=3)
    assert [three.legal_actions(seat) for seat in range(3)] == [[ROCK, PAPER, SCISSORS]] * 3


@pytest.mark.parametrize("rock_win", [1, 3])
def test_every_joint_move_scores_by_the_rules(rps, rock_win):
    for mine in range(3):
        for theirs in range(3):
            state = rps.new(rock_win=rock_win)
            state.apply_joint([mine, theirs])
            expected = points(mine, theirs, rock_win)
            assert state.returns() == [expected, -expected]
            assert state.is_terminal and state.current_player == TERMINAL
            assert state.history == [[mine, theirs]]
            assert state.winner == (None if expected == 0 else (0 if expected > 0 else 1))
            assert state.outcome().places == ((1, 1) if expected == 0 else ((1, 2) if expected > 0 else (2, 1)))


def test_three_seats_score_every_pair(rps):
    state = rps.new(players=3, rounds=2)
    state.apply_joint([ROCK, SCISSORS, SCISSORS])
    assert state.returns() == [2.0, -1.0, -1.0] and not state.is_terminal
    state.apply_joint([ROCK, PAPER, SCISSORS])  # each beats one and loses to one
    assert state.returns() == [2.0, -1.0, -1.0] and state.is_terminal
    assert state.outcome().places == (1, 2, 2)
    assert state.action_to_string(state.history[0]) == "Ann rock, Bob scissors, Cy scissors"


def test_refused_joint_moves_name_the_seat_and_change_nothing(rps):
    state = rps.new(seed=3, rounds=2)
    before, history = state.array.copy(), list(state.history)
    refusals = [
        ([ROCK], "one action for each of the 2 seats"),
        ([ROCK, PAPER, SCISSORS], "one action for each of the 2 seats"),
        ([ROCK, 7], "Bob cannot play 7.*rock, paper, scissors"),
        ([-1, ROCK], "Ann cannot play -1"),
        ([ROCK, 1.0], "Bob: 1.0 is not an action"),
        ([True, ROCK], "Ann: True is not an action"),
        ("rp", "not a joint move"),
        (3, "not a joint move"),
    ]
    for actions, reason in refusals:
        with pytest.raises(IllegalActionError, match=reason):
            state.apply_joint(actions)
        assert np.array_equal(state.array, before) and state.history == history
    with pytest.raises(IllegalActionError, match="every seat chooses at once"):
        state.apply(ROCK)
    with pytest.raises(IllegalActionError, match="one seat's view"):
        state.observed(0).apply_joint([ROCK, ROCK])
    state.apply_joint([ROCK, ROCK])
    state.apply_joint([PAPER, ROCK])
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_joint([ROCK, ROCK])
    nim = catalog.get("nim").new()
    with pytest.raises(IllegalActionError, match="Nim is not a simultaneous-move game"):
        nim.apply_joint([0, 0])


def test_history_clones_and_replays_hold_joint_moves(rps):
    state = rps.new(seed=5, rounds=3)
    state.apply_joint([ROCK, PAPER])
    state.apply_joint([SCISSORS, SCISSORS])
    copy = state.clone()
    copy.history[0][0] = SCISSORS  # a clone's joint moves are its own
    copy.apply_joint([PAPER, ROCK])
    assert state.history == [[ROCK, PAPER], [SCISSORS, SCISSORS]] and state.round == 2
    replay = state.replayed(state.history)
    assert np.array_equal(replay.array, state.array) and replay.history == state.history
    assert np.array_equal(state.replayed([(ROCK, PAPER), [SCISSORS, SCISSORS]]).array, state.array)
    with pytest.raises(IllegalActionError, match="Ann cannot play 5"):
        state.replayed([[ROCK, PAPER], [5, ROCK]])
    # What each seat saw includes the revealed joint moves: different throws, different keys.
    other = rps.new(seed=5, rounds=3)
    other.apply_joint([ROCK, PAPER])
    other.apply_joint([SCISSORS, PAPER])
    for seat in (0, 1):
        assert state.information_state(seat) != other.information_state(seat)
        assert "Ann rock, Bob paper" in state.information_state(seat)
    assert "Last round: Ann scissors, Bob scissors" in str(state.observation(1))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 3), st.lists(st.lists(st.integers(0, 2), min_size=3, max_size=3), min_size=1, max_size=5))
def test_random_joint_moves_keep_the_game_zero_sum_and_replayable(players, rounds_of_throws):
    with registered(RPS):
        state = RPS.new(players=players, rounds=len(rounds_of_throws))
        expected = [0.0] * players
        for throws in rounds_of_throws:
            state.apply_joint(throws[:players])
            for seat, mine in enumerate(throws[:players]):
                expected[seat] += sum(points(mine, theirs) for theirs in throws[:players])
        assert state.is_terminal and state.returns() == expected and sum(expected) == 0
        assert np.array_equal(state.replayed(state.history).array, state.array)


# ----- saves ---------------------------------------------------------------------------------------------
def test_a_save_holds_joint_moves_and_replays_them(rps, home):
    match = Match.new(rps, {"rounds": 3}, [Seat(), Seat()], seed=9)
    match.play_joint([ROCK, PAPER])
    assert match.choose_for(1, SCISSORS) is False and match.choose_for(0, SCISSORS) is True
    raw = json.loads(match.save().read_text(encoding="utf-8"))
    assert raw["history"] == [[ROCK, PAPER], [SCISSORS, SCISSORS]]
    loaded = Match.resume(match.save_path)
    assert loaded.state.history == match.state.history
    assert np.array_equal(loaded.state.array, match.state.array)
    assert loaded.move_log == match.move_log == ["Ann rock, Bob paper", "Ann scissors, Bob scissors"]


def test_a_save_with_a_malformed_or_impossible_joint_move_is_refused(rps, home):
    good = Match.new(rps, {"rounds": 2}, [Seat(), Seat("ai", 1)], seed=2)
    good.play_joint([ROCK, PAPER])
    document = json.loads(good.save().read_text(encoding="utf-8"))
    cases = [
        ([[ROCK, 1.5]], "history\\[0\\]\\[1\\] is not a whole number"),
        ([[]], "history\\[0\\] is not a joint move"),
        ([[[ROCK], PAPER]], "history\\[0\\]\\[0\\] is not a whole number"),
        ([list(range(65))], "history\\[0\\] is not a joint move"),
        ([["rock", PAPER]], "history\\[0\\]\\[0\\] is not a whole number"),
    ]
    for history, reason in cases:
        with pytest.raises(SaveFileError, match=reason):
            saves.parse_record(json.dumps({**document, "history": history}))
    with pytest.raises(SaveFileError, match="redo\\[0\\]\\[0\\]"):
        saves.parse_record(json.dumps({**document, "redo": [[None, ROCK]]}))
    for history, reason in (([[ROCK, PAPER, SCISSORS]], "one action for each of the 2 seats"),
                            ([[ROCK, 9]], "Bob cannot play 9"), ([ROCK], "every seat chooses at once")):
        record = saves.parse_record(json.dumps({**document, "history": history}))
        with pytest.raises(SaveFileError, match=f"do not replay: .*{reason}"):
            Match.from_record(record, None)


# ----- the match: choices collected hidden, undo and redo -------------------------------------------------
def test_choices_stay_hidden_until_every_seat_has_chosen(rps, home):
    match = Match.new(rps, {"rounds": 2}, [Seat(), Seat("ai", 2)], seed=4)
    assert match.at_simultaneous_node and match.seats_to_choose == [0, 1] and match.choosing_human == 0
    assert choose_for_ais(match, PlayerCache()) is False
    assert set(match.joint_choices) == {1} and match.state.history == [] and match.move_log == []
    assert match.seats_to_choose == [0] and match.humans_to_choose == [0]
    ai_choice = match.joint_choices[1]
    with pytest.raises(IllegalActionError, match="Bob has chosen already"):
        match.choose_for(1, ROCK)
    with pytest.raises(IllegalActionError, match="Ann cannot choose 4"):
        match.choose_for(0, 4)
    with pytest.raises(IllegalActionError, match="no seat 2"):
        match.choose_for(2, ROCK)
    with pytest.raises(IllegalActionError, match="every seat chooses at once"):
        match.play(ROCK)
    assert match.choose_for(0, PAPER) is True
    assert match.state.history == [[PAPER, ai_choice]] and match.joint_choices == {}
    assert match.move_log == [f"Ann paper, Bob {THROWS[ai_choice]}"]
    nim = Match.new(catalog.get("nim"), {}, [Seat(), Seat()], seed=1)
    with pytest.raises(IllegalActionError, match="not a simultaneous move"):
        nim.choose_for(0, 0)


def test_the_device_passes_between_people_choosing_in_secret(rps, home):
    hotseat = Match.new(rps, {"rounds": 2, "players": 3}, [Seat(), Seat("ai", 1), Seat()], seed=1)
    assert not hotseat.needs_joint_handoff(0)  # nobody holds the device before the first choice
    hotseat.choose_for(0, ROCK)
    assert hotseat.choosing_human == 2 and hotseat.needs_joint_handoff(2)
    hotseat.handed_to(2)
    assert not hotseat.needs_joint_handoff(2)
    choose_for_ais(hotseat, PlayerCache())
    hotseat.choose_for(2, PAPER)
    assert hotseat.needs_joint_handoff(0)  # Cy saw the reveal and holds the device
    hotseat.controllers[2] = 0  # one person playing both human seats never passes the device
    assert not hotseat.needs_joint_handoff(0)
    solo = Match.new(rps, {"rounds": 2}, [Seat(), Seat("ai", 2)], seed=1)
    choose_for_ais(solo, PlayerCache())
    solo.choose_for(0, ROCK)
    assert not solo.needs_joint_handoff(0)


def test_undo_and_redo_take_back_and_replay_joint_moves(rps, home):
    match = Match.new(rps, {"rounds": 3}, [Seat(), Seat("ai", 1)], seed=6)
    players = PlayerCache()
    assert not match.can_undo
    choose_for_ais(match, players)
    match.choose_for(0, ROCK)
    first = match.state.history[0]
    choose_for_ais(match, players)
    match.choose_for(0, SCISSORS)
    second = match.state.history[1]
    choose_for_ais(match, players)  # a choice made at the third round is void once the position changes
    assert match.can_undo and match.undo()
    assert match.state.history == [first] and match.joint_choices == {}
    assert match.move_log == [f"Ann rock, Bob {THROWS[first[1]]}"]
    resumed = Match.resume(match.save())  # the undone joint move is saved for redo
    assert resumed.state.history == [first] and resumed.can_redo
    assert resumed.redo() and resumed.state.history == [first, second]
    assert match.undo() and match.state.history == [] and not match.can_undo
    assert match.redo() and match.state.history == [first]  # stops where the human chooses again
    assert match.redo() and match.state.history == [first, second]
    loaded = Match.resume(match.save())
    assert loaded.state.history == [first, second] and loaded.joint_choices == {}


def test_a_hint_at_a_simultaneous_node_is_the_equilibrium_mix(rps, home):
    match = Match.new(rps, {"rock_win": 2}, [Seat(), Seat("ai", 1)], seed=1)
    hint = PlayerCache().hint(MoveRequest.for_hint(match, match.choosing_human))
    assert hint.best == PAPER and set(hint.values) == {ROCK, PAPER, SCISSORS}
    assert hint.values[PAPER] == "50% of the time"


# ----- AI players answering for one seat -----------------------------------------------------------------
def test_ai_players_answer_for_the_seat_they_are_asked_about(rps):
    state = rps.new(players=3)
    random_player, equilibrium = RandomPlayer(1, seed=3), rps.ai(2, seed=3)
    assert isinstance(equilibrium, MatrixGamePlayer)
    for player in (random_player, equilibrium):
        for seat in range(3):
            assert player.choose(state.clone(), player=seat) in state.legal_actions(seat)
        with pytest.raises(IllegalActionError, match="choose\\(state, player=seat\\)"):
            player.choose(state.clone())
        with pytest.raises(IllegalActionError, match="seat 3 has no action"):
            player.choose(state.clone(), player=3)
    finished = rps.new()
    finished.apply_joint([ROCK, ROCK])
    with pytest.raises(IllegalActionError, match="the game is over"):
        equilibrium.choose(finished, player=0)
    with pytest.raises(IllegalActionError, match="simultaneous nodes only"):
        MatrixGamePlayer(catalog.get("nim").definition().kernels, 1).choose(catalog.get("nim").new(), player=0)


@pytest.mark.parametrize("rock_win", [1, 2, 3])
def test_the_equilibrium_player_finds_the_known_mixed_strategy(rps, rock_win):
    """Plain RPS: one third each. When a win with rock scores w, the equilibrium is (1, w, 1) / (w + 2):
    more paper, as rock is more tempting."""
    state = rps.new(rock_win=rock_win)
    expected = np.array([1, rock_win, 1]) / (rock_win + 2)
    player = rps.ai(2, seed=11)
    for seat in (0, 1):
        strategy = player.strategy(state, seat)
        assert np.allclose([strategy[a] for a in (ROCK, PAPER, SCISSORS)], expected, atol=0.01)
    table = payoff_table(state.kernels, state.array)
    assert table.actions == ((ROCK, PAPER, SCISSORS),) * 2
    assert exploitability(table.values, solve(table.values)) < 0.01
    assert exploitability(table.values, [np.array([1.0, 0, 0])] * 2) > 0.9  # always rock is beaten
    draws = Counter(player.choose(state.clone(), player=0) for _ in range(3000))
    assert np.allclose([draws[a] / 3000 for a in (ROCK, PAPER, SCISSORS)], expected, atol=0.03)


def test_arena_plays_simultaneous_games(rps):
    from tui_games.arena import run_arena

    result = run_arena(rps.id, 2, 1, 6, {"rounds": 3}, seed=1)
    assert result.wins_a + result.wins_b + result.draws == 6


def test_preparing_a_simultaneous_game_plays_its_test_positions(rps):
    from tui_games.warmup import _sample_positions, prepare

    positions = _sample_positions(rps, read=True)
    assert positions and all(p.current_player == SIMULTANEOUS for p in positions)
    prepare(rps, [1, 2], isolated=False)
