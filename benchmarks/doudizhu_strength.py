"""Dou Dizhu AI strength against RLCard 1.2.0's doudizhu-rule-v1, in RLCard's own game.

Each deal is RLCard's (``rlcard.make("doudizhu", seed=deal)``: seat 0 is the landlord, no bidding);
our AI plays its seats through a copy of the game in our engine, moved in step with RLCard's, and
RLCard's rule agent plays the others from RLCard's own observations. Two matches over the same deals:

* landlord: our AI as the landlord against two rule-v1 peasants;
* peasants: our AI as both peasants against a rule-v1 landlord;

and, for reference, rule-v1 in every seat (how often its landlord wins). Each win rate comes with a
95% Wilson interval; the slowest and mean decision times are the AI's (the first of each deal is left
out). The deals are played in order, the matches of one deal together; ``--minutes`` stops early and
reports the deals finished. ``--positions N`` also plays random games in lockstep and counts the positions where our
legal moves equal RLCard's. Without rlcard installed it says so and exits 0.

``--auction N`` instead pits the two ways of bidding against each other in our own game with auction
bidding (no RLCard needed): on each of N deals (seeds 0..N-1 from ``--first``), six games at ``--level``,
one seat bidding by the hand-strength table and two by playouts, then one by playouts and two by the
table, the odd seat in each of the three places. It reports each odd seat's mean return (the stake:
+-2 x stake as landlord, -+stake as peasant) with a 95% interval, how often it became landlord and won,
and the mean of the paired differences (table seat less playout seat, same deal and place).

    python benchmarks/doudizhu_strength.py --deals 200 --level 4
    python benchmarks/doudizhu_strength.py --deals 2000 --jobs 16 --minutes 8 --json
    python benchmarks/doudizhu_strength.py --auction 200 --level 4 --worlds 48 --jobs 2
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import sys
import time
from multiprocessing import Pool

from tui_games.arena import wilson_interval

MATCHES = {"landlord": (0,), "peasants": (1, 2), "rule": ()}
"""Each match and the seats our AI plays."""
BIDDERS = ("table", "playouts")
"""The two ways of bidding ``--auction`` compares (the odd seat's first)."""




def our_copy(env):
    """Our state (rlcard bidding) dealt the cards of RLCard's game ``env`` just reset."""
    from tui_games import catalog
    from tui_games.games.doudizhu import moves
    from tui_games.games.doudizhu.game import deal_actions

    game = env.game
    kitty = game.round.seen_cards
    hands = [player.initial_hand for player in game.players]
    counts = moves.counts_of(hands[0])
    for r, n in enumerate(moves.counts_of(kitty)):
        counts[r] -= n
    state = catalog.get("doudizhu").new(seed=0, bidding="rlcard")
    for action in deal_actions([moves.text_of(counts), hands[1], hands[2]], kitty):
        state.apply(action)
    return state


def play_deal(job: tuple) -> dict:
    """One deal of one match: (match, deal, level, seconds) -> our side's win and decision times."""
    import numpy as np
    import rlcard
    from rlcard.games.doudizhu.utils import ACTION_2_ID
    from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

    match, deal, level, seconds = job
    ours_seats = MATCHES[match]
    np.random.seed(deal)  # rule-v1 draws from numpy's global generator
    env = rlcard.make("doudizhu", config={"seed": deal})
    theirs, seat = env.reset()
    state = our_copy(env)
    agent = DouDizhuRuleAgentV1()
    player = _player(level, seconds)
    player.rng[0] = deal * 7919 + 1
    player.random.seed(deal)
    times = []
    while not env.is_over():
        if seat in ours_seats:
            started = time.perf_counter()
            action = player.choose(state)
            times.append(time.perf_counter() - started)
        else:
            action = ACTION_2_ID[agent.step(theirs)]
        theirs, seat = env.step(action)
        state.apply(action)
    payoffs = env.get_payoffs()
    side = 0 if match != "peasants" else 1
    return {"match": match, "won": float(payoffs[side]), "times": times}


class _Serial:
    """The pool's ``imap`` in this process (for ``--jobs 1``)."""

    def __enter__(self) -> "_Serial":
        return self

    def __exit__(self, *exc) -> None:
        return None

    @staticmethod
    def imap(function, jobs, chunksize: int = 1):
        """``function`` over ``jobs``, lazily."""
        return map(function, jobs)


_PLAYERS: dict = {}


def _player(level: int, seconds: float | None, bidding: str | None = None, worlds: int | None = None):
    """One AI player per process and setting, compiled once."""
    from tui_games.games.doudizhu.ai import DoudizhuPlayer

    key = (level, seconds, bidding, worlds)
    if key not in _PLAYERS:
        _PLAYERS[key] = DoudizhuPlayer(level, seed=1, seconds=seconds, bidding=bidding, worlds=worlds)
        _PLAYERS[key].prepare()
    return _PLAYERS[key]


def play_auction(job: tuple) -> dict:
    """One auction game: (deal, level, seconds, worlds, odd seat, the odd seat's bidding) -> the odd
    seat's return, whether it was the landlord and won, and the seconds each bid took."""
    from tui_games import catalog
    from tui_games.games.doudizhu import rules

    deal, level, seconds, worlds, odd, bidding = job
    other = BIDDERS[1 - BIDDERS.index(bidding)]
    players = {kind: _player(level, seconds, kind, worlds) for kind in BIDDERS}
    for kind, player in players.items():
        player.rng[0] = deal * 7919 + 1
        player.random.seed(deal)
    state = catalog.get("doudizhu").new(seed=deal, bidding="auction")
    state.resolve_chance()
    bid_times = {kind: [] for kind in BIDDERS}
    while not state.is_terminal:
        seat = state.current_player
        kind = bidding if seat == odd else other
        bidding_now = int(state.array[rules.PHASE]) == rules.PHASE_BIDDING
        started = time.perf_counter()
        action = players[kind].choose(state)
        if bidding_now:
            bid_times[kind].append(time.perf_counter() - started)
        state.apply(action)
        state.resolve_chance()
    landlord = state.landlord == odd
    return {"deal": deal, "odd": odd, "bidding": bidding, "return": state.returns()[odd], "landlord": landlord,
            "won": landlord and state.landlord_won, "bid": state.bid if landlord else 0, "bid_times": bid_times}


def auction_report(results: list[dict]) -> dict:
    """The ``--auction`` figures of finished games (see the module docstring)."""
    report: dict = {}
    for kind in BIDDERS:
        rows = [r for r in results if r["bidding"] == kind]
        values = [r["return"] for r in rows]
        mean, half = _mean_interval(values)
        landlord = [r for r in rows if r["landlord"]]
        times = [t for r in results for t in r["bid_times"][kind]]
        report[kind] = {"games": len(rows), "mean_return": round(mean, 3), "low": round(mean - half, 3),
                        "high": round(mean + half, 3),
                        "landlord_share": round(len(landlord) / max(len(rows), 1), 3),
                        "landlord_win_rate": round(sum(r["won"] for r in landlord) / max(len(landlord), 1), 3),
                        "mean_landlord_bid": round(sum(r["bid"] for r in landlord) / max(len(landlord), 1), 2),
                        "mean_bid_s": round(sum(times) / max(len(times), 1), 4)}
    by_place = {(r["deal"], r["odd"], r["bidding"]): r["return"] for r in results}
    differences = [value - by_place[(deal, odd, BIDDERS[1])]
                   for (deal, odd, kind), value in by_place.items()
                   if kind == BIDDERS[0] and (deal, odd, BIDDERS[1]) in by_place]
    mean, half = _mean_interval(differences)
    report["table_less_playouts"] = {"pairs": len(differences), "mean": round(mean, 3), "low": round(mean - half, 3),
                                     "high": round(mean + half, 3)}
    return report


def _mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% normal interval."""
    n = len(values)
    if n < 2:
        return (values[0] if values else 0.0), math.inf
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def run_auction(args) -> int:
    """The ``--auction`` comparison: play, then print the report (or JSON)."""
    started = time.perf_counter()
    for kind in BIDDERS:
        _player(args.level, args.seconds, kind, args.worlds)  # compiled once, before the worker processes fork
    deals = range(args.first, args.first + args.auction)
    jobs = [(deal, args.level, args.seconds, args.worlds, odd, kind) for deal in deals for kind in BIDDERS
            for odd in range(3)]
    results = []
    stop_at = started + args.minutes * 60 if args.minutes else math.inf
    with Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for result in pool.imap(play_auction, jobs, chunksize=1):
            results.append(result)
            if len(results) % 60 == 0:
                print(f"  {len(results)} of {len(jobs)} games; {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
            if time.perf_counter() > stop_at:
                break
    finished = len(results) // 6
    report = {"level": args.level, "seconds": args.seconds, "worlds": args.worlds, "deals": finished,
              "first_deal": args.first, **auction_report(results[:finished * 6]),
              "wall_seconds": round(time.perf_counter() - started, 1)}
    if args.json:
        print(json.dumps(report))
        return 0
    for kind in BIDDERS:
        r = report[kind]
        print(f"one seat bidding by {kind:8s} vs two by the other: mean return {r['mean_return']:+.3f} "
              f"[{r['low']:+.3f}, {r['high']:+.3f}] over {r['games']} games; landlord {r['landlord_share']:.0%} "
              f"(won {r['landlord_win_rate']:.0%}, mean bid {r['mean_landlord_bid']}); "
              f"{r['mean_bid_s'] * 1000:.1f} ms a bid")
    d = report["table_less_playouts"]
    print(f"table seat less playout seat, same deal and place: {d['mean']:+.3f} [{d['low']:+.3f}, {d['high']:+.3f}] "
          f"({d['pairs']} pairs); level {args.level}, {finished} deals, {report['wall_seconds']} s")
    return 0


def legal_positions(count: int) -> dict:
    """Random games in lockstep with RLCard's until ``count`` positions are compared."""
    import rlcard

    compared = equal = games = 0
    while compared < count:
        env = rlcard.make("doudizhu", config={"seed": 100000 + games})
        theirs, seat = env.reset()
        state = our_copy(env)
        rng = random.Random(games)
        while not env.is_over() and compared < count:
            compared += 1
            legal = sorted(theirs["legal_actions"])
            equal += state.legal_actions() == legal and state.current_player == seat
            action = rng.choice(legal)
            theirs, seat = env.step(action)
            state.apply(action)
        games += 1
    return {"positions": compared, "equal": equal, "games": games}


def main(argv=None) -> int:
    """Play the matches and print a summary (or JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per match (RLCard seeds 0..deals-1)")
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--level", type=int, default=4, help="our AI level (1-4)")
    parser.add_argument("--seconds", type=float, default=None, help="search seconds a move (default: the level's)")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--positions", type=int, default=0, help="also compare legal moves on this many positions")
    parser.add_argument("--minutes", type=float, default=0.0,
                        help="stop after this long and report the deals finished by then (0: play them all)")
    parser.add_argument("--worlds", type=int, default=None,
                        help="--auction: cap each search at this many worlds, untimed (games repeat exactly)")
    parser.add_argument("--auction", type=int, default=0,
                        help="instead: this many auction deals, table bidding against playout bidding")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.auction:
        return run_auction(args)
    if importlib.util.find_spec("rlcard") is None:
        note = "rlcard is not installed (pip install rlcard==1.2.0): nothing to measure against, skipped"
        print(json.dumps({"skipped": note}) if args.json else note)
        return 0
    started = time.perf_counter()
    _player(args.level, args.seconds)  # compiled once, before the worker processes fork
    jobs = [(match, deal, args.level, args.seconds) for deal in range(args.first, args.first + args.deals)
            for match in MATCHES]
    results = []
    stop_at = started + args.minutes * 60 if args.minutes else math.inf
    with Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for result in pool.imap(play_deal, jobs, chunksize=1):
            results.append(result)
            if time.perf_counter() > stop_at:
                break
    finished = len(results) // len(MATCHES)
    results = results[:finished * len(MATCHES)]
    report: dict = {"level": args.level, "seconds": args.seconds, "deals": finished, "first_deal": args.first}
    for match in MATCHES:
        rows = [r for r in results if r["match"] == match]
        wins = sum(r["won"] for r in rows)
        low, high = wilson_interval(wins, len(rows))
        times = [t for r in rows for t in r["times"][1:]]
        entry = {"win_rate": round(wins / max(len(rows), 1), 4), "low": round(low, 4), "high": round(high, 4),
                 "deals": len(rows)}
        if times:
            entry.update(mean_decision_s=round(sum(times) / len(times), 4), slowest_decision_s=round(max(times), 4))
        report[match] = entry
    if args.positions:
        report["legal_moves"] = legal_positions(args.positions)
    report["wall_seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(report))
        return 0
    names = {"landlord": f"level {args.level} as landlord vs 2 rule-v1 peasants",
             "peasants": f"level {args.level} as peasants vs a rule-v1 landlord",
             "rule": "rule-v1 landlord vs rule-v1 peasants (landlord wins)"}
    for match, name in names.items():
        r = report[match]
        timing = (f"  slowest {r['slowest_decision_s']} s, mean {r['mean_decision_s']} s"
                  if "slowest_decision_s" in r else "")
        print(f"{name:52s} {r['win_rate']:.3f}  [{r['low']:.3f}, {r['high']:.3f}]  ({r['deals']} deals){timing}")
    if args.positions:
        legal = report["legal_moves"]
        print(f"legal moves equal RLCard's on {legal['equal']} of {legal['positions']} positions "
              f"({legal['games']} games)")
    print(f"{report['wall_seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
