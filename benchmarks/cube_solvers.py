"""Rubik's Cube solvers: solution lengths and times on random positions, and the 3x3 breadth-first
counts checked against the reference data to depth 6.

For ``--positions`` random 3x3 positions (seeds 0, 1, ...): the two-phase search as AI level 2 runs
it (the first solution of at most 20 moves, else the shortest within a second), and optionally as
level 3 runs it (the shortest found in ``--shortest-seconds``); the beginner's method on a few. For
random 2x2 positions: the optimal and the two-phase solver. Every solution is checked to solve its
position. ``--bfs-depth 6`` walks the 3x3 breadth first from the solved cube over the move kernel and
compares the number of positions at each distance with ../shared/refdata/rubik (tests check depth 5).

    python benchmarks/cube_solvers.py [--positions 50] [--shortest 0] [--bfs-depth 6] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from tui_games.games.rubiks_cube import rules
from tui_games.games.rubiks_cube.ai import MAX_LENGTH, SHORTEST_SECONDS, TWO_PHASE_SECONDS, TWO_PHASE_TARGET
from tui_games.games.rubiks_cube.beginner import BeginnerSolver
from tui_games.games.rubiks_cube.game import random_cube
from tui_games.games.rubiks_cube.pocket import PocketSolver
from tui_games.games.rubiks_cube.twophase import TwoPhaseSolver

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "games"))
REFERENCES = (ROOT.parent / "shared" / "refdata", ROOT / "tests" / "refdata")


def solves(cube: np.ndarray, moves: list[int], size: int) -> bool:
    """True when ``moves`` solve the cube block ``cube``."""
    block = cube.copy()
    for move in moves:
        rules.turn(block, move)
    return bool(rules.is_solved(size, block))


def summary(lengths: list[int], seconds: list[float]) -> dict:
    """Median, maximum and histogram of the lengths; median and maximum seconds."""
    return {"count": len(lengths), "median_moves": statistics.median(lengths), "max_moves": max(lengths),
            "moves_histogram": {str(k): lengths.count(k) for k in sorted(set(lengths))},
            "median_seconds": round(statistics.median(seconds), 4), "max_seconds": round(max(seconds), 4)}


def timed(solve, cube, size) -> tuple[list[int], float]:
    started = time.perf_counter()
    moves = solve(cube)
    seconds = time.perf_counter() - started
    if moves is None or not solves(cube, moves, size):
        raise SystemExit("a solver returned a wrong solution")
    return moves, seconds


def run(solve, seeds, size) -> dict:
    lengths, seconds = [], []
    for seed in seeds:
        moves, spent = timed(solve, random_cube(seed, size), size)
        lengths.append(len(moves))
        seconds.append(spent)
    return summary(lengths, seconds)


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=50, help="random 3x3 (and 2x2) positions")
    parser.add_argument("--shortest", type=int, default=0, help="positions also solved as level 3 does")
    parser.add_argument("--shortest-seconds", type=float, default=SHORTEST_SECONDS)
    parser.add_argument("--beginner", type=int, default=10, help="positions solved by the beginner's method")
    parser.add_argument("--bfs-depth", type=int, default=0, help="check the 3x3 breadth-first counts to this depth")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    two_phase, pocket, beginner = TwoPhaseSolver(), PocketSolver(), BeginnerSolver()
    seeds = range(args.positions)
    report = {
        "3x3_two_phase": run(lambda c: two_phase.solve(c, target=TWO_PHASE_TARGET, max_length=MAX_LENGTH,
                                                       seconds=TWO_PHASE_SECONDS), seeds, 3),
        "2x2_optimal": run(pocket.optimal, seeds, 2),
        "2x2_two_phase": run(pocket.two_phase, seeds, 2),
    }
    if args.shortest:
        report["3x3_shortest"] = run(lambda c: two_phase.solve(c, target=0, max_length=MAX_LENGTH,
                                                               seconds=args.shortest_seconds),
                                     range(args.shortest), 3)
    if args.beginner:
        report["3x3_beginner"] = run(lambda c: beginner.solution(c, 3), range(args.beginner), 3)
        report["2x2_beginner"] = run(lambda c: beginner.solution(c, 2), range(args.beginner), 2)
    if args.bfs_depth:
        from test_cube_rules import breadth_first_counts, distributions

        folder = next(p for p in REFERENCES if (p / "rubik").is_dir())
        started = time.perf_counter()
        counts = breadth_first_counts(args.bfs_depth)
        expected = distributions(folder)["3x3_htm"][:args.bfs_depth + 1]
        report["3x3_breadth_first"] = {"depth": args.bfs_depth, "counts": counts, "reference": expected,
                                       "agrees": counts == expected,
                                       "seconds": round(time.perf_counter() - started, 2)}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for name, entry in report.items():
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in entry.items()))


if __name__ == "__main__":
    main()
