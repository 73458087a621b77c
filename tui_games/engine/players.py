"""Generic AI players built from a game's kernels: random, negamax with a depth and noise, MCTS,
expectimax, and an equilibrium player for simultaneous moves (a matrix game at each such node).

Warm-up: a player may have ``prepare(state=None)``, which loads what its searches need (tables,
books) and compiles or loads their kernels, so that no move pays for it; ``choose`` and ``hint`` of
such a player prepare first, before any clock of theirs starts. :func:`prepare_player` calls it
where there is one, and :class:`WarmUp` runs a player's preparation once, whichever thread asks.
"""

from __future__ import annotations

import random
import threading
from typing import Callable, TypeVar

from tui_games.core.errors import IllegalActionError
from tui_games.core.hints import Hint
from tui_games.core.players import SIMULTANEOUS
from tui_games.core.words import counted
from tui_games.engine.search import Negamax, describe_score
from tui_games.engine.seeds import derive_seed
from tui_games.engine.stopflag import StopFlag

T = TypeVar("T")


def require_decision(state, player: int | None = None) -> list[int]:
    """The legal actions of the player to move (of seat ``player`` at a simultaneous node, where the
    seat must be named); IllegalActionError when there is no decision to make (the game is over, or a
    chance outcome is due). Every AI calls this before searching."""
    if state.is_terminal:
        raise IllegalActionError("the game is over: there is no move to choose")
    if state.current_player == SIMULTANEOUS:
        if player is None:
            raise IllegalActionError("every seat chooses at once here: ask choose(state, player=seat)")
        legal = state.legal_actions(player)
        if not legal:
            raise IllegalActionError(f"seat {player} has no action to choose here")
        return legal
    if state.current_player < 0:
        raise IllegalActionError("a chance outcome is due, not a player's move: resolve chance first")
    legal = state.legal_actions()
    if not legal:
        raise IllegalActionError("the player to move has no legal action")
    return legal


class WarmUp:
    """A player's one-time preparation: ``steps`` run on the first call, by whichever thread makes it
    (a call from another thread meanwhile waits until they are done); later calls return at once.
    If the steps raise, the error goes to that caller and the next call tries again."""

    def __init__(self, steps: Callable[[], None]) -> None:
        self._steps = steps
        self._lock = threading.Lock()
        self._done = False

    @property
    def done(self) -> bool:
        """True once the steps have run to the end."""
        return self._done

    def __call__(self) -> None:
        if self._done:
            return
        with self._lock:
            if not self._done:
                self._steps()
                self._done = True


def with_helpers(search: Callable[[], T], helper: Callable[..., object], helpers: int) -> T:
    """``search()`` in this thread while ``helpers`` other threads run ``helper(control)``, each with a
    control array of its own (:mod:`tui_games.engine.stopflag`): searches that share a table this
    way (ABDADA, lazy SMP) end when ``search`` does, each helper told to stop and waited for."""
    flags = [StopFlag() for _ in range(helpers)]
    threads = [threading.Thread(target=helper, args=(flag.array,), daemon=True) for flag in flags]
    for thread in threads:
        thread.start()
    try:
        return search()
    finally:
        for flag, thread in zip(flags, threads):
            flag.set()
            thread.join()


def prepare_player(player, state=None) -> None:
    """Get ``player`` ready to answer at once by its ``prepare(state)``, if it has one (``state``: a
    position of its game that it may warm up on); blocking, so call it off the UI thread."""
    prepare = getattr(player, "prepare", None)
    if prepare is not None:
        prepare(state)


