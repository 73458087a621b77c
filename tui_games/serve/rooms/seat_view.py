"""The game as one seat observes it: the only place a room reads the game for a person's screen.

Everything here goes through the observer (:mod:`tui_games.engine.observer`): the state array is
the seat's redacted copy, the history and the log hide what the seat may not know, the text is the
seat's observation. A spectator is the public view (PUBLIC_VIEW). The all-seeing state never leaves
this module: only what :func:`observed_fields` returns is sent.
"""

from __future__ import annotations

from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.serve.rooms.room_messages import LegalAction


def _plain(entry):
    return tuple(int(a) for a in entry) if isinstance(entry, (list, tuple)) else int(entry)


def named(state, action: int, viewer: int) -> LegalAction:
    """``action`` with its name as ``viewer`` may know it."""
    return LegalAction(int(action), state.action_to_string(int(action), observer=viewer))


def viewer_legal(match, viewer: int) -> list[int]:
    """The actions ``viewer`` (a seat) may take now: to move, or still to choose at a simultaneous
    node; else none."""
    if viewer < 0 or match.is_over:
        return []
    if match.at_simultaneous_node:
        return match.state.legal_actions(viewer) if viewer in match.seats_to_choose else []
    return match.state.legal_actions() if match.to_move == viewer else []


def observed_fields(match, viewer: int, may_move: bool) -> dict:
    """The game fields of a :class:`~tui_games.serve.rooms.room_messages.SeatView` for ``viewer`` (a
    seat, or PUBLIC_VIEW): the redacted state array, the history and log as the viewer may know them,
    the observation's text, the viewer's legal actions when ``may_move`` and it is their turn, their
    own secret choice at a simultaneous node, and the result and standing."""
    state = match.state
    viewer = PUBLIC_VIEW if viewer is None or viewer < 0 else int(viewer)
    observation = state.observation(viewer)
    seen = observation.state
    legal = tuple(named(state, a, viewer) for a in viewer_legal(match, viewer)) if may_move else ()
    choice = match.joint_choices.get(viewer) if viewer >= 0 and match.at_simultaneous_node else None
    over = match.is_over
    return dict(
        to_move=int(state.current_player),
        state=tuple(int(x) for x in seen.array),
        history=tuple(_plain(entry) for entry in seen.history),
        text=str(observation),
        legal=legal,
        my_choice=named(state, choice, viewer) if choice is not None else None,
        log=tuple(match.visible_log(observer=viewer)),
        result=match.result_text,
        over=over,
        match_over=match.match_over,
        returns=tuple(float(r) for r in state.returns()) if over else None,
        standing=tuple(match.series_lines()),
        deal_number=match.deal_number,
    )


__all__ = ["named", "observed_fields", "viewer_legal"]
