"""Connect Four arena: AI levels play each other; prints score rates with 95% confidence intervals.

Each pairing plays ``--games`` games, alternating who moves first. To make games differ, the first
``--random-plies`` moves of every game are random (the same openings are used for both colours),
then the two levels take over. The score of the stronger side counts a win as 1 and a draw as 1/2;
the interval is Wilson's for that rate.

    python benchmarks/connect_four_arena.py [--pairs 2:1,3:2,4:3,5:4:0] [--games 40] [--random-plies 2]

A pair may carry its own number of random opening plies as a third field (``5:4:0``: the perfect
player's book covers the positions it reaches from its own play, not random openings).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from tui_games import catalog
from tui_games.arena import wilson_interval


def random_opening(spec, plies: int, rng: np.random.Generator) -> list[int]:
    """``plies`` uniformly random moves after which the game is not over yet."""
    while True:
        state = spec.new()
        for _ in range(plies):
            if state.is_terminal:
                break
            state.apply(int(rng.choice(state.legal_actions())))
        if not state.is_terminal:
            return list(state.history)


def play_pair(spec, high: int, low: int, games: int, random_plies: int, seed: int) -> dict:
    """Games between level ``high`` and level ``low``; returns the tally from ``high``'s side."""
    rng = np.random.default_rng(seed)
    tally = {"win": 0, "draw": 0, "loss": 0, "seconds": 0.0}
    players = {high: spec.ai(high, seed=seed), low: spec.ai(low, seed=seed + 1)}
    opening: list[int] = []
    for game in range(games):
        high_seat = game % 2
        if game % 2 == 0:  # a new random opening (game still running), used once with each colour
            opening = random_opening(spec, random_plies, rng)
        state = spec.new()
        for action in opening:
            state.apply(action)
        start = time.perf_counter()
        while not state.is_terminal:
            level = high if state.current_player == high_seat else low
            state.apply(players[level].choose(state))
        tally["seconds"] += time.perf_counter() - start
        if state.winner is None:
            tally["draw"] += 1
        elif state.winner == high_seat:
            tally["win"] += 1
        else:
            tally["loss"] += 1
    return tally


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", default="2:1,3:2,4:3,5:4:0",
                        help="high:low[:random plies] level pairs")
    parser.add_argument("--games", type=int, default=40, help="games per pair (even)")
    parser.add_argument("--random-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    spec = catalog.get("connect-four")
    print("pair   games  W   D   L   score  95% CI          s/game")
    for pair in args.pairs.split(","):
        fields = [int(x) for x in pair.split(":")]
        high, low = fields[0], fields[1]
        random_plies = fields[2] if len(fields) > 2 else args.random_plies
        tally = play_pair(spec, high, low, args.games, random_plies, args.seed)
        n = args.games
        score = (tally["win"] + 0.5 * tally["draw"]) / n
        lo, hi = wilson_interval(tally["win"] + 0.5 * tally["draw"], n)
        print(f"{high} v {low} {n:6d} {tally['win']:3d} {tally['draw']:3d} {tally['loss']:3d}  {score:5.3f}"
              f"  [{lo:.3f}, {hi:.3f}]  {tally['seconds'] / n:6.2f}", flush=True)


if __name__ == "__main__":
    main()
