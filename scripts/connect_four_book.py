"""Regenerate the Connect Four opening book with the project's own exact solver.

The book holds, for every position with at most ``--max-ply`` stones (whoever is to move; mirror
images share one row), a move with the best exact score and that score, so the perfect AI and the
hint answer those positions at once, however they were reached.

Only the positions with exactly ``--max-ply`` stones are searched (solver.best_move, with a large
table shared by the whole run; positions are taken in move order so that neighbours share much of
the table). Every shallower position takes the best of its moves from the rows of the positions
they lead to (or an immediate win), without searching.

Each searched position is appended to a log (moves, column, score, seconds, nodes), and the
exact rows already in the output book are kept and not searched again, so a later run with the same
log or into the same book resumes where the last one stopped. The .npy book is rewritten every 20
new rows; ``--no-search`` only adds a log's rows to the book (and derives the shallower ones).
The shipped book is complete to the default ``--max-ply 8`` (129,498 rows). Its 91,295
eight-stone positions took about 14 CPU-hours of search (about 0.55 s a position): niced runs on the
2-core development machine (two runs sharing a log, one ``--reverse``) and ``--workers 16`` runs on
a lent 16-core machine, session by session, each resuming into the book. The seven-stone rows,
searched earlier (about 6.7 CPU-hours), and the six-stone rows before them agree in every score
with the rows derived from the eight-stone ones, which replaced them. The shipped book also holds
the first 16,150 nine-stone positions of ``--max-ply 9 --hard-first`` (the eight-stone run's log):
children of the slowest eight-stone searches. The first 1,176 took about 24 million nodes a
position, the next 14,974 about 6.6 million (4.3 CPU-hours), where a fresh search of a random
nine-stone position takes a median of about 1 million.
With ``--workers N`` one run searches the positions it still lacks in N processes, each with its
own table, handing them out in runs of ``--chunk`` neighbouring positions as processes come free
(16 processes on a lent 16-core machine searched 10,688 seven-stone positions in 13 minutes).
With ``--hard-first LOG`` (a log of the layer one stone shallower) the positions most likely to be
slow are searched first: the children of the parents whose searches took the most nodes (see
:func:`hardest_parents_first`), so a layer too large for one session covers its slowest positions
first.
With ``--part I/N`` a run searches only the I-th of N equal runs of the deepest positions in move
order (I counted from 0), so N runs, each with its own output (a log may be shared), share the
work; ``--merge`` then writes their rows together and adds the derived shallower rows. Runs that
share a log also skip what the others have logged since they started, so two runs over the same
positions, one of them ``--reverse``, share the work evenly however it is spread.

    python scripts/connect_four_book.py [--max-ply 8] [--log PATH] [--out PATH] [--part I/N]
                                        [--reverse] [--workers N] [--chunk K] [--no-search]
                                        [--hard-first LOG]
    python scripts/connect_four_book.py --merge A.npy B.npy [--max-ply 8] [--out PATH]
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from pathlib import Path

import numpy as np

from tui_games.games.connect_four import rules, solver
from tui_games.games.connect_four.book import BOOK_FILE

PACKAGE_DIR = Path(rules.__file__).resolve().parent
DEFAULT_LOG = Path("/tmp/connect_four_book.log")
DEFAULT_MAX_PLY = 8

Solved = tuple[str, int, int, float, int]
"""One searched position: (moves, column, score, seconds, nodes)."""

Rows = dict[int, tuple[int, int, int]]
"""Canonical key -> (column for the canonical orientation, score, exact): exact 1 for an exact
score, 0 for a row of an older book that holds only the outcome (1, 0, -1) and an outcome-keeping
column; such rows stay until the position is searched exactly."""


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


def ongoing_children(state: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """(column, state after it) for each move of ``state`` after which the game goes on."""
    children = []
    for column in range(rules.WIDTH):
        if rules.can_play(state[rules.MASK], column):
            child = state.copy()
            rules.apply_action(child, column)
            if child[rules.PLAYER] != rules.TERMINAL:
                children.append((column, child))
    return children


def positions_at(ply: int, root: str = "") -> list[str]:
    """One move sequence (0-based digits) for each position with ``ply`` stones that can follow
    ``root`` without the game ending, mirror images counted once, in move order: the first
    sequence in move order that reaches the position or its mirror image.

    Built stone by stone, each layer from the sequences of the one before: the first sequence of a
    position extends the first sequence of the position it comes from (or of its mirror image, whose
    mirrored move comes earlier), so keeping one sequence per position at every layer loses none.
    """
    layer = [(root, state_after(root))]
    for _ in range(ply - len(root)):
        following = []
        seen: set[int] = set()
        for moves, state in layer:
            for column, child in ongoing_children(state):
                key, _ = canonical(child)
                if key not in seen:
                    seen.add(key)
                    following.append((moves + str(column), child))
        layer = following
    return [moves for moves, _ in layer]


def read_log(path: Path) -> dict[str, tuple[int, int]]:
    """Results of a previous run: moves -> (column, score)."""
    return {moves: (column, score) for moves, column, score, _, _ in logged(path)}


def logged(path: Path) -> list[Solved]:
    """The searches a log records (see :func:`log_line`); none if there is no log."""
    if not path.exists():
        return []
    entries = []
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) >= 5:
            moves = "" if parts[0] == "-" else parts[0]
            entries.append((moves, int(parts[1]), int(parts[2]), float(parts[3]), int(parts[4])))
    return entries


def hardest_parents_first(deepest: list[str], parent_log: Path) -> list[str]:
    """``deepest`` reordered so that the positions slowest for the perfect player come first, as far
    as the log of the layer above (``parent_log``, one stone fewer) predicts them: the children
    of the parent that took the most nodes, then those of the next, each family together in move
    order (so they share the table), each position with the family of its hardest parent.

    Then, in the same order, the children that a parent's own logged move leads to: their score
    is known from that parent, so the perfect player only looks for a move that keeps it (see
    OpeningBook.bound_from_parents) and is quick there. Positions with no logged parent keep
    their order at the end.

    A position is hard to search when one of its parents was: 19 of the 23 slowest of 600 random
    nine-stone positions have a parent in the slowest tenth of the eight-stone searches."""
    index_of = {canonical(state_after(moves))[0]: index for index, moves in enumerate(deepest)}
    parents = sorted(logged(parent_log), key=lambda entry: (-entry[4], entry[0]))
    families = []
    scored: set[int] = set()  # positions whose score a parent's logged move fixes
    for moves, logged_column, _, _, _ in parents:
        family = []
        for column, child in ongoing_children(state_after(moves)):
            index = index_of.get(canonical(child)[0])
            if index is not None:
                family.append(index)
                if column == logged_column:
                    scored.add(index)
        families.append(family)
    searched_first: list[str] = []
    scored_later: list[str] = []
    placed: set[int] = set()
    for family in families:
        for index in family:
            if index not in placed:
                placed.add(index)
                (scored_later if index in scored else searched_first).append(deepest[index])
    unparented = [moves for index, moves in enumerate(deepest) if index not in placed]
    return searched_first + scored_later + unparented


def read_book(path: Path) -> Rows:
    """The rows of an existing book file (exact and outcome-only); empty if there is none."""
    if not path.exists():
        return {}
    return {int(row[0]): (int(row[1]), int(row[2]), int(row[3])) for row in np.load(path).reshape(-1, 4)}


def is_exact(rows: Rows, key: int) -> bool:
    """True when ``rows`` hold an exact row for ``key``."""
    row = rows.get(key)
    return row is not None and row[2] == 1


def write_book(rows: Rows, out: Path) -> None:
    """Write the sorted (key, column, score, exact) rows atomically."""
    array = np.array([(key, *row) for key, row in sorted(rows.items())], dtype=np.int64).reshape(-1, 4)
    tmp = out.with_suffix(".tmp.npy")
    np.save(tmp, array)
    tmp.replace(out)


def add_row(rows: Rows, state: np.ndarray, column: int, score: int) -> None:
    """Record (column, score) of ``state`` under its canonical key, column turned to match."""
    key, is_mirror = canonical(state)
    rows[key] = (rules.WIDTH - 1 - column if is_mirror else column, score, 1)


def best_from_children(state: np.ndarray, rows: Rows) -> tuple[int, int] | None:
    """(column, exact score) of the best move of ``state`` from the rows of the positions its moves
    lead to (centre first among equal scores); None if one of them has no row."""
    moves = int(state[rules.PLY])
    best: tuple[int, int] | None = None
    for column in rules.COLUMN_ORDER:
        column = int(column)
        if not rules.can_play(state[rules.MASK], column):
            continue
        child = state.copy()
        rules.apply_action(child, column)
        if child[rules.PLAYER] == rules.TERMINAL:
            score = (rules.CELLS + 1 - moves) // 2 if child[rules.WINNER] >= 0 else 0
        else:
            row = rows.get(canonical(child)[0])
            if row is None or row[2] != 1:
                return None
            score = -row[1]
        if best is None or score > best[1]:
            best = (column, score)
    return best


def derive_shallower(rows: Rows, max_ply: int, root: str = "") -> int:
    """Set the row of every position from ``root`` up to ``max_ply - 1`` stones whose moves all
    have rows (deepest first, so each ply builds on the next); returns how many rows were set."""
    added = 0
    for ply in range(max_ply - 1, len(root) - 1, -1):
        for moves in positions_at(ply, root):
            state = state_after(moves)
            best = best_from_children(state, rows)
            if best is not None:
                add_row(rows, state, *best)
                added += 1
    return added


_worker_search: dict[str, np.ndarray] = {}
"""The table, control and result arrays of a ``--workers`` process, kept from chunk to chunk."""


def _start_worker(table_bits: int) -> None:
    """Give this worker process its own transposition table."""
    _worker_search["table"] = solver.new_table(table_bits)
    _worker_search["control"] = solver.new_control()
    _worker_search["result"] = np.zeros(2, dtype=np.int64)


def solve_position(moves: str, table: np.ndarray, control: np.ndarray, result: np.ndarray) -> Solved:
    """Search the position after ``moves`` exactly."""
    state = state_after(moves)
    control[:] = 0
    t0 = time.time()
    solver.best_move(state[rules.POSITION], state[rules.MASK], state[rules.PLY], result, table, control)
    return moves, int(result[0]), int(result[1]), time.time() - t0, int(control[solver.NODES])


def _solve_chunk(chunk: list[str]) -> list[Solved]:
    """Search a run of neighbouring positions in a ``--workers`` process."""
    return [solve_position(moves, _worker_search["table"], _worker_search["control"],
                           _worker_search["result"]) for moves in chunk]


def log_line(solved: Solved) -> str:
    """The log's line for one searched position (see :func:`read_log`)."""
    moves, column, score, seconds, nodes = solved
    return f"{moves or '-'} {column} {score} {seconds:.2f} {nodes}\n"


