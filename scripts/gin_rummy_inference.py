"""Measure the Gin Rummy inference table (tui_games/games/gin_rummy/inference.json) from hands the rule
player plays against itself.

Hands are dealt at random (the first seat alternating) and played by the rule player of policy.py in
both seats (OpenSpiel's simple gin bot's rules). Before each draw, the seat to draw looks at the other:
for every card it has not seen, each piece of evidence (the other's discards, the upcards it passed on,
the cards it took from the upcard and holds, its latest discard: inference.py) in each relation adds
whether the card is in the other hand, and the chance it had with every hidden card alike (hidden cards
of that hand over the cards not seen). A ratio is the first sum over the second: how much likelier
than chance a card in that relation is to be in the other hand.

    python scripts/gin_rummy_inference.py                         # writes the shipped table
    python scripts/gin_rummy_inference.py --hands 2000 --out /tmp/t.json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from tui_games.engine.jit import kernel
from tui_games.engine.rng import make_rng, randint
from tui_games.games.gin_rummy import inference, rules
from tui_games.games.gin_rummy.inference import APPLIES, HELD, KINDS, LAST_DISCARD, MAX_EVENTS, RELATIONS
from tui_games.games.gin_rummy.melds import count_cards
from tui_games.games.gin_rummy.policy import simple_action
from tui_games.games.gin_rummy.worlds import seen_cards


@kernel()
def tally(s, seat, events, count, hits, chances):
    """Add, for every card ``seat`` has not seen in ``s``, each evidence relation's hit and chance."""
    other = 1 - seat
    held = s[rules.KNOWN + other]
    pool = ((np.int64(1) << 52) - 1) & ~seen_cards(s, seat)
    size = count_cards(pool)
    hidden = s[rules.SIZES + other] - count_cards(held)
    if size == 0 or hidden <= 0:
        return
    chance = hidden / size
    last = -1
    for i in range(count):
        if events[i, 0] == 0:
            last = events[i, 1]
    for card in range(52):
        if not (pool >> card) & 1:
            continue
        hit = (s[rules.HANDS + other] >> card) & 1
        for i in range(count + 52 + 1):
            if i < count:
                kind, x = events[i, 0], events[i, 1]
            elif i < count + 52:
                x = i - count
                if not (held >> x) & 1:
                    continue
                kind = HELD
            else:
                if last < 0:
                    continue
                kind, x = LAST_DISCARD, last
            r = inference.relation(card, x)
            if x == card or (kind == LAST_DISCARD) != (r >= 3):
                continue
            hits[kind, r] += hit
            chances[kind, r] += chance


@kernel()
def play_hands(rng, hands, hits, chances):
    """Play ``hands`` rule-player hands, tallying before every draw."""
    actions = np.empty(rules.MAX_ACTIONS, np.int64)
    probs = np.empty(rules.MAX_ACTIONS, np.float64)
    events = np.zeros((2, MAX_EVENTS, 2), np.int64)
    counts = np.zeros(2, np.int64)
    for h in range(hands):
        s = rules.initial_state(0, 10, 25, 25, h % 2)
        counts[:] = 0
        while s[rules.PLAYER] != rules.TERMINAL:
            if s[rules.PLAYER] == rules.CHANCE:
                n = rules.chance_outcomes(s, actions, probs)
                rules.apply_action(s, actions[randint(rng, n)])
                continue
            seat = s[rules.PLAYER]
            phase = s[rules.PHASE]
            if phase == rules.PHASE_DRAW or phase == rules.PHASE_FIRST_UPCARD:
                tally(s, seat, events[1 - seat], counts[1 - seat], hits, chances)
            action = simple_action(s, True, actions)
            counts[seat] = inference.record(s, action, seat, events[seat], counts[seat])
            rules.apply_action(s, action)


def main() -> None:
    """Play the hands and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=inference.TABLE_PATH)
    args = parser.parse_args()
    started = time.perf_counter()
    hits = np.zeros((KINDS, RELATIONS))
    chances = np.zeros((KINDS, RELATIONS))
    play_hands(make_rng(args.seed), args.hands, hits, chances)
    ratios = [[round(float(hits[k, r] / chances[k, r]), 4) if r in APPLIES[k] and chances[k, r] > 0 else 1.0
               for r in range(RELATIONS)] for k in range(KINDS)]
    table = {"hands": args.hands, "seed": args.seed,
             "kinds": ["discarded", "declined", "held", "last discard"],
             "relations": ["same rank", "suit +-1", "suit +-2", "higher rank", "lower or equal rank"],
             "ratios": ratios, "observations": [[round(float(x), 1) for x in row] for row in chances]}
    args.out.write_text(json.dumps(table, indent=1) + "\n")
    for kind, row in zip(table["kinds"], ratios):
        print(f"{kind:>13}: " + " ".join(f"{x:6.3f}" for x in row))
    print(f"{args.hands} hands in {time.perf_counter() - started:.1f} s -> {args.out}")


if __name__ == "__main__":
    main()
