"""Mahjong scoring: the engine's value of random wins against the ``mahjong`` package's
``HandCalculator``, and both timed in one run.

Deals ``--wins`` random winning situations (seeded; :func:`random_wins.random_win`: 0-4 calls,
winds, riichi, tsumo or ron, dora ...), scores them all in one kernel call (best of ``--repeats``)
and each with the package's ``estimate_hand_value`` under the game's options, and counts the wins
where every field agrees (status, han, fu, yaku, dora counts, yakuman, the cost dict). ``wins`` counts
the situations the package scores as a win (the rest: no yaku, or a situation it refuses).

    python benchmarks/mahjong_scoring.py [--wins 100000] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
from mahjong.hand_calculating.hand import HandCalculator

from tui_games.games.mahjong import random_wins as rw
from tui_games.games.mahjong import scoring as sc


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wins", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    situations = [rw.random_win(rng) for _ in range(args.wins)]
    arrays = np.stack([w.array() for w in situations])
    out = np.zeros((len(arrays), sc.OUT_SIZE), dtype=np.int64)
    status = np.zeros(len(arrays), dtype=np.int64)
    sc.score_many(arrays[:10], out[:10], status[:10])  # compile (or load) before timing
    best = float("inf")
    for _ in range(args.repeats):
        started = time.perf_counter()
        sc.score_many(arrays, out, status)
        best = min(best, time.perf_counter() - started)

    calls = [rw.package_call(w) for w in situations]
    started = time.perf_counter()
    results = [HandCalculator.estimate_hand_value(tiles, tile, melds, dora, config, ura_dora_indicators=ura)
               for tiles, tile, melds, dora, config, ura in calls]
    package_seconds = time.perf_counter() - started

    equal = wins = 0
    for i, result in enumerate(results):
        theirs = rw.package_fields(result)
        wins += theirs["status"] == sc.WIN
        equal += sc.score_dict(arrays[i]) == theirs
    figures = {"situations": args.wins, "wins": wins, "equal": equal, "per_s": round(args.wins / best),
               "package_per_s": round(args.wins / package_seconds)}
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:14} {value}")


if __name__ == "__main__":
    main()
