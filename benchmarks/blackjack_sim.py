"""Blackjack: the computed expected return of optimal play against a long seeded simulation.

The exact figure comes from :func:`strategy.round_expected_return` (a sum over every first deal of
the dynamic-programming values). The simulation deals real rounds through the rules kernels and lets
the AI decide every action, so it checks the rules, the DP and the AI together; its mean should lie
within a few standard errors of the computed figure. With ``--levels`` it also compares the AI
levels on the same card streams (paired differences).

    python benchmarks/blackjack_sim.py --rounds 1000000
    python benchmarks/blackjack_sim.py --rounds 200000 --levels 1 2 3
"""

from __future__ import annotations

import argparse
import math
import time

import numba
import numpy as np

from tui_games import catalog
from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.engine.rng import make_rng, randint
from tui_games.games.blackjack import rules
from tui_games.games.blackjack.strategy import round_expected_return


@numba.njit(nogil=True)
def draw_card(s, rng):
    """A card id drawn uniformly from the copies left in the shoe."""
    pick = randint(rng, s[rules.SHOE_LEFT])
    for card in range(rules.NUM_CARDS):
        pick -= s[rules.SHOE + card]
        if pick < 0:
            return card
    return rules.NUM_CARDS - 1


def play_rounds(spec, params: dict, level: int, rounds: int, seed: int) -> np.ndarray:
    """Seat 1's net return in each of ``rounds`` rounds played by AI ``level``; round i uses stream i."""
    ai = spec.ai(level, seed=seed)
    results = np.empty(rounds)
    for i in range(rounds):
        state = spec.new(seed=seed, **params)
        s = state.array
        rng = make_rng(seed * 1_000_003 + i)
        while s[PLAYER] != TERMINAL:
            if s[PLAYER] == CHANCE:
                rules.apply_action(s, draw_card(s, rng))
            else:
                rules.apply_action(s, ai.choose(state))
        results[i] = rules.seat_result_halves(s, 0) / 2.0
    return results


def summary(results: np.ndarray) -> tuple[float, float]:
    """(mean, standard error)."""
    return float(results.mean()), float(results.std(ddof=1) / math.sqrt(len(results)))


def main() -> None:
    """Command line entry: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="american", choices=("american", "simple"))
    parser.add_argument("--decks", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", type=int, nargs="*", default=[3])
    args = parser.parse_args()
    spec = catalog.get("blackjack")
    params = {"rules": args.rules, "decks": args.decks}
    american = args.rules == "american"
    decks = args.decks if american else 1

    started = time.perf_counter()
    computed = round_expected_return(american, decks)
    print(f"rules={args.rules} decks={decks}: computed expected return of optimal play "
          f"{computed:+.6f} per round (house edge {-100 * computed:.4f}%), "
          f"{time.perf_counter() - started:.1f} s")

    by_level = {}
    for level in args.levels:
        started = time.perf_counter()
        results = play_rounds(spec, params, level, args.rounds, args.seed)
        elapsed = time.perf_counter() - started
        mean, error = summary(results)
        by_level[level] = results
        line = (f"level {level} ({spec.level_name(level)}): {args.rounds:,} rounds, mean {mean:+.5f} "
                f"± {error:.5f} (s.e.), {args.rounds / elapsed:,.0f} rounds/s")
        if level == spec.max_level:
            line += f"; computed {computed:+.5f}, difference {(mean - computed) / error:+.2f} s.e."
        print(line)
    levels = sorted(by_level)
    for low, high in zip(levels, levels[1:]):
        mean, error = summary(by_level[high] - by_level[low])
        print(f"level {high} - level {low}: {mean:+.5f} ± {error:.5f} per round (paired, same card streams)")


if __name__ == "__main__":
    main()
