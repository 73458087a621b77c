"""Fit the Othello pattern evaluation (tui_games/games/othello/weights.npz) from this program's own
games, solved exactly at the end.

Each round plays ``--games`` games between two copies of the current player: a random opening of
``--opening`` plies (a random number in that range), then alpha-beta ``--depth`` plies deep on the
current evaluation (the classical one in the first round, the fitted patterns after), with a random
move now and then (``--explore``) so the games differ. When ``--solve`` squares are left empty the
exact solver finishes the game with perfect play on both sides. Every position of the game gets the
final disc difference of that perfect finish as its target (from its mover's side); the positions of
the perfect finish get their exact values. After each round the pattern tables are fitted to all
samples so far by AdaGrad on the squared error, a tenth of the games held out to report the error.

Games are played by ``--workers`` processes. The defaults (3 rounds of 2,000 games, about 360,000
samples) take about twelve minutes on two busy cores; the shipped weights.npz is their output:

    python scripts/othello_weights.py                      # writes the shipped weights.npz
    python scripts/othello_weights.py --games 400 --rounds 2 --out /tmp/w.npz   # a quick trial
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np

from tui_games.games.othello import patterns, search
from tui_games.games.othello.ai import NO_TABLES, BoardSearch, EndgameSolver
from tui_games.games.othello.bits import after_move, move_bits
from tui_games.games.othello.rules import START_BLACK, START_WHITE, final_score

PACKAGE_DIR = Path(patterns.__file__).resolve().parent


def after(mover: np.uint64, opponent: np.uint64, square: int) -> tuple[np.uint64, np.uint64]:
    """(mover, opponent) of the position after ``mover`` plays ``square``: the sides swap."""
    new_mover, new_opponent = after_move(square, mover, opponent)
    return np.uint64(new_mover), np.uint64(new_opponent)


def squares_of(board: np.uint64) -> list[int]:
    """The set squares of a board."""
    value = int(board)
    return [s for s in range(64) if value >> s & 1]


def empties_of(mover: np.uint64, opponent: np.uint64) -> int:
    """Empty squares of a position."""
    return 64 - bin(int(mover | opponent)).count("1")


def play_game(rng: np.random.Generator, player: BoardSearch, exact: EndgameSolver, args) -> list[tuple]:
    """One game; returns (mover, opponent, target) for every position where a side had a move."""
    mover, opponent = np.uint64(START_BLACK), np.uint64(START_WHITE)
    black_to_move = True
    opening = int(rng.integers(args.opening[0], args.opening[1] + 1))
    played: list[tuple[np.uint64, np.uint64, bool]] = []
    finish: list[tuple[np.uint64, np.uint64, bool, int]] = []
    ply = 0
    while True:
        moves = move_bits(mover, opponent)
        if int(moves) == 0:
            if int(move_bits(opponent, mover)) == 0:
                break
            mover, opponent, black_to_move = opponent, mover, not black_to_move
            continue
        if empties_of(mover, opponent) <= args.solve:
            found = exact.solve(mover, opponent)
            square = found.best_action
            finish.append((mover, opponent, black_to_move, int(found.values[square])))
        elif ply < opening or rng.random() < args.explore:
            square = int(rng.choice(squares_of(moves)))
            played.append((mover, opponent, black_to_move))
        else:
            square = player.search(mover, opponent, None, max_depth=args.depth).best_action
            played.append((mover, opponent, black_to_move))
        mover, opponent = after(mover, opponent, square)
        black_to_move = not black_to_move
        ply += 1
    if finish:
        first_mover, first_opponent, black_first, value = finish[0]
        black_result = value if black_first else -value
    else:  # the game ended before the solve point: count it as it stands
        black_result = int(final_score(mover, opponent)) if black_to_move else -int(final_score(mover, opponent))
    samples = [(m, o, black_result if black else -black_result) for m, o, black in played]
    samples += [(m, o, v) for m, o, _, v in finish]
    return samples


def play_games(job: tuple) -> np.ndarray:
    """A worker's share of a round: ``count`` games; rows of (mover, opponent, target) as uint64."""
    count, seed, weights, args = job
    rng = np.random.default_rng(seed)
    kind = search.CLASSIC if weights is None else search.PATTERNS
    player = BoardSearch(kind, weights, table_bits=16)
    exact = EndgameSolver(table_bits=18, weights=weights if weights is not None else NO_TABLES)
    rows = []
    for game in range(count):
        for mover, opponent, target in play_game(rng, player, exact, args):
            rows.append((int(mover), int(opponent), int(target) & 0xFFFFFFFFFFFFFFFF, game))
    return np.array(rows, dtype=np.uint64).reshape(-1, 4)


