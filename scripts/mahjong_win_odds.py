"""Measure the mahjong AI's odds table (tui_games/games/mahjong/win_odds.json) by self-play.

Hands are played by four tile-efficiency players (:mod:`tui_games.games.mahjong.policy`: least shanten,
then most ukeire, riichi when ready, never a call or a fold), the dealer and the seed varying. After
each discard the discarding seat's situation is bucketed (shanten and ukeire after it, live tiles left,
other seats in riichi: :mod:`tui_games.games.mahjong.odds`); once the hand is over each situation adds
whether that seat won the hand and whether it dealt in. A bucket's odds are its own counts pulled
towards its neighbours' (the same situation with the next ukeire bucket down and up, then the same
shanten and live tiles over every ukeire) by :data:`PRIOR` situations, so that thin buckets read
sensibly; the win odds are then made non-decreasing in ukeire (:func:`increasing`).

    python scripts/mahjong_win_odds.py                       # writes the shipped table (40,000 hands)
    python scripts/mahjong_win_odds.py --hands 2000 --out /tmp/odds.json
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from tui_games.engine.rng import make_rng
from tui_games.games.mahjong import odds as O
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong.policy import finish_record, self_play
from tui_games.games.mahjong.shanten import load_table

PRIOR = 20.0
"""Situations' weight of the neighbours' odds in a bucket's."""
MAX_ROWS = 400


def measure(hands: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(situations, outcomes) by bucket: counts [..., 0] and wins and deal-ins [..., WIN / DEAL_IN]."""
    table = load_table()
    rng = make_rng(seed)
    counts = np.zeros(O.SHAPE[:4])
    hits = np.zeros(O.SHAPE)
    record = np.zeros((MAX_ROWS, 8), dtype=np.int64)
    scores = np.full(R.SEATS, R.START_POINTS, dtype=np.int64)
    for hand in range(hands):
        s = R.initial_state(hand % R.SEATS, 27, 0, 0, scores)
        rows = self_play(s, table, rng, 0.0, True, record, MAX_ROWS)
        finish_record(s, record, 0, rows)
        done = record[:rows]
        index = (np.minimum(done[:, 1], O.SHANTEN_BUCKETS - 1),
                 np.searchsorted(O.UKEIRE_EDGES, done[:, 2], side="right") - 1,
                 np.minimum(done[:, 3] // O.LIVE_STEP, O.LIVE_BUCKETS - 1),
                 np.minimum(done[:, 4], O.RIICHI_BUCKETS - 1))
        np.add.at(counts, index, 1)
        np.add.at(hits, index + (O.WIN,), done[:, 5])
        np.add.at(hits, index + (O.DEAL_IN,), done[:, 7])
    return counts, hits


def pulled(hits: np.ndarray, counts: np.ndarray, parent: np.ndarray) -> np.ndarray:
    """Odds from ``hits`` over ``counts`` with :data:`PRIOR` situations of the ``parent`` odds added."""
    return (hits + PRIOR * parent) / (counts + PRIOR)


def smooth(counts: np.ndarray, hits: np.ndarray) -> np.ndarray:
    """Each bucket's odds pulled towards its parents': the same shanten and live tiles over every ukeire
    and riichi count, then over every ukeire, then the two ukeire buckets beside it."""
    out = np.zeros(O.SHAPE)
    for which in (O.WIN, O.DEAL_IN):
        h = hits[..., which]
        base_n = counts.sum(axis=(1, 3), keepdims=True)
        base = h.sum(axis=(1, 3), keepdims=True) / np.maximum(base_n, 1)
        wide = pulled(h.sum(axis=1, keepdims=True), counts.sum(axis=1, keepdims=True), base)
        near_n = np.zeros_like(counts)
        near_h = np.zeros_like(counts)
        for shift, edge in ((1, 0), (-1, -1)):
            n = np.roll(counts, shift, axis=1)
            k = np.roll(h, shift, axis=1)
            n[:, edge] = 0
            k[:, edge] = 0
            near_n += n
            near_h += k
        out[..., which] = pulled(h, counts, pulled(near_h, near_n, wide))
    return out


def increasing(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The non-decreasing sequence nearest ``values`` in the least squares weighted by ``weights``
    (pool adjacent violators)."""
    blocks: list[list[float]] = []  # [mean, weight, length]
    for value, weight in zip(values, weights):
        blocks.append([float(value), float(weight), 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            mean, weight, length = blocks.pop()
            last = blocks[-1]
            total = last[1] + weight
            last[0] = (last[0] * last[1] + mean * weight) / total
            last[1] = total
            last[2] += length
    return np.array([mean for mean, _, length in blocks for _ in range(length)])


def monotone_wins(odds: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The win odds made non-decreasing in ukeire (more tiles that help never win less often), each
    bucket weighted by its situations and :data:`PRIOR`."""
    out = odds.copy()
    for s in range(O.SHAPE[0]):
        for v in range(O.SHAPE[2]):
            for r in range(O.SHAPE[3]):
                out[s, :, v, r, O.WIN] = increasing(odds[s, :, v, r, O.WIN], counts[s, :, v, r] + PRIOR)
    return out


def main() -> None:
    """Play the hands and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--out", default=str(O.ODDS_FILE))
    parser.add_argument("--counts", help="also write the raw counts to this .npz file")
    args = parser.parse_args()
    started = time.perf_counter()
    counts, hits = measure(args.hands, args.seed)
    table = monotone_wins(smooth(counts, hits), counts)
    if args.counts:
        np.savez_compressed(args.counts, counts=counts, hits=hits)
    data = {"hands": args.hands, "seed": args.seed, "situations": int(counts.sum()),
            "shape": list(O.SHAPE), "odds": np.round(table, 4).tolist()}
    with open(args.out, "w") as out:
        json.dump(data, out, separators=(",", ":"))
        out.write("\n")
    print(f"{args.hands} hands, {int(counts.sum())} situations, {time.perf_counter() - started:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
