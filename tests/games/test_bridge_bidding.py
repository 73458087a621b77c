"""Bridge's bidding system: hand evaluation, textbook hands and their openings, responses and rebids
(Stayman, transfers, Jacoby, raises and game tries by points and losing tricks, Blackwood), competitive
calls (overcalls, takeout,
negative and penalty doubles), the inference each auction gives, and the system never making an illegal
call: four seats bidding by it on random deals, and random auctions where it calls now and then.

Hands are written spades.hearts.diamonds.clubs ("AKQ2.KJ3.Q84.J72"); auctions as call names from the
dealer on, North dealing unless a test says otherwise."""

from __future__ import annotations

import random
import time

import pytest

from tui_games.games.bridge.bidding import choose_call, explanations, inferences, legal_calls, replay
from tui_games.games.bridge.bidding_captain import agreed_trumps
from tui_games.games.bridge.bidding_core import Context
from tui_games.games.bridge.constants import (BID_BASE, DOUBLE, NUM_ACTIONS, PASS, REDOUBLE, call_name,
                                              parse_action)
from tui_games.games.bridge.hand_eval import Hand, losers_for_points, opening_suit, response_major

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def calls(*names: str) -> list[int]:
    """Call ids from their names."""
    return [parse_action(name) for name in names]


def bid(hand: str, auction: tuple[str, ...] | list[str] = (), dealer: int = 0, vulnerability: str = "none") -> str:
    """The explanation of the call the system makes with ``hand`` after ``auction``."""
    choice = choose_call(Hand.from_text(hand), dealer, vulnerability, calls(*auction))
    assert choice.explanation.startswith(call_name(choice.call) + ": ")
    return choice.explanation


def call_of(hand: str, auction: tuple[str, ...] | list[str] = (), dealer: int = 0) -> str:
    """The name of the call the system makes."""
    return bid(hand, auction, dealer).split(":")[0]


def deal(rng: random.Random) -> list[list[int]]:
    """Four random hands, N E S W."""
    cards = list(range(52))
    rng.shuffle(cards)
    return [sorted(cards[seat::4]) for seat in range(4)]


# -- hand evaluation ----------------------------------------------------------------------------------

def test_hand_counts_points_shape_and_stoppers():
    hand = Hand.from_text("AKQ2.KJ3.Q84.J72")
    assert hand.hcp == 16 and hand.lengths == (3, 3, 3, 4) and hand.shape == (4, 3, 3, 3)
    assert hand.balanced and not hand.five_card_major and hand.length_points == 0
    assert hand.suit_hcp == (1, 2, 4, 9)
    assert hand.aces == 1 and hand.kings == 2 and hand.controls == 4
    assert [hand.stopper(s) for s in range(4)] == [False, True, True, True]
    long = Hand.from_text("AQ873.KJ954.4.72")
    assert long.hcp == 10 and long.total_points == 12 and long.rule_of_20() and not long.balanced
    assert Hand.from_text("AKJ52.K3.Q84.J72").balanced  # 5-3-3-2
    assert Hand.from_text("AKJ5.K3.Q842.J72").balanced  # 4-4-3-2
    assert not Hand.from_text("AKJ52.K.Q842.J72").balanced  # 5-4-3-1
    assert not Hand.from_text("AKJ5.K3.Q8.J7432").balanced  # 5-4-2-2


def test_support_points_count_short_suits_once_a_fit_is_known():
    dummy = Hand.from_text("K932.Q873.8.J974")  # four spades: singleton 3
    assert dummy.hcp == 6 and dummy.support_points(SPADES) == 9
    three = Hand.from_text("K93.Q8732.8.J974")  # three spades: singleton 2
    assert three.support_points(SPADES) == 8
    long = Hand.from_text("AKJ874.K3.8.Q974")  # six trumps: 2 length, singleton 2, doubleton 1
    assert long.support_points(SPADES) == 13 + 2 + 2 + 1
    assert Hand.from_text("K9.Q8732.8.J9742").support_points(SPADES) == 6  # no fit: HCP only


