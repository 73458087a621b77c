"""Contract Bridge rules: ids and names, the deal's order, known auctions (legal calls, doubles and
redoubles, the declarer, passed out), known plays (the opening lead, the dummy's card played by the
declarer, following suit, trick winners), what each seat sees, invariants of random deals, and
lockstep with OpenSpiel's bridge on seeded deals."""

from __future__ import annotations

import random

import pytest

from bridge_deals import SPLIT_DEAL, bid, deal
from tui_games import catalog
from tui_games.core.errors import IllegalActionError
from tui_games.core.players import CHANCE
from tui_games.engine.observer import EVERYONE, PUBLIC_VIEW, audience_of
from tui_games.games.bridge import rules, scoring
from tui_games.games.bridge.constants import (DOUBLE, MAX_PLIES, NO_TRUMP, NUM_ACTIONS, PASS, REDOUBLE, bid_action,
                                              call_name, card_name, card_suit, parse_action)
from tui_games.games.bridge.openspiel_mirror import choose, deal_conditions

SPEC = catalog.get("bridge")


def new(dealer: int = 0, vulnerability: str = "none", hands=SPLIT_DEAL):
    """A duplicate deal of ``hands`` with the auction about to start."""
    state = SPEC.new(seed=1, scoring="duplicate", dealer=dealer, vulnerability=vulnerability)
    deal(state, hands)
    return state


def calls(state) -> list[str]:
    """The legal calls, by name."""
    return [state.action_to_string(a) for a in state.legal_actions()]


# ----- ids and names -------------------------------------------------------------------------------
def test_ids_and_names_are_openspiels():
    assert [card_name(c) for c in (0, 1, 2, 3, 4, 34, 51)] == ["C2", "D2", "H2", "S2", "C3", "HT", "SA"]
    assert (PASS, DOUBLE, REDOUBLE, bid_action(1, 0), bid_action(1, NO_TRUMP), bid_action(7, NO_TRUMP)) == (
        52, 53, 54, 55, 59, 89)
    assert [call_name(a) for a in (52, 53, 54, 55, 59, 60, 89)] == ["pass", "X", "XX", "1C", "1NT", "2C", "7NT"]
    assert rules.MAX_ACTIONS == NUM_ACTIONS == 90
    assert SPEC.max_plies == MAX_PLIES == 52 + 319 + 52


@pytest.mark.parametrize("text, action", [
    ("1nt", 59), ("1NT", 59), ("3n", bid_action(3, NO_TRUMP)), ("p", PASS), ("Pass", PASS), ("dbl", DOUBLE),
    ("X", DOUBLE), ("xx", REDOUBLE), ("RDbl", REDOUBLE), ("7nt", 89), ("SA", 51), ("as", 51), ("h10", 34),
    ("Th", 34), ("♥10", 34), ("1♣", 55), ("C2", 0), ("2d", bid_action(2, 1)), ("89", 89),
])
def test_parse_action_reads_every_spelling(text, action):
    assert parse_action(text) == action


def test_a_rank_first_card_that_reads_as_a_bid_is_the_card_in_the_play():
    assert parse_action("2d") == bid_action(2, 1)
    assert parse_action("2d", play=True) == 1
    with pytest.raises(ValueError):
        parse_action("8NT")


def test_openspiels_action_space_is_ours():
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})
    assert game.num_distinct_actions() == NUM_ACTIONS and game.max_game_length() + 52 == SPEC.max_plies


# ----- the deal ------------------------------------------------------------------------------------
def test_the_deal_gives_the_kth_card_to_seat_k_mod_4_north_first_whoever_deals():
    state = SPEC.new(seed=0, scoring="duplicate", dealer=2)
    assert state.chance_outcomes() == [(card, 1 / 52) for card in range(52)]
    for card in range(52):
        assert audience_of(state, card) == card % 4
        state.apply(card)
    assert state.hand(0) == [f"C{r}" for r in "AKQJT98765432"]
    assert [card_suit(c) for c in state.hand_cards(3)] == [3] * 13
    assert state.phase == "auction" and state.current_player == 2 == state.dealer
    assert audience_of(state, PASS) == EVERYONE


def test_chance_outcomes_are_the_cards_not_yet_dealt():
    state = SPEC.new(seed=0)
    state.apply(51)
    state.apply(0)
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(1, 51)) and all(p == 1 / 50 for _, p in outcomes)
    assert state.hand(0) == ["SA"] and state.hand(1) == ["C2"]


# ----- the auction ---------------------------------------------------------------------------------
def test_the_opening_call_is_a_pass_or_any_bid():
    state = new()
    assert calls(state) == ["pass"] + [f"{level}{s}" for level in range(1, 8) for s in ("C", "D", "H", "S", "NT")]


