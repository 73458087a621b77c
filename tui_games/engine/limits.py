"""The engine's size limits in one place, and the checks that keep kernels inside them.

Every action buffer a searcher uses is sized from the game's ``max_actions`` (the most legal actions
or chance outcomes any position can have), never a fixed guess: the Python driver allocates the root
buffer with :func:`action_buffers` and the kernels size every deeper buffer like it. After each call
of a game's ``legal`` or ``chance`` kernel a searcher calls :func:`check_width`, so a game whose
``max_actions`` is too small fails loudly instead of writing past a buffer unnoticed.
"""

from __future__ import annotations

from tui_games.engine.header import NUM_PLAYERS
from tui_games.engine.jit import FN_RETURNS, kernel, np, types

MAX_SEATS = 16
"""The most seats a state may declare in ``s[NUM_PLAYERS]`` (reward vectors have this many slots)."""

PLAYOUT_PLY_CAP = 10_000
"""Default most actions one random playout applies before it stops and scores the game as it stands."""

MCTS_BYTES = 32 << 20
"""Default memory budget of one MCTS tree (32 MiB, about 1.2 million nodes)."""

MAX_TREE_DEPTH = 4096
"""The deepest an MCTS descent goes below its root (the path buffer's length)."""


@kernel(types.int64(types.int64, types.int64))
def check_width(n, width):
    """``n`` when it fits a buffer of ``width`` slots; raises a clear error otherwise."""
    if n > width:
        raise ValueError("a game kernel wrote more actions than its max_actions allows")
    return n


@kernel(types.int64(types.int64[::1]))
def check_seats(s):
    """The number of seats of ``s``; raises when it exceeds :data:`MAX_SEATS`."""
    seats = s[NUM_PLAYERS]
    if seats > MAX_SEATS or seats < 1:
        raise ValueError("a state declares more seats than the engine supports (MAX_SEATS)")
    return seats


@kernel(types.float64(FN_RETURNS, types.int64[::1], types.int64))
def seat_return(returns, s, seat):
    """``seat``'s return in ``s`` (final once terminal), read through a buffer of MAX_SEATS slots."""
    out = np.zeros(MAX_SEATS, np.float64)
    returns(s, out)
    return out[seat]


def buffer_width(max_actions: int) -> int:
    """The width of an action buffer for a game with ``max_actions``; rejects nonsense sizes."""
    width = int(max_actions)
    if width < 1:
        raise ValueError(f"max_actions must be at least 1 (got {max_actions})")
    return width


def action_buffers(max_actions: int) -> tuple[np.ndarray, np.ndarray]:
    """An (actions int64, values float64) pair of root buffers sized for the game."""
    width = buffer_width(max_actions)
    return np.empty(width, np.int64), np.empty(width, np.float64)
