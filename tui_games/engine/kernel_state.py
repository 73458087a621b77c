"""The Python-facing game state: one generic adapter over a game's jitted kernels.

A game's ``game.py`` describes itself with a :class:`GameKernels` (its kernels plus the few
Python-side hooks: initial state, action names, reasons for illegal moves, observations) and
subclasses :class:`KernelState` only to add game-specific read-only properties.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from tui_games.core.errors import IllegalActionError
from tui_games.core.players import CHANCE, SIMULTANEOUS, TERMINAL
from tui_games.core.spec import GameSpec
from tui_games.engine.header import NUM_PLAYERS, PLAYER, PLY, WINNER


@dataclass(frozen=True)
class GameKernels:
    """A game's jitted kernels and Python hooks, as the engine and the state adapter use them.

    ``initial(seed, params) -> np.ndarray`` builds the starting array; ``name_action(state, a)`` and
    ``read_action(state, text)`` convert actions to and from text; ``why_illegal(state, a)`` explains
    a refused action; ``observe(state, player)`` renders what ``player`` may see.
    """

    legal: Any
    apply: Any
    chance: Any
    returns: Any
    evaluate: Any
    max_actions: int
    initial: Callable[[int, dict], np.ndarray]
    name_action: Callable[["KernelState", int], str]
    read_action: Callable[["KernelState", str], int]
    why_illegal: Callable[["KernelState", int], str]
    observe: Callable[["KernelState", int], str]


class KernelState:
    """A game position with the public protocol (current_player, legal_actions, apply, ...)."""

    __slots__ = ("spec", "kernels", "params", "seed", "array", "history", "_buffer")

    def __init__(self, spec: GameSpec, kernels: GameKernels, seed: int, params: dict, array=None,
                 history=None):
        self.spec = spec
        self.kernels = kernels
        self.params = dict(params)
        self.seed = int(seed)
        self.array = kernels.initial(self.seed, self.params) if array is None else array
        self.history: list[int] = [] if history is None else list(history)
        self._buffer = np.empty(max(kernels.max_actions, 1), dtype=np.int64)

    # ----- who moves, and what may they do -------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to move, or CHANCE (-1), SIMULTANEOUS (-2) or TERMINAL (-4)."""
        return int(self.array[PLAYER])

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    @property
    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.current_player == CHANCE

    @property
    def num_players(self) -> int:
        """How many seats this game has."""
        return int(self.array[NUM_PLAYERS])

    @property
    def ply(self) -> int:
        """How many actions (chance outcomes included) have been applied."""
        return int(self.array[PLY])

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is decided, else None (also for draws)."""
        w = int(self.array[WINNER])
        return w if w >= 0 and self.is_terminal else None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to move (chance outcomes at a chance node).

        With ``player`` given, the actions of that seat: empty when it is not that seat's turn.
        """
        if self.is_terminal:
            return []
        if player is not None and player != self.current_player and self.current_player != SIMULTANEOUS:
            return []
        if self.is_chance_node:
            return [a for a, _ in self.chance_outcomes()]
        n = self.kernels.legal(self.array, self._buffer)
        return [int(a) for a in self._buffer[:n]]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """[(outcome, probability)] at a chance node; empty elsewhere."""
        if not self.is_chance_node:
            return []
        actions = np.empty(max(self.kernels.max_actions, 1), dtype=np.int64)
        probs = np.empty(actions.shape[0], dtype=np.float64)
        n = self.kernels.chance(self.array, actions, probs)
        return [(int(actions[i]), float(probs[i])) for i in range(n)]

    # ----- changing the state ----------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Play ``action`` in place; raises IllegalActionError with the reason if it is not legal."""
        try:
            action = int(action)
        except (TypeError, ValueError):
            raise IllegalActionError(f"{action!r} is not an action number") from None
        if self.is_terminal:
            raise IllegalActionError("the game is over")
        if action not in self.legal_actions():
            raise IllegalActionError(self.kernels.why_illegal(self, action))
        self.kernels.apply(self.array, action)
        self.history.append(action)

    def apply_joint(self, actions: list[int]) -> None:
        """Simultaneous-move games only; the games here are sequential."""
        raise IllegalActionError(f"{self.spec.title} is not a simultaneous-move game")

    def sample_chance(self) -> int:
        """A chance outcome drawn from this state's seed and position (reproducible)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError("this is not a chance node")
        rng = np.random.default_rng([self.seed & 0xFFFFFFFF, len(self.history)])
        probs = np.array([p for _, p in outcomes])
        index = int(rng.choice(len(outcomes), p=probs / probs.sum()))
        return outcomes[index][0]

    def resolve_chance(self) -> list[int]:
        """Apply sampled chance outcomes until a player (or the end) is to move; returns them."""
        drawn = []
        while self.is_chance_node:
            outcome = self.sample_chance()
            self.apply(outcome)
            drawn.append(outcome)
        return drawn

    def clone(self) -> "KernelState":
        """An independent copy."""
        return type(self)(self.spec, self.kernels, self.seed, self.params, self.array.copy(), self.history)

    def replayed(self, history: list[int]) -> "KernelState":
        """A fresh state of the same game and seed with ``history`` applied (checked move by move)."""
        state = type(self)(self.spec, self.kernels, self.seed, self.params)
        for action in history:
            state.apply(action)
        return state

    # ----- results and views ------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's return: final once terminal (e.g. +1 win, -1 loss, 0 draw)."""
        out = np.zeros(max(self.num_players, 1), dtype=np.float64)
        n = self.kernels.returns(self.array, out)
        return [float(x) for x in out[:n]]

    def observation(self, player: int) -> str:
        """What ``player`` may see of this state, as text (hidden cards stay hidden)."""
        return self.kernels.observe(self, player)

    def action_to_string(self, action: int) -> str:
        """A short human name for ``action`` in this state."""
        return self.kernels.name_action(self, int(action))

    def parse_action(self, text: str) -> int:
        """The action named by ``text``; raises IllegalActionError with the reason if none fits."""
        return self.kernels.read_action(self, text.strip())

    def __str__(self) -> str:
        return self.observation(max(self.current_player, 0))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec.id} ply={self.ply} player={self.current_player}>"
