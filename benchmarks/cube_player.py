"""Rubik's Cube AI levels solving scrambled cubes move by move, as 'solve it' plays them.

For each of ``--cubes`` random positions (seeds 0, 1, ...) a new player of ``--level`` (default: the
top level) is made and prepared (``prepare()``, where the player has it: tables and kernels, off
the clock), then asked for one move at a time until the cube is solved. Per solve: the time of all
its moves together, the number of moves, and how many two-phase searches ran (a player that keeps
its plan searches once). Medians and largest values over the cubes.

    python benchmarks/cube_player.py [--cubes 10] [--level 3] [--size 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from tui_games import catalog
from tui_games.games.rubiks_cube import twophase

SPEC = catalog.get("rubiks-cube")


def counting_searches() -> list[int]:
    """Make every two-phase search count itself in the returned list (one entry per search)."""
    calls: list[int] = []
    search = twophase.TwoPhaseSolver.solve

    def counted(self, cube, *args, **kwargs):
        calls.append(1)
        return search(self, cube, *args, **kwargs)

    twophase.TwoPhaseSolver.solve = counted
    return calls


def solve_move_by_move(seed: int, level: int, size: int, calls: list[int]) -> dict:
    """One cube solved by a new prepared player: seconds of its moves, moves, searches."""
    state = SPEC.new(seed=seed, size=size)
    player = SPEC.ai(level, seed=0)
    started = time.perf_counter()
    if hasattr(player, "prepare"):
        player.prepare(state.clone())
    prepared = time.perf_counter() - started
    calls.clear()
    moves = 0
    started = time.perf_counter()
    while not state.is_terminal:
        state.apply(player.choose(state.clone()))
        moves += 1
    return {"seconds": time.perf_counter() - started, "moves": moves, "searches": len(calls),
            "prepare_seconds": prepared}


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cubes", type=int, default=10)
    parser.add_argument("--level", type=int, default=SPEC.max_level)
    parser.add_argument("--size", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    calls = counting_searches()
    solves = [solve_move_by_move(seed, args.level, args.size, calls) for seed in range(args.cubes)]
    report = {"level": args.level, "size": args.size, "cubes": args.cubes}
    for key in ("seconds", "moves", "searches", "prepare_seconds"):
        values = [solve[key] for solve in solves]
        report[f"median_{key}"] = round(statistics.median(values), 3)
        report[f"max_{key}"] = round(max(values), 3)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(", ".join(f"{k} {v}" for k, v in report.items()))


if __name__ == "__main__":
    main()
