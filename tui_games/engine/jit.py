"""Numba set-up shared by every kernel: the cache, the decorator and the kernel signatures.

Every module that jits imports numba through here, so the kernel cache is set up first (see
:mod:`tui_games.engine.kernel_cache`: one cache folder per game, keyed by a hash of the engine's and
that game's sources; damaged entries cleared and recompiled; compiling in memory, with a notice, when
the cache cannot be written).

In a server's session process (``TUI_GAMES_KERNELS=remote``, see
:mod:`tui_games.core.remote_kernels`) numba is never imported: :func:`kernel` returns a proxy that
has the server run the kernel, and ``numba``, ``types``, the signatures, ``intrinsic`` and ``llvm_ir``
are placeholders.
"""

from __future__ import annotations

import numpy as np

from tui_games.core.remote_kernels import REMOTE, KernelProxy, Placeholder, register
from tui_games.engine.kernel_cache import cache_notices, kernel_cache_dir

if REMOTE:
    numba = Placeholder("numba")
    types = Placeholder("numba.types")
    llvm_ir = Placeholder("llvmlite.ir")

    def intrinsic(function):
        """An LLVM intrinsic runs inside kernels only: in remote mode it is a placeholder."""
        return Placeholder(f"intrinsic {function.__name__}")
else:
    import numba  # noqa: E402  (after the cache set-up above)
    from llvmlite import ir as llvm_ir  # noqa: E402,F401  (for intrinsics: llvmlite comes with numba)
    from numba import types  # noqa: E402
    from numba.core import typeinfer  # noqa: E402
    from numba.extending import intrinsic  # noqa: E402,F401

    from tui_games.engine.sealed_cache import enable_cache  # noqa: E402

STATE = types.int64[::1]
"""Every game state is a flat contiguous int64 array."""

SIG_LEGAL = types.int64(STATE, types.int64[::1])
"""legal(state, out) -> n: writes the legal actions of the player to move into out[:n]."""

SIG_APPLY = types.int64(STATE, types.int64)
"""apply(state, action) -> 0: plays an action (or a chance outcome) in place."""

SIG_CHANCE = types.int64(STATE, types.int64[::1], types.float64[::1])
"""chance(state, actions, probs) -> n: the chance outcomes at a chance node and their probabilities."""

SIG_RETURNS = types.int64(STATE, types.float64[::1])
"""returns(state, out) -> n_players: each player's return so far (final once terminal)."""

SIG_EVALUATE = types.float64(STATE, types.int64)
"""evaluate(state, player) -> heuristic value of a non-terminal state for player."""

FN_LEGAL = types.FunctionType(SIG_LEGAL)
FN_APPLY = types.FunctionType(SIG_APPLY)
FN_CHANCE = types.FunctionType(SIG_CHANCE)
FN_RETURNS = types.FunctionType(SIG_RETURNS)
FN_EVALUATE = types.FunctionType(SIG_EVALUATE)


def kernel(signature=None):
    """Decorator for a cached, GIL-free numba kernel, compiled at once when ``signature`` is given
    (else on first call); in remote mode, a :class:`~tui_games.core.remote_kernels.KernelProxy`."""

    def decorate(function):
        if REMOTE:
            return KernelProxy(function)
        dispatcher = enable_cache(numba.njit(nogil=True)(function))
        if signature is not None and hasattr(dispatcher, "disable_compile"):
            with typeinfer.register_dispatcher(dispatcher):  # as numba's own decorator does
                dispatcher.compile(signature)
            dispatcher.disable_compile()
        register(function, dispatcher)
        return dispatcher

    return decorate


__all__ = [
    "FN_APPLY", "FN_CHANCE", "FN_EVALUATE", "FN_LEGAL", "FN_RETURNS", "SIG_APPLY", "SIG_CHANCE",
    "SIG_EVALUATE", "SIG_LEGAL", "SIG_RETURNS", "STATE", "cache_notices", "intrinsic", "kernel", "kernel_cache_dir",
    "llvm_ir", "np", "numba", "types",
]

# ----- kernel signatures of the imperfect-information and puzzle searchers ------------------------

SIG_SAMPLE_WORLD = types.int64(STATE, types.int64, types.int64[::1], STATE)
"""sample_world(state, player, rng, out) -> 0: writes into out a complete state that player cannot
tell apart from state, every card player has not seen drawn at random (rng) from where it could be.
It must read nothing of state that player may not see (information-set MCTS relies on that)."""

SIG_INFOSTATE_KEY = types.int64(STATE, types.int64)
"""infostate_key(state, player) -> key: equal for two states exactly when player cannot tell them
apart (the information state as a number; CFR keys its tables by it)."""

SIG_HEURISTIC = types.int64(STATE)
"""heuristic(state) -> a lower bound on the actions still needed to solve a one-player puzzle
(admissible: never more than the true distance; 0 when solved)."""

FN_SAMPLE_WORLD = types.FunctionType(SIG_SAMPLE_WORLD)
FN_INFOSTATE_KEY = types.FunctionType(SIG_INFOSTATE_KEY)
FN_HEURISTIC = types.FunctionType(SIG_HEURISTIC)

__all__ += [
    "FN_HEURISTIC", "FN_INFOSTATE_KEY", "FN_SAMPLE_WORLD", "SIG_HEURISTIC", "SIG_INFOSTATE_KEY",
    "SIG_SAMPLE_WORLD",
]

# ----- kernel signature of the observer (what one seat may see) -----------------------------------

SIG_REDACT = types.int64(STATE, types.int64, STATE)
"""redact(state, player, out) -> 0: writes into out (a copy of state) the state as player sees it:
every slot player may not see set to UNSEEN (-1), and what would betray it made whole again."""

__all__ += ["SIG_REDACT"]

# ----- kernel signatures of simultaneous-move games ------------------------------------------------

SIG_LEGAL_FOR = types.int64(STATE, types.int64, types.int64[::1])
"""legal_for(state, player, out) -> n: at a simultaneous node (``s[PLAYER] == SIMULTANEOUS``) writes
the actions seat ``player`` may choose into out[:n]: at least one for every seat of the game (a seat
that sits the turn out gets a single 'pass'); 0 for a seat the game has not, or where no seat chooses."""

SIG_APPLY_JOINT = types.int64(STATE, types.int64[::1])
"""apply_joint(state, actions) -> 0: plays every seat's action at once (``actions[seat]``, each one
legal for its seat) at a simultaneous node, in place."""

FN_LEGAL_FOR = types.FunctionType(SIG_LEGAL_FOR)
FN_APPLY_JOINT = types.FunctionType(SIG_APPLY_JOINT)

__all__ += ["FN_APPLY_JOINT", "FN_LEGAL_FOR", "SIG_APPLY_JOINT", "SIG_LEGAL_FOR"]
