"""Gin Rummy matches: scoring written out hand by hand (boxes, the game bonus, a shutout, the player who
reaches the target first winning whatever the boxes give the other), the deal alternating, a hand dealt
to seat 1 first equal to OpenSpiel's with the seats swapped, and a match saved in the middle of a hand
and of the match that resumes."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.series import Series
from tui_games.engine.observer import audience_of
from tui_games.games.gin_rummy.constants import card_name
from tui_games.games.gin_rummy.game import MATCH, match_end

SPEC = catalog.get("gin-rummy")


def standing_after(*hands: tuple[float, float], target: int = 100):
    """The match's standing after hands with these returns."""
    standing = MATCH.start(2, {"target": target})
    for returns in hands:
        assert not MATCH.reached(standing, MATCH.target_for({"target": target}))
        standing = MATCH.add(standing, returns)
    return standing


def test_a_match_adds_boxes_and_the_game_bonus_at_the_end():
    standing = standing_after((30.0, -30.0), (-12.0, 12.0))
    assert standing.scores == (30.0, 12.0) and standing.facts["boxes"] == [1, 1]
    standing = MATCH.add(standing, (75.0, -75.0))
    # 105 points, 100 for the game, two boxes of 25; the loser 12 and one box
    assert standing.scores == (255.0, 37.0)
    assert MATCH.reached(standing, MATCH.target_for({"target": 100}))
    assert MATCH.places(standing) == (1, 2)


def test_an_undercut_and_a_dead_hand():
    standing = standing_after((-27.0, 27.0), (0.0, 0.0), (-31.0, 31.0), (40.0, -40.0), (-50.0, 50.0))
    # seat 1 won three hands (27 + 31 + 50 = 108) and the match; seat 0 one hand of 40
    assert standing.scores == (40.0 + 25, 108.0 + 3 * 25 + 100)
    assert standing.facts["boxes"] == [1, 3] and MATCH.places(standing) == (2, 1)


def test_a_shutout_doubles_the_winners_total():
    standing = standing_after((60.0, -60.0), (0.0, 0.0), (45.0, -45.0))
    assert standing.scores == (2 * (105.0 + 100 + 2 * 25), 0.0)
    assert MATCH.places(standing) == (1, 2)
    assert match_end([0.0, 120.0], [0, 1], 1) == [0.0, 2 * (120.0 + 25 + 100)]


def test_the_first_to_the_target_wins_though_the_boxes_give_the_loser_more():
    standing = standing_after(*[(-13.0, 13.0)] * 7, (100.0, -100.0))
    assert standing.scores == (100.0 + 25 + 100, 91.0 + 7 * 25)  # 225 against 266
    assert standing.scores[1] > standing.scores[0]
    assert MATCH.places(standing) == (1, 2)
    series = Series(MATCH, 2, seed=1, params={"target": 100})
    series.standing = standing
    outcome = series.outcome()
    assert outcome.places == (1, 2) and outcome.winners == (0,)


def test_equal_final_totals_are_no_draw_the_first_to_the_target_wins():
    hands = [(-13.0, 13.0)] * 3 + [(-12.0, 12.0)] * 3 + [(100.0, -100.0)]
    standing = standing_after(*hands)
    assert standing.scores == (225.0, 225.0)  # 100 + 25 + 100 against 75 + 6 * 25
    series = Series(MATCH, 2, seed=1, params={"target": 100})
    series.standing = standing
    outcome = series.outcome()
    assert outcome.termination.name != "DRAW" and outcome.places == (1, 2) and outcome.winners == (0,)


def test_a_one_hand_match_keeps_the_hands_returns():
    standing = standing_after((-27.0, 27.0), target=0)
    assert standing.scores == (-27.0, 27.0)
    assert MATCH.target_for({"target": 0}).value == 1


