"""The common header at the start of every game's state array.

Layout: ``s[PLAYER]`` player to move (or CHANCE / TERMINAL), ``s[PLY]`` actions applied so far
(chance outcomes included), ``s[WINNER]`` winning seat once decided (NO_WINNER otherwise, and for
draws), ``s[NUM_PLAYERS]`` number of seats. Game-specific fields start at ``HEADER_SIZE``.
"""

PLAYER = 0
PLY = 1
WINNER = 2
NUM_PLAYERS = 3
HEADER_SIZE = 4

NO_WINNER = -1
"""``s[WINNER]`` while the game runs, after a draw, and in games without a single winner."""

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4
"""Same values as :mod:`tui_games.core.players`; repeated here as plain ints for the kernels."""
