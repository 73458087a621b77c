"""The Python-facing game state: one generic adapter over a game's jitted kernels.

A game's ``game.py`` describes itself with a :class:`GameKernels` (its kernels plus the few
Python-side hooks: initial state, action names, reasons for illegal moves, observations) and
subclasses :class:`KernelState` only to add game-specific read-only properties.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

import numpy as np

from tui_games.core.errors import IllegalActionError, InvalidMoveError
from tui_games.core.outcome import Outcome
from tui_games.core.players import CHANCE, SIMULTANEOUS, TERMINAL
from tui_games.core.spec import GameSpec
from tui_games.engine.header import NUM_PLAYERS, PLAYER, PLY, WINNER
from tui_games.engine.layout import StateLayout
from tui_games.engine.observer import (HIDDEN_ACTION_NAME, PUBLIC_VIEW, Observation, audience_of,
                                      redacted_array, sees)


@dataclass(frozen=True)
class GameKernels:
    """A game's jitted kernels and Python hooks, as the engine and the state adapter use them.

    ``initial(seed, params) -> np.ndarray`` builds the starting array; ``name_action(state, a)`` and
    ``read_action(state, text)`` convert actions to and from text (``read_action`` reads back every
    name of a legal action or chance outcome; ``name_action`` raises IllegalActionError for a number
    that is no action of the game); ``why_illegal(state, a)`` explains a refused action; ``observe(state, player)`` renders what ``player`` may see as text (it is given
    the redacted state, see :mod:`tui_games.engine.observer`). A game with hidden information adds
    ``redact`` (a kernel ``redact(state, player, out) -> 0``) and ``audience(state, action)`` (who sees
    the action about to be applied); ``hidden_name`` names an action its observer may not see.
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
    redact: Any = None
    audience: Callable[["KernelState", int], int] | None = None
    hidden_name: str = HIDDEN_ACTION_NAME
    legal_for: Any = None
    """A simultaneous-move game's kernel ``legal_for(state, player, out) -> n``: the actions one seat
    may choose at a simultaneous node (see ``SIG_LEGAL_FOR`` in :mod:`tui_games.engine.jit`)."""
    apply_joint: Any = None
    """A simultaneous-move game's kernel ``apply_joint(state, actions) -> 0``: every seat's action
    played at once (``SIG_APPLY_JOINT``). Sequential games leave both None."""
    layout: StateLayout | None = None
    """The state array's declared fields (the rules' ``LAYOUT``), which :meth:`KernelState.field`
    reads by name."""

    @classmethod
    def from_rules(cls, rules: ModuleType, **hooks: Any) -> "GameKernels":
        """The kernels a rules module declares under the conventional names, with the Python ``hooks``
        (``initial``, ``name_action``, ``read_action``, ``why_illegal``, ``observe``, and where the game
        needs them ``audience``, ``hidden_name``; any field given here wins over the module's).

        From the module: ``legal_actions``, ``apply_action``, ``returns``, ``evaluate``,
        ``MAX_ACTIONS`` and ``LAYOUT`` (required); ``chance_outcomes`` (default: none), ``redact``,
        ``legal_for`` and ``apply_joint`` (where present).
        """
        from tui_games.engine.standard import no_chance_outcomes  # jitted: not for the save readers

        found: dict[str, Any] = {"chance": no_chance_outcomes}
        for field_name, module_name in _RULES_NAMES.items():
            if hasattr(rules, module_name):
                found[field_name] = getattr(rules, module_name)
        found.update(hooks)
        missing = [f"{_RULES_NAMES.get(name, name)}" for name in _REQUIRED if name not in found]
        if missing:
            raise TypeError(f"{rules.__name__} lacks {', '.join(missing)} (GameKernels.from_rules)")
        return cls(**found)


_RULES_NAMES = {
    "legal": "legal_actions", "apply": "apply_action", "chance": "chance_outcomes", "returns": "returns",
    "evaluate": "evaluate", "max_actions": "MAX_ACTIONS", "layout": "LAYOUT", "redact": "redact",
    "legal_for": "legal_for", "apply_joint": "apply_joint",
}
"""GameKernels field -> the name a rules module gives it (see :meth:`GameKernels.from_rules`)."""
_REQUIRED = ("legal", "apply", "chance", "returns", "evaluate", "max_actions", "layout", "initial",
             "name_action", "read_action", "why_illegal", "observe")


