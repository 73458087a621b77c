"""Hold'em AI levels (shared by Limit and No-limit): legal choices anywhere, decisions from the seat's
own view only, clear-cut spots played right, the top level's memory of opponents' habits, and the
cash-game sitting (stacks carried over, the button moving, rebuys)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tui_games.engine.cards import betting as bt
from tui_games.engine.cards.holdem_ai import LOOSE, SHARK, SOLID, HoldemPlayer, betting_log
from tui_games.engine.cards.holdem_equity import connects, equity, preflop_strength
from tui_games.engine.cards.holdem_state import STACK_PARAMS
from tui_games.engine.cards.names import parse_card
from tui_games.engine.rng import make_rng
from tui_games.games.limit_holdem.entry import SPEC as LIMIT
from tui_games.games.limit_holdem.game import SITTING as LIMIT_SITTING
from tui_games.games.no_limit_holdem.entry import SPEC as NO_LIMIT
from tui_games.match import Match, Seat

BUY_IN = {"limit-holdem": 1000, "no-limit-holdem": 200}
"""Each game's default buy-in in chips (Limit: 1000; No-limit: 100 big blinds of 2)."""


def dealt(spec, deal: str, *actions, **params):
    """A hand with hole cards dealt in dealing order, then ``actions``."""
    state = spec.new(seed=0, **params)
    for word in deal.split():
        state.apply(parse_card(word))
    for action in actions:
        state.apply(action)
    return state


@pytest.mark.parametrize("spec", [LIMIT, NO_LIMIT], ids=["limit", "no-limit"])
@pytest.mark.parametrize("level", [LOOSE, SOLID, SHARK])
def test_every_level_plays_legal_actions_to_the_end(spec, level):
    rng = random.Random(level)
    for seed in range(6):
        players = 2 + seed % 4
        ai = [HoldemPlayer(level, seed=seed * 10 + seat) for seat in range(players)]
        state = spec.new(seed=seed, players=players, button=seed % players)
        while not state.is_terminal:
            if state.is_chance_node:
                state.apply(rng.choice(state.legal_actions()))
            else:
                action = ai[state.current_player].choose(state)
                assert action in state.legal_actions()
                state.apply(action)
        assert sum(state.returns()) == 0


def test_a_decision_depends_only_on_what_the_seat_sees():
    a = dealt(NO_LIMIT, "As 7c Ah 2d")  # seat 1 holds As Ah; seat 0 7c 2d or Kc Kd
    b = dealt(NO_LIMIT, "As Kc Ah Kd")
    a.apply(bt.CALL)
    b.apply(bt.CALL)
    for level in (LOOSE, SOLID, SHARK):
        first = HoldemPlayer(level, seed=3).decide(a)
        second = HoldemPlayer(level, seed=3).decide(b)
        assert (first.action, first.equity) == (second.action, second.equity)


def test_aces_raise_and_seven_deuce_folds_to_an_all_in():
    aces = dealt(NO_LIMIT, "As 7c Ah 2d", bt.CALL)  # the button limps; the big blind holds aces
    for level in (LOOSE, SOLID, SHARK):
        assert HoldemPlayer(level).choose(aces) >= bt.RAISE
    shove = dealt(NO_LIMIT, "As 7c Ah 2d", 200)  # the button (7c 2d) moves all in against aces
    assert HoldemPlayer(SOLID).choose(shove) == bt.CALL
    trash = dealt(NO_LIMIT, "7c As 2d Ah", 200)  # now the big blind holds 7c 2d
    assert HoldemPlayer(SOLID).choose(trash) == bt.FOLD


def test_limit_raise_is_the_fixed_raise():
    state = dealt(LIMIT, "As 7c Ah 2d", bt.CALL)
    assert HoldemPlayer(SOLID).choose(state) == bt.RAISE


def test_equity_against_known_matchups():
    rng = make_rng(5)
    board = np.full(5, -1, dtype=np.int64)
    aces = np.array([parse_card("As"), parse_card("Ah")])
    loose = np.zeros(1)
    value = equity(aces, board, 0, loose, loose, 1, 20000, rng)
    assert 0.83 < value < 0.88  # AA against a random hand: 85.2%
    river = np.array([parse_card(c) for c in "Ks Qs Js Ts 2d".split()])
    assert equity(aces, river, 5, loose, loose, 1, 500, rng) == 1.0  # a royal flush
    flop = np.array([parse_card(c) for c in "Kc 7d 2h".split()] + [-1, -1])
    assert connects(parse_card("Ks"), parse_card("3c"), flop, 3)
    assert not connects(parse_card("Qs"), parse_card("Jc"), flop, 3)
    queens = np.array([parse_card("Qs"), parse_card("Qh")])
    anything = equity(queens, flop, 3, loose, loose, 1, 4000, rng)
    hit = equity(queens, flop, 3, loose, np.ones(1), 1, 4000, rng)
    assert hit < anything - 0.15  # against a hand that surely hit the king-high flop, queens are behind
    assert preflop_strength(parse_card("As"), parse_card("Ad")) == 1.0
    assert preflop_strength(parse_card("7c"), parse_card("2d")) == 0.0
    assert preflop_strength(parse_card("Ks"), parse_card("Qs")) > preflop_strength(parse_card("Kd"), parse_card("Qc"))


