"""Mahjong shanten: the engine's numbers against the ``mahjong`` package's, and both timed in one run.

Deals ``--hands`` random hands (seeded; 13 and 14 tiles in turn, drawn from the 136 tiles), computes
each one's shanten with the engine (the suit table, and the search with no table) and with the
package's ``Shanten().calculate_shanten``, counts the hands where all agree (each form checked too:
regular, seven pairs, thirteen orphans), and times the engine over all the hands in one kernel call
(best of ``--repeats``) and the package over ``--package-hands`` of them.

    python benchmarks/mahjong_shanten.py [--hands 100000] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
from mahjong.shanten import Shanten

from tui_games.games.mahjong import shanten as sh


def deal(count: int, seed: int) -> np.ndarray:
    """``count`` random hands as 34 counts (n x 34, int64): 13 tiles, 14, 13 ... from 136 tiles."""
    rng = np.random.default_rng(seed)
    hands = np.zeros((count, 34), dtype=np.int64)
    for i in range(count):
        tiles = rng.permutation(136)[:13 + i % 2]
        np.add.at(hands[i], tiles // 4, 1)
    return hands


def engine_rate(kernel, hands: np.ndarray, repeats: int, *extra) -> tuple[float, np.ndarray]:
    """(hands per second, results) of ``kernel(hands, *extra, out)`` over all hands (best of ``repeats``)."""
    out = np.empty(len(hands), dtype=np.int64)
    kernel(hands[:10], *extra, out[:10])  # compile (or load) before timing
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        kernel(hands, *extra, out)
        best = min(best, time.perf_counter() - started)
    return len(hands) / best, out


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--package-hands", type=int, default=0, help="hands the package is timed on (0: all)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    hands = deal(args.hands, args.seed)
    table = sh.load_table()
    rate, ours = engine_rate(sh.shanten_many, hands, args.repeats, table)
    search_rate, searched = engine_rate(sh.shanten_search_many, hands, args.repeats)

    timed = args.package_hands or args.hands
    lists = [row.tolist() for row in hands]
    started = time.perf_counter()
    theirs = [Shanten.calculate_shanten(row) for row in lists[:timed]]
    package_rate = timed / (time.perf_counter() - started)
    theirs += [Shanten.calculate_shanten(row) for row in lists[timed:]]

    equal = 0
    for i, row in enumerate(lists):
        hand = hands[i]
        equal += (ours[i] == searched[i] == theirs[i]
                  and sh.regular_shanten(hand, table) == Shanten.calculate_shanten_for_regular_hand(row)
                  and sh.seven_pairs(hand) == Shanten.calculate_shanten_for_chiitoitsu_hand(row)
                  and sh.thirteen_orphans(hand) == Shanten.calculate_shanten_for_kokushi_hand(row))
    figures = {"hands": args.hands, "equal": equal, "evals_per_s": round(rate),
               "search_evals_per_s": round(search_rate), "package_evals_per_s": round(package_rate),
               "shanten_counts": np.bincount(ours + 1).tolist()}
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:22} {value}")


if __name__ == "__main__":
    main()
