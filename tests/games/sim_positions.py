"""What the Sim tests share: the game's spec, the seats and a way to play edges written as 'a-b'."""

from __future__ import annotations

from tui_games import catalog

SPEC = catalog.get("sim")
RED, BLUE, GREEN = range(3)


def play(state, *edges: str):
    """Play the edges named like 'a-b', in turn; returns the state."""
    for name in edges:
        state.apply(state.parse_action(name))
    return state
