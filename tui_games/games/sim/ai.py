"""Sim AI levels.

1 Beginner: a random edge that does not complete a triangle of its own colour (when there is one).
2 Casual: Monte Carlo tree search, 2,000 random playouts a move (any number of seats; a coalition's
  two seats share their returns, so they play for their side).
3 Strong: two seats on up to 6 nodes, perfect play from the exact solution (:mod:`.solver`; in a lost
  position it keeps as many safe edges as it can). Otherwise, once at most :data:`ENDGAME_EDGES` edges
  are free it solves the rest of the game exactly (:mod:`.endgame`: max-n with a table, within
  :data:`ENDGAME_SHARE` of its time); among moves equally good for itself it takes the one worst for
  the others, and in a lost position the one that leaves the next seat the fewest good replies. Before
  that (or when the endgame takes too long): two seats an alpha-beta search on the safe-edge count;
  three seats Monte Carlo tree search for the rest of :data:`THINK_SECONDS` (hundreds of thousands of
  playouts; the coalition's seats share their returns), and seat 0 against the coalition a paranoid
  alpha-beta search (the two others really are against it).
"""

from __future__ import annotations

import random
import time

from tui_games.core.hints import Hint
from tui_games.core.words import counted
from tui_games.engine.mcts import MctsSearch
from tui_games.engine.paranoid import Paranoid
from tui_games.engine.players import MctsPlayer, require_decision
from tui_games.engine.search import Negamax, describe_score
from tui_games.engine.seeds import derive_seed
from tui_games.engine.stopflag import StopFlag
from tui_games.games.sim import endgame, rules, solver
from tui_games.games.sim.game import KERNELS

CASUAL_PLAYOUTS = 2000
"""MCTS playouts per move of level 2."""
THINK_SECONDS = 1.5
"""Level 3's time budget per move where it searches."""
ENDGAME_EDGES = {2: 18, 3: 14}
"""Level 3 tries the exact endgame once this many edges or fewer are free (by the number of seats)."""
MCTS_PLAYOUT_CAP = 1_000_000
"""Level 3's Monte Carlo search stops at this many playouts if its time is not up first."""
ENDGAME_SHARE = 2 / 3
"""The share of the think time the exact endgame may take before level 3 falls back on its search."""
SWINDLE_SHARE = 1 / 4
"""The share of the think time level 3 may spend choosing among moves that all lose."""
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
        self.paranoid = Paranoid(KERNELS, depth)
        self.mcts = MctsSearch(KERNELS, seed=derive_seed(seed, level, scale=2654435761))
        self.endgame_flag = StopFlag()

    def stop(self) -> None:
        """Abort a running search (it answers with the deepest finished one)."""
        self.endgame_flag.set()
        for searcher in (self.negamax, self.paranoid, self.mcts):
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
        budget = self.think_seconds
        if len(state.legal_actions()) <= ENDGAME_EDGES[state.num_players]:
            started = time.perf_counter()
            solved = endgame.solve_actions(state, self.endgame_flag, budget * ENDGAME_SHARE)
            if solved is not None:
                return solved, "solved to the end"
            budget = max(budget - (time.perf_counter() - started), budget / 3)
        if state.num_players == 2:
            result = self.negamax.search(state.array, budget, exact_all=True)
            return result.values, f"alpha-beta, {counted(result.depth, 'move')} deep"
        if state.coalition and state.current_player == 0:
            result = self.paranoid.search(state.array, budget, exact_all=True)
            return result.values, f"alpha-beta against the coalition, {counted(result.depth, 'move')} deep"
        stats = self.mcts.search(state, MCTS_PLAYOUT_CAP, budget)
        played = sum(visits for visits, _ in stats.values())
        return {action: visits / played for action, (visits, _) in stats.items()}, \
            f"Monte Carlo tree search, {played:,} playouts (each edge's share)"

    def _swindle(self, state, actions: list[int]) -> list[int]:
        """Among moves that all lose against perfect play, those after which the next seat has the
        fewest replies that keep its best result (the likeliest to go wrong)."""
        shares = {}
        deadline = time.perf_counter() + self.think_seconds * SWINDLE_SHARE
        for action in actions:
            child = state.clone()
            child.apply(action)
            left = deadline - time.perf_counter()
            replies = None if child.is_terminal or left <= 0 else endgame.solve_actions(
                child, self.endgame_flag, left)
            if not replies:
                shares[action] = 1.0
                continue
            them = child.current_player
            top = max(vector[them] for vector in replies.values())
            shares[action] = sum(vector[them] >= top - 1e-6 for vector in replies.values()) / len(replies)
        least = min(shares.values())
        return [action for action in actions if shares[action] <= least + 1e-9]

    def _mine(self, state, value) -> float:
        return value[state.current_player] if isinstance(value, tuple) else value

    def _theirs(self, state, value) -> float:
        """What a move's value gives the other seats together (0 for a single number)."""
        if not isinstance(value, tuple):
            return 0.0
        return sum(value) - value[state.current_player]

    def choose(self, state) -> int:
        """The best move found; among equals the one worst for the others, then the safest edge."""
        legal = require_decision(state)
        if len(legal) == 1:
            return legal[0]
        values, how = self._values(state)
        top = max(self._mine(state, value) for value in values.values())
        best = {action: value for action, value in values.items() if self._mine(state, value) >= top - 1e-6}
        least = min(self._theirs(state, value) for value in best.values())
        candidates = [action for action, value in best.items() if self._theirs(state, value) <= least + 1e-6]
        if how == "solved to the end" and top <= -1.0 + 1e-6 and len(candidates) > 1:
            candidates = self._swindle(state, candidates)
        return self._safest(state, candidates)

    def hint(self, state) -> Hint:
        """The best move and every move's value: wins / draws / loses where solved, else the search's."""
        require_decision(state)
        values, how = self._values(state)
        mover = state.current_player
        best = max(values, key=lambda action: (self._mine(state, values[action]), -action))
        if how == "exact":
            text = {action: VALUE_WORDS[value] for action, value in values.items()}
            summary = "perfect play (the game is solved for two players up to 6 nodes)"
        elif how.startswith("Monte Carlo"):
            text = {action: f"{share:.0%}" for action, share in values.items()}
            summary = f"{how}, {state.spec.seat_name(mover)} to move"
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
