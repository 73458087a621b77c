"""Game-independent jitted machinery: state header, RNG, searchers and the Python state adapter.

Import :mod:`tui_games.engine.jit` before numba anywhere, so the kernel cache goes to the right place.
"""
