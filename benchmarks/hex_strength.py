"""Hex strength: an AI level at a fixed time per move against OpenSpiel's MCTS bot or another level.

Opponents (``--opponent``):

- ``mcts``: OpenSpiel's ``pyspiel.MCTSBot`` (C++, UCT with c = 2, random rollouts, MCTS-solver on)
  with ``--simulations`` simulations a move (10,000 by default), on OpenSpiel's own ``hex`` state,
  replaying our history (the two games' actions and rules agree: tests/games/test_hex_openspiel.py);
- ``level:N``: this program's AI level N (for the ladder of levels).

Games are played without the pie rule (OpenSpiel's default), alternating colours: each opening of
``--random-plies`` random stones (0 by default: the empty board) is played twice, each side taking
black once. Reports wins with a 95% Wilson interval (tui_games.arena), the seconds each side spent
a move and the player's playouts a move (on a busy machine a time budget buys fewer playouts: the
playouts say how much search the result stands for; moves the opening table or the solver decided
count with none).

    python benchmarks/hex_strength.py [--sizes 9 11] [--games 10] [--seconds 2] [--json]
    python benchmarks/hex_strength.py --player level:3 --opponent level:2 --sizes 7 --games 20
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import replace

from openspiel_mcts import OpenSpielMcts  # benchmarks/, beside this script
from tui_games import catalog
from tui_games.arena import ArenaResult
from tui_games.games.hex.ai import LEVELS, HexPlayer


def make_player(name: str, size: int, seconds: float, simulations: int, seed: int, playouts: int | None = None,
                options: dict | None = None):
    """A player from its command-line name: ``top`` (the top level at ``seconds`` a move, or at
    ``playouts`` a move when given; ``options`` override fields of its :class:`Level`), ``level:N``
    (level N as shipped), or ``mcts`` (OpenSpiel's bot)."""
    if name == "mcts":
        return OpenSpielMcts(f"hex(board_size={size})", simulations, seed)
    if name == "top":
        player = HexPlayer(max(LEVELS), seed)
        base = LEVELS[max(LEVELS)]
        player.settings = replace(base, playouts=playouts, seconds=None) if playouts else replace(base, seconds=seconds)
        if options:
            player.settings = replace(player.settings, **options)
        return player
    if name.startswith("level:"):
        return HexPlayer(int(name.split(":")[1]), seed)
    raise SystemExit(f"unknown player {name!r}: top, level:N or mcts")


def play(player, opponent, size: int, opening: list[int], player_seat: int) -> tuple[float, float, float, int, int]:
    """One game: (player's return, player's seconds, opponent's seconds, moves, the player's playouts)."""
    state = catalog.get("hex").new(size=size, swap="off")
    for action in opening:
        state.apply(action)
    spent = [0.0, 0.0]
    playouts = 0
    while not state.is_terminal:
        mine = state.current_player == player_seat
        started = time.perf_counter()
        action = (player if mine else opponent).choose(state)
        spent[0 if mine else 1] += time.perf_counter() - started
        playouts += getattr(player, "last_playouts", 0) if mine else 0
        state.apply(action)
    return state.returns()[player_seat], spent[0], spent[1], len(state.history), playouts


def match(player_name: str, opponent_name: str, size: int, games: int, plies: int, seconds: float,
          simulations: int, seed: int, verbose: bool, playouts: int | None = None, options: dict | None = None) -> dict:
    """``games`` games on a ``size`` board, colours alternating; the tally and its interval."""
    player = make_player(player_name, size, seconds, simulations, seed, playouts, options)
    opponent = make_player(opponent_name, size, seconds, simulations, seed + 1)
    rng = random.Random(seed)
    result = ArenaResult("hex", 0, 0, 0)
    times = [0.0, 0.0]
    moves = [0, 0]
    searched_total = 0
    while result.games < games:
        opening = rng.sample(range(size * size), plies)
        for seat in (0, 1):
            if result.games == games:
                break
            outcome, mine, theirs, length, searched = play(player, opponent, size, opening, seat)
            searched_total += searched
            result.games += 1
            result.wins_a += outcome > 0
            result.wins_b += outcome < 0
            times[0] += mine
            times[1] += theirs
            own_moves = (length - plies + (1 if (plies % 2 == seat) else 0)) // 2
            moves[0] += own_moves
            moves[1] += length - plies - own_moves
            if verbose:
                print(f"  {size}x{size} game {result.games}: {player_name} as {'black' if seat == 0 else 'white'}: "
                      f"{'win' if outcome > 0 else 'loss'} in {length} moves", flush=True)
    low, high = result.score_interval()
    return {"size": size, "player": player_name, "opponent": opponent_name, "games": result.games,
            "wins": result.wins_a, "losses": result.wins_b, "win_rate": result.wins_a / max(result.games, 1),
            "win_interval": [low, high], "seconds_per_move": times[0] / max(moves[0], 1),
            "playouts_per_move": round(searched_total / max(moves[0], 1)),
            "opponent_seconds_per_move": times[1] / max(moves[1], 1)}


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", default="top", help="top (the top level at --seconds a move) or level:N")
    parser.add_argument("--opponent", default="mcts", help="mcts or level:N")
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 11])
    parser.add_argument("--games", type=int, default=10, help="games per size (colours alternate)")
    parser.add_argument("--random-plies", type=int, default=0, help="random stones that open each game")
    parser.add_argument("--seconds", type=float, default=2.0, help="the top level's time per move")
    parser.add_argument("--playouts", type=int, help="the top level's playouts a move instead of a time")
    parser.add_argument("--options", type=json.loads, help='JSON overriding the top level\'s settings, e.g. {"explore": 0.2}')
    parser.add_argument("--simulations", type=int, default=10_000, help="OpenSpiel MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    results = []
    for size in args.sizes:
        if not args.json:
            print(f"{args.player} vs {args.opponent} on {size}x{size}: {args.games} games", flush=True)
        result = match(args.player, args.opponent, size, args.games, args.random_plies, args.seconds,
                       args.simulations, args.seed, verbose=not args.json, playouts=args.playouts, options=args.options)
        results.append(result)
        if not args.json:
            low, high = result["win_interval"]
            print(f"  won {result['wins']} of {result['games']} ({100 * result['win_rate']:.0f}%, 95% CI "
                  f"{100 * low:.0f}-{100 * high:.0f}%); {result['seconds_per_move']:.2f} s and "
                  f"{result['playouts_per_move']} playouts a move "
                  f"(opponent {result['opponent_seconds_per_move']:.2f} s)", flush=True)
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