def test_stoppers_quick_tricks_and_suit_quality():
    hand = Hand.from_text("A.K2.Q32.J432T98")
    assert [hand.stopper(s) for s in (SPADES, HEARTS, DIAMONDS, CLUBS)] == [True, True, True, True]
    weak = Hand.from_text("K.Q2.J32.T985432")
    assert [weak.stopper(s) for s in (SPADES, HEARTS, DIAMONDS, CLUBS)] == [False, False, False, False]
    assert Hand.from_text("AK2.AQ3.KQ4.K432").quick_tricks(SPADES) == 2.0
    assert Hand.from_text("AK2.AQ3.KQ4.K432").quick_tricks(HEARTS) == 1.5
    assert Hand.from_text("AK2.AQ3.KQ4.K432").quick_tricks(DIAMONDS) == 1.0
    assert Hand.from_text("AK2.AQ3.KQ4.K432").quick_tricks(CLUBS) == 0.5
    assert Hand.from_text("KQJ982.32.84.972").good_suit(SPADES)
    assert not Hand.from_text("K98732.A2.84.972").good_suit(SPADES)


def test_opening_suit_and_response_major():
    assert opening_suit(Hand.from_text("AK852.KQJ63.4.72")) == SPADES  # five-five: the higher
    assert opening_suit(Hand.from_text("AK85.KQJ632.4.72")) == HEARTS  # the longer
    assert opening_suit(Hand.from_text("K852.AQ63.K4.Q72")) == CLUBS  # three clubs, two diamonds
    assert opening_suit(Hand.from_text("K852.AQ6.K43.Q72")) == CLUBS  # three-three: clubs
    assert opening_suit(Hand.from_text("K85.AQ6.K432.Q72")) == DIAMONDS
    assert opening_suit(Hand.from_text("K8.AQ6.K432.Q732")) == DIAMONDS  # four-four: diamonds
    assert response_major(Hand.from_text("K852.AQ63.K4.Q72")) == HEARTS  # four-four: up the line
    assert response_major(Hand.from_text("K8532.AQ63.K4.Q7")) == SPADES
    assert response_major(Hand.from_text("K85.AQ6.K432.Q72")) is None


# -- openings -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, expected", [
    ("AKQ2.KJ3.Q84.J72", "1NT: 15-17 balanced"),
    ("A852.K963.AJ4.K7", "1NT: 15-17 balanced"),
    ("AKJ52.K3.Q84.J72", "1S: 12-21 points, five or more spades"),
    ("AK852.KQJ63.4.72", "1S: 12-21 points, five or more spades"),
    ("AQ873.KJ954.4.72", "1S: 12-21 points, five or more spades"),
    ("K852.AQ63.K4.Q72", "1C: 12-21 points, three or more clubs"),
    ("K852.AQ63.KJ4.72", "1D: 12-21 points, three or more diamonds (usually four)"),
    ("AQ2.KJ3.AK54.K92", "2NT: 20-21 balanced"),
    ("AKQ2.AKJ3.AQ4.K2", "2C: strong and artificial, 22+ HCP"),
    ("KQJ982.32.84.972", "2S: weak two: 6-10 HCP, a good six-card spade suit"),
    ("32.AQT984.84.972", "2H: weak two: 6-10 HCP, a good six-card heart suit"),
    ("KQJ9842.3.84.972", "3S: preempt: 5-10 HCP, a good seven-card spade suit"),
    ("32.84.AQJ9842.72", "3D: preempt: 5-10 HCP, a good seven-card diamond suit"),
    ("KQJ98742.3.84.97", "4S: preempt: 5-10 HCP, eight or more spades"),
    ("J732.Q84.K53.972", "pass: 0-11 HCP, no long suit"),
    ("K98732.A2.84.972", "pass: 0-11 HCP, no long suit"),
])
def test_textbook_openings(hand, expected):
    assert bid(hand) == expected


def test_a_five_card_major_opens_one_of_the_major_not_1nt():
    assert call_of("AKJ52.K3.Q84.K72") == "1S"


def test_fourth_seat_opens_by_the_rule_of_15():
    assert call_of("AJ73.Q84.K53.972", ["pass", "pass", "pass"]) == "pass"
    assert call_of("AK73.Q84.K53.972", ["pass", "pass", "pass"]) == "1C"
    assert call_of("KQJ982.32.84.972", ["pass", "pass", "pass"]) == "pass"  # no weak two in fourth seat


# -- no trumps: Stayman and transfers -----------------------------------------------------------------

