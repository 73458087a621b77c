"""Mahjong's state class (game.py) through the catalogue: random hands played through ``spec.new()``,
and every accessor checked against the kernel state's fields read independently (counts by kind, red
fives, meld records, discard codes)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.players import CHANCE, SIMULTANEOUS
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong.game import result_text
from tui_games.games.mahjong.constants import CHI, PASS, RIICHI, RON, TSUMO, action_name, type_kind
from tui_games.games.mahjong.shanten import shanten_search
from tui_games.games.mahjong.tiles import RED_FIVES, parse, parse_counts

@pytest.fixture(scope="module")
def spec():
    """The catalogue's Mahjong."""
    return catalog.get("mahjong")


def step(state, rng):
    """One move: a chance outcome; every seat's answer (ron when offered, else a call three times in
    ten); on a turn tsumo, else riichi, else a discard that keeps the least shanten nine times in ten."""
    if state.current_player == CHANCE:
        state.apply(state.sample_chance())
    elif state.current_player == SIMULTANEOUS:
        joint = []
        for seat in range(4):
            acts = state.legal_actions(seat)
            joint.append(RON if RON in acts else rng.choice(acts) if rng.random() < 0.3 else PASS)
        state.apply_joint(joint)
    else:
        acts = state.legal_actions()
        riichi = [a for a in acts if RIICHI <= a < CHI]
        discards = [a for a in acts if a < RIICHI]
        if TSUMO in acts:
            state.apply(TSUMO)
        elif riichi:
            state.apply(rng.choice(riichi))
        elif discards and rng.random() < 0.9:
            seat = state.current_player
            hand = np.array(state.field("hands")[seat * 34:seat * 34 + 34])

            def after(a):
                hand[type_kind(a)] -= 1
                value = shanten_search(hand) + rng.random()
                hand[type_kind(a)] += 1
                return value
            state.apply(min(discards, key=after))
        else:
            state.apply(rng.choice(acts))


def counts_and_reds(text):
    """34 counts and three red-five counts of tiles in the notation."""
    tiles = parse(text)
    return parse_counts(text), [sum(t == red for t in tiles) for red in RED_FIVES]


def check_accessors(state):
    a = state.array
    for seat in range(4):
        hand = state.hand(seat)
        counts, reds = counts_and_reds(hand)
        assert (counts == a[R.HANDS + seat * 34:R.HANDS + seat * 34 + 34]).all()
        assert reds == list(a[R.REDS + seat * 3:R.REDS + seat * 3 + 3])
        assert len(parse(hand)) == state.hand_size(seat) == a[R.HAND_SIZE + seat]
        melds = state.melds(seat)
        assert len(melds) == a[R.MELD_N + seat]
        for m, meld in enumerate(melds):
            base = R.MELDS + (seat * 4 + m) * R.MELD.size
            kind_type, kind = a[base + R.M_TYPE], a[base + R.M_KIND]
            counts, reds = counts_and_reds(meld.tiles)
            expected = np.zeros(34, dtype=np.int64)
            if kind_type == 0:
                expected[kind:kind + 3] = 1
            else:
                expected[kind] = 3 if kind_type == 1 else 4
            assert (counts == expected).all() and sum(reds) == a[base + R.M_REDS]
            assert (meld.called is None) == (kind_type == 3) == (meld.from_seat is None)
            if meld.called is not None:
                assert meld.from_seat == a[base + R.M_FROM_SEAT] != seat
        codes = a[R.DISCARDS + seat * R.MAX_DISCARDS:R.DISCARDS + seat * R.MAX_DISCARDS + a[R.DISCARD_N + seat]]
        pond = state.pond(seat)
        assert state.discards(seat) == [d.tile for d in pond]
        for code, d in zip(codes, pond):
            kinds, reds = counts_and_reds(d.tile)
            assert kinds[type_kind(int(code) & 63)] == 1 and sum(reds) == int(code & 63 >= 34)
            assert d.riichi == bool(code & R.D_RIICHI) and d.called == bool(code & R.D_CALLED)
    assert state.scores == list(a[R.SCORES:R.SCORES + 4])
    assert state.riichi_sticks == a[R.RIICHI_STICKS]
    assert len(state.dora_indicators) == a[R.DORA_N]
    for text, t in zip(state.dora_indicators, a[R.DORA:R.DORA + a[R.DORA_N]]):
        assert parse_counts(text)[type_kind(int(t))] == 1


