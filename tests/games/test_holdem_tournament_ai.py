"""The tournament's AI levels: legal choices to the end of whole tournaments, the hand view they play
(the hand's start and actions only, one view per hand so the top level counts each action once),
decisions from the seat's own view only, and the hint."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tui_games.engine.cards import betting as bt
from tui_games.engine.cards.names import parse_card
from tui_games.engine.observer import audience_of
from tui_games.games.holdem_tournament import rules
from tui_games.games.holdem_tournament.ai import TournamentPlayer
from tui_games.games.holdem_tournament.spec import SPEC


@pytest.mark.parametrize("betting", ["fixed", "no-limit"])
def test_every_level_plays_legal_actions_to_the_end_of_a_tournament(betting):
    for seed in range(3):
        players = 3 + seed
        ai = [TournamentPlayer(1 + (seat + seed) % 3, seed=seed * 10 + seat) for seat in range(players)]
        state = SPEC.new(seed=seed, players=players, stack=100, big_blind=20, betting=betting, blinds_up_every=10)
        while not state.is_terminal:
            if state.is_chance_node:
                state.apply(state.sample_chance())
            else:
                action = ai[state.current_player].choose(state.clone())
                assert action in state.legal_actions()
                state.apply(action)
        assert state.stacks[state.winner] == players * 100


def test_the_hand_view_is_the_current_hand_alone_one_view_a_hand():
    player = TournamentPlayer(3, seed=1)
    state = SPEC.new(seed=4, players=4, stack=200, betting="no-limit")
    views = {}
    rng = random.Random(2)
    while not state.is_terminal and state.hand_number <= 6:
        if state.is_chance_node:
            state.apply(state.sample_chance())
            continue
        view = player.hand_view(state.clone())
        assert np.array_equal(view.array, state.array)
        assert view.history == state.history[state.hand_start:]
        assert np.array_equal(view.kernels.initial(view.seed, view.params), rules.hand_start(state.array))
        assert views.setdefault(state.hand_number, view) is view  # the same object all through a hand
        state.apply(rng.choice(state.legal_actions()[:3]))
    assert len({id(view) for view in views.values()}) == len(views) > 3


def test_the_top_level_counts_each_action_it_saw_once():
    """Its habit counts add up to the betting actions of each hand up to its last decision in it."""
    shark = TournamentPlayer(3, seed=2)
    others = [TournamentPlayer(2, seed=seat) for seat in range(3)]
    state = SPEC.new(seed=9, players=3, stack=300, betting="no-limit")
    seen_by_hand: dict[int, int] = {}
    actions_in_hand = 0
    while not state.is_terminal:
        if state.is_chance_node:
            if state.between_hands:
                actions_in_hand = 0
            state.apply(state.sample_chance())
            continue
        if state.current_player == 0:
            seen_by_hand[state.hand_number] = actions_in_hand
            action = shark.choose(state.clone())
        else:
            action = others[state.current_player].choose(state.clone())
        state.apply(action)
        actions_in_hand += 1
    assert sum(habits.actions for habits in shark.player.habits.values()) == sum(seen_by_hand.values()) > 20


def _after_flop_call(holes: str):
    """Hand 1 of a 3-player no-limit tournament: hole cards in dealing order, seat 0 raises to 60,
    the others call, the flop."""
    state = SPEC.new(players=3, stack=500, betting="no-limit")
    for word in holes.split():
        state.apply(parse_card(word))
    state.apply(60), state.apply(bt.CALL), state.apply(bt.CALL)
    for word in "2c 7d Jh".split():
        state.apply(parse_card(word))
    return state


def test_a_decision_depends_only_on_what_the_seat_sees():
    a = _after_flop_call("As 5c 9d Ad 5h 9s")  # seat 1 holds As Ad; seat 2 9d 9s or Kc Kd; seat 0 5c 5h or Qs Qd
    b = _after_flop_call("As Qs Kc Ad Qd Kd")
    assert a.current_player == b.current_player == 1
    assert a.private_cards(1) == b.private_cards(1) == ["As", "Ad"]
    for level in (1, 2, 3):
        first = TournamentPlayer(level, seed=3).decide(a.observed(1))
        second = TournamentPlayer(level, seed=3).decide(b.clone())
        assert (first.action, first.equity) == (second.action, second.equity)


def test_the_hint_names_the_equity_and_the_action():
    state = _after_flop_call("As 5c 9d Ad 5h 9s")
    hint = TournamentPlayer(3, seed=1).hint(state)
    assert hint.best in state.legal_actions() and "equity" in hint.summary
    assert audience_of(state, 0) == -1  # a flop card is public


def test_spec_ai_makes_the_levels():
    for level in (1, 2, 3):
        assert isinstance(SPEC.ai(level, seed=1), TournamentPlayer) and SPEC.ai(level).player.level == level


def test_the_top_level_stays_out_of_raise_wars_without_a_monster():
    """With no cap on raises, after three bets and raises in a round the Shark calls where the cash-game
    Shark would raise again, unless its equity is a monster's; the lower levels are unchanged."""
    from tui_games.games.holdem_tournament.ai import RAISE_WAR, WAR_EQUITY

    found = 0
    for seed in range(40):
        state = SPEC.new(seed=seed, players=2, stack=1000)
        rng = random.Random(seed)
        while not state.is_terminal and state.hand_number <= 3:
            if state.is_chance_node:
                state.apply(state.sample_chance())
                continue
            raises = int(state.array[rules.holdem.TABLE + bt.RAISES])
            shark = TournamentPlayer(3, seed=seed)
            cash = shark.player.decide(shark.hand_view(state.clone()))
            if raises >= RAISE_WAR and cash.action >= bt.RAISE:
                decision = TournamentPlayer(3, seed=seed).decide(state.clone())
                assert decision.action == (bt.RAISE if cash.equity >= WAR_EQUITY else bt.CALL)
                found += 1
            assert TournamentPlayer(2, seed=seed).decide(state.clone()).action == \
                TournamentPlayer(2, seed=seed).player.decide(TournamentPlayer(2).hand_view(state.clone())).action
            state.apply(bt.RAISE if bt.RAISE in state.legal_actions() and rng.random() < 0.7 else bt.CALL)
    assert found >= 3
