"""Build the Rubik's Cube solvers' tables into the cache folder and describe them.

The tables are made from the game's own move kernels (tui_games/games/rubiks_cube/tables.py): the
two-phase method's move and distance tables for the 3x3, the 2x2's table of every position's
distance, and the beginner's cross table. The game builds them on first use anyway; this script
builds them ahead of time (say, when packaging) and prints each table's size, its largest distance
and how many values lie at each distance, with the seconds building took.

    python scripts/cube_tables.py            # build (or load) into the user cache folder
    python scripts/cube_tables.py --rebuild  # build afresh even when cached
"""

from __future__ import annotations

import argparse
import time
from dataclasses import fields

import numpy as np

from tui_games.games.rubiks_cube import tables


def describe(name: str, value: np.ndarray) -> str:
    """'name  shape dtype  [distance counts]' for a table."""
    line = f"  {name:24} {str(value.shape):>16} {value.dtype}"
    if name.endswith("distance"):
        seen = value[value >= 0]
        line += f"  max {int(seen.max())}, counts {np.bincount(seen).tolist()}"
    return line


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rebuild", action="store_true", help="build even when the cache holds the tables")
    args = parser.parse_args()
    for kind in ("two-phase", "pocket", "cross"):
        path = tables.cache_file(kind)
        if args.rebuild and path.exists():
            path.unlink()
        started = time.perf_counter()
        built = tables.load(kind, lambda message, step, steps: print(f"  [{step}/{steps}] {message}"))
        seconds = time.perf_counter() - started
        size = path.stat().st_size if path.exists() else 0
        print(f"{kind}: {seconds:.1f} s, {size / 1e6:.2f} MB at {path}")
        for field in fields(built):
            print(describe(field.name, getattr(built, field.name)))


if __name__ == "__main__":
    main()
