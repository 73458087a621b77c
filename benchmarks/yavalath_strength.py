"""Yavalath strength: MCTS with the forced-move rules against plain MCTS of the same budget.

Both players are :class:`tui_games.games.yavalath.ai.YavalathPlayer` searches with ``--playouts``
playouts a move (UCT, c = 1.4, tree kept between moves); the only difference is the move filter of
the forced-move rules (win now, block the next seat's winning cell, never make three unless forced)
in the tree and in the playouts. Two players: the seats alternate game by game (the swap rule off by
default: ``--swap on`` lets both search the swap too). Three players (``--players 3``): one
forced-rules player against two plain ones, its seat rotating; its fair share of wins is a third.

Reports the forced-rules player's wins, losses and draws, its score with a 95% Wilson interval, and
each side's mean seconds a move.

    python benchmarks/yavalath_strength.py [--games 40] [--playouts 1000] [--players 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

from tui_games import catalog
from tui_games.arena import ArenaResult
from tui_games.games.yavalath.ai import Level, YavalathPlayer


def play_game(spec, params: dict, players: list, seed: int, clock: dict) -> list[float]:
    """One game with ``players[seat]`` in each seat; ``clock[id(player)]`` gathers (seconds, moves)."""
    state = spec.new(seed=seed, **params)
    while not state.is_terminal:
        player = players[state.current_player]
        started = time.perf_counter()
        action = player.choose(state.clone())
        spent, moves = clock.get(id(player), (0.0, 0))
        clock[id(player)] = (spent + time.perf_counter() - started, moves + 1)
        state.apply(action)
    return state.returns()


def match(spec, games: int, playouts: int, seats: int, swap: str, seed: int) -> dict:
    """The forced-rules player against plain MCTS over ``games`` games."""
    params = {"players": seats, "swap": swap}
    result = ArenaResult(spec.id, 2, 1, games)
    guided_clock = [0.0, 0]
    plain_clock = [0.0, 0]
    started = time.perf_counter()
    for index in range(games):
        guided_seat = index % seats
        guided = YavalathPlayer(2, seed + 1000 * index, Level(guided=True, playouts=playouts))
        players = [guided if seat == guided_seat else
                   YavalathPlayer(1, seed + 1000 * index + 1 + seat, Level(guided=False, playouts=playouts))
                   for seat in range(seats)]
        clock: dict = {}
        returns = play_game(spec, params, players, seed + index, clock)
        mine = returns[guided_seat]
        best_other = max(r for seat, r in enumerate(returns) if seat != guided_seat)
        if mine > best_other:
            result.wins_a += 1
        elif mine < best_other:
            result.wins_b += 1
        else:
            result.draws += 1
        for player in players:
            spent, moves = clock.get(id(player), (0.0, 0))
            target = guided_clock if player is guided else plain_clock
            target[0] += spent
            target[1] += moves
    low, high = result.score_interval()
    return {"players": seats, "swap": swap if seats == 2 else "off", "games": games, "playouts": playouts,
            "forced_rules_wins": result.wins_a, "forced_rules_losses": result.wins_b, "draws": result.draws,
            "forced_rules_score": round(result.score_a, 4), "score_95": [round(low, 4), round(high, 4)],
            "fair_share": round(1 / seats, 4),
            "seconds_per_move": {"forced_rules": round(guided_clock[0] / max(guided_clock[1], 1), 4),
                                 "plain": round(plain_clock[0] / max(plain_clock[1], 1), 4)},
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    """Run the match and print the result (as JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--players", type=int, choices=(2, 3), default=2)
    parser.add_argument("--swap", choices=("on", "off"), default="off")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = match(catalog.get("yavalath"), args.games, args.playouts, args.players, args.swap, args.seed)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    low, high = report["score_95"]
    print(f"Yavalath, {report['players']} players, {report['playouts']} playouts a move, {report['games']} games: "
          f"forced rules won {report['forced_rules_wins']}, lost {report['forced_rules_losses']}, drew "
          f"{report['draws']}; score {100 * report['forced_rules_score']:.1f}% "
          f"(95% {100 * low:.1f}-{100 * high:.1f}%), "
          f"fair share {100 * report['fair_share']:.0f}%; seconds a move {report['seconds_per_move']}")


if __name__ == "__main__":
    main()
