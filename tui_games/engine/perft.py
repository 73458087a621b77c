"""Game-tree counting over a game's kernels: perft leaf counts and complete-game statistics.

Used as rules regression tests against published counts (Tic Tac Toe's 255,168 games, Connect Four's
perft) and as a raw speed measure of the kernels.
"""

from tui_games.engine.header import PLAYER, PLY, TERMINAL, WINNER
from tui_games.engine.jit import FN_APPLY, FN_LEGAL, kernel, np, types

MAX_ACTIONS = 512


@kernel(types.int64(FN_LEGAL, FN_APPLY, types.int64[::1], types.int64))
def perft(legal, apply, s, depth):
    """Leaves of the game tree ``depth`` plies below ``s``; games that end sooner count as a leaf."""
    if depth == 0 or s[PLAYER] == TERMINAL:
        return 1
    moves = np.empty(MAX_ACTIONS, np.int64)
    n = legal(s, moves)
    child = np.empty_like(s)
    total = 0
    for i in range(n):
        child[:] = s
        apply(child, moves[i])
        total += perft(legal, apply, child, depth - 1)
    return total


@kernel(types.int64(FN_LEGAL, FN_APPLY, types.int64[::1], types.int64[:, ::1]))
def count_games(legal, apply, s, by_length_and_winner):
    """Count every complete game below ``s``.

    ``by_length_and_winner[ply, winner + 1]`` is incremented for each finished game (column 0 holds
    games without a winner). Returns the number of complete games.
    """
    if s[PLAYER] == TERMINAL:
        by_length_and_winner[s[PLY], s[WINNER] + 1] += 1
        return 1
    moves = np.empty(MAX_ACTIONS, np.int64)
    n = legal(s, moves)
    child = np.empty_like(s)
    total = 0
    for i in range(n):
        child[:] = s
        apply(child, moves[i])
        total += count_games(legal, apply, child, by_length_and_winner)
    return total
