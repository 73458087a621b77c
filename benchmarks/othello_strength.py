"""Othello strength: the top level at 1 s per move against reference players, with 95% intervals.

Opponents (``--opponent``, repeatable):

- ``classical``: alpha-beta with iterative deepening on the classical evaluation (mobility, corners,
  edges; heuristic.py) with the same time per move and the same search code as the top level, so
  only the evaluation (and the top level's endgame solver) differ;
- ``mcts``: OpenSpiel's ``pyspiel.MCTSBot`` (C++) with random rollouts and ``--simulations``
  simulations a move (10,000 by default: several seconds a move);
- ``level:N``: this program's AI level N (for the ladder of levels; then ``--player level:M`` too).

Every opening (``--random-plies`` random moves, distinct openings) is played twice, each side taking
black once. A win counts 1, a draw 1/2; the intervals are Wilson's (tui_games.arena), for the score
and for the share of games won outright.

    python benchmarks/othello_strength.py [--opponent classical] [--opponent mcts] [--games 20] [--json]
    python benchmarks/othello_strength.py --player level:3 --opponent level:2 --games 40
    python benchmarks/othello_strength.py --opponent classical --weights /tmp/candidate.npz
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from openspiel_mcts import OpenSpielMcts  # benchmarks/, beside this script
from tui_games import catalog
from tui_games.arena import ArenaResult
from tui_games.games.othello import patterns, search
from tui_games.games.othello.ai import SOLVE_EMPTIES, BoardSearch, ExpertPlayer, boards


class ClassicalPlayer:
    """Alpha-beta with iterative deepening on the classical evaluation, ``seconds`` per move."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.searcher = BoardSearch(search.CLASSIC)

    def choose(self, state) -> int:
        """The best move of the search."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.searcher.search(*boards(state), self.seconds).best_action


def make_player(name: str, seconds: float, simulations: int, seed: int, weights: Path | None = None):
    """A player from its command-line name (``weights``: the Expert's pattern weights file)."""
    spec = catalog.get("othello")
    if name == "expert":
        return ExpertPlayer(spec.max_level, seed, seconds=seconds,
                            weights=patterns.load_weights(weights) if weights else None)
    if name == "classical":
        return ClassicalPlayer(seconds)
    if name == "mcts":
        return OpenSpielMcts("othello", simulations, seed)
    if name.startswith("level:"):
        return spec.ai(int(name.split(":")[1]), seed=seed)
    raise SystemExit(f"unknown player {name!r}: expert, classical, mcts or level:N")


def openings(count: int, plies: int, seed: int) -> list[list[int]]:
    """``count`` distinct sequences of ``plies`` random legal moves from the start."""
    spec = catalog.get("othello")
    rng = np.random.default_rng(seed)
    found: dict[str, list[int]] = {}
    while len(found) < count:
        state = spec.new()
        while state.ply < plies and not state.is_terminal:
            state.apply(int(rng.choice(state.legal_actions())))
        if not state.is_terminal:
            found.setdefault(state.position, list(state.history))
    return list(found.values())


def play(player, opponent, opening: list[int], player_seat: int, record: list) -> tuple[float, int, float]:
    """One game from ``opening``; (player's return, black's final disc difference, player's seconds).
    For a player that keeps what its last search found (the Expert's ``last``), appends (empty
    squares, exact?, depth) of each of its moves to ``record``."""
    state = catalog.get("othello").new()
    for action in opening:
        state.apply(action)
    thinking = 0.0
    while not state.is_terminal:
        if state.current_player == player_seat:
            started = time.perf_counter()
            if hasattr(player, "last"):
                player.last = None
            action = player.choose(state)
            thinking += time.perf_counter() - started
            found = getattr(player, "last", None)
            if found is not None:
                record.append((state.empties, found.exact, found.depth))
        else:
            action = opponent.choose(state)
        state.apply(action)
    return state.returns()[player_seat], state.final_score, thinking


def match(player_name: str, opponent_name: str, games: int, plies: int, seconds: float, simulations: int,
          seed: int, verbose: bool, weights: Path | None = None) -> dict:
    """``games`` games (an even number: each opening with both colours); the tally and intervals."""
    player = make_player(player_name, seconds, simulations, seed, weights)
    opponent = make_player(opponent_name, seconds, simulations, seed + 1)
    result = ArenaResult("othello", 0, 0, 0)
    moves_time = 0.0
    record: list[tuple[int, bool, int]] = []
    for index, opening in enumerate(openings((games + 1) // 2, plies, seed)):
        for seat in (0, 1):
            if result.games == games:
                break
            outcome, black_score, thinking = play(player, opponent, opening, seat, record)
            moves_time += thinking
            result.games += 1
            result.wins_a += outcome > 0
            result.wins_b += outcome < 0
            result.draws += outcome == 0
            if verbose:
                print(f"  game {result.games}: {player_name} as {'black' if seat == 0 else 'white'}: "
                      f"{'win' if outcome > 0 else 'loss' if outcome < 0 else 'draw'} "
                      f"(black {black_score:+d})", flush=True)
    wins_only = ArenaResult("othello", 0, 0, result.games, wins_a=result.wins_a)
    low, high = result.score_interval()
    win_low, win_high = wins_only.score_interval()
    return {"player": player_name, "opponent": opponent_name, "games": result.games,
            "wins": result.wins_a, "draws": result.draws, "losses": result.wins_b,
            "score": result.score_a, "score_interval": [low, high],
            "win_rate": result.wins_a / max(result.games, 1), "win_interval": [win_low, win_high],
            "seconds_per_game": moves_time / max(result.games, 1), **search_figures(record)}


def search_figures(record: list[tuple[int, bool, int]]) -> dict:
    """What the Expert's searches reached: the share of its moves with 18 or fewer empty squares
    that were exact (solved), and its mean depth with more empty squares."""
    late = [exact for empties, exact, _ in record if empties <= SOLVE_EMPTIES]
    early = [depth for empties, exact, depth in record if empties > SOLVE_EMPTIES]
    if not record:
        return {}
    return {"exact_share_at_18_or_fewer_empties": sum(late) / max(len(late), 1),
            "mean_depth_before": sum(early) / max(len(early), 1)}


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", default="expert", help="expert (the top level) or level:N")
    parser.add_argument("--opponent", action="append", help="classical, mcts or level:N (repeatable)")
    parser.add_argument("--games", type=int, default=20, help="games per opponent (even: both colours)")
    parser.add_argument("--random-plies", type=int, default=6, help="random moves that open each game")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per move of the searching players")
    parser.add_argument("--simulations", type=int, default=10_000, help="OpenSpiel MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--weights", type=Path, help="the Expert's pattern weights (default: the shipped file)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    results = []
    for opponent in args.opponent or ["classical", "mcts"]:
        if not args.json:
            print(f"{args.player} vs {opponent}: {args.games} games", flush=True)
        result = match(args.player, opponent, args.games, args.random_plies, args.seconds, args.simulations,
                       args.seed, verbose=not args.json, weights=args.weights)
        results.append(result)
        if not args.json:
            low, high = result["score_interval"]
            win_low, win_high = result["win_interval"]
            print(f"  {result['wins']} wins, {result['draws']} draws, {result['losses']} losses: "
                  f"score {100 * result['score']:.0f}% (95% CI {100 * low:.0f}-{100 * high:.0f}%), "
                  f"won {100 * result['win_rate']:.0f}% (95% CI {100 * win_low:.0f}-{100 * win_high:.0f}%); "
                  f"{result['seconds_per_game']:.1f} s thinking a game", flush=True)
            if "mean_depth_before" in result:
                print(f"  exact moves with <= {SOLVE_EMPTIES} empties: "
                      f"{100 * result['exact_share_at_18_or_fewer_empties']:.0f}%; mean depth before: "
                      f"{result['mean_depth_before']:.1f}", flush=True)
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
