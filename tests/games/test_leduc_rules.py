"""Leduc Hold'em rules: every betting sequence of the ante variant against OpenSpiel's leduc_poker
(legal actions, chance outcomes, terminal states, returns, information states), written hands of the
blind variant, short stacks, what each seat may see, action text, and invariants of random hands."""

from __future__ import annotations

import random
from collections import defaultdict

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidMoveError, InvalidParameterError
from tui_games.games.leduc_holdem import rules
from tui_games.games.leduc_holdem.game import card_name, leduc_card

pyspiel = pytest.importorskip("pyspiel")

SPEC = catalog.get("leduc-holdem")
FOLD, CALL, RAISE = 0, 1, 2
JS, JH, QS, QH, KS, KH = range(6)


def hand(betting: str = "blinds", *actions: int, **params):
    """A state after ``actions`` (chance outcomes included) from a new hand."""
    state = SPEC.new(seed=0, betting=betting, **params)
    for action in actions:
        state.apply(action)
    return state


@pytest.fixture(scope="module")
def walked():
    """Walk the whole ante tree beside OpenSpiel's: every node compared, information states kept."""
    game = pyspiel.load_game("leduc_poker")
    nodes = {"all": 0, "terminal": 0}
    ours_by_theirs: dict[str, set[str]] = defaultdict(set)
    theirs_by_ours: dict[str, set[str]] = defaultdict(set)
    keys_by_theirs: dict[str, set[int]] = defaultdict(set)

    def walk(ours, theirs) -> None:
        nodes["all"] += 1
        assert ours.is_terminal == theirs.is_terminal(), ours.history
        if ours.is_terminal:
            nodes["terminal"] += 1
            assert ours.returns() == list(theirs.returns()), ours.history
            return
        if theirs.is_chance_node():
            assert ours.is_chance_node
            assert ours.chance_outcomes() == pytest.approx(sorted(theirs.chance_outcomes()))
        else:
            player = theirs.current_player()
            assert ours.current_player == player, ours.history
            assert ours.legal_actions() == list(theirs.legal_actions()), ours.history
            key = theirs.information_state_string(player)
            mine = ours.information_state(player)
            ours_by_theirs[key].add(mine)
            theirs_by_ours[mine].add(key)
            keys_by_theirs[key].add(int(rules.infostate_key(ours.array, player)))
        for action in ours.legal_actions():
            child = ours.clone()
            child.apply(action)
            walk(child, theirs.child(action))

    walk(hand("ante"), game.new_initial_state())
    return nodes, ours_by_theirs, theirs_by_ours, keys_by_theirs


def test_every_ante_sequence_matches_openspiel(walked):
    nodes, *_ = walked
    assert nodes == {"all": 9457, "terminal": 5520}


def test_information_states_match_openspiels_exactly(walked):
    _, ours_by_theirs, theirs_by_ours, keys_by_theirs = walked
    assert len(ours_by_theirs) == 936  # OpenSpiel's count of Leduc information states
    assert all(len(mine) == 1 for mine in ours_by_theirs.values())
    assert all(len(theirs) == 1 for theirs in theirs_by_ours.values())
    assert all(len(keys) == 1 for keys in keys_by_theirs.values())
    assert len({key for keys in keys_by_theirs.values() for key in keys}) == 936


def test_openspiel_ids_for_cards_and_actions():
    state = hand("ante")
    assert state.chance_outcomes() == pytest.approx([(card, 1 / 6) for card in range(6)])
    assert [card_name(card) for card in range(6)] == ["Js", "Jh", "Qs", "Qh", "Ks", "Kh"]
    assert [leduc_card(name) for name in ("Js", "jh", "Q♠", "qh", "KS", "K♥")] == list(range(6))
    with pytest.raises(InvalidMoveError, match="not in the Leduc deck"):
        leduc_card("As")
    state.apply(KS)
    state.apply(JH)
    assert state.legal_actions() == [CALL, RAISE]  # nothing to call: no fold
    assert state.parse_action("check") == CALL and state.parse_action("bet") == RAISE


def test_a_written_blind_hand():
    # Player 2 (seat 1) posts the small blind and acts first; Player 1 raises; two raises at most
    state = hand("blinds", 1)
    assert (state.small_blind_seat, state.big_blind_seat, state.button) == (1, 0, 1)
    assert state.committed == [2, 1] and state.pot == 3 and state.stacks == [98, 99]
    state.apply(QH)
    state.apply(KS)  # seat 0 has the Queen, seat 1 the King
    assert state.current_player == 1 and state.legal_actions() == [FOLD, CALL, RAISE]
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["fold", "call 1", "raise to 4"]
    state.apply(RAISE)  # small blind raises to 4
    assert state.current_player == 0 and state.to_call == 2
    state.apply(RAISE)  # big blind raises to 6: the second raise of the round
    assert state.legal_actions() == [FOLD, CALL]
    with pytest.raises(IllegalActionError, match="no more raises this round: 2"):
        state.apply(RAISE)
    state.apply(CALL)
    assert state.is_chance_node and state.pot == 12 and state.round == 0
    state.apply(QS)  # the public card pairs the Queen
    assert state.round == 1 and state.current_player == 0  # the big blind opens the second round
    assert state.public_cards() == ["Qs"] and state.private_cards(0) == ["Qh"]
    assert state.hand_name(0) == "Pair of queens" and state.hand_name(1) == "King high"
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["check", "bet to 10"]
    state.apply(RAISE)
    state.apply(CALL)
    assert state.is_terminal and state.showdown
    assert state.returns() == [10.0, -10.0] and state.winners == [0]
    assert state.stacks == [110, 90]
    assert SPEC.definition().result_text(state) == "Player 1 wins 10 with a pair of queens"


