"""The pace of AI moves: how long an AI's turn lasts at least, so that a person can follow the play.

The setting (``ai_think_time``, "AI move pace" on the settings screen) is the least time from the start
of an AI's turn to its move, the time it spent thinking included. An AI that moves right after another
AI waits half that, so a table of AIs goes round briskly (at the default 0.4 s, nine AIs after a
person take 2 s, not 9) while each move is still seen.
"""

from __future__ import annotations

RUN_SHARE = 0.5
"""The share of the pace an AI move waits when the move before it was an AI's too."""


def ai_move_pace(setting: float, after_ai: bool) -> float:
    """The least seconds an AI's turn takes: ``setting``, or its :data:`RUN_SHARE` ``after_ai``."""
    return setting * RUN_SHARE if after_ai else setting


def follows_ai_move(match) -> bool:
    """True when the last move of ``match`` (chance outcomes aside) was made by an AI seat: the coming
    AI move is part of a run of AI moves."""
    for mover in reversed(match.movers):
        if mover >= 0:
            return match.seats[mover].is_ai
    return False


__all__ = ["RUN_SHARE", "ai_move_pace", "follows_ai_move"]
