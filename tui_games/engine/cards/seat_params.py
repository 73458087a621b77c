"""Catalogue parameters shared by the poker games' entries (pure Python: the menu imports it)."""

from tui_games.core.spec import Param

SEAT_LIMIT = 10
"""The most seats a poker table has (betting.MAX_SEATS, without importing the kernels)."""


def stack_params(buy_in: str, maximum: int) -> tuple[Param, ...]:
    """``stack_1`` .. ``stack_10``: each seat's chips at the start of a hand (0: ``buy_in``, as words
    for the help line); a sitting carries them from hand to hand, so they are internal (not in menus)."""
    return tuple(Param(f"stack_{seat}", 0, f"Player {seat}'s chips at the start of the hand (0: {buy_in}; "
                       "a sitting carries them from hand to hand)", minimum=0, maximum=maximum, internal=True)
                 for seat in range(1, SEAT_LIMIT + 1))


def button_param() -> Param:
    """``button``: the dealer button's seat for one hand (a sitting moves it: internal, not in menus)."""
    return Param("button", 0, "the dealer button's seat for this hand (a sitting moves it)",
                 minimum=0, maximum=SEAT_LIMIT - 1, internal=True)


__all__ = ["SEAT_LIMIT", "button_param", "stack_params"]
