"""Pure-Python leaf of the package: protocol constants, errors, game specs and the registry.

Nothing under ``core`` imports numba or textual.
"""
