"""Outcome: places for any number of seats, shared places for ties, and each seat's result."""

from tui_games.core.outcome import Outcome, SeatOutcome, Termination, places_from_returns


def test_places_share_ties_and_skip_after_them():
    assert places_from_returns([1.0, -1.0]) == [1, 2]
    assert places_from_returns([0.2, 1.0, 0.0]) == [2, 1, 3]
    assert places_from_returns([1.0, 1.0, -1.0]) == [1, 1, 3]
    assert places_from_returns([0.0, 0.0, 0.0]) == [1, 1, 1]


def test_two_player_win_and_draw():
    win = Outcome.from_returns([-1.0, 1.0])
    assert win.termination is Termination.WIN
    assert win.winners == (1,)
    assert [win.seat_outcome(s) for s in (0, 1)] == [SeatOutcome.LOST, SeatOutcome.WON]
    draw = Outcome.from_returns([0.0, 0.0])
    assert draw.termination is Termination.DRAW
    assert draw.winners == ()
    assert draw.seat_outcome(0) is SeatOutcome.DRAWN


def test_three_seats_with_two_sharing_first_place():
    outcome = Outcome.from_returns([1.0, -1.0, 1.0], Termination.ELIMINATION)
    assert outcome.winners == (0, 2)
    assert outcome.places == (1, 3, 1)
    assert [outcome.seat_outcome(s) for s in range(3)] == [SeatOutcome.WON, SeatOutcome.LOST, SeatOutcome.WON]


def test_solo_game_is_ranked_by_its_score():
    assert Outcome.from_returns([2048.0]).termination is Termination.SCORE
    assert Outcome.from_returns([-1.5]).seat_outcome(0) is SeatOutcome.LOST
    assert Outcome.from_returns([0.0]).seat_outcome(0) is SeatOutcome.DRAWN


def test_seats_against_the_house_win_or_lose_on_their_own():
    outcome = Outcome.from_returns([1.5, -1.0, 0.0], against_house=True)
    assert outcome.termination is Termination.SCORE
    assert [outcome.seat_outcome(s) for s in range(3)] == [SeatOutcome.WON, SeatOutcome.LOST, SeatOutcome.DRAWN]
    assert outcome.winners == (0,)


def test_a_game_may_decide_each_seat_result_itself():
    outcome = Outcome(Termination.SCORE, (20316.0,), (1,), results=(SeatOutcome.LOST,))
    assert outcome.seat_outcome(0) is SeatOutcome.LOST
    assert outcome.winners == ()
