"""Seeds derived from a game's seed (a seat's AI, a searcher, a deal, an arena game), for any seed.

Plain Python (no numba), so the match and the command line may use it without loading the kernels.
"""

SEED_LIMIT = 2**63
"""Derived seeds are below this (and not negative): every generator and int64 array takes them."""


def derive_seed(seed: int, salt: int = 0, scale: int = 1) -> int:
    """``seed * scale + salt`` wrapped into [0, SEED_LIMIT): never overflows, whatever whole ``seed``
    (near 2**63, negative, or wider than 64 bits). A result the plain arithmetic already kept in that
    range is unchanged, so seeds derived before stay what they were."""
    return (int(seed) * scale + salt) % SEED_LIMIT
