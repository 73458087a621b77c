"""scripts/othello_weights.py on a tiny scale: its games are legal and their targets consistent with
the exact solver, the fit lowers the error, and the weights it writes load."""

from __future__ import annotations

from argparse import Namespace

import numpy as np
from project_scripts import load_script

from tui_games.games.othello import patterns, search
from tui_games.games.othello.ai import NO_TABLES, BoardSearch, EndgameSolver

def tiny_args(**changes) -> Namespace:
    """The script's options for a few quick games."""
    args = dict(opening=(4, 8), explore=0.1, depth=1, solve=10, epochs=3, rate=0.1, l2=0.003, bootstrap=0.5,
                bootstrap_depth=1, bootstrap_steps=1)
    args.update(changes)
    return Namespace(**args)


def test_self_play_samples_carry_exact_values_from_the_solve_point():
    script = load_script("othello_weights")
    args = tiny_args()
    solver = EndgameSolver(weights=NO_TABLES)
    samples = script.play_game(np.random.default_rng(1), BoardSearch(search.CLASSIC), solver, args)
    assert len(samples) > 40
    finish = [(m, o, t) for m, o, t in samples if script.empties_of(m, o) <= args.solve]
    assert finish
    for mover, opponent, target in finish:
        assert solver.value(mover, opponent) == target
    # before the solve point every target is the perfect finish's result, seen from each mover's side
    first_exact = finish[0][2]
    assert {abs(t) for m, o, t in samples if script.empties_of(m, o) > args.solve} == {abs(first_exact)}


def test_a_fit_lowers_the_error_and_the_written_weights_load(tmp_path):
    script = load_script("othello_weights")
    args = tiny_args()
    rows = script.play_games((6, 3, None, args))
    assert rows.shape[1] == 4 and len(rows) > 200
    targets = rows[:, 2].view(np.int64).astype(np.float64)
    held = np.zeros(len(rows), bool)
    held[::7] = True
    weights, error, _ = script.fit(rows, targets, held, args)
    baseline = float(np.sqrt(np.mean(targets[~held] ** 2)))
    assert error < baseline
    path = tmp_path / "weights.npz"
    patterns.save_weights(path, weights, samples=len(rows))
    assert np.array_equal(patterns.load_weights(path), weights)
    relabelled = script.bootstrapped(rows, weights, args)
    assert relabelled.shape == targets.shape and np.isfinite(relabelled).all()
