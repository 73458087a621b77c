"""Bridge AI strength against double-dummy analysis: the AI in all four seats bids and plays fixed deals;
each result is compared with DDS's (through endplay) on the same deal.

Deal ``n`` is a duplicate board: its cards a shuffle by ``random.Random(n)`` (the k-th card to seat k %
4, OpenSpiel's order), its dealer and vulnerability those of board ``n + 1`` of the standard cycle of 16
(board 1: North deals, nobody vulnerable; board 2: East, North-South; ...). The AI of ``--level`` bids
all four seats; in the contract reached it declares against AI defenders.

    nice -n 19 python benchmarks/bridge_strength.py --deals 500 --level 3 --json

``--json`` prints one object:
- ``deals``: deals played; ``declared``: those not passed out.
- ``declarer_tricks_below_dd``: the mean over the deals declared of the double-dummy tricks of the
  contract reached (its declarer and strain, from the start of the play) less the tricks the declarer
  took (negative: more than double-dummy, the defenders having erred). Goal: at most 0.35.
- ``declarer_tricks_short``: the same counting only the deals below double-dummy (each deal's shortfall
  or 0).
- ``imps_lost_vs_par``: the mean over all deals of the IMPs (:mod:`tui_games.games.bridge.imps`) between
  North-South's score and double-dummy par (DDS's dealer par), whichever way it goes. Goal: at most 2.5.
- ``imps_lost_vs_par_dd_play``: the same had the contract reached taken its double-dummy tricks (the
  auction's share of the loss: what the play adds or saves is the difference).
- ``max_card_s``, ``mean_card_s``: the slowest and the mean card choice (wall time, every card the AI was
  asked for, single legal cards included); ``max_call_s``: the slowest call. Goals: 2 s and 1 s.
  At nice 19 on a busy machine they count the time the process waited; ``max_card_cpu_s``, the slowest
  card in the process's CPU time (DDS's threads added up: on an idle machine the wall time is at most
  this), does not.
- ``level``, ``seconds`` (the run's wall time; with ``--merge``, the deals' times added up).

Long runs in parts: ``--parts N --part K`` plays the deals whose number is K modulo N (of those
``--start`` to ``--start + --deals``); ``--points FILE`` writes each deal's record, and ``--merge FILE
...`` prints the figures of several parts together. ``--set name=value`` sets an attribute of the
AI's sampled player (``--set max_worlds=24``: a variant under test).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool
from pathlib import Path

VULNERABILITY_CYCLE = ("none", "ns", "ew", "both", "ns", "ew", "both", "none",
                       "ew", "both", "none", "ns", "both", "none", "ns", "ew")
"""The vulnerability of boards 1-16 (and so on, every 16 boards)."""


def board_conditions(number: int) -> tuple[int, str]:
    """(dealer, vulnerability) of deal ``number``: those of board ``number + 1``."""
    return number % 4, VULNERABILITY_CYCLE[number % 16]


def deal_cards(number: int) -> list[int]:
    """The 52 chance outcomes of deal ``number``, in the order dealt."""
    deck = list(range(52))
    random.Random(number).shuffle(deck)
    return deck


def play_deal(job: tuple) -> dict:
    """One deal: (level, deal number, settings) -> its record."""
    from tui_games import catalog
    from tui_games.games.bridge import rules
    from tui_games.games.bridge.double_dummy import dd_table, par
    from tui_games.games.bridge.imps import imps
    from tui_games.games.bridge.play import cards_in
    from tui_games.games.bridge.scoring import duplicate_score

    level, number, settings = job
    spec = catalog.get("bridge")
    dealer, vulnerability = board_conditions(number)
    state = spec.new(seed=number, scoring="duplicate", dealer=dealer, vulnerability=vulnerability)
    for card in deal_cards(number):
        state.apply(card)
    hands = [cards_in(state.dealt_mask(seat)) for seat in range(4)]
    table = dd_table(hands)
    par_score = par(table, vulnerability, dealer).score
    ais = [spec.ai(level, seed=number * 4 + seat) for seat in range(4)]
    for ai in ais:
        ai.prepare()
        for name, value in settings:
            setattr(ai.sampler, name, value)
    card_times: list[float] = []
    card_cpu: list[float] = []
    call_times: list[float] = []
    began = time.perf_counter()
    while not state.is_terminal:
        auction = state.phase == "auction"
        started, cpu = time.perf_counter(), time.process_time()
        action = ais[state.current_player].choose(state)
        (call_times if auction else card_times).append(time.perf_counter() - started)
        if not auction:
            card_cpu.append(time.process_time() - cpu)
        state.apply(action)
    score_ns = int(state.returns()[0])
    record = {"deal": number, "contract": state.contract, "result": state.result, "score_ns": score_ns,
              "par_ns": par_score, "imps_vs_par": imps(score_ns - par_score),
              "max_card_s": max(card_times, default=0.0), "card_s": sum(card_times), "cards": len(card_times),
              "max_card_cpu_s": max(card_cpu, default=0.0),
              "max_call_s": max(call_times, default=0.0), "seconds": time.perf_counter() - began}
    if state.declarer is not None:
        dd = table[state.declarer][state.strain]
        array = state.array
        side = state.declarer % 2
        dd_score = int(duplicate_score(int(array[rules.LEVEL]), state.strain, int(array[rules.DOUBLED]),
                                       int(array[rules.VULNERABLE + side]), dd))
        record.update(dd_tricks=dd, tricks=state.declarer_tricks, below_dd=dd - state.declarer_tricks,
                      dd_imps_vs_par=imps((dd_score if side == 0 else -dd_score) - par_score))
    else:
        record.update(dd_imps_vs_par=imps(-par_score))
    return record


def figures(records: list[dict], level: int, seconds: float) -> dict:
    """The ``--json`` object of these deals' records."""
    declared = [r for r in records if "below_dd" in r]
    cards = sum(r["cards"] for r in records)
    return {
        "deals": len(records),
        "declared": len(declared),
        "declarer_tricks_below_dd": round(sum(r["below_dd"] for r in declared) / max(len(declared), 1), 3),
        "declarer_tricks_short": round(sum(max(r["below_dd"], 0) for r in declared) / max(len(declared), 1), 3),
        "imps_lost_vs_par": round(sum(abs(r["imps_vs_par"]) for r in records) / max(len(records), 1), 3),
        "imps_lost_vs_par_dd_play": round(sum(abs(r["dd_imps_vs_par"]) for r in records) / max(len(records), 1), 3),
        "max_card_s": round(max((r["max_card_s"] for r in records), default=0.0), 3),
        "mean_card_s": round(sum(r["card_s"] for r in records) / max(cards, 1), 3),
        "max_card_cpu_s": round(max((r.get("max_card_cpu_s", 0.0) for r in records), default=0.0), 3),
        "max_call_s": round(max((r["max_call_s"] for r in records), default=0.0), 3),
        "level": level,
        "seconds": round(seconds, 1),
    }


