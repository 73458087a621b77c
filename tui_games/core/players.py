"""Player ids used by every game state (OpenSpiel's vocabulary)."""

CHANCE = -1
"""``current_player`` when the next action is a chance outcome (a card, a tile, a die)."""

SIMULTANEOUS = -2
"""``current_player`` when all players choose at once and move with ``apply_joint``."""

INVALID = -3
"""Not a player: used for 'nobody' in kernels (no winner yet, empty cell owner)."""

TERMINAL = -4
"""``current_player`` once the game is over."""


def seat_name(player: int) -> str:
    """A human-readable name for a player id, e.g. 'Player 1' for id 0."""
    if player == CHANCE:
        return "Chance"
    if player == SIMULTANEOUS:
        return "Everyone"
    if player == TERMINAL:
        return "Game over"
    return f"Player {player + 1}"
