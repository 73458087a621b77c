"""Compute the Leduc Hold'em equilibria the top AI level plays (tui_games/games/leduc_holdem/strategy.npz).

For each ``betting`` variant (ante: OpenSpiel's leduc_poker; blinds: the seed's rules) the engine's
CFR+ runs on the whole game tree, with 100 chips behind each seat, until the average strategy's
exploitability (NashConv / 2, in chips per hand, computed exactly by best responses) is below
``--target`` or ``--iterations`` have run; it is measured every ``--check-every`` iterations. The
average strategies, and for each its iterations, exploitability and value for seat 0, are written to
``--out``. With the defaults (target 0.0001) this takes a few minutes on two busy cores:

    python scripts/leduc_strategy.py                          # writes the shipped strategy.npz
    python scripts/leduc_strategy.py --target 0.001 --out /tmp/leduc.npz --json   # a quick trial
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from tui_games.games.leduc_holdem import strategy
from tui_games.games.leduc_holdem.game import BETTING_VARIANTS

SHIPPED = Path(strategy.__file__).resolve().parent / strategy.STRATEGY_FILE


def solve(betting: str, target: float, iterations: int, check_every: int, quiet: bool) -> tuple:
    """CFR+ on one variant until ``target`` exploitability or ``iterations``: (strategy, details)."""
    solver = strategy.solver_for(betting)
    started = time.perf_counter()
    exploitability = float("inf")
    while solver.iterations < iterations and exploitability >= target:
        solver.run(min(check_every, iterations - solver.iterations))
        exploitability = solver.exploitability()
        if not quiet:
            print(f"{betting}: {solver.iterations} iterations, exploitability {exploitability:.6f} "
                  f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    value, _ = solver.values()
    details = {"iterations": solver.iterations, "exploitability": exploitability, "value": value,
               "seconds": round(time.perf_counter() - started, 1)}
    return strategy.solved_strategy(solver, f"equilibrium ({betting})"), details


def main() -> None:
    """Solve every variant asked for and write the strategy file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--betting", action="append", choices=sorted(BETTING_VARIANTS),
                        help="a variant to solve (default: both)")
    parser.add_argument("--target", type=float, default=1e-4, help="stop below this exploitability")
    parser.add_argument("--iterations", type=int, default=20_000, help="stop after this many iterations")
    parser.add_argument("--check-every", type=int, default=250, help="iterations between measurements")
    parser.add_argument("--out", type=Path, default=SHIPPED)
    parser.add_argument("--json", action="store_true", help="print the details as JSON")
    args = parser.parse_args()
    variants = args.betting or sorted(BETTING_VARIANTS)
    strategies, details = {}, {}
    for betting in variants:
        strategies[betting], details[betting] = solve(betting, args.target, args.iterations, args.check_every,
                                                      args.json)
    strategy.save_equilibria(args.out, strategies, details)
    if args.json:
        print(json.dumps({"out": str(args.out), "variants": details}, indent=2))
    else:
        for betting, made in details.items():
            print(f"{betting}: {made['iterations']} iterations, exploitability {made['exploitability']:.6f}, "
                  f"value for seat 0 {made['value']:+.5f} ({made['seconds']} s)")
        print(f"written to {args.out}")


if __name__ == "__main__":
    main()