MAX_ACTION_TEXT = 200
"""parse_action refuses longer text outright (no game names a move in more)."""


def action_number(action: Any) -> int:
    """``action`` as an int when it is one (a Python or numpy integer); anything else, even a number
    that would round to one (4.9, "4", True), raises IllegalActionError."""
    if isinstance(action, numbers.Integral) and not isinstance(action, bool):
        number = int(action)
        if -(2**63) <= number < 2**63:
            return number
        raise IllegalActionError(f"a {number.bit_length()}-bit number is not an action: too large")
    raise IllegalActionError(
        f"{action!r} is not an action: actions are whole numbers (parse_action reads text)")


def seat_number(seat: Any, seats: int, spectator: bool = False) -> int:
    """``seat`` as an int when it is a seat of a ``seats``-seat game (0..seats-1, a Python or numpy
    integer), or PUBLIC_VIEW where ``spectator`` allows one; anything else (1.5, "0", True, 7)
    raises IllegalActionError."""
    if isinstance(seat, numbers.Integral) and not isinstance(seat, bool):
        number = int(seat)
        if 0 <= number < seats or (spectator and number == PUBLIC_VIEW):
            return number
    watcher = f" (or {PUBLIC_VIEW}, a spectator)" if spectator else ""
    raise IllegalActionError(f"there is no seat {seat!r} in this game: seats are 0-{seats - 1}{watcher}")


