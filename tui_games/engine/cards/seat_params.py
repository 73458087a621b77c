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


def _universal_poker(betting: str, **more: object) -> tuple[tuple[str, object], ...]:
    """OpenSpiel's ``universal_poker`` (an ACPC game definition) as heads-up Texas Hold'em with blinds
    1/2: seat 1 (the button) posts the small blind and acts first before the flop, last after it."""
    game = {"betting": betting, "numPlayers": 2, "numRounds": 4, "blind": "2 1", "firstPlayer": "2 1 1 1",
            "numSuits": 4, "numRanks": 13, "numHoleCards": 2, "numBoardCards": "0 3 1 1", **more}
    return tuple(game.items())


LIMIT_HEADS_UP = _universal_poker("limit", raiseSize="2 2 4 4", maxRaises="4 4 4 4", stack="1000 1000")
"""Heads-up Limit Hold'em as our limit game plays it (bets of 2, then 4; four bets and raises a
round; 1,000 chips), for ``tui-games bench``."""
NO_LIMIT_HEADS_UP = _universal_poker("nolimit", stack="200 200", bettingAbstraction="fullgame")
"""Heads-up No-limit Hold'em as our no-limit game plays it by default (100 big blinds of 2), every
bet size allowed, for ``tui-games bench``."""
