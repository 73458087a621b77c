"""Blackjack rules: totals, payouts, the peek, insurance, splits, surrender, refusals, chance, views."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.players import CHANCE, TERMINAL
from tui_games.games.blackjack import rules
from tui_games.games.blackjack.game import ACTION_KEYS, Card, card_from_id, total_of

SPEC = catalog.get("blackjack")
HIT, STAND, DOUBLE, SPLIT, SURRENDER = rules.HIT, rules.STAND, rules.DOUBLE, rules.SPLIT, rules.SURRENDER
INSURE, NO_INSURANCE, BET = rules.INSURE, rules.NO_INSURANCE, rules.BET


def cards(text: str) -> list[Card]:
    """'AS TD' -> [Card('A', 'S'), Card('T', 'D')]."""
    return [Card(word[0], word[1]) for word in text.split()]


def deal(state, text: str) -> None:
    """Apply the named cards as chance outcomes, checking each one is a chance node."""
    for word in text.split():
        assert state.current_player == CHANCE, f"expected a chance node before {word}"
        state.apply(state.parse_action(word))


def play(state, *actions: int) -> None:
    """Apply player actions, checking a seat is to move."""
    for action in actions:
        assert state.current_player >= 0
        state.apply(action)


def american_round(player: str, up: str, hole: str, **params):
    """One American round, one seat: bet, then player card, up card, player card, hole card."""
    state = SPEC.new(seed=0, rules="american", **params)
    play(state, BET)
    first, second = player.split()
    deal(state, f"{first} {up} {second} {hole}")
    return state


# ----- catalogue entry -----------------------------------------------------------------------------------
def test_spec_describes_the_game():
    assert SPEC.title == "Blackjack" and SPEC.group == "Card games"
    assert not SPEC.deterministic and not SPEC.perfect_information
    assert SPEC.defaults()["rules"] == "american"
    assert dict((p.name, p.choices) for p in SPEC.params)["rules"] == ("american", "simple")
    with pytest.raises(InvalidParameterError):
        SPEC.new(rules="european")
    assert "surrender" in SPEC.help_text().lower()


# ----- totals ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, total, soft", [
    ("AS 6H", 17, True),
    ("AS 6H TD", 17, False),
    ("AS AH", 12, True),
    ("AS AH 9C", 21, True),
    ("TS 6H AC", 17, False),
    ("KS QH", 20, False),
    ("AS KH", 21, True),
    ("9S 7H 8C", 24, False),
    ("AS AH AD AC 7S", 21, True),
])
def test_hand_totals_soft_and_hard(text, total, soft):
    assert total_of(cards(text)) == (total, soft)


@given(st.lists(st.integers(0, 51), min_size=1, max_size=12))
def test_kernel_totals_match_the_python_totals(card_ids):
    import numpy as np

    array = np.array(card_ids, dtype=np.int64)
    assert rules.cards_total(array, 0, len(card_ids)) == total_of([card_from_id(c) for c in card_ids])


# ----- naturals, peek and insurance ---------------------------------------------------------------------------
def test_natural_pays_three_to_two():
    state = american_round("AS KH", "9D", "7C")
    assert state.is_terminal
    assert state.returns() == [1.5]
    assert state.hands(0)[0].status == "natural"


def test_natural_against_dealer_natural_pushes():
    state = american_round("AS KH", "AD", "QC")
    assert state.phase == "insurance"
    play(state, NO_INSURANCE)
    assert state.is_terminal and state.returns() == [0.0]


def test_insurance_pays_two_to_one_on_half_the_wager():
    state = american_round("TS 9H", "AD", "KC")
    play(state, INSURE)
    assert state.is_terminal
    assert state.insurance_result(0) == 1.0
    assert state.returns() == [0.0]  # the hand loses 1, the insurance wins 2 x 0.5


def test_lost_insurance_costs_half_a_wager():
    state = american_round("TS 9H", "AD", "7C")
    play(state, INSURE)
    assert state.current_player == 0 and state.insurance_result(0) == -0.5
    play(state, STAND)  # 19 against soft 18
    assert state.is_terminal and state.returns() == [0.5]


def test_dealer_peeks_with_a_ten_up_and_ends_the_round_on_a_natural():
    state = american_round("TS 9H", "KD", "AC")
    assert state.is_terminal, "no decision (not even surrender) after a dealer natural"
    assert state.hole_card_revealed
    assert state.returns() == [-1.0]


def test_no_peek_and_no_insurance_with_a_low_up_card():
    state = american_round("TS 9H", "6D", "5C")
    assert state.current_player == 0 and state.insurance(0) == "not offered"
    assert not state.hole_card_revealed


def test_even_money_natural_with_insurance():
    state = american_round("AS KH", "AD", "7C")
    play(state, INSURE)
    assert state.is_terminal and state.returns() == [1.5 - 0.5]


# ----- the dealer ----------------------------------------------------------------------------------------------
def test_dealer_stands_on_soft_17():
    state = american_round("TS 8H", "6D", "AC")
    play(state, STAND)
    assert state.is_terminal
    assert [str(c) for c in state.dealer_cards] == ["6D", "AC"]
    assert state.returns() == [1.0]


def test_dealer_hits_16_and_busts():
    state = american_round("TS 7H", "6D", "KC")
    play(state, STAND)
    assert state.current_player == CHANCE
    deal(state, "9S")
    assert state.is_terminal and state.returns() == [1.0]


def test_dealer_hits_soft_16_to_hard_total():
    state = american_round("TS 7H", "AD", "5C")
    play(state, NO_INSURANCE, STAND)
    deal(state, "TS")  # soft 16 + ten = hard 16: draws again
    assert state.current_player == CHANCE
    deal(state, "2H")  # hard 18 beats 17
    assert state.returns() == [-1.0]


# ----- doubles, surrender -------------------------------------------------------------------------------------------
def test_double_down_pays_double_and_takes_one_card():
    state = american_round("5S 6H", "6D", "TC")
    play(state, DOUBLE)
    deal(state, "2C")  # 13: no more cards even though it is low
    assert state.current_player == CHANCE and state.phase == "dealer"
    deal(state, "9H")
    assert state.returns() == [2.0]
    assert state.hands(0)[0].doubled and state.hands(0)[0].wager == 2


def test_lost_double_loses_two():
    state = american_round("5S 6H", "9D", "TC")
    play(state, DOUBLE)
    deal(state, "5C")
    assert state.is_terminal and state.returns() == [-2.0]


def test_late_surrender_returns_half_the_wager():
    state = american_round("TS 6H", "TD", "7C")
    assert SURRENDER in state.legal_actions()
    play(state, SURRENDER)
    assert state.is_terminal and state.returns() == [-0.5]


def test_surrender_only_as_first_decision():
    state = american_round("TS 2H", "TD", "7C")
    play(state, HIT)
    deal(state, "3C")
    assert state.legal_actions() == [HIT, STAND]
    with pytest.raises(IllegalActionError, match="only surrender on your first two cards"):
        state.apply(SURRENDER)
    with pytest.raises(IllegalActionError, match="only double on your first two cards"):
        state.apply(DOUBLE)


def test_hand_reaching_21_stands_by_itself():
    state = american_round("TS 5H", "9D", "8C")
    play(state, HIT)
    deal(state, "6C")
    assert state.is_terminal, "21 stands, the dealer has 17"
    assert state.returns() == [1.0]


# ----- splits ------------------------------------------------------------------------------------------------------
def test_split_plays_two_hands_with_double_after_split():
    state = american_round("8S 8H", "6D", "TC")
    play(state, SPLIT)
    deal(state, "3C")  # first hand 8 3
    assert [len(h.cards) for h in state.hands(0)] == [2, 1]
    assert state.legal_actions() == [HIT, STAND, DOUBLE], "double after split, no surrender"
    play(state, DOUBLE)
    deal(state, "TD")  # 21 on a doubled split hand
    deal(state, "9C")  # second hand 8 9
    play(state, STAND)
    deal(state, "5H")  # dealer 16 + 5 = 21
    assert [h.result for h in state.hands(0)] == [0.0, -1.0]
    assert state.returns() == [-1.0]


def test_split_hand_21_is_not_a_natural():
    state = american_round("KS KH", "9D", "8C")
    play(state, SPLIT)
    deal(state, "AC")  # K A after a split: 21, stands by itself, pays even money
    assert state.hands(0)[0].status == "stood"
    deal(state, "7D")
    play(state, STAND)  # K 7 = 17 pushes the dealer's 17
    assert state.is_terminal
    assert [h.result for h in state.hands(0)] == [1.0, 0.0]


def test_split_aces_get_one_card_each_and_are_not_resplit():
    state = american_round("AS AH", "9D", "8C")
    play(state, SPLIT)
    deal(state, "AD")  # a third Ace: the hand is done, no re-split
    assert state.hands(0)[0].status == "stood"
    deal(state, "KC")  # A K: 21 but only even money
    assert state.is_terminal
    assert [h.result for h in state.hands(0)] == [-1.0, 1.0]


def test_only_pairs_of_the_same_rank_split():
    state = american_round("KS QH", "9D", "8C")
    assert SPLIT not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="only split a pair"):
        state.apply(SPLIT)


def test_resplit_up_to_four_hands():
    state = american_round("8S 8H", "6D", "TC")
    play(state, SPLIT)
    deal(state, "8D")
    play(state, SPLIT)
    deal(state, "8C")
    play(state, SPLIT)
    assert len(state.hands(0)) == 4
    deal(state, "8S")
    assert SPLIT not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="four hands"):
        state.apply(SPLIT)


# ----- refusals and names -------------------------------------------------------------------------------------------
def test_refusals_explain_themselves():
    state = SPEC.new(seed=0)
    with pytest.raises(IllegalActionError, match="bet first"):
        state.apply(HIT)
    play(state, BET)
    with pytest.raises(IllegalActionError, match="not in the shoe|not a card"):
        state.apply(99)
    deal(state, "TS 9D 7H 5C")
    with pytest.raises(IllegalActionError, match="before the deal"):
        state.apply(BET)
    with pytest.raises(IllegalActionError, match="only offered"):
        state.apply(INSURE)
    with pytest.raises(IllegalActionError, match="no action 42"):
        state.apply(42)
    simple = SPEC.new(seed=0, rules="simple")
    simple.resolve_chance()
    with pytest.raises(IllegalActionError, match="only hit and stand"):
        simple.apply(DOUBLE)


def test_parse_action_words_and_keys():
    state = american_round("8S 8H", "6D", "TC")
    for words, action in [(("hit", "h"), HIT), (("stand", "s"), STAND), (("double", "d"), DOUBLE),
                          (("split", "p"), SPLIT), (("surrender", "r"), SURRENDER)]:
        for word in words:
            assert state.parse_action(word) == action
            assert state.action_to_string(action) == words[0]
    with pytest.raises(IllegalActionError, match="not an action"):
        state.parse_action("fold")
    for action, key in ACTION_KEYS.items():
        assert state.parse_action(key) == action
    insurance = american_round("8S 8H", "AD", "TC")
    assert insurance.parse_action("i") == INSURE and insurance.parse_action("n") == NO_INSURANCE
    assert [name for _, name in insurance.available_actions] == ["insurance", "no insurance"]


# ----- chance and hidden information ------------------------------------------------------------------------------------
def test_chance_probabilities_follow_the_shoe():
    state = SPEC.new(seed=0, decks=6)
    play(state, BET)
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 52 and all(p == pytest.approx(6 / 312) for p in outcomes.values())
    deal(state, "AS AS")
    outcomes = dict(state.chance_outcomes())
    assert outcomes[state.parse_action("AS")] == pytest.approx(4 / 310)
    assert outcomes[state.parse_action("KD")] == pytest.approx(6 / 310)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    one_deck = SPEC.new(seed=0, decks=1)
    play(one_deck, BET)
    deal(one_deck, "AS")
    assert state.parse_action("AS") not in dict(one_deck.chance_outcomes())
    with pytest.raises(IllegalActionError, match="no AS is left"):
        one_deck.apply(one_deck.parse_action("AS"))


def test_hole_card_hidden_until_revealed():
    state = american_round("TS 7H", "6D", "QC")
    assert state.dealer_cards == [Card("6", "D"), None]
    assert "??" in state.observation(0) and "QC" not in state.observation(0)
    assert state.dealer_total == (6, False)
    play(state, STAND)
    deal(state, "2S")
    assert state.is_terminal and state.hole_card_revealed
    assert "QC" in state.observation(0)
    assert state.dealer_cards == cards("6D QC 2S")


def test_simple_rules_hide_the_first_dealer_card():
    state = SPEC.new(seed=0, rules="simple")
    deal(state, "TS 7H QC 6D")
    assert state.dealer_cards == [None, Card("6", "D")]
    assert state.dealer_up_card == Card("6", "D")
    assert "QC" not in state.observation(0)


def test_two_seats_deal_round_robin_and_play_in_turn():
    state = SPEC.new(seed=0, seats=2)
    play(state, BET)
    assert state.current_player == 1
    play(state, BET)
    deal(state, "TS 9S 6D 7H 8H QC")
    assert [str(c) for c in state.hands(0)[0].cards] == ["TS", "7H"]
    assert [str(c) for c in state.hands(1)[0].cards] == ["9S", "8H"]
    assert state.current_player == 0
    play(state, STAND)
    assert state.current_player == 1 and state.active_hand == (1, 0)
    play(state, STAND)
    deal(state, "TD")  # the dealer's 16 busts
    assert state.returns() == [1.0, 1.0]


# ----- invariants over random rounds ---------------------------------------------------------------------------------
def staked(state, seat: int) -> float:
    """Wagers put at risk by ``seat`` (hands and insurance), in base wagers."""
    total = sum(h.wager for h in state.hands(seat))
    return total + (0.5 if state.insurance(seat) == "taken" else 0.0)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31), decks=st.integers(1, 8), seats=st.integers(1, 3),
       simple=st.booleans(), choices=st.lists(st.integers(0, 10), min_size=40, max_size=40))
def test_random_rounds_conserve_cards_and_chips(seed, decks, seats, simple, choices):
    state = SPEC.new(seed=seed, decks=decks, seats=seats, rules="simple" if simple else "american")
    shoe = 52 * (1 if simple else decks)
    step = 0
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions()
            state.apply(legal[choices[step % len(choices)] % len(legal)])
            step += 1
        on_table = [c for c in state.dealer_cards if c is not None]
        hidden = sum(1 for c in state.dealer_cards if c is None)
        on_table += [c for seat in range(seats) for h in state.hands(seat) for c in h.cards]
        assert state.cards_left + len(on_table) + hidden == shoe
        copies = {}
        for card in on_table:
            copies[card] = copies.get(card, 0) + 1
        assert max(copies.values(), default=0) <= shoe // 52
    assert state.current_player == TERMINAL
    for seat in range(seats):
        result = state.returns()[seat]
        hands = state.hands(seat)
        assert all(h.result is not None for h in hands)
        insurance = state.insurance_result(seat) or 0.0
        assert result == pytest.approx(sum(h.result for h in hands) + insurance)
        assert -staked(state, seat) <= result <= 1.5 * staked(state, seat) + 0.5
        for hand in hands:
            assert hand.result in {-2.0, -1.0, -0.5, 0.0, 1.0, 1.5, 2.0}
            if hand.status == "bust":
                assert hand.result == -hand.wager
            if hand.status == "surrendered":
                assert hand.result == -0.5
            if hand.status == "natural":
                assert hand.result in (0.0, 1.5)
        if simple:
            assert result in (-1.0, 0.0, 1.0)


def test_table_views_for_the_card_table():
    state = american_round("AS 6H", "9D", "8C")
    hand = state.hands(0)[0]
    assert hand.total_text == "soft 17" and hand.active and hand.result is None
    assert state.active_hand == (0, 0) and state.dealer_up_card == Card("9", "D")
    play(state, HIT)
    deal(state, "TC")
    assert state.hands(0)[0].total_text == "hard 17"
    play(state, HIT)
    deal(state, "KC")
    bust = state.hands(0)[0]
    assert bust.status == "bust" and bust.total_text == "bust 27" and bust.result == -1.0
    assert state.is_terminal and state.active_hand is None
    natural = american_round("AS KH", "9D", "7C")
    assert natural.hands(0)[0].total_text == "blackjack"


def test_evaluate_is_the_return_once_the_round_is_over_and_a_stand_estimate_before():
    state = american_round("TS 9H", "6D", "TC")
    estimate = rules.evaluate(state.array, 0)
    assert 0.0 < estimate < 1.0, "19 against a 6 is a favourite"
    play(state, STAND)
    deal(state, "5C")
    assert rules.evaluate(state.array, 0) == state.returns()[0] == -1.0
