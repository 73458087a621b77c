"""What the Hold'em table reads from a hand: the main pot and side pots with the seats that may win
each (this round's bets apart from the pots gathered before it), and typed raises that name too few
chips to be a raise."""

from __future__ import annotations

import pytest

from tui_games.core.errors import IllegalActionError
from tui_games.engine.cards.names import parse_card
from tui_games.games.limit_holdem.entry import SPEC as LIMIT
from tui_games.games.no_limit_holdem.entry import SPEC as NO_LIMIT

FOLD, CALL = 0, 1


def hand(spec, deal: str, *actions, **params):
    """A hand with the hole cards dealt in dealing order (``deal``), then ``actions`` (ints, or card
    names for the board)."""
    state = spec.new(seed=0, **params)
    for card in deal.split():
        state.apply(parse_card(card))
    for action in actions:
        state.apply(parse_card(action) if isinstance(action, str) else action)
    return state


def test_side_pots_name_the_seats_that_may_win_them():
    # Three seats, button 0: seat 1 (small blind) has 40 chips, the others 200. Seat 0 raises to 40,
    # seat 1 calls all in, seat 2 calls: one pot of 120 that all three may win.
    state = hand(NO_LIMIT, "As Ks Qs Ah Kh Qh", 40, CALL, CALL, "2c", "7d", "9h", players=3, stack_2=40)
    assert state.pots() == [(120, [0, 1, 2])]
    state.apply(100)  # seat 2 bets on the flop (to 100 in the hand): seat 1 is all in and stays out of it
    assert state.pots(collected=True) == [(120, [0, 1, 2])]  # the flop's bet still lies in front of seat 2
    state.apply(CALL)
    state.apply(parse_card("3s"))  # the turn: the flop's bets are gathered into a side pot
    assert state.pots(collected=True) == [(120, [0, 1, 2]), (120, [0, 2])]
    assert state.pots() == state.pots(collected=True)


def test_a_fold_leaves_its_chips_in_the_pot_but_not_its_seat():
    state = hand(NO_LIMIT, "As Ks Qs Ah Kh Qh", 10, FOLD, players=3)  # seat 0 raises, seat 1 folds
    assert state.pots() == [(5, [0, 2]), (8, [0])]  # 8 of the raise not yet called: only seat 0 may have them
    state.apply(CALL)
    assert state.pots() == [(21, [0, 2])]


@pytest.mark.parametrize("amount", [0, 1])
def test_a_raise_to_fewer_chips_than_a_raise_is_refused_not_read_as_fold_or_call(amount):
    state = hand(NO_LIMIT, "As Kd Qh Jc")
    for text in (f"raise {amount}", f"bet to {amount}"):
        with pytest.raises(IllegalActionError, match=f"a raise to {amount} is too small: the smallest makes "
                                                     "your chips in the pot 4"):
            state.parse_action(text)


def test_a_typed_raise_when_no_raise_is_allowed_says_why():
    state = hand(LIMIT, "As Kd Qh Jc", 2, 2, 2, 2)  # four raises pre-flop: the cap
    assert state.legal_actions() == [FOLD, CALL]
    with pytest.raises(IllegalActionError, match="no more raises"):
        state.parse_action("raise 1")
