"""Regenerate the Connect Four opening book with the project's own solver.

The book holds a game-theoretically optimal move for the *hard* positions the perfect AI can meet
with the AI to move: starting from the empty board (the AI moves first) and from each one-stone
position (the AI moves second), the AI playing book moves and the opponent anything.

A position is hard when the AI's own procedure in play (solver.weak_best_move with a fresh table of
solver.DEFAULT_TABLE_SIZE entries) needs more than ``--node-limit`` nodes for it. A hard position
gets a book row, solved with a large table shared by the whole run, and the positions after its
book move and each possible reply are examined in turn. An easy position needs no row, and neither
do the positions after it: in a game the AI's search of the easy position has already filled its
table with what the next moves need. Mirror images share one row.

With ``--every-position`` the positions examined are instead *all* positions up to ``--max-ply``
stones, whoever is to move, so that a game set up in any early position finds its move in the book
too (``--parity even|odd`` splits that work between two runs).

In a lost position every move is optimal; the book then stores the move the 9-ply search prefers,
which is what the AI plays in a lost position off the book.

Positions are examined breadth first (fewest stones first). Each result is appended to a log (moves,
column, outcome, exact flag, hard flag, seconds, nodes), so a later run with the same log resumes
where the last one stopped; the rows already in the output book are reused too, so a run without
the old log only re-tests the easy positions. The .npy book is rewritten every 20 new rows.

    python scripts/connect_four_book.py [--node-limit 2000000] [--max-ply 16] [--log PATH] [--out PATH]
                                        [--roots all|first|second]

Two runs (``--roots first`` and ``--roots second``, each with its own log and output) meet no common
position, since the AI is to move after an even number of stones in one and an odd number in the
other; ``--merge A.npy B.npy`` then writes their rows together to ``--out``.
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from pathlib import Path

import numpy as np

from tui_games.games.connect_four import rules, search, solver
from tui_games.games.connect_four.book import BOOK_FILE

PACKAGE_DIR = Path(rules.__file__).resolve().parent
DEFAULT_LOG = Path("/tmp/connect_four_book.log")
DEFAULT_NODE_LIMIT = 2_000_000
LOST_POSITION_DEPTH = 9
"""Depth of the heuristic search that picks the move in a lost position (the AI's Expert level)."""


class Solver:
    """The solver's buffers: a large shared table for hard positions, a play-sized one for tests."""

    def __init__(self, table_size: int):
        self.shared = solver.new_table(table_size)
        self.play = solver.new_table(solver.DEFAULT_TABLE_SIZE)
        self.control = solver.new_control()
        self.sort = solver.new_sort_buffers()
        self.result = np.zeros(2, dtype=np.int64)

    def weak_best_move(self, state: np.ndarray, table, node_limit: int = 0) -> tuple[int, int, int]:
        """(column, outcome, nodes) of solver.weak_best_move; column -1 if the node limit hit."""
        self.control[:] = 0
        self.control[solver.NODE_LIMIT] = node_limit
        solver.weak_best_move(state[rules.POSITION], state[rules.MASK], state[rules.PLY], self.result,
                              *table, self.control, *self.sort)
        if self.control[solver.ABORTED]:
            return -1, 0, int(self.control[solver.NODES])
        return int(self.result[0]), int(self.result[1]), int(self.control[solver.NODES])

    def is_easy(self, state: np.ndarray, node_limit: int) -> tuple[bool, int, int, int]:
        """Whether play solves ``state`` within ``node_limit`` nodes: (easy, column, outcome, nodes)."""
        for table in self.play:
            table[:] = 0
        column, outcome, nodes = self.weak_best_move(state, self.play, node_limit)
        return column >= 0, column, outcome, nodes

    def book_move(self, state: np.ndarray) -> tuple[int, int, int]:
        """(column, outcome, nodes) for a book row, solved with the shared table."""
        column, outcome, nodes = self.weak_best_move(state, self.shared)
        if outcome < 0:
            column = lost_position_move(state)
        return column, outcome, nodes


def lost_position_move(state: np.ndarray) -> int:
    """The column the 9-ply search prefers (ties to the centre), as the AI plays when lost."""
    values = np.zeros(rules.WIDTH, dtype=np.float64)
    search.column_values(state[rules.POSITION], state[rules.MASK], state[rules.PLY],
                         LOST_POSITION_DEPTH, values, solver.new_control())
    legal = [int(c) for c in rules.COLUMN_ORDER if rules.can_play(state[rules.MASK], int(c))]
    return max(legal, key=lambda c: values[c])


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


def read_log(path: Path) -> dict[str, tuple[int, int, int, int]]:
    """Results of a previous run: moves -> (column, score, exact, hard)."""
    solved: dict[str, tuple[int, int, int, int]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 7:
                moves = "" if parts[0] == "-" else parts[0]
                solved[moves] = tuple(int(p) for p in parts[1:5])
    return solved


def read_book(path: Path) -> dict[int, tuple[int, int, int]]:
    """Rows of an existing book file (canonical key -> column, score, exact); empty if none."""
    if not path.exists():
        return {}
    return {int(row[0]): (int(row[1]), int(row[2]), int(row[3]))
            for row in np.load(path).reshape(-1, 4)}


def write_book(rows: dict[int, tuple[int, int, int]], out: Path) -> None:
    """Write the sorted (key, column, score, exact) rows atomically."""
    array = np.array([(key, *row) for key, row in sorted(rows.items())], dtype=np.int64).reshape(-1, 4)
    tmp = out.with_suffix(".tmp.npy")
    np.save(tmp, array)
    tmp.replace(out)


def generate(log_path: Path, out: Path, table_size: int, node_limit: int, max_ply: int,
             roots: list[str] | None = None, save_every: int = 20, every_position: bool = False,
             parity: int | None = None) -> dict[int, tuple[int, int, int]]:
    """Breadth-first generation of the book (see the module docstring); returns its rows.

    ``roots`` are the positions (0-based column digits) where the AI is to move at the start; by
    default the empty board and the 7 one-stone positions. Positions with more than ``max_ply``
    stones are not examined. With ``every_position`` every position up to ``max_ply`` stones is
    examined (not only those the AI's own play reaches), and with ``parity`` (0 or 1) only those
    whose number of stones has that parity get a row (two runs can split the work).
    """
    if roots is None:
        roots = [""] + [str(c) for c in range(rules.WIDTH)]
    engine = Solver(table_size)
    known = read_log(log_path)
    booked = read_book(out)
    rows: dict[int, tuple[int, int, int]] = {}
    seen: set[int] = set()
    queue: deque[str] = deque(roots)
    started = time.time()
    unsaved = 0
    with log_path.open("a") as log:
        while queue:
            moves = queue.popleft()
            state = state_after(moves)
            key, is_mirror = canonical(state)
            if key in seen or len(moves) > max_ply:
                continue
            seen.add(key)
            if every_position:
                for column in range(rules.WIDTH):
                    if rules.can_play(state[rules.MASK], column):
                        child = state.copy()
                        rules.apply_action(child, column)
                        if child[rules.PLAYER] != rules.TERMINAL:
                            queue.append(moves + str(column))
                if parity is not None and len(moves) % 2 != parity:
                    continue
            if moves in known:
                column, score, exact, hard = known[moves]
            elif key in booked:  # a row of an earlier run, stored for the canonical orientation
                column, score, exact = booked[key]
                column, hard = rules.WIDTH - 1 - column if is_mirror else column, 1
            else:
                t0 = time.time()
                easy, column, score, nodes = engine.is_easy(state, node_limit)
                hard = int(not easy)
                if hard:
                    column, score, book_nodes = engine.book_move(state)
                    nodes += book_nodes
                exact = 0
                seconds = time.time() - t0
                log.write(f"{moves or '-'} {column} {score} {exact} {hard} {seconds:.2f} {nodes}\n")
                log.flush()
                if hard:
                    print(f"ply {len(moves):2d} {moves or '-':16s} column {column} outcome {score:+d} "
                          f"{seconds:7.2f} s (total {time.time() - started:.0f} s, {len(rows) + 1} rows,"
                          f" {len(queue)} queued)", flush=True)
            if not hard:
                continue
            rows[key] = (rules.WIDTH - 1 - column if is_mirror else column, score, exact)
            unsaved += 1
            if unsaved >= save_every:
                write_book(rows, out)
                unsaved = 0
            if every_position:
                continue
            after_ai = state.copy()
            rules.apply_action(after_ai, column)
            if after_ai[rules.PLAYER] == rules.TERMINAL:
                continue
            for reply in range(rules.WIDTH):
                if rules.can_play(after_ai[rules.MASK], reply):
                    child = after_ai.copy()
                    rules.apply_action(child, reply)
                    if child[rules.PLAYER] != rules.TERMINAL:
                        queue.append(moves + str(column) + str(reply))
    write_book(rows, out)
    print(f"done: {len(rows)} book rows in {time.time() - started:.0f} s -> {out}")
    return rows


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--node-limit", type=int, default=DEFAULT_NODE_LIMIT,
                        help="positions the AI solves within this many nodes stay out of the book")
    parser.add_argument("--max-ply", type=int, default=rules.CELLS,
                        help="examine no position with more stones than this")
    parser.add_argument("--log", type=Path, default=DEFAULT_LOG, help="progress log (resumable)")
    parser.add_argument("--out", type=Path, default=PACKAGE_DIR / BOOK_FILE, help="book file to write")
    parser.add_argument("--table-size", type=int, default=solver.LARGE_TABLE_SIZE,
                        help="entries of the shared transposition table (a prime)")
    parser.add_argument("--roots", choices=("all", "first", "second"), default="all",
                        help="the AI moving first (empty board), second (one-stone boards) or both;"
                             " two runs with first and second can share the work between two cores")
    parser.add_argument("--every-position", action="store_true",
                        help="examine every position up to --max-ply stones, not only those the"
                             " AI's own play reaches (the positions of a set-up board)")
    parser.add_argument("--parity", choices=("all", "even", "odd"), default="all",
                        help="with --every-position: rows only for even or odd numbers of stones")
    parser.add_argument("--merge", type=Path, nargs="+", metavar="BOOK",
                        help="write the rows of these book files together to --out, and stop")
    args = parser.parse_args()
    if args.merge:
        merged = np.concatenate([np.load(path).reshape(-1, 4) for path in args.merge])
        write_book({int(r[0]): tuple(int(v) for v in r[1:]) for r in merged}, args.out)
        print(f"{len(merged)} rows -> {args.out}")
        return
    if args.every_position:
        parity = {"all": None, "even": 0, "odd": 1}[args.parity]
        generate(args.log, args.out, args.table_size, args.node_limit, args.max_ply, [""],
                 every_position=True, parity=parity)
        return
    roots = {"all": None, "first": [""], "second": [str(c) for c in range(rules.WIDTH)]}[args.roots]
    generate(args.log, args.out, args.table_size, args.node_limit, args.max_ply, roots)


if __name__ == "__main__":
    main()
