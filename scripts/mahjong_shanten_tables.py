"""Write the Mahjong shanten table: every suit of up to 14 tiles, summarised by the game's own search.

Each row is one suit's nine counts (in the order of ``shanten.suit_rank``); its ten values are the most
pairs + partial sets the suit's splits reach with 0-4 sets, without and with a pair (-1 where none
does), as ``shanten.suit_summary`` finds them. The table is written compressed to
tui_games/games/mahjong/shanten_table.npz, which ``shanten.load_table`` reads; the script prints the
rows, the spread of values, the file's size and whether it changed.

    python scripts/mahjong_shanten_tables.py [--check]   # --check: compare with the shipped file only
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from tui_games.games.mahjong import shanten


def main() -> int:
    """Command-line entry point; 1 when ``--check`` finds the shipped file out of date."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped table, write nothing")
    args = parser.parse_args()
    started = time.perf_counter()
    table = shanten.make_table()
    print(f"{table.shape[0]} suits x {table.shape[1]} values in {time.perf_counter() - started:.1f} s")
    values, counts = np.unique(table, return_counts=True)
    print("values:", dict(zip(values.tolist(), counts.tolist())))
    path = shanten.table_path()
    same = False
    if path.exists():
        with np.load(path) as data:
            same = data["table"].shape == table.shape and bool((data["table"] == table).all())
    print("the shipped table is", "the same" if same else "different or missing")
    if args.check:
        return 0 if same else 1
    np.savez_compressed(path, table=table)
    print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
