"""Strength of the 2048 AI levels: seeded games per level, tiles reached, score, time per move.

Usage: python benchmarks/g2048_strength.py [--games N] [--level L ...] [--seed S] [--max-moves M]
                                          [--stop-tile T] [--verbose]

Prints one line per finished game (with --verbose) and a summary per level: % of games reaching
2048 / 4096 / 8192 / 16384, mean and median score, mean and max wall-clock milliseconds per move,
and the mean CPU milliseconds per move (what the move costs when the machine is not shared). Game g of a
run uses seed S + g for both the random tiles and the AI, so runs are reproducible.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from tui_games import catalog

MILESTONES = (2048, 4096, 8192, 16384)


def play_game(spec, level: int, seed: int, max_moves: int, stop_tile: int = 0) -> dict:
    """Play one game of ``level`` with ``seed`` (until it ends, ``max_moves`` moves are played or
    a ``stop_tile`` is made); returns its score, max tile and move times."""
    state = spec.new(seed=seed)
    player = spec.ai(level, seed=seed)
    state.resolve_chance()
    times = []
    cpu = 0.0
    depths = 0
    while not state.is_terminal and len(times) < max_moves and not (stop_tile and state.max_tile >= stop_tile):
        started, started_cpu = time.perf_counter(), time.thread_time()
        move = player.choose(state)
        times.append(time.perf_counter() - started)
        cpu += time.thread_time() - started_cpu
        depths += getattr(player, "last_depth", 0)
        state.apply(move)
        state.resolve_chance()
    return {"score": state.score, "max_tile": state.max_tile, "moves": len(times),
            "mean_ms": 1000 * sum(times) / max(len(times), 1), "max_ms": 1000 * max(times, default=0.0),
            "total_s": sum(times), "cpu_s": cpu, "mean_depth": depths / max(len(times), 1)}


def summarize(level: int, results: list[dict]) -> str:
    """One line: reach percentages, score mean/median, time per move."""
    n = len(results)
    reach = " ".join(f"{m}:{100 * sum(r['max_tile'] >= m for r in results) / n:5.1f}%" for m in MILESTONES)
    scores = [r["score"] for r in results]
    moves = sum(r["moves"] for r in results)
    mean_ms = 1000 * sum(r["total_s"] for r in results) / max(moves, 1)
    cpu_ms = 1000 * sum(r["cpu_s"] for r in results) / max(moves, 1)
    max_ms = max(r["max_ms"] for r in results)
    return (f"level {level}: games={n} {reach} score mean={statistics.mean(scores):.0f} "
            f"median={statistics.median(scores):.0f} moves={moves} ms/move mean={mean_ms:.2f} "
            f"max={max_ms:.1f} (cpu mean={cpu_ms:.2f})")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per level (default 10)")
    parser.add_argument("--level", type=int, action="append", help="level(s) to run (default all)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--max-moves", type=int, default=1_000_000, help="stop a game after this many moves")
    parser.add_argument("--stop-tile", type=int, default=0,
                        help="end a game once this tile is made (saves time; scores are then partial)")
    parser.add_argument("--verbose", action="store_true", help="print every finished game")
    args = parser.parse_args(argv)
    spec = catalog.get("2048")
    levels = args.level or list(range(1, spec.max_level + 1))
    for level in levels:  # compile (or load) every level's kernels before timing
        spec.ai(level).choose(_warm_state(spec))
    for level in levels:
        results = []
        for g in range(args.games):
            result = play_game(spec, level, args.seed + g, args.max_moves, args.stop_tile)
            results.append(result)
            if args.verbose:
                print(f"  level {level} seed {args.seed + g}: max tile {result['max_tile']} "
                      f"score {result['score']} moves {result['moves']} "
                      f"ms/move {result['mean_ms']:.2f} max {result['max_ms']:.1f} "
                      f"cpu {1000 * result['cpu_s'] / max(result['moves'], 1):.2f} "
                      f"mean depth {result['mean_depth']:.2f}", flush=True)
        print(summarize(level, results), flush=True)
    return 0


def _warm_state(spec):
    state = spec.new(seed=0)
    state.resolve_chance()
    return state


if __name__ == "__main__":
    sys.exit(main())
