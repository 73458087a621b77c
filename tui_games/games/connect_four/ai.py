"""Connect Four AI levels: what each strength means and the players that implement them.

1 Novice   takes a win in one, blocks a win in one, otherwise a random column that does not hand
           the opponent a win at once.
2 Casual   2-ply alpha-beta on the threat heuristic, with large random noise on the move values.
3 Club     5-ply alpha-beta, moderate noise.
4 Expert   9-ply alpha-beta, slight noise (only to break ties).
5 Perfect  the exact solver (solver.py) with the opening book (book.py): from any position a move
           with the best exact score, so a won game is won as fast as possible, a drawn one stays
           drawn and a lost one lasts as long as possible.

Every player has ``choose(state) -> column``, ``hint(state) -> Hint``, ``stop()`` (safe from
another thread: the running search returns early and ``choose`` still answers with a legal move)
and ``prepare()``, which compiles or loads the kernels its moves use (on a position of its own),
so that the first move spends its time searching; ``choose`` and ``hint`` prepare first when
nothing did before.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field

import numpy as np

from tui_games.core.errors import IllegalActionError
from tui_games.core.hints import Hint
from tui_games.engine.players import WarmUp, with_helpers
from tui_games.games.connect_four import rules, search, solver
from tui_games.games.connect_four.book import OpeningBook

SEARCH_LEVELS = {2: (2, 60.0), 3: (5, 20.0), 4: (9, 0.5)}
"""level -> (search depth in plies, standard deviation of the noise added to each move's value)."""

HINT_SECONDS = 2.0
"""Default time the perfect player's hint spends, once it knows the best column, on the outcomes
and exact scores of the other columns."""

OUTCOME_WORDS = {1: "wins", 0: "draws", -1: "loses"}
"""Hint labels of a column whose outcome, but not exact score, is known."""

WARM_UP_MOVES = "777316561143472433623122554266"
"""The columns (1-7) of the fixed game whose position the players warm up on: 30 stones, no four,
past the book, solved exactly in moments."""


def describe_score(score: int, moves: int) -> str:
    """A Pons score for the side to move as words: 'win in 3', 'draw', 'loss in 5'.

    'win in N' means the mover's N-th stone from now completes a four against any defence;
    'loss in N' means the opponent's N-th stone from now does, however the mover defends.
    """
    if score == 0:
        return "draw"
    if score > 0:
        return f"win in {(rules.CELLS // 2 + 1 - score) - moves // 2}"
    return f"loss in {(rules.CELLS // 2 + 1 + score) - (moves + 1) // 2}"


@dataclass
class ConnectFourHint(Hint):
    """The core hint (``best`` and ``values``: a label per playable column, e.g. 'win in 3') plus
    ``scores``: per column an exact Pons score for the perfect player (None where the time ran out),
    a heuristic search value for the other levels; ``exact`` says whether the scores are exact."""

    scores: dict[int, float | int | None] = field(default_factory=dict)
    exact: bool = False

    def set(self, column: int, score: float | int | None, label: str) -> None:
        """Record one column's score and its label."""
        self.scores[column] = score
        self.values[column] = label


def _check_playable(state) -> None:
    if state.is_terminal:
        raise IllegalActionError("the game is over: there is no move to choose")


def warm_up_state():
    """The position the players warm up on (:data:`WARM_UP_MOVES` played from the empty board)."""
    from tui_games import catalog

    state = catalog.get("connect-four").new()
    for column in WARM_UP_MOVES:
        state.apply(int(column) - 1)
    return state


class _Player:
    """Shared parts: the level, a seeded random generator, the stop flag polled by kernels, and the
    one-time warm-up (:meth:`prepare`)."""

    def __init__(self, level: int, seed: int):
        self.level = level
        self.seed = seed
        self.rng = np.random.default_rng(seed % 2**64)  # any integer seed, negative ones too
        self.control = solver.new_control()
        self._warm_up = WarmUp(self._warm_up_steps)

    def stop(self) -> None:
        """Ask a running search to return early (callable from any thread)."""
        self.control[solver.STOP] = 1

    def prepare(self, state=None) -> None:
        """Compile or load every kernel this level's moves and hints use, once (``state`` is not
        needed: the warm-up plays on a position of its own, with throw-away tables)."""
        self._warm_up()

    def _warm_up_steps(self) -> None:
        state = warm_up_state()
        position, mask = int(state.array[rules.POSITION]), int(state.array[rules.MASK])
        rules.winning_cells(position, mask)
        rules.non_losing_moves(position, mask)
        _drop_bit(mask, 0)

    def _start(self) -> None:
        self.control[:] = 0


class NovicePlayer(_Player):
    """Level 1: wins or blocks in one, otherwise a random column that does not lose at once."""

    def choose(self, state) -> int:
        """A legal column for the side to move."""
        _check_playable(state)
        self.prepare()
        position, mask = int(state.array[rules.POSITION]), int(state.array[rules.MASK])
        legal = state.legal_actions()
        winning = [c for c in legal if rules.winning_cells(position, mask) & _drop_bit(mask, c)]
        if winning:
            return int(self.rng.choice(winning))
        safe_bits = rules.non_losing_moves(position, mask)
        safe = [c for c in legal if safe_bits & _drop_bit(mask, c)]
        return int(self.rng.choice(safe or legal))

    def hint(self, state) -> ConnectFourHint:
        """Which columns win at once, and which hand the opponent a win."""
        _check_playable(state)
        position, mask = int(state.array[rules.POSITION]), int(state.array[rules.MASK])
        safe_bits = rules.non_losing_moves(position, mask)
        win_bits = rules.winning_cells(position, mask)
        hint = ConnectFourHint(best=self.choose(state), summary="immediate threats only")
        for column in state.legal_actions():
            bit = _drop_bit(mask, column)
            if win_bits & bit:
                hint.set(column, 1.0, "wins now")
            elif safe_bits & bit:
                hint.set(column, 0.0, "safe")
            else:
                hint.set(column, -1.0, "loses")
        return hint


class SearchPlayer(_Player):
    """Levels 2-4: fixed-depth alpha-beta on the threat heuristic, plus Gaussian noise."""

    def __init__(self, level: int, seed: int, depth: int, noise: float):
        super().__init__(level, seed)
        self.depth = depth
        self.noise = noise

    def _warm_up_steps(self) -> None:
        super()._warm_up_steps()
        state = warm_up_state()
        search.column_values(state.array[rules.POSITION], state.array[rules.MASK], state.ply, 1,
                             np.zeros(rules.WIDTH, dtype=np.float64), solver.new_control())

    def values(self, state) -> np.ndarray:
        """Each column's searched value for the side to move (search.NOT_PLAYABLE if full)."""
        self.prepare()
        out = np.zeros(rules.WIDTH, dtype=np.float64)
        search.column_values(state.array[rules.POSITION], state.array[rules.MASK], state.ply,
                             self.depth, out, self.control)
        return out

    def choose(self, state) -> int:
        """The column with the best noisy value (a legal column even if stopped early)."""
        _check_playable(state)
        self._start()
        values = self.values(state)
        legal = state.legal_actions()
        if self.control[solver.ABORTED]:
            return int(self.rng.choice(legal))
        noisy = {c: values[c] + self.rng.normal(0.0, self.noise) for c in _centre_first(legal)}
        return max(noisy, key=noisy.get)

    def hint(self, state) -> ConnectFourHint:
        """The searched value of each column and the best one (without noise)."""
        _check_playable(state)
        self._start()
        values = self.values(state)
        legal = state.legal_actions()
        best = max(_centre_first(legal), key=lambda c: values[c])
        hint = ConnectFourHint(best=best, summary=f"{self.depth}-ply search")
        for column in legal:
            value = float(values[column])
            if value >= search.WIN:
                label = "wins"
            elif value <= -search.WIN:
                label = "loses"
            else:
                label = f"{value:+.0f}"
            hint.set(column, value, label)
        return hint


class PerfectPlayer(_Player):
    """Level 5: from any position a move with the best exact score: the fastest win, a draw, or in
    a lost position the slowest loss.

    The opening book answers early positions, by a row for the position itself or by rows for every
    position its moves lead to; elsewhere the exact solver runs, with its table kept between moves,
    in ``threads`` threads sharing the table (default: 2, or 1 on a one-core machine). Just past
    the book the rows of the positions one stone earlier still bound the score from below, and
    when one of them played the last move the score is known and the solver only looks for a move
    that keeps it (about a third of the nodes on hard nine-stone positions).
    """

    def __init__(self, level: int, seed: int, table_bits: int = solver.TABLE_BITS,
                 use_book: bool = True, time_limit: float | None = None, threads: int | None = None):
        super().__init__(level, seed)
        self.threads = threads if threads is not None else min(2, os.cpu_count() or 1)
        if self.threads < 1:
            raise ValueError(f"threads must be at least 1 (got {self.threads})")
        self.time_limit = time_limit
        """Seconds after which ``choose`` gives up solving and plays the 9-ply search's move instead
        (None, the default: never give up, so every move is optimal however long it takes)."""
        self.table = solver.new_table(table_bits)
        self.book = OpeningBook.load() if use_book else OpeningBook(np.zeros((0, 4), dtype=np.int64))
        self.fallback = SearchPlayer(level, seed, depth=9, noise=0.0)
        self._lock = threading.Lock()

    def stop(self) -> None:
        """Ask a running search to return early (callable from any thread)."""
        super().stop()
        self.fallback.stop()

    def _warm_up_steps(self) -> None:
        """The solver's kernels, in as many threads as a move uses, and those of the hint and of the
        fallback search, each on a small table of its own: the player's table stays untouched."""
        super()._warm_up_steps()
        state = warm_up_state()
        self.book_move(state)
        self.book.bound_from_parents(int(state.array[rules.POSITION]), int(state.array[rules.MASK]))
        position, mask = state.array[rules.POSITION], state.array[rules.MASK]
        table = solver.new_table(solver.MIN_TABLE_BITS)
        self._solve_with(state, -rules.CELLS, rules.CELLS, table, solver.new_control())
        solver.move_value(position, mask, state.ply, _centre_first(state.legal_actions())[0], -1, 1, table,
                          solver.new_control())
        self.fallback.prepare()

    def solve(self, state, low: int = -rules.CELLS, high: int = rules.CELLS) -> tuple[int, int]:
        """(optimal column, exact score) by the exact solver alone, in ``threads`` threads (column
        -1 if stopped early), given that the score lies in [low, high] (see solver.best_move_within:
        the closer the bounds, the less to search)."""
        _check_playable(state)
        self.prepare()
        with self._lock:
            return self._solve_with(state, low, high, self.table, self.control)

    def _solve_with(self, state, low: int, high: int, table: np.ndarray, control: np.ndarray) -> tuple[int, int]:
        position, mask = state.array[rules.POSITION], state.array[rules.MASK]
        result = np.zeros(2, dtype=np.int64)
        busy = solver.new_busy() if self.threads > 1 else solver.unshared_busy()
        with_helpers(
            lambda: solver.shared_best_move(position, mask, state.ply, low, high, result, table, control, busy),
            lambda helper_control: solver.helper_search(position, mask, state.ply, low, high, table, helper_control,
                                                        busy),
            self.threads - 1)
        return int(result[0]), int(result[1])

    def book_move(self, state) -> tuple[int, int] | None:
        """(optimal column, exact score) from the book, or None when it does not cover the position:
        its own exact row, or exact rows (or an immediate win) for every move."""
        entry = self.book.lookup(int(state.array[rules.POSITION]), int(state.array[rules.MASK]))
        if entry is not None and entry.exact and rules.can_play(int(state.array[rules.MASK]),
                                                                entry.column):
            return entry.column, entry.score
        known = self._book_replies(state, exact=True)
        legal = state.legal_actions()
        if not legal or any(column not in known for column in legal):
            return None
        best = max(_centre_first(legal), key=lambda column: known[column])
        return best, known[best]

    def best_move(self, state) -> tuple[int, int]:
        """(optimal column, exact score) from the book's exact rows, else from the exact solver
        (column -1 if stopped early), told what the rows of the positions one stone earlier say of
        the score (see OpeningBook.bound_from_parents): when one of them played the move that led
        here, the score is known and only a move that keeps it is searched for."""
        _check_playable(state)
        from_book = self.book_move(state)
        if from_book is not None:
            return from_book
        bound = self.book.bound_from_parents(int(state.array[rules.POSITION]),
                                             int(state.array[rules.MASK]))
        if bound is None:
            return self.solve(state)
        low, exact = bound
        return self.solve(state, low, low if exact else rules.CELLS)

    def choose(self, state) -> int:
        """An optimal column (if stopped early or past ``time_limit``: the 9-ply search's choice)."""
        self._start()
        self.prepare()
        timer = threading.Timer(self.time_limit, self.stop) if self.time_limit else None
        if timer is not None:
            timer.start()
        try:
            column, _ = self.best_move(state)
        finally:
            if timer is not None:
                timer.cancel()
        if column < 0:
            self.fallback.control[:] = 0
            return self.fallback.choose(state)
        return column

    def hint(self, state, seconds: float = HINT_SECONDS) -> ConnectFourHint:
        """An optimal column with its exact score (found as for a move, however long that takes),
        then within ``seconds`` each other column's outcome (win, draw or loss) and exact score,
        centre columns first.

        Columns left unsolved when time runs out have value None and label '?'. In a lost position
        the suggestion is the slowest loss. If stopped before the optimal column is known, the
        suggestion is the 9-ply search's.
        """
        _check_playable(state)
        self._start()
        self.prepare()
        legal = state.legal_actions()
        best, best_score = self.best_move(state)
        if best < 0:
            self._start()
            hint = ConnectFourHint(best=self.fallback.hint(state).best,
                                   summary="stopped before solving: 9-ply search suggestion")
            for column in legal:
                hint.set(column, None, "?")
            return hint
        timer = threading.Timer(seconds, self.stop)
        timer.start()
        try:
            outcomes = self._column_scores(state, -1, 1, self._book_replies(state, exact=False))
            solved = not self.control[solver.ABORTED]
            exact = (self._column_scores(state, -rules.CELLS, rules.CELLS,
                                         self._book_replies(state, exact=True)) if solved else None)
            exact_complete = solved and not self.control[solver.ABORTED]
        finally:
            timer.cancel()
        self._start()
        if exact_complete:
            hint = ConnectFourHint(best=best, exact=True, summary="exact solver")
            for column in legal:
                hint.set(column, int(exact[column]), describe_score(int(exact[column]), state.ply))
            return hint
        others = "outcome of the others" if solved else "some columns unsolved in the time allowed"
        hint = ConnectFourHint(best=best, summary=f"exact score of the suggestion; {others}")
        for column in legal:
            known = int(outcomes[column]) != solver.UNKNOWN
            outcome = int(np.sign(outcomes[column])) if known else None
            hint.set(column, outcome, OUTCOME_WORDS[outcome] if known else "?")
        hint.set(best, best_score, describe_score(best_score, state.ply))
        return hint

    def _book_replies(self, state, exact: bool) -> dict[int, int]:
        """Column -> score for the side to move, for the columns that win at once or lead to a
        position in the book: the negated exact score of that row (``exact``; rows with only an
        outcome are left out) or its outcome (1 win, 0 draw, -1 loss)."""
        known = {}
        for column in state.legal_actions():
            child = state.clone()
            child.apply(column)
            if child.is_terminal:
                if child.winner is not None:  # a four: the fastest possible win
                    known[column] = (rules.CELLS + 1 - state.ply) // 2 if exact else 1
                else:  # the board is full: a draw
                    known[column] = 0
                continue
            entry = self.book.lookup(int(child.array[rules.POSITION]), int(child.array[rules.MASK]))
            if entry is not None and (entry.exact or not exact):
                known[column] = -entry.score if exact else -entry.outcome
        return known

    def _column_scores(self, state, low: int, high: int, known: dict[int, int]) -> np.ndarray:
        """Each playable column's score clipped to [low, high] (see solver.move_value): ``known``
        ones as given, the others solved centre first until done or stopped (then UNKNOWN)."""
        out = np.full(rules.WIDTH, solver.UNKNOWN, dtype=np.int64)
        for column, score in known.items():
            out[column] = score
        position, mask = state.array[rules.POSITION], state.array[rules.MASK]
        with self._lock:
            for column in _centre_first(state.legal_actions()):
                if column in known:
                    continue
                value = solver.move_value(position, mask, state.ply, column, low, high,
                                          self.table, self.control)
                if self.control[solver.ABORTED]:
                    break
                out[column] = value
        return out


def _centre_first(columns: list[int]) -> list[int]:
    """The columns from the centre outwards (so ties go to the centre)."""
    return sorted(columns, key=lambda c: abs(c - rules.WIDTH // 2))


def _drop_bit(mask: int, column: int) -> int:
    """The cell a stone dropped in ``column`` would occupy (0 if the column is full)."""
    return (mask + (1 << (column * rules.COLUMN_BITS))) & int(rules.column_mask(column))


def make_ai(spec, level: int, seed: int = 0):
    """The AI player of strength ``level`` (1..5, see the module docstring)."""
    if level == 1:
        return NovicePlayer(level, seed)
    if level in SEARCH_LEVELS:
        depth, noise = SEARCH_LEVELS[level]
        return SearchPlayer(level, seed, depth, noise)
    if level == spec.max_level:
        return PerfectPlayer(level, seed)
    raise ValueError(f"Connect Four has AI levels 1..{spec.max_level} (got {level})")