class KernelState:
    """A game position with the public protocol (current_player, legal_actions, apply, ...)."""

    __slots__ = ("spec", "kernels", "params", "seed", "array", "history", "_buffer", "observer")

    def __init__(self, spec: GameSpec, kernels: GameKernels, seed: int, params: dict, array=None,
                 history=None, observer: int | None = None):
        self.observer = observer
        """None for the real state; the seat whose view this is for a redacted copy (read only)."""
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

    def field(self, name: str):
        """Field ``name`` of the state array as the rules' ``LAYOUT`` declares it: an int for one slot,
        a list of ints for a run, a list of dicts for a record (a seat, a hand)."""
        if self.kernels.layout is None:
            raise TypeError(f"{self.spec.title} declares no state layout (GameKernels.layout)")
        return self.kernels.layout.value(self.array, name)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to move (chance outcomes at a chance node).

        With ``player`` given, the actions of that seat: empty when it is not that seat's turn. At a
        simultaneous node every seat has its own actions, so ``player`` must be given there (without
        it IllegalActionError says to ask seat by seat and play them together with :meth:`apply_joint`).
        """
        if self.is_terminal:
            return []
        if self.current_player == SIMULTANEOUS:
            return self._seat_actions(player)
        if player is not None and player != self.current_player:
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
        """Play ``action`` in place; raises IllegalActionError with the reason if it is not legal (the
        state is then unchanged). Only whole numbers are actions: 4.9, "4" or True are refused."""
        action = self.check_action(action)
        self.kernels.apply(self.array, action)
        self.history.append(action)

    def check_action(self, action: Any) -> int:
        """``action`` as an int when :meth:`apply` would play it now (a chance outcome at a chance
        node), else IllegalActionError with the reason; the state is not changed. Check with it before
        naming an action that may not be one (see :meth:`action_to_string`)."""
        action = action_number(action)
        if self.observer is not None:
            raise IllegalActionError("this is one seat's view of the game: moves are played on the game itself")
        if self.is_terminal:
            raise IllegalActionError("the game is over")
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        return action

    def _why_illegal(self, action: int) -> str:
        """The game's reason for refusing ``action``; a plain one where the game's hook cannot say
        (a number far outside every action it has)."""
        try:
            return self.kernels.why_illegal(self, action)
        except (IndexError, KeyError, TypeError, ValueError, OverflowError):
            return f"{action} is not an action of {self.spec.title} now"

    def _seat_actions(self, player: int | None) -> list[int]:
        """The actions of seat ``player`` at a simultaneous node (empty for a seat the game has not)."""
        if player is None:
            raise IllegalActionError("every seat chooses at once here: ask legal_actions(seat) for each "
                                     "seat and play the choices together with apply_joint([...])")
        if self.kernels.legal_for is None:
            raise IllegalActionError(f"{self.spec.title} declares no per-seat legal actions (legal_for)")
        seat = action_number(player)
        if not 0 <= seat < self.num_players:
            return []
        n = self.kernels.legal_for(self.array, seat, self._buffer)
        return [int(a) for a in self._buffer[:n]]

    def apply_joint(self, actions: list[int]) -> None:
        """Play every seat's action at once at a simultaneous node: ``actions[seat]`` for each seat, in
        place; the joint move enters :attr:`history` as that list. Raises IllegalActionError naming the
        seat and the reason when one action is not legal for its seat (the state is then unchanged),
        and refuses a sequential game, a position where one seat moves alone, and a finished game."""
        if self.observer is not None:
            raise IllegalActionError("this is one seat's view of the game: moves are played on the game itself")
        if self.kernels.apply_joint is None:
            raise IllegalActionError(f"{self.spec.title} is not a simultaneous-move game: play one action "
                                     "at a time with apply()")
        if self.is_terminal:
            raise IllegalActionError("the game is over")
        if self.current_player != SIMULTANEOUS:
            who = "a chance outcome is due" if self.is_chance_node else (
                f"{self.spec.seat_name(self.current_player)} moves alone")
            raise IllegalActionError(f"this is not a simultaneous move: {who}; play it with apply()")
        joint = self.check_joint(actions)
        self.kernels.apply_joint(self.array, np.array(joint, dtype=np.int64))
        self.history.append(joint)

    def check_joint(self, actions: list[int]) -> list[int]:
        """``actions`` as a joint move of this simultaneous node (a list of ints, one per seat), or
        IllegalActionError naming the first seat whose action is not legal for it, and why."""
        if self.current_player != SIMULTANEOUS:
            raise IllegalActionError("this is not a simultaneous move")
        if isinstance(actions, (str, bytes)) or not hasattr(actions, "__len__"):
            raise IllegalActionError(f"{actions!r} is not a joint move: give a list with one action per seat")
        if len(actions) != self.num_players:
            raise IllegalActionError(f"a joint move names one action for each of the {self.num_players} "
                                     f"seats (got {len(actions)})")
        joint = []
        for seat, action in enumerate(actions):
            try:
                number = action_number(action)
            except IllegalActionError as error:
                raise IllegalActionError(f"{self.spec.seat_name(seat)}: {error}") from None
            legal = self.legal_actions(seat)
            if number not in legal:
                names = ", ".join(self.kernels.name_action(self, a) for a in legal) or "none"
                raise IllegalActionError(f"{self.spec.seat_name(seat)} cannot play {number}: it is not one of "
                                         f"that seat's actions now ({names})")
            joint.append(number)
        return joint

    def apply_entry(self, entry) -> None:
        """Apply one entry of a history, checked: a joint move (a list, one action per seat) with
        :meth:`apply_joint`, any other action with :meth:`apply`."""
        if isinstance(entry, (list, tuple)):
            self.apply_joint(list(entry))
        else:
            self.apply(entry)

    def _apply_entry_unchecked(self, entry) -> None:
        """Apply one history entry through the kernels, unchecked (a replay of this game's own history):
        a joint move (a list) with ``apply_joint``, any other action with ``apply``."""
        if isinstance(entry, list):
            self.kernels.apply_joint(self.array, np.array(entry, dtype=np.int64))
        else:
            self.kernels.apply(self.array, entry)

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
        """An independent copy (joint moves in its history copied too)."""
        history = [list(entry) if isinstance(entry, list) else entry for entry in self.history]
        return type(self)(self.spec, self.kernels, self.seed, self.params, self.array.copy(), history,
                          self.observer)

    def replayed(self, history: list[int]) -> "KernelState":
        """A fresh state of the same game and seed with ``history`` applied (checked move by move; a
        list is a joint move, played with :meth:`apply_joint`)."""
        state = type(self)(self.spec, self.kernels, self.seed, self.params)
        for action in history:
            state.apply_entry(action)
        return state

    # ----- results and views ------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's return: final once terminal (e.g. +1 win, -1 loss, 0 draw)."""
        out = np.zeros(max(self.num_players, 1), dtype=np.float64)
        n = self.kernels.returns(self.array, out)
        return [float(x) for x in out[:n]]

    def outcome(self) -> Outcome | None:
        """How the game ended (the game's own outcome hook, else ranked by the returns); None while
        it runs."""
        if not self.is_terminal:
            return None
        hook = self.spec.definition().outcome
        if hook is not None:
            return hook(self)
        return Outcome.from_returns(self.returns(), against_house=self.spec.house is not None)

    def observed(self, player: int | None) -> "KernelState":
        """This state as ``player`` sees it: a read-only copy with what they may not see redacted, and
        the actions they may not see left out of its history (the referee, None, sees everything)."""
        if player is not None:
            player = seat_number(player, self.num_players, spectator=True)
        if player is None or self.kernels.redact is None:
            return type(self)(self.spec, self.kernels, self.seed, self.params, self.array.copy(), self.history,
                              player)
        replay = type(self)(self.spec, self.kernels, self.seed, self.params)
        seen = []
        for action in self.history:
            seen.append(action if sees(audience_of(replay, action), player) else -1)
            replay._apply_entry_unchecked(action)
        return type(self)(self.spec, self.kernels, self.seed, self.params,
                          redacted_array(self.kernels, self.array, player), seen, player)

    def observation(self, player: int) -> Observation:
        """What ``player`` may see of this state: text (hidden cards stay hidden) whose ``.state`` is
        the redacted copy of :meth:`observed`. ``player`` is a seat number, or PUBLIC_VIEW for a
        spectator; anything else raises IllegalActionError."""
        player = seat_number(player, self.num_players, spectator=True)
        view = self.observed(player)
        return Observation(self.kernels.observe(view, player), view, player)

    def information_state(self, player: int) -> str:
        """A key equal for two states exactly when ``player`` cannot tell them apart: the game and its
        parameters, every action as ``player`` saw it (in order), and what ``player`` sees now.
        ``player`` is checked as in :meth:`observation`."""
        player = seat_number(player, self.num_players, spectator=True)
        replay = type(self)(self.spec, self.kernels, self.seed, self.params)
        seen = []
        for action in self.history:
            seen.append(replay.action_to_string(action, observer=player))
            replay._apply_entry_unchecked(action)
        params = ",".join(f"{name}={value}" for name, value in sorted(self.params.items()))
        view = redacted_array(self.kernels, self.array, player)
        return (f"{self.spec.id}({params}) seat {player}: " + "; ".join(seen)
                + " | " + " ".join(str(int(x)) for x in view))

    def action_to_string(self, action: int, observer: int | None = None) -> str:
        """A short human name for ``action`` in this state, as ``observer`` may know it: an action
        they may not see (a card dealt face down to someone else) gets the game's hidden name. A joint
        move (a list, one action per seat) is named seat by seat: 'Player 1 rock, Player 2 paper'.
        A number that is no action of the game at all raises IllegalActionError; every name of a legal
        action or chance outcome reads back to it with :meth:`parse_action` (the hidden name aside)."""
        if isinstance(action, list):
            return ", ".join(f"{self.spec.seat_name(seat)} {self.action_to_string(a, observer)}"
                             for seat, a in enumerate(action))
        action = action_number(action)
        if observer is not None:
            observer = seat_number(observer, self.num_players, spectator=True)
        try:
            if observer is not None and not sees(audience_of(self, action), observer):
                return self.kernels.hidden_name
            return self.kernels.name_action(self, action)
        except IllegalActionError:
            raise
        except (IndexError, KeyError, TypeError, ValueError, OverflowError):
            raise IllegalActionError(f"{action} is not an action of {self.spec.title}") from None

    def parse_action(self, text: str) -> int:
        """The action named by ``text``; raises InvalidMoveError (an IllegalActionError) with the reason
        when the text names no action at all (a typo, not text, too long, digits like '²'); whether
        the action it names is legal now is for :meth:`apply` to say."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"{text!r} is not text naming an action")
        if len(text) > MAX_ACTION_TEXT:
            raise InvalidMoveError(f"{text[:20]!r}... is not an action: too long")
        try:
            return action_number(self.kernels.read_action(self, text.strip()))
        except InvalidMoveError:
            raise
        except IllegalActionError as error:
            raise InvalidMoveError(str(error)) from None
        except (ValueError, OverflowError, IndexError):
            raise InvalidMoveError(f"{text!r} is not an action in {self.spec.title}") from None

    def __str__(self) -> str:
        return self.observation(max(self.current_player, 0))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec.id} ply={self.ply} player={self.current_player}>"
