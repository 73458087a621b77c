"""Connect Four exact solver alone (no opening book) on Pascal Pons' benchmark sets.

Solves the positions of each set file (``<moves> <score>`` lines, see the README beside them) with
one transposition table per file, kept from one position to the next as Pons' own ``c4solver``
does when it reads a file, and prints per file how many positions were solved, how many scores
were right and the mean wall-clock milliseconds per position (CPU milliseconds beside it in the
table: what a position costs when the machine is not shared).

With ``--pons PATH`` (Pons' ``c4solver`` built from github.com/PascalPons/connect4, run in an
empty folder so it finds no opening book) each file is solved by both, alternating chunks of
``--chunk`` positions, so both see the same machine load; the JSON then also holds Pons' figures
and our time over his.

    python benchmarks/c4_solver.py [--json] [--sets Test_L3_R1,...] [--limit N] [--max-seconds S]
                                   [--pons PATH] [--chunk 20]

By default every position of every file is solved, except Test_L1_R3 (seconds per position),
which stops after the position that passes 60 s. ``--json`` prints exactly one JSON object:
``{"Test_L1_R2": {"positions": .., "correct": .., "mean_ms": ..}, ...}``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tui_games.games.connect_four import rules, solver

REPO = Path(__file__).resolve().parents[1]
REFDATA_FOLDERS = (REPO.parent / "shared" / "refdata" / "connect4", REPO / "tests" / "refdata" / "connect4")
ALL_SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3")
DEFAULT_SECONDS = {"Test_L1_R3": 60.0}
"""Per-file time caps applied when --max-seconds is not given."""
WARM_UP_MOVES = "7422341735647741166133573473242566"
"""A late position (the second of Test_L3_R1), solved in microseconds once compiled."""


def refdata_folder() -> Path:
    """The folder of the set files: ../shared/refdata/connect4, else the copy under tests/."""
    for folder in REFDATA_FOLDERS:
        if (folder / ALL_SETS[0]).is_file():
            return folder
    raise SystemExit(f"no Pons set files in {' or '.join(str(f) for f in REFDATA_FOLDERS)}")


def read_set(path: Path) -> list[tuple[str, int]]:
    """(moves as 1-based column digits, expected score) for each line of a set file."""
    cases = []
    for line in path.read_text().splitlines():
        if line.strip():
            moves, score = line.split()
            cases.append((moves, int(score)))
    return cases


def state_after(moves: str):
    """The rules state after 1-based column digits."""
    state = rules.initial_state()
    for ch in moves:
        rules.apply_action(state, int(ch) - 1)
    return state


class OurSolver:
    """The project's exact solver with one table for a whole file."""

    def __init__(self, table_bits: int):
        self.table = solver.new_table(table_bits)
        self.control = solver.new_control()
        self.wall = self.cpu = 0.0
        self.correct = self.solved = 0

    def warm_up(self) -> None:
        """Compile (or load) the kernels, then start from an empty table."""
        state = state_after(WARM_UP_MOVES)
        solver.solve(state[rules.POSITION], state[rules.MASK], state[rules.PLY], self.table,
                     self.control)
        self.table[:] = 0

    def run(self, cases: list[tuple[str, int]]) -> None:
        """Solve ``cases`` in order, adding up the time and the right answers."""
        for moves, expected in cases:
            state = state_after(moves)
            self.control[:] = 0
            started, started_cpu = time.perf_counter(), time.thread_time()
            score = solver.solve(state[rules.POSITION], state[rules.MASK], state[rules.PLY],
                                 self.table, self.control)
            self.wall += time.perf_counter() - started
            self.cpu += time.thread_time() - started_cpu
            self.solved += 1
            self.correct += int(score) == expected


