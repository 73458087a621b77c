"""Othello AI: every level plays legal moves to the end, the Expert plays and hints exact moves near
the end, stops on request, loads nothing in its first moves once prepared, and its learned evaluation
is symmetric and loads from the shipped file."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError
from tui_games.games.othello import patterns, rules
from tui_games.games.othello.ai import ExpertPlayer, boards, describe_exact, shipped_tables, shipped_weights
from tui_games.games.othello.patterns import symmetries
from warm_start import first_moves

SPEC = catalog.get("othello")


def ffo(refdata, number: int) -> tuple[str, dict[str, int]]:
    """FFO problem ``number`` (1-19): position and {move name: published exact score}."""
    line = (refdata / "othello" / "fforum-1-19.obf").read_text().splitlines()[number - 1]
    position, *moves = [part.strip() for part in line.split(";") if part.strip()]
    return position, {m.split(":")[0].lower(): int(m.split(":")[1]) for m in moves}


def play_out(ai, seat: int, seed: int):
    """A whole game of ``ai`` (in ``seat``) against random moves; every AI move checked legal."""
    rng = np.random.default_rng(seed)
    state = SPEC.new()
    while not state.is_terminal:
        legal = state.legal_actions()
        if state.current_player == seat:
            action = ai.choose(state)
            assert action in legal
        else:
            action = int(rng.choice(legal))
        state.apply(action)
    return state


@pytest.mark.parametrize("level", [1, 2, 3])
def test_levels_play_legal_moves_to_the_end(level):
    ai = SPEC.ai(level, seed=level)
    for seat in (0, 1):
        assert play_out(ai, seat, seed=level + seat).is_terminal


def test_the_expert_plays_legal_moves_to_the_end_with_little_time():
    ai = ExpertPlayer(SPEC.max_level, 0, seconds=0.05)
    state = play_out(ai, 1, seed=5)
    assert state.is_terminal


@pytest.mark.parametrize("number", [1, 2, 3, 9])
def test_the_expert_plays_a_perfect_move_with_20_or_fewer_empties(refdata, number):
    position, published = ffo(refdata, number)
    state = SPEC.new(position=position)
    assert state.empties <= 20
    ai = ExpertPlayer(SPEC.max_level, 0, seconds=60.0)  # the solve ends long before; no time pressure
    move = state.action_to_string(ai.choose(state))
    assert published[move] == max(published.values())
    assert ai.last.exact


def test_a_prepared_expert_loads_no_kernel_in_its_first_moves_and_hints(refdata):
    """Its warm-up (prepare) does all the loading: the first move asked in an endgame has its whole
    second for the exact solve (17 empty squares: solved with time to spare)."""
    endgame, _ = ffo(refdata, 1)
    found = first_moves("othello", SPEC.max_level, [({}, ["f5", "d6", "c3"]), ({"position": endgame}, [])])
    assert found["loaded"] == []
    assert found["exact"] == [False, True]


def test_the_expert_hint_gives_exact_scores_near_the_end(refdata):
    position, published = ffo(refdata, 4)
    state = SPEC.new(position=position)
    hint = ExpertPlayer(SPEC.max_level, 0).hint(state, seconds=60.0)
    assert hint.exact
    assert {state.action_to_string(a): v for a, v in hint.values.items()} == {
        move: describe_exact(score) for move, score in published.items()}
    assert published[state.action_to_string(hint.best)] == max(published.values())


def test_the_expert_hint_values_every_move_in_the_middle_game():
    state = SPEC.new()
    for name in ("f5", "d6", "c3", "d3", "c4"):
        state.apply(state.parse_action(name))
    hint = ExpertPlayer(SPEC.max_level, 0).hint(state, seconds=0.3)
    assert not hint.exact
    assert sorted(hint.values) == state.legal_actions()
    assert hint.scores[hint.best] == max(hint.scores.values())
    assert "ahead" in hint.summary and not hint.exact


def test_the_hint_when_the_player_must_pass():
    state = SPEC.new(position="X" * 54 + "O-" + "X" * 6 + "-- O")
    assert state.must_pass
    hint = ExpertPlayer(SPEC.max_level, 0).hint(state)
    assert hint.best == rules.PASS


def test_stop_returns_a_legal_move():
    ai = ExpertPlayer(SPEC.max_level, 0, seconds=30.0)
    state = SPEC.new()
    timer = threading.Timer(0.3, ai.stop)
    timer.start()
    action = ai.choose(state)
    timer.cancel()
    assert action in state.legal_actions()


def test_a_finished_game_is_refused():
    state = SPEC.new(position="X" * 64 + " O")
    for level in range(1, SPEC.max_level + 1):
        with pytest.raises(IllegalActionError, match="over"):
            SPEC.ai(level).choose(state)


def test_describe_exact_words():
    assert describe_exact(6) == "win by 6"
    assert describe_exact(0) == "draw"
    assert describe_exact(-14) == "loss by 14"


def random_positions(count: int, seed: int) -> list[tuple[int, int]]:
    """(mover, opponent) boards as ints of positions 4 to 59 random moves into random games."""
    rng = np.random.default_rng(seed)
    found = []
    while len(found) < count:
        state = SPEC.new()
        plies = int(rng.integers(4, 60))
        while not state.is_terminal and state.ply < plies:
            state.apply(int(rng.choice(state.legal_actions())))
        if not state.is_terminal:
            found.append(tuple(int(b) for b in boards(state)))
    return found


def test_the_learned_evaluation_is_the_same_for_all_eight_symmetries():
    tables = shipped_tables()
    for mover, opponent in random_positions(5, seed=3):
        value = patterns.pattern_value(np.uint64(mover), np.uint64(opponent), tables)
        assert value != 0.0  # the shipped tables hold something
        for s in range(8):
            image = [sum(1 << symmetries(sq)[s] for sq in range(64) if board >> sq & 1)
                     for board in (mover, opponent)]
            assert patterns.pattern_value(np.uint64(image[0]), np.uint64(image[1]), tables) == pytest.approx(value)


def test_the_folded_tables_give_the_value_the_fitted_weights_give():
    """The searches read 46 folded entries where the fitting reads 88: the same sum."""
    weights = patterns.empty_weights()
    weights[:] = np.random.default_rng(7).normal(size=weights.shape)  # every entry different
    tables = patterns.evaluation_tables(weights)
    assert not np.array_equal(tables, weights)
    for mover, opponent in random_positions(200, seed=8):
        m, o = np.uint64(mover), np.uint64(opponent)
        assert patterns.pattern_value(m, o, tables) == pytest.approx(patterns.table_value(m, o, weights), abs=1e-3)
    small = np.zeros((1, 1), np.float32)
    assert patterns.evaluation_tables(small) is small  # 'no weights' passes through


def test_the_shipped_weights_have_the_current_format(tmp_path):
    assert shipped_weights().shape == (patterns.PHASES, patterns.ROW_SIZE)
    other = tmp_path / "old.npz"
    np.savez_compressed(other, weights=patterns.empty_weights(), format=np.int64(patterns.FORMAT + 1))
    with pytest.raises(ValueError, match="format"):
        patterns.load_weights(other)
    wrong_shape = tmp_path / "small.npz"
    patterns.save_weights(wrong_shape, np.zeros((2, 3), np.float32))
    with pytest.raises(ValueError, match="shape"):
        patterns.load_weights(wrong_shape)
