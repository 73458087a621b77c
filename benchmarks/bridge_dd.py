"""Bridge double-dummy tables: ours (tui_games.games.bridge.double_dummy.dd_table) against endplay's
calc_dd_table called directly on the same seeded random deals, all 20 entries of each, both timed in
the same run (a block of deals at a time, in turn).

    python benchmarks/bridge_dd.py --deals 100 [--seed 2024] [--json]

--json prints {"deals", "correct", "ms_per_table", "endplay_ms_per_table"}: correct counts the deals
whose 20 entries all agree.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from tui_games.games.bridge.double_dummy import dd_table
from tui_games.games.bridge.pbn import format_deal


def random_deals(count: int, seed: int) -> list[list[list[int]]]:
    """``count`` random deals (seats N, E, S, W, 13 card ids each) from ``seed``."""
    rng = np.random.default_rng(seed)
    deals = []
    for _ in range(count):
        cards = rng.permutation(52)
        deals.append([sorted(int(card) for card in cards[13 * seat:13 * seat + 13]) for seat in range(4)])
    return deals


def endplay_table(hands) -> tuple[tuple[int, ...], ...]:
    """endplay's table of the deal, ``[seat][strain]`` (C D H S NT), from its own PBN reading."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    table = calc_dd_table(Deal(format_deal(hands)))
    denoms = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
    return tuple(tuple(table[denom, Player(seat)] for denom in denoms) for seat in range(4))


def compare(count: int, seed: int, block: int = 10) -> dict:
    """The tables of ``count`` seeded deals both ways: agreement and milliseconds a table. The two
    take turns a block of deals at a time, so that neither follows the other on the same deal (DDS
    reuses its transposition table when the next deal looks like the last one)."""
    ours_s = theirs_s = 0.0
    correct = 0
    deals = random_deals(count, seed)
    for start in range(0, count, block):
        chunk = deals[start:start + block]
        started = time.perf_counter()
        ours = [dd_table(hands) for hands in chunk]
        ours_s += time.perf_counter() - started
        started = time.perf_counter()
        theirs = [endplay_table(hands) for hands in chunk]
        theirs_s += time.perf_counter() - started
        correct += sum(mine == reference for mine, reference in zip(ours, theirs))
    return {"deals": count, "correct": correct, "ms_per_table": round(1000 * ours_s / count, 2),
            "endplay_ms_per_table": round(1000 * theirs_s / count, 2)}


def main() -> None:
    """Compare the tables asked for and print what agreed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="random deals to tabulate both ways")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random deals")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    endplay_table(random_deals(1, args.seed + 1)[0])  # DDS allocates its memory on the first call: not timed
    result = compare(args.deals, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['correct']} of {result['deals']} tables equal to endplay's (all 20 entries)")
        print(f"ours {result['ms_per_table']} ms a table, endplay's calc_dd_table {result['endplay_ms_per_table']} ms")


if __name__ == "__main__":
    main()
