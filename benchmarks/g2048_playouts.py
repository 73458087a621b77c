"""Uniform-random 2048 playouts per second: our jitted kernels against OpenSpiel's C++ engine.

Usage: python benchmarks/g2048_playouts.py [--seconds S]

Each playout starts from the empty board, draws every random tile from the chance outcomes'
probabilities and every move uniformly among the legal ones, until no move is left.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from tui_games.engine.header import PLAYER, TERMINAL
from tui_games.engine.jit import kernel
from tui_games.engine.rng import make_rng, pick_weighted, randint
from tui_games.games.g2048 import rules


@kernel()
def random_playouts(count, rng):
    """Play ``count`` uniform-random games with the rules kernels; returns the total of the scores."""
    actions = np.empty(rules.NUM_CHANCE_OUTCOMES, dtype=np.int64)
    probs = np.empty(rules.NUM_CHANCE_OUTCOMES, dtype=np.float64)
    total = 0
    for _ in range(count):
        s = rules.initial_state()
        while s[PLAYER] != TERMINAL:
            if s[PLAYER] < 0:
                n = rules.chance_outcomes(s, actions, probs)
                rules.apply_action(s, actions[pick_weighted(rng, probs, n)])
            else:
                n = rules.legal_actions(s, actions)
                rules.apply_action(s, actions[randint(rng, n)])
        total += s[rules.SCORE]
    return total


def ours_per_second(seconds: float) -> float:
    """Playouts per second of the jitted kernels over about ``seconds``."""
    rng = make_rng(1)
    random_playouts(10, rng)  # compile or load from the cache
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        random_playouts(200, rng)
        done += 200
    return done / (time.perf_counter() - started)


def openspiel_per_second(seconds: float) -> float:
    """Playouts per second of OpenSpiel's 2048 with uniform random bots (pyspiel.evaluate_bots)."""
    import pyspiel

    game = pyspiel.load_game("2048")
    bots = [pyspiel.make_uniform_random_bot(0, 1)]
    rng = np.random.RandomState(1)
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, int(rng.randint(1 << 30)))
        done += 1
    return done / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    """Measure both engines and print playouts per second and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine (default 5)")
    args = parser.parse_args(argv)
    ours = ours_per_second(args.seconds)
    print(f"tui-games kernels: {ours:,.0f} playouts/s", flush=True)
    try:
        theirs = openspiel_per_second(args.seconds)
    except ImportError:
        print("OpenSpiel (pyspiel) is not installed: no comparison")
        return 0
    print(f"OpenSpiel C++:     {theirs:,.0f} playouts/s")
    print(f"ratio:             {ours / theirs:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
