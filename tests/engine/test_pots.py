"""Main and side pots and their settlement: the rules seed's example, split pots and odd chips,
folded chips staying in, uncalled bets coming back, and invariants over random contributions."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games.engine.cards.pots import award_pots, side_pots


def pots_of(totals, live):
    n = len(totals)
    amounts = np.zeros(n + 1, dtype=np.int64)
    eligible = np.zeros(n + 1, dtype=np.int64)
    count = side_pots(np.array(totals, dtype=np.int64), np.array(live, dtype=np.int64), n, amounts, eligible)
    return [(int(amounts[k]), [i for i in range(n) if eligible[k] >> i & 1]) for k in range(count)]


def settle(totals, live, values, first_seat=0):
    n = len(totals)
    won = np.zeros(n, dtype=np.int64)
    award_pots(np.array(totals, dtype=np.int64), np.array(live, dtype=np.int64),
               np.array(values, dtype=np.int64), n, first_seat, won)
    return [int(x) for x in won]


def test_the_rules_seeds_side_pot_example():
    """A and B bet 100 each, C goes all in with 40: pot 1 is 3 x 40 = 120 for A, B and C, pot 2 is
    2 x 60 = 120 for A and B only (../shared/seeds/gbg-game-rules.txt, Poker, All In)."""
    a, b, c = 0, 1, 2
    assert pots_of([100, 100, 40], [1, 1, 1]) == [(120, [a, b, c]), (120, [a, b])]
    assert settle([100, 100, 40], [1, 1, 1], [5, 3, 9]) == [120, 0, 120]  # C best: pot 1; A beats B: pot 2
    assert settle([100, 100, 40], [1, 1, 1], [9, 3, 5]) == [240, 0, 0]  # A best takes both
    assert settle([100, 100, 40], [1, 1, 1], [4, 4, 9]) == [60, 60, 120]  # A and B split pot 2


def test_folded_chips_stay_in_the_pot_for_the_others():
    assert pots_of([50, 100, 100], [0, 1, 1]) == [(250, [1, 2])]
    assert settle([50, 100, 100], [0, 1, 1], [99, 2, 7]) == [0, 0, 250]  # the folded best hand wins nothing


def test_an_uncalled_bet_comes_back():
    assert pots_of([100, 40], [1, 1]) == [(80, [0, 1]), (60, [0])]
    assert settle([100, 40], [1, 1], [1, 2]) == [60, 80]


def test_the_last_seat_in_takes_everything_whatever_the_cards():
    assert settle([2, 1, 6], [0, 0, 1], [9, 9, 0]) == [0, 0, 9]  # a walk: the big blind takes the blinds
    assert settle([30, 80, 10], [0, 1, 0], [5, 0, 5]) == [0, 120, 0]


def test_odd_chips_go_to_the_first_winner_left_of_the_button():
    totals, live, values = [10, 10, 10, 1], [1, 1, 1, 0], [7, 7, 7, 0]  # 31 chips, a three-way tie
    assert settle(totals, live, values, first_seat=2) == [10, 10, 11, 0]
    assert settle(totals, live, values, first_seat=0) == [11, 10, 10, 0]
    assert settle(totals, live, values, first_seat=3) == [11, 10, 10, 0]  # the folded seat is passed over
    assert settle([10, 10, 10, 2], live, values, first_seat=1) == [10, 12, 10, 0]  # both odd chips
    # two of four tie; the odd chip passes over the losers to the first winner from the button's left
    totals, live, values = [5, 5, 5, 5, 1], [1, 1, 1, 1, 0], [7, 1, 1, 7, 0]
    assert settle(totals, live, values, first_seat=1) == [10, 0, 0, 11, 0]
    assert settle(totals, live, values, first_seat=0) == [11, 0, 0, 10, 0]


def test_hands_that_win_nothing_are_mucked_before_the_pots_are_split():
    """Seat 0 (all in for 3) loses; 1 and 2 tie. Split pot by pot, the 9-chip main pot and the
    15-chip side pot would each give 1 odd chip to seat 1 (13 against 11); with seat 0 mucked both
    pots have the same contenders and are one pot of 24, as pokerkit pushes it: 12 each."""
    totals, live, values = [3, 10, 10, 4], [1, 1, 1, 0], [1, 5, 5, 0]
    assert pots_of(totals, live) == [(12, [0, 1, 2]), (15, [1, 2])]
    assert settle(totals, live, values, first_seat=1) == [0, 14, 13, 0]
    totals = [3, 10, 10, 0]
    assert pots_of(totals, [1, 1, 1, 0]) == [(9, [0, 1, 2]), (14, [1, 2])]
    assert settle(totals, [1, 1, 1, 0], values, first_seat=1) == [0, 12, 11, 0]


def test_several_side_pots_go_to_the_best_hand_that_may_win_each():
    totals = [10, 20, 30, 40, 40]
    values = [50, 40, 30, 20, 10]  # the shortest stack has the best hand
    assert [amount for amount, _ in pots_of(totals, [1] * 5)] == [50, 40, 30, 20]
    assert settle(totals, [1] * 5, values) == [50, 40, 30, 20, 0]


@st.composite
def hands(draw):
    n = draw(st.integers(2, 10))
    totals = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    live = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    values = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))  # few values: many ties
    live_top = max((t for t, alive in zip(totals, live) if alive), default=0)
    for i in range(n):  # as in play: no folded seat put in more than the most a live seat did
        if not live[i]:
            totals[i] = min(totals[i], live_top)
    return totals, live, values, draw(st.integers(0, n - 1))


@settings(max_examples=400, deadline=None)
@given(hands())
def test_settlement_keeps_every_chip_and_pays_only_live_seats(case):
    totals, live, values, first = case
    pots = pots_of(totals, live)
    assert sum(amount for amount, _ in pots) == sum(totals)
    for (_, outer), (_, inner) in zip(pots, pots[1:]):
        assert set(inner) < set(outer)  # each side pot is for fewer seats than the pot below it
    won = settle(totals, live, values, first)
    if any(live[i] and totals[i] > 0 for i in range(len(totals))):
        assert sum(won) == sum(totals)
    for i, chips in enumerate(won):
        if not live[i]:
            assert chips == 0
        else:
            assert chips <= sum(min(t, totals[i]) for t in totals)  # never more than it could claim
    best = max((values[i] for i in range(len(totals)) if live[i] and totals[i] == max(totals)), default=None)
    if best is not None and all(values[i] <= best for i in range(len(totals)) if live[i]):
        winners = [i for i in range(len(totals)) if live[i] and values[i] == best]
        assert sum(won[i] for i in winners) == sum(totals)  # a best hand that covers everyone wins it all
