"""Determinized flat Monte Carlo search: the top AI level.

Each iteration deals one world the searching seat cannot tell from the real one (:mod:`.worlds`) and,
in that same world, tries every legal action, finishing the hand with rule-player playouts (:mod:`.policy`,
a little randomized) for both seats. An action's value is its mean return (points) over the worlds;
sharing each world among the actions compares them on the same cards.
"""

from tui_games.engine.jit import kernel, np, types
from tui_games.engine.stopflag import should_stop
from tui_games.games.gin_rummy import rules
from tui_games.games.gin_rummy.policy import play_out
from tui_games.games.gin_rummy.worlds import sample_weighted

POLL = 2
"""Iterations between two looks at the stop flag."""


@kernel(types.int64(types.int64[::1], types.int64, types.int64, types.float64, types.int64[::1],
                    types.int64[::1], types.int64[::1], types.int64, types.float64[::1], types.float64[::1],
                    types.int64[::1], types.float64[::1]))
def flat_monte_carlo(root, player, iterations, epsilon, rng, control, moves, n_moves, sums, squares, visits,
                     weights):
    """Up to ``iterations`` worlds for ``player`` (to move in ``root``, of which only what it sees is
    read), the other hand's hidden cards dealt in proportion to ``weights`` (:mod:`.inference`):
    ``sums[i]``, ``squares[i]`` and ``visits[i]`` collect the returns of ``moves[i]``, their squares and
    their count. Returns the worlds dealt."""
    world = np.empty_like(root)
    s = np.empty_like(root)
    actions = np.empty(rules.MAX_ACTIONS, np.int64)
    probs = np.empty(rules.MAX_ACTIONS, np.float64)
    out = np.zeros(2, np.float64)
    done = 0
    while done < iterations:
        if done % POLL == 0 and should_stop(control, done):
            break
        sample_weighted(root, player, rng, weights, world)
        for i in range(n_moves):
            s[:] = world
            rules.apply_action(s, moves[i])
            play_out(s, True, epsilon, rng, actions, probs)
            rules.returns(s, out)
            value = out[player]
            sums[i] += value
            squares[i] += value * value
            visits[i] += 1
        done += 1
    return done
