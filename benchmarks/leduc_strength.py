"""Leduc Hold'em AI levels measured exactly: each level's expected chips per hand against every other
(each seat half the time) and its exploitability, for each ``betting`` variant.

Leduc's whole game tree is small (9,457 nodes with antes), so nothing here is sampled: every figure
is an expectation over all deals, computed by walking the tree with both players' strategies; the
exploitability is what a best responder wins per hand (NashConv / 2), by the engine's exact best
responses. Levels: 1 maniac, 2 loose-passive, 3 the CFR+ equilibrium.

    python benchmarks/leduc_strength.py            # a table per variant
    python benchmarks/leduc_strength.py --json     # {"ante": {...}, "blinds": {...}}
"""

from __future__ import annotations

import argparse
import json
import time

from tui_games.games.leduc_holdem import ai, strategy
from tui_games.games.leduc_holdem.game import BETTING_VARIANTS

LEVELS = (ai.MANIAC, ai.LOOSE_PASSIVE, ai.EQUILIBRIUM)


def level_strategy(betting: str, level: int) -> strategy.Strategy:
    """Level ``level``'s strategy as a table over the ``betting`` variant's information states."""
    if level == ai.EQUILIBRIUM:
        return strategy.equilibrium(betting)
    name, style = ai.STYLES[level]
    return strategy.tabulate(betting, style, name)


def measure(betting: str) -> dict:
    """Every pairing's chips per hand and each level's exploitability for one variant."""
    started = time.perf_counter()
    tables = {level: level_strategy(betting, level) for level in LEVELS}
    pairs = {}
    for a in LEVELS:
        for b in LEVELS:
            if a > b:
                pairs[f"{a}:{b}"] = round(strategy.match_value(betting, tables[a], tables[b]), 5)
    exploitability = {str(level): round(strategy.exploitability(betting, tables[level]), 6) for level in LEVELS}
    value, _ = strategy.expected_returns(betting, (tables[ai.EQUILIBRIUM], tables[ai.EQUILIBRIUM]))
    return {"chips_per_hand": pairs, "exploitability": exploitability, "equilibrium_value_seat0": round(value, 6),
            "equilibrium": strategy.equilibrium_details(betting),
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    """Measure every variant and print a table (or JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--betting", action="append", choices=sorted(BETTING_VARIANTS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {betting: measure(betting) for betting in (args.betting or sorted(BETTING_VARIANTS))}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for betting, figures in report.items():
        print(f"{betting}: equilibrium value for seat 0 {figures['equilibrium_value_seat0']:+.5f}")
        for pair, chips in figures["chips_per_hand"].items():
            print(f"  level {pair.replace(':', ' against level ')}: {chips:+.4f} chips per hand")
        for level, chips in figures["exploitability"].items():
            print(f"  level {level} exploitability {chips:.6f} chips per hand")


if __name__ == "__main__":
    main()
