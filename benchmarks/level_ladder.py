"""AI levels against each other, for any game: two-seat pairings by score, tables of three or more
seats by places, with 95% intervals (the arena's: Wilson's for scores, t for mean places).

A line-up is ``A:B`` for two seats (A's score against B, the seats alternating) or ``A,B,C`` for a
table (the seats rotating every game; each player's mean place and return). ``--set`` passes game
parameters as on the command line.

    python benchmarks/level_ladder.py nim3p --table 3,1,1 --table 2,1,1 --table 3,2,2 --games 90
    python benchmarks/level_ladder.py sim --pair 2:1 --pair 3:2 --set nodes=7 --games 40 --json
    python benchmarks/level_ladder.py sim --table 3,2,2 --set players=3 --set nodes=8 --games 12
"""

from __future__ import annotations

import argparse
import json
import time

from tui_games.arena import run_arena, run_places_arena
from tui_games.cli import _parse_sets


def pair(game: str, levels: str, games: int, params: dict, seed: int) -> dict:
    """A's score against B over ``games`` games, seats alternating."""
    level_a, level_b = (int(level) for level in levels.split(":"))
    started = time.perf_counter()
    result = run_arena(game, level_a, level_b, games, params, seed=seed)
    low, high = result.score_interval()
    return {"line_up": levels, "games": games, "wins_a": result.wins_a, "wins_b": result.wins_b,
            "draws": result.draws, "score_a": round(result.score_a, 4), "score_a_95": [round(low, 4), round(high, 4)],
            "seconds": round(time.perf_counter() - started, 1)}


def table(game: str, levels: str, games: int, params: dict, seed: int) -> dict:
    """Each player's places, mean place (95% half-width) and mean return at a table."""
    line_up = [int(level) for level in levels.split(",")]
    started = time.perf_counter()
    result = run_places_arena(game, line_up, games, params, seed=seed)
    players = []
    for player, level in enumerate(line_up):
        mean, half = result.mean_place(player)
        players.append({"level": level, "places": result.places[player], "mean_place": round(mean, 3),
                        "mean_place_95": round(half, 3), "mean_return": round(result.mean_return(player), 4)})
    return {"line_up": levels, "games": games, "players": players,
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    """Run every line-up given and print the results (as JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--pair", action="append", default=[], help="A:B, two seats")
    parser.add_argument("--table", action="append", default=[], help="A,B,C..., three or more seats")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    params = _parse_sets(args.set)
    report = {"game": args.game, "params": params,
              "pairs": [pair(args.game, levels, args.games, params, args.seed) for levels in args.pair],
              "tables": [table(args.game, levels, args.games, params, args.seed) for levels in args.table]}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for row in report["pairs"]:
        low, high = row["score_a_95"]
        print(f"{args.game} {params} {row['line_up']}: A {row['wins_a']} B {row['wins_b']} draws {row['draws']}, "
              f"A's score {100 * row['score_a']:.1f}% (95% {100 * low:.1f}-{100 * high:.1f}), {row['seconds']} s")
    for row in report["tables"]:
        places = "  ".join(f"L{p['level']} places {p['places']} mean {p['mean_place']}±{p['mean_place_95']} "
                           f"return {p['mean_return']:+.3f}" for p in row["players"])
        print(f"{args.game} {params} {row['line_up']} ({row['games']} games, {row['seconds']} s): {places}")


if __name__ == "__main__":
    main()
