"""Connect Four solver timings: Pons benchmark sets and the perfect AI's per-move times.

Part 1 solves positions of each Pons set (like the table in ../shared/refdata/connect4/README.md)
with a fresh table per position and prints the mean time, the mean number of nodes and how many
answers were right. Part 2 plays the perfect AI (book + solver, table kept between moves as in a
real game) from the empty board or from random openings against random replies or an AI level, and
prints the time of each of its moves, saying which came from the book, and the games' results.

    python benchmarks/connect_four_solver.py [--per-set 100] [--sets Test_L3_R1,...] [--games 3]
                                             [--max-ply 42] [--opening-plies 0] [--opponent random|1-5]
                                             [--random-positions 2,4,6,8 --per-ply 8 --cap 20]
                                             [--skip-sets] [--skip-games]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

from tui_games import catalog
from tui_games.games.connect_four import rules, solver
from tui_games.games.connect_four.ai import PerfectPlayer

REFDATA = Path(__file__).resolve().parents[2] / "shared" / "refdata" / "connect4"
ALL_SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3")


def bench_set(name: str, count: int, table_size: int) -> None:
    """Solve the first ``count`` positions of one Pons set with a cleared table each time."""
    keys, values = solver.new_table(table_size)
    control = solver.new_control()
    sort_moves, sort_scores = solver.new_sort_buffers()
    lines = [line.split() for line in (REFDATA / name).read_text().splitlines() if line.strip()][:count]
    times, nodes, right = [], [], 0
    for moves, expected in lines:
        state = rules.initial_state()
        for ch in moves:
            rules.apply_action(state, int(ch) - 1)
        keys[:] = 0
        values[:] = 0
        control[:] = 0
        start = time.perf_counter()
        score = solver.solve(state[rules.POSITION], state[rules.MASK], state[rules.PLY], keys, values,
                             control, sort_moves, sort_scores)
        times.append(time.perf_counter() - start)
        nodes.append(int(control[solver.NODES]))
        right += int(score) == int(expected)
    print(f"{name:11s} {len(lines):5d} positions  right {right:5d}  mean {1000 * statistics.mean(times):9.2f} ms"
          f"  max {1000 * max(times):9.1f} ms  mean nodes {statistics.mean(nodes):12.0f}", flush=True)


def bench_games(games: int, max_ply: int, seed: int, opening_plies: int = 0,
                opponent: str = "random") -> list[float]:
    """Per-move times of the perfect AI (both colours) against ``opponent`` ('random' or an AI level
    '1'..'5'), from the empty board or from ``opening_plies`` random moves (a new random opening per
    game, not yet decided). Returns every move's time in seconds."""
    spec = catalog.get("connect-four")
    rng = np.random.default_rng(seed)
    by_ply: dict[int, list[tuple[float, bool]]] = {}
    outcomes: dict[str, int] = {}
    for game in range(games):
        for ai_seat in (0, 1):
            ai = spec.ai(spec.max_level, seed=game)
            other = None if opponent == "random" else spec.ai(int(opponent), seed=1000 + game)
            state = spec.new()
            while state.ply < opening_plies:
                state.apply(int(rng.choice(state.legal_actions())))
                if state.is_terminal:
                    state = spec.new()
            while not state.is_terminal and state.ply <= max_ply:
                if state.current_player == ai_seat:
                    in_book = ai.book.lookup(int(state.array[rules.POSITION]),
                                             int(state.array[rules.MASK])) is not None
                    start = time.perf_counter()
                    action = ai.choose(state)
                    elapsed = time.perf_counter() - start
                    by_ply.setdefault(state.ply, []).append((elapsed, in_book))
                    if elapsed > 0.5:
                        moves = "".join(str(a + 1) for a in state.history)
                        print(f"  slow: game {game} AI seat {ai_seat} ply {state.ply:2d} {elapsed:6.2f} s"
                              f" {'book' if in_book else 'search'} after {moves or '-'}", flush=True)
                elif other is not None:
                    action = other.choose(state)
                else:
                    action = int(rng.choice(state.legal_actions()))
                state.apply(action)
            if state.is_terminal:
                ai_return = state.returns()[ai_seat]
                key = "AI won" if ai_return > 0 else ("AI lost" if ai_return < 0 else "draw")
                outcomes[key] = outcomes.get(key, 0) + 1
    print(f"opponent {opponent}: results {outcomes}")
    print("ply  moves  book  mean s   max s")
    for ply in sorted(by_ply):
        entries = by_ply[ply]
        seconds = [e for e, _ in entries]
        print(f"{ply:3d} {len(entries):6d} {sum(b for _, b in entries):5d} {statistics.mean(seconds):8.3f}"
              f" {max(seconds):8.3f}")
    every = [e for entries in by_ply.values() for e, _ in entries]
    over = sum(e > 1.0 for e in every)
    print(f"all moves: {len(every)}, mean {statistics.mean(every):.3f} s, max {max(every):.3f} s, "
          f"over 1 s: {over}", flush=True)
    return every


def bench_random_positions(plies: list[int], per_ply: int, seed: int, cap: float) -> None:
    """Time a fresh perfect player's first move in random positions with each number of stones
    (positions its own play need not reach), giving up after ``cap`` seconds a move."""
    spec = catalog.get("connect-four")
    rng = np.random.default_rng(seed)
    for ply in plies:
        times = []
        for _ in range(per_ply):
            state = spec.new()
            while state.ply < ply:
                state.apply(int(rng.choice(state.legal_actions())))
                if state.is_terminal:
                    state = spec.new()
            ai = PerfectPlayer(spec.max_level, 0, time_limit=cap)
            start = time.perf_counter()
            ai.choose(state)
            times.append(time.perf_counter() - start)
        print(f"{ply:2d} stones: median {statistics.median(times):6.2f} s  max {max(times):6.2f} s"
              f"  over 1 s {sum(t > 1.0 for t in times)}/{len(times)}"
              f"  capped {sum(t >= cap for t in times)}", flush=True)


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-set", type=int, default=100, help="positions per Pons set")
    parser.add_argument("--sets", default="Test_L3_R1,Test_L2_R1,Test_L2_R2,Test_L1_R1,Test_L1_R2")
    parser.add_argument("--table-size", type=int, default=solver.DEFAULT_TABLE_SIZE)
    parser.add_argument("--games", type=int, default=2, help="games per colour for the per-move times")
    parser.add_argument("--max-ply", type=int, default=rules.CELLS, help="stop each timed game after this ply")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="random",
                        help="'random' or an AI level 1-5 for the other seat of the timed games")
    parser.add_argument("--opening-plies", type=int, default=0,
                        help="random moves before the timed part of each game")
    parser.add_argument("--random-positions", default="",
                        help="comma-separated stone counts: time first moves in random positions")
    parser.add_argument("--per-ply", type=int, default=8, help="random positions per stone count")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds before a move gives up")
    parser.add_argument("--skip-sets", action="store_true")
    parser.add_argument("--skip-games", action="store_true")
    args = parser.parse_args()
    bench_set("Test_L3_R1", 1, 1048577)  # compiles the kernels before anything is timed
    if not args.skip_sets:
        for name in args.sets.split(","):
            bench_set(name, args.per_set, args.table_size)
    if args.random_positions:
        plies = [int(p) for p in args.random_positions.split(",")]
        bench_random_positions(plies, args.per_ply, args.seed, args.cap)
    if not args.skip_games:
        bench_games(args.games, args.max_ply, args.seed, args.opening_plies, args.opponent)


if __name__ == "__main__":
    main()
