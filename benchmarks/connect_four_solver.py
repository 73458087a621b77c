"""Connect Four perfect AI timings: seconds per move of the top level (book + exact solver).

The exact solver alone on Pascal Pons' benchmark sets is measured by benchmarks/c4_solver.py.

``--random-positions 3,4,...`` times a fresh perfect player's move in random positions with each
number of stones (positions its own play need not reach, as a player could set up by hand), and
prints per number of stones the median and the largest time (``--json``: one JSON object of
those). Unless ``--skip-games``, the perfect AI then plays games (table kept between moves as in a
real game) from the empty board or from random openings against random replies or an AI level,
and the time of each of its moves is printed, saying which came from the book, with the results.

    python benchmarks/connect_four_solver.py [--games 2] [--max-ply 42] [--opening-plies 0]
                                             [--opponent random|1-5] [--skip-games]
                                             [--random-positions 3,4,5 --per-ply 8 --cap 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from tui_games import catalog
from tui_games.games.connect_four import rules, solver
from tui_games.games.connect_four.ai import PerfectPlayer

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
                    in_book = ai.book_move(state) is not None
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


def random_position(spec, stones: int, rng: np.random.Generator):
    """A state after ``stones`` uniformly random moves, the game not over."""
    while True:
        state = spec.new()
        while state.ply < stones and not state.is_terminal:
            state.apply(int(rng.choice(state.legal_actions())))
        if not state.is_terminal:
            return state


def bench_random_positions(plies: list[int], per_ply: int, seed: int, cap: float,
                           quiet: bool = False) -> dict:
    """Time a fresh perfect player's move in random positions with each number of stones
    (positions its own play need not reach), giving up after ``cap`` seconds a move; returns
    per number of stones the median and largest wall-clock seconds and how many moves were capped
    or came from the book."""
    spec = catalog.get("connect-four")
    rng = np.random.default_rng(seed)
    warm = PerfectPlayer(spec.max_level, 0)
    warm.choose(random_position(spec, 30, rng))  # compile before anything is timed
    results = {}
    for ply in plies:
        times, cpu, capped, booked = [], [], 0, 0
        for _ in range(per_ply):
            state = random_position(spec, ply, rng)
            ai = PerfectPlayer(spec.max_level, 0, time_limit=cap)
            booked += ai.book_move(state) is not None
            start, start_cpu = time.perf_counter(), time.process_time()
            ai.choose(state)
            elapsed = time.perf_counter() - start
            times.append(elapsed)
            cpu.append(time.process_time() - start_cpu)
            capped += bool(ai.control[solver.ABORTED])
            if elapsed > 1.0 and not quiet:
                moves = "".join(str(a + 1) for a in state.history)
                print(f"  {ply:2d} stones {moves:14s} {elapsed:6.2f} s", flush=True)
        results[str(ply)] = {"positions": len(times), "median_s": round(statistics.median(times), 3),
                             "max_s": round(max(times), 3),
                             "median_cpu_s": round(statistics.median(cpu), 3),
                             "over_1_s": sum(t > 1.0 for t in times), "capped": capped,
                             "from_book": booked}
        if not quiet:
            print(f"{ply:2d} stones: median {statistics.median(times):6.2f} s  max {max(times):6.2f} s"
                  f"  (cpu median {statistics.median(cpu):6.2f} s)  over 1 s"
                  f" {sum(t > 1.0 for t in times)}/{len(times)}  capped {capped}  book {booked}",
                  flush=True)
    return results


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per colour for the per-move times")
    parser.add_argument("--max-ply", type=int, default=rules.CELLS,
                        help="stop each timed game after this ply")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="random",
                        help="'random' or an AI level 1-5 for the other seat of the timed games")
    parser.add_argument("--opening-plies", type=int, default=0,
                        help="random moves before the timed part of each game")
    parser.add_argument("--random-positions", default="",
                        help="comma-separated stone counts: time first moves in random positions")
    parser.add_argument("--per-ply", type=int, default=8, help="random positions per stone count")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds before a move gives up")
    parser.add_argument("--skip-games", action="store_true")
    parser.add_argument("--json", action="store_true",
                        help="print only one JSON object: the random-position figures")
    args = parser.parse_args()
    if args.games < 1 or args.per_ply < 1 or args.cap <= 0 or args.opening_plies < 0:
        parser.error("--games and --per-ply must be at least 1, --cap positive, --opening-plies >= 0")
    if args.random_positions:
        plies = [int(p) for p in args.random_positions.split(",")]
        if any(not 0 <= p < rules.CELLS for p in plies):
            parser.error(f"stone counts must be 0..{rules.CELLS - 1}")
        results = bench_random_positions(plies, args.per_ply, args.seed, args.cap, quiet=args.json)
        if args.json:
            print(json.dumps({"random_positions": results}))
    if not args.skip_games and not args.json:
        bench_games(args.games, args.max_ply, args.seed, args.opening_plies, args.opponent)


if __name__ == "__main__":
    main()