def fit(samples: np.ndarray, targets: np.ndarray, held: np.ndarray, args) -> tuple[np.ndarray, float, float]:
    """Fresh weights fitted to the samples not ``held`` out; returns (weights, training RMS error,
    held-out RMS error)."""
    weights = patterns.empty_weights()
    squared = np.zeros_like(weights)
    train = np.flatnonzero(~held)
    movers, opponents, values = samples[train, 0], samples[train, 1], targets[train].astype(np.float32)
    rng = np.random.default_rng(len(samples))
    error = 0.0
    for _ in range(args.epochs):
        order = rng.permutation(len(train))
        error = patterns.fit_epoch(movers[order], opponents[order], values[order], weights, squared,
                                   args.rate, args.l2)
    test = patterns.mean_squared_error(samples[held, 0].copy(), samples[held, 1].copy(),
                                       targets[held].astype(np.float32), weights)
    return weights, float(np.sqrt(error)), float(np.sqrt(test))


def bootstrapped(samples: np.ndarray, weights: np.ndarray, args) -> np.ndarray:
    """Targets that lean on the evaluation: for positions before the exact finish, ``--bootstrap``
    times the game's result plus the rest times a ``--bootstrap-depth`` search with ``weights``
    (less noisy than one game's result alone); exact values stay as they are."""
    outcome = samples[:, 2].view(np.int64).astype(np.float64)
    searched = np.zeros(len(samples))
    search.position_values(samples[:, 0].copy(), samples[:, 1].copy(), args.bootstrap_depth, search.PATTERNS,
                           patterns.evaluation_tables(weights), searched)
    empties = 64 - np.array([bin(int(m) | int(o)).count("1") for m, o in samples[:, :2]])
    return np.where(empties <= args.solve, outcome, args.bootstrap * outcome + (1 - args.bootstrap) * searched)


def fit_all(data: np.ndarray, args, label: str, started: float) -> np.ndarray:
    """Weights fitted to every sample so far (a tenth of the games held out to report the error);
    with ``--bootstrap`` below 1, fitted again to targets bootstrapped from the first fit."""
    held = (data[:, 3] % np.uint64(10)) == 0
    targets = data[:, 2].view(np.int64).astype(np.float64)
    weights, error, test = fit(data, targets, held, args)
    print(f"{label}: {len(data)} samples; RMS error {error:.2f} discs (training), {test:.2f} (held out); "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    for step in range(args.bootstrap_steps if args.bootstrap < 1 else 0):
        targets = bootstrapped(data, weights, args)
        weights, error, test = fit(data, targets, held, args)
        print(f"  bootstrapped targets ({step + 1}): RMS error {error:.2f} (training), {test:.2f} (held out); "
              f"{time.perf_counter() - started:.0f} s", flush=True)
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--depth", type=int, default=3, help="search depth of the self-play games")
    parser.add_argument("--opening", type=int, nargs=2, default=(6, 16), metavar=("MIN", "MAX"),
                        help="random plies at the start of each game")
    parser.add_argument("--explore", type=float, default=0.04, help="chance of a random move later on")
    parser.add_argument("--solve", type=int, default=16, help="empty squares at which the exact finish starts")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--rate", type=float, default=0.1, help="AdaGrad step size")
    parser.add_argument("--l2", type=float, default=0.003)
    parser.add_argument("--bootstrap", type=float, default=0.5,
                        help="share of the game's result in the targets before the exact finish (1: no bootstrap)")
    parser.add_argument("--bootstrap-depth", type=int, default=2)
    parser.add_argument("--bootstrap-steps", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20250601)
    parser.add_argument("--weights", type=Path, help="the first round's players use these weights (default: "
                        "the classical evaluation)")
    parser.add_argument("--out", type=Path, default=PACKAGE_DIR / patterns.WEIGHTS_FILE)
    parser.add_argument("--samples", type=Path, action="append", default=[],
                        help="also fit to the samples saved by an earlier run (--save-samples)")
    parser.add_argument("--save-samples", type=Path, help="keep every sample of this run in a .npy file")
    args = parser.parse_args()

    weights = patterns.load_weights(args.weights) if args.weights else None
    rounds: list[np.ndarray] = [np.load(path) for path in args.samples]
    started = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    first_game = int(max((r[:, 3].max() for r in rounds), default=0)) + 1
    for round_number in range(args.rounds):
        shares = [args.games // args.workers + (i < args.games % args.workers) for i in range(args.workers)]
        jobs = [(share, args.seed + 1000 * round_number + i, weights, args) for i, share in enumerate(shares)]
        with context.Pool(args.workers) as pool:
            parts = pool.map(play_games, jobs)
        for part, share in zip(parts, shares):  # number the games on, for the held-out split
            part[:, 3] += np.uint64(first_game)
            first_game += share
        rounds.append(np.concatenate(parts))
        data = np.concatenate(rounds)
        if args.save_samples:
            np.save(args.save_samples, data)
        weights = fit_all(data, args, f"round {round_number + 1}: {len(rounds[-1])} new samples", started)
    if args.rounds == 0:
        weights = fit_all(np.concatenate(rounds), args, "refit", started)
    settings = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}
    patterns.save_weights(args.out, weights, samples=sum(len(r) for r in rounds),
                          command=" ".join(["scripts/othello_weights.py", *sys.argv[1:]]),
                          settings=json.dumps(settings))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
