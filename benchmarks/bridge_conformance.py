"""Contract Bridge against OpenSpiel's bridge (use_double_dummy_result=false): seeded deals played in
lockstep, the player to move, the legal calls and cards (at a chance node the outcomes and their
odds) and each action's name equal at every step, the final contract and the returns equal at the end.
Deal ``seed`` has dealer ``seed % 4`` and each vulnerability in turn; calls pass often, double
sometimes and bid a little above the last bid, cards are played at random.

    python benchmarks/bridge_conformance.py --deals 1000 [--json]

prints {"deals", "identical", "steps"} with --json: deals played, deals identical throughout, and the
steps compared in them.
"""

from __future__ import annotations

import argparse
import json
import time

from tui_games import catalog
from tui_games.games.bridge.openspiel_mirror import lockstep


def main() -> None:
    """Play the deals asked for and print how many agreed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="seeded deals played in lockstep")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    started = time.perf_counter()
    result = lockstep(catalog.get("bridge"), args.deals)
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['identical']} of {result['deals']} deals identical to OpenSpiel's at every step "
              f"({result['steps']} steps, {seconds:.1f} s)")


if __name__ == "__main__":
    main()