def test_a_double_only_of_an_opponents_undoubled_bid_and_a_redouble_only_of_a_double_of_ours():
    state = new()
    bid(state, "1C")
    assert calls(state)[:3] == ["pass", "X", "1D"]                  # East may double North's bid
    bid(state, "pass")
    assert calls(state)[:2] == ["pass", "1D"]                       # South may not double partner
    with pytest.raises(IllegalActionError, match="your own side's bid"):
        state.apply(DOUBLE)
    bid(state, "pass")
    assert "X" in calls(state)                                      # West, in fourth seat, may
    bid(state, "X")
    assert calls(state)[:3] == ["pass", "XX", "1D"]                 # North may redouble
    bid(state, "pass")
    assert "XX" not in calls(state) and "X" not in calls(state)     # East (West's side doubled): neither
    with pytest.raises(IllegalActionError, match="only the side whose bid was doubled"):
        state.apply(REDOUBLE)
    bid(state, "pass")
    assert calls(state)[:3] == ["pass", "XX", "1D"]                 # South may redouble
    bid(state, "XX")
    assert calls(state)[:2] == ["pass", "1D"]                       # nothing more to double
    bid(state, "1H")
    assert calls(state)[:3] == ["pass", "X", "1S"]                  # a new bid may be doubled again
    assert state.last_bid == "1H"
    with pytest.raises(IllegalActionError, match="1C is not higher than 1H"):
        state.apply(bid_action(1, 0))


def test_the_declarer_is_the_first_of_the_side_to_name_the_strain():
    state = new()
    bid(state, "pass pass 1C pass 1H pass 2H pass 4H pass pass")
    assert state.contract is None and state.phase == "auction"
    bid(state, "pass")
    assert state.contract == "4H by N" and state.declarer == 0 and state.dummy == 2
    state = new()
    bid(state, "1H 2H X XX pass pass pass")                         # East bid hearts for East-West
    assert state.contract == "2HXX by E"


def test_three_passes_end_the_auction_after_a_bid_but_not_before_one():
    state = new(dealer=1)
    bid(state, "pass pass pass")
    assert state.phase == "auction" and state.current_player == 0
    bid(state, "1C pass pass pass")
    assert state.contract == "1C by N" and state.phase == "play"
    assert state.current_player == 1 == state.seat_to_play                  # East leads


def test_four_passes_pass_the_deal_out():
    state = new(dealer=3, vulnerability="both")
    bid(state, "pass pass pass pass")
    assert state.is_terminal and state.passed_out and state.returns() == [0.0] * 4
    assert state.contract is None and state.result == "passed out" and state.legal_actions() == []
    assert SPEC.definition().result_text(state) == "Passed out: no score"


# ----- the play ------------------------------------------------------------------------------------
def test_the_declarer_plays_the_dummys_cards_and_tricks_go_to_the_highest_trump_or_card_of_the_suit_led():
    state = new()
    bid(state, "1H pass pass pass")                                  # 1H by North: East leads
    assert state.current_player == 1 and state.seat_to_play == 1
    with pytest.raises(IllegalActionError, match="you hold no SA"):
        state.apply(51)
    plays = ["DA", "D2", "D8", "D5",   # East wins with the ace
             "DK", "D3", "D9", "D6",
             "DQ", "D4", "DT", "D7",
             "DJ", "H8", "C8", "C2",   # South (dummy) ruffs: the trump wins; West and North discard
             "ST", "S4", "SJ", "S7",   # South leads; North's jack beats partner's ten
             "C3", "CA", "C5", "CJ"]   # North leads a club: East's ace
    movers = []
    for index, name in enumerate(plays):
        card = state.parse_action(name)
        if index == 1:
            assert (state.current_player, state.seat_to_play) == (0, 2)    # the dummy's card: North chooses
            with pytest.raises(IllegalActionError, match="the dummy must follow suit: it holds a diamond"):
                state.apply(parse_action("HJ"))
            with pytest.raises(IllegalActionError, match="the dummy holds no SA"):
                state.apply(51)
        movers.append((state.current_player, state.seat_to_play))
        state.apply(card)
    assert state.trick_winners == [1, 1, 1, 2, 0, 1]
    assert state.tricks == (2, 4) and state.declarer_tricks == 2
    assert movers[:4] == [(1, 1), (0, 2), (3, 3), (0, 0)]
    assert movers[16:20] == [(0, 2), (3, 3), (0, 0), (1, 1)]                # South won: North plays from it
    assert state.current_player == 1 and state.last_trick == [(0, "C3"), (1, "CA"), (2, "C5"), (3, "CJ")]


def test_following_suit_is_required_only_while_the_hand_holds_the_suit():
    state = new()
    bid(state, "1NT pass pass pass")
    state.apply(parse_action("CA"))                                         # East leads a club
    assert [card_name(c) for c in state.legal_actions()] == ["C5", "C6", "C7"]   # the dummy's clubs
    with pytest.raises(IllegalActionError, match="the dummy must follow suit"):
        state.apply(parse_action("ST"))