@pytest.mark.parametrize("hand, expected", [
    ("KJ84.Q73.K52.J72", "2C: Stayman, asks for a four-card major"),
    ("92.KJ932.84.Q987", "2D: transfer: five or more hearts, asks partner to bid hearts"),
    ("KJ932.92.84.Q987", "2H: transfer: five or more spades, asks partner to bid spades"),
    ("KJ932.QT932.84.9", "2H: transfer: five or more spades, asks partner to bid spades"),
    ("Q73.K84.Q952.J72", "2NT: invitational: asks partner to bid 3NT with a maximum"),
    ("Q73.K84.KQ52.J72", "3NT: to play: 25+ HCP between us"),
    ("Q73.K84.KQ52.AQ2", "4NT: quantitative: invites 6NT"),
    ("J73.984.Q952.J72", "pass: 0-7 HCP, no game"),
    ("J73.94.2.QJ98762", "2S: asks for 3C, to play in a long minor (0-7 HCP)"),
])
def test_responses_to_1nt(hand, expected):
    assert bid(hand, ["1NT", "pass"]) == expected


def test_stayman_answers_and_continuations():
    after = ["1NT", "pass", "2C", "pass"]
    assert bid("AQ2.K32.A84.KJ72", after) == "2D: no four-card major"
    assert bid("AQ42.K3.A84.KJ72", after) == "2S: four spades, not four hearts"
    assert bid("AQ42.KJ32.A8.K72", after) == "2H: four hearts (perhaps four spades too)"
    hearts = after + ["2H", "pass"]
    assert call_of("Q73.KJ84.K952.Q2", hearts) == "4H"  # the heart fit, game values
    assert bid("KJ84.Q73.K952.Q2", hearts) == "3NT: to play, four spades"
    assert call_of("AQ42.KJ32.A8.K72", hearts + ["3NT", "pass"]) == "4S"  # opener finds the spade fit
    assert call_of("AQ2.KJ32.A84.K72", hearts + ["3NT", "pass"]) == "pass"
    assert bid("KJ84.Q73.Q952.52", hearts) == "2NT: invitational, four spades"


def test_transfers_and_their_continuations():
    after = ["1NT", "pass", "2D", "pass"]
    assert bid("AQ2.K32.A84.KJ72", after) == "2H: completes the transfer"
    assert bid("AQ2.K432.A84.KJ7", after) == "3H: super-accept: a maximum with four hearts"
    done = after + ["2H", "pass"]
    assert bid("92.KJ932.84.Q987", done) == "2NT: invitational, exactly five hearts"
    assert bid("92.KJ932.84.9874", done) == "pass: 0-7 points, to play"
    assert bid("92.KJ932.K84.A98", done) == "3NT: game, exactly five hearts: partner chooses"
    assert bid("9.KJ9432.K84.A98", done) == "4H: game, six or more hearts"
    chooses = done + ["3NT", "pass"]
    assert call_of("AQ2.K32.A84.KJ72", chooses) == "4H"  # three hearts: the 5-3 fit
    assert call_of("AQ32.K2.A84.KJ72", chooses) == "pass"
    assert bid("AQ2.K32.A84.KJ72", ["1NT", "pass", "2H", "pass"]) == "2S: completes the transfer"


def test_transfers_over_2nt_and_the_minor_relay():
    assert call_of("92.KJ932.84.9874", ["2NT", "pass"]) == "3D"
    assert call_of("AQ2.K32.AK4.KJ72", ["2NT", "pass", "3D", "pass"]) == "3H"
    relay = ["1NT", "pass", "2S", "pass"]
    assert bid("AQ2.K32.A84.KJ72", relay) == "3C: as asked"
    assert bid("J73.94.QJ98762.2", relay + ["3C", "pass"]) == "3D: to play in diamonds"
    assert bid("J73.94.2.QJ98762", relay + ["3C", "pass"]) == "pass: to play in clubs"


# -- one of a suit: responses and rebids --------------------------------------------------------------

@pytest.mark.parametrize("hand, expected", [
    ("J2.K73.Q984.8742", "2H: 6-10 points, three or more hearts"),
    ("J2.KQ73.Q984.K42", "3H: limit raise: 10-12 points, three or more hearts"),
    ("J2.KQ73.AQ84.K42", "2NT: Jacoby: a game-forcing raise, four or more hearts, 13+ points"),
    ("J2.Q8732.8.Q9742", "4H: to play: five or more hearts, under 10 HCP"),
    ("KJ82.73.Q984.K42", "1S: four or more spades, 6+ HCP, forcing"),
    ("K82.73.Q984.K742", "1NT: 6-10 HCP, no fit and nothing to show at the one level"),
    ("A82.3.KQJ984.K42", "2D: 10+ HCP, four or more diamonds, forcing"),
    ("982.73.Q984.8742", "pass: 0-5 HCP"),
])
def test_responses_to_one_heart(hand, expected):
    assert bid(hand, ["1H", "pass"]) == expected


