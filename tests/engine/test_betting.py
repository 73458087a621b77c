"""The shared betting round, written hand by hand: blind order, the minimum raise, short all-ins that
do not reopen the betting, raise caps, walks, short blinds, antes, refusals and their reasons."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games.engine.cards import betting as bt
from tui_games.engine.header import CHANCE, PLAYER, TERMINAL

T = 7  # the table region starts inside a bigger state array, as in a game
BIG = 10_000


def table(stacks, button, structure=bt.NO_LIMIT, cap=0, blinds=(1, 2), unit=None, post=True):
    """A hand just dealt: blinds posted and the first round open (unless ``post`` is False)."""
    s = np.full(T + bt.TABLE_SIZE + 3, -9, dtype=np.int64)
    bt.seat_table(s, T, len(stacks), structure, blinds[0], blinds[1], cap, 0)
    for seat, chips in enumerate(stacks):
        s[T + bt.STACKS + seat] = chips
    bt.start_hand(s, T, button)
    if post:
        bt.post_blinds(s, T)
        bt.open_round(s, T, blinds[1] if unit is None else unit, bt.NOBODY)
    return s


def to_act(s):
    return int(s[T + bt.TO_ACT])


def legal(s):
    out = np.zeros(BIG, dtype=np.int64)
    return [int(a) for a in out[:bt.legal_actions(s, T, out)]]


def play(s, *actions):
    for action in actions:
        assert bt.apply_action(s, T, action) == bt.OK, (action, bt.explain(s, T, action))


def seats(s, name):
    return list(s[T + bt.TABLE.offset(name):T + bt.TABLE.offset(name) + int(s[T + bt.SEATS])])


def bounds(s):
    out = np.zeros(2, dtype=np.int64)
    assert bt.raise_bounds(s, T, out) == bt.OK
    return int(out[0]), int(out[1])


def settle(s, values):
    """Award the pots; the chips each seat took (and check the returns add up to nothing)."""
    bt.award(s, T, np.array(values, dtype=np.int64))
    assert sum(bt.hand_result(s, T, seat) for seat in range(int(s[T + bt.SEATS]))) == 0
    return seats(s, "won")


def test_the_table_region_is_laid_out_and_read_by_name():
    s = table([100, 100, 100], button=0)
    assert s[T - 1] == -9 and s[T + bt.TABLE_SIZE] == -9  # nothing outside the region is written
    read = bt.TABLE.read(s, T)
    assert read["seats"] == 3 and read["button"] == 0
    assert read["bets"][:3] == [0, 1, 2] and read["stacks"][:3] == [100, 99, 98]
    assert "stacks (10)" in bt.TABLE.diagram()


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop_only():
    for button in (0, 1):
        other = 1 - button
        s = table([100, 100], button=button)
        assert s[T + bt.SMALL_BLIND_SEAT] == button and s[T + bt.BIG_BLIND_SEAT] == other
        assert seats(s, "bets")[button] == 1 and seats(s, "bets")[other] == 2
        assert to_act(s) == button
        play(s, bt.CALL)
        assert to_act(s) == other  # the big blind's option
        assert legal(s)[:2] == [bt.CALL, 4]  # check, or raise; no fold when nothing is owed
        play(s, bt.CALL)
        assert to_act(s) == bt.NOBODY
        bt.open_next_round(s, T, 2, bt.NOBODY)
        assert to_act(s) == other  # after the flop the big blind acts first


def test_turn_actions_are_the_betting_actions_only_at_a_seats_turn():
    s = table([100, 100], button=0)  # the state header's player (slot 0) sits before the table
    out = np.zeros(BIG, dtype=np.int64)
    s[PLAYER] = to_act(s)
    assert [int(a) for a in out[:bt.turn_actions(s, T, out)]] == legal(s) and legal(s)
    for mover in (CHANCE, TERMINAL):
        s[PLAYER] = mover
        assert bt.turn_actions(s, T, out) == 0


def test_with_more_seats_the_blinds_follow_the_button_and_the_next_seat_opens():
    s = table([100] * 3, button=0)
    assert (s[T + bt.SMALL_BLIND_SEAT], s[T + bt.BIG_BLIND_SEAT], to_act(s)) == (1, 2, 0)
    s = table([100] * 6, button=3)
    assert (s[T + bt.SMALL_BLIND_SEAT], s[T + bt.BIG_BLIND_SEAT], to_act(s)) == (4, 5, 0)
    play(s, bt.CALL, bt.CALL, bt.CALL, bt.CALL, bt.CALL, bt.CALL)
    assert to_act(s) == bt.NOBODY
    bt.open_next_round(s, T, 2, bt.NOBODY)
    assert to_act(s) == 4  # after the flop: the first seat after the button


def test_seats_without_chips_are_passed_over():
    s = np.zeros(T + bt.TABLE_SIZE, dtype=np.int64)
    bt.seat_table(s, T, 4, bt.NO_LIMIT, 1, 2, 0, 50)
    s[T + bt.STACKS + 1] = 0
    s[T + bt.BUTTON] = 0
    assert bt.next_button(s, T) == 2
    bt.start_hand(s, T, 0)
    assert seats(s, "in_hand") == [1, 0, 1, 1]
    bt.post_blinds(s, T)
    assert (s[T + bt.SMALL_BLIND_SEAT], s[T + bt.BIG_BLIND_SEAT]) == (2, 3)
    bt.open_round(s, T, 2, bt.NOBODY)
    assert to_act(s) == 0


def test_a_walk_everyone_folds_to_the_big_blind():
    s = table([100] * 4, button=0)  # seat 1 small blind, seat 2 big blind, seat 3 opens
    play(s, bt.FOLD, bt.FOLD)
    assert to_act(s) == 1  # the small blind
    play(s, bt.FOLD)
    assert to_act(s) == bt.NOBODY and bt.hand_won_by_folds(s, T)
    assert seats(s, "acted")[2] == 0  # the big blind never had to act
    assert settle(s, [0, 0, 0, 0]) == [0, 0, 3, 0]
    assert seats(s, "stacks") == [100, 99, 101, 100]


def test_the_minimum_raise_is_the_last_full_raise():
    s = table([200] * 3, button=0)
    assert bounds(s) == (4, 200)  # to the big blind plus a big blind; all in at most
    play(s, 6)  # the button raises to 6: by 4
    assert bounds(s) == (10, 200)
    play(s, 20)  # the small blind raises to 20: by 14
    assert bounds(s) == (34, 200)
    assert legal(s) == [bt.FOLD, bt.CALL] + list(range(34, 201))
    play(s, bt.CALL, bt.CALL)
    assert to_act(s) == bt.NOBODY and bt.pot_size(s, T) == 60
    bt.open_next_round(s, T, 2, bt.NOBODY)
    assert to_act(s) == 1 and bounds(s) == (22, 200)  # a bet of at least the big blind: total 22
    play(s, 30)  # bets 10
    assert bounds(s) == (40, 200)


def test_a_short_all_in_does_not_reopen_the_betting_for_a_seat_that_acted():
    # after the flop: seat 0 bets 10; seat 1 has 15 left and goes all in, 5 more: not a full raise
    s = table([100, 17, 100], button=2)
    play(s, bt.CALL, bt.CALL, bt.CALL)
    bt.open_next_round(s, T, 2, bt.NOBODY)
    assert to_act(s) == 0
    play(s, 12)  # a bet of 10 (hand total 12)
    assert bounds(s) == (17, 17)  # seat 1 can only raise all in, short of a full raise
    play(s, 17)  # seat 1: all in, a raise by 5
    assert to_act(s) == 2 and bounds(s) == (27, 100)  # seat 2 has not acted: it may raise by 10 more
    play(s, bt.CALL)
    assert to_act(s) == 0
    assert bt.raise_error(s, T) == bt.ERR_NOT_REOPENED
    assert legal(s) == [bt.FOLD, bt.CALL]
    assert "short of a full raise" in bt.explain(s, T, 40)
    play(s, bt.CALL)
    assert to_act(s) == bt.NOBODY


def test_a_full_raise_all_in_reopens_the_betting():
    s = table([100, 30, 100], button=2)
    play(s, bt.CALL, bt.CALL, bt.CALL)
    bt.open_next_round(s, T, 2, bt.NOBODY)
    play(s, 12, 30)  # bet 10, then all in for 28: a raise by 18
    play(s, bt.CALL)
    assert to_act(s) == 0 and bt.raise_error(s, T) == bt.OK and bounds(s) == (48, 100)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_it():
    s = table([100, 17, 23, 100], button=3)
    play(s, bt.CALL, bt.CALL, bt.CALL, bt.CALL)
    bt.open_next_round(s, T, 2, bt.NOBODY)
    assert to_act(s) == 0
    play(s, 12)  # bet 10
    play(s, 17)  # all in: raise by 5
    play(s, 23)  # all in: raise by 6; 11 in all since seat 0 bet
    play(s, bt.CALL)
    assert to_act(s) == 0 and bt.raise_error(s, T) == bt.OK


def test_no_raise_when_everyone_else_is_all_in_or_calling_takes_every_chip():
    s = table([50, 200], button=0)
    play(s, 50)  # the small blind is all in
    assert bt.raise_error(s, T) == bt.ERR_EVERYONE_ALL_IN and legal(s) == [bt.FOLD, bt.CALL]
    assert "everyone else is all in" in bt.explain(s, T, 100)
    s = table([200, 30], button=0)
    play(s, 100)
    assert bt.raise_error(s, T) == bt.ERR_COVERED and bt.to_call(s, T) == 28  # all in for less
    play(s, bt.CALL)
    assert seats(s, "stacks") == [100, 0] and bt.betting_finished(s, T)
    assert settle(s, [1, 2]) == [70, 60]  # the uncalled 70 comes back


def test_short_blinds_go_all_in_and_nobody_acts_when_nothing_is_left_to_decide():
    s = table([100, 1], button=0)  # the big blind has one chip
    assert seats(s, "bets") == [1, 1] and seats(s, "stacks") == [99, 0]
    assert to_act(s) == bt.NOBODY and bt.betting_finished(s, T)
    s = table([100, 100, 1], button=0)  # three seats, the big blind all in for 1
    assert to_act(s) == 0 and bt.to_call(s, T) == 1 and bounds(s) == (3, 100)


def test_fixed_limit_raises_are_one_unit_and_capped_at_four_a_round():
    s = table([100, 100], button=0, structure=bt.FIXED_LIMIT, cap=4)
    assert legal(s) == [bt.FOLD, bt.CALL, bt.RAISE]
    totals = []
    for _ in range(4):
        play(s, bt.RAISE)
        totals.append(int(s[T + bt.MAX_BET]))
    assert totals == [4, 6, 8, 10]
    assert bt.raise_error(s, T) == bt.ERR_RAISE_CAP and legal(s) == [bt.FOLD, bt.CALL]
    assert bt.explain(s, T, bt.RAISE) == "no more raises this round: 4 bets and raises is the limit"
    assert bt.action_error(s, T, 12) == bt.ERR_NO_SUCH_ACTION  # no 'raise to' amounts in limit
    play(s, bt.CALL)
    bt.open_next_round(s, T, 4, bt.NOBODY)  # the turn: bets of 4
    play(s, bt.RAISE)
    assert s[T + bt.MAX_BET] == 4 and bt.to_call(s, T) == 4


def test_a_fixed_limit_raise_with_too_few_chips_is_all_in():
    s = table([100, 5], button=1, structure=bt.FIXED_LIMIT, cap=4)
    play(s, bt.RAISE)  # the button raises to 4 with 5 chips
    play(s, bt.RAISE)  # the big blind re-raises to 6
    assert bt.to_call(s, T) == 1 and bt.raise_error(s, T) == bt.ERR_COVERED


def test_refusals_change_nothing_and_say_why():
    s = table([100, 100, 100], button=0)
    before = s.copy()
    assert bt.apply_action(s, T, 3) == bt.ERR_TOO_SMALL
    assert bt.explain(s, T, 3) == "a raise to 3 is too small: the smallest makes your chips in the pot 4"
    assert bt.apply_action(s, T, 101) == bt.ERR_TOO_LARGE
    assert "all in makes your chips in the pot 100" in bt.explain(s, T, 101)
    assert bt.apply_action(s, T, -3) == bt.ERR_NO_SUCH_ACTION
    assert np.array_equal(s, before)
    play(s, bt.CALL, bt.CALL)
    assert bt.apply_action(s, T, bt.FOLD) == bt.ERR_NOTHING_TO_FOLD  # the big blind owes nothing
    assert bt.explain(s, T, bt.FOLD) == "there is no bet to call: check instead of folding"
    play(s, bt.CALL)
    assert bt.apply_action(s, T, bt.CALL) == bt.ERR_NO_TURN
    assert bt.explain(s, T, bt.CALL) == "nobody is to act: the betting round is over"
    assert bt.explain(s, T, bt.CALL) is not None


def test_antes_are_dead_money_and_a_game_may_name_the_opener():
    """The Leduc ante variant: one chip each, no blinds, player 0 opens every round."""
    s = table([100, 100], button=0, structure=bt.FIXED_LIMIT, cap=2, post=False)
    for seat in (0, 1):
        assert bt.post_ante(s, T, seat, 1) == 1
    bt.open_round(s, T, 2, 0)
    assert to_act(s) == 0 and legal(s) == [bt.CALL, bt.RAISE] and bt.pot_size(s, T) == 2
    play(s, bt.RAISE, bt.RAISE)
    assert legal(s) == [bt.FOLD, bt.CALL]  # two raises a round
    play(s, bt.CALL)
    assert seats(s, "totals") == [5, 5]
    bt.open_next_round(s, T, 4, 0)
    play(s, bt.RAISE, bt.FOLD)
    assert bt.hand_won_by_folds(s, T) and settle(s, [0, 9]) == [14, 0]


def test_side_pots_of_the_table_and_settlement_with_three_all_ins():
    s = table([40, 100, 100], button=2)  # seat 0 small blind, seat 1 big blind, seat 2 opens
    play(s, 100)  # seat 2 all in
    play(s, bt.CALL, bt.CALL)  # seat 0 all in for 40, seat 1 calls all in
    assert to_act(s) == bt.NOBODY and bt.betting_finished(s, T)
    amounts = np.zeros(bt.MAX_SEATS + 1, dtype=np.int64)
    eligible = np.zeros(bt.MAX_SEATS + 1, dtype=np.int64)
    assert bt.table_pots(s, T, amounts, eligible) == 2
    assert list(amounts[:2]) == [120, 120] and list(eligible[:2]) == [0b111, 0b110]
    assert settle(s, [9, 5, 5]) == [120, 60, 60]
    assert seats(s, "stacks") == [120, 60, 60]


@pytest.mark.parametrize("structure", [bt.FIXED_LIMIT, bt.NO_LIMIT])
def test_every_legal_action_is_accepted_and_every_other_refused(structure):
    rng = np.random.default_rng(4)
    for _ in range(60):
        s = table(list(rng.integers(1, 60, 4)), button=int(rng.integers(4)), structure=structure,
                  cap=4 if structure == bt.FIXED_LIMIT else 0)
        streets = 0
        while streets < 4:
            if to_act(s) == bt.NOBODY:
                if bt.hand_won_by_folds(s, T):
                    break
                streets += 1
                bt.open_next_round(s, T, 2, bt.NOBODY)
                continue
            actions = legal(s)
            for candidate in range(-1, 130):
                assert (bt.action_error(s, T, candidate) == bt.OK) == (candidate in actions), candidate
            play(s, int(rng.choice(actions)))


def test_actions_in_words_and_typed_actions_in_no_limit():
    from tui_games.core.errors import IllegalActionError, InvalidMoveError

    s = table([100, 100, 100], button=0)
    assert [bt.action_text(s, T, a) for a in (bt.FOLD, bt.CALL, 6, 100)] == [
        "fold", "call 2", "raise to 6", "raise to 100 (all in)"]
    assert bt.parse_action(s, T, "Raise 6") == bt.parse_action(s, T, "raise to 6") == 6
    assert bt.parse_action(s, T, "bet 6") == bt.parse_action(s, T, "r 6") == 6
    assert bt.parse_action(s, T, "raise") == 4  # the smallest raise
    assert bt.parse_action(s, T, "all-in") == bt.parse_action(s, T, "allin") == 100
    assert bt.parse_action(s, T, "call") == bt.CALL and bt.parse_action(s, T, " fold ") == bt.FOLD
    with pytest.raises(IllegalActionError, match="you cannot check: 2 to call"):
        bt.parse_action(s, T, "check")
    with pytest.raises(IllegalActionError, match="too small: the smallest makes your chips in the pot 4"):
        bt.parse_action(s, T, "raise 3")
    with pytest.raises(IllegalActionError, match="all in makes your chips in the pot 100"):
        bt.parse_action(s, T, "raise to 500")
    for junk in ("dance", "", "raise forty", "call 5"):
        with pytest.raises(InvalidMoveError, match="is no action"):
            bt.parse_action(s, T, junk)
    play(s, bt.CALL, bt.CALL, bt.CALL)
    bt.open_next_round(s, T, 2, bt.NOBODY)
    assert bt.action_text(s, T, bt.CALL) == "check" and bt.action_text(s, T, 12) == "bet to 12"
    assert bt.parse_action(s, T, "check") == bt.CALL
    with pytest.raises(IllegalActionError, match="check instead of folding"):
        bt.parse_action(s, T, "fold")


def test_typed_actions_in_limit_and_all_in_by_calling():
    from tui_games.core.errors import IllegalActionError

    s = table([100, 100], button=0, structure=bt.FIXED_LIMIT, cap=4)
    assert bt.action_text(s, T, bt.RAISE) == "raise to 4"
    assert bt.parse_action(s, T, "raise") == bt.parse_action(s, T, "raise 4") == bt.RAISE
    with pytest.raises(IllegalActionError, match="in limit the raise makes your chips in the pot 4, not 6"):
        bt.parse_action(s, T, "raise 6")
    s = table([50, 30], button=0)
    play(s, 50)
    assert bt.parse_action(s, T, "all in") == bt.CALL
    assert bt.action_text(s, T, bt.CALL) == "call 28 (all in)"
    with pytest.raises(IllegalActionError, match="calling already puts you all in"):
        bt.parse_action(s, T, "raise")
