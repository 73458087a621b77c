"""Rock-paper-scissors state: the protocol adapter over rules.py."""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.standard import no_chance_outcomes

from toy_catalog.rps import rules

THROWS = ("rock", "paper", "scissors")
"""The name of each action."""


class RpsState(KernelState):
    """A round of rock-paper-scissors about to be thrown (or the finished game)."""

    __slots__ = ()

    @property
    def scores(self) -> list[int]:
        """Each seat's points so far."""
        return [int(x) for x in self.array[rules.SCORES:rules.SCORES + self.num_players]]

    @property
    def round(self) -> int:
        """Rounds played so far."""
        return int(self.array[rules.ROUND])

    @property
    def rounds(self) -> int:
        """Rounds in the game."""
        return int(self.array[rules.ROUNDS])

    @property
    def last_throws(self) -> list[int | None]:
        """Each seat's throw in the last round (None before the first)."""
        return [None if x < 0 else int(x) for x in self.array[rules.LAST:rules.LAST + self.num_players]]


def _name_action(state: RpsState, action: int) -> str:
    return THROWS[action] if 0 <= action < len(THROWS) else f"throw {action}"


def _read_action(state: RpsState, text: str) -> int:
    word = text.lower()
    for action, name in enumerate(THROWS):
        if word in (name, name[0]):
            return action
    raise IllegalActionError(f"{text!r} is not a throw: write rock, paper or scissors (or r, p, s)")


def _why_illegal(state: RpsState, action: int) -> str:
    return "every seat throws at once in rock-paper-scissors: play the seats' throws together with apply_joint"


def _observe(state: RpsState, player: int) -> str:
    lines = [f"Round {min(state.round + 1, state.rounds)} of {state.rounds}",
             "Scores: " + ", ".join(f"{state.spec.seat_name(seat)} {score:+d}"
                                    for seat, score in enumerate(state.scores))]
    last = state.last_throws
    if last[0] is not None:
        lines.append("Last round: " + ", ".join(f"{state.spec.seat_name(seat)} {THROWS[throw]}"
                                                 for seat, throw in enumerate(last)))
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    return rules.initial_state(params["players"], params["rounds"], params["rock_win"])


KERNELS = GameKernels(
    legal=rules.legal_actions,
    apply=rules.apply_action,
    chance=no_chance_outcomes,
    returns=rules.returns,
    evaluate=rules.evaluate,
    max_actions=3,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
    legal_for=rules.legal_for,
    apply_joint=rules.apply_joint,
)

DEFINITION = GameDefinition(state_class=RpsState, kernels=KERNELS, make_ai=ai_factory("toy_catalog.rps.ai"))
"""The game as the catalogue plays it."""