@pytest.mark.parametrize("hand, expected", [
    ("K852.AQ63.84.Q72", "1H: four or more hearts, 6+ HCP, forcing"),
    ("K8532.Q963.84.Q7", "1S: four or more spades, 6+ HCP, forcing"),
    ("K85.Q96.8432.Q72", "1D: four or more diamonds, 6+ HCP, forcing"),
    ("K85.Q96.A43.K872", "2NT: 11-12 balanced, no four-card major, invitational"),
    ("K85.Q96.A43.KQ72", "3NT: 13-15 balanced, no four-card major"),
    ("K85.962.84.K8732", "2C: 6-10 points, five or more clubs"),
    ("K85.96.843.KQ872", "3C: limit raise: 10-12 points, five or more clubs"),
])
def test_responses_to_one_club(hand, expected):
    assert bid(hand, ["1C", "pass"]) == expected


def test_opener_rebids_and_game_tries():
    raised = ["1H", "pass", "2H", "pass"]
    assert bid("AQ5.KJ974.K84.Q3", raised) == "3H: game try: 16-18 points, asks for a maximum"
    assert bid("AQ5.KJ974.K84.A3", raised) == "4H: game: 19+ points with the fit"
    assert bid("Q5.KJ974.K84.A32", raised) == "pass: 12-15 points, no game opposite a single raise"
    tried = raised + ["3H", "pass"]
    assert call_of("J2.K73.Q984.K742", tried) == "4H"  # a maximum accepts
    assert call_of("J2.K73.Q984.8742", tried) == "pass"
    one_spade = ["1H", "pass", "1S", "pass"]
    assert bid("AQ54.KJ974.K84.3", one_spade) == "3S: 16-18 points, four or more spades"
    assert bid("Q54.KJ974.K84.A3", one_spade) == "1NT: 12-14 balanced"
    assert bid("Q543.KJ974.K8.A4", one_spade) == "2S: 12-15 points, four or more spades"
    assert bid("Q5.KJ974.K4.AJ32", one_spade) == "2C: four or more clubs, 12-18 points"
    assert bid("Q5.AK97.KJ742.A3", ["1D", "pass", "1S", "pass"]) == \
        "2H: reverse: 17+ points, four or more hearts, longer diamonds, forcing"
    assert bid("K5.AJ974.K4.AQ32", ["1H", "pass", "2NT", "pass"]) == "3H: slam interest: 15+ points"
    assert bid("K5.AJ974.84.Q932", ["1H", "pass", "2NT", "pass"]) == \
        "4H: minimum: 12-14 points, no slam interest"


def test_a_limit_raise_reaches_game_with_about_25_points():
    limit = ["1S", "pass", "3S", "pass"]
    assert call_of("AKJ52.K3.Q84.J72", limit) == "4S"  # 14 HCP: accepts
    assert call_of("AQJ52.Q73.Q84.J7", limit) == "pass"  # 12 HCP: declines


# -- slams: Blackwood ---------------------------------------------------------------------------------

JACOBY = ["1S", "pass", "2NT", "pass", "3S", "pass"]


def test_blackwood_asks_with_a_fit_and_33_points():
    assert bid("AQ83.K73.AKQ4.K2", JACOBY) == "4NT: Blackwood, asks for aces"
    assert call_of("Q983.K73.KQ4.K72", JACOBY) == "4S"  # a fit, no slam


@pytest.mark.parametrize("hand, expected", [
    ("KQJ52.K3.Q84.QJ2", "5C: no ace or four aces"),
    ("AKJ52.K3.Q84.QJ2", "5D: one ace"),
    ("AKJ52.A3.Q84.QJ2", "5H: two aces"),
    ("AKJ52.A3.A84.QJ2", "5S: three aces"),
])
def test_blackwood_answers(hand, expected):
    assert bid(hand, JACOBY + ["4NT", "pass"]) == expected


def test_the_asker_signs_off_bids_the_slam_or_asks_for_kings():
    asked = JACOBY + ["4NT", "pass"]
    assert bid("Q983.K73.KQJ4.K2", asked + ["5D", "pass"]) == "5S: two aces missing: signs off in five"
    assert bid("Q983.A73.AQJ4.K2", asked + ["5D", "pass"]) == "6S: small slam in spades: one ace missing"
    assert bid("Q983.A73.AQJ4.A2", asked + ["5D", "pass"]) == "5NT: every ace between us: asks for kings"
    assert bid("AKJ52.K3.Q84.QJ2", asked + ["5D", "pass", "5NT", "pass"]) == "6H: two kings"


