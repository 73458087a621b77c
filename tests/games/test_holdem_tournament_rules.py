"""The Texas Hold'em tournament's rules through the game: hands chained inside the state (the button
moves, the blinds go up every N hands, a seat out of chips is skipped, heads-up blind order once two
are left), the seed's side-pot example, places and returns (ties among seats out in the same hand
broken by their chips at the start of it), the end when one seat holds every chip, the seed's fixed
bets, action words, what each seat sees, and random tournaments that keep every chip."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games.core.errors import IllegalActionError, InvalidMoveError, InvalidParameterError
from tui_games.engine.cards import holdem
from tui_games.engine.cards.names import parse_card
from tui_games.engine.observer import audience_of
from tui_games.games.holdem_tournament import rules
from tui_games.games.holdem_tournament.spec import SPEC

FOLD, CALL, RAISE = 0, 1, 2


def deal(state, holes: dict[int, str]) -> None:
    """Deal the hand's hole cards (between hands, the first one starts the hand): ``holes[seat]`` =
    'As Kd'; each card goes to the seat the dealing order gives it."""
    left = {seat: [parse_card(card) for card in text.split()] for seat, text in holes.items()}
    assert state.is_chance_node
    while state.is_chance_node and (state.between_hands or int(state.array[holdem.PHASE]) == holdem.PHASE_DEAL):
        state.apply(left[audience_of(state, 0)].pop(0))
    assert not any(left.values())


def board(state, text: str) -> None:
    """Turn up the board cards named in ``text``."""
    for card in text.split():
        state.apply(parse_card(card))


def check_down(state, *streets: str) -> None:
    """Turn up each street's cards (``streets``: 'Kc 7d 2h', '9s', ...), every seat still to act
    checking or calling after each."""
    for cards in streets:
        board(state, cards)
        while state.current_player >= 0:
            state.apply(CALL)


def total_chips(state) -> int:
    return sum(state.chips(seat) for seat in range(state.num_players))


# ----- chaining hands ----------------------------------------------------------------------------------------
def test_the_button_moves_a_busted_seat_is_skipped_and_heads_up_the_button_posts_the_small_blind():
    state = SPEC.new(players=3, stack=100, big_blind=20, betting="no-limit")
    assert state.hand_number == 1 and state.button == 0  # the seed's dealer is the first player
    assert state.small_blind_seat == 1 and state.big_blind_seat == 2 and state.committed == [0, 10, 20]
    deal(state, {0: "2c 3d", 1: "As Ad", 2: "Ks Kd"})
    assert state.current_player == 0
    state.apply(FOLD)
    state.apply(100)  # the small blind moves all in
    state.apply(CALL)  # the big blind calls all in
    board(state, "7h 8c 9d Js 2h")
    # seat 2 lost every chip: it is out, third, and the finished hand is still on the table
    assert state.between_hands and state.current_player == -1
    assert state.stacks == [100, 200, 0] and state.showdown and state.winners == [1]
    assert state.place(2) == 3 and state.out_in_hand(2) == 1 and state.players_left == [0, 1]
    assert state.place(0) is None and not state.is_terminal

    deal(state, {0: "5c 6c", 1: "Qs Jd"})  # hand 2: the button moves to seat 1; seat 2 gets no cards
    assert state.hand_number == 2 and state.button == 1
    assert not state.in_hand(2) and state.private_cards(2) == []
    assert state.small_blind_seat == 1 and state.big_blind_seat == 0  # heads-up: the button is the small blind
    assert state.current_player == 1  # and acts first before the flop
    state.apply(CALL)
    state.apply(CALL)
    board(state, "2d 3h 4s")
    assert state.current_player == 0  # the big blind acts first after the flop
    state.apply(CALL)
    state.apply(40)  # seat 1 bets 20 more
    state.apply(FOLD)
    assert state.stacks == [80, 220, 0]

    deal(state, {0: "5d 6d", 1: "Qh Jh"})  # hand 3: the button skips seat 2, which has no chips
    assert state.hand_number == 3 and state.button == 0
    assert state.small_blind_seat == 0 and state.big_blind_seat == 1 and state.current_player == 0


def test_blinds_double_every_n_hands():
    state = SPEC.new(players=2, stack=1000, big_blind=20, blinds_up_every=2)
    seen = []
    for _ in range(5):
        deal(state, {0: "2c 3d", 1: "4h 5s"})
        seen.append((state.hand_number, state.blind_level, state.small_blind, state.big_blind,
                     state.hands_to_next_level))
        state.apply(FOLD)  # the button (small blind) folds
    assert seen == [(1, 1, 10, 20, 1), (2, 1, 10, 20, 0), (3, 2, 20, 40, 1), (4, 2, 20, 40, 0),
                    (5, 3, 40, 80, 1)]
    assert state.next_blinds == (80, 160)
    constant = SPEC.new(players=2)
    assert constant.hands_to_next_level is None and constant.blinds_up_every == 0


def test_the_seeds_side_pot_example():
    """The seed: A and B bet 100 each, C has only 40 and goes all in: pot 1 is 3 * 40 = 120 for A, B and
    C, pot 2 is 2 * 60 = 120 for A and B."""
    state = SPEC.new(players=3, stack=200, big_blind=20, betting="no-limit")
    deal(state, {0: "As Ad", 1: "2c 7d", 2: "Ks Kd"})
    state.apply(160)  # hand 1 leaves C (seat 2) with 40 chips
    state.apply(FOLD)
    state.apply(CALL)
    check_down(state, "3c 4d 8h", "9s", "Jd")
    assert state.stacks == [370, 190, 40]

    a, b, c = 0, 1, 2
    deal(state, {a: "Qs Qd", b: "7c 8d", c: "Kh Kc"})  # hand 2: button B, small blind C, big blind A
    assert state.button == b and state.small_blind_seat == c and state.big_blind_seat == a
    state.apply(100)  # B bets 100
    state.apply(CALL)  # C calls all in for 40
    assert state.all_in(c) and state.committed[c] == 40
    state.apply(CALL)  # A calls 100
    assert state.pots() == [(120, [a, b, c]), (120, [a, b])]
    check_down(state, "2h 3s 9c", "Td", "4h")
    # C's kings take the main pot, A's queens the side pot
    assert [state.won(seat) for seat in (a, b, c)] == [120, 0, 120]
    assert state.stacks == [390, 90, 120] and total_chips(state) == 600


# ----- places and returns ------------------------------------------------------------------------------------
def test_seats_out_in_the_same_hand_with_equal_chips_share_the_place():
    state = SPEC.new(players=3, stack=100, betting="no-limit")
    deal(state, {0: "As Ad", 1: "Ks Kd", 2: "Qs Qd"})
    state.apply(100)
    state.apply(CALL)
    state.apply(CALL)
    board(state, "2c 5d 9h Jc 3s")
    assert state.is_terminal and state.winner == 0
    assert state.stacks == [300, 0, 0]
    assert [state.place(seat) for seat in range(3)] == [1, 2, 2]
    assert state.returns() == [1.0, -0.5, -0.5]
    outcome = state.outcome()
    assert outcome.places == (1, 2, 2) and outcome.winners == (0,)
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError):
        state.apply(CALL)
    with pytest.raises(InvalidMoveError, match="the tournament is over"):
        state.parse_action("call")
    assert SPEC.definition().result_text(state) == ("Player 1 wins the tournament after 1 hand; "
                                                    "2nd Player 2, 2nd Player 3")


def test_seats_out_in_the_same_hand_are_placed_by_their_chips_at_its_start():
    state = SPEC.new(players=3, stack=100, big_blind=20, betting="no-limit")
    deal(state, {0: "2c 3d", 1: "As Ad", 2: "7s 8d"})
    state.apply(FOLD)
    state.apply(CALL)
    state.apply(CALL)
    board(state, "Kc Qd 4h")
    state.apply(40)  # the small blind bets 20
    state.apply(FOLD)
    assert state.stacks == [100, 120, 80]
    deal(state, {0: "Ks Kd", 1: "As Ah", 2: "Qs Qh"})  # button 1: small blind 2, big blind 0
    state.apply(120)  # seat 1 all in
    state.apply(CALL)  # seat 2 all in for 80
    state.apply(CALL)  # seat 0 all in for 100
    board(state, "2d 5c 9h Jd 3s")
    assert state.is_terminal and state.winner == 1 and state.stacks == [0, 300, 0]
    assert state.start_stacks == [100, 120, 80]
    assert [state.place(seat) for seat in range(3)] == [2, 1, 3]  # 100 chips at the start beat 80
    assert state.returns() == [0.0, 1.0, -1.0]
    assert state.finishing_order == [0, 2]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_returns_are_zero_sum_and_rank_the_places(players):
    state = _play_out(SPEC.new(seed=players, players=players, stack=60, big_blind=20, betting="no-limit"),
                      random.Random(players))
    returns = state.returns()
    places = [state.place(seat) for seat in range(players)]
    assert state.is_terminal and sorted(places)[0] == 1 and places.count(1) == 1
    assert abs(sum(returns)) < 1e-9 and max(returns) == 1.0 == returns[state.winner]
    for a in range(players):
        for b in range(players):
            assert (places[a] < places[b]) == (returns[a] > returns[b])
    assert state.stacks[state.winner] == players * 60


# ----- betting ------------------------------------------------------------------------------------------------
def test_fixed_bets_are_the_big_blind_on_every_street_with_no_cap_on_raises():
    state = SPEC.new(players=2, stack=1000, big_blind=20)
    deal(state, {0: "As Kd", 1: "Qh Jc"})
    for _ in range(6):  # six raises of 20: no cap
        state.apply(RAISE)
    assert state.committed == [120, 140] and RAISE in state.legal_actions()
    state.apply(CALL)
    board(state, "2c 7d 9h")
    state.apply(RAISE)
    state.apply(CALL)
    board(state, "3s")
    assert state.street_name == "turn"
    state.apply(RAISE)
    assert state.committed == [160, 180]  # a bet of 20 on the turn (limit Hold'em would bet 40)
    assert state.action_to_string(RAISE) == "raise to 200"
    state.apply(CALL)
    board(state, "4s")
    state.apply(RAISE)
    assert state.committed == [180, 200]


def test_fixed_bets_go_all_in_when_short():
    state = SPEC.new(players=2, stack=50, big_blind=20)
    deal(state, {0: "As Kd", 1: "Qh Jc"})
    state.apply(RAISE)  # to 40
    state.apply(RAISE)  # all in: 50, short of a raise to 60
    assert state.committed == [40, 50] and state.all_in(1)
    assert state.legal_actions() == [FOLD, CALL]


def test_action_words():
    state = SPEC.new(players=3, stack=500, big_blind=20, betting="no-limit")
    deal(state, {0: "As Kd", 1: "Qh Jc", 2: "2c 2d"})
    assert state.parse_action("fold") == FOLD
    assert state.parse_action("call") == CALL
    assert state.parse_action("raise") == 40  # the smallest raise
    assert state.parse_action("raise 60") == 60 and state.parse_action("bet 60") == 60
    assert state.parse_action("allin") == 500
    with pytest.raises(IllegalActionError, match="you cannot check"):
        state.parse_action("check")
    with pytest.raises(IllegalActionError, match="too small"):
        state.parse_action("raise 30")
    with pytest.raises(InvalidMoveError):
        state.parse_action("shuffle")
    state.apply(CALL), state.apply(CALL)
    assert state.parse_action("check") == CALL
    fixed = SPEC.new(players=2, stack=500, big_blind=20)
    deal(fixed, {0: "As Kd", 1: "Qh Jc"})
    assert fixed.parse_action("raise") == RAISE and fixed.parse_action("raise 40") == RAISE
    with pytest.raises(IllegalActionError, match="in limit the raise makes your chips in the pot 40"):
        fixed.parse_action("raise 60")


def test_parameters_are_checked():
    state = SPEC.new()
    assert state.num_players == 6 and state.stacks == [1000, 990, 980, 1000, 1000, 1000]
    assert not state.no_limit and state.big_blind == 20
    for bad in ({"players": 1}, {"players": 11}, {"big_blind": 1}, {"betting": "pot-limit"},
                {"stack": 0}, {"blinds_up_every": -1}, {"players": 10, "stack": 5000}):
        with pytest.raises(InvalidParameterError):
            SPEC.new(**bad)


# ----- what each seat sees ------------------------------------------------------------------------------------
def test_the_first_card_of_the_next_hand_is_seen_by_its_seat_only():
    state = SPEC.new(players=3, stack=100, betting="no-limit")
    deal(state, {0: "2c 3d", 1: "As Ad", 2: "Ks Kd"})
    state.apply(FOLD)
    state.apply(FOLD)
    assert state.between_hands and state.stacks == [100, 90, 110]
    receiver = audience_of(state, 0)
    assert receiver == int(rules.next_deal_seat(state.array)) == 2  # left of the next button, seat 1
    one, other = state.clone(), state.clone()
    one.apply(parse_card("As"))
    other.apply(parse_card("7h"))
    for seat in (0, 1):
        assert one.observation(seat) == other.observation(seat)
        assert one.information_state(seat) == other.information_state(seat)
    assert one.observation(2) != other.observation(2)
    assert one.private_cards(2) == ["As"]


def test_the_observation_names_the_tournament_and_hides_hole_cards():
    state = SPEC.new(players=3, stack=100, betting="no-limit")
    deal(state, {0: "2c 3d", 1: "As Ad", 2: "Ks Kd"})
    state.apply(FOLD), state.apply(100), state.apply(CALL)
    board(state, "7h 8c 9d")
    text = str(state.observation(0))
    assert text.startswith("Tournament hand 1, blinds 10/20 (level 1), 3 players left")
    assert "As" not in text.split() and "Ks" not in text.split()  # all in, but face down until the showdown
    board(state, "Js 2h")
    text = str(state.observation(0))
    assert "Player 2 (you)" not in text and "As Ad" in text and "Ks Kd" in text  # shown at the showdown
    assert "Player 2 wins 100 with pair of aces; the next hand is being dealt" in text
    deal(state, {0: "4c 5d", 1: "6s 6d"})
    assert "Player 3: out in hand 1, 3rd place" in str(state.observation(0))
    hidden = SPEC.new(players=3)
    deal(hidden, {0: "2c 3d", 1: "As Ad", 2: "Ks Kd"})
    assert "As" not in str(hidden.observation(0)).split() and "2c" in str(hidden.observation(0))


# ----- random tournaments ------------------------------------------------------------------------------------
def _play_out(state, rng: random.Random, check=None):
    """Play random legal actions (fold, call, the smallest raise, all in or any size) to the end."""
    while not state.is_terminal:
        if check is not None:
            check(state)
        if state.is_chance_node:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        choices = legal[:3] + ([legal[-1], rng.choice(legal[2:])] if len(legal) > 3 else [])
        state.apply(rng.choice(choices))
    return state


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 10), seed=st.integers(0, 2**31), no_limit=st.booleans(), stack=st.integers(10, 120),
       big_blind=st.integers(2, 40), every=st.integers(0, 5))
def test_random_tournaments_keep_every_chip(players, seed, no_limit, stack, big_blind, every):
    total = players * stack

    def check(state):
        assert total_chips(state) == total
        assert all(chips >= 0 for chips in state.stacks)
        out = [seat for seat in range(players) if state.is_out(seat)]
        assert all(state.stacks[seat] == 0 and state.place(seat) > len(state.players_left) for seat in out)
        assert all(not state.in_hand(seat) for seat in out if state.out_in_hand(seat) < state.hand_number)
        if not state.between_hands:
            assert state.players_left == [seat for seat in range(players) if state.start_stacks[seat] > 0]

    state = _play_out(SPEC.new(seed=seed, players=players, stack=stack, big_blind=big_blind,
                               betting="no-limit" if no_limit else "fixed", blinds_up_every=every),
                      random.Random(seed), check)
    assert state.stacks[state.winner] == total and total_chips(state) == total
    assert abs(sum(state.returns())) < 1e-9
    replay = state.replayed(list(state.history))
    assert np.array_equal(replay.array, state.array)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_the_hand_start_replays_to_the_state(seed):
    """rules.hand_start gives the hand as it began: the hand's actions played on it give the state."""
    rng = random.Random(seed)
    state = SPEC.new(seed=seed, players=4, stack=80, betting="no-limit")

    def check(state):
        start = rules.hand_start(state.array)
        for action in state.history[state.hand_start:]:
            rules.apply_action(start, action)
        assert np.array_equal(start, state.array)

    _play_out(state, rng, check)