def _number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def main() -> None:
    """Play the deals (or read them back, ``--merge``) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--start", type=int, default=0, help="the first deal's number")
    parser.add_argument("--parts", type=int, default=1, help="split the deals into this many parts")
    parser.add_argument("--part", type=int, default=0, help="play part K (0-based): deals numbered K mod --parts")
    parser.add_argument("--jobs", type=int, default=1, help="deals played at once (processes)")
    parser.add_argument("--points", help="write each deal's record to this file")
    parser.add_argument("--merge", nargs="+", metavar="FILE", help="play nothing: the figures of these --points files")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set an attribute of the AI's sampled player (a number)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.merge:
        records = sorted((r for name in args.merge for r in json.loads(Path(name).read_text())),
                         key=lambda r: r["deal"])
        out = figures(records, args.level, sum(r["seconds"] for r in records))
    else:
        settings = tuple((name, _number(value)) for name, value in (item.split("=", 1) for item in args.set))
        jobs = [(args.level, number, settings) for number in range(args.start, args.start + args.deals)
                if number % args.parts == args.part]
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                records = pool.map(play_deal, jobs, chunksize=1)
        else:
            records = [play_deal(job) for job in jobs]
        if args.points:
            Path(args.points).write_text(json.dumps(records))
        out = figures(records, args.level, time.perf_counter() - started)
    print(json.dumps(out) if args.json else "\n".join(f"{key}: {value}" for key, value in out.items()))


if __name__ == "__main__":
    main()
