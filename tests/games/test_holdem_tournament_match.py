"""A Hold'em tournament through the match: one state from the first hand to the last, a save resumed in
the middle of a hand, and a move log that keeps the cards nobody was shown face down, even after the
end (the final position holds only the last hand)."""

from __future__ import annotations

import numpy as np

from tui_games.games.holdem_tournament.spec import SPEC
from tui_games.match import Match, Seat
from seat_ais import seat_ai

FOLD, CALL = 0, 1


def test_a_hotseat_tournament_keeps_folded_cards_face_down_to_the_end(home):
    match = Match.new(SPEC, {"players": 3, "stack": 100, "betting": "no-limit"}, [Seat(), Seat(), Seat()], seed=5)
    state = match.state
    first_hand = [entry for entry in match.log_entries if entry.mover < 0]
    seat_1_cards = [entry.name for entry in first_hand if entry.audience == 1]
    assert len(seat_1_cards) == 2
    match.play(FOLD)  # the button folds, the small blind (seat 1) folds: the big blind wins 10
    match.play(FOLD)
    assert match.state.hand_number == 2 and not match.is_over
    while not match.is_over:
        state = match.state
        match.play(state.parse_action("allin") if state.raise_range() else CALL)
    assert match.state.is_terminal and match.state.winner is not None
    for observer in (0, 2, -1):
        lines = [line for _, line in match.log_for(observer)]
        assert not any(card in line for line in lines[:6] for card in seat_1_cards), observer
        assert sum("a face-down card" in line for line in lines[:6]) >= 2
    assert match.result_text.startswith(f"Player {match.state.winner + 1} wins the tournament after")


def test_a_tournament_resumes_in_the_middle_of_a_hand(home):
    match = Match.new(SPEC, {"players": 4, "stack": 200}, [Seat(), Seat("ai", 1), Seat("ai", 2), Seat("ai", 3)],
                      seed=7)
    while match.state.hand_number < 3 or not match.human_to_move:
        if match.ai_to_move:
            match.play(seat_ai(match, match.to_move).choose(match.state.clone()))
        else:
            match.play(CALL)
        assert not match.is_over
    assert match.state.hand_number == 3 and match.human_to_move
    resumed = Match.resume(match.save())
    assert np.array_equal(resumed.state.array, match.state.array)
    assert resumed.state.history == match.state.history and resumed.move_log == match.move_log
    assert resumed.deal_number == 1 and resumed.series is None  # one state: the whole tournament
