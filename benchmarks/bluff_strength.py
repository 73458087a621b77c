"""Bluff poker AI strength: seeded heads-up games of a level against the honest bidder (level 1) and
against a random player, seats alternating; reports each side's losses (the game has only a loser).

    python benchmarks/bluff_strength.py                      # level 3, 1,000 games per opponent
    python benchmarks/bluff_strength.py --level 2 --games 200 --json
"""

from __future__ import annotations

import argparse
import json
import random
import time

from tui_games.games.bluff_poker import ai
from tui_games.games.bluff_poker.spec import SPEC


class RandomPlayer:
    """Picks a legal action uniformly (seeded)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state) -> int:
        """A uniformly random legal action."""
        return self.rng.choice(state.legal_actions())


def play_game(players, seed: int, penalty_limit: int) -> int:
    """One seeded game between ``players`` (seat order); the losing seat."""
    state = SPEC.new(seed=seed, players=len(players), penalty_limit=penalty_limit)
    dice = random.Random(seed)
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply(dice.randint(1, 6))
        else:
            state.apply(players[state.current_player].choose(state))
    return int(state.loser)


def duel(level: int, opponent: str, games: int, penalty_limit: int) -> dict:
    """``games`` games of ``level`` against ``opponent`` ('honest' or 'random'), seats alternating."""
    losses = 0
    started = time.perf_counter()
    for game in range(games):
        me = ai.make_ai(SPEC, level, seed=game)
        other = ai.make_ai(SPEC, 1, seed=10**6 + game) if opponent == "honest" else RandomPlayer(10**6 + game)
        my_seat = game % 2
        players = [me, other] if my_seat == 0 else [other, me]
        losses += play_game(players, game, penalty_limit) == my_seat
    return {"games": games, "ai_losses": losses, "opponent_losses": games - losses,
            "ai_win_rate": round(1 - losses / games, 4), "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    """Measure and print a table (or JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=3, choices=(1, 2, 3))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--penalty-limit", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {opponent: duel(args.level, opponent, args.games, args.penalty_limit) for opponent in ("honest", "random")}
    report["level"] = args.level
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for opponent in ("honest", "random"):
        figures = report[opponent]
        print(f"level {args.level} vs {opponent}: wins {figures['ai_win_rate']:.1%} of {figures['games']} "
              f"({figures['seconds']} s)")


if __name__ == "__main__":
    main()
