"""Limit Texas Hold'em: one hand per state (the shared :mod:`tui_games.engine.cards.holdem` rules with
fixed-limit betting) and the cash-game sitting.

Blinds 1 and 2; bets and raises are 2 pre-flop and on the flop, 4 on the turn and river; at most
four bets and raises a round (the blinds are not counted). Actions: 0 fold, 1 check or call,
2 bet or raise. Chance outcomes are card ids (rank * 4 + suit), named like "As".
"""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.engine.cards import betting as bt
from tui_games.engine.cards import holdem
from tui_games.engine.cards.holdem_state import (HoldemState, button_seat, figures, make_kernels, result_text,
                                                 seat_count, sitting, table_stacks)

SMALL_BLIND = 1
BIG_BLIND = 2
RAISE_CAP = 4
"""Bets and raises allowed in one betting round."""
DEFAULT_STACK = 1000
"""Chips each seat sits down with (500 big blinds: limit betting rarely puts a seat all in)."""
MAX_ACTIONS = 52
"""The most outcomes at a node: the 52 cards of a fresh deck (a seat has at most three actions)."""


def _initial(seed: int, params: dict):
    seats = seat_count(params)
    stacks = holdem.np.array(table_stacks(params, seats, DEFAULT_STACK), dtype=holdem.np.int64)
    return holdem.initial_state(seats, bt.FIXED_LIMIT, SMALL_BLIND, BIG_BLIND, RAISE_CAP, stacks,
                                button_seat(params, seats))


KERNELS = make_kernels(MAX_ACTIONS, _initial)

SITTING = sitting(lambda params: DEFAULT_STACK)
"""Hands until the player leaves; stacks carry over and the button moves a seat a hand."""

DEFINITION = GameDefinition(
    state_class=HoldemState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.limit_holdem.ai"),
    result_text=result_text, figures=figures, series=SITTING,
)
"""A sitting of Limit Hold'em hands."""

__all__ = ["BIG_BLIND", "DEFAULT_STACK", "DEFINITION", "KERNELS", "RAISE_CAP", "SITTING", "SMALL_BLIND"]
