"""A tiny splitmix64 random generator whose whole state is one int64 in an array.

Numba's own np.random state is thread-local and unseeded from Python, so kernels that draw take an
explicit ``rng`` array (``rng[0]`` is the state) and call these functions.
"""

from tui_games.engine.jit import kernel, np

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@kernel()
def next_u64(rng):
    """Advance rng[0] and return 64 random bits."""
    z = np.uint64(rng[0]) + _GOLDEN
    rng[0] = np.int64(z)
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@kernel()
def randint(rng, n):
    """A uniform integer in [0, n) (n > 0)."""
    return np.int64(next_u64(rng) % np.uint64(n))


@kernel()
def uniform(rng):
    """A uniform float in [0, 1)."""
    return np.float64(next_u64(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@kernel()
def pick_weighted(rng, probs, n):
    """An index in [0, n) drawn with the given probabilities (they should sum to 1)."""
    r = uniform(rng)
    acc = 0.0
    for i in range(n - 1):
        acc += probs[i]
        if r < acc:
            return i
    return n - 1


def make_rng(seed: int):
    """A fresh rng array for the kernels, from a Python integer seed."""
    return np.array([seed & 0xFFFFFFFFFFFFFFFF], dtype=np.uint64).view(np.int64)