# -- competition --------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, expected", [
    ("KQJ82.73.A84.972", "1S: overcall: 8-19 points, five or more spades"),
    ("AQ82.7.KJ84.Q972", "X: takeout: 12+ HCP, short in hearts, support for the others"),
    ("KQ2.AJ3.KJ84.Q72", "1NT: 15-18 balanced, a stopper in hearts"),
    ("KQ2.AK3.AKJ84.Q2", "X: a strong hand: 18+ HCP"),
    ("KQJ982.73.84.972", "2S: weak jump overcall: 6-10 HCP, a good six-card spade suit"),
    ("J9742.73.A84.972", "pass: not enough to overcall or double"),
])
def test_defence_over_one_heart(hand, expected):
    assert bid(hand, ["1H"]) == expected


def test_over_their_1nt_double_is_for_penalty_and_suits_are_natural():
    assert bid("AQ2.KJ3.KJ84.Q72", ["1NT"]) == "X: penalty: 15+ HCP"
    assert call_of("KQJ982.73.A84.72", ["1NT"]) == "2S"


def test_advancing_a_takeout_double():
    doubled = ["1H", "X", "pass"]
    assert bid("8743.92.Q842.J72", doubled) == "1S: 0-8 points, four or more spades"
    assert call_of("K743.92.AQ84.J72", doubled) == "2S"  # 9-11: a jump
    assert call_of("K743.92.AQ84.KJ2", doubled) == "2H"  # 12+: the cue bid
    assert bid("943.92.Q842.J732", doubled) == "2D: 0-8 points, four or more diamonds"  # forced, with 3 HCP
    assert call_of("943.9432.Q842.J7", doubled) == "2D"  # never their suit


def test_advancing_an_overcall():
    after = ["1H", "1S", "pass"]
    assert bid("K74.932.Q842.Q72", after) == "2S: raise: 7-10 points, three or more spades"
    assert bid("K74.932.AQ84.K72", after) == "2H: cue bid: a limit raise or better, three or more spades"
    assert call_of("74.9832.Q842.J72", after) == "pass"


def test_negative_doubles_and_the_answer():
    assert bid("72.KJ84.Q842.J72", ["1C", "1S"]) == "X: negative: 6+ HCP, four cards in hearts"
    assert call_of("A72.KJ84.Q84.QJ7", ["1C", "1S", "X", "pass"]) == "2H"
    assert call_of("KJ8.Q4.Q84.KJ872", ["1C", "1S", "X", "pass"]) == "1NT"
    assert bid("KJ8.Q4.Q84.AQJ72", ["1C", "1S", "X", "pass"]) == "2C: five or more clubs, nothing else to show"


def test_responder_raises_redoubles_and_bids_no_trumps_over_interference():
    assert call_of("K2.Q3.Q984.KJ742", ["1H", "X"]) == "XX"
    assert call_of("K2.QJ3.Q984.K742", ["1H", "X"]) == "3H"  # a fit: the limit raise
    assert bid("K72.Q73.Q984.J42", ["1H", "1S"]) == "2H: raise: 6-10 points, three or more hearts"
    assert bid("KJ32.7.Q98.Q7542", ["1H", "1S"]) == "1NT: 8-10 HCP, a stopper in spades"
    assert bid("K2.73.Q984.QJ742", ["1H", "1S"]) == "X: negative: 6+ HCP, four cards in clubs and diamonds"


def test_a_clearly_failing_contract_is_doubled():
    # East-West sacrifice in 4S over our 4H; South holds K-Q-10-9 of spades and two aces.
    sacrifice = ["1H", "1S", "4H", "4S", "pass", "pass"]
    assert bid("KQT9.Q832.A4.A72", sacrifice) == "X: penalty: 4S should go down"
    assert call_of("9.Q832.A843.AK72", sacrifice) == "pass"  # no trumps to sit over them


def test_passing_with_nothing():
    nothing = "9743.982.8642.72"
    for auction in ([], ["1S", "pass"], ["1NT", "pass"], ["1H"], ["pass", "1D"], ["1C", "pass", "1H", "pass", "1S"]):
        assert call_of(nothing, auction) == "pass", auction


# -- inference ----------------------------------------------------------------------------------------

