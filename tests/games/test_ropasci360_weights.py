"""RoPaSci 360's learned evaluation: the feature counts of written positions, the evaluation as their
weighted sum, the shipped weights file, and scripts/ropasci360_weights.py on a tiny scale (its fit
recovers known weights, its games carry the right results, and the file it writes loads)."""

from __future__ import annotations

import random
import runpy

import numpy as np
import pytest
from project_scripts import load_script

from tui_games.games.ropasci360 import evaluation, weights
from tui_games.games.ropasci360.game import setup_position
from tui_games.games.ropasci360.spec import SPEC

def counts(state) -> list[float]:
    out = np.empty(evaluation.N_FEATURES)
    evaluation.features(state.array, out)
    return list(out)


@pytest.mark.parametrize("upper, lower, throws_left, expected", [
    # Lower's paper beside Upper's rock (distance 1): Lower hunts; both can still throw onto either.
    ([(0, 0, "r")], [(0, 1, "p")], (3, 3), [0, 0, -1, 0, 0]),
    # Upper's scissors hunts the paper 4 away (+1/16), the paper hunts the rock 2 away (-1/4); Upper
    # has no throws, Lower's five rows reach the rock on row 0 but not the scissors on row 2.
    ([(0, 0, "r"), (2, 0, "s")], [(-2, 1, "p")], (0, 4), [1, -4, 1 / 16 - 1 / 4, 1, 0]),
    # Lower has thrown once: its throws reach rows -4 and -3 only; the rock is now 6 from the paper.
    ([(4, 0, "r"), (2, 0, "s")], [(-2, 1, "p")], (0, 8), [1, -8, 1 / 16 - 1 / 36, 0, 0]),
    # No throws left and Lower has no paper to beat the rock: the rock is invincible.
    ([(0, 0, "r")], [(-3, 3, "s"), (-4, 4, "s")], (0, 0), [-1, 0, 1 / 9 + 1 / 16, 0, 1]),
])
def test_features_count_written_positions(upper, lower, throws_left, expected):
    state = setup_position(SPEC, upper=upper, lower=lower, throws_left=throws_left)
    assert counts(state) == pytest.approx(expected)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_evaluation_is_the_weighted_feature_count(seed):
    rng = random.Random(seed)
    state = SPEC.new(seed=seed)
    for _ in range(12):
        state.apply_joint([rng.choice(state.legal_actions(0)), rng.choice(state.legal_actions(1))])
        if state.is_terminal:
            break
        features = np.array(counts(state))
        assert evaluation.evaluate(state.array, 0) == pytest.approx(evaluation.WEIGHTS @ features)
        other = np.array([rng.uniform(-2, 2) for _ in evaluation.FEATURES])
        assert evaluation.evaluate_with(state.array, 1, other) == pytest.approx(-(other @ features))


def test_the_shipped_weights_name_every_feature_and_value_a_token_at_one():
    assert set(weights.WEIGHTS) == set(evaluation.FEATURES)
    assert weights.WEIGHTS["token"] == 1.0
    assert "scripts/ropasci360_weights.py" in weights.__doc__


def test_the_fit_recovers_known_weights():
    script = load_script("ropasci360_weights")
    rng = np.random.default_rng(5)
    x = rng.normal(size=(20_000, 3))
    truth = np.array([1.5, -0.7, 0.3])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-x @ truth))).astype(float)
    fitted = script.fit(x, y)
    assert fitted == pytest.approx(truth, abs=0.1)
    assert script.log_loss(x, y, fitted) < script.log_loss(x, y, np.zeros(3))


def test_a_self_play_game_records_every_turn_and_upper_s_result():
    script = load_script("ropasci360_weights")
    rows, result = script.play_game(3, evaluation.WEIGHTS, explore=0.3)
    assert rows.shape[1] == evaluation.N_FEATURES and len(rows) >= 2
    assert result in (0.0, 0.5, 1.0)
    assert list(rows[0]) == [0, 0, 0, 0, 0]  # the empty board: both sides alike


def test_the_written_weights_module_loads(tmp_path):
    script = load_script("ropasci360_weights")
    path = tmp_path / "weights.py"
    script.write_weights(path, np.array([1.0, 0.5, 0.25, -0.125, 2.0]), "A test run.")
    module = runpy.run_path(str(path))
    assert module["WEIGHTS"] == {"token": 1.0, "throw": 0.5, "hunt": 0.25, "exposed": -0.125, "invincible": 2.0}
    assert "A test run." in module["__doc__"]