def test_a_fold_ends_the_hand_without_a_showdown():
    state = hand("ante", JS, KH, RAISE, FOLD)
    assert state.is_terminal and not state.showdown
    assert state.returns() == [1.0, -1.0]
    assert SPEC.definition().result_text(state) == "Player 2 folds: Player 1 wins 1"


def test_a_tie_splits_the_pot():
    state = hand("ante", KS, KH, CALL, CALL, QS, RAISE, CALL)
    assert state.is_terminal and state.returns() == [0.0, 0.0] and state.winner is None
    assert SPEC.definition().result_text(state) == "Split pot: king high each"


def test_short_stacks_go_all_in():
    # Player 2 has 3 chips: the small blind's raise puts it all in; Player 1 cannot raise again
    state = hand("blinds", 1, JS, QS, stack_2=3)
    assert state.legal_actions() == [FOLD, CALL, RAISE]
    state.apply(RAISE)
    assert state.all_in(1) and state.committed == [2, 3]
    assert state.legal_actions() == [FOLD, CALL]
    state.apply(CALL)  # the big blind calls 1 more: the second round has no betting
    assert state.is_chance_node
    state.apply(KS)
    assert state.is_terminal and state.returns() == [-3.0, 3.0] and state.stacks == [97, 6]


def test_a_blind_larger_than_the_stack_puts_it_all_in():
    state = hand("blinds", 0, JS, QS, stack_1=1)  # Player 1 posts the small blind with its only chip
    assert state.all_in(0) and state.committed == [1, 2]
    assert state.is_chance_node  # nobody has a decision: the public card comes at once
    state.apply(KH)
    assert state.is_terminal and state.returns() == [-1.0, 1.0]


def test_parameters_are_checked():
    with pytest.raises(InvalidParameterError):
        SPEC.new(betting="limit")
    with pytest.raises(InvalidParameterError):
        SPEC.new(stack_1=0)


def test_words_name_actions_and_refusals_say_why():
    state = hand("ante", JS, KH, RAISE)
    assert state.parse_action("fold") == FOLD and state.parse_action("call") == CALL
    assert state.parse_action("raise") == RAISE and state.parse_action("raise 5") == RAISE
    with pytest.raises(InvalidMoveError, match="cannot check: 2 to call"):
        state.parse_action("check")
    with pytest.raises(InvalidMoveError, match="not 9"):
        state.parse_action("raise 9")
    with pytest.raises(InvalidMoveError):
        state.parse_action("shuffle")
    fresh = hand("ante", JS, KH)
    with pytest.raises(IllegalActionError, match="no bet to call: check instead"):
        fresh.apply(FOLD)
    chance = hand("ante")
    assert chance.parse_action("Kh") == KH
    blinds = hand("blinds")
    assert blinds.parse_action("player 2") == 1 and blinds.action_to_string(1) == "Player 2 posts the small blind"


def test_each_seat_sees_its_own_card_only_until_a_showdown():
    state = hand("ante", QH, KS, RAISE, CALL, JS)
    for player, mine, theirs in ((0, "Qh", "Ks"), (1, "Ks", "Qh")):
        view = state.observation(player)
        assert mine in view and theirs not in view
        assert view.state.private_cards(player) == [mine] and view.state.private_cards(1 - player) == []
        assert view.state.hole_card(1 - player) is None and view.state.has_card(1 - player)
    spectator = state.observation(-1)
    assert "Qh" not in spectator and "Ks" not in spectator and "Js" in spectator
    folded = state.clone()
    folded.apply(RAISE)
    folded.apply(FOLD)
    assert "Qh" not in folded.observation(1) and "Ks" not in folded.observation(0)
    state.apply(CALL)
    state.apply(CALL)
    assert state.showdown and "Ks" in state.observation(0) and "Qh" in state.observation(1)


def test_information_state_keys_ignore_what_the_seat_cannot_see():
    a = hand("blinds", 0, QH, KS, CALL)
    b = hand("blinds", 0, QH, JS, CALL)
    assert a.information_state(0) == b.information_state(0)
    assert rules.infostate_key(a.array, 0) == rules.infostate_key(b.array, 0)
    assert a.information_state(1) != b.information_state(1)
    assert rules.infostate_key(a.array, 1) != rules.infostate_key(b.array, 1)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["ante", "blinds"]), st.integers(1, 30), st.integers(1, 30), st.integers(0, 2**31))
def test_random_hands_keep_the_chips(betting, stack_1, stack_2, seed):
    rng = random.Random(seed)
    state = SPEC.new(seed=seed, betting=betting, stack_1=stack_1, stack_2=stack_2)
    for _ in range(40):
        if state.is_terminal:
            break
        assert sum(state.stacks) + state.pot == stack_1 + stack_2
        assert all(stack >= 0 for stack in state.stacks)
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal
    returns = state.returns()
    assert sum(returns) == 0 and sum(state.stacks) == stack_1 + stack_2
    assert state.stacks == [stack_1 + returns[0], stack_2 + returns[1]]
    assert -max(stack_1, 14) <= returns[0] <= max(stack_2, 14)
    assert len(state.history) <= 12  # the small blind, three cards and at most four actions a round


def test_the_evaluation_reads_only_the_seats_view():
    a = hand("ante", KS, JS, CALL)
    b = hand("ante", KS, QH, CALL)
    assert rules.evaluate(a.array, 0) == rules.evaluate(b.array, 0)
    assert rules.evaluate(a.array, 0) > 0 > rules.evaluate(hand("ante", JS, KS, CALL).array, 0)
    assert np.isclose(rules.evaluate(hand("ante", JS, KS, CALL, CALL, JH).array, 0), 2 - 1)
