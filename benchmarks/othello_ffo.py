"""Othello endgame solver on the FFO test problems: exact scores beside the published ones, with
time (wall clock, and the answering thread's CPU time, which a loaded machine inflates less) and
nodes per position.

The problems come from the reference data (../shared/refdata/othello, or the copy in tests/refdata):
fforum-1-19 ... fforum-60-79, numbered #1-#79 in file order. Each is solved from scratch (a fresh
transposition table) for the position's exact value and a best move, as the top level solves (in
as many threads, unless ``--threads`` says otherwise): its guess of the score (a short search,
:meth:`EndgameSolver.estimate`) is part of the time; the nodes are those of the thread that answers;
``--all-moves`` also solves every move exactly and compares each with the published list. #40-#44
are the classic speed test. Far from the end moves are ordered with the help of the learned
evaluation (``--no-eval-order`` leaves it out). ``--repeat 3`` solves each problem three times and
reports the fastest (a loaded machine's timings).

    python benchmarks/othello_ffo.py [--problems 40-44] [--all-moves] [--table-bits 22] [--threads 1]
                                     [--repeat 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from tui_games.games.othello.ai import NO_TABLES, EndgameSolver
from tui_games.games.othello.game import COLUMNS, boards_from_position

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = (ROOT.parent / "shared" / "refdata" / "othello", ROOT / "tests" / "refdata" / "othello")
FILES = ("fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf")


def square_of(name: str) -> int:
    """'G8' -> 62."""
    return (int(name[1]) - 1) * 8 + COLUMNS.index(name[0].lower())


def name_of(square: int) -> str:
    """62 -> 'g8'."""
    return f"{COLUMNS[square % 8]}{square // 8 + 1}"


def load_problems() -> dict[int, tuple[str, dict[int, int]]]:
    """Problem number -> (position text, {square: published exact score})."""
    folder = next(f for f in FOLDERS if f.is_dir())
    problems = {}
    number = 1
    for name in FILES:
        for line in (folder / name).read_text().splitlines():
            if not line.strip():
                continue
            position, *moves = [part.strip() for part in line.split(";") if part.strip()]
            problems[number] = (position, {square_of(m.split(":")[0]): int(m.split(":")[1]) for m in moves})
            number += 1
    return problems


def boards_to_move(position: str) -> tuple[np.uint64, np.uint64]:
    """(mover, opponent) boards of a problem."""
    black, white, to_move = boards_from_position(position)
    mover, opponent = (black, white) if to_move == 0 else (white, black)
    return np.int64(mover).view(np.uint64), np.int64(opponent).view(np.uint64)


def solve_problem(number: int, position: str, published: dict[int, int], all_moves: bool, table_bits: int,
                  weights: np.ndarray | None, threads: int | None) -> dict:
    """Solve one problem with a new solver (``weights``: as EndgameSolver takes them); the result row."""
    mover, opponent = boards_to_move(position)
    exact = EndgameSolver(table_bits=table_bits, weights=weights, threads=threads)
    started, cpu_started = time.perf_counter(), time.thread_time()
    found = exact.solve(mover, opponent, exact_all=all_moves)
    seconds, cpu_seconds = time.perf_counter() - started, time.thread_time() - cpu_started
    scores = {square: int(score) for square, score in found.values.items()}
    best = found.best_action
    value = scores[best]
    expected = max(published.values())
    row = {"problem": number, "empties": position.count("-"), "score": value, "published": expected,
           "best_move": name_of(best),
           "published_best": sorted(name_of(s) for s, v in published.items() if v == expected),
           "seconds": round(seconds, 3), "cpu_seconds": round(cpu_seconds, 3), "nodes": found.nodes,
           "threads": exact.threads,
           "nodes_per_second": int(found.nodes / max(seconds, 1e-9))}
    row["correct"] = value == expected and published.get(best) == expected
    if all_moves:
        row["every_move_correct"] = scores == published
    return row


def parse_range(text: str) -> list[int]:
    """'40-44,50' -> [40, 41, 42, 43, 44, 50]."""
    numbers = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        numbers.extend(range(int(low), int(high or low) + 1))
    return numbers


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--problems", default="40-44", help="problem numbers, e.g. 40-44 or 1-19,40")
    parser.add_argument("--all-moves", action="store_true", help="solve every move exactly as well")
    parser.add_argument("--table-bits", type=int, default=22, help="transposition table size (2**bits)")
    parser.add_argument("--no-eval-order", action="store_true",
                        help="order moves without the learned evaluation (mobility and squares only)")
    parser.add_argument("--threads", type=int, default=None, help="threads sharing a solve (default: the AI's)")
    parser.add_argument("--repeat", type=int, default=1, help="solve each problem this many times, keep the fastest")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    problems = load_problems()
    weights = NO_TABLES if args.no_eval_order else None
    EndgameSolver(table_bits=10, weights=weights, threads=args.threads).warm_up()  # compile (or load) first
    rows = []
    for number in parse_range(args.problems):
        position, published = problems[number]
        row = min((solve_problem(number, position, published, args.all_moves, args.table_bits, weights, args.threads)
                   for _ in range(max(args.repeat, 1))), key=lambda r: r["seconds"])
        rows.append(row)
        if not args.json:
            check = "ok" if row["correct"] else "WRONG"
            if args.all_moves:
                check += ", every move ok" if row["every_move_correct"] else ", SOME MOVES WRONG"
            print(f"#{number:2d} {row['empties']:2d} empties: {row['best_move']} {row['score']:+3d} "
                  f"(published {'/'.join(row['published_best'])} {row['published']:+3d}, {check})  "
                  f"{row['seconds']:7.2f} s ({row['cpu_seconds']:.2f} s CPU)  {row['nodes']:>12,} nodes  "
                  f"{row['nodes_per_second'] / 1e6:5.1f} M/s",
                  flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    elif rows:
        total = sum(r["seconds"] for r in rows)
        print(f"{sum(r['correct'] for r in rows)}/{len(rows)} correct, {total:.1f} s in all")


if __name__ == "__main__":
    main()
