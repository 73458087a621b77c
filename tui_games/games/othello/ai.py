"""Othello AI levels: what each strength means and the players that implement them.

1 Beginner  turns over as many discs as it can, and one move in three is random.
2 Casual    the engine's alpha-beta, 2 plies deep, on the classical evaluation (mobility, corners,
            edges), choosing at random among the moves within 3 discs of the best.
3 Club      the same search 4 plies deep, choosing among the moves within half a disc of the best.
4 Expert    iterative-deepening alpha-beta on the board bits with the learned pattern evaluation
            (patterns.py, fitted by scripts/othello_weights.py) for about a second per move, and the
            exact endgame solver once 20 or fewer squares are empty: from there it plays a
            perfect move (the best final disc difference) whenever the solve ends in the time
            (a tenth of it goes to a search first, whose move it plays otherwise). Given less
            time per move it tries the solve from fewer empty squares (see solve_limit).

Every player has ``choose(state) -> action`` and ``stop()`` (safe from another thread: a running
search returns early and ``choose`` still answers with a legal move); the Expert also gives hints
and has ``prepare()``, which loads its tables and kernels before any move's clock runs (its first
move prepares when nothing did before).
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from tui_games.core.hints import Hint
from tui_games.engine.deepening import deepen
from tui_games.engine.players import NegamaxPlayer, WarmUp, require_decision, with_helpers
from tui_games.engine.stopflag import StopFlag
from tui_games.games.othello import patterns, rules, search, solver
from tui_games.games.othello.bits import after_move, flip_bits, move_bits
from tui_games.games.othello.game import KERNELS, boards_from_position
from tui_games.games.othello.spec import START_POSITION

SEARCH_LEVELS = {2: dict(depth=2, tolerance=3.0), 3: dict(depth=4, tolerance=0.5)}
"""Levels played by the engine's negamax on the classical evaluation: depth and how far below the
best value a move may be and still be chosen (in discs)."""
MOVE_SECONDS = 1.0
"""The Expert's time per move."""
SOLVE_EMPTIES = 20
"""The Expert solves the endgame exactly from this many empty squares down."""
HINT_SECONDS = 2.0
"""Time the hint spends (the exact scores of every move near the end, a deep search before)."""
MAX_DEPTH = 60
FALLBACK_SHARE = 0.1
"""Near the end the Expert first spends this share of its time on a search whose move it plays if
the exact solve does not finish in the rest."""
ESTIMATE_DEPTH = 8
"""Depth of the search that guesses a position's score for a solve given no guess (an even depth:
the odd ones that the move's search often ends on lean towards the side to move)."""
WARM_UP_EMPTIES = 14
"""Empty squares of the position the Expert's solver warms up on (a solve of a few milliseconds)."""


def solve_limit(most: int, seconds: float) -> int:
    """The most empty squares at which to try the exact solve in ``seconds``: ``most`` with a second
    or more, about three fewer for each tenth of that (the solve takes some three times longer for
    each empty square more, and a solve that does not finish wastes its time)."""
    return min(most, SOLVE_EMPTIES + math.floor(3.3 * math.log10(max(seconds, 1e-3))))


def warm_up_boards(empties: int) -> tuple[np.uint64, np.uint64]:
    """(mover, opponent) of a fixed position with ``empties`` empty squares where the mover has a
    move: the start, each side playing its lowest-numbered move (passing when it must)."""
    black, white, _ = boards_from_position(START_POSITION)
    mover, opponent = np.int64(black).view(np.uint64), np.int64(white).view(np.uint64)
    while True:
        moves = move_bits(mover, opponent)
        if not moves:
            mover, opponent = opponent, mover
            continue
        if 64 - bin(int(mover | opponent)).count("1") <= empties:
            return mover, opponent
        child = after_move((int(moves) & -int(moves)).bit_length() - 1, mover, opponent)
        mover, opponent = np.uint64(child[0]), np.uint64(child[1])


def boards(state) -> tuple[np.uint64, np.uint64]:
    """(mover, opponent) boards of the side to move, as uint64."""
    player = state.current_player
    array = state.array
    return (array[rules.BLACK_DISCS + player].view(np.uint64),
            array[rules.BLACK_DISCS + 1 - player].view(np.uint64))


