"""Hex solver: every first move of a board solved and checked against the reference data.

The reference (../shared/refdata/hex/opening_outcomes.txt, or the copy in tests/refdata) gives the
winner after each opening on 6x6, 6x7, 7x7, 7x8 and 8x8 (Benzene's solver regressions; same
conventions as ours). This solves each opening of a square size with ``--seconds`` per opening and
reports the agreement, the openings left unsolved, positions searched and seconds each.

    python benchmarks/hex_solver.py [--size 6] [--seconds 300] [--tree-log2 18] [--cells a1 c3 ...] [--json]

``--tree-log2`` sets the solver's tree to 2**N positions (18, the game's own, by default; 20 takes
about 120 MB more and needs fewer fresh starts on the hard openings).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from tui_games.games.hex.solver import UNKNOWN, WIN, HexSolver

ROOT = Path(__file__).resolve().parents[1]
REFERENCES = (ROOT.parent / "shared" / "refdata" / "hex" / "opening_outcomes.txt",
              ROOT / "tests" / "refdata" / "hex" / "opening_outcomes.txt")


def reference(size: int) -> dict[str, str]:
    """{cell name: 'black' | 'white'} for every opening of a ``size`` x ``size`` board (the 8x8 list
    gives columns a-d; the rest follow by the half turn)."""
    path = next((p for p in REFERENCES if p.is_file()), None)
    if path is None:
        raise SystemExit("no reference data found (../shared/refdata/hex or tests/refdata/hex)")
    found: dict[str, str] = {}
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == f"{size}x{size}":
            col, row = ord(parts[1][0]) - ord("a"), int(parts[1][1:]) - 1
            found[parts[1]] = parts[2]
            twin = f"{chr(ord('a') + size - 1 - col)}{size - row}"
            found.setdefault(twin, parts[2])
    return found


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=300.0, help="time limit for one opening")
    parser.add_argument("--tree-log2", type=int, default=18, help="the solver's tree: 2**N positions")
    parser.add_argument("--cells", nargs="*", help="openings to solve (default: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    expected = reference(args.size)
    names = args.cells or sorted(expected, key=lambda n: (int(n[1:]), n[0]))
    rows = []
    for name in names:
        solver = HexSolver(args.size, table_log2=args.tree_log2 + 2, tree_nodes=1 << args.tree_log2)
        cell = (int(name[1:]) - 1) * args.size + ord(name[0]) - ord("a")
        started = time.perf_counter()
        result = solver.solve_position(1 << cell, 0, 1, args.seconds)
        seconds = time.perf_counter() - started
        winner = None if result == UNKNOWN else ("white" if result == WIN else "black")
        rows.append({"opening": name, "winner": winner, "expected": expected.get(name),
                     "positions": solver.positions, "seconds": round(seconds, 2)})
        if not args.json:
            mark = "?" if winner is None else ("ok" if winner == expected.get(name) else "WRONG")
            print(f"{args.size}x{args.size} {name}: {winner or 'unsolved'} ({mark}) "
                  f"{solver.positions} positions, {seconds:.1f} s", flush=True)
    solved = [r for r in rows if r["winner"] is not None]
    summary = {"size": args.size, "tree_log2": args.tree_log2, "openings": len(rows), "solved": len(solved),
               "agree": sum(r["winner"] == r["expected"] for r in solved),
               "seconds": round(sum(r["seconds"] for r in rows), 1), "rows": rows}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"solved {summary['solved']} of {summary['openings']}, {summary['agree']} agree with the "
              f"reference, {summary['seconds']} s in all")


if __name__ == "__main__":
    main()
