"""Regenerate tui_games/games/hex/openings.json: the value of every first move in Hex, for the swap.

For each board size 2-19, the chance that black wins after opening on each cell (no swap):

- sizes up to ``--solve-max`` (default 6): solved exactly by the game's solver, so 1 (black wins)
  or 0 (white wins); an opening the solver does not settle in ``--solve-seconds`` is measured as
  below instead (the entry lists it under "unsolved"). Where every reply can be solved too, each
  losing opening also gets its number of refutations (white's winning answers): the AI opens a game
  with the pie rule on the losing stone that is hardest to refute.
- larger sizes: measured by the game's Monte Carlo search, ``--playouts`` playouts from the
  position with white to move; the value is one minus white's mean result over the whole search.
  (The mean over every playout of the root is better calibrated than the win rate of white's most
  visited answer, which flatters the side that searches: on the solved 7x7 and 8x8 openings it
  picks the winner of 43 of 49 and 48 of 64 openings at 20,000 playouts, against 35 and 42.)
  Cells related by the board's half-turn symmetry (cell -> N*N - 1 - cell) get the same value,
  measured once.

The AI swaps when the first stone's value is above one half and, opening a game with the pie rule,
plays a cell whose value is nearest one half. Where ../shared/refdata/hex (solved 6x6 to 8x8
openings) is at hand, the script reports how often the values agree with the solved ones.

    python scripts/hex_openings.py [--solve-max 6] [--solve-seconds 30] [--tree-log2 20] [--playouts 20000]
                                   [--sizes 2-19] [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from tui_games.games.hex.game import board_grid
from tui_games.games.hex.search import HexMcts
from tui_games.games.hex.solver import LOSS, UNKNOWN, WIN, HexSolver

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tui_games" / "games" / "hex" / "openings.json"
REFDATA = ROOT.parent / "shared" / "refdata" / "hex" / "opening_outcomes.txt"


def solved_values(size: int, seconds: float, playouts: int, seed: int,
                  tree_log2: int = 18) -> tuple[list[float], list[int], dict[int, int]]:
    """1.0 where black's opening wins with perfect play, 0.0 where it loses (exact); the cells not
    solved in ``seconds`` (measured instead); and the refutations of each losing opening whose
    replies all solve in ``seconds`` each. The solver's tree holds ``2 ** tree_log2`` positions."""
    solver = HexSolver(size, table_log2=tree_log2 + 2, tree_nodes=1 << tree_log2)
    search = HexMcts(board_grid(size), seed=seed)
    values: list[float] = []
    unsolved: list[int] = []
    for cell in range(size * size):
        twin = size * size - 1 - cell
        if twin < cell:  # the half turn: the same opening seen from the other side
            values.append(values[twin])
            continue
        result = solver.solve_position(1 << cell, 0, 1, seconds)  # white to move after black's stone
        if result == UNKNOWN:
            unsolved.append(cell)
            values.append(measured_value(search, size, cell, playouts))
        else:
            values.append(0.0 if result == WIN else 1.0)
    refuted = {}
    for cell in range(size * size):
        twin = size * size - 1 - cell
        if values[cell] == 0.0 and cell not in unsolved:
            count = refuted.get(twin) if twin < cell else refutations(solver, size, cell, seconds)
            if count is not None:
                refuted[cell] = count
    return values, sorted({c for cell in unsolved for c in (cell, size * size - 1 - cell)}), refuted


def refutations(solver: HexSolver, size: int, cell: int, seconds: float) -> int | None:
    """How many of white's answers to black's opening on ``cell`` win for white with perfect play;
    None when one of them is not solved in ``seconds``."""
    count = 0
    for reply in range(size * size):
        if reply == cell:
            continue
        result = solver.solve_position(1 << cell, 1 << reply, 0, seconds)  # black to move
        if result == UNKNOWN:
            return None
        count += result == LOSS
    return count


