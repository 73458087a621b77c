"""Gin Rummy against OpenSpiel's gin_rummy: hands played in lockstep (legal actions, chance outcomes,
hands, upcard, stock, discards, deadwood, melds and returns equal at every step) and our deadwood
against GinRummyUtils.min_deadwood on random 10- and 11-card hands.

    python benchmarks/gin_rummy_conformance.py --hands 2000 --deadwood 100000 [--json]
"""

from __future__ import annotations

import argparse
import json
import time

from tui_games import catalog
from tui_games.games.gin_rummy.openspiel_mirror import deadwood_differences, lockstep_hand


def main() -> None:
    """Run the counts asked for and print what agreed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="seeded hands played in lockstep")
    parser.add_argument("--deadwood", type=int, default=100_000, help="random hands whose deadwood is compared")
    parser.add_argument("--wander", type=float, default=0.3, help="chance of a random move instead of the rule player's")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    spec = catalog.get("gin-rummy")
    started = time.perf_counter()
    steps = sum(lockstep_hand(spec, seed, wander=args.wander) for seed in range(args.hands))
    lockstep_s = time.perf_counter() - started
    started = time.perf_counter()
    hands, differences = deadwood_differences(args.deadwood // 2, seed=2024)
    deadwood_s = time.perf_counter() - started
    result = {"lockstep_hands": args.hands, "lockstep_steps": steps, "lockstep_seconds": round(lockstep_s, 1),
              "deadwood_hands": hands, "deadwood_differences": differences, "deadwood_seconds": round(deadwood_s, 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.hands} hands in lockstep with OpenSpiel ({steps} steps, {lockstep_s:.1f} s): all equal")
        print(f"deadwood of {hands} random 10- and 11-card hands: {differences} differences ({deadwood_s:.1f} s)")


if __name__ == "__main__":
    main()
