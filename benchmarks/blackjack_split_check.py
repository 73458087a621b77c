"""Blackjack: the split values of the strategy against seeded simulations of forced splits.

Split values are the one approximate part of the optimal strategy (see strategy.py). For a few
first deals with a low dealer up card (no peek, so no conditioning), this splits the pair, lets the
optimal AI play every later decision (re-splits included) and compares the mean result with the
computed split value, and with the best alternative to splitting.

    python benchmarks/blackjack_split_check.py --rounds 50000
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from tui_games import catalog
from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.engine.rng import make_rng
from tui_games.games.blackjack import rules
from tui_games.games.blackjack.ai import situation_of

from blackjack_sim import draw_card  # noqa: E402  (sibling benchmark script)

DEALS = ("8S 9D 8H", "AS 6D AH", "9S 6D 9H", "2S 5D 2H", "6S 4D 6H", "7S 7D 7H")
"""First player card, dealer up card, second player card."""


def split_results(spec, ai, deal: str, rounds: int, seed: int) -> np.ndarray:
    """Results of ``rounds`` rounds that start with ``deal``, split, and play on with ``ai``."""
    results = np.empty(rounds)
    for i in range(rounds):
        state = spec.new(seed=seed)
        state.apply(rules.BET)
        for word in deal.split():
            state.apply(state.parse_action(word))
        s = state.array
        rng = make_rng(seed * 1_000_003 + i)
        rules.apply_action(s, draw_card(s, rng))  # the hole card
        rules.apply_action(s, rules.SPLIT)
        while s[PLAYER] != TERMINAL:
            if s[PLAYER] == CHANCE:
                rules.apply_action(s, draw_card(s, rng))
            else:
                rules.apply_action(s, ai.choose(state))
        results[i] = rules.seat_result_halves(s, 0) / 2.0
    return results


def main() -> None:
    """Command line entry: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    spec = catalog.get("blackjack")
    ai = spec.ai(3)
    for deal in DEALS:
        state = spec.new(seed=args.seed)
        state.apply(rules.BET)
        for word in deal.split():
            state.apply(state.parse_action(word))
        state.apply(state.parse_action("TC"))  # any hole card: the AI does not look at it
        values = ai.values(state)
        others = max(v for a, v in values.items() if a != rules.SPLIT)
        started = time.perf_counter()
        results = split_results(spec, ai, deal, args.rounds, args.seed)
        mean = results.mean()
        error = results.std(ddof=1) / math.sqrt(args.rounds)
        pair = situation_of(state)
        print(f"{deal.split()[0][0]}{deal.split()[2][0]} vs {deal.split()[1][0]} (up {pair.up}): computed split "
              f"{values[rules.SPLIT]:+.4f}, simulated {mean:+.4f} ± {error:.4f} "
              f"({(mean - values[rules.SPLIT]) / error:+.2f} s.e.), best other action {others:+.4f}; "
              f"{args.rounds:,} rounds in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
