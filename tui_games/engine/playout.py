"""Uniformly random play inside one kernel: the playouts of the Monte Carlo searchers and the
engine's raw speed measure.

Every playout stops after at most ``max_plies`` actions (chance outcomes included), so a game that
can cycle never hangs a search; a capped game is scored by its returns as they stand. Buffers come
from the caller, sized from the game's ``max_actions``.
"""

from __future__ import annotations

from tui_games.engine.header import CHANCE, PLAYER, TERMINAL
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_LEGAL, FN_RETURNS, kernel, np, types
from tui_games.engine.limits import PLAYOUT_PLY_CAP, buffer_width, check_width
from tui_games.engine.rng import pick_weighted, randint

LEGACY_MAX_ACTIONS = 4096
"""Buffer width for :func:`random_playouts` callers that do not pass the game's ``max_actions``."""


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, types.int64[::1], types.int64, types.int64[::1],
                    types.int64[::1], types.float64[::1]))
def random_moves(legal, apply, chance, s, max_plies, rng, actions, probs):
    """Play random actions in ``s`` (chance by its probabilities) until the end or ``max_plies``.

    Returns the number of actions applied; the game is unfinished when that equals ``max_plies``
    and ``s`` is not terminal. ``actions``/``probs`` are scratch buffers of the game's width.
    """
    width = actions.shape[0]
    plies = 0
    while s[PLAYER] != TERMINAL and plies < max_plies:
        if s[PLAYER] == CHANCE:
            n = check_width(chance(s, actions, probs), width)
            apply(s, actions[pick_weighted(rng, probs, n)])
        else:
            n = check_width(legal(s, actions), width)
            apply(s, actions[randint(rng, n)])
        plies += 1
    return plies


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, FN_RETURNS, types.int64[::1], types.int64,
                    types.int64[::1], types.int64[::1], types.float64[::1], types.float64[::1]))
def playout(legal, apply, chance, returns, s, max_plies, rng, actions, probs, out):
    """Finish the game in ``s`` at random (at most ``max_plies`` actions); ``out`` gets the returns.

    Returns the number of actions applied.
    """
    plies = random_moves(legal, apply, chance, s, max_plies, rng, actions, probs)
    out[:] = 0.0
    returns(s, out)
    return plies


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, types.int64[::1], types.int64, types.int64,
                    types.int64[::1], types.int64[::1], types.float64[::1], types.int64[::1]))
def playout_batch(legal, apply, chance, start, games, max_plies, rng, actions, probs, totals):
    """Play ``games`` random games from ``start``; returns the number of actions applied.

    ``totals[0]`` counts the games played, ``totals[1]`` the chance outcomes among the actions and,
    when ``totals`` has a third slot, ``totals[2]`` the games cut off by ``max_plies``.
    """
    width = actions.shape[0]
    s = np.empty_like(start)
    applied = 0
    for _ in range(games):
        s[:] = start
        plies = 0
        while s[PLAYER] != TERMINAL and plies < max_plies:
            if s[PLAYER] == CHANCE:
                n = check_width(chance(s, actions, probs), width)
                apply(s, actions[pick_weighted(rng, probs, n)])
                totals[1] += 1
            else:
                n = check_width(legal(s, actions), width)
                apply(s, actions[randint(rng, n)])
            plies += 1
        applied += plies
        totals[0] += 1
        if s[PLAYER] != TERMINAL and totals.shape[0] > 2:
            totals[2] += 1
    return applied


def random_playouts(legal, apply, chance, start, games: int, rng, totals,
                    max_actions: int = LEGACY_MAX_ACTIONS, max_plies: int = PLAYOUT_PLY_CAP) -> int:
    """Play ``games`` uniformly random games from ``start`` (see :func:`playout_batch`).

    Pass the game's ``max_actions`` to size the buffers exactly; ``max_plies`` caps every game.
    """
    width = buffer_width(max_actions)
    return playout_batch(legal, apply, chance, start, games, max_plies, rng, np.empty(width, np.int64),
                         np.empty(width, np.float64), totals)
