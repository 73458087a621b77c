"""Gin Rummy's inference for the top level: the relations, the evidence a hand's public moves give, the
weights of each card, the shipped table against the script that measures it, and weighted worlds."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from tui_games import catalog
from tui_games.engine.rng import make_rng
from tui_games.games.gin_rummy import inference, rules
from tui_games.games.gin_rummy.constants import DRAW_STOCK, DRAW_UPCARD, PASS, card_of
from tui_games.games.gin_rummy.inference import DECLINED, DISCARDED, HELD, LAST_DISCARD, MAX_EVENTS
from tui_games.games.gin_rummy.worlds import sample_weighted, seen_cards

SPEC = catalog.get("gin-rummy")


def test_relations():
    seven = card_of("7s")
    assert inference.relation(card_of("7h"), seven) == 0
    assert inference.relation(card_of("8s"), seven) == 1 and inference.relation(card_of("6s"), seven) == 1
    assert inference.relation(card_of("5s"), seven) == 2 and inference.relation(card_of("9s"), seven) == 2
    assert inference.relation(card_of("Ts"), seven) == 3 and inference.relation(card_of("8h"), seven) == 3
    assert inference.relation(card_of("4s"), seven) == 4 and inference.relation(card_of("As"), seven) == 4


def dealt(seed: int = 3, first: int = 0):
    """A hand dealt to the first upcard."""
    state = SPEC.new(seed=seed, target=0, first=first)
    while state.current_player < 0:
        state.resolve_chance()
    return state


def events_of(state, seat: int) -> list[tuple[int, int]]:
    """``seat``'s evidence events from ``state``'s history."""
    start = rules.initial_state(0, 10, 25, 25, state.first)
    events = np.zeros((MAX_EVENTS, 2), np.int64)
    history = np.array(state.history, np.int64)
    n = inference.replay_events(start, history, len(history), seat, events)
    return [tuple(int(x) for x in row) for row in events[:n]]


def test_the_events_of_a_hand_and_the_weights_they_give():
    state = dealt()
    first_up = card_of(state.upcard)
    state.apply(PASS)  # player 1 passes on the first upcard
    state.apply(DRAW_UPCARD)  # player 2 takes it
    thrown = max(c for c in state.legal_actions() if c < 52 and c != first_up)
    state.apply(thrown)
    assert events_of(state, 0) == [(DECLINED, first_up)]
    assert events_of(state, 1) == [(DISCARDED, thrown)]
    up = card_of(state.upcard)
    state.apply(DRAW_STOCK)  # player 1 leaves player 2's discard for the stock
    state.resolve_chance()
    assert events_of(state, 0) == [(DECLINED, first_up), (DECLINED, up)]
    table = inference.load_table()
    weights = np.empty(52)
    events = np.array(events_of(state, 1) + [(0, 0)] * (MAX_EVENTS - 1), np.int64)
    held = 1 << first_up
    inference.card_weights(events, 1, held, table, weights)
    for card in range(52):
        expected = 1.0
        r = inference.relation(card, thrown)
        if card != thrown and r <= 2:
            expected *= table[DISCARDED, r]
        r_held = inference.relation(card, first_up)
        if card != first_up and r_held <= 2:
            expected *= table[HELD, r_held]
        if r >= 3:
            expected *= table[LAST_DISCARD, r]
        assert weights[card] == expected, card


def test_the_shipped_table_reads_as_players_would():
    table = inference.load_table()
    for kind in (DISCARDED, DECLINED):
        assert table[kind, 0] < table[kind, 1] < table[kind, 2] < 1.0  # meld partners of a card thrown
    assert table[HELD, 0] > table[HELD, 2] > 1.0  # partners of a card taken
    assert table[LAST_DISCARD, 3] < 1.0 < table[LAST_DISCARD, 4]  # it keeps nothing above its discard
    assert table[DISCARDED, 3] == table[HELD, 4] == table[LAST_DISCARD, 0] == 1.0  # not weighed


def test_the_script_measures_the_shipped_table():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import gin_rummy_inference

    hits = np.zeros((inference.KINDS, inference.RELATIONS))
    chances = np.zeros((inference.KINDS, inference.RELATIONS))
    gin_rummy_inference.play_hands(make_rng(5), 3000, hits, chances)
    table = inference.load_table()
    for kind, relations in enumerate(inference.APPLIES):
        for r in relations:
            assert abs(hits[kind, r] / chances[kind, r] - table[kind, r]) < 0.15 * table[kind, r], (kind, r)


def test_weighted_worlds_keep_what_the_seat_saw_and_follow_the_weights():
    state = dealt(seed=8)
    view = state.observed(0).array.copy()
    weights = np.ones(52)
    favoured = [c for c in range(52) if not (seen_cards(view, 0) >> c) & 1][:5]
    for card in favoured:
        weights[card] = 50.0
    out = np.empty_like(view)
    rng = make_rng(2)
    counts = np.zeros(52)
    for _ in range(400):
        sample_weighted(view, 0, rng, weights, out)
        hand = int(out[rules.HANDS + 1])
        assert bin(hand).count("1") == 10 and hand & int(view[rules.HANDS]) == 0
        unseen = (1 << 52) - 1 - int(view[rules.HANDS]) - (1 << card_of(state.upcard))
        assert hand & ~unseen == 0 and hand | int(out[rules.STOCK]) == unseen
        counts += [(hand >> c) & 1 for c in range(52)]
    others = [c for c in range(52) if c not in favoured and not (seen_cards(view, 0) >> c) & 1]
    assert min(counts[favoured]) > 300 and max(counts[others]) < 200
