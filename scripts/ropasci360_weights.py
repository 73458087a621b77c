"""Fit the RoPaSci 360 evaluation weights (tui_games/games/ropasci360/weights.py) to the results of
this program's own games.

Each round plays ``--games`` games between two copies of the equilibrium player (the top level's
matrix game, one turn deep to keep the games quick) on the current weights, each seat playing a random
legal action now and then (``--explore``) so the games differ. Every turn's position gets its feature
counts (``evaluation.features``: Upper minus Lower) and the game's result for Upper (1 win, 1/2 draw,
0 loss). After each round a logistic regression without intercept, P(Upper wins) = 1 / (1 +
exp(-w . features)), is fitted by Newton's method to every position so far, a tenth of the games held
out to report the log loss; the weights are then scaled so that a token is worth 1 (the evaluation's
unit, against which a won game is worth ``evaluation.WIN_VALUE``). The next round plays on them.

Finally ``--check`` games of the fitted weights against the starting ones (both the full top level,
seats alternating) report the fitted side's score. Games run in ``--workers`` processes; the defaults
(3 rounds of 240 games, 40 check games) take about an hour on two busy cores and their output is
the shipped weights.py:

    python scripts/ropasci360_weights.py                       # writes the shipped weights.py
    python scripts/ropasci360_weights.py --rounds 1 --games 40 --check 0 --out /tmp/w.py   # a quick trial
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

import numpy as np

from tui_games.engine.logistic import fit_logistic
from tui_games.games.ropasci360 import evaluation
from tui_games.games.ropasci360.ai import RoPaSciPlayer
from tui_games.games.ropasci360.spec import SPEC

PACKAGE_DIR = Path(evaluation.__file__).resolve().parent
RIDGE = 1e-3
"""L2 penalty of the regression (per sample), which keeps a rarely seen feature's weight finite."""


def play_game(seed: int, weights: np.ndarray, explore: float) -> tuple[np.ndarray, float]:
    """One self-play game: every turn's feature counts and the result for Upper (1, 1/2 or 0)."""
    rng = random.Random(seed)
    players = [RoPaSciPlayer(3, seed=2 * seed + seat, deep=0, weights=weights) for seat in (0, 1)]
    state = SPEC.new(seed=seed)
    rows = []
    counts = np.empty(evaluation.N_FEATURES, dtype=np.float64)
    while not state.is_terminal:
        evaluation.features(state.array, counts)
        rows.append(counts.copy())
        joint = []
        for seat, player in enumerate(players):
            if rng.random() < explore:
                joint.append(rng.choice(state.legal_actions(seat)))
            else:
                joint.append(player.choose(state, player=seat))
        state.apply_joint(joint)
    upper = state.returns()[0]
    return np.array(rows).reshape(-1, evaluation.N_FEATURES), 0.5 + 0.5 * upper


def play_games(job: tuple) -> list[tuple[np.ndarray, float]]:
    """A worker's share of a round: the games of the given seeds."""
    seeds, weights, explore = job
    return [play_game(seed, weights, explore) for seed in seeds]


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression without intercept by Newton's method (ridge :data:`RIDGE`)."""
    return fit_logistic(x, y, RIDGE, iterations=50, tolerance=1e-9)


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """Mean cross-entropy of the predictions ``w`` against the results ``y``."""
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def in_workers(function, jobs: list, workers: int) -> list:
    """``function`` over ``jobs`` in ``workers`` processes (in this one for a single worker)."""
    if workers <= 1:
        return [function(job) for job in jobs]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return pool.map(function, jobs)


def self_play(round_index: int, weights: np.ndarray, args) -> list[tuple[np.ndarray, float]]:
    """One round's games, in the workers."""
    seeds = [args.seed + 100_000 * round_index + g for g in range(args.games)]
    jobs = [(seeds[i::args.workers], weights, args.explore) for i in range(args.workers)]
    return [game for share in in_workers(play_games, jobs, args.workers) for game in share]


