"""No-limit Texas Hold'em: one hand per state (the shared :mod:`tui_games.engine.cards.holdem` rules
with no-limit betting) and the cash-game sitting.

Params: ``players`` 2-10, ``stack`` in big blinds (100), ``big_blind`` in chips (2; the small blind is
half of it, at least 1). Actions: 0 fold, 1 check or call, and any ``a >= 2``: bet or raise so that
my chips in the pot this hand total ``a`` (ACPC / OpenSpiel universal_poker). Chance outcomes are
card ids (rank * 4 + suit), named like "As".
"""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import InvalidParameterError
from tui_games.engine.cards import betting as bt
from tui_games.engine.cards import holdem
from tui_games.engine.cards.holdem_state import (HoldemState, button_seat, figures, make_kernels, result_text,
                                                 seat_count, sitting, table_stacks)

DEFAULT_STACK_BB = 100
DEFAULT_BIG_BLIND = 2
MAX_TABLE_CHIPS = 20000
"""The most chips a table may hold: every 'raise to' total is an action, so this sizes the buffers."""
MAX_ACTIONS = MAX_TABLE_CHIPS + 2


def big_blind(params: dict) -> int:
    """The ``big_blind`` parameter, checked (2 chips or more, so the small blind is a whole chip)."""
    chips = int(params.get("big_blind", DEFAULT_BIG_BLIND))
    if chips < 2:
        raise InvalidParameterError(f"the big blind must be at least 2 chips (got {chips})")
    return chips


def buy_in(params: dict) -> int:
    """Chips each seat sits down with: ``stack`` big blinds."""
    stack = int(params.get("stack", DEFAULT_STACK_BB))
    if stack < 1:
        raise InvalidParameterError(f"the stack must be at least 1 big blind (got {stack})")
    return stack * big_blind(params)


def _initial(seed: int, params: dict):
    seats = seat_count(params)
    stacks = table_stacks(params, seats, buy_in(params))
    if sum(stacks) > MAX_TABLE_CHIPS:
        raise InvalidParameterError(f"{sum(stacks)} chips on the table: at most {MAX_TABLE_CHIPS} "
                                    "(fewer players, a smaller stack or a smaller big blind)")
    chips = big_blind(params)
    return holdem.initial_state(seats, bt.NO_LIMIT, chips // 2, chips, 0,
                                holdem.np.array(stacks, dtype=holdem.np.int64), button_seat(params, seats))


KERNELS = make_kernels(MAX_ACTIONS, _initial)

SITTING = sitting(buy_in)
"""Hands until the player leaves; stacks carry over, the button moves a seat a hand, a broke seat
buys in again for ``stack`` big blinds."""

DEFINITION = GameDefinition(
    state_class=HoldemState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.no_limit_holdem.ai"),
    result_text=result_text, figures=figures, series=SITTING,
)
"""A sitting of No-limit Hold'em hands."""

__all__ = ["DEFAULT_BIG_BLIND", "DEFAULT_STACK_BB", "DEFINITION", "KERNELS", "MAX_ACTIONS", "MAX_TABLE_CHIPS",
           "SITTING", "big_blind", "buy_in"]
