"""Hold'em AI strength: bb/100 with 95% intervals over duplicate heads-up deals.

Each pair of hands deals the same cards twice with the players' seats swapped (the button stays on
seat 0), so card luck cancels; every hand starts from fresh stacks. The AI level under test plays
against a calling station, an always-raise maniac, an always-all-in player (no-limit), the level
below it, and RLCard's ``limit-holdem-rule-v1`` (limit, when rlcard is installed). Also reports the
slowest decision (after the first, which loads the compiled kernels) and the bluff frequency (bluffs
per decision).

    python benchmarks/poker_strength.py --game limit-holdem --pairs 500 --json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

from tui_games.engine.cards import betting as bt
from tui_games.engine.cards.holdem_ai import HoldemPlayer
from tui_games.games.limit_holdem.entry import SPEC as LIMIT
from tui_games.games.no_limit_holdem.entry import SPEC as NO_LIMIT

SPECS = {"limit-holdem": LIMIT, "no-limit-holdem": NO_LIMIT}


class CallingStation:
    """Checks or calls every bet, never raises or folds."""

    name = "calling station"

    def choose(self, state) -> int:
        """Check or call."""
        return bt.CALL


class Maniac:
    """Bets or raises whenever it may (the fixed raise, or the pot in no-limit), else calls."""

    name = "maniac"

    def choose(self, state) -> int:
        """Raise when allowed."""
        legal = state.legal_actions()
        if bt.RAISE not in legal and len(legal) <= 2 or all(a < bt.RAISE for a in legal):
            return bt.CALL
        if legal[-1] == bt.RAISE:
            return bt.RAISE
        seat = state.current_player
        pot_raise = state.committed[seat] + 2 * state.to_call + state.pot
        return min(max(pot_raise, legal[2]), legal[-1])


class AllIn:
    """Moves all in at every decision (calls when it cannot raise)."""

    name = "always all-in"

    def choose(self, state) -> int:
        """All in."""
        legal = state.legal_actions()
        return legal[-1] if legal[-1] >= bt.RAISE else bt.CALL


class RLCardRule:
    """RLCard's limit-holdem-rule-v1 agent, fed the raw observation it reads."""

    name = "rlcard limit-holdem-rule-v1"

    def __init__(self) -> None:
        from rlcard.models.limitholdem_rule_models import LimitholdemRuleAgentV1
        self.agent = LimitholdemRuleAgentV1()

    def choose(self, state) -> int:
        """RLCard's rule, its action names mapped to ours."""
        seat = state.current_player
        names = {bt.FOLD: "fold", bt.CALL: "call" if state.to_call else "check", bt.RAISE: "raise"}
        legal = {names[a]: a for a in state.legal_actions()}
        rl_cards = [_rl_card(c) for c in state.hole_cards(seat)]
        raw = {"hand": rl_cards, "public_cards": [_rl_card(c) for c in state.board],
               "legal_actions": list(legal), "raise_nums": [0, 0, 0, 0]}
        action = self.agent.step({"raw_obs": raw, "raw_legal_actions": list(legal)})
        if action in legal:
            return legal[action]
        return legal.get("check", legal.get("call", bt.CALL))


def _rl_card(card: int) -> str:
    """RLCard's card name: suit letter first, upper case ('SA', 'HT')."""
    from tui_games.engine.cards.names import card_name
    name = card_name(card)
    return name[1].upper() + name[0]


def play_hand(spec, players, seed: int, params: dict) -> list[float]:
    """One hand, chance outcomes from a permutation fixed by ``seed`` (the first card of it left in
    the deck each time): returns in chips."""
    order = list(range(52))
    random.Random(seed).shuffle(order)
    state = spec.new(seed=seed, **params)
    while not state.is_terminal:
        if state.is_chance_node:
            left = set(state.legal_actions())
            state.apply(next(card for card in order if card in left))
        else:
            state.apply(players[state.current_player].choose(state))
    return state.returns()


def match(spec, make_hero, make_villain, pairs: int, seed: int, params: dict) -> dict:
    """bb/100 of the hero over ``pairs`` duplicate pairs, with a 95% interval."""
    hero, villain = make_hero(), make_villain()
    big_blind = int(params.get("big_blind", 2))
    per_pair = []
    slowest = 0.0

    class Timed:
        """The hero, its decisions timed (all but the first, which loads the compiled kernels)."""

        def __init__(self, player):
            self.player = player
            self.calls = 0

        def choose(self, state):
            nonlocal slowest
            start = time.perf_counter()
            action = self.player.choose(state)
            self.calls += 1
            if self.calls > 1:
                slowest = max(slowest, time.perf_counter() - start)
            return action

    timed = Timed(hero)
    for k in range(pairs):
        deal = seed + k
        a = play_hand(spec, [timed, villain], deal, params)[0]
        b = play_hand(spec, [villain, timed], deal, params)[1]
        per_pair.append((a + b) / 2 / big_blind * 100)
    mean = sum(per_pair) / len(per_pair)
    var = sum((x - mean) ** 2 for x in per_pair) / max(1, len(per_pair) - 1)
    half = 1.96 * math.sqrt(var / len(per_pair))
    return {"bb_per_100": round(mean, 1), "low": round(mean - half, 1), "high": round(mean + half, 1),
            "pairs": pairs, "slowest_decision_s": round(slowest, 4),
            "bluff_rate": round(hero.bluffs / hero.decisions, 3) if getattr(hero, "decisions", 0) else None}


def main(argv=None) -> int:
    """Run the matches and print a table (or one JSON object with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(SPECS), default="limit-holdem")
    parser.add_argument("--level", type=int, default=3, help="the AI level under test")
    parser.add_argument("--pairs", type=int, default=300, help="duplicate pairs per opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="play only the opponents whose name contains this")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    spec = SPECS[args.game]
    params = {}
    opponents = {"calling station": CallingStation, "maniac": Maniac}
    if args.game == "no-limit-holdem":
        opponents["always all-in"] = AllIn
    if args.level > 1:
        opponents[f"level {args.level - 1}"] = lambda: HoldemPlayer(args.level - 1, seed=args.seed + 7)
    rlcard_note = None
    if args.game == "limit-holdem":
        try:
            RLCardRule()
            opponents["rlcard limit-holdem-rule-v1"] = RLCardRule
        except ImportError as error:
            rlcard_note = f"rlcard not installed ({error})"
    if args.only:
        opponents = {name: make for name, make in opponents.items() if args.only in name}
    results = {}
    for name, make in opponents.items():
        results[name] = match(spec, lambda: HoldemPlayer(args.level, seed=args.seed), make, args.pairs,
                              args.seed * 100003, params)
        if not args.json:
            r = results[name]
            print(f"level {args.level} vs {name:28s} {r['bb_per_100']:8.1f} bb/100  [{r['low']}, {r['high']}]  "
                  f"slowest {r['slowest_decision_s']} s  bluffs {r['bluff_rate']}", flush=True)
    report = {"game": args.game, "level": args.level, "results": results}
    if rlcard_note:
        report["rlcard"] = rlcard_note
    if args.json:
        print(json.dumps(report))
    elif rlcard_note:
        print(rlcard_note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
