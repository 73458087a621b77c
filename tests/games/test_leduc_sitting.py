"""A Leduc sitting through the match: stacks carried from hand to hand, a rebuy after a bust, a save
resumed in the middle of a hand, net chips in the statistics, and a move log that keeps a folded card
face down."""

from __future__ import annotations

import numpy as np

from tui_games import catalog
from tui_games.match import Match, Seat
from tui_games.store import stats
from seat_ais import seat_ai

SPEC = catalog.get("leduc-holdem")
FOLD, CALL, RAISE = 0, 1, 2


def play_hand(match: Match, human: int) -> None:
    """Finish the current hand: the AI seats play their level, the human plays ``human`` (check or call
    when that is not legal)."""
    while not match.is_over:
        seat = match.to_move
        if match.seats[seat].is_ai:
            match.play(seat_ai(match, seat).choose(match.state.clone()))
        else:
            legal = match.state.legal_actions()
            match.play(human if human in legal else CALL)


def test_stacks_carry_over_and_a_bust_seat_buys_in_again(home):
    buy_ins = [5, 9]
    match = Match.new(SPEC, {"betting": "ante", "stack_1": 5, "stack_2": 9}, [Seat(), Seat("ai", 1)], seed=3)
    stacks = list(buy_ins)
    rebuys = [0, 0]
    for number in range(1, 41):
        assert match.deal_number == number
        assert match.state.params["stack_1"] == stacks[0] and match.state.params["stack_2"] == stacks[1]
        assert match.state.stacks == [stacks[0] - 1, stacks[1] - 1]  # the antes are in
        if any(rebuys):
            break  # the hand after the bust is dealt with the new buy-in
        play_hand(match, RAISE)  # against the maniac every chip goes in
        stacks = [stack + int(gain) for stack, gain in zip(stacks, match.state.returns())]
        for seat in (0, 1):
            if stacks[seat] == 0:
                stacks[seat] = buy_ins[seat]
                rebuys[seat] += 1
        assert match.standing.facts["stacks"] == stacks
        assert match.standing.facts["rebuys"] == rebuys
        match.next_deal()
    assert sum(rebuys) == 1
    assert sum(match.standing.scores) == 0


def test_a_sitting_resumes_mid_hand_and_counts_net_chips(home):
    match = Match.new(SPEC, {}, [Seat(), Seat("ai", 2)], seed=8)
    play_hand(match, CALL)
    first = match.state.returns()[0]
    match.next_deal()
    while match.ai_to_move:
        match.play(seat_ai(match, match.to_move).choose(match.state.clone()))
    assert not match.is_over and match.human_to_move
    resumed = Match.resume(match.save())
    assert resumed.deal_number == 2 and resumed.state.history == match.state.history
    assert np.array_equal(resumed.state.array, match.state.array)
    assert resumed.standing == match.standing and resumed.standing.facts["stacks"][0] == 100 + first
    play_hand(resumed, CALL)
    total = first + resumed.state.returns()[0]
    assert stats.summary() == []
    resumed.leave()
    (row,) = stats.summary()
    assert (row.game_id, row.played, row.deals, row.chips_history) == ("leduc-holdem", 1, 2, [total])
    assert resumed.result_text.endswith("after 2 hands")


def test_the_log_keeps_a_folded_card_face_down(home):
    match = Match.new(SPEC, {"betting": "ante"}, [Seat(), Seat()], seed=1)  # hotseat
    secret = match.state.private_cards(1)[0]
    match.play(RAISE)
    match.play(FOLD)  # Player 2 folds: its card is never shown
    assert match.is_over and not match.state.showdown
    for observer in (0, -1):
        lines = match.visible_log(observer)
        assert not any(secret in line for line in lines), lines
        assert any("a face-down card" in line for line in lines)
    assert any(secret in line for line in match.visible_log(1))


def test_the_log_shows_both_cards_after_a_showdown(home):
    match = Match.new(SPEC, {"betting": "ante"}, [Seat(), Seat()], seed=1)
    cards = [match.state.private_cards(seat)[0] for seat in (0, 1)]
    play_hand(match, CALL)
    assert match.state.showdown
    for observer in (0, 1, -1):
        text = "\n".join(match.visible_log(observer))
        assert cards[0] in text and cards[1] in text