class RandomPlayer:
    """Plays a uniformly random legal action."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, state, player: int | None = None) -> int:
        """A random legal action (of seat ``player`` at a simultaneous node)."""
        return self.rng.choice(require_decision(state, player))

    def stop(self) -> None:
        """Nothing to stop: choosing is instant."""


class NegamaxPlayer:
    """Negamax to ``depth`` plies; picks at random among actions within ``tolerance`` of the best.

    ``blunder_rate`` is the chance of playing a uniformly random action instead (for gentle levels);
    ``exhaustive`` says ``depth`` reaches the end of every game, so hints may call a 0 a draw.
    """

    def __init__(self, kernels, level: int, depth: int, seed: int = 0, tolerance: float = 1e-9,
                 blunder_rate: float = 0.0, time_budget: float | None = None,
                 exhaustive: bool = False) -> None:
        self.level = level
        self.depth = depth
        self.tolerance = tolerance
        self.blunder_rate = blunder_rate
        self.time_budget = time_budget
        self.exhaustive = exhaustive
        self.rng = random.Random(seed)
        self.searcher = Negamax(kernels, depth)
        self._warmed = False

    def stop(self) -> None:
        """Abort a running choose() or hint(); it returns its best result so far."""
        self.searcher.stop()

    def prepare(self, state=None) -> None:
        """Compile (or load) the searcher for this game by a one-ply search of ``state`` on a
        throw-away table, once, so that no move's time budget pays for it (nothing without a state
        where a player decides)."""
        if self._warmed or state is None or state.is_terminal or state.current_player < 0:
            return
        Negamax(self.searcher.kernels, 1, table_log2=4).search(state.array, None)
        self._warmed = True

    def choose(self, state) -> int:
        """A good action for the side to move, by this player's depth and noise."""
        legal = require_decision(state)
        if len(legal) == 1:
            return legal[0]
        if self.blunder_rate and self.rng.random() < self.blunder_rate:
            return self.rng.choice(legal)
        self.prepare(state)
        result = self.searcher.search(state.array, self.time_budget, exact_all=True)
        top = max(result.values.values())
        candidates = sorted(a for a, v in result.values.items() if v >= top - self.tolerance)
        return self.rng.choice(candidates)

    def hint(self, state) -> Hint:
        """The best action and each action's exact value at this player's depth."""
        require_decision(state)
        self.prepare(state)
        result = self.searcher.search(state.array, self.time_budget, exact_all=True)
        ply = int(state.ply)
        values = {a: describe_score(v, ply, self.exhaustive) for a, v in result.values.items()}
        searched = f"searched {counted(result.depth, 'ply', 'plies')}, {counted(result.nodes, 'node')}"
        return Hint(result.best_action, values, searched)


class MctsPlayer:
    """UCT Monte Carlo tree search with ``iterations`` random playouts per move (the most-visited move).

    The tree (within the engine's MCTS memory budget) is kept between moves: the subtree of the moves
    played since is reused. ``time_budget`` (seconds) stops it early through the stop flag.
    """

    def __init__(self, kernels, level: int, iterations: int, seed: int = 0, exploration: float = 1.4,
                 time_budget: float | None = None) -> None:
        from tui_games.engine.mcts import MctsSearch

        self.kernels = kernels
        self.level = level
        self.iterations = iterations
        self.exploration = exploration
        self.time_budget = time_budget
        self.searcher = MctsSearch(kernels, exploration, seed=derive_seed(seed, level, scale=2654435761))
        self.stop_flag = self.searcher.stop_flag

    def stop(self) -> None:
        """Abort a running search; it answers with what it has."""
        self.searcher.stop()

    def analyse(self, state) -> dict[int, tuple[int, float]]:
        """{action: (visits, mean reward for the player to move)} after the search."""
        return self.searcher.search(state, self.iterations, self.time_budget)

    def choose(self, state) -> int:
        """The most visited root action."""
        legal = require_decision(state)
        if len(legal) == 1:
            return legal[0]
        stats = self.analyse(state)
        return max(stats, key=lambda a: (stats[a][0], stats[a][1]))

    def hint(self, state) -> Hint:
        """Each action's mean playout reward and visit count."""
        require_decision(state)
        stats = self.analyse(state)
        best = max(stats, key=lambda a: (stats[a][0], stats[a][1]))
        values = {a: f"{value:+.2f} ({n} visits)" for a, (n, value) in stats.items()}
        return Hint(best, values, f"{sum(n for n, _ in stats.values())} playouts")