NO_TABLES = np.zeros((1, 1), np.float32)
"""What the search kernels get instead of pattern tables: the classical search needs none, and the
solver then orders its moves without the learned evaluation."""


@lru_cache(maxsize=1)
def shipped_weights() -> np.ndarray:
    """The pattern weights shipped with the game, as fitted (loaded once)."""
    return patterns.load_weights()


@lru_cache(maxsize=1)
def shipped_tables() -> np.ndarray:
    """The shipped weights folded for the searches (:func:`patterns.evaluation_tables`, done once)."""
    return patterns.evaluation_tables(shipped_weights())


def tables_for(weights: np.ndarray | None) -> np.ndarray:
    """The search tables of fitted ``weights`` (None: the shipped ones; another shape passes through)."""
    return shipped_tables() if weights is None else patterns.evaluation_tables(weights)


def describe_exact(score: int) -> str:
    """An exact final disc difference for the mover as words: 'win by 6', 'draw', 'loss by 4'."""
    if score > 0:
        return f"win by {score}"
    if score < 0:
        return f"loss by {-score}"
    return "draw"


@dataclass
class OthelloHint(Hint):
    """The core hint plus ``scores`` (per move, in discs for the mover) and ``exact`` (True when they
    are exact final disc differences, False for evaluations of a depth-limited search)."""

    scores: dict[int, float] = field(default_factory=dict)
    exact: bool = False


@dataclass
class Scored:
    """What a search found: every scored move with its value, the depth reached, the nodes searched,
    and whether the values are exact final disc differences."""

    values: dict[int, float]
    depth: int
    nodes: int
    exact: bool
    best_action: int
    """The move the search found best (other moves' values may be bounds equal to its value)."""


class EndgameSolver:
    """The exact solver with its transposition table and stop flag (kept between moves); the fitted
    pattern ``weights`` (default: the shipped ones; :data:`NO_TABLES` for none) help it order moves
    far from the end and guess scores. A solve runs in ``threads`` threads sharing the table
    (default: 2, or 1 on a one-core machine)."""

    def __init__(self, table_bits: int = solver.TABLE_BITS, weights: np.ndarray | None = None,
                 threads: int | None = None) -> None:
        self.tables = tables_for(weights)
        self.table = solver.new_table(table_bits)
        self.threads = threads if threads is not None else min(2, os.cpu_count() or 1)
        if self.threads < 1:
            raise ValueError(f"threads must be at least 1 (got {self.threads})")
        self.flag = StopFlag()
        self._lock = threading.Lock()

    def stop(self) -> None:
        """Abort a running solve (callable from any thread)."""
        self.flag.set()

    def warm_up(self) -> None:
        """Compile or load every solver kernel (small solves on a throw-away table), so that the
        first real solve spends its time solving."""
        mover, opponent = warm_up_boards(WARM_UP_EMPTIES)
        table = solver.new_table(10)
        for exact_all in (False, True):
            self._solve_moves(mover, opponent, exact_all, self.estimate(mover, opponent), np.empty(64, np.int64),
                              np.empty(64, np.int64), table, StopFlag(), np.zeros(2, np.int64))
        solver.solve(mover, opponent, 0, self.tables, table, StopFlag().array, np.zeros(2, np.int64))

    def estimate(self, mover, opponent) -> int:
        """A guess of the exact score (a short search with the evaluation, shallower near the end
        where solving costs little): the solve's first test."""
        kind = search.PATTERNS if self.tables.shape[0] == patterns.PHASES else search.CLASSIC
        depth = min(ESTIMATE_DEPTH, max(64 - bin(int(mover | opponent)).count("1") - 10, 0))
        out = np.zeros(1)
        search.position_values(np.array([mover], np.uint64), np.array([opponent], np.uint64), depth, kind,
                               self.tables, out)
        return int(round(out[0]))

    def solve(self, mover, opponent, exact_all: bool = False, seconds: float | None = None,
              guess: float | None = None) -> Scored | None:
        """Every move's exact score (``exact_all``) or the best move and its exact score; None if
        stopped or out of time. A ``guess`` of the score (default: :meth:`estimate`) saves time
        the closer it is. The side to move must have a move."""
        with self._lock:
            self.flag.clear()
            squares = np.empty(64, np.int64)
            scores = np.empty(64, np.int64)
            counters = np.zeros(2, np.int64)
            with self.flag.deadline(seconds):
                first = self.estimate(mover, opponent) if guess is None else int(round(guess))
                n = self._solve_moves(mover, opponent, exact_all, first, squares, scores, self.table, self.flag,
                                      counters)
            if self.flag.aborted:
                return None
            values = {int(squares[i]): float(scores[i]) for i in range(n)}
            return Scored(values, 64, int(counters[0]), True, int(squares[0]))

    def _solve_moves(self, mover, opponent, exact_all: bool, guess: int, squares, scores, table, flag: StopFlag,
                     counters) -> int:
        """solver.solve_moves in this thread, helped by ``threads - 1`` others until it is done."""
        busy = solver.new_busy(self.threads > 1)
        return with_helpers(
            lambda: solver.solve_moves(mover, opponent, exact_all, guess, squares, scores, self.tables, table, busy,
                                       flag.array, counters),
            lambda control: solver.help_solve(mover, opponent, exact_all, guess, self.tables, table, busy, control,
                                              np.zeros(2, np.int64)),
            self.threads - 1)

    def value(self, mover, opponent) -> int:
        """The exact score of a position for the side to move (however long it takes)."""
        with self._lock:
            self.flag.clear()
            counters = np.zeros(2, np.int64)
            return int(solver.solve(mover, opponent, self.estimate(mover, opponent), self.tables, self.table,
                                    self.flag.array, counters))


