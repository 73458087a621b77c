"""Game-tree counting over a game's kernels: perft leaf counts and complete-game statistics.

Used as rules regression tests against published counts (Tic Tac Toe's 255,168 games, Connect Four's
perft) and as a raw speed measure of the kernels. The kernels take the action buffer width; the
Python functions :func:`perft` and :func:`count_games` size it from ``max_actions``.
"""

from __future__ import annotations

from tui_games.engine.header import PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import FN_APPLY, FN_LEGAL, kernel, np, types
from tui_games.engine.limits import buffer_width, check_width

LEGACY_MAX_ACTIONS = 512
"""Buffer width used when a caller does not pass the game's ``max_actions`` (checked, not trusted)."""


@kernel(types.int64(FN_LEGAL, FN_APPLY, types.int64[::1], types.int64, types.int64))
def perft_kernel(legal, apply, s, depth, width):
    """Leaves of the game tree ``depth`` plies below ``s``; games that end sooner count as a leaf."""
    if depth == 0 or s[PLAYER] == TERMINAL:
        return 1
    moves = np.empty(width, np.int64)
    n = check_width(legal(s, moves), width)
    child = np.empty_like(s)
    total = 0
    for i in range(n):
        child[:] = s
        apply(child, moves[i])
        total += perft_kernel(legal, apply, child, depth - 1, width)
    return total


@kernel(types.int64(FN_LEGAL, FN_APPLY, types.int64[::1], types.int64[:, ::1], types.int64))
def count_games_kernel(legal, apply, s, by_length_and_winner, width):
    """Count every complete game below ``s`` (see :func:`count_games`)."""
    if s[PLAYER] == TERMINAL:
        by_length_and_winner[s[PLY], s[WINNER] + 1] += 1
        return 1
    moves = np.empty(width, np.int64)
    n = check_width(legal(s, moves), width)
    child = np.empty_like(s)
    total = 0
    for i in range(n):
        child[:] = s
        apply(child, moves[i])
        total += count_games_kernel(legal, apply, child, by_length_and_winner, width)
    return total


def perft(legal, apply, s, depth: int, max_actions: int = LEGACY_MAX_ACTIONS) -> int:
    """Leaves of the game tree ``depth`` plies below ``s`` (games that end sooner count as a leaf)."""
    return int(perft_kernel(legal, apply, s, depth, buffer_width(max_actions)))


def count_games(legal, apply, s, by_length_and_winner, max_actions: int = LEGACY_MAX_ACTIONS) -> int:
    """Count every complete game below ``s``.

    ``by_length_and_winner[ply, winner + 1]`` is incremented for each finished game (column 0 holds
    games without a winner). Returns the number of complete games.
    """
    return int(count_games_kernel(legal, apply, s, by_length_and_winner, buffer_width(max_actions)))
