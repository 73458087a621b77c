"""Gin Rummy AI strength against OpenSpiel's simple gin bot (``pyspiel.make_simple_gin_rummy_bot``), in
OpenSpiel's own game, and the matches to 100 points those hands make.

Each hand is dealt by a generator seeded with its number; OpenSpiel's state and ours follow it in
lockstep (the same cards and actions), our AI chooses for its seat from our state and the simple bot
for the other from OpenSpiel's. Our AI takes seat 0 (the first upcard's option) in the even hands and
seat 1 in the odd ones. Two runs over the same hand numbers see the same stock order (a card drawn is
the generator's next pick from the stock left), so variants compare on paired deals.

The matches are made from these hands as the series plays them (``game.MATCH``): hands until a player
has 100 points, the deal alternating after each hand that scores (the next hand is the first unused one
in which our AI has, or has not, the first upcard's option, as the match asks), the bonuses at the end,
and the player who reached 100 first winning.

    nice -n 19 python benchmarks/gin_rummy_strength.py --hands 2000 --level 3 --seconds 0.1 --jobs 1 --json

``--json`` prints one object: ``level``, ``hands``, ``points_per_hand`` (our mean return a hand) and
``error_95`` (1.96 standard errors of it), ``hands_won`` and ``hands_lost`` (hands with a positive or
negative return for us), ``matches_won`` and ``matches`` (matches to 100 made from the hands) and
``match_win_rate``, ``slowest_decision_s`` (our AI's slowest decision, wall time: at nice 19 on a busy
machine it counts the time the process waited) and ``slowest_decision_cpu_s`` (the same in the
process's CPU time; the first decision of a run includes loading the compiled kernels), ``seconds``
(the run's wall time; with ``--merge``, the hands' times added up).

``--points FILE`` also writes each hand's number, our seat, our return, our slowest decision and the
hand's time (for paired comparisons, or to run a long measure in parts: ``--start`` sets the first
hand's number, and ``--merge FILE ...`` prints the figures of several parts together). ``--set
name=value`` sets an attribute of our AI (a variant under test: ``--seconds 0 --set worlds=300`` deals
a fixed number of worlds a decision, the same however busy the machine is).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from multiprocessing import Pool


def play_hand(job: tuple) -> dict:
    """One hand: (level, hand number, seconds a decision) -> our seat and both returns."""
    import pyspiel

    from tui_games import catalog

    level, number, seconds, settings = job
    spec = catalog.get("gin-rummy")
    rng = random.Random(number)
    game = pyspiel.load_game("gin_rummy")
    ours_seat = number % 2
    bot = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - ours_seat)
    ai = spec.ai(level, seed=number)
    if hasattr(ai, "seconds"):
        ai.seconds = seconds if seconds > 0 else None
    for name, value in settings:
        setattr(ai, name, value)
    theirs = game.new_initial_state()
    state = spec.new(seed=number, target=0)
    slowest = slowest_cpu = 0.0
    began = time.perf_counter()
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            action = rng.choice([a for a, _ in theirs.chance_outcomes()])
        elif theirs.current_player() == ours_seat:
            started, cpu = time.perf_counter(), time.process_time()
            action = ai.choose(state)
            slowest = max(slowest, time.perf_counter() - started)
            slowest_cpu = max(slowest_cpu, time.process_time() - cpu)
        else:
            action = bot.step(theirs)
        theirs.apply_action(action)
        state.apply(action)
    assert state.returns() == theirs.returns()
    return {"hand": number, "seat": ours_seat, "ours": theirs.returns()[ours_seat], "slowest": slowest,
            "slowest_cpu": slowest_cpu, "seconds": time.perf_counter() - began}


def matches(results: list[dict], target: int = 100) -> tuple[int, int]:
    """(matches won by us, matches played) made from the hands as the series plays a match to ``target``
    (us: match seat 0): each hand is the next unused one with our seat as the match's dealing asks."""
    from tui_games.games.gin_rummy.game import MATCH

    queues = {seat: [r["ours"] for r in results if r["seat"] == seat] for seat in (0, 1)}
    won = played = 0
    goal = MATCH.target_for({"target": target})
    standing = MATCH.start(2, {"target": target})
    while True:
        first = MATCH.deal_params(standing, {"target": target})["first"]
        queue = queues[0 if first == 0 else 1]  # we are first: our seat 0 in OpenSpiel's hand
        if not queue:
            return won, played
        ours = queue.pop(0)
        standing = MATCH.add(standing, (ours, -ours))
        if MATCH.reached(standing, goal):
            won += MATCH.places(standing)[0] == 1
            played += 1
            standing = MATCH.start(2, {"target": target})


def figures(results: list[dict], level: int, seconds: float) -> dict:
    """The ``--json`` object of these hands' results."""
    points = [r["ours"] for r in results]
    mean = sum(points) / len(points)
    spread = math.sqrt(sum((p - mean) ** 2 for p in points) / max(len(points) - 1, 1))
    won, played = matches(results)
    return {"level": level, "hands": len(points), "points_per_hand": round(mean, 2),
            "error_95": round(1.96 * spread / math.sqrt(len(points)), 2),
            "hands_won": sum(p > 0 for p in points), "hands_lost": sum(p < 0 for p in points),
            "matches_won": won, "matches": played, "match_win_rate": round(won / played, 3) if played else None,
            "slowest_decision_s": round(max(r.get("slowest", 0.0) for r in results), 3),
            "slowest_decision_cpu_s": round(max(r.get("slowest_cpu", 0.0) for r in results), 3),
            "seconds": round(seconds, 1)}


def main() -> None:
    """Play the hands (or read them back, ``--merge``) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.1,
                        help="the top level's time a decision (0: no clock, its whole number of worlds)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="the first hand's number")
    parser.add_argument("--points", help="write each hand's number, our seat and return, and the slowest "
                                         "decision, to this file")
    parser.add_argument("--merge", nargs="+", metavar="FILE",
                        help="play nothing: the figures of the hands in these --points files together")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set an attribute of our AI (a number)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.merge:
        results = sorted((r for name in args.merge for r in json.load(open(name))), key=lambda r: r["hand"])
        out = figures(results, args.level, sum(r.get("seconds", 0.0) for r in results))
        print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
        return
    settings = tuple((name, float(value)) for name, value in (item.split("=", 1) for item in args.set))
    jobs = [(args.level, number, args.seconds, settings) for number in range(args.start, args.start + args.hands)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play_hand, jobs, chunksize=4)
    else:
        results = [play_hand(job) for job in jobs]
    if args.points:
        with open(args.points, "w") as out:
            json.dump(results, out)
    out = figures(results, args.level, time.perf_counter() - started)
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