def test_inferences_of_openings_and_responses():
    seen = inferences(calls("1NT", "pass", "2D", "pass"), dealer=0)
    assert seen[0]["hcp"] == (15, 17)
    assert [seen[0]["lengths"][s] for s in range(4)] == [(2, 5), (2, 5), (2, 4), (2, 4)]
    assert seen[2]["lengths"][HEARTS][0] == 5
    assert seen[1]["hcp"] == (0, 14) and seen[3]["hcp"] == (0, 17)  # no double, no overcall
    seen = inferences(calls("pass", "1S"), dealer=0)
    assert seen[0]["hcp"] == (0, 11)
    assert seen[1]["lengths"][SPADES][0] == 5 and seen[1]["hcp"] == (10, 21)
    seen = inferences(calls("1H", "pass", "3H"), dealer=0)
    assert seen[2]["lengths"][HEARTS][0] == 3 and seen[2]["points"] == (10, 12)
    seen = inferences(calls("2S"), dealer=3)
    assert seen[3]["lengths"][SPADES] == (6, 6) and seen[3]["hcp"] == (6, 10)


def test_inferences_shape_and_keys():
    seen = inferences([], dealer=2)
    assert len(seen) == 4
    for seat in seen:
        assert seat["hcp"] == (0, 37) and set(seat["lengths"]) == {0, 1, 2, 3}


def test_explanations_name_every_call_of_an_auction():
    words = explanations(calls("1NT", "pass", "2C", "pass", "2H"), dealer=1)
    assert words == ["1NT: 15-17 balanced", "pass: nothing to say over their no trumps",
                     "2C: Stayman, asks for a four-card major", "pass: not enough to overcall or double",
                     "2H: four hearts (perhaps four spades too)"]


# -- legality -----------------------------------------------------------------------------------------

def test_legal_calls_follow_the_rules_of_the_auction():
    assert legal_calls([], 0) == [PASS] + list(range(BID_BASE, NUM_ACTIONS))
    assert DOUBLE not in legal_calls([], 0) and REDOUBLE not in legal_calls([], 0)
    after = legal_calls(calls("1H"), 0)
    assert DOUBLE in after and REDOUBLE not in after and min(c for c in after if c >= BID_BASE) == parse_action("1S")
    assert DOUBLE not in legal_calls(calls("1H", "pass"), 0)  # partner's bid
    assert DOUBLE in legal_calls(calls("1H", "pass", "pass"), 0)
    assert REDOUBLE in legal_calls(calls("1H", "X"), 0) and DOUBLE not in legal_calls(calls("1H", "X"), 0)
    assert REDOUBLE not in legal_calls(calls("1H", "X", "pass"), 0)  # the doubler's partner
    assert REDOUBLE in legal_calls(calls("1H", "X", "pass", "pass"), 0)
    assert legal_calls(calls("pass", "pass", "pass", "pass"), 0) == []
    assert legal_calls(calls("1C", "pass", "pass", "pass"), 0) == []
    assert legal_calls(calls("7NT", "X", "XX"), 0) == [PASS]


def test_context_reads_the_auction():
    ctx = replay(calls("pass", "1H", "X", "XX"), dealer=3)
    assert ctx.seat == 3 and ctx.opener == 0 and ctx.last_bid == parse_action("1H") and ctx.doubled == 2
    assert not ctx.we_opened and ctx.legal(PASS) and not ctx.legal(DOUBLE) and not ctx.legal(REDOUBLE)
    assert isinstance(ctx, Context) and ctx.cheapest(HEARTS) == parse_action("2H")


def _bid_out(hands, dealer, vulnerability):
    auction = []
    worst = 0.0
    while True:
        legal = legal_calls(auction, dealer)
        if not legal:
            return auction, worst
        seat = (dealer + len(auction)) % 4
        start = time.perf_counter()
        choice = choose_call(hands[seat], dealer, vulnerability, auction)
        worst = max(worst, time.perf_counter() - start)
        assert choice.call in legal, (auction, choice)
        assert choice.explanation.startswith(call_name(choice.call) + ": ") and len(choice.explanation) > 8
        auction.append(choice.call)
        assert len(auction) <= 60, auction