def measured_value(search: HexMcts, size: int, cell: int, playouts: int) -> float:
    """Black's chance after opening on ``cell``: one minus white's mean result over every playout of
    a search from the position (white to move)."""
    board = np.zeros(size * size, np.int64)
    board[cell] = 1
    stats, proven = search.search(board, 1, cell, playouts)
    if proven:
        white = 1.0 if proven == 1 else 0.0
    else:
        visits = sum(n for n, _ in stats.values())
        white = sum(n * value for n, value in stats.values()) / max(visits, 1)
    return round(1.0 - white, 3)


def measured_values(size: int, playouts: int, seed: int) -> list[float]:
    """Every opening's measured value (cells related by the half turn measured once)."""
    search = HexMcts(board_grid(size), seed=seed)
    values: list[float | None] = [None] * (size * size)
    for cell in range(size * size):
        twin = size * size - 1 - cell
        values[cell] = values[twin] if values[twin] is not None else measured_value(search, size, cell, playouts)
    return [float(v) for v in values]


def reference(size: int) -> dict[int, float] | None:
    """Solved openings from the shared reference data (Benzene's conventions match ours), or None."""
    if not REFDATA.is_file():
        return None
    found = {}
    for line in REFDATA.read_text().splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == f"{size}x{size}":
            col, row = ord(parts[1][0]) - ord("a"), int(parts[1][1:]) - 1
            cell = row * size + col
            found[cell] = found[size * size - 1 - cell] = 1.0 if parts[2] == "black" else 0.0
    return found or None


def write(path: Path, sizes: dict) -> None:
    """The table as JSON, one line per board size."""
    lines = [f'  "{size}": {json.dumps(entry)}' for size, entry in sorted(sizes.items(), key=lambda kv: int(kv[0]))]
    about = ("black's winning chance after black's first stone on each cell (row * N + col), no swap; "
             "regenerate with scripts/hex_openings.py")
    path.write_text('{"about": ' + json.dumps(about) + ',\n "sizes": {\n' + ",\n".join(lines) + "\n }}\n")


def parse_sizes(text: str) -> list[int]:
    """'2-19' or '5,7,9' as a list of sizes."""
    if "-" in text:
        low, high = (int(x) for x in text.split("-"))
        return list(range(low, high + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solve-max", type=int, default=6, help="largest size solved exactly")
    parser.add_argument("--solve-seconds", type=float, default=30.0, help="time limit of one position's solve")
    parser.add_argument("--tree-log2", type=int, default=20, help="the solver's tree: 2**N positions (2**20: 120 MB)")
    parser.add_argument("--playouts", type=int, default=20_000, help="playouts per measured opening")
    parser.add_argument("--sizes", default="2-19")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    existing = json.loads(args.out.read_text())["sizes"] if args.out.is_file() else {}
    sizes = dict(existing)
    for size in parse_sizes(args.sizes):
        started = time.perf_counter()
        if size <= args.solve_max:
            values, unsolved, refuted = solved_values(size, args.solve_seconds, args.playouts, args.seed,
                                                      args.tree_log2)
            entry = {"method": "solved", "values": values}
            if unsolved:
                entry.update(method="solved, some measured", playouts=args.playouts, unsolved=unsolved)
            if refuted:
                entry["refutations"] = {str(cell): count for cell, count in refuted.items()}
        else:
            entry = {"method": "measured", "playouts": args.playouts,
                     "values": measured_values(size, args.playouts, args.seed)}
        sizes[str(size)] = entry
        note = ""
        solved = reference(size)
        if solved is not None:
            agree = sum((entry["values"][cell] > 0.5) == (value > 0.5) for cell, value in solved.items())
            note = f"; agrees with the solved openings on {agree} of {len(solved)} cells"
        print(f"{size}x{size}: {entry['method']} in {time.perf_counter() - started:.0f} s{note}", flush=True)
        write(args.out, sizes)


if __name__ == "__main__":
    main()
