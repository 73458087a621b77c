"""Uniformly random complete games inside one kernel: the engine's raw speed measure."""

from tui_games.engine.header import PLAYER, TERMINAL, CHANCE
from tui_games.engine.jit import FN_APPLY, FN_CHANCE, FN_LEGAL, kernel, np, types
from tui_games.engine.rng import pick_weighted, randint

MAX_ACTIONS = 4096


@kernel(types.int64(FN_LEGAL, FN_APPLY, FN_CHANCE, types.int64[::1], types.int64, types.int64[::1],
                    types.int64[::1]))
def random_playouts(legal, apply, chance, start, games, rng, totals):
    """Play ``games`` uniformly random games from ``start`` (chance drawn by its probabilities).

    Returns the number of actions applied; ``totals[0]`` counts finished games and ``totals[1]`` the
    chance outcomes among the actions.
    """
    actions = np.empty(MAX_ACTIONS, np.int64)
    probs = np.empty(MAX_ACTIONS, np.float64)
    s = np.empty_like(start)
    applied = 0
    for _ in range(games):
        s[:] = start
        while s[PLAYER] != TERMINAL:
            if s[PLAYER] == CHANCE:
                n = chance(s, actions, probs)
                apply(s, actions[pick_weighted(rng, probs, n)])
                totals[1] += 1
            else:
                n = legal(s, actions)
                apply(s, actions[randint(rng, n)])
            applied += 1
        totals[0] += 1
    return applied
