"""2048 AI levels, from a greedy tile-pusher to a deep expectimax player.

1 Greedy: plays the move that scores the most points right now (random among ties).
2 Tidy: looks one move ahead and keeps the board tidy (the row heuristic of heuristic.py).
3 Planner: expectimax two moves deep, averaging over the random tile in between.
4 Master: expectimax whose depth grows with the number of distinct tiles on the board, branches
  below a probability threshold cut, a transposition cache, and a node budget that keeps a move
  under ~100 ms; this one reaches 2048 nearly always.

Every player has ``choose(state) -> action``, ``hint(state) -> ExpectedValueHint`` (the best move,
each legal move's expected value as this level sees it, and texts for the hint panel) and ``stop()``, which another thread may call to
make a running search return at once with its best answer so far.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from tui_games.core.errors import IllegalActionError
from tui_games.core.hints import Hint
from tui_games.core.words import counted
from tui_games.games.g2048 import rules, search

@dataclass(frozen=True)
class SearchSettings:
    """How deep a level searches: ``min_depth``..``max_depth`` moves, the depth being the number
    of distinct tiles minus ``depth_offset`` within those bounds; ``threshold`` cuts unlikely
    branches; ``node_budget`` caps the nodes of one search (then a shallower answer is used)."""

    min_depth: int
    max_depth: int
    depth_offset: int
    threshold: float
    node_budget: int

    def depth_for(self, board: int) -> int:
        """The search depth (moves, the first included) for a packed board."""
        wanted = rules.count_distinct_tiles(board) - self.depth_offset
        return max(self.min_depth, min(self.max_depth, wanted))


LEVEL_SETTINGS = {
    2: SearchSettings(min_depth=1, max_depth=1, depth_offset=0, threshold=0.0, node_budget=1 << 40),
    3: SearchSettings(min_depth=2, max_depth=2, depth_offset=0, threshold=0.0, node_budget=1 << 40),
    4: SearchSettings(min_depth=3, max_depth=8, depth_offset=2, threshold=1e-4, node_budget=60_000),
}
"""The searching levels; level 1 is the greedy player and searches nothing."""


@dataclass
class ExpectedValueHint(Hint):
    """A :class:`~tui_games.core.hints.Hint` that also keeps the numbers behind its texts:
    ``expected[move]`` for each legal move, higher is better (points for the greedy level, the
    search's expected heuristic value otherwise, comparable only within one position)."""

    expected: dict[int, float] = field(default_factory=dict)


def _describe(expected: dict[int, float], best: int, unit: str) -> dict[int, str]:
    """Texts for the hint panel: points for the greedy level, else each move's expected value as a
    percentage of the best move's (the summary says so)."""
    if unit == "points":
        return {move: f"+{value:.0f} points" for move, value in expected.items()}
    top = expected[best]
    texts = {}
    for move, value in expected.items():
        if move == best:
            texts[move] = "best"
        elif value <= 0.0:
            texts[move] = "loses"
        else:
            texts[move] = f"{100.0 * value / top:.1f}%"
    return texts


def _packed_board(state) -> int:
    cells = np.asarray(state.array[rules.CELLS:rules.CELLS + rules.NUM_CELLS], dtype=np.int64)
    return int(rules.pack_cells(cells))


def _require_player_turn(state) -> None:
    if state.is_terminal:
        raise IllegalActionError("the game is over: there is no move to choose")
    if state.current_player != 0:
        raise IllegalActionError("a random tile is due: resolve the chance node before asking the AI")


class G2048Player:
    """An AI player of one level; ``choose`` is deterministic given the seed and the position."""

    def __init__(self, level: int, seed: int = 0):
        self.level = level
        self.seed = seed
        self.settings = LEVEL_SETTINGS.get(level)
        self.tables = search.tables(cache_bits=20 if level >= 4 else 12)
        self.control = np.zeros(search.CONTROL_SIZE, dtype=np.int64)
        """The search's control array (engine/stopflag.py layout); :meth:`stop` sets its STOP."""
        self._generation = 0
        self._rng = np.random.default_rng(int(seed) % 2**63)  # any seed, negative ones included
        self.last_depth = 0
        """Depth (in moves) of the last finished search, for statistics and tests."""
        self.last_nodes = 0
        """Nodes visited by the last search."""

    def stop(self) -> None:
        """Ask a running ``choose``/``hint`` (in another thread) to return as soon as it can.

        The answer is then the deepest search finished so far (always a legal move). The flag is
        lowered when that call returns; raised while no search runs, it makes the next one quick.
        """
        self.control[search.STOP] = 1

    def choose(self, state) -> int:
        """A legal move for ``state`` (the player must be to move)."""
        return self.hint(state).best

    def hint(self, state) -> ExpectedValueHint:
        """Each legal move's value as this level judges it, and the move it would play."""
        _require_player_turn(state)
        board = _packed_board(state)
        try:
            if self.settings is None:
                return self._greedy_hint(board)
            return self._search_hint(board)
        finally:
            self.control[search.STOP] = 0

    def _greedy_hint(self, board: int) -> ExpectedValueHint:
        left, right, gain = self.tables.left, self.tables.right, self.tables.gain
        values = {move: float(rules.move_gain(board, move, gain)) for move in range(rules.NUM_MOVES)
                  if rules.move_board(board, move, left, right) != board}
        best = int(search.greedy_move(board, left, right, gain, int(self._rng.integers(1 << 62))))
        return ExpectedValueHint(best, _describe(values, best, "points"), "points scored by each move now",
                                 values)

    def _search_hint(self, board: int) -> ExpectedValueHint:
        """Iterative deepening up to the level's depth; the deepest finished search answers."""
        settings = self.settings
        target = settings.depth_for(board)
        self._generation += 1
        control = self.control
        control[search.ABORTED:] = 0  # a stop raised before this search still counts
        control[search.BUDGET] = settings.node_budget
        control[search.GENERATION] = self._generation
        values = np.zeros(rules.NUM_MOVES, dtype=np.float64)
        answer = None
        for depth in range(min(settings.min_depth, 2), target + 1):
            best = int(search.score_moves(board, depth, settings.threshold, self.tables, control,
                                          values))
            aborted = bool(control[search.ABORTED])
            if aborted and answer is not None:
                break
            answer = (best, values.copy(), depth)
            if aborted:
                break
        best, found, self.last_depth = answer
        if best < 0:
            raise IllegalActionError("no move is possible: the game is over")
        self.last_nodes = int(control[search.NODES])
        legal = {move: float(found[move]) for move in range(rules.NUM_MOVES) if found[move] >= 0.0}
        summary = f"{counted(self.last_depth, 'move')} deep; others as % of the best"
        return ExpectedValueHint(best, _describe(legal, best, "value"), summary, legal)


def make_ai(spec, level: int, seed: int = 0) -> G2048Player:
    """The AI player of ``level`` (1..4); the catalogue's ``spec.ai`` calls this."""
    return G2048Player(level, seed)
