"""The elimination kernels shared by games whose seats go out one by one (Sim, Yavalath): turn order
that skips the seats out, the order they went out in, and the end of a move."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games.engine.elimination import IN_PLAY, end_move, next_in_play, put_out
from tui_games.engine.header import HEADER_SIZE, NO_WINNER, NUM_PLAYERS, PLAYER, TERMINAL, WINNER

OUT = HEADER_SIZE
"""The out field sits right after the header in these hand-made states."""


def fresh(seats: int, mover: int = 0, gone: tuple[int, ...] = ()) -> np.ndarray:
    """A state array of ``seats`` seats, ``mover`` to move and the seats of ``gone`` out in that order."""
    s = np.zeros(HEADER_SIZE + seats, np.int64)
    s[NUM_PLAYERS] = seats
    s[PLAYER] = mover
    s[WINNER] = NO_WINNER
    for order, seat in enumerate(gone, start=1):
        s[OUT + seat] = order
    return s


def test_the_turn_passes_to_the_next_seat_still_in():
    assert next_in_play(fresh(3), OUT, 0) == 1
    assert next_in_play(fresh(3), OUT, 2) == 0
    assert next_in_play(fresh(3, gone=(1,)), OUT, 0) == 2
    assert next_in_play(fresh(4, gone=(3, 0)), OUT, 2) == 1


def test_seats_go_out_in_order_and_the_count_left_is_returned():
    s = fresh(3)
    assert put_out(s, OUT, 2) == 2 and s[OUT + 2] == 1
    assert put_out(s, OUT, 0) == 1 and s[OUT + 0] == 2
    assert s[OUT + 1] == IN_PLAY


def test_a_safe_move_hands_the_turn_on_skipping_the_seats_out():
    s = fresh(3, mover=0, gone=(1,))
    end_move(s, OUT, 0, False, False)
    assert s[PLAYER] == 2 and s[WINNER] == NO_WINNER and s[OUT + 0] == IN_PLAY


def test_a_lost_move_puts_the_mover_out_and_play_goes_on_while_two_are_in():
    s = fresh(3, mover=1)
    end_move(s, OUT, 1, True, False)
    assert s[OUT + 1] == 1 and s[PLAYER] == 2 and s[WINNER] == NO_WINNER


@pytest.mark.parametrize(("seats", "gone", "mover", "winner"), [(2, (), 0, 1), (2, (), 1, 0), (3, (0,), 2, 1),
                                                                 (3, (1,), 0, 2)])
def test_when_one_seat_is_left_in_it_wins_even_on_a_full_board(seats, gone, mover, winner):
    for full in (False, True):
        s = fresh(seats, mover=mover, gone=gone)
        end_move(s, OUT, mover, True, full)
        assert s[PLAYER] == TERMINAL and s[WINNER] == winner and s[OUT + mover] == len(gone) + 1


def test_a_full_board_ends_the_game_with_no_winner():
    s = fresh(3, mover=2, gone=(0,))
    end_move(s, OUT, 2, False, True)
    assert s[PLAYER] == TERMINAL and s[WINNER] == NO_WINNER
    s = fresh(3, mover=2)
    end_move(s, OUT, 2, True, True)  # out on the last edge, two seats left in: they tie
    assert s[PLAYER] == TERMINAL and s[WINNER] == NO_WINNER and s[OUT + 2] == 1
