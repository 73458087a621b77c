"""Measure Yavalath's first stones: the first player's score after its first stone on each cell.

For each class of cells alike under the hexagon's twelve symmetries (rotations and reflections: nine
classes on the side-5 board), self-play games between two forced-rules MCTS players (level 2's search,
``--playouts`` a move) start from the first stone on one cell of the class, without the swap; the
first player's score (win 1, draw 0.5, loss 0) is averaged over ``--games`` games and written for
every cell of the class to tui_games/games/yavalath/openings.json, which levels 3 and 4 read to
decide the swap and their first stone.

    python scripts/yavalath_openings.py [--games 24] [--playouts 500] [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from tui_games import catalog
from tui_games.games.yavalath import rules
from tui_games.games.yavalath.ai import Level, YavalathPlayer
from tui_games.games.yavalath.game import cell_name

OUT = Path(__file__).resolve().parents[1] / "tui_games" / "games" / "yavalath" / "openings.json"


def symmetry_classes() -> list[list[int]]:
    """The cells in classes alike under the hexagon's rotations and reflections, the centre first."""
    coords = rules.GRID.coords
    index = {coord: cell for cell, coord in enumerate(coords)}
    classes: list[list[int]] = []
    seen: set[int] = set()
    for cell, (q, r) in enumerate(coords):
        if cell in seen:
            continue
        orbit = set()
        for x, y, z in ((q, r, -q - r), (q, -q - r, r)):  # a reflection, then the six rotations of each
            for _ in range(6):
                orbit.add(index[(x, y)])
                x, y, z = -y, -z, -x
        seen |= orbit
        classes.append(sorted(orbit))
    return sorted(classes, key=lambda cells: (rules.GRID.distance(cells[0], index[(0, 0)]), cells[0]))


def first_player_score(spec, first: int, games: int, playouts: int, seed: int) -> float:
    """The first player's mean score after its first stone on ``first`` (self-play, no swap)."""
    total = 0.0
    for game in range(games):
        state = spec.new(seed=seed + game, players=2, swap="off")
        state.apply(first)
        players = [YavalathPlayer(2, seed + 7 * game + seat, Level(guided=True, playouts=playouts)) for seat in (0, 1)]
        while not state.is_terminal:
            state.apply(players[state.current_player].choose(state.clone()))
        total += (state.returns()[0] + 1) / 2
    return total / games


def render(document: dict) -> str:
    """The table as JSON with one line per class and the values in rows of the board."""
    classes = ",\n".join("  " + json.dumps(entry) for entry in document["classes"])
    values = document["values"]
    rows = ",\n".join("  " + ", ".join(json.dumps(values[cell]) for cell in row) for row in rules.GRID.rows)
    return (f'{{"about": {json.dumps(document["about"])},\n "method": {json.dumps(document["method"])},\n'
            f' "classes": [\n{classes}\n ],\n "values": [\n{rows}\n ]}}\n')


def main() -> None:
    """Measure every class and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--playouts", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    spec = catalog.get("yavalath")
    values = [0.0] * rules.N_CELLS
    classes = []
    for cells in symmetry_classes():
        started = time.perf_counter()
        score = first_player_score(spec, cells[0], args.games, args.playouts, args.seed)
        for cell in cells:
            values[cell] = round(score, 4)
        names = [cell_name(cell) for cell in cells]
        classes.append({"cells": names, "score": round(score, 4)})
        print(f"{names[0]} and {len(cells) - 1} alike: {score:.3f} ({time.perf_counter() - started:.0f} s)", flush=True)
    document = {
        "about": ("the first player's score (win 1, draw 0.5, loss 0) after its first stone on each cell "
                  "(index row by row from a1), no swap; regenerate with scripts/yavalath_openings.py"),
        "method": (f"forced-rules MCTS self-play, {args.playouts} playouts a move, {args.games} games a class "
                   f"(95% margin about +-{0.98 / args.games ** 0.5:.2f})"),
        "classes": classes,
        "values": values,
    }
    args.out.write_text(render(document), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
