"""Gin Rummy AI strength against OpenSpiel's simple gin bot (``pyspiel.make_simple_gin_rummy_bot``), in
OpenSpiel's own game, and the matches to 100 points those hands make.

Each hand is dealt by a seeded generator; OpenSpiel's state and ours follow it in lockstep (the same
cards and actions), our AI chooses for its seat from our state and the simple bot for the other from
OpenSpiel's. Our AI takes seat 0 in the even hands and seat 1 in the odd ones. The hands, in order,
are then cut into matches: hands until a player has 100 points, scored as our series scores them (the
winner of a hand scores its points; at the end 25 a hand won and 100 for the match).

    python benchmarks/gin_rummy_strength.py --hands 2000 --level 3 --seconds 0.25 --jobs 16 --json
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

    level, number, seconds = job
    spec = catalog.get("gin-rummy")
    rng = random.Random(number)
    game = pyspiel.load_game("gin_rummy")
    ours_seat = number % 2
    bot = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - ours_seat)
    ai = spec.ai(level, seed=number)
    if hasattr(ai, "seconds"):
        ai.seconds = seconds
    theirs = game.new_initial_state()
    state = spec.new(seed=number, target=0)
    slowest = 0.0
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            action = rng.choice([a for a, _ in theirs.chance_outcomes()])
        elif theirs.current_player() == ours_seat:
            started = time.perf_counter()
            action = ai.choose(state)
            slowest = max(slowest, time.perf_counter() - started)
        else:
            action = bot.step(theirs)
        theirs.apply_action(action)
        state.apply(action)
    assert state.returns() == theirs.returns()
    return {"seat": ours_seat, "ours": theirs.returns()[ours_seat], "slowest": slowest}


def matches(points: list[float], target: int = 100) -> tuple[int, int]:
    """(matches won by us, matches played) cutting the hands' points (ours; the bot's is minus it) into
    matches to ``target``, scored as the series scores them."""
    won = played = 0
    score, boxes = [0.0, 0.0], [0, 0]
    for p in points:
        side = 0 if p > 0 else 1
        if p != 0:
            score[side] += abs(p)
            boxes[side] += 1
        if max(score) >= target:
            winner = 0 if score[0] >= score[1] else 1
            final = [score[s] + 25 * boxes[s] + (100 if s == winner else 0) for s in range(2)]
            won += final[0] > final[1]
            played += 1
            score, boxes = [0.0, 0.0], [0, 0]
    return won, played


def main() -> None:
    """Play the hands and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.25, help="the top level's time a decision")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    jobs = [(args.level, number, args.seconds) for number in range(args.hands)]
    started = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play_hand, jobs, chunksize=4)
    else:
        results = [play_hand(job) for job in jobs]
    points = [r["ours"] for r in results]
    mean = sum(points) / len(points)
    spread = math.sqrt(sum((p - mean) ** 2 for p in points) / max(len(points) - 1, 1))
    won, played = matches(points)
    out = {"level": args.level, "hands": len(points), "points_per_hand": round(mean, 2),
           "error_95": round(1.96 * spread / math.sqrt(len(points)), 2),
           "hands_won": sum(p > 0 for p in points), "hands_lost": sum(p < 0 for p in points),
           "matches_won": won, "matches": played, "match_win_rate": round(won / played, 3) if played else None,
           "slowest_decision_s": round(max(r["slowest"] for r in results), 3),
           "seconds": round(time.perf_counter() - started, 1)}
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
