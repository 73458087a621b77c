"""Othello perft: leaf counts of the game tree from the start, beside the published table (perft.txt
in the reference data), with the time each depth takes.

Conventions of the table: a forced pass counts as a ply, a game that ends sooner counts as one leaf.
Depths up to 10 need no table; deeper ones use a transposition table of ``2**--table-bits`` slots
(32 bytes each: 24 bits take 512 MB); depth 14 is 184 billion leaves and takes minutes.

    python benchmarks/othello_perft.py [--max-depth 14] [--table-bits 24] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from tui_games.games.othello import rules

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = (ROOT.parent / "shared" / "refdata" / "othello", ROOT / "tests" / "refdata" / "othello")


def published() -> dict[int, int]:
    """depth -> leaves, from perft.txt."""
    folder = next(f for f in FOLDERS if f.is_dir())
    table = {}
    for line in (folder / "perft.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            depth, leaves = line.split()
            table[int(depth)] = int(leaves)
    return table


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-depth", type=int, default=14)
    parser.add_argument("--table-bits", type=int, default=24)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    expected = published()
    start = rules.initial_state()
    rules.perft(start, 1)  # compile before timing
    rows = []
    for depth in range(1, args.max_depth + 1):
        started = time.perf_counter()
        leaves = rules.perft(start, depth, args.table_bits if depth > 10 else 0)
        seconds = time.perf_counter() - started
        row = {"depth": depth, "leaves": leaves, "published": expected.get(depth),
               "correct": leaves == expected.get(depth), "seconds": round(seconds, 3)}
        rows.append(row)
        if not args.json:
            check = "ok" if row["correct"] else f"WRONG (published {row['published']})"
            print(f"{depth:2d} {leaves:>16,} {check}  {seconds:9.2f} s", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