class ExpectimaxPlayer:
    """Expectimax ``depth`` decisions deep over a game's kernels (chance outcomes averaged)."""

    def __init__(self, kernels, level: int, depth: int, terminal_scale: float = 1.0) -> None:
        from tui_games.engine.search import StopFlag

        self.kernels = kernels
        self.level = level
        self.depth = depth
        self.terminal_scale = terminal_scale
        self.stop_flag = StopFlag()

    def stop(self) -> None:
        """Abort a running search."""
        self.stop_flag.set()

    def analyse(self, state) -> dict[int, float]:
        """{action: expected value for the player to move}."""
        import numpy as np

        from tui_games.engine.expectimax import expectimax_root

        k = self.kernels
        self.stop_flag.clear()
        size = max(k.max_actions, 1)
        actions = np.empty(size, np.int64)
        values = np.empty(size, np.float64)
        n = expectimax_root(k.legal, k.apply, k.chance, k.returns, k.evaluate, state.array, self.depth,
                            self.terminal_scale, actions, values, self.stop_flag.array, np.zeros(2, np.int64))
        return {int(actions[i]): float(values[i]) for i in range(n)}

    def choose(self, state) -> int:
        """The action with the highest expected value (lowest id on ties)."""
        require_decision(state)
        values = self.analyse(state)
        return max(sorted(values), key=values.get)

    def hint(self, state) -> Hint:
        """Each action's expected value."""
        require_decision(state)
        values = self.analyse(state)
        best = max(sorted(values), key=values.get)
        return Hint(best, {a: f"{v:+.3f}" for a, v in values.items()}, f"expectimax, depth {self.depth}")


class MatrixGamePlayer:
    """Simultaneous moves: solves the matrix game at the node (every joint move valued by the returns,
    or the game's evaluation where play goes on; see :mod:`tui_games.engine.matrix_game`) by regret
    matching and plays its seat's equilibrium strategy, drawing one action from it."""

    def __init__(self, kernels, level: int, seed: int = 0, iterations: int | None = None) -> None:
        from tui_games.engine.matrix_game import SOLVE_ITERATIONS

        self.kernels = kernels
        self.level = level
        self.iterations = iterations or SOLVE_ITERATIONS
        self.rng = random.Random(seed)
        self._solved: tuple[bytes, dict[int, dict[int, float]]] | None = None

    def stop(self) -> None:
        """Nothing to stop: a matrix game this size solves in moments."""

    def strategy(self, state, player: int) -> dict[int, float]:
        """Seat ``player``'s equilibrium strategy at this simultaneous node: {action: probability}."""
        from tui_games.engine.matrix_game import payoff_table, solve

        require_decision(state, player)
        key = state.array.tobytes()
        if self._solved is None or self._solved[0] != key:
            table = payoff_table(self.kernels, state.array)
            strategies = solve(table.values, self.iterations)
            self._solved = (key, {seat: dict(zip(actions, (float(p) for p in strategies[seat])))
                                  for seat, actions in enumerate(table.actions)})
        return dict(self._solved[1][player])

    def choose(self, state, player: int | None = None) -> int:
        """An action for seat ``player`` drawn from its equilibrium strategy; IllegalActionError where
        one seat moves alone (sequential positions are for the game's other players)."""
        if state.current_player != SIMULTANEOUS:
            require_decision(state, player)
            raise IllegalActionError("this player answers at simultaneous nodes only")
        strategy = self.strategy(state, player)
        actions = sorted(strategy)
        return self.rng.choices(actions, [strategy[a] for a in actions])[0]

    def hint(self, state, player: int | None = None) -> Hint:
        """The equilibrium mix of seat ``player``: the likeliest action first, each action's share."""
        if state.current_player != SIMULTANEOUS or player is None:
            require_decision(state, player)
            raise IllegalActionError("this player answers at simultaneous nodes only")
        strategy = self.strategy(state, player)
        best = max(sorted(strategy), key=strategy.get)
        values = {a: f"{100 * p:.0f}% of the time" for a, p in strategy.items()}
        return Hint(best, values, "an equilibrium mix: choose at random with these odds")
