"""Hold'em tournament AI strength: how often the level under test wins a tournament against lower bots.

Each of N seeded tournaments seats the level under test (default 3, Shark) once and the field (default
five level-2 Solid players) in the other seats; its seat moves round the table from one tournament to
the next, so every seat and button position is played equally. Reports its wins with a 95% Wilson
interval beside the 1-in-seats share an equal player would get, its mean place, the wins per seat of
the table and per level, hands per tournament, seconds per tournament and the slowest decision
(after the first, which loads the compiled kernels).

    python benchmarks/holdem_tournament_strength.py --tournaments 60 --json
    python benchmarks/holdem_tournament_strength.py --betting no-limit --field 1,2,1,2,1
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tui_games.arena import wilson_interval
from tui_games.games.holdem_tournament.ai import TournamentPlayer
from tui_games.games.holdem_tournament.spec import SPEC




def play_tournament(levels: list[int], seed: int, params: dict, timing: dict) -> tuple[list[int], int]:
    """One tournament with ``levels[seat]`` at each seat: (each seat's place, hands played)."""
    players = [TournamentPlayer(level, seed=seed * 31 + seat) for seat, level in enumerate(levels)]
    state = SPEC.new(seed=seed, **params)
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply(state.sample_chance())
            continue
        start = time.perf_counter()
        action = players[state.current_player].choose(state)
        spent = time.perf_counter() - start
        timing["decisions"] += 1
        if timing["decisions"] > 1:
            timing["slowest"] = max(timing["slowest"], spent)
        state.apply(action)
    return [state.place(seat) for seat in range(len(levels))], state.hand_number


def main(argv=None) -> int:
    """Play the tournaments and print a summary (or one JSON object with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=3, help="the AI level under test")
    parser.add_argument("--field", default="2,2,2,2,2", help="the other seats' levels, comma-separated")
    parser.add_argument("--tournaments", type=int, default=60)
    parser.add_argument("--betting", choices=("fixed", "no-limit"), default="no-limit")
    parser.add_argument("--stack", type=int, default=1000)
    parser.add_argument("--big-blind", type=int, default=20)
    parser.add_argument("--blinds-up-every", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    field = [int(level) for level in args.field.split(",")]
    seats = len(field) + 1
    params = {"players": seats, "stack": args.stack, "big_blind": args.big_blind, "betting": args.betting,
              "blinds_up_every": args.blinds_up_every}
    timing = {"decisions": 0, "slowest": 0.0}
    wins_by_seat = [0] * seats
    wins_by_level: dict[str, int] = {}
    hero_wins = 0
    hero_places = []
    hands = []
    started = time.perf_counter()
    for k in range(args.tournaments):
        hero_seat = k % seats
        levels = field[:hero_seat] + [args.level] + field[hero_seat:]
        places, played = play_tournament(levels, args.seed * 100003 + k, params, timing)
        winner = places.index(1)
        wins_by_seat[winner] += 1
        wins_by_level[f"level {levels[winner]}"] = wins_by_level.get(f"level {levels[winner]}", 0) + 1
        hero_wins += winner == hero_seat
        hero_places.append(places[hero_seat])
        hands.append(played)
        if not args.json:
            print(f"\r  {k + 1}/{args.tournaments} tournaments, level {args.level} won {hero_wins}",
                  end="", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    if not args.json:
        print(file=sys.stderr)
    low, high = wilson_interval(hero_wins, args.tournaments)
    report = {
        "level": args.level, "field": field, "params": params, "tournaments": args.tournaments,
        "wins": hero_wins, "win_rate": round(hero_wins / args.tournaments, 3),
        "win_rate_low": round(low, 3), "win_rate_high": round(high, 3), "equal_share": round(1 / seats, 3),
        "mean_place": round(sum(hero_places) / len(hero_places), 2),
        "wins_by_seat": wins_by_seat, "wins_by_level": wins_by_level,
        "mean_hands": round(sum(hands) / len(hands), 1), "max_hands": max(hands),
        "seconds_per_tournament": round(elapsed / args.tournaments, 2),
        "slowest_decision_s": round(timing["slowest"], 4),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"level {args.level} against {field}: won {hero_wins}/{args.tournaments} = {report['win_rate']:.1%} "
              f"[{low:.1%}, {high:.1%}] (equal share {1 / seats:.1%}), mean place {report['mean_place']}")
        print(f"wins by seat {wins_by_seat}, by level {wins_by_level}")
        print(f"{report['mean_hands']} hands a tournament (most {report['max_hands']}), "
              f"{report['seconds_per_tournament']} s a tournament, slowest decision {report['slowest_decision_s']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
