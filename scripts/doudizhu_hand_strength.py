"""Fit the Dou Dizhu hand-strength table (tui_games/games/doudizhu/hand_strength.json) from deals played
by this program's own players: the rule player for the shape of the model, the search for its scale.

1. Rule play. Each of ``--deals`` deals is dealt at random and played out three times, each seat in
   turn the landlord (taking the kitty and leading, at a bid of 1), the rule player of strategy.py in
   every seat (``--noise``: the share of random legal moves); a deal records the three 17-card hands,
   the kitty, whether each landlord won and the stake it was played for (doubled for bombs, the rocket
   and springs). Two logistic models (features: hand_strength.FEATURES) are fitted by Newton's method
   with a little L2 to the landlord's result, one on the 17-card hand (the shipped model, which the AI
   bids by), one on the 20 cards after the kitty (step 3 values the auctions with it; it is not
   written, only its scores); every ``--held-out``-th deal is kept out of the fit to report the
   log-loss, the accuracy and the calibration.
2. Search play. The searching levels defend far better than the rule player (its landlords win about
   58% of random deals, theirs under half), so ``--games`` more deals are played by level 4's search
   in every seat (capped at ``--worlds`` worlds a move, untimed, so that it repeats), seat 0 the
   landlord, and each model's logit is rescaled (slope and shift, fitted the same way) to their
   results; the weights written are the rescaled ones. Every ``--held-out``-th game is kept out.
3. The bids. For every turn of the auction (turns taken, highest bid so far) the thresholds of
   predicted chance at which to bid 1, 2 or 3 are a best reply, over the rule-play deals, to the other
   two seats bidding by the current thresholds in half the auctions and cautiously in the other half
   (bids 1, 2, 3 at chances 0.5, 0.58, 0.66: so that every turn is reached with hands of every
   strength, and the bids hold up against players who bid otherwise). Each reply is the monotone
   choice of pass / bids that earns the most, the landlord 2 x bid x stake x (2 x chance - 1) with the
   chance of its 20 cards after the kitty, each peasant the opposite half, 0 when all pass; ``--rounds``
   rounds of replies, each moving the thresholds half-way. Reported on the held-out deals: what a best
   reply still earns over the final thresholds, and one table bidder against two cautious ones and
   the reverse.

Deals and games are played in chunks by ``--jobs`` processes, each chunk from its own seed drawn from
``--seed``, so the table depends on the options only. The defaults (300,000 rule-play deals, 900,000
playouts; 1,000 search games) take about five minutes on two busy cores; the shipped table is their
output:

    python scripts/doudizhu_hand_strength.py                        # writes the shipped table
    python scripts/doudizhu_hand_strength.py --deals 5000 --games 60 --out /tmp/hs.json   # a quick trial
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np

from tui_games.engine.logistic import fit_logistic, fit_scores
from tui_games.engine.rng import make_rng
from tui_games.games.doudizhu import hand_strength
from tui_games.games.doudizhu.hand_strength import FEATURES, MODEL, NUM_FEATURES, SEATS

PACKAGE_DIR = Path(hand_strength.__file__).resolve().parent
CHUNK = 2000
"""Rule-play deals in one job."""
GAME_CHUNK = 20
"""Search games in one job."""
NEVER = 2.0
"""A threshold no chance reaches."""
START_THRESHOLDS = (0.5, 0.58, 0.66)
"""The thresholds of bids 1-3 before the first round of replies."""
LANDLORD = "after_kitty"
"""The model of the landlord's 20 cards after the kitty: fitted to value the auctions of step 3, and
reported under the bids, but not shipped (nothing plays by it)."""
KINDS = (MODEL, LANDLORD)
"""The two models fitted, the shipped one first."""


def play_chunk(job: tuple) -> tuple[np.ndarray, ...]:
    """One chunk of deals: (index, deals, seed, noise) -> hands (deals x 3 x 15), kitties (deals x 15),
    won (deals x 3) and stakes (deals x 3), as hand_strength.play_deals fills them."""
    index, count, seed, noise = job
    state = np.random.SeedSequence([seed, index]).generate_state(1, np.uint64)[0]
    hands = np.zeros((count, SEATS, 15), dtype=np.int8)
    kitties = np.zeros((count, 15), dtype=np.int8)
    won = np.zeros((count, SEATS), dtype=np.int8)
    stakes = np.zeros((count, SEATS), dtype=np.int64)
    hand_strength.play_deals(make_rng(int(state)), noise, hands, kitties, won, stakes)
    return hands, kitties, won, stakes


_SEARCHERS: dict = {}


def search_chunk(job: tuple) -> tuple[np.ndarray, ...]:
    """One chunk of search games: (index, games, seed, worlds) -> the landlord's 17 cards (games x 15),
    the kitty (games x 15) and whether the landlord won (games), seat 0 the landlord."""
    from tui_games import catalog
    from tui_games.games.doudizhu import rules
    from tui_games.games.doudizhu.ai import DoudizhuPlayer

    index, count, seed, worlds = job
    if worlds not in _SEARCHERS:
        _SEARCHERS[worlds] = DoudizhuPlayer(4, worlds=worlds, bidding="playouts")  # bids no matter here
    player = _SEARCHERS[worlds]
    hands = np.zeros((count, 15), dtype=np.int8)
    kitties = np.zeros((count, 15), dtype=np.int8)
    won = np.zeros(count, dtype=np.int8)
    for game in range(count):
        state_seed = int(np.random.SeedSequence([seed, 1, index, game]).generate_state(1, np.uint64)[0] >> 1)
        player.rng[0] = state_seed
        player.random.seed(state_seed)
        state = catalog.get("doudizhu").new(seed=state_seed, bidding="rlcard")
        state.resolve_chance()
        kitties[game] = state.array[rules.KITTY:rules.KITTY + 15]
        hands[game] = state.array[rules.HANDS:rules.HANDS + 15] - kitties[game]
        while not state.is_terminal:
            state.apply(player.choose(state))
        won[game] = state.landlord_won
    return hands, kitties, won


def in_chunks(function, work: list, jobs: int, what: str, started: float) -> tuple[np.ndarray, ...]:
    """``function`` over the chunks ``work`` (their second item the chunk's size) by ``jobs`` processes,
    with progress lines; the chunks' arrays joined in order."""
    total = sum(job[1] for job in work)
    parts = []
    done = 0
    pool = multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 else None
    try:
        results = pool.imap(function, work) if pool else map(function, work)
        for part in results:
            parts.append(part)
            done += len(part[0])
            if len(parts) % max(1, len(work) // 10) == 0 or done == total:
                print(f"  {done:,} of {total:,} {what} played; {time.perf_counter() - started:.0f} s", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    return tuple(np.concatenate([part[k] for part in parts]) for k in range(len(parts[0])))


def play_all(deals: int, seed: int, noise: float, jobs: int, started: float) -> tuple[np.ndarray, ...]:
    """The rule-play deals (see :func:`play_chunk`), in chunks."""
    work = [(i, min(CHUNK, deals - first), seed, noise) for i, first in enumerate(range(0, deals, CHUNK))]
    return in_chunks(play_chunk, work, jobs, "deals", started)


def search_all(games: int, seed: int, worlds: int, jobs: int, started: float) -> tuple[np.ndarray, ...]:
    """The search games (see :func:`search_chunk`), in chunks."""
    work = [(i, min(GAME_CHUNK, games - first), seed, worlds)
            for i, first in enumerate(range(0, games, GAME_CHUNK))]
    return in_chunks(search_chunk, work, jobs, "search games", started)


def features(hands: np.ndarray) -> np.ndarray:
    """The feature rows of ``hands`` (rows of counts per rank)."""
    out = np.empty((len(hands), NUM_FEATURES), dtype=np.float64)
    hand_strength.features_of(np.ascontiguousarray(hands, dtype=np.int64), out)
    return out


def constant_log_loss(train: np.ndarray, test: np.ndarray) -> float:
    """The held-out log-loss of always predicting the training win rate."""
    rate = float(train.mean())
    return round(float(-np.mean(test * np.log(rate) + (1 - test) * np.log(1 - rate))), 4)


# ----- the auction ----------------------------------------------------------------------------------


def policy_bids(thresholds: np.ndarray, chance: np.ndarray, turn: int, high: np.ndarray,
                which: np.ndarray | None = None) -> np.ndarray:
    """The bids (0 pass) of seats with landlord ``chance`` at ``turn`` over highest bids ``high``, as
    HandStrength.bid makes them: by ``thresholds`` (3 x 3 x 3), or by ``thresholds[which]`` row by row
    when ``which`` is given."""
    out = np.zeros(len(chance), dtype=np.int64)
    for h in range(3):
        for b in range(h + 1, 4):
            least = thresholds[turn, h, b - 1] if which is None else thresholds[which, turn, h, b - 1]
            out = np.where((high == h) & (chance >= least), b, out)
    return out


def auction(chances, first, others, which=None, turns=SEATS, hero_turn=-1, hero_bid=None, hero_seat=None,
            hero_thresholds=None):
    """Auctions of deals with each seat's chance ``chances`` (n x 3) and first bidders ``first``, every
    seat bidding by the thresholds ``others`` (or ``others[which]``, see :func:`policy_bids`) except the
    seat at ``hero_turn``, which bids ``hero_bid``, and the seat ``hero_seat``, which bids by
    ``hero_thresholds``; played for ``turns`` turns. Returns (landlord or -1, highest bid, ended by a 3)."""
    rows = np.arange(len(first))
    high = np.zeros(len(first), dtype=np.int64)
    bidder = np.full(len(first), -1, dtype=np.int64)
    over = np.zeros(len(first), dtype=bool)
    for turn in range(turns):
        seat = (first + turn) % SEATS
        chance = chances[rows, seat]
        if turn == hero_turn:
            bid = hero_bid
        else:
            bid = policy_bids(others, chance, turn, high, which)
            if hero_seat is not None:
                bid = np.where(seat == hero_seat, policy_bids(hero_thresholds, chance, turn, high), bid)
        bid = np.where(over, 0, bid)
        take = bid > high
        bidder = np.where(take, seat, bidder)
        high = np.where(take, bid, high)
        over |= bid == 3
    return bidder, high, over


def seat_returns(seat, landlord, bid, won, stakes):
    """Each row's return to ``seat`` when ``landlord`` (-1: nobody) plays at ``bid``, winning with the
    chance ``won`` at the stake ``stakes`` (n x 3 each)."""
    rows = np.arange(len(seat))
    someone = landlord >= 0
    at = np.where(someone, landlord, 0)
    signed = (2.0 * won[rows, at] - 1.0) * stakes[rows, at] * bid
    value = np.where(landlord == seat, 2.0 * signed, -signed)
    return np.where(someone, value, 0.0)


def best_cuts(chance: np.ndarray, gains: np.ndarray) -> list[float]:
    """The thresholds of actions 1.. (columns of ``gains`` after the first, in rising order) that earn
    the most when a sample of each ``chance`` takes the highest action its chance reaches."""
    order = np.argsort(chance, kind="stable")
    sorted_chance = chance[order]
    totals = np.vstack([np.zeros(gains.shape[1]), np.cumsum(gains[order], axis=0)])
    n = len(chance)
    best = totals[:, 0]
    where = []
    positions = np.arange(n + 1)
    for j in range(1, gains.shape[1]):
        candidate = best - totals[:, j]
        leading = np.maximum.accumulate(candidate)
        argmax = np.maximum.accumulate(np.where(candidate == leading, positions, 0))
        best = totals[:, j] + leading
        where.append(argmax)
    cuts = [n]
    for argmax in reversed(where):
        cuts.append(int(argmax[cuts[-1]]))
    cuts = cuts[:0:-1]
    return [0.0 if c == 0 else NEVER if c == n else float((sorted_chance[c - 1] + sorted_chance[c]) / 2)
            for c in cuts]


def cautious() -> np.ndarray:
    """The cautious bidders' thresholds: :data:`START_THRESHOLDS` at every turn."""
    thresholds = np.full((SEATS, 3, 3), NEVER)
    for h in range(3):
        thresholds[1:, h, h:] = START_THRESHOLDS[h:]
    thresholds[0, 0] = START_THRESHOLDS  # the first seat meets no bid
    return thresholds


def samples(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every auction of ``n`` deals: (deal, first bidder, which opponents: 0 the table's own bidders,
    1 cautious ones, alternately)."""
    deal = np.repeat(np.arange(n), SEATS)
    first = np.tile(np.arange(SEATS), n)
    return deal, first, (deal + first) % 2


def best_reply(chances, won, stakes, thresholds) -> np.ndarray:
    """Thresholds of a seat's best reply (in the threshold family), over every deal and first bidder,
    to the other two seats bidding by ``thresholds`` in half the auctions and cautiously in the other
    half (a turn no auction reaches keeps ``thresholds``)."""
    deal, first, which = samples(len(chances))
    others = np.stack([thresholds, cautious()])
    table, won, stakes = chances[deal], won[deal], stakes[deal]
    reply = thresholds.copy()
    for turn in range(SEATS):
        seat = (first + turn) % SEATS
        _, high, over = auction(table, first, others, which, turns=turn)
        for h in range(3):
            at = np.flatnonzero(~over & (high == h))
            if len(at) == 0:
                continue
            actions = [0, *range(h + 1, 4)]
            gains = np.empty((len(at), len(actions)))
            for j, action in enumerate(actions):
                landlord, bid, _ = auction(table[at], first[at], others, which[at], hero_turn=turn,
                                           hero_bid=np.full(len(at), action))
                gains[:, j] = seat_returns(seat[at], landlord, bid, won[at], stakes[at])
            reply[turn, h, h:] = best_cuts(table[at, seat[at]], gains)
    return reply


def reply_gain(chances, won, stakes, hero, others) -> float:
    """The mean return per auction (every deal, first bidder and seat) of one seat bidding by ``hero``
    against two bidding by ``others`` (3 x 3 x 3, or several stacked, taken in turn as in
    :func:`samples`)."""
    deal, first, which = samples(len(chances))
    others = others if others.ndim == 4 else others[None]
    which = which % len(others)
    total = 0.0
    for hero_seat in range(SEATS):
        landlord, bid, _ = auction(chances[deal], first, others, which, hero_seat=hero_seat, hero_thresholds=hero)
        total += seat_returns(np.full(len(first), hero_seat), landlord, bid, won[deal], stakes[deal]).sum()
    return total / (len(deal) * SEATS)


def tune_bids(chances, won, stakes, rounds: int, started: float) -> np.ndarray:
    """Thresholds after ``rounds`` rounds of best replies, each moving them half-way (see the module
    docstring)."""
    thresholds = cautious()
    for round_number in range(rounds):
        reply = best_reply(chances, won, stakes, thresholds)
        mix = np.stack([thresholds, cautious()])
        gain = reply_gain(chances, won, stakes, reply, mix) - reply_gain(chances, won, stakes, thresholds, mix)
        print(f"  bidding round {round_number + 1}: a best reply earns {gain:+.4f} a deal more than the "
              f"thresholds; {time.perf_counter() - started:.0f} s", flush=True)
        thresholds = np.where((reply >= NEVER) | (thresholds >= NEVER), reply, (thresholds + reply) / 2)
    return thresholds


def logistic(x: np.ndarray) -> np.ndarray:
    """1 / (1 + e^-x), elementwise."""
    return 1.0 / (1.0 + np.exp(-x))


def rule_model(x: np.ndarray, y: np.ndarray, held: np.ndarray, l2: float) -> tuple[np.ndarray, dict]:
    """Step 1 for one model: weights fitted to the rows not ``held``, and their scores."""
    w = fit_logistic(x[~held], y[~held], l2, iterations=30, tolerance=1e-6)
    return w, {"train": fit_scores(x[~held], y[~held], w), "held_out": fit_scores(x[held], y[held], w),
               "held_out_constant_log_loss": constant_log_loss(y[~held], y[held])}


def rescaled(w: np.ndarray, x: np.ndarray, y: np.ndarray, held: np.ndarray) -> tuple[np.ndarray, dict]:
    """Step 2 for one model: ``w`` with its logit rescaled (slope, shift) to the search games (``x``,
    ``y``) not ``held``, and the held-out scores before and after."""
    logit = np.column_stack([x @ w, np.ones(len(y))])
    slope, shift = fit_logistic(logit[~held], y[~held], 0.0, iterations=30, tolerance=1e-6)
    final = slope * w
    final[0] += shift
    return final, {"slope": round(float(slope), 4), "shift": round(float(shift), 4),
                   "held_out": fit_scores(x[held], y[held], final),
                   "held_out_before": fit_scores(x[held], y[held], w),
                   "held_out_constant_log_loss": constant_log_loss(y[~held], y[held])}


def main(argv=None) -> int:
    """Play the deals and games, fit the models and the bids, write the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300_000, help="rule-play deals (each played three times)")
    parser.add_argument("--games", type=int, default=1000, help="search games")
    parser.add_argument("--worlds", type=int, default=64, help="worlds a move of the search games")
    parser.add_argument("--seed", type=int, default=20250725)
    parser.add_argument("--noise", type=float, default=0.0, help="share of random moves in the rule play")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing the deals and games")
    parser.add_argument("--held-out", type=int, default=10, help="every this-th deal or game is kept out of the fits")
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--rounds", type=int, default=8, help="rounds of best replies for the bids")
    parser.add_argument("--out", type=Path, default=PACKAGE_DIR / hand_strength.TABLE_FILE)
    parser.add_argument("--save-samples", type=Path, help="keep the deals and games played in this .npz")
    parser.add_argument("--samples", type=Path,
                        help="fit to the deals and games kept by an earlier --save-samples (same options)")
    args = parser.parse_args(argv)
    if min(args.deals, args.games) < 2 * args.held_out:
        raise SystemExit("--deals and --games must leave deals and games on both sides of --held-out")

    started = time.perf_counter()
    print(f"1. rule play: {args.deals:,} deals, each with every seat as the landlord ({args.jobs} processes)",
          flush=True)
    if args.samples:
        saved = np.load(args.samples)
        hands, kitties, won, stakes = (saved[k] for k in ("hands", "kitties", "won", "stakes"))
    else:
        hands, kitties, won, stakes = play_all(args.deals, args.seed, args.noise, args.jobs, started)
    held = np.arange(args.deals) % args.held_out == 0
    by_seat = np.repeat(held, SEATS)
    result = won.reshape(-1).astype(np.float64)
    rule_x = {MODEL: features(hands.reshape(-1, 15)), LANDLORD: features((hands + kitties[:, None, :]).reshape(-1, 15))}
    weights, table = {}, {}
    for kind in KINDS:
        weights[kind], rule_play = rule_model(rule_x[kind], result, by_seat, args.l2)
        table[kind] = {"weights": None, "rule_play": rule_play}
        score = rule_play["held_out"]
        print(f"  {kind}: held-out log-loss {score['log_loss']} (a constant: "
              f"{rule_play['held_out_constant_log_loss']}), accuracy {score['accuracy']}; "
              f"{time.perf_counter() - started:.0f} s", flush=True)

    print(f"2. search play: {args.games:,} games, level 4 at {args.worlds} worlds a move in every seat", flush=True)
    if args.samples:
        search_hands, search_kitties, search_won = (saved[k] for k in ("search_hands", "search_kitties",
                                                                          "search_won"))
    else:
        search_hands, search_kitties, search_won = search_all(args.games, args.seed, args.worlds, args.jobs,
                                                              started)
    if args.save_samples:
        np.savez_compressed(args.save_samples, hands=hands, kitties=kitties, won=won, stakes=stakes,
                            search_hands=search_hands, search_kitties=search_kitties, search_won=search_won)
    search_held = np.arange(args.games) % args.held_out == 0
    search_x = {MODEL: features(search_hands), LANDLORD: features(search_hands + search_kitties)}
    for kind in KINDS:
        weights[kind], table[kind]["search_play"] = rescaled(weights[kind], search_x[kind],
                                                             search_won.astype(np.float64), search_held)
        entry = table[kind]["search_play"]
        print(f"  {kind}: logit x {entry['slope']} {entry['shift']:+}; held-out log-loss "
              f"{entry['held_out_before']['log_loss']} -> {entry['held_out']['log_loss']} (a constant: "
              f"{entry['held_out_constant_log_loss']})", flush=True)
        table[kind]["weights"] = [round(float(v), 5) for v in weights[kind]]
        weights[kind] = np.array(table[kind]["weights"])

    print("3. the bids", flush=True)
    chances = logistic(rule_x[MODEL] @ weights[MODEL]).reshape(-1, SEATS)
    landlord_chances = logistic(rule_x[LANDLORD] @ weights[LANDLORD]).reshape(-1, SEATS)
    thresholds = tune_bids(chances[~held], landlord_chances[~held], stakes[~held], args.rounds, started)
    reply = best_reply(chances[~held], landlord_chances[~held], stakes[~held], thresholds)
    test = chances[held], landlord_chances[held], stakes[held]
    mix = np.stack([thresholds, cautious()])
    figures = {"best_reply_gain_held_out": reply_gain(*test, reply, mix) - reply_gain(*test, thresholds, mix),
               "table_against_cautious_held_out": reply_gain(*test, thresholds, cautious()),
               "cautious_against_table_held_out": reply_gain(*test, cautious(), thresholds)}
    table["bidding"] = {"thresholds": [[[round(float(t), 4) for t in row] for row in turn] for turn in thresholds],
                        "rounds": args.rounds, "cautious": list(START_THRESHOLDS),
                        **{k: round(v, 4) for k, v in figures.items()},
                        "landlord_model": {k: v for k, v in table.pop(LANDLORD).items() if k != "weights"}}
    print(f"  on the held-out deals a best reply earns {figures['best_reply_gain_held_out']:+.4f} a deal more; one "
          f"table bidder against two cautious ones {figures['table_against_cautious_held_out']:+.4f}, one "
          f"cautious against two table bidders {figures['cautious_against_table_held_out']:+.4f}; thresholds by "
          f"turn and highest bid: {table['bidding']['thresholds']}", flush=True)

    command = " ".join(["scripts/doudizhu_hand_strength.py", *(sys.argv[1:] if argv is None else argv)])
    about = {"about": "a landlord's chance to win Dou Dizhu from the 17 cards held in the bidding (a logistic "
                      "model on FEATURES), and the bidding thresholds; regenerate with "
                      "scripts/doudizhu_hand_strength.py",
             "command": command, "seed": args.seed, "deals": args.deals, "playouts": args.deals * SEATS,
             "games": args.games, "worlds": args.worlds, "noise": args.noise, "held_out_every": args.held_out,
             "l2": args.l2, "features": list(FEATURES), "rule_play_landlord_win_rate": round(float(won.mean()), 4),
             "search_play_landlord_win_rate": round(float(search_won.mean()), 4)}
    table = {**about, **table, "seconds": round(time.perf_counter() - started, 1)}
    args.out.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    hand_strength.read_table(args.out)  # it loads
    print(f"wrote {args.out} in {table['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
