"""Blackjack: uniformly random complete rounds per second in the jitted engine, beside OpenSpiel.

Runs the engine's generic random-playout kernel over the Blackjack kernels (simple rules, which is
OpenSpiel's "blackjack", and American rules with 6 decks), then OpenSpiel's C++ engine with
pyspiel.evaluate_bots and uniform random bots, in the same process.

    python benchmarks/blackjack_speed.py --seconds 3
"""

from __future__ import annotations

import argparse

from tui_games.bench import our_playouts_per_second, peer_playouts_per_second


def main() -> None:
    """Command line entry: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    simple = our_playouts_per_second("blackjack", args.seconds, {"rules": "simple"})
    american = our_playouts_per_second("blackjack", args.seconds, {"rules": "american", "decks": 6})
    three_seats = our_playouts_per_second("blackjack", args.seconds, {"rules": "american", "seats": 3})
    reference = peer_playouts_per_second("blackjack", args.seconds)
    print(f"simple rules:            {simple['playouts_per_s']:>12,.0f} rounds/s "
          f"({simple['actions_per_s']:,.0f} actions/s)")
    print(f"American rules, 6 decks: {american['playouts_per_s']:>12,.0f} rounds/s "
          f"({american['actions_per_s']:,.0f} actions/s)")
    print(f"American rules, 3 seats: {three_seats['playouts_per_s']:>12,.0f} rounds/s")
    if reference is not None:
        ratio = simple["playouts_per_s"] / reference["playouts_per_s"]
        print(f"OpenSpiel blackjack:     {reference['playouts_per_s']:>12,.0f} rounds/s "
              f"(simple rules here are {ratio:.1f}x faster)")


if __name__ == "__main__":
    main()