def test_the_top_level_learns_how_often_each_opponent_raises():
    shark = HoldemPlayer(SHARK)
    deck = [f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs"]
    for hand_number in range(5):
        deal = " ".join(random.Random(hand_number).sample(deck, 4))
        state = dealt(NO_LIMIT, deal, 200)  # the button moves all in every hand
        shark.choose(state)
        shark.choose(state)  # the same hand seen again is not counted twice
    assert (shark.habits[0].actions, shark.habits[0].raises) == (5, 5)
    assert shark.habits[0].aggression > 0.6


def test_copies_of_one_state_count_each_opponent_action_once():
    """The app hands the AI a fresh copy of the state at every decision: the copies are one hand."""
    shark = HoldemPlayer(SHARK)
    state = dealt(NO_LIMIT, "As 7c Ah 2d", 10)  # the button (seat 0) raises
    shark.choose(state.clone())
    shark.choose(state.clone())
    shark.choose(state.observed(1))
    assert (shark.habits[0].actions, shark.habits[0].raises) == (1, 1)
    state.apply(bt.CALL)
    for card in "2c 7d 9h".split():
        state.apply(parse_card(card))
    state.apply(bt.CALL)  # seat 1 checks the flop
    state.apply(bt.CALL)  # seat 0 checks behind
    for card in ("3s",):
        state.apply(parse_card(card))
    shark.choose(state.clone())  # seat 1 again: seat 0's check is the only new action of seat 0
    shark.choose(state.clone())
    assert (shark.habits[0].actions, shark.habits[0].raises) == (2, 1)
    assert shark.habits[1].actions == 2  # its own call and check are counted once too


def test_betting_log_names_who_did_what():
    state = dealt(NO_LIMIT, "As 7c Ah 2d", 10, bt.CALL)
    for card in "2c 7d 9h".split():
        state.apply(parse_card(card))
    state.apply(bt.CALL)
    assert betting_log(state) == [(0, 10, 0, True), (1, bt.CALL, 0, True), (1, bt.CALL, 1, False)]


# ----- the sitting ---------------------------------------------------------------------------------------
def test_the_sitting_carries_stacks_moves_the_button_and_rebuys():
    standing = LIMIT_SITTING.start(3, {"players": 3})
    assert standing.facts["stacks"] == [1000, 1000, 1000]
    standing = LIMIT_SITTING.add(standing, (-30.0, 40.0, -10.0))
    params = LIMIT_SITTING.deal_params(standing, {"players": 3})
    assert [params[name] for name in STACK_PARAMS[:3]] == [970, 1040, 990]
    assert params["button"] == 1
    state = LIMIT.new(**params)
    assert state.button == 1 and state.small_blind_seat == 2 and state.big_blind_seat == 0
    assert state.stacks == [968, 1040, 989]
    standing = LIMIT_SITTING.add(standing, (-970.0, 970.0, 0.0))
    assert standing.facts["stacks"][0] == 1000 and standing.facts["rebuys"] == [1, 0, 0]
    assert standing.scores == (-1000.0, 1010.0, -10.0)


@pytest.mark.parametrize("spec", [LIMIT, NO_LIMIT], ids=["limit", "no-limit"])
def test_the_first_hand_of_a_sitting_is_dealt_with_the_stacks_set(home, spec):
    """Stacks set for the sitting (``--set stack_2=...``) are the first hand's, and carry on from there;
    a seat left at 0 sits down with the buy-in."""
    match = Match.new(spec, {"players": 3, "stack_2": 500, "stack_3": 700}, [Seat(), Seat("ai", 1), Seat("ai", 1)],
                      seed=5)
    first = match.state
    assert [first.params[name] for name in STACK_PARAMS[:3]] == [BUY_IN[spec.id], 500, 700]
    assert [first.stacks[seat] + first.committed[seat] for seat in range(3)] == [BUY_IN[spec.id], 500, 700]
    assert match.standing.facts["stacks"] == [BUY_IN[spec.id], 500, 700]
    resumed = Match.resume(match.save_path)
    assert resumed.state.stacks == first.stacks