def generate_in_parallel(deepest: list[str], rows: Rows, known: dict[str, tuple[int, int]],
                         log_path: Path, out: Path, table_bits: int, workers: int,
                         save_every: int, chunk_size: int) -> None:
    """Search the positions of ``deepest`` that neither ``known`` nor ``rows`` answer in
    ``workers`` processes, each with its own table, handing out runs of ``chunk_size``
    neighbouring positions (so each table serves similar positions) as processes come free."""
    pending = []
    for moves in deepest:
        state = state_after(moves)
        if moves in known:
            add_row(rows, state, *known[moves])
        elif not is_exact(rows, canonical(state)[0]):
            pending.append(moves)
    chunks = [pending[start:start + chunk_size] for start in range(0, len(pending), chunk_size)]
    print(f"{len(pending)} positions to search in {len(chunks)} runs by {workers} processes", flush=True)
    if pending:  # compile the search here once, so the processes load it from numba's cache
        control = solver.new_control()
        control[solver.BUDGET] = 1
        solve_position(pending[0], solver.new_table(solver.MIN_TABLE_BITS), control,
                       np.zeros(2, dtype=np.int64))
    started = time.time()
    done = unsaved = 0
    context = multiprocessing.get_context("spawn")
    with log_path.open("a") as log, context.Pool(workers, _start_worker, (table_bits,)) as pool:
        for solved_chunk in pool.imap_unordered(_solve_chunk, chunks):
            for solved in solved_chunk:
                log.write(log_line(solved))
                add_row(rows, state_after(solved[0]), solved[1], solved[2])
            log.flush()
            done += len(solved_chunk)
            unsaved += len(solved_chunk)
            print(f"{done}/{len(pending)} searched (total {time.time() - started:.0f} s)", flush=True)
            if unsaved >= save_every:
                write_book(rows, out)
                unsaved = 0


