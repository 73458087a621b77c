"""Tune the Shark's constants by self-play: for each constant and each candidate value, a Shark with
that value plays 3-seat games against two default Sharks (its seat rotating, dice seeded by game);
prints each candidate's loss rate (a fair share is 1/3) so the best value can be written into ai.py.

    python scripts/bluff_tune.py --games 300                 # every constant
    python scripts/bluff_tune.py --games 300 --only bluff_rate --json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bluff_strength import play_game  # noqa: E402
from tui_games.games.bluff_poker import ai  # noqa: E402

CANDIDATES = {
    "bluff_rate": (0.0, 0.05, 0.1, 0.25),
    "assumed_bluff_rate": (0.2, 0.35, 0.5, 0.8),
    "blind_pass": (0.5, 0.7, 0.85),
    "call_caution": (0.2, 0.35, 0.5),
}
"""Values tried for each constant (the default among them)."""
SEATS = 3


def loss_rate(name: str, value: float, games: int) -> float:
    """Share of ``games`` lost by a Shark with ``name`` = ``value`` against two default Sharks."""
    losses = 0
    for game in range(games):
        seat = game % SEATS
        players = [ai.BluffPlayer(3, seed=game * SEATS + s) for s in range(SEATS)]
        players[seat] = ai.BluffPlayer(3, seed=game * SEATS + seat, **{name: value})
        losses += play_game(players, game, 7) == seat
    return losses / games


def main() -> None:
    """Sweep the candidates and print the loss rates (JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--only", choices=sorted(CANDIDATES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = [args.only] if args.only else list(CANDIDATES)
    report = {name: {str(value): round(loss_rate(name, value, args.games), 4) for value in CANDIDATES[name]}
              for name in names}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for name, rates in report.items():
        print(name + ": " + ", ".join(f"{value} loses {rate:.1%}" for value, rate in rates.items()))


if __name__ == "__main__":
    main()