class BoardSearch:
    """Iterative-deepening alpha-beta on the board bits with one evaluation: the classical one, or
    the learned patterns with the fitted ``weights`` (default: the shipped ones)."""

    def __init__(self, kind: int, weights: np.ndarray | None = None, table_bits: int = search.TABLE_BITS):
        self.kind = kind
        self.tables = tables_for(weights) if kind == search.PATTERNS else NO_TABLES
        self.table = search.new_table(table_bits)
        self.flag = StopFlag()
        self._lock = threading.Lock()

    def stop(self) -> None:
        """Abort a running search (it answers with the last depth it finished)."""
        self.flag.set()

    def warm_up(self) -> None:
        """Compile or load the search kernel (a shallow search on a throw-away table), so that the
        first real search spends its time searching."""
        mover, opponent = warm_up_boards(50)
        search.search_moves(mover, opponent, 3, True, self.kind, self.tables, np.empty(64, np.int64),
                            np.empty(64, np.float64), *search.new_table(8), StopFlag().array, np.zeros(2, np.int64))

    def search(self, mover, opponent, seconds: float | None, max_depth: int = MAX_DEPTH,
               exact_all: bool = False) -> Scored:
        """Search deeper and deeper until ``max_depth``, the end of the game or half the time is
        gone; the side to move must have a move."""
        squares = np.empty(64, np.int64)
        values = np.empty(64, np.float64)
        counters = np.zeros(2, np.int64)
        empties = 64 - bin(int(mover | opponent)).count("1")
        legal = bin(int(move_bits(mover, opponent))).count("1")

        def one_depth(depth: int) -> Scored | None:
            n = search.search_moves(mover, opponent, depth, exact_all, self.kind, self.tables, squares,
                                    values, *self.table, self.flag.array, counters)
            if n < legal:  # stopped before every move was scored: this depth is not done
                return None
            scored = {int(squares[i]): float(values[i]) for i in range(n)}
            return Scored(scored, depth, int(counters[0]), depth >= empties, int(squares[0]))

        with self._lock:
            result = deepen(one_depth, min(max_depth, max(empties, 1)), self.flag, seconds,
                            lambda found: found.exact)
            if result is None:  # stopped before one ply was done (or a cold start ate the time)
                self.flag.clear()
                result = one_depth(1)
        assert result is not None, "a one-ply search cannot fail"
        return result


class GreedyPlayer:
    """Level 1: the move that turns over the most discs; one move in three at random."""

    def __init__(self, level: int, seed: int) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, state) -> int:
        """A legal action for the side to move."""
        legal = require_decision(state)
        if legal == [rules.PASS] or self.rng.random() < 1 / 3:
            return self.rng.choice(legal)
        mover, opponent = boards(state)
        flips = {a: bin(int(flip_bits(a, mover, opponent))).count("1") for a in legal}
        most = max(flips.values())
        return self.rng.choice([a for a in legal if flips[a] == most])

    def stop(self) -> None:
        """Nothing to stop: choosing is instant."""


