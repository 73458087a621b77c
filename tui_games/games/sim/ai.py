"""Sim AI levels.

1 Beginner: a random edge that does not complete a triangle of its own colour (when there is one).
2 Casual: Monte Carlo tree search, 2,000 random playouts a move (any number of seats; a coalition's
  two seats share their returns, so they play for their side).
3 Strong: two seats on up to 6 nodes, perfect play from the exact solution (:mod:`.solver`; in a lost
  position it keeps as many safe edges as it can). Two seats on more nodes: alpha-beta search on the
  safe-edge count, deeper and deeper for up to 1.5 s. Three seats: max-n search (each seat for itself;
  with the 1-2 coalition the team's shared returns make its two seats play together), and seat 0
  against the coalition a paranoid alpha-beta search (the two others really are against it); up to
  1.5 s a move.
"""

from __future__ import annotations

import random

from tui_games.core.hints import Hint
from tui_games.engine.maxn import MaxN
from tui_games.engine.paranoid import Paranoid
from tui_games.engine.players import MctsPlayer, require_decision
from tui_games.engine.search import Negamax, describe_score
from tui_games.games.sim import rules, solver
from tui_games.games.sim.game import KERNELS

CASUAL_PLAYOUTS = 2000
"""MCTS playouts per move of level 2."""
THINK_SECONDS = 1.5
"""Level 3's time budget per move where it searches."""
VALUE_WORDS = {solver.WIN: "wins", solver.DRAW: "draws", solver.LOSS: "loses"}
"""How the hint calls an exact value."""


class SafeRandomPlayer:
    """A random edge among those that do not complete a triangle of its own colour."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, state) -> int:
        """A random safe edge, or any edge when every one loses."""
        legal = require_decision(state)
        safe = [edge for edge in legal if not state.would_lose(edge, state.current_player)]
        return self.rng.choice(safe or legal)

    def stop(self) -> None:
        """Nothing to stop: choosing is instant."""


class StrongPlayer:
    """Perfect play where the game is solved, else the search that suits the seats (see the module)."""

    def __init__(self, level: int, seed: int = 0, think_seconds: float = THINK_SECONDS) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.think_seconds = think_seconds
        depth = rules.MAX_EDGES
        self.negamax = Negamax(KERNELS, depth)
        self.maxn = MaxN(KERNELS, depth)
        self.paranoid = Paranoid(KERNELS, depth)

    def stop(self) -> None:
        """Abort a running search (it answers with the deepest finished one)."""
        for searcher in (self.negamax, self.maxn, self.paranoid):
            searcher.stop()

    def _safest(self, state, actions: list[int]) -> int:
        """Among ``actions``, one that leaves the mover the best safe-edge balance (random among equals)."""
        mover = state.current_player
        scored = {}
        for action in actions:
            child = state.clone()
            child.apply(action)
            scored[action] = child.returns()[mover] if child.is_terminal else float(
                rules.evaluate(child.array, mover))
        top = max(scored.values())
        return self.rng.choice([action for action, value in scored.items() if value == top])

    def _values(self, state) -> tuple[dict[int, object], str]:
        """Every legal move's value (a number, or a vector of the seats' values) and how it was found."""
        if solver.solvable(state):
            return solver.action_values(state), "exact"
        if state.num_players == 2:
            result = self.negamax.search(state.array, self.think_seconds, exact_all=True)
            return result.values, f"alpha-beta, {result.depth} moves deep"
        if state.coalition and state.current_player == 0:
            result = self.paranoid.search(state.array, self.think_seconds, exact_all=True)
            return result.values, f"alpha-beta against the coalition, {result.depth} moves deep"
        result = self.maxn.search(state.array, self.think_seconds)
        return result.values, f"max-n, {result.depth} moves deep"

    def _mine(self, state, value) -> float:
        return value[state.current_player] if isinstance(value, tuple) else value

    def choose(self, state) -> int:
        """The best move found; ties (common in a solved position) go to the safest edge."""
        legal = require_decision(state)
        if len(legal) == 1:
            return legal[0]
        values, _ = self._values(state)
        top = max(self._mine(state, value) for value in values.values())
        best = [action for action, value in values.items() if self._mine(state, value) >= top - 1e-9]
        return self._safest(state, best)

    def hint(self, state) -> Hint:
        """The best move and every move's value: wins / draws / loses where solved, else the search's."""
        require_decision(state)
        values, how = self._values(state)
        mover = state.current_player
        best = max(values, key=lambda action: (self._mine(state, values[action]), -action))
        if how == "exact":
            text = {action: VALUE_WORDS[value] for action, value in values.items()}
            summary = "perfect play (the game is solved for two players up to 6 nodes)"
        elif isinstance(next(iter(values.values())), tuple):
            order = "/".join(state.spec.seat_name(seat) for seat in range(state.num_players))
            text = {action: "/".join(f"{value:+.2f}" for value in vector) for action, vector in values.items()}
            summary = f"{how}; values of {order}, {state.spec.seat_name(mover)} to move"
        else:
            text = {action: describe_score(value, state.ply) for action, value in values.items()}
            summary = how
        return Hint(best, text, summary)


def make_ai(spec, level: int, seed: int = 0):
    """The AI player for ``level`` (1..3)."""
    if level == 1:
        return SafeRandomPlayer(level, seed)
    if level == 2:
        return MctsPlayer(KERNELS, level, iterations=CASUAL_PLAYOUTS, seed=seed)
    return StrongPlayer(level, seed)
