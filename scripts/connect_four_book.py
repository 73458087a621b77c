"""Regenerate the Connect Four opening book with the project's own solver.

The book holds an optimal move for every position the perfect AI can meet while it plays from the
book: starting from the empty board (the AI moves first) and from each of the 7 one-stone positions
(the AI moves second), the AI's book move is followed by every possible reply of the opponent, up to
``--max-ply`` stones. Mirror images share one row. Positions are solved breadth first (fewest stones
first), so an interrupted run still leaves a book that covers whole plies up to some depth.

Progress is appended to a log (one line per solved position: moves, column, score, seconds, nodes)
so a later run with the same log resumes where the last one stopped; the .npy book is rewritten
after every solved position.

    python scripts/connect_four_book.py --max-ply 8 [--log PATH] [--out PATH] [--table-size N]
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from pathlib import Path

import numpy as np

from tui_games.games.connect_four import rules, solver
from tui_games.games.connect_four.book import BOOK_FILE

PACKAGE_DIR = Path(rules.__file__).resolve().parent
DEFAULT_LOG = Path("/tmp/connect_four_book.log")


def state_after(moves: str) -> np.ndarray:
    """The rules state after ``moves`` (0-based column digits)."""
    state = rules.initial_state()
    for ch in moves:
        rules.apply_action(state, int(ch))
    return state


def canonical(state: np.ndarray) -> tuple[int, bool]:
    """(canonical key, True if that key belongs to the mirror image)."""
    key = int(rules.position_key(state[rules.POSITION], state[rules.MASK]))
    mirrored = int(rules.position_key(rules.mirror_bits(state[rules.POSITION]),
                                      rules.mirror_bits(state[rules.MASK])))
    return min(key, mirrored), mirrored < key


def read_log(path: Path) -> dict[str, tuple[int, int]]:
    """Solved positions from a previous run: moves -> (column, score)."""
    solved: dict[str, tuple[int, int]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 3:
                moves = "" if parts[0] == "-" else parts[0]
                solved[moves] = (int(parts[1]), int(parts[2]))
    return solved


def write_book(rows: dict[int, tuple[int, int]], out: Path) -> None:
    """Write the sorted (key, column, score) rows atomically."""
    array = np.array([(key, column, score) for key, (column, score) in sorted(rows.items())],
                     dtype=np.int64).reshape(-1, 3)
    tmp = out.with_suffix(".tmp.npy")
    np.save(tmp, array)
    tmp.replace(out)


def generate(max_ply: int, log_path: Path, out: Path, table_size: int,
             roots: list[str] | None = None) -> None:
    """Breadth-first generation of the book up to ``max_ply`` stones (see module docstring).

    ``roots`` are the positions (0-based column digits) where the AI is to move at the start; by
    default the empty board and the 7 one-stone positions.
    """
    if roots is None:
        roots = [""] + [str(c) for c in range(rules.WIDTH)]
    keys, values = solver.new_table(table_size)
    control = solver.new_control()
    sort_moves, sort_scores = solver.new_sort_buffers()
    result = np.zeros(2, dtype=np.int64)
    solved = read_log(log_path)
    rows: dict[int, tuple[int, int]] = {}
    seen: set[int] = set()
    # (moves, lower bound on the score known from the parent)
    queue: deque[tuple[str, int]] = deque((root, -rules.CELLS) for root in roots)
    started = time.time()
    with log_path.open("a") as log:
        while queue:
            moves, low = queue.popleft()
            state = state_after(moves)
            key, is_mirror = canonical(state)
            if key in seen:
                continue
            seen.add(key)
            if moves in solved:
                column, score = solved[moves]
            else:
                control[:] = 0
                t0 = time.time()
                solver.best_move_within(state[rules.POSITION], state[rules.MASK], len(moves), low,
                                        rules.CELLS, result, keys, values, control, sort_moves,
                                        sort_scores)
                column, score = int(result[0]), int(result[1])
                seconds = time.time() - t0
                log.write(f"{moves or '-'} {column} {score} {seconds:.2f} {int(control[solver.NODES])}\n")
                log.flush()
                print(f"ply {len(moves):2d} {moves or '-':14s} column {column} score {score:+d} "
                      f"{seconds:8.2f} s  (total {time.time() - started:.0f} s, {len(rows) + 1} rows)",
                      flush=True)
            rows[key] = (rules.WIDTH - 1 - column if is_mirror else column, score)
            write_book(rows, out)
            after_ai = state.copy()
            rules.apply_action(after_ai, column)
            if after_ai[rules.PLAYER] == rules.TERMINAL or len(moves) + 2 > max_ply:
                continue
            for reply in range(rules.WIDTH):
                if rules.can_play(after_ai[rules.MASK], reply):
                    child = after_ai.copy()
                    rules.apply_action(child, reply)
                    if child[rules.PLAYER] != rules.TERMINAL:
                        # the opponent's best reply gives exactly `score`; any other reply is no better
                        queue.append((moves + str(column) + str(reply), score))
    if not rows:
        write_book(rows, out)
    print(f"done: {len(rows)} positions in {time.time() - started:.0f} s -> {out}")


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-ply", type=int, default=8, help="deepest position (stones) in the book")
    parser.add_argument("--log", type=Path, default=DEFAULT_LOG, help="progress log (resumable)")
    parser.add_argument("--out", type=Path, default=PACKAGE_DIR / BOOK_FILE, help="book file to write")
    parser.add_argument("--table-size", type=int, default=solver.LARGE_TABLE_SIZE,
                        help="transposition table entries (a prime)")
    args = parser.parse_args()
    generate(args.max_ply, args.log, args.out, args.table_size)


if __name__ == "__main__":
    main()