def generate(log_path: Path, out: Path, table_bits: int, max_ply: int, root: str = "",
             part: tuple[int, int] = (0, 1), save_every: int = 20, reverse: bool = False,
             workers: int = 1, chunk_size: int = 16, search: bool = True,
             hard_first: Path | None = None) -> Rows:
    """Search this part's share of the positions with ``max_ply`` stones after ``root`` (in
    reverse move order if ``reverse``; the hardest first as ``hard_first``, a log of the layer
    above, predicts them (see :func:`hardest_parents_first`); in ``workers`` processes if more than
    one; not at all unless ``search``, then only the log's rows are added), derive the shallower
    rows (see the module docstring) and write the book; returns its rows."""
    index, parts = part
    rows: Rows = read_book(out)  # rows of an earlier run into the same book are kept, not searched
    known = read_log(log_path)
    everything = positions_at(max_ply, root)
    deepest = everything[index * len(everything) // parts:(index + 1) * len(everything) // parts]
    if hard_first is not None:
        deepest = hardest_parents_first(deepest, hard_first)
    if reverse:
        deepest.reverse()
    started = time.time()
    if not search:
        add_logged_rows(deepest, rows, known)
    elif workers > 1:
        generate_in_parallel(deepest, rows, known, log_path, out, table_bits, workers,
                             save_every, chunk_size)
    else:
        generate_in_order(deepest, rows, known, log_path, out, table_bits, save_every)
    added = derive_shallower(rows, max_ply, root)
    write_book(rows, out)
    print(f"done: {len(rows)} book rows ({added} derived) in {time.time() - started:.0f} s -> {out}")
    return rows


def add_logged_rows(deepest: list[str], rows: Rows, known: dict[str, tuple[int, int]]) -> None:
    """Add the rows that ``known`` (a log) holds for positions of ``deepest``, searching none."""
    for moves in deepest:
        if moves in known:
            add_row(rows, state_after(moves), *known[moves])


def generate_in_order(deepest: list[str], rows: Rows, known: dict[str, tuple[int, int]],
                      log_path: Path, out: Path, table_bits: int, save_every: int) -> None:
    """Search the positions of ``deepest`` that neither the log nor ``rows`` answer, one after
    another with one table, re-reading the log (which other runs may share) before each search."""
    started = time.time()
    table = solver.new_table(table_bits)
    control = solver.new_control()
    result = np.zeros(2, dtype=np.int64)
    unsaved = 0
    with log_path.open("a") as log:
        for number, moves in enumerate(deepest):
            state = state_after(moves)
            if is_exact(rows, canonical(state)[0]):
                continue
            if moves not in known:
                known = read_log(log_path)  # another run sharing the log may have solved it
            if moves in known:
                add_row(rows, state, *known[moves])
                continue
            solved = solve_position(moves, table, control, result)
            _, column, score, seconds, _ = solved
            log.write(log_line(solved))
            log.flush()
            add_row(rows, state, column, score)
            print(f"{number + 1}/{len(deepest)} {moves or '-':12s} column {column} score {score:+3d}"
                  f" {seconds:7.2f} s (total {time.time() - started:.0f} s)", flush=True)
            unsaved += 1
            if unsaved >= save_every:
                write_book(rows, out)
                unsaved = 0


def merge_books(paths: list[Path], out: Path, max_ply: int, root: str = "") -> Rows:
    """Write the rows of the books at ``paths`` together, with the shallower rows derived from
    them (see :func:`derive_shallower`), to ``out``; returns the rows."""
    rows: Rows = {}
    for path in paths:
        rows.update(read_book(path))
    added = derive_shallower(rows, max_ply, root)
    write_book(rows, out)
    print(f"{len(rows)} rows ({added} derived) -> {out}")
    return rows


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-ply", type=int, default=DEFAULT_MAX_PLY,
                        help="book every position with up to this many stones")
    parser.add_argument("--log", type=Path, default=DEFAULT_LOG, help="progress log (resumable)")
    parser.add_argument("--out", type=Path, default=PACKAGE_DIR / BOOK_FILE, help="book file to write")
    parser.add_argument("--table-bits", type=int, default=solver.LARGE_TABLE_BITS,
                        help="log2 of the entries of the shared transposition table")
    parser.add_argument("--part", default="0/1",
                        help="I/N: search only the I-th of N runs of the deepest positions")
    parser.add_argument("--reverse", action="store_true",
                        help="search the deepest positions in reverse move order")
    parser.add_argument("--workers", type=int, default=1,
                        help="search in this many processes, each with its own table")
    parser.add_argument("--chunk", type=int, default=16,
                        help="with --workers: neighbouring positions handed to a process at a time")
    parser.add_argument("--hard-first", type=Path, metavar="LOG",
                        help="search first the positions whose parents took the most nodes in LOG,"
                             " a log of the layer one stone shallower")
    parser.add_argument("--no-search", action="store_true",
                        help="only add the rows of --log to --out (and the derived shallower rows)")
    parser.add_argument("--merge", type=Path, nargs="+", metavar="BOOK",
                        help="write the rows of these book files together (and the derived"
                             " shallower rows) to --out, and stop")
    args = parser.parse_args()
    if not 0 <= args.max_ply < rules.CELLS:
        parser.error(f"--max-ply must be 0..{rules.CELLS - 1}")
    if args.merge:
        merge_books(args.merge, args.out, args.max_ply)
        return
    try:
        index, parts = (int(value) for value in args.part.split("/"))
    except ValueError:
        parser.error("--part must look like 0/2")
    if not 0 <= index < parts:
        parser.error("--part I/N needs 0 <= I < N")
    if args.workers < 1 or args.chunk < 1:
        parser.error("--workers and --chunk must be at least 1")
    generate(args.log, args.out, args.table_bits, args.max_ply, part=(index, parts),
             reverse=args.reverse, workers=args.workers, chunk_size=args.chunk,
             search=not args.no_search, hard_first=args.hard_first)


if __name__ == "__main__":
    main()
