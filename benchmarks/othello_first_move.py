"""Othello top level near the end: the first move a freshly made Expert is asked, at 14-20 empty squares.

Endgame positions come from games of AI level 3 against itself after random openings (held out: no
test or table saw them). For each one a new top-level player is made, prepared (``prepare()``, where
the player has it: loading and compiling happen there, off the move's clock) and asked for a move
with its usual second. Per number of empty squares: the share of moves that came from a finished
exact solve (``exact``), the share of moves with the best exact score (``optimal``, checked by a
separate exact solve; ``--no-check`` skips it) and the worst loss in discs, and the median and
largest time of the move. The very first player of the process shows what a first move cost before
anything was loaded: ``first_prepare_s`` and ``first_move_s`` (and whether that move was exact).

    python benchmarks/othello_first_move.py [--games 10] [--empties 14,16,18,20] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from tui_games import catalog
from tui_games.games.othello.ai import EndgameSolver, boards

SPEC = catalog.get("othello")


def endgames(games: int, empties: list[int], seed: int) -> dict[int, list]:
    """{empty squares: positions}: one position per game and number, where the side to move has a
    choice, from level-3 self-play after 6 random moves."""
    rng = np.random.default_rng(seed)
    players = [SPEC.ai(3, seed=seed), SPEC.ai(3, seed=seed + 1)]
    found: dict[int, list] = {count: [] for count in empties}
    while min(len(found[count]) for count in empties) < games:
        state = SPEC.new()
        while not state.is_terminal and state.ply < 6:
            state.apply(int(rng.choice(state.legal_actions())))
        while not state.is_terminal:
            if state.empties in found and len(state.legal_actions()) > 1 and len(found[state.empties]) < games:
                if not any(p.position == state.position for p in found[state.empties]):
                    found[state.empties].append(state.clone())
            state.apply(players[state.current_player].choose(state))
    return found


def first_move(state) -> tuple[float, float, int, bool | None]:
    """(prepare seconds, move seconds, move, exact?) of a new top-level player."""
    player = SPEC.ai(SPEC.max_level, seed=0)
    started = time.perf_counter()
    if hasattr(player, "prepare"):
        player.prepare(state.clone())
    prepared = time.perf_counter() - started
    started = time.perf_counter()
    action = player.choose(state.clone())
    moved = time.perf_counter() - started
    last = getattr(player, "last", None)
    return prepared, moved, action, (last.exact if last is not None else None)


def loss(checker: EndgameSolver, state, action: int) -> int:
    """Discs the move ``action`` gives away against the best move (exact scores)."""
    best = checker.value(*boards(state))
    child = state.clone()
    child.apply(action)
    if child.is_terminal:
        return best - (child.final_score if state.current_player == 0 else -child.final_score)
    mover, opponent = boards(child)
    value = checker.value(mover, opponent)
    return best - (-value if child.current_player != state.current_player else value)


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="positions per number of empty squares")
    parser.add_argument("--empties", default="14,16,18,20", help="numbers of empty squares")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-check", action="store_true", help="skip the exact check of each move")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    counts = [int(part) for part in args.empties.split(",")]
    positions = endgames(args.games, counts, args.seed)
    checker = None if args.no_check else EndgameSolver(table_bits=22)
    first = None
    report: dict = {}
    for count in counts:
        times, exact, losses = [], [], []
        for state in positions[count]:
            prepared, moved, action, was_exact = first_move(state)
            if first is None:
                first = {"first_prepare_s": round(prepared, 3), "first_move_s": round(moved, 3),
                         "first_move_exact": was_exact, "first_move_empties": count}
            times.append(moved)
            exact.append(bool(was_exact))
            if checker is not None:
                losses.append(loss(checker, state, action))
        entry = {"positions": len(times), "exact": round(sum(exact) / len(exact), 3),
                 "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3)}
        if losses:
            entry["optimal"] = round(sum(d == 0 for d in losses) / len(losses), 3)
            entry["worst_loss"] = max(losses)
        report[str(count)] = entry
        if not args.json:
            print(f"{count} empties: " + ", ".join(f"{k} {v}" for k, v in entry.items()), flush=True)
    report["first"] = first
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(", ".join(f"{k} {v}" for k, v in first.items()))


if __name__ == "__main__":
    main()
