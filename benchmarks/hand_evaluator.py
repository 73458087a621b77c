"""Poker hand evaluator: random 7-card hands per second, beside phevaluator's C in the same run.

Deals ``--hands`` random 7-card hands (seeded), times the jitted evaluator over all of them in one
kernel call (best of ``--repeats``), then phevaluator's native ``evaluate_7cards`` called from a
Python loop on a share of the same hands (that is the only way Python reaches it), and checks on
that share that both order the hands alike. ``--full7`` also evaluates all 133,784,560 7-card hands
and compares the category counts and distinct values with ../shared/refdata/poker.

    python benchmarks/hand_evaluator.py [--hands 4000000] [--full7] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from tui_games.engine.cards import poker_hand
from tui_games.engine.cards.deck import deal_hands
from tui_games.engine.cards.hand_names import CATEGORY_KEYS, NUM_CATEGORIES
from tui_games.engine.rng import make_rng

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = (ROOT.parent / "shared" / "refdata" / "poker", ROOT / "tests" / "refdata" / "poker")


def published_counts() -> dict[str, tuple[int, int]]:
    """category key -> (5-card count, 7-card count), from hand_category_counts.txt."""
    folder = next(f for f in FOLDERS if f.is_dir())
    table = {}
    for line in (folder / "hand_category_counts.txt").read_text().splitlines():
        words = line.split("#")[0].split()
        if len(words) == 3:
            table[words[0]] = (int(words[1]), int(words[2]))
    return table


def our_rate(hands: np.ndarray, count: int, repeats: int) -> float:
    """Hands per second of the jitted evaluator over ``count`` hands (best of ``repeats``)."""
    out = np.empty(count, dtype=np.int64)
    poker_hand.hand_values(hands, 7, 1000, out)  # compile (or load) before timing
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        poker_hand.hand_values(hands, 7, count, out)
        best = min(best, time.perf_counter() - started)
    return count / best


def phevaluator_rate(rows: list[tuple[int, ...]], repeats: int) -> float | None:
    """Hands per second of phevaluator's native 7-card evaluator called per hand from Python."""
    try:
        from phevaluator import _pheval
    except ImportError:
        return None
    evaluate = _pheval.evaluate_7cards
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        for row in rows:
            evaluate(*row)
        best = min(best, time.perf_counter() - started)
    return len(rows) / best


def same_order(hands: np.ndarray, rows: list[tuple[int, ...]]) -> bool | None:
    """Whether our values and phevaluator's ranks (1 = best) order ``rows`` identically."""
    try:
        from phevaluator import _pheval
    except ImportError:
        return None
    ours = np.empty(len(rows), dtype=np.int64)
    poker_hand.hand_values(hands, 7, len(rows), ours)
    theirs = np.array([_pheval.evaluate_7cards(*row) for row in rows])
    pairs = np.unique(np.stack([ours, theirs]), axis=1)
    return len(np.unique(pairs[0])) == len(np.unique(pairs[1])) == pairs.shape[1] and bool(
        np.all(np.diff(pairs[1]) < 0))


def full_seven() -> dict:
    """Evaluate every 7-card hand; counts and distinct values per category beside the reference."""
    counts = np.zeros(NUM_CATEGORIES, dtype=np.int64)
    distinct = np.zeros(NUM_CATEGORIES, dtype=np.int64)
    seen = np.zeros(poker_hand.SEEN_BYTES, dtype=np.uint8)
    started = time.perf_counter()
    hands = poker_hand.tally_all_hands(7, counts, distinct, seen)
    seconds = time.perf_counter() - started
    expected = published_counts()
    by_category = {key: int(counts[i]) for i, key in enumerate(CATEGORY_KEYS)}
    return {
        "hands": int(hands), "seconds": round(seconds, 2), "hands_per_s": round(hands / seconds),
        "counts": by_category, "distinct_values": int(distinct.sum()),
        "distinct_by_category": {key: int(distinct[i]) for i, key in enumerate(CATEGORY_KEYS)},
        "counts_correct": all(by_category[key] == expected[key][1] for key in CATEGORY_KEYS),
        "distinct_correct": int(distinct.sum()) == 4824,
    }


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=4_000_000, help="random 7-card hands to time")
    parser.add_argument("--reference-hands", type=int, default=400_000, help="of those, for phevaluator")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--full7", action="store_true", help="also enumerate all 133,784,560 7-card hands")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    hands = np.empty(args.hands * 7, dtype=np.int64)
    deal_hands(make_rng(args.seed), 52, args.hands, 7, hands)
    share = min(args.reference_hands, args.hands)
    rows = [tuple(int(c) for c in hands[7 * h:7 * h + 7]) for h in range(share)]
    result = {"hands_per_s": round(our_rate(hands, args.hands, args.repeats)),
              "phevaluator_hands_per_s": phevaluator_rate(rows, args.repeats)}
    if result["phevaluator_hands_per_s"] is not None:
        result["phevaluator_hands_per_s"] = round(result["phevaluator_hands_per_s"])
        result["ratio"] = round(result["hands_per_s"] / result["phevaluator_hands_per_s"], 2)
    result["same_order_as_phevaluator"] = same_order(hands, rows)
    if args.full7:
        result["seven_card_enumeration"] = full_seven()
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"this evaluator: {result['hands_per_s']:>14,} hands/s")
    if result["phevaluator_hands_per_s"] is None:
        print("phevaluator:    not installed (pip install phevaluator)")
    else:
        print(f"phevaluator:    {result['phevaluator_hands_per_s']:>14,} hands/s  ({result['ratio']}x)")
        print(f"same order as phevaluator on {share:,} hands: {result['same_order_as_phevaluator']}")
    if args.full7:
        full = result["seven_card_enumeration"]
        print(f"all {full['hands']:,} 7-card hands in {full['seconds']} s: counts "
              f"{'match' if full['counts_correct'] else 'DIFFER'}, {full['distinct_values']} distinct values "
              f"({'match' if full['distinct_correct'] else 'DIFFER from 4824'})")
        for key, count in full["counts"].items():
            print(f"  {key:16s} {count:>12,} hands {full['distinct_by_category'][key]:>5} values")


if __name__ == "__main__":
    main()
