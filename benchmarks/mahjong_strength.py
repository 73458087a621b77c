"""Mahjong AI strength: one AI seat against three tile-efficiency players over east games.

The opponents are the efficiency players of ``tui_games.games.mahjong.policy`` (discard to the least
shanten, then the most ukeire; riichi when ready and closed; ron and tsumo; never a call, a kan or a
fold). Each game is an east game (``length=east``) as the series rules play it (``match.MATCH``: the
dealer's repeats, honba, riichi sticks, busting, the extra south round, agari-yame), our AI in seat
``game % 4`` so that it sits every seat in turn. The tiles of hand ``h`` of game ``g`` come from a
generator seeded with (seed, g, h); the efficiency players' ties are broken by one seeded the same way.

    nice -n 19 python benchmarks/mahjong_strength.py --games 40 --json

``--json`` prints one object: ``games``, ``level``, ``placement`` (our mean place, 1-4; 2.5 is even) and
``places`` (how many games we ended 1st..4th), ``points_per_game`` (our final points less 25,000),
``hands``, ``points_per_hand`` (our mean change over a hand, riichi sticks included), ``win_rate`` and
``deal_in_rate`` (hands we won, hands where we discarded the tile a ron won on, over hands played),
``max_move_s`` and ``mean_move_s`` (our AI's decisions with more than one legal action, wall time; at
nice 19 on a busy machine it counts the time the process waited; the first decision of a run loads
the compiled kernels) and ``max_move_cpu_s`` (the slowest decision in the thread's CPU time),
``seconds``.

``--points FILE`` writes each game's figures (to run a long measure in parts: ``--start`` sets the first
game's number, and ``--merge FILE ...`` prints the figures of several parts together). ``--set
name=value`` sets an attribute of our AI (a variant under test). Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

PARAMS = {"rules": "riichi", "length": "east"}


def seeded(*parts: int) -> int:
    """A 63-bit seed mixed from the parts."""
    value = 0x9E3779B97F4A7C15
    for part in parts:
        value = (value ^ (int(part) + 0x632BE59BD9B4E019 + (value << 6) + (value >> 2))) & 0x7FFFFFFFFFFFFFFF
    return value


def play_game(number: int, level: int, seed: int, settings: tuple) -> dict:
    """One east game: game ``number``, our AI (``level``) in seat ``number % 4``."""
    from tui_games.core.series import Deal
    from tui_games.engine.header import CHANCE, PLAYER, SIMULTANEOUS, TERMINAL
    from tui_games.engine.rng import make_rng
    from tui_games.games.mahjong import match
    from tui_games.games.mahjong import policy as P
    from tui_games.games.mahjong import rules as R
    from tui_games.games.mahjong.ai import MahjongAI
    from tui_games.games.mahjong.constants import MAX_ACTIONS
    from tui_games.games.mahjong.shanten import load_table

    ours = number % R.SEATS
    table = load_table()
    ai = MahjongAI(level, seed=seeded(seed, number, 1))
    for name, value in settings:
        setattr(ai, name, value)
    ai.prepare()
    buffer = np.empty(MAX_ACTIONS, np.int64)
    probs = np.empty(MAX_ACTIONS, np.float64)
    view = np.empty(R.STATE_SIZE, np.int64)
    standing = match.MATCH.start(R.SEATS, PARAMS)
    target = match.MATCH.target_for(PARAMS)
    hands = wins = deal_ins = 0
    points = 0.0
    moves, move_time, slowest, slowest_cpu = 0, 0.0, 0.0, 0.0

    def decide(s, seat, legal):
        nonlocal moves, move_time, slowest, slowest_cpu
        if len(legal) == 1:
            return legal[0]
        view[:] = s
        R.redact(s, seat, view)
        started, cpu = time.perf_counter(), time.thread_time()
        action = ai.decide(view, seat, legal)
        spent = time.perf_counter() - started
        moves += 1
        move_time += spent
        slowest = max(slowest, spent)
        slowest_cpu = max(slowest_cpu, time.thread_time() - cpu)
        return action

    while not match.MATCH.reached(standing, target):
        params = match.MATCH.deal_params(standing, PARAMS)
        rng = np.random.default_rng(seeded(seed, number, standing.deals))
        bots = make_rng(seeded(seed, number, standing.deals, 2))
        s = match.initial(0, params)
        history: list = []
        while s[PLAYER] != TERMINAL:
            player = int(s[PLAYER])
            if player == CHANCE:
                n = R.chance_outcomes(s, buffer, probs)
                action = int(buffer[min(np.searchsorted(np.cumsum(probs[:n]), rng.random(), side="right"), n - 1)])
                R.apply_action(s, action)
            elif player == SIMULTANEOUS:
                action = []
                for seat in range(R.SEATS):
                    if seat == ours:
                        n = R.legal_for(s, seat, buffer)
                        action.append(int(decide(s, seat, [int(a) for a in buffer[:n]])))
                    else:
                        action.append(int(P.ron_or_pass(s, seat, buffer)))
                R.apply_joint(s, np.array(action, np.int64))
            elif player == ours:
                n = R.legal_actions(s, buffer)
                action = int(decide(s, player, [int(a) for a in buffer[:n]]))
                R.apply_action(s, action)
            else:
                action = int(P.efficiency_turn(s, player, table, bots, 0.0, True, buffer))
                R.apply_action(s, action)
            history.append(action)
        returns = np.empty(R.SEATS, np.float64)
        R.returns(s, returns)
        hands += 1
        points += returns[ours]
        wins += (int(s[R.WINNERS]) >> ours) & 1
        deal_ins += int(s[R.WINNERS]) != 0 and int(s[R.WIN_FROM]) == ours
        deal = Deal(seed=0, params=params, history=history, returns=tuple(float(r) for r in returns))
        standing = match.MATCH.add_finished(standing, deal)
    places = match.MATCH.places(standing)
    return {"game": number, "seat": ours, "place": places[ours], "final": standing.scores[ours],
            "hands": hands, "wins": wins, "deal_ins": deal_ins, "points": points, "moves": moves,
            "move_time": move_time, "slowest": slowest, "slowest_cpu": slowest_cpu}


def figures(results: list[dict], level: int, seconds: float) -> dict:
    """The ``--json`` object of these games' results."""
    games = len(results)
    hands = sum(r["hands"] for r in results)
    moves = sum(r["moves"] for r in results)
    places = [sum(1 for r in results if r["place"] == p) for p in range(1, 5)]
    return {"games": games, "level": level,
            "placement": round(sum(r["place"] for r in results) / games, 3) if games else None,
            "places": places,
            "points_per_game": round(sum(r["final"] - 25000 for r in results) / games, 1) if games else None,
            "hands": hands,
            "points_per_hand": round(sum(r["points"] for r in results) / hands, 1) if hands else None,
            "win_rate": round(sum(r["wins"] for r in results) / hands, 4) if hands else None,
            "deal_in_rate": round(sum(r["deal_ins"] for r in results) / hands, 4) if hands else None,
            "max_move_s": round(max((r["slowest"] for r in results), default=0.0), 3),
            "max_move_cpu_s": round(max((r.get("slowest_cpu", 0.0) for r in results), default=0.0), 3),
            "mean_move_s": round(sum(r["move_time"] for r in results) / moves, 4) if moves else None,
            "seconds": round(seconds, 1)}


