"""RoPaSci 360 strength: the top level (equilibrium of the pruned matrix game) against the 2-ply
worst-case (maximin) player, the approach that won the course's 2021 tournament.

Both read the same evaluation (:mod:`tui_games.games.ropasci360.evaluation`); the maximin player looks
at every action of both seats, the top level at the pruned ones. The seats alternate game by game.
Reports the top level's wins, losses and draws, its share of the decided games (target: at least
60%), how the games ended, and each side's mean and largest seconds a turn.

    python benchmarks/ropasci360_strength.py [--games 40] [--level 3] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from tui_games.games.ropasci360.ai import RoPaSciPlayer, WorstCasePlayer
from tui_games.games.ropasci360.game import END_TEXTS
from tui_games.games.ropasci360.spec import SPEC


def play_game(players: list, seed: int, clock: dict) -> tuple[list[float], int, int]:
    """One game, ``players[seat]`` in each seat; ``clock[seat]`` gathers [seconds, turns, worst]."""
    state = SPEC.new(seed=seed)
    while not state.is_terminal:
        joint = []
        for seat, player in enumerate(players):
            started = time.perf_counter()
            joint.append(player.choose(state, player=seat))
            spent = time.perf_counter() - started
            entry = clock.setdefault(seat, [0.0, 0, 0.0])
            entry[0] += spent
            entry[1] += 1
            entry[2] = max(entry[2], spent)
        state.apply_joint(joint)
    return state.returns(), state.end_reason, state.turn


def match(games: int, level: int, seed: int, k=None, deep: int | None = None) -> dict:
    """The level against the worst-case player over ``games`` games."""
    wins = losses = draws = 0
    ends: Counter = Counter()
    turns = []
    mine_clock = [0.0, 0, 0.0]
    base_clock = [0.0, 0, 0.0]
    started = time.perf_counter()
    warm = SPEC.new(seed=0)  # compile the kernels before timing anything
    RoPaSciPlayer(level).choose(warm, player=0)
    WorstCasePlayer().choose(warm, player=0)
    for index in range(games):
        seat = index % 2
        players = [None, None]
        players[seat] = RoPaSciPlayer(level, seed + 1000 * index, **({} if deep is None else {"deep": deep}),
                                      **({} if k is None else {"k": k or None}))
        players[1 - seat] = WorstCasePlayer()
        clock: dict = {}
        returns, end, turn = play_game(players, seed + index, clock)
        ends[END_TEXTS.get(end, "?")] += 1
        turns.append(turn)
        if returns[seat] > 0:
            wins += 1
        elif returns[seat] < 0:
            losses += 1
        else:
            draws += 1
        for s, target in ((seat, mine_clock), (1 - seat, base_clock)):
            spent, count, worst = clock.get(s, [0.0, 0, 0.0])
            target[0] += spent
            target[1] += count
            target[2] = max(target[2], worst)
    decided = wins + losses
    return {"games": games, "level": level, "wins": wins, "losses": losses, "draws": draws,
            "decided_win_share": round(wins / decided, 4) if decided else None,
            "ends": dict(ends), "mean_turns": round(sum(turns) / max(len(turns), 1), 1),
            "seconds_per_turn": {"level": round(mine_clock[0] / max(mine_clock[1], 1), 4),
                                 "worst_case": round(base_clock[0] / max(base_clock[1], 1), 4)},
            "max_seconds_per_turn": {"level": round(mine_clock[2], 4), "worst_case": round(base_clock[2], 4)},
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    """Run the match and print the result (as JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", type=int, default=SPEC.max_level)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top-k", type=int, default=None,
                        help="actions per seat in the turn's matrix game (0: all; default the level's)")
    parser.add_argument("--deep", type=int, default=None,
                        help="look a turn further over this many actions a seat (0: no further)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = match(args.games, args.level, args.seed, args.top_k, args.deep)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    share = report["decided_win_share"]
    print(f"RoPaSci 360, level {report['level']} vs worst-case, {report['games']} games: won {report['wins']}, "
          f"lost {report['losses']}, drew {report['draws']}; "
          f"{'no decided games' if share is None else f'{100 * share:.0f}% of decided games'}; "
          f"ends {report['ends']}; seconds a turn {report['seconds_per_turn']}, "
          f"at most {report['max_seconds_per_turn']}")


if __name__ == "__main__":
    main()