@pytest.mark.slow
def test_four_seats_bidding_by_the_system_always_call_legally_and_finish():
    rng = random.Random(28)
    worst = 0.0
    contracts = 0
    for number in range(1000):
        dealer = number % 4
        auction, slowest = _bid_out(deal(rng), dealer, ("none", "ns", "ew", "both")[number // 4 % 4])
        worst = max(worst, slowest)
        contracts += any(call >= BID_BASE for call in auction)
        for seat in inferences(auction, dealer):
            lo, hi = seat["hcp"]
            assert 0 <= lo <= hi <= 37
            assert all(0 <= a <= b <= 13 for a, b in seat["lengths"].values())
    assert worst < 1.0
    assert contracts > 900  # few deals pass out


@pytest.mark.slow
def test_random_auctions_with_the_system_calling_now_and_then_stay_legal():
    rng = random.Random(5)
    for _ in range(1000):
        hands, dealer = deal(rng), rng.randrange(4)
        auction: list[int] = []
        while legal_calls(auction, dealer):
            legal = legal_calls(auction, dealer)
            if rng.random() < 0.5:
                auction.append(rng.choices(legal, [8 if c == PASS else 1 for c in legal])[0])
                continue
            choice = choose_call(hands[(dealer + len(auction)) % 4], dealer, "both", auction)
            assert choice.call in legal and choice.explanation, (auction, choice)
            auction.append(choice.call)
        assert all(explanations(auction, dealer))
        for seat in inferences(auction, dealer):
            assert 0 <= seat["hcp"][0] <= seat["hcp"][1] <= 37
            assert all(0 <= a <= b <= 13 for a, b in seat["lengths"].values())


def test_the_inference_holds_the_hands_that_bid():
    # Each seat's real hand lies inside what the whole auction shows about it, on deals the system bid
    # (a call made by a later rule than the one read back, a fallback, can fall outside: rarely).
    rng = random.Random(3)
    inside = total = 0
    for number in range(200):
        hands, dealer = deal(rng), number % 4
        auction, _ = _bid_out(hands, dealer, "none")
        for seat, shown in enumerate(inferences(auction, dealer)):
            hand = Hand(hands[seat])
            total += 1
            inside += shown["hcp"][0] <= hand.hcp <= shown["hcp"][1] and all(
                lo <= hand.lengths[suit] <= hi for suit, (lo, hi) in shown["lengths"].items())
    assert inside / total > 0.96, (inside, total)


def test_the_same_hand_and_auction_give_the_same_call():
    rng = random.Random(1)
    hands = deal(rng)
    auction, _ = _bid_out(hands, 0, "none")
    again, _ = _bid_out(hands, 0, "none")
    assert auction == again


def test_a_finished_auction_takes_no_call():
    with pytest.raises(ValueError):
        choose_call(Hand.from_text("9743.982.8642.72"), 0, "none", calls("pass", "pass", "pass", "pass"))


# -- judgement: losing tricks, invitations, slams, competition ---------------------------------------

def test_the_losing_trick_count():
    assert Hand.from_text("K32.QJT75.A2.K74").losers == 7  # K32 2, QJT 2, A2 1, K74 2
    assert Hand.from_text("AJT.982.KQ43.862").losers == 9
    assert Hand.from_text("AKQ.AKQ.AKQ.AKQJ").losers == 0
    assert Hand.from_text(".AQ2.KJT9876.Q54").losers == 5  # a void 0, AQ2 1, KJT 2, Q54 2
    assert [Hand.from_text("A.K.Q2.AKQJT9876").suit_losers(s) for s in range(4)] == [0, 2, 1, 0]


def test_losers_for_points_follow_the_losing_trick_counts_scale():
    assert losers_for_points(13) == 7  # an opening bid
    assert losers_for_points(8) == pytest.approx(26 / 3)  # a simple raise: about nine
    assert losers_for_points(22) == 4
    assert losers_for_points(40) == 3 and losers_for_points(0) == 10  # clipped to what hands hold


def test_raises_and_their_answers_count_losers():
    one_heart = ["1H", "pass"]
    assert bid("AJT.J82.KQ43.862", one_heart) == "2H: 10-12 points but nine losers or more, three or more hearts"
    assert bid("K63.QT62.98.A873", one_heart) == "3H: limit raise: 10-12 points, three or more hearts"
    limit = ["1H", "pass", "3H", "pass"]
    assert call_of("K32.QJT75.A2.K74", limit) == "pass"  # 13 HCP, seven losers: nine tricks
    assert bid("A2.KQJ75.K432.72", limit) == "4H: game: accepts the limit raise, six losers or fewer"
    raised = ["1H", "pass", "2H", "pass"]
    assert call_of("KJ5.AJ974.K84.Q3", raised) == "pass"  # 16 support points but eight losers
    assert bid("85.KQT974.AQ84.2", raised) == "4H: game: five losers or fewer"  # 11 HCP, 16 points


def test_the_1nt_opener_answers_the_invitation_by_its_range():
    invited = ["1NT", "pass", "2NT", "pass"]
    assert bid("AQ5.KJ74.K84.Q32", invited) == "pass: declines the invitation: 15 HCP"
    assert bid("AQ5.KJ7.K84.QJ32", invited) == "3NT: accepts the invitation: 16-17 HCP"


def test_a_weak_hand_rescues_partners_doubled_1nt_overcall_into_its_long_suit():
    assert bid("865.Q82.87654.J8", ["1H", "1NT", "X"]) == "2D: rescue: 0-5 HCP, five or more diamonds"
    assert call_of("865.Q82.K7654.J8", ["1H", "1NT", "X"]) == "pass"  # 6 HCP: help to make it


def test_a_new_suit_at_the_three_level_over_a_jump_overcall_is_forcing():
    assert bid("AJ9653.K8.K98.J8", ["1D", "3C"]) == "3S: five or more spades, 12+ HCP, forcing"


def test_a_forced_balanced_hand_bids_3nt_rather_than_its_minor_at_the_four_level():
    auction = ["1D", "pass", "1H", "pass", "2NT", "pass", "3H", "pass"]
    assert call_of("A43.73.AK87.AK42", auction) == "3NT"


def test_partners_no_trumps_promise_two_cards_so_six_of_mine_are_a_fit():
    auction = ["1C", "pass", "1H", "1S", "1NT", "2S"]
    assert call_of("6.AK9642.QT86.AT", auction) == "4H"


def test_blackwood_asks_only_for_the_suit_the_auction_agrees():
    # after 1D 1H 1S the suit of 4NT would be spades: a long-heart hand bids game in hearts instead
    assert call_of(".AQJ9864.KQ.J762", ["1D", "pass", "1H", "pass", "1S", "pass"]) == "4H"
    auction = ["1S", "pass", "2C", "pass", "3S", "pass", "4S", "pass"]
    assert call_of("AQJ953.AK.KT853.", auction) == "4NT"
    after = replay(calls(*auction, "4NT", "pass", "5H", "pass"), 0)
    assert agreed_trumps(after, 8) == SPADES


def test_overcalls_take_strong_one_suited_hands_below_the_strong_double():
    # 17 HCP and six diamonds over a weak two: a three-level overcall, not a pass
    assert call_of("A97.AT2.AQJ653.Q", ["2S"]) == "3D"


def test_6nt_counts_a_partner_who_has_bid_on_above_the_bottom_of_a_wide_range():
    # 1H 2C 2S: the opener's range is wide, and few openers who have bid twice hold only ten HCP: 20
    # opposite a likely 13 is the 33 of a small slam; 18 opposite it is not
    auction = ["1H", "pass", "2C", "pass", "2S", "pass"]
    assert bid("KQ6.8.AKQ3.KQJT9", auction, dealer=1) == "6NT: 33+ HCP between us, no fit"
    assert call_of("KQ6.8.AKQ3.QJT93", auction, dealer=1) == "3NT"
    # a 1NT opener's three-point range is counted from its bottom: 17 opposite 15 is no slam
    assert call_of("AQ5.KJ7.KQ84.Q32", ["1NT", "pass"]) != "6NT"


def test_a_minor_limit_raise_is_raised_to_3nt_by_a_balanced_opener():
    # 1D 3D (10-12 and four diamonds): 12 HCP and no singleton make 22+ between us and a long suit to
    # run: 3NT; with a singleton the opener passes
    limit = ["1D", "pass", "3D", "pass"]
    assert bid("32.J754.AKT95.A7", limit) == "3NT: 12+ HCP and no singleton, to play: the long minor runs"
    assert call_of("2.QJ75.AKT95.Q72", limit) == "pass"


def test_a_six_card_major_with_four_losers_bids_game_over_a_one_level_response():
    # 1H 1S: a responder of 6+ holds about ten losers; four of the opener's make ten tricks: 4H, where
    # five losers only invite
    auction = ["1H", "pass", "1S", "pass"]
    assert bid("AKJ.KQT9743..K64", auction) == "4H: game: six or more hearts, four losers or fewer"
    assert bid("AK2.KQT974.4.K64", auction) == "3H: 16-19 points, six or more hearts, invitational"


def test_four_trumps_and_an_opening_bid_raise_a_weak_two_to_game():
    # ten trumps between us and 13 HCP opposite 6-10: 4S, not the competitive 3S
    assert bid("Q962.65.AKJ3.K82", ["2S", "pass"]) == "4S: to play: four or more spades, ten trumps and 13+ HCP"
    assert call_of("Q96.652.AKJ3.K82", ["2S", "pass"]) == "3S"  # three trumps compete only
