"""Hex AI levels: what each strength means and the player that implements them.

1 Beginner  Monte Carlo search with 300 purely random playouts a move (no Hex knowledge).
2 Casual    3,000 playouts a move with RAVE, bridge-saving playouts and the sure-win / forced-block
            rules (search.py).
3 Club      the same search for half a second a move (about 10,000-50,000 playouts on 11x11).
4 Expert    the same search for two seconds a move; on boards up to 5x5 the exact solver instead
            (solver.py): a move that wins against any defence whenever there is one. On 6x6 to 8x8 it
            first gives the solver part of the time and plays a proven win when it finds one. Of the
            winning moves it plays the one that brings the win closest (finish.py), so a won game
            ends instead of filling the board.

Every level decides the swap (pie rule) from the opening values in openings.json (solved exactly
on small boards, measured by search on the others; scripts/hex_openings.py): it swaps when the
first stone wins for black. Opening a game with the pie rule it plays, where the openings are
solved, the losing stone with the fewest winning answers (the hardest to refute), and elsewhere a
stone whose value is as close to even as it can find, so that neither answer gives the opponent much.

Every player has ``choose(state) -> action``, ``hint(state)`` and ``stop()`` (safe from another
thread: a running search returns early and ``choose`` still answers with a legal move).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from tui_games.core.hints import Hint
from tui_games.engine.players import require_decision
from tui_games.engine.seeds import derive_seed
from tui_games.games.hex.finish import progress_order
from tui_games.games.hex.game import board_grid
from tui_games.games.hex.search import HexMcts, best_move
from tui_games.games.hex.solver import MAX_SOLVER_SIZE, WIN, HexSolver, centre_order

PERFECT_SIZE = 5
"""Boards up to this size are played perfectly by the top level (the solver always finishes)."""
SOLVER_SHARE = 0.4
"""On 6x6 to 8x8 the top level gives the solver this share of its time before searching."""
HINT_SECONDS = 2.0
"""Time a hint spends."""
HINT_MOVES = 6
"""A search's hint lists this many moves, the most searched."""


@dataclass(frozen=True)
class Level:
    """One AI strength: the search's budget and which Hex knowledge it uses."""

    playouts: int
    seconds: float | None = None
    bridges: bool = True
    knowledge: bool = True
    solver: bool = False
    explore: float = 0.05
    """UCT's exploration constant on top of the RAVE-blended win rate."""
    rave_bias: float = 1e-3
    """How fast RAVE's share fades as a move's own playouts accumulate (smaller: slower)."""


LEVELS = {
    1: Level(playouts=300, bridges=False, knowledge=False),
    2: Level(playouts=3_000),
    3: Level(playouts=10_000_000, seconds=0.5),
    4: Level(playouts=10_000_000, seconds=2.0, solver=True),
}


@lru_cache(maxsize=1)
def opening_values() -> dict[int, dict]:
    """{size: {"method": "solved" | "measured" | "solved, some measured", "values": [black's winning
    chance after black opens on each cell, no swap], "refutations": {cell: white's winning answers
    to that losing opening} where solved}} from openings.json."""
    text = resources.files("tui_games.games.hex").joinpath("openings.json").read_text(encoding="utf-8")
    return {int(size): entry for size, entry in json.loads(text)["sizes"].items()}


def opening_value(size: int, cell: int) -> float:
    """Black's winning chance after black's first stone on ``cell`` (1 or 0 where solved)."""
    return float(opening_values()[size]["values"][cell])