def main() -> None:
    """Play the games (or read them back, ``--merge``) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0, help="the first game's number")
    parser.add_argument("--points", help="write each game's figures to this file")
    parser.add_argument("--merge", nargs="+", metavar="FILE",
                        help="play nothing: the figures of the games in these --points files together")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set an attribute of our AI (a number)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.merge:
        results = sorted((r for name in args.merge for r in json.load(open(name))), key=lambda r: r["game"])
        out = figures(results, args.level, sum(r.get("seconds", 0.0) for r in results))
    else:
        settings = tuple((name, float(value)) for name, value in (item.split("=", 1) for item in args.set))
        results = []
        for number in range(args.start, args.start + args.games):
            began = time.perf_counter()
            result = play_game(number, args.level, args.seed, settings)
            result["seconds"] = time.perf_counter() - began
            results.append(result)
            done = len(results)
            if done % 10 == 0 or done == args.games:
                now = figures(results, args.level, time.perf_counter() - started)
                print(f"{done}/{args.games} games: placement {now['placement']}, deal-in {now['deal_in_rate']}, "
                      f"win {now['win_rate']}, {now['seconds']} s", file=sys.stderr)
        if args.points:
            with open(args.points, "w") as out:
                json.dump(results, out)
        out = figures(results, args.level, time.perf_counter() - started)
    print(json.dumps(out) if args.json else "\n".join(f"{key}: {value}" for key, value in out.items()))


if __name__ == "__main__":
    main()