class ExpertPlayer:
    """Level 4: the learned evaluation's search, and the exact solver near the end (see above)."""

    def __init__(self, level: int, seed: int, seconds: float = MOVE_SECONDS, solve_empties: int = SOLVE_EMPTIES,
                 weights: np.ndarray | None = None, kind: int = search.PATTERNS) -> None:
        self.level = level
        self.seconds = seconds
        self.solve_empties = solve_empties
        self.searcher = BoardSearch(kind, weights)
        self.solver = EndgameSolver(weights=weights)
        self.last: Scored | None = None
        """What the last choose() found (values, depth, nodes, exact), for benchmarks and hints."""
        self._stopped = False
        self._warm_up = WarmUp(self._warm_up_steps)

    def _warm_up_steps(self) -> None:
        self.searcher.warm_up()
        self.solver.warm_up()

    def prepare(self, state=None) -> None:
        """Load and compile everything choose() and hint() use, once (``state`` is not needed)."""
        self._warm_up()

    def stop(self) -> None:
        """Abort a running choose() or hint() (it answers with what it has)."""
        self._stopped = True
        self.searcher.stop()
        self.solver.stop()

    def analyse(self, state, seconds: float, exact_all: bool = False) -> Scored:
        """Search ``state`` for about ``seconds``: the depth-limited search, and when few squares are
        empty the exact solver too (its answer wins when it finishes in time)."""
        self._stopped = False
        self.prepare()
        mover, opponent = boards(state)
        if self._stopped:  # while preparing: answer at once
            return self.searcher.search(mover, opponent, None, max_depth=1, exact_all=exact_all)
        if 64 - bin(int(mover | opponent)).count("1") > solve_limit(self.solve_empties, seconds):
            return self.searcher.search(mover, opponent, seconds, exact_all=exact_all)
        started = time.perf_counter()
        fallback = self.searcher.search(mover, opponent, seconds * FALLBACK_SHARE, exact_all=exact_all)
        if fallback.exact or self._stopped:
            return fallback
        left = seconds - (time.perf_counter() - started)
        solved = self.solver.solve(mover, opponent, exact_all, left) if left > 0 else None
        return solved if solved is not None else fallback

    def choose(self, state) -> int:
        """The best move found in the time (a perfect one when the endgame is solved)."""
        legal = require_decision(state)
        if len(legal) == 1:
            return legal[0]
        self.last = self.analyse(state, self.seconds)
        return self.last.best_action

    def hint(self, state, seconds: float = HINT_SECONDS) -> OthelloHint:
        """Every move's value: the exact final disc difference near the end, else the search's
        estimate (in discs, for the side to move)."""
        legal = require_decision(state)
        if legal == [rules.PASS]:
            return OthelloHint(best=rules.PASS, values={rules.PASS: "forced"}, summary="no move: you must pass")
        found = self.analyse(state, seconds, exact_all=True)
        hint = OthelloHint(best=found.best_action, scores=dict(found.values), exact=found.exact)
        for action, value in found.values.items():
            hint.values[action] = describe_exact(int(value)) if found.exact else f"{value:+.1f}"
        hint.summary = ("exact: final disc difference with best play" if found.exact else
                        f"estimated final disc difference, searched {found.depth} "
                        f"{'move' if found.depth == 1 else 'moves'} ahead")
        return hint


def make_ai(spec, level: int, seed: int = 0):
    """The AI player of strength ``level`` (1..4, see the module docstring)."""
    if level == 1:
        return GreedyPlayer(level, seed)
    if level in SEARCH_LEVELS:
        return NegamaxPlayer(KERNELS, level, seed=seed, **SEARCH_LEVELS[level])
    if level == spec.max_level:
        return ExpertPlayer(level, seed)
    raise ValueError(f"Othello has AI levels 1..{spec.max_level} (got {level})")


__all__ = ["NO_TABLES", "BoardSearch", "EndgameSolver", "ExpertPlayer", "GreedyPlayer", "OthelloHint", "Scored",
           "boards", "describe_exact", "make_ai", "shipped_tables", "shipped_weights", "tables_for", "warm_up_boards"]
