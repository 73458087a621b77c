"""RoPaSci 360 AI: the evaluation, the payoff tables and worst cases against plain Python replays, the
levels' choices at simultaneous nodes, and known tactics (a winning capture is taken)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tui_games.core.errors import IllegalActionError
from tui_games.engine.matrix_game import exploitability
from tui_games.games.ropasci360 import evaluation
from tui_games.games.ropasci360.ai import RoPaSciPlayer, WorstCasePlayer, equilibrium, make_ai, pruned
from tui_games.games.ropasci360.game import hex_at, setup_position
from tui_games.games.ropasci360.spec import SPEC


def move(r1, q1, r2, q2) -> int:
    return 183 + hex_at(r1, q1) * 61 + hex_at(r2, q2)


def midgame(seed: int, turns: int = 14):
    """A position after ``turns`` random turns (still running)."""
    rng = random.Random(seed)
    state = SPEC.new(seed=seed)
    for _ in range(turns):
        before = state.clone()
        state.apply_joint([rng.choice(state.legal_actions(0)), rng.choice(state.legal_actions(1))])
        if state.is_terminal:
            return before
    return state


def after(state, upper, lower):
    child = state.clone()
    child.apply_joint([upper, lower])
    return child


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_evaluation_is_zero_sum_and_scores_results(seed):
    state = midgame(seed)
    assert evaluation.evaluate(state.array, 0) == pytest.approx(-evaluation.evaluate(state.array, 1))
    won = setup_position(SPEC, upper=[(0, 0, "s"), (3, 0, "p")], lower=[(0, 1, "p"), (-3, 0, "p")])
    won.apply_joint([move(0, 0, 0, 1), move(-3, 0, -3, 1)])
    assert won.winner == 0
    assert evaluation.evaluate(won.array, 0) == evaluation.WIN_VALUE == -evaluation.evaluate(won.array, 1)


def test_material_and_threats_move_the_evaluation_the_right_way():
    base = setup_position(SPEC, upper=[(0, 0, "r")], lower=[(-3, 3, "p")], throws_left=(3, 3))
    extra = setup_position(SPEC, upper=[(0, 0, "r"), (1, 0, "r")], lower=[(-3, 3, "p")], throws_left=(3, 3))
    assert evaluation.evaluate(extra.array, 0) > evaluation.evaluate(base.array, 0)
    hunted = setup_position(SPEC, upper=[(0, 0, "r")], lower=[(0, 1, "p")], throws_left=(3, 3))
    far = setup_position(SPEC, upper=[(0, 0, "r")], lower=[(-3, 3, "p")], throws_left=(3, 3))
    assert evaluation.evaluate(hunted.array, 0) < evaluation.evaluate(far.array, 0)


def test_payoffs_and_worst_cases_match_replays():
    state = midgame(5)
    upper, lower = pruned(state, 0, 6), pruned(state, 1, 6)
    table = np.empty((len(upper), len(lower)))
    evaluation.payoffs(state.array, upper, len(upper), lower, len(lower), evaluation.WEIGHTS, table)
    for i, a in enumerate(upper):
        for j, b in enumerate(lower):
            assert table[i, j] == pytest.approx(evaluation.evaluate(after(state, int(a), int(b)).array, 0))
    worst = WorstCasePlayer().worst_cases(state, 1)
    replies = state.legal_actions(0)
    for b in list(worst)[:5]:
        expected = min(evaluation.evaluate(after(state, a, b).array, 1) for a in replies)
        assert worst[b] == pytest.approx(expected)
    assert WorstCasePlayer().choose(state, player=1) == max(sorted(worst), key=worst.get)


def test_one_sided_pruning_keeps_the_best_scores():
    state = midgame(6)
    actions = np.array(state.legal_actions(0), dtype=np.int64)
    scores = np.empty(len(actions))
    evaluation.one_sided_scores(state.array, 0, actions, len(actions), evaluation.WEIGHTS, scores)
    kept = pruned(state, 0, 5)
    kept_scores = sorted((scores[list(actions).index(a)] for a in kept), reverse=True)
    assert kept_scores == pytest.approx(sorted(scores, reverse=True)[:5])


def test_the_turn_value_lies_between_the_pure_bounds():
    state = midgame(7)
    k = 5
    upper, lower = pruned(state, 0, k), pruned(state, 1, k)
    table = np.empty((len(upper), len(lower)))
    evaluation.payoffs(state.array, upper, len(upper), lower, len(lower), evaluation.WEIGHTS, table)
    value = evaluation.turn_value(state.array, k, evaluation.WEIGHTS)
    assert table.min(axis=1).max() - 1e-9 <= value <= table.max(axis=0).min() + 1e-9


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_answers_for_either_seat_with_a_legal_action(level):
    ai = make_ai(SPEC, level, seed=4)
    state = midgame(8)
    for seat in (0, 1):
        assert ai.choose(state, player=seat) in state.legal_actions(seat)
        mix = ai.strategy(state, seat)
        assert sum(mix.values()) == pytest.approx(1.0) and set(mix) <= set(state.legal_actions(seat))
    with pytest.raises(IllegalActionError):
        ai.choose(state)


def test_the_ai_refuses_a_finished_game():
    over = setup_position(SPEC, upper=[(0, 0, "s"), (3, 0, "p")], lower=[(0, 1, "p"), (-3, 0, "p")])
    over.apply_joint([move(0, 0, 0, 1), move(-3, 0, -3, 1)])
    with pytest.raises(IllegalActionError, match="over"):
        make_ai(SPEC, 3).choose(over, player=0)


def test_the_top_level_mix_is_an_equilibrium_of_its_table():
    state = midgame(9)
    upper, lower, table, mixes = equilibrium(state, 8, iterations=2000)
    assert exploitability(np.stack([table, -table], axis=-1), mixes) < 0.05 * (np.ptp(table) + 1e-9) + 1e-6


def test_a_winning_capture_is_taken():
    # Upper's scissors are invincible (Lower has no rock and no throw); taking either paper (by a slide
    # or by Upper's last throw, which may land anywhere) leaves Lower one token: Upper wins unless that
    # paper flees, and Lower can move only one of them.
    state = setup_position(SPEC, upper=[(0, 0, "s")], lower=[(0, 1, "p"), (1, -1, "p")], throws_left=(1, 0))
    captures = {move(0, 0, 0, 1), move(0, 0, 1, -1), 2 * 61 + hex_at(0, 1), 2 * 61 + hex_at(1, -1)}
    assert make_ai(SPEC, 2).choose(state, player=0) in captures
    mix = make_ai(SPEC, 3).strategy(state, 0)
    assert sum(p for a, p in mix.items() if a in captures) > 0.9
    hint = make_ai(SPEC, 3).hint(state, player=0)
    assert hint.best in captures


def test_a_match_against_the_ai_saves_and_resumes_joint_moves(home):
    from tui_games.match import Match, Seat

    from tui_games.table import MoveRequest, PlayerCache

    match = Match.new(SPEC, {}, [Seat(), Seat("ai", 3)], seed=5)
    players = PlayerCache()
    assert match.at_simultaneous_node and match.choose_for(1, players.move(MoveRequest.for_seat(match, 1))) is False
    hint = players.hint(MoveRequest.for_hint(match, 0))
    assert hint.best in match.state.legal_actions(0)
    assert match.choose_for(0, match.state.legal_actions(0)[0]) is True
    for _ in range(2):
        match.choose_for(1, players.move(MoveRequest.for_seat(match, 1)))
        assert match.choose_for(0, match.state.legal_actions(0)[0]) is True
    assert len(match.state.history) == 3 and all(isinstance(entry, list) for entry in match.state.history)
    assert match.move_log[0].startswith("Upper throw r 4 -4, Lower throw")
    loaded = Match.resume(match.save())
    assert loaded.state.history == match.state.history and loaded.move_log == match.move_log
    assert np.array_equal(loaded.state.array, match.state.array)
