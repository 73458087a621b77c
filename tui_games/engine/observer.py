"""What each seat may see: the observer that knows what is public and what is private to whom.

A game with hidden information gives its :class:`~tui_games.engine.kernel_state.GameKernels` two
hooks: ``redact`` (a jitted kernel ``redact(state, player, out) -> 0`` writing into ``out`` the state
as ``player`` sees it: cards they may not see replaced by :data:`UNSEEN`, and whatever would betray
them, such as what is left in the shoe, made whole again) and ``audience`` (for an action about to be
applied, who sees what it is: :data:`EVERYONE`, :data:`NOBODY`, or one seat). A perfect-information
game gives neither: every seat sees the whole state and every action.

Observations, information states and the move log all go through this one module, so a hidden card
is hidden everywhere or nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

EVERYONE = -1
"""Audience of a public action (a move, a card dealt face up)."""
NOBODY = -2
"""Audience of an action no seat sees yet (the dealer's hole card)."""
PUBLIC_VIEW = -1
"""The 'seat' of a spectator: sees only what is public."""
UNSEEN = -1
"""What a redacted slot holds where a card or piece is hidden from the observer."""

HIDDEN_ACTION_NAME = "(face down)"
"""How an action the observer may not see is named."""


def sees(audience: int, observer: int | None) -> bool:
    """True when ``observer`` (a seat, PUBLIC_VIEW, or None for the all-seeing referee) sees an
    action whose audience is ``audience``."""
    if observer is None or audience == EVERYONE:
        return True
    return audience == observer and observer >= 0


def redacted_array(kernels, array: np.ndarray, player: int | None) -> np.ndarray:
    """A copy of ``array`` as ``player`` sees it (the referee, None, sees everything)."""
    out = array.copy()
    if player is not None and kernels.redact is not None:
        kernels.redact(array, int(player), out)
    return out


def audience_of(state, action: int) -> int:
    """Who sees ``action`` when it is applied to ``state`` (EVERYONE unless the game says otherwise)."""
    hook = state.kernels.audience
    return EVERYONE if hook is None else int(hook(state, action))


class Observation(str):
    """What one seat may see, as text (OpenSpiel's observation string), with the structured view
    beside it: ``.state`` is a read-only copy of the state with everything hidden from ``.player``
    redacted, so views and searches read the game's own properties without a way to the secrets."""

    state: object
    player: int

    def __new__(cls, text: str, state, player: int) -> "Observation":
        observation = super().__new__(cls, text)
        observation.state = state
        observation.player = player
        return observation


@dataclass(frozen=True)
class LogEntry:
    """One applied action as the move log keeps it: who made it (a seat, or CHANCE), what it was,
    who may see it, and its full name."""

    mover: int
    action: int
    audience: int
    name: str

    def seen_by(self, observer: int | None) -> bool:
        """True when ``observer`` may know what this action was."""
        return sees(self.audience, observer)


__all__ = ["EVERYONE", "HIDDEN_ACTION_NAME", "LogEntry", "NOBODY", "Observation", "PUBLIC_VIEW", "UNSEEN",
           "audience_of", "redacted_array", "sees"]