def test_the_dummy_is_face_up_after_the_opening_lead_and_the_other_hands_stay_hidden():
    state = new()
    bid(state, "1NT pass pass pass")                                 # North declares, South is dummy
    for seat in (0, 1, 3, PUBLIC_VIEW):
        assert state.observation(seat).state.hand_mask(2) is None
    state.apply(parse_action("CA"))
    for seat in (0, 1, 3, PUBLIC_VIEW):
        view = state.observation(seat).state
        assert view.hand(2) == ["ST", "S9", "S8", "HJ", "HT", "H9", "H8", "D4", "D3", "D2", "C7", "C6", "C5"]
        assert [view.hand_mask(other) is None for other in (0, 1, 3)] == [seat != other for other in (0, 1, 3)]
        assert view.current_trick == [(1, "CA")]
    east = state.observation(1).state
    assert east.dealt_hand(3) == [] and east.hand_size(3) == 13 and east.hand_size(1) == 12


def test_contract_strings_and_the_result():
    state = new(vulnerability="ns")
    bid(state, "pass pass 4H X pass pass pass")
    assert state.contract == "4HX by S" and (state.declarer, state.dummy) == (2, 0)
    assert state.current_player == 3 == state.seat_to_play
    rng = random.Random(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    tricks = state.declarer_tricks
    score = int(scoring.duplicate_score(4, 2, 1, 1, tricks))
    assert state.returns() == [score, -score, score, -score]
    over = tricks - 10
    assert state.result == f"4HX{'=' if over == 0 else f'{over:+d}'} {score:+d}"
    assert SPEC.definition().result_text(state) == f"{state.result} by South"


# ----- random deals --------------------------------------------------------------------------------
def _trick_winner(trick: list[tuple[int, int]], strain: int) -> int:
    led = card_suit(trick[0][1])
    trumps = [(card, seat) for seat, card in trick if strain != NO_TRUMP and card_suit(card) == strain]
    if trumps:
        return max(trumps)[1]
    return max((card, seat) for seat, card in trick if card_suit(card) == led)[1]


def play_random_deal(seed: int):
    """A duplicate deal played with the lockstep's chooser (passes often, bids low, cards at random),
    checking the seat to move at every step; returns the finished state."""
    dealer, vulnerability = deal_conditions(seed)
    rng = random.Random(seed)
    state = SPEC.new(seed=seed, scoring="duplicate", dealer=dealer, vulnerability=vulnerability)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        if state.phase == "play":
            seat, declarer = state.seat_to_play, state.declarer
            assert state.current_player == (declarer if seat % 2 == declarer % 2 else seat)
        else:
            assert state.current_player == state.seat_to_play
        state.apply(choose(state.legal_actions(), rng, state.phase == "auction"))
    return state


@pytest.mark.parametrize("seed", range(150))
def test_random_deals_keep_the_rules(seed):
    state = play_random_deal(seed)
    dealt = [{parse_action(card) for card in state.dealt_hand(seat)} for seat in range(4)]
    assert sorted(card for hand in dealt for card in hand) == list(range(52))
    assert all(len(hand) == 13 for hand in dealt)
    returns = state.returns()
    if state.passed_out:
        assert returns == [0.0] * 4 and state.auction == ["pass"] * 4
        return
    assert state.auction[-3:] == ["pass"] * 3 and "pass" not in state.auction[-4:-3]
    assert state.played == 52 and sum(state.tricks) == 13 and all(state.hand(seat) == [] for seat in range(4))
    held = [set(hand) for hand in dealt]
    leader = (state.declarer + 1) % 4
    for number in range(13):
        trick = [(seat, parse_action(card)) for seat, card in state.trick_cards(number)]
        assert [seat for seat, _ in trick] == [(leader + i) % 4 for i in range(4)]
        led = card_suit(trick[0][1])
        for seat, card in trick:
            assert card in held[seat]
            assert card_suit(card) == led or not any(card_suit(c) == led for c in held[seat])
            held[seat].remove(card)
        leader = _trick_winner(trick, state.strain)
        assert state.trick_winners[number] == leader
    level = int(state.contract_code[0])
    side = state.declarer % 2
    score = int(scoring.duplicate_score(level, state.strain, state.contract_code.count("X"),
                                        int(state.vulnerable[side]), state.tricks[side]))
    assert returns == [score if seat % 2 == side else -score for seat in range(4)]


# ----- lockstep with OpenSpiel ---------------------------------------------------------------------
def test_100_seeded_deals_in_lockstep_with_openspiel():
    pytest.importorskip("pyspiel")
    from tui_games.games.bridge.openspiel_mirror import lockstep_deal

    steps = sum(lockstep_deal(SPEC, seed) for seed in range(100))
    assert steps > 8000