class HexPlayer:
    """Monte Carlo search (and, for the top level on small boards, the exact solver) at one level."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.settings = LEVELS[level]
        self.rng = random.Random(seed)
        self.seed = seed
        self._searches: dict[int, HexMcts] = {}
        self._solvers: dict[int, HexSolver] = {}
        self._stopped = False
        self.last_playouts = 0
        """Playouts of the last search (0 when the solver or the opening table chose)."""

    def stop(self) -> None:
        """Abort a running search or solve; choose() then answers with what it has."""
        self._stopped = True
        for searcher in list(self._searches.values()) + list(self._solvers.values()):
            searcher.stop()

    def _search(self, size: int) -> HexMcts:
        if size not in self._searches:
            s = self.settings
            self._searches[size] = HexMcts(board_grid(size), explore=s.explore, rave_bias=s.rave_bias,
                                           bridges=s.bridges, knowledge=s.knowledge,
                                           seed=derive_seed(self.seed, size, scale=7919))
        return self._searches[size]

    def _solver(self, size: int) -> HexSolver:
        if size not in self._solvers:
            self._solvers[size] = HexSolver(size)
        return self._solvers[size]

    # ----- openings and the swap -------------------------------------------------------------------
    def _swap_choice(self, state) -> int | None:
        """Swap when black's first stone is worth more than even to black; None when no swap is due."""
        if not state.swap_allowed:
            return None
        first = state.history[0]
        return state.swap_action if opening_value(state.size, first) > 0.5 else None

    def _opening(self, state) -> int | None:
        """With the pie rule on, black's first stone; None when this is not the first move or the rule
        is off. Where the openings are solved, a losing stone (a winning one would be swapped) with
        the fewest winning answers for white, the hardest to refute; elsewhere a stone whose value
        is nearest even, at random among the few nearest (the slightly losing side preferred)."""
        if state.ply != 0 or not state.swap_rule:
            return None
        entry = opening_values()[state.size]
        refutations = {int(cell): count for cell, count in entry.get("refutations", {}).items()}
        if refutations:
            fewest = min(refutations.values())
            return self.rng.choice(sorted(cell for cell, count in refutations.items() if count == fewest))
        values = entry["values"]
        centrality = {int(cell): rank for rank, cell in enumerate(centre_order(state.size))}
        ranked = sorted(range(len(values)), key=lambda c: (abs(values[c] - 0.5), values[c], centrality[c]))
        best = abs(values[ranked[0]] - 0.5)
        close = [cell for cell in ranked if abs(values[cell] - 0.5) <= best + 0.02 and values[cell] <= 0.5
                 or cell == ranked[0]][:4]
        return self.rng.choice(close)

    # ----- search ---------------------------------------------------------------------------------------
    def _solved_move(self, state, seconds: float | None) -> int | None:
        """A move the solver proves winning (within ``seconds``), the one that brings the win closest
        (tried first, see finish.py), or None."""
        order = progress_order(state, _empty_cells(state), centre_order(state.size))
        results = self._solver(state.size).move_results(state, seconds, every_move=False, order=order)
        winning = [cell for cell, result in results.items() if result == WIN]
        return winning[0] if winning else None

    @staticmethod
    def _finishing_move(state, stats, proven: int) -> int:
        """The search's move; in a proven win, of the moves proven winning the one that brings the win
        closest (finish.py)."""
        winners = [cell for cell, (_, value) in stats.items() if value == 1.0] if proven == 1 else []
        if winners:
            return progress_order(state, winners)[0]
        return best_move(stats, proven)

    def _mcts(self, state, seconds: float | None):
        searcher = self._search(state.size)
        last = state.last_cell if state.last_cell is not None else -1
        stats, proven = searcher.search(state.owners, state.current_player, last, self.settings.playouts, seconds)
        self.last_playouts = searcher.playouts
        return stats, proven

    def choose(self, state) -> int:
        """The level's move (or the swap)."""
        legal = require_decision(state)
        self._stopped = False
        self.last_playouts = 0
        if len(legal) == 1:
            return legal[0]
        for rule in (self._swap_choice, self._opening):
            choice = rule(state)
            if choice is not None:
                return choice
        seconds = self.settings.seconds
        if self.settings.solver and state.size <= MAX_SOLVER_SIZE:
            perfect = state.size <= PERFECT_SIZE
            move = self._solved_move(state, None if perfect else (seconds or 1.0) * SOLVER_SHARE)
            if move is not None:
                return move
            if seconds is not None and not perfect:
                seconds *= 1.0 - SOLVER_SHARE
        if self._stopped:
            return legal[0]
        stats, proven = self._mcts(state, seconds)
        return self._finishing_move(state, stats, proven)

    def hint(self, state) -> Hint:
        """On small boards every move's exact result; otherwise the win rates and playouts of the moves
        the search looked at most."""
        require_decision(state)
        swap = self._swap_choice(state)
        if state.size <= PERFECT_SIZE and swap is None:
            results = self._solver(state.size).move_results(state, HINT_SECONDS)
            if results and len(results) == len([a for a in state.legal_actions() if a != state.swap_action]):
                values = {cell: "wins" if result == WIN else "loses" for cell, result in results.items()}
                winning = [cell for cell, result in results.items() if result == WIN]
                best = progress_order(state, winning)[0] if winning else self.choose(state)
                summary = ("you can force a win" if winning else "every move loses against perfect play")
                return Hint(best, values, summary)
        stats, proven = self._mcts(state, HINT_SECONDS)
        best = swap if swap is not None else best_move(stats, proven)
        searched = sorted(stats, key=lambda cell: -stats[cell][0])[:HINT_MOVES]
        values = {cell: f"{100 * stats[cell][1]:.0f}% ({stats[cell][0]})" for cell in searched}
        if swap is not None:
            values[state.swap_action] = "swap: the first stone favours its owner"
        if proven:
            summary = "a proven win" if proven == 1 else "a proven loss"
        else:
            summary = f"win rate (playouts) of the {len(searched)} moves searched most, of {self.last_playouts}"
        return Hint(best, values, summary)


def _empty_cells(state) -> list[int]:
    """The empty cells of ``state``, in reading order."""
    return [int(cell) for cell in np.flatnonzero(state.owners == 0)]


def make_ai(spec, level: int, seed: int = 0) -> HexPlayer:
    """The AI player for ``level`` (1..4)."""
    return HexPlayer(level, seed)


__all__ = ["HexPlayer", "LEVELS", "Level", "make_ai", "opening_value", "opening_values"]
