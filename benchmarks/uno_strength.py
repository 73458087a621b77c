"""UNO AI strength against RLCard 1.2.0's uno-rule-v1, in RLCard's own game, and the engine's speed.

Each hand is RLCard's (``UnoGame`` seeded with the hand's number, two players); our state follows it
move by move (tui_games.games.uno.rlcard_mirror: RLCard's draws become our chance outcomes), our AI
chooses for its seat from our state, and RLCard's rule agent for the other seat from RLCard's own
observation. Seats alternate: our AI leads the even hands. Each level's win rate comes with a 95%
Wilson interval, and the slowest and mean time of its decisions (those with a choice). ``--speed``
also times random two-player hands in our engine and in RLCard's (``tui-games bench uno`` measures
the same). Without rlcard installed it says so and exits 0.

    python benchmarks/uno_strength.py --hands 2000 --json
    python benchmarks/uno_strength.py --hands 10000 --levels 2 3 --jobs 16 --json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool

from tui_games.arena import wilson_interval


def play_hand(job: tuple) -> dict:
    """One hand: (level, hand number, seconds a move) -> our win and decision times."""
    import numpy as np
    from rlcard.models.uno_rule_models import UNORuleAgentV1

    from tui_games import catalog
    from tui_games.games.uno.ai import UnoAI
    from tui_games.games.uno.rlcard_mirror import Mirror

    level, hand, seconds, depth = job
    np.random.seed(hand)  # uno-rule-v1 draws from numpy's global generator
    agent = UNORuleAgentV1()
    ai = UnoAI(level, seed=hand, seconds=seconds, depth=depth)
    ai.prepare()
    mirror = Mirror(catalog.get("uno"), hand, 2)
    state = mirror.state
    ours = hand % 2
    times = []
    while not state.is_terminal:
        if state.current_player == ours:
            started = time.perf_counter()
            action = ai.choose(state)
            if len(state.legal_actions()) > 1:
                times.append(time.perf_counter() - started)
        else:
            raw = mirror.rlcard_state()
            action = mirror.action_space[agent.step({"raw_legal_actions": raw["legal_actions"], "raw_obs": raw})]
        mirror.step(action)
    return {"won": int(state.winner == ours), "times": times}


def measure_level(level: int, hands: int, seconds: float, jobs: int, deadline: float | None, depth: int = 0) -> dict:
    """Play ``hands`` hands of ``level`` (fewer when ``deadline``, a perf_counter time, passes; the top
    level's playouts cut at ``depth`` turns, 0: never)."""
    work = [(level, hand, seconds, depth) for hand in range(hands)]
    results = []
    started = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            for result in pool.imap(play_hand, work, chunksize=4):
                results.append(result)
                if deadline is not None and time.perf_counter() > deadline:
                    pool.terminate()
                    break
    else:
        for job in work:
            results.append(play_hand(job))
            if deadline is not None and time.perf_counter() > deadline:
                break
    wins = sum(r["won"] for r in results)
    times = [t for r in results for t in r["times"]]
    low, high = wilson_interval(wins, len(results))
    return {"hands": len(results), "wins": wins, "win_rate": round(wins / max(len(results), 1), 4),
            "ci95": [round(low, 4), round(high, 4)],
            "slowest_move_ms": round(1000 * max(times, default=0.0), 1),
            "p99_move_ms": round(1000 * sorted(times)[int(0.99 * (len(times) - 1))], 1) if times else 0.0,
            "moves_over_50ms": sum(1 for t in times if t > 0.05), "moves": len(times),
            "mean_move_ms": round(1000 * sum(times) / max(len(times), 1), 2),
            "seconds": round(time.perf_counter() - started, 1)}


def measure_speed(seconds: float) -> dict:
    """Random two-player hands a second: ours (RLCard's reading) and RLCard's own."""
    from tui_games.bench import our_playouts_per_second, peer_playouts_per_second

    ours = our_playouts_per_second("uno", seconds, {"rules": "rlcard"})["playouts_per_s"]
    official = our_playouts_per_second("uno", seconds, {"rules": "official"})["playouts_per_s"]
    theirs = peer_playouts_per_second("uno", seconds)["playouts_per_s"]
    return {"ours_rlcard_rules_hands_per_s": round(ours), "ours_official_rules_hands_per_s": round(official),
            "rlcard_hands_per_s": round(theirs), "speedup": round(ours / theirs, 1)}


def main() -> None:
    """Measure the levels asked for and print a table (or JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per level (default 1000)")
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--seconds", type=float, default=None, help="the top level's time a move (default its own)")
    parser.add_argument("--depth", type=int, default=None,
                        help="cut the top level's playouts at this many turns (default: search.PLAYOUT_DEPTH)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing hands at once")
    parser.add_argument("--minutes", type=float, default=None, help="stop each level after this long")
    parser.add_argument("--speed", type=float, default=0.0, help="also time random hands for this many seconds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("rlcard is not installed (pip install rlcard==1.2.0): no UNO strength figures")
        return
    from tui_games.games.uno.ai import SEARCH_SECONDS
    from tui_games.games.uno.search import PLAYOUT_DEPTH

    seconds = SEARCH_SECONDS if args.seconds is None else args.seconds
    depth = PLAYOUT_DEPTH if args.depth is None else args.depth
    report = {"opponent": "RLCard uno-rule-v1", "rules": "rlcard", "players": 2, "seconds_per_move": seconds,
              "playout_depth": depth,
              "levels": {}}
    for level in args.levels:
        deadline = None if args.minutes is None else time.perf_counter() + 60 * args.minutes
        report["levels"][str(level)] = measure_level(level, args.hands, seconds, args.jobs, deadline, depth)
        if not args.json:
            figures = report["levels"][str(level)]
            print(f"level {level}: {figures['win_rate']:.1%} of {figures['hands']} hands "
                  f"(95% {figures['ci95'][0]:.1%}-{figures['ci95'][1]:.1%}), slowest move "
                  f"{figures['slowest_move_ms']} ms", file=sys.stderr)
    if args.speed > 0:
        report["speed"] = measure_speed(args.speed)
    print(json.dumps(report, indent=2) if args.json else report)


if __name__ == "__main__":
    main()