class PonsSolver:
    """Pons' c4solver as a child process fed a chunk of lines at a time (one process per file)."""

    def __init__(self, executable: Path):
        self.folder = tempfile.TemporaryDirectory()  # no 7x6.book here: the solver runs bookless
        self.process = subprocess.Popen([str(executable)], cwd=self.folder.name, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                        bufsize=1)
        self.wall = 0.0
        self.correct = self.solved = 0

    def run(self, cases: list[tuple[str, int]]) -> None:
        """Solve ``cases``: all lines written at once, the time is until the last answer is read."""
        started = time.perf_counter()
        self.process.stdin.write("".join(f"{moves}\n" for moves, _ in cases))
        self.process.stdin.flush()
        answers = [self.process.stdout.readline().split() for _ in cases]
        self.wall += time.perf_counter() - started
        for (moves, expected), answer in zip(cases, answers):
            self.solved += 1
            self.correct += len(answer) == 2 and answer[0] == moves and int(answer[1]) == expected

    def close(self) -> None:
        """End the child process and remove its folder."""
        self.process.stdin.close()
        self.process.wait()
        self.folder.cleanup()


def bench_file(path: Path, limit: int | None, max_seconds: float | None, table_bits: int,
               pons: Path | None, chunk: int) -> dict:
    """Solve the first ``limit`` positions of one file (stopping after ``max_seconds`` of our
    solving time, or of the pair's wall time with Pons); returns the file's figures."""
    cases = read_set(path)[:limit]
    ours = OurSolver(table_bits)
    ours.warm_up()
    theirs = PonsSolver(pons) if pons else None
    started = time.perf_counter()
    try:
        for first in range(0, len(cases), chunk):
            part = cases[first:first + chunk]
            ours.run(part)
            if theirs is not None:
                theirs.run(part)
            spent = time.perf_counter() - started if theirs is not None else ours.wall
            if max_seconds is not None and spent >= max_seconds:
                break
    finally:
        if theirs is not None:
            theirs.close()
    figures = {"positions": ours.solved, "correct": ours.correct,
               "mean_ms": round(1000 * ours.wall / max(ours.solved, 1), 4),
               "mean_cpu_ms": round(1000 * ours.cpu / max(ours.solved, 1), 4)}
    if theirs is not None:
        pons_ms = 1000 * theirs.wall / max(theirs.solved, 1)
        figures.update({"pons_positions": theirs.solved, "pons_correct": theirs.correct,
                        "pons_mean_ms": round(pons_ms, 4),
                        "ratio": round(figures["mean_ms"] / pons_ms, 3) if pons_ms else None})
    return figures


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object, nothing else")
    parser.add_argument("--sets", default=",".join(ALL_SETS), help="comma-separated set files")
    parser.add_argument("--limit", type=int, default=None, help="positions per file (default: all)")
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="stop a file after this much solving time (default: 60 s for"
                             " Test_L1_R3 only)")
    parser.add_argument("--table-bits", type=int, default=solver.TABLE_BITS,
                        help=f"log2 of the table entries ({solver.MIN_TABLE_BITS}.."
                             f"{solver.MAX_TABLE_BITS})")
    parser.add_argument("--pons", type=Path, default=None, help="Pons' c4solver, run alongside")
    parser.add_argument("--chunk", type=int, default=20, help="positions per turn with --pons")
    args = parser.parse_args()
    if args.limit is not None and args.limit < 1 or args.chunk < 1:
        parser.error("--limit and --chunk must be at least 1")
    if args.max_seconds is not None and args.max_seconds <= 0:
        parser.error("--max-seconds must be positive")
    names = args.sets.split(",")
    unknown = [name for name in names if name not in ALL_SETS]
    if unknown:
        parser.error(f"unknown set {unknown[0]!r} (sets: {', '.join(ALL_SETS)})")
    folder = refdata_folder()
    results = {}
    for name in names:
        cap = args.max_seconds if args.max_seconds is not None else DEFAULT_SECONDS.get(name)
        results[name] = figures = bench_file(folder / name, args.limit, cap, args.table_bits,
                                             args.pons, args.chunk)
        line = (f"{name:11s} {figures['positions']:5d} positions  correct {figures['correct']:5d}"
                f"  mean {figures['mean_ms']:10.3f} ms  (cpu {figures['mean_cpu_ms']:10.3f} ms)")
        if "pons_mean_ms" in figures:
            line += (f"  Pons {figures['pons_mean_ms']:10.3f} ms, correct {figures['pons_correct']}"
                     f"  ratio {figures['ratio']:.2f}")
        print(line, file=sys.stderr if args.json else sys.stdout, flush=True)
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