def fit_games(games: list[tuple[np.ndarray, float]]) -> tuple[np.ndarray, float, float]:
    """Weights fitted to every game's positions but each tenth game's, scaled to a token = 1; with the
    held-out log loss of the fit and of always predicting 1/2."""
    train = [g for i, g in enumerate(games) if i % 10]
    held = [g for i, g in enumerate(games) if not i % 10] or train
    x = np.concatenate([rows for rows, _ in train])
    y = np.concatenate([np.full(len(rows), result) for rows, result in train])
    w = fit(x, y)
    hx = np.concatenate([rows for rows, _ in held])
    hy = np.concatenate([np.full(len(rows), result) for rows, result in held])
    if w[evaluation.TOKEN] <= 0:
        raise SystemExit(f"the fit gives a token a weight of {w[evaluation.TOKEN]:.4f}: too few games?")
    return w / w[evaluation.TOKEN], log_loss(hx, hy, w), log_loss(hx, hy, np.zeros_like(w))


def check_game(job: tuple) -> float:
    """One check game; the fitted weights' score (1, 1/2, 0)."""
    seed, fitted, start = job
    seat = seed % 2
    weights = [start, start]
    weights[seat] = fitted
    players = [RoPaSciPlayer(3, seed=3 * seed + s, weights=weights[s]) for s in (0, 1)]
    state = SPEC.new(seed=seed)
    while not state.is_terminal:
        state.apply_joint([players[s].choose(state, player=s) for s in (0, 1)])
    return 0.5 + 0.5 * state.returns()[seat]


def write_weights(path: Path, weights: np.ndarray, summary: str) -> None:
    """The weights module (the format evaluation.py reads)."""
    entries = ", ".join(f'"{name}": {value:.4f}' for name, value in zip(evaluation.FEATURES, weights))
    path.write_text(
        '"""RoPaSci 360 evaluation weights (written by scripts/ropasci360_weights.py; regenerate, do not edit).\n\n'
        f"{summary}\n"
        '"""\n\n'
        f"WEIGHTS = {{{entries}}}\n"
        '"""Weight of each evaluation feature (tui_games.games.ropasci360.evaluation.FEATURES), a token = 1."""\n')


def main() -> None:
    """Play, fit, check and write the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=240, help="self-play games a round")
    parser.add_argument("--explore", type=float, default=0.1, help="chance of a random action a turn")
    parser.add_argument("--check", type=int, default=40, help="games of the fitted against the starting weights")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=PACKAGE_DIR / "weights.py")
    args = parser.parse_args()
    started = time.perf_counter()
    start = evaluation.WEIGHTS.copy()
    weights = start.copy()
    games: list = []
    for round_index in range(args.rounds):
        games += self_play(round_index, weights, args)
        weights, held_loss, even_loss = fit_games(games)
        shown = ", ".join(f"{n} {v:+.3f}" for n, v in zip(evaluation.FEATURES, weights))
        print(f"round {round_index + 1}: {len(games)} games, {sum(len(r) for r, _ in games)} positions; "
              f"held-out log loss {held_loss:.4f} (1/2 always: {even_loss:.4f}); {shown} "
              f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    positions = sum(len(rows) for rows, _ in games)
    summary = (f"Fitted by logistic regression to the results of {len(games)} self-play games ({positions:,} positions) "
               f"in {args.rounds} rounds;\nheld-out log loss {held_loss:.4f} against {even_loss:.4f} for a coin.")
    if args.check:
        scores = in_workers(check_game, [(args.seed + 900_000 + g, weights, start) for g in range(args.check)],
                            args.workers)
        score = sum(scores) / len(scores)
        wins, draws = sum(s == 1 for s in scores), sum(s == 0.5 for s in scores)
        line = (f"Against the weights the fit started from: {wins} wins, {draws} draws, "
                f"{len(scores) - wins - draws} losses in {len(scores)} games (score {score:.3f}).")
        print(line, file=sys.stderr)
        summary += "\n" + line
    write_weights(args.out, weights, summary)
    print(f"wrote {args.out} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
