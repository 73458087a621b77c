"""The bidding system against double-dummy par: the system bids all four seats of fixed deals, and the
contract reached is scored at its double-dummy tricks, so the figure is the auction's alone.

Deal ``n`` is the board :mod:`benchmarks.bridge_strength` plays as deal ``n`` (the same cards, dealer
and vulnerability). Every call is :func:`~tui_games.games.bridge.bidding.choose_call`'s; the contract
takes the tricks of DDS's table for its declarer and strain; par is DDS's dealer par with the board's
vulnerability; the difference is counted in IMPs (:mod:`tui_games.games.bridge.imps`).

    python benchmarks/bridge_bidding.py --deals 500 --json
    python benchmarks/bridge_bidding.py --start 250 --deals 250 --json     # the held-out half

The tables are cached in ``--cache`` (a file under /tmp, never in the repository): the first run solves
the deals (DDS, about 10 ms a table), later runs only bid.

``--json`` prints one object:
- ``deals``; ``imps_vs_par_dd``: the mean IMPs a deal between North-South's score and par, whichever way
  it goes (goal: at most 2.5); ``makes_dd``: the share of contracts (deals not passed out) that make.
- ``by_cause``: ``imps_vs_par_dd`` split by what went wrong on each deal (the parts add up to it):
  ``went_down`` (the side that should declare chose a contract that fails), ``missed_slam`` and
  ``missed_game`` (it stopped too low), ``strain_or_level`` (it made a contract worth less than par
  another way: strain, overtricks, a game instead of a sacrifice's penalty), ``overcompeted`` (the
  other side bid on and went down for more than par costs it), ``no_double`` (the other side went down
  for less than par: not doubled, or the side that should declare did not bid its contract),
  ``no_sacrifice`` (par is a sacrifice; the side that should sacrifice let the other make its contract),
  ``stolen`` (the other side made a contract where it should not declare), ``passed_out``.
- ``seconds``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bridge_strength import board_conditions, deal_cards  # noqa: E402

from tui_games.engine.rng import make_rng  # noqa: E402
from tui_games.games.bridge.ai import JUDGE_SETTINGS  # noqa: E402
from tui_games.games.bridge.bidding import choose_call  # noqa: E402
from tui_games.games.bridge.bidding_judge import Judge  # noqa: E402
from tui_games.games.bridge.bidding_core import is_bid  # noqa: E402
from tui_games.games.bridge.constants import (DOUBLE, PASS, REDOUBLE, VULNERABLE, bid_level, bid_strain,  # noqa: E402
                                              call_name)
from tui_games.games.bridge.double_dummy import dd_tables, par  # noqa: E402
from tui_games.games.bridge.hand_eval import Hand  # noqa: E402
from tui_games.games.bridge.imps import imps  # noqa: E402
from tui_games.games.bridge.scoring import duplicate_score  # noqa: E402

CAUSES = ("went_down", "missed_slam", "missed_game", "strain_or_level", "overcompeted", "no_double",
          "no_sacrifice", "stolen", "passed_out")
DEFAULT_CACHE = "/tmp/tui_games_bridge_bidding_dd.json"


def hands_of(number: int) -> list[list[int]]:
    """The four hands (N, E, S, W) of deal ``number``: the k-th card dealt goes to seat k % 4."""
    deck = deal_cards(number)
    return [deck[seat::4] for seat in range(4)]


def tables_for(numbers: list[int], cache: Path) -> dict[int, list[list[int]]]:
    """The double-dummy tables of these deals, from the cache where it has them (solved and added
    where not)."""
    stored = json.loads(cache.read_text()) if cache.exists() else {}
    missing = [n for n in numbers if str(n) not in stored]
    if missing:
        for n, table in zip(missing, dd_tables([hands_of(n) for n in missing])):
            stored[str(n)] = [list(row) for row in table]
        cache.write_text(json.dumps(stored))
    return {n: stored[str(n)] for n in numbers}


def bid_deal(number: int, judged: bool = False, times: list[float] | None = None) -> tuple[list[int], int]:
    """The auction the system bids on deal ``number`` (``judged``: the Expert's judgement,
    :class:`~tui_games.games.bridge.bidding_judge.Judge`, seeded by the deal's number), and its dealer;
    each call's seconds are added to ``times``."""
    dealer, vulnerability = board_conditions(number)
    hands = [Hand(cards) for cards in hands_of(number)]
    judge = Judge(make_rng(number), **JUDGE_SETTINGS) if judged else None
    auction: list[int] = []
    while not (len(auction) >= 4 and auction[-3:] == [PASS] * 3 and (any(is_bid(c) for c in auction)
                                                                      or len(auction) == 4)):
        seat = (dealer + len(auction)) % 4
        started = time.perf_counter()
        if judge is not None:
            call = judge.call(hands[seat], dealer, vulnerability, auction)[0]
        else:
            call = choose_call(hands[seat], dealer, vulnerability, auction).call
        if times is not None:
            times.append(time.perf_counter() - started)
        auction.append(call)
    return auction, dealer


def contract_of(auction: list[int], dealer: int) -> tuple[int, int, int, int] | None:
    """(level, strain, doubled 0-2, declarer) of the auction's contract; None when passed out."""
    last = max((i for i, c in enumerate(auction) if is_bid(c)), default=None)
    if last is None:
        return None
    call = auction[last]
    side = (dealer + last) % 2
    doubled = 0
    for c in auction[last + 1:]:
        doubled = 1 if c == DOUBLE else 2 if c == REDOUBLE else doubled
    declarer = next((dealer + i) % 4 for i, c in enumerate(auction)
                    if is_bid(c) and bid_strain(c) == bid_strain(call) and (dealer + i) % 2 == side)
    return bid_level(call), bid_strain(call), doubled, declarer


def _kind(level: int, strain: int) -> int:
    """0 part-score, 1 game, 2 slam."""
    if level >= 6:
        return 2
    return 1 if level >= (5, 5, 4, 4, 3)[strain] else 0


def score_deal(number: int, table: list[list[int]], judged: bool = False, times: list[float] | None = None) -> dict:
    """One deal's record: the auction, the contract, its score at double-dummy tricks, par, the IMPs and
    the cause of any loss."""
    dealer, vulnerability = board_conditions(number)
    auction, dealer = bid_deal(number, judged, times)
    found = par(tuple(tuple(row) for row in table), vulnerability, dealer)
    contract = contract_of(auction, dealer)
    record = {"deal": number, "auction": " ".join(call_name(c) for c in auction), "par": found.score,
              "par_contracts": [str(c) for c in found.contracts]}
    par_side = None
    if found.contracts:
        par_side = 0 if found.contracts[0].declarers[0] in "NS" else 1
    if contract is None:
        record.update(contract="passed out", score=0, makes=None, imps=imps(-found.score), cause="passed_out")
        return record
    level, strain, doubled, declarer = contract
    side = declarer % 2
    tricks = table[declarer][strain]
    score = duplicate_score(level, strain, doubled, VULNERABLE[vulnerability][side], tricks)
    score_ns = score if side == 0 else -score
    lost = imps(score_ns - found.score)
    makes = tricks >= level + 6
    par_for_side = found.score if side == 0 else -found.score
    sacrifice = bool(found.contracts) and found.contracts[0].doubled
    if par_side is None or side == par_side:
        if not makes:
            cause = "went_down"
        elif found.contracts and not sacrifice and _kind(found.contracts[0].level, found.contracts[0].strain) == 2 \
                and _kind(level, strain) < 2:
            cause = "missed_slam"
        elif found.contracts and not sacrifice and _kind(found.contracts[0].level, found.contracts[0].strain) == 1 \
                and _kind(level, strain) == 0:
            cause = "missed_game"
        else:
            cause = "strain_or_level"
    elif not makes:
        cause = "overcompeted" if score < par_for_side else "no_double"
    else:
        cause = "no_sacrifice" if sacrifice else "stolen"
    record.update(contract=f"{level}{'CDHSN'[strain]}{'X' * doubled} by {'NESW'[declarer]}", tricks=tricks,
                  score=score_ns, makes=makes, imps=lost, cause=cause)
    return record


def figures(records: list[dict], seconds: float, times: list[float] | None = None) -> dict:
    """The ``--json`` object of these deals' records (with ``times``, each call's seconds: their most
    and mean)."""
    n = max(len(records), 1)
    declared = [r for r in records if r["makes"] is not None]
    by_cause = {cause: round(sum(abs(r["imps"]) for r in records if r["cause"] == cause) / n, 3) for cause in CAUSES}
    return {"deals": len(records),
            "imps_vs_par_dd": round(sum(abs(r["imps"]) for r in records) / n, 3),
            "makes_dd": round(sum(r["makes"] for r in declared) / max(len(declared), 1), 3),
            "by_cause": by_cause,
            "seconds": round(seconds, 1)} | ({"max_call_s": round(max(times), 3),
                                               "mean_call_s": round(sum(times) / len(times), 4)} if times else {})


def main() -> None:
    """Bid the deals and print the figures (``--show``: each deal's record too)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--start", type=int, default=0, help="the first deal's number")
    parser.add_argument("--cache", default=DEFAULT_CACHE, help="the file the double-dummy tables are kept in")
    parser.add_argument("--show", action="store_true", help="print each deal's record, worst first")
    parser.add_argument("--judge", action="store_true",
                        help="bid with the Expert's judgement (simulation) instead of the plain system")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    numbers = list(range(args.start, args.start + args.deals))
    tables = tables_for(numbers, Path(args.cache))
    if args.judge:
        Judge(make_rng(0)).warm_up()
    started = time.perf_counter()
    times: list[float] = []
    records = [score_deal(n, tables[n], args.judge, times) for n in numbers]
    out = figures(records, time.perf_counter() - started, times if args.judge else None)
    if args.show:
        for r in sorted(records, key=lambda r: -abs(r["imps"])):
            print(json.dumps(r))
    print(json.dumps(out) if args.json else "\n".join(f"{key}: {value}" for key, value in out.items()))


if __name__ == "__main__":
    main()
