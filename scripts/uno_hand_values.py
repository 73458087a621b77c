"""Fit the UNO hand-value table (tui_games/games/uno/hand_values.json) from hands the rule player plays
against itself.

Hands are dealt at random and played out by the rule player of policy.py in every seat (``--noise``:
the share of random legal actions), the tables cycling through 2, 3 and 4 players in RLCard's reading
and the official one. At a share ``--rate`` of the turns every seat's position is recorded
(hand_values.FEATURES) with whether that seat went on to win the hand. Hands are played in chunks by
``--jobs`` processes, each chunk from its own seed drawn from ``--seed``, so the table depends on the seed,
``--hands`` and ``--rate`` only.

A logistic model over the features is fitted by Newton's method with a little L2; every
``--held-out``-th hand (all of its positions) is kept out of the fit to report the log-loss (against a
constant's), the accuracy, the Brier score and the calibration.

The defaults (400,000 hands) take under a minute on two busy cores; the shipped table is their output:

    python scripts/uno_hand_values.py                                  # writes the shipped table
    python scripts/uno_hand_values.py --hands 2000 --out /tmp/hv.json  # a quick trial
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np

from tui_games.engine.logistic import fit_logistic, fit_scores
from tui_games.engine.rng import make_rng
from tui_games.games.uno import hand_values
from tui_games.games.uno.hand_values import FEATURES, FORMAT, NUM_FEATURES

PACKAGE_DIR = Path(hand_values.__file__).resolve().parent
CHUNK = 10_000
"""Hands in one job."""
TABLES = ((2, 1), (2, 0), (3, 1), (3, 0), (4, 1), (4, 0))
"""(players, reading) of successive hands: reading 1 is RLCard's, 0 the official rules."""
ROWS_PER_HAND = 60
"""Room for the positions of one hand, times ``--rate`` (a chunk that fills it stops early)."""


def play_chunk(job: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One chunk of hands: (index, first hand, hands, seed, rate, noise) -> features, won, hand numbers."""
    from tui_games.games.uno.selfplay import play_hands

    index, first, count, seed, rate, noise = job
    state = np.random.SeedSequence([seed, index]).generate_state(1, np.uint64)[0]
    numbers = np.arange(first, first + count)
    players = np.array([TABLES[h % len(TABLES)][0] for h in numbers], dtype=np.int64)
    readings = np.array([TABLES[h % len(TABLES)][1] for h in numbers], dtype=np.int64)
    room = int(count * max(8, ROWS_PER_HAND * rate * 4))
    features = np.zeros((room, NUM_FEATURES), dtype=np.float64)
    won = np.zeros(room, dtype=np.int64)
    hands = np.zeros(room, dtype=np.int64)
    rows = play_hands(make_rng(int(state)), players, readings, rate, noise, first, features, won, hands)
    return features[:rows], won[:rows], hands[:rows]


def play_all(total: int, seed: int, rate: float, noise: float, jobs: int, started: float):
    """Every chunk of ``total`` hands, with progress lines; the chunks' arrays joined in order."""
    work = [(i, first, min(CHUNK, total - first), seed, rate, noise) for i, first in enumerate(range(0, total, CHUNK))]
    parts = []
    done = 0
    pool = multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 else None
    try:
        results = pool.imap(play_chunk, work) if pool else map(play_chunk, work)
        for job, part in zip(work, results):
            parts.append(part)
            done += job[2]
            if len(parts) % max(1, len(work) // 10) == 0 or done == total:
                print(f"  {done:,} of {total:,} hands played; {time.perf_counter() - started:.0f} s", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    return tuple(np.concatenate([part[k] for part in parts]) for k in range(3))


def quality(x: np.ndarray, y: np.ndarray, w: np.ndarray, rate: float) -> dict:
    """The model's fit scores on (``x``, ``y``) (see :func:`fit_scores`), with the positions counted and
    the log-loss of always guessing the constant ``rate`` beside its own."""
    scores = fit_scores(x, y, w)
    constant = round(float(-np.mean(y * np.log(rate) + (1 - y) * np.log(1 - rate))), 4)
    return {"positions": int(len(y)), "log_loss": scores.pop("log_loss"), "constant_log_loss": constant, **scores}


def main(argv=None) -> int:
    """Play the hands, fit the model, write the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=20250726)
    parser.add_argument("--rate", type=float, default=0.1, help="share of turns whose positions are recorded")
    parser.add_argument("--noise", type=float, default=0.0, help="share of random actions in the hands")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing the hands")
    parser.add_argument("--held-out", type=int, default=10, help="every this-th hand is kept out of the fit")
    parser.add_argument("--l2", type=float, default=1e-5)
    parser.add_argument("--out", type=Path, default=PACKAGE_DIR / hand_values.TABLE_FILE)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    print(f"playing {args.hands:,} hands ({args.jobs} processes)", flush=True)
    x, y, numbers = play_all(args.hands, args.seed, args.rate, args.noise, args.jobs, started)
    held = numbers % args.held_out == 0
    if held.all() or not held.any():
        raise SystemExit("--held-out must leave positions on both sides")
    y = y.astype(np.float64)
    w = fit_logistic(x[~held], y[~held], args.l2)
    rounded = np.round(w, 5)
    base_rate = float(y[~held].mean())
    table = {
        "format": FORMAT,
        "about": "a seat's chance to win the UNO hand from its position (a logistic model on features); "
                 "regenerate with scripts/uno_hand_values.py",
        "command": " ".join(["scripts/uno_hand_values.py", *(sys.argv[1:] if argv is None else argv)]),
        "seed": args.seed, "hands": args.hands, "positions": int(len(y)), "rate": args.rate, "noise": args.noise,
        "tables": [list(t) for t in TABLES], "held_out_every": args.held_out, "l2": args.l2,
        "features": list(FEATURES), "weights": [float(v) for v in rounded],
        "train": quality(x[~held], y[~held], rounded, base_rate),
        "held_out": quality(x[held], y[held], rounded, base_rate),
    }
    score = table["held_out"]
    print(f"held-out ({score['positions']:,} positions): log-loss {score['log_loss']} (a constant: "
          f"{score['constant_log_loss']}), accuracy {score['accuracy']}, Brier {score['brier']}", flush=True)
    print("weights: " + ", ".join(f"{name} {v:+.4f}" for name, v in zip(FEATURES, rounded)), flush=True)
    table["seconds"] = round(time.perf_counter() - started, 1)
    args.out.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    hand_values.read_table(args.out)  # it loads
    print(f"wrote {args.out} in {table['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