def check_every_tile_once(state):
    """Through the accessors alone: hands, melds, uncalled discards, indicators and the unseen pool
    hold each kind four times and each red five once."""
    kinds = np.array(state.field("pool")[:34])
    reds = list(state.field("pool")[34:])
    for j in range(3):
        kinds[(4, 13, 22)[j]] += reds[j]
    texts = [state.hand(seat) for seat in range(4)]
    texts += [m.tiles for seat in range(4) for m in state.melds(seat)]
    texts += [d.tile for seat in range(4) for d in state.pond(seat) if not d.called]
    texts += state.dora_indicators + state.ura_indicators
    for text in texts:
        counts, r = counts_and_reds(text)
        kinds += counts
        reds = [x + y for x, y in zip(reds, r)]
    assert (kinds == 4).all() and reds == [1, 1, 1]


@pytest.mark.parametrize("seed", range(12))
def test_accessors_follow_the_kernel_state_through_random_hands(spec, seed):
    rng = random.Random(seed)
    state = spec.new(seed=seed)
    assert state.scores == [25000] * 4 and state.riichi_sticks == 0 and state.dora_indicators == []
    assert state.hand(0) == "" and state.phase == "deal"
    while not state.is_terminal:
        step(state, rng)
        check_accessors(state)
    check_every_tile_once(state)
    assert state.end and sum(state.returns()) == -1000 * state.riichi_sticks
    assert result_text(state).startswith("Drawn hand" if not state.winners else "Player")


def test_a_hand_after_the_deal(spec):
    state = spec.new(seed=3)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    assert len(state.dora_indicators) == 1 and state.current_player == 0 and state.phase == "turn"
    assert [state.hand_size(seat) for seat in range(4)] == [14, 13, 13, 13]
    assert parse_counts(state.hand(0))[parse_counts(state.drawn).argmax()] >= 1
    assert all(state.melds(seat) == [] and state.discards(seat) == [] for seat in range(4))
    view = state.observed(1)
    assert view.hand(1) == state.hand(1) and view.hand(0) == view.hand(2) == "" and view.drawn is None


def test_action_names_read_back(spec):
    rng = random.Random(7)
    state = spec.new(seed=7)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            for t, _ in state.chance_outcomes():
                assert state.parse_action(state.action_to_string(t)) == t
        elif state.current_player == SIMULTANEOUS:
            for seat in range(4):
                for act in state.legal_actions(seat):
                    assert state.parse_action(action_name(act)) == act
        else:
            for act in state.legal_actions():
                assert state.action_to_string(act) == action_name(act)
                assert state.parse_action(action_name(act)) == act
        step(state, rng)


def test_tiles_drawn_are_hidden_from_the_other_seats(spec):
    state = spec.new(seed=1)
    first = state.sample_chance()
    assert state.action_to_string(first, observer=0) != state.kernels.hidden_name
    assert state.action_to_string(first, observer=1) == state.kernels.hidden_name
    with pytest.raises(IllegalActionError):
        state.parse_action("discard 5x")


@pytest.mark.parametrize("params", [{"rules": "chinese"}, {"length": "north"}, {"score_0": 26000},
                                    {"round_wind": "centre"}, {"honba": -1}])
def test_bad_parameters_are_refused(spec, params):
    with pytest.raises(InvalidParameterError):
        spec.new(**params)


def test_a_simple_hand_reads_the_same(spec):
    rng = random.Random(2)
    state = spec.new(seed=2, rules="simple")
    assert state.reading == "simple" and state.scores == [0, 0, 0, 0]
    while not state.is_terminal:
        step(state, rng)
        check_accessors(state)
    assert state.dora_indicators == [] and state.riichi_sticks == 0 and not any(state.in_riichi(s) for s in range(4))
    assert result_text(state).startswith("Drawn hand" if not state.winners else "Player")


def test_a_seat_with_nothing_to_call_is_not_asked_and_nobody_learns_who_had_a_call(spec, home):
    """At a call window the match passes for each seat whose only answer is pass; those seats read as
    still choosing (``has_chosen``), so the screen shows nobody who had a call; the joint move played
    holds their pass."""
    from tui_games.match import Match, Seat

    rng = random.Random(5)
    match = Match.new(spec, {"length": "hand"}, [Seat()] * 4, seed=5)
    windows = 0
    while not match.is_over:
        state = match.state
        if match.at_simultaneous_node:
            only = [seat for seat in range(4) if state.legal_actions(seat) == [PASS]]
            asked = match.seats_to_choose
            assert sorted(asked) == [seat for seat in range(4) if seat not in only] and asked
            assert not any(match.has_chosen(seat) for seat in range(4))
            windows += bool(only)
            before = len(state.history)
            for seat in asked:
                match.choose_for(seat, PASS)
            joint = match.state.history[before]
            assert [joint[seat] for seat in only] == [PASS] * len(only)
            continue
        clone = state.clone()
        step(clone, rng)
        match.play(clone.history[-1])
    assert windows >= 3  # the hand had call windows where some seat had nothing to call