def test_the_deal_alternates_and_a_hand_without_score_is_dealt_again():
    series = Series(MATCH, 2, seed=3, params={"target": 100})
    firsts = []
    for returns in ((30.0, -30.0), (0.0, 0.0), (-12.0, 12.0), (12.0, -12.0), (0.0, 0.0), (5.0, -5.0)):
        firsts.append(series.next_setup()[1]["first"])
        series.standing = MATCH.add(series.standing, returns)
    firsts.append(series.next_setup()[1]["first"])
    # seat 0 first (seat 1 deals); the deal passes after each hand that scores, not after a dead hand
    assert firsts == [0, 1, 1, 0, 1, 1, 0]
    assert series.standing.button == 1  # the dealer button: seat 1 deals the next hand


def test_a_hand_dealt_to_seat_1_first():
    state = SPEC.new(seed=4, target=0, first=1)
    audiences = []
    while state.current_player < 0:
        action = state.sample_chance()
        audiences.append(audience_of(state, action))
        state.apply(action)
    assert audiences[:10] == [1] * 10 and audiences[10:20] == [0] * 10
    assert state.first == 1 and state.current_player == 1 and state.phase == "first upcard"
    assert state.legal_actions() == [52, 54]
    state.apply(54)
    assert state.current_player == 0
    state.apply(54)
    assert state.current_player == 1 and state.legal_actions() == [53]


def test_seat_1_first_is_openspiels_hand_with_the_seats_swapped():
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("gin_rummy")
    for seed in range(30):
        rng = random.Random(seed)
        theirs = game.new_initial_state()
        ours = SPEC.new(seed=seed, target=0, first=1)
        while not theirs.is_terminal():
            if theirs.is_chance_node():
                action = rng.choice([a for a, _ in theirs.chance_outcomes()])
            else:
                assert ours.current_player == 1 - theirs.current_player()
                legal = theirs.legal_actions()
                assert ours.legal_actions() == sorted(legal)
                action = rng.choice(legal)
            theirs.apply_action(action)
            ours.apply(action)
        assert ours.returns() == theirs.returns()[::-1]
        hands = theirs.hands()
        assert [ours.hand(1), ours.hand(0)] == [[card_name(c) for c in sorted(hand)] for hand in hands]


def finish_hand(match, ai) -> None:
    """Play the current hand to its end, both seats by ``ai``."""
    while not match.is_over:
        match.play(ai.choose(match.state.clone()))


def test_a_match_resumes_mid_hand_and_mid_match_and_counts(home):
    from tui_games.match import Match, Seat
    from tui_games.store import stats

    ai = SPEC.ai(2, seed=1)
    match = Match.new(SPEC, {"target": 100}, [Seat(), Seat()], seed=11)
    hands = []
    while not hands or not any(hands[-1]):
        if hands:
            match.next_deal()
        finish_hand(match, ai)
        hands.append(tuple(match.state.returns()))
    match.next_deal()
    assert match.state.first == 1  # the first hand that scored passed the deal to Player 1
    for _ in range(5):
        match.play(ai.choose(match.state.clone()))
    resumed = Match.resume(match.save())
    assert resumed.deal_number == len(hands) + 1 and resumed.state.history == match.state.history
    assert np.array_equal(resumed.state.array, match.state.array) and resumed.standing == match.standing
    assert resumed.state.first == 1
    while not resumed.match_over:
        finish_hand(resumed, ai)
        hands.append(tuple(resumed.state.returns()))
        if not resumed.match_over:
            resumed.next_deal()
    points = [sum(max(r[seat], 0.0) for r in hands) for seat in range(2)]
    boxes = [sum(r[seat] > 0 for r in hands) for seat in range(2)]
    champion = 0 if points[0] >= 100 else 1
    assert resumed.standing.scores == tuple(match_end(points, boxes, champion))
    rows = stats.summary()  # hotseat: one row for each seat's view
    assert len(rows) == 2 and all(row.played == 1 and row.deals == len(hands) for row in rows)
    assert sum(row.counts["hands_won"] for row in rows) == sum(boxes)
    assert sorted(row.won for row in rows) == [0, 1]
