"""Dou Dizhu AI: worlds sampled consistent with what a seat saw (and only from that), the rule player's
habits on written positions, bidding, the time a move takes, hints, and strength against random play."""

from __future__ import annotations

import random
import time

import numpy as np

from tui_games import catalog
from tui_games.engine.observer import redacted_array
from tui_games.engine.rng import make_rng
from tui_games.games.doudizhu import moves, rules, search, strategy
from tui_games.games.doudizhu.ai import DoudizhuPlayer, candidates
from tui_games.games.doudizhu.game import KERNELS, bid_action, deal_actions
from tui_games.games.doudizhu.moves import NAMES, PASS

SPEC = catalog.get("doudizhu")
HANDS = ["33334444555566667", "77788889999TT2222", "TTJJJJQQQQKKKKAAA"]


def move(text: str) -> int:
    """The move number of a card string in any order."""
    return moves.MOVE_OF_NAME[moves.text_of(moves.counts_of(text))]


def dealt(hands, kitty, bidding="rlcard", first=0, bids=()):
    """A state with ``hands`` and ``kitty`` dealt (auction: ``first`` bids first, then ``bids``)."""
    state = SPEC.new(seed=0, bidding=bidding)
    for action in deal_actions(hands, kitty):
        state.apply(action)
    if bidding == "auction":
        state.apply(first)
        for action in bids:
            state.apply(action)
    return state


def random_position(seed: int, bidding: str = "rlcard", plies: int | None = None):
    """A state some random moves into a random deal (play phase, a seat to move)."""
    rng = random.Random(seed)
    state = SPEC.new(seed=seed, bidding=bidding)
    state.resolve_chance()
    for _ in range(rng.randrange(0, 30) if plies is None else plies):
        trial = state.clone()
        trial.apply(rng.choice(trial.legal_actions()))
        trial.resolve_chance()
        if trial.is_terminal:
            break
        state = trial
    return state


def test_sampled_worlds_keep_what_the_seat_knows():
    for seed in range(12):
        state = random_position(seed, "auction" if seed % 3 else "rlcard")
        if state.phase != "play":
            continue
        seat = state.current_player
        landlord = state.landlord
        view = redacted_array(KERNELS, state.array, seat)
        rng_full, rng_view = make_rng(seed), make_rng(seed)
        for _ in range(20):
            world = np.empty_like(state.array)
            search.sample_world(state.array, seat, rng_full, world)
            seen = np.empty_like(state.array)
            search.sample_world(view, seat, rng_view, seen)
            hands = [world[rules.HANDS + p * 15:rules.HANDS + p * 15 + 15] for p in range(3)]
            assert np.array_equal(seen[rules.HANDS:rules.HANDS + 45], world[rules.HANDS:rules.HANDS + 45])
            assert np.array_equal(hands[seat], state.array[rules.HANDS + seat * 15:rules.HANDS + seat * 15 + 15])
            assert [int(h.sum()) for h in hands] == state.hand_sizes and min(int(h.min()) for h in hands) >= 0
            played = sum(world[rules.PLAYED + p * 15:rules.PLAYED + p * 15 + 15] for p in range(3))
            assert list(sum(hands) + played) == list(moves.DECK)
            if landlord != seat:
                kitty = state.array[rules.KITTY:rules.KITTY + 15]
                landlord_played = state.array[rules.PLAYED + landlord * 15:rules.PLAYED + landlord * 15 + 15]
                assert all(hands[landlord] >= np.maximum(kitty - landlord_played, 0))


def test_in_the_bidding_the_kitty_is_sampled_too():
    state = dealt(HANDS, "ABR", bidding="auction", first=1)
    world = np.empty_like(state.array)
    kitties = set()
    for k in range(30):
        search.sample_world(redacted_array(KERNELS, state.array, 1), 1, make_rng(k), world)
        kitty = world[rules.KITTY:rules.KITTY + 15]
        hands = sum(world[rules.HANDS + p * 15:rules.HANDS + p * 15 + 15] for p in range(3))
        assert list(hands + kitty) == list(moves.DECK) and kitty.sum() == 3
        assert moves.text_of(world[rules.HANDS + 15:rules.HANDS + 30]) == HANDS[1]
        kitties.add(moves.text_of(kitty))
    assert len(kitties) > 10


def test_the_search_reads_only_what_its_seat_may_see():
    state = random_position(4, plies=0)
    seat = state.current_player
    other = state.clone()
    a, b = [p for p in range(3) if p != seat]
    assert state.hand_sizes[a] == state.hand_sizes[b] == 17
    hand_a = slice(rules.HANDS + a * 15, rules.HANDS + a * 15 + 15)
    hand_b = slice(rules.HANDS + b * 15, rules.HANDS + b * 15 + 15)
    other.array[hand_a], other.array[hand_b] = state.array[hand_b].copy(), state.array[hand_a].copy()
    assert not np.array_equal(other.array, state.array)
    choices = [DoudizhuPlayer(3, seed=9, worlds=40).choose(s) for s in (state, other)]
    assert choices[0] == choices[1]


def test_the_rule_player_leaves_its_partners_move_alone_and_goes_out_when_it_can():
    buffer = np.empty(rules.MAX_ACTIONS, np.int64)
    scratch = np.empty(15, np.int64), np.empty(15, np.int64)
    state = dealt(HANDS, "ABR")  # seat 0 landlord; seat 1 and 2 peasants
    state.apply(move("3"))
    state.apply(move("7"))
    assert state.current_player == 2 and move("T") in state.legal_actions()
    assert strategy.rule_move(state.array, 2, buffer, *scratch) == PASS
    lead = dealt(HANDS, "ABR")
    choice = int(strategy.rule_move(lead.array, 0, buffer, *scratch))
    assert NAMES[choice] not in ("3333", "4444", "5555", "6666", "BR")  # no bomb, no rocket to open
    assert choice in lead.legal_actions()


def test_the_top_level_goes_out_when_one_move_empties_its_hand():
    state = dealt(HANDS, "ABR", bidding="auction", first=0, bids=[bid_action(3)])
    for lead in ("3333", "4444", "5555", "6666", "7", "A"):
        state.apply(move(lead))
        state.apply(PASS)
        state.apply(PASS)
    assert state.hand(0) == "BR" and state.current_player == 0
    assert DoudizhuPlayer(4, seed=1).choose(state) == move("BR")


def rest_of_deck(*taken: str) -> str:
    """The cards of the deck not in ``taken``."""
    left = list(moves.DECK)
    for text in taken:
        for r, n in enumerate(moves.counts_of(text)):
            left[r] -= n
    return moves.text_of(left)


def test_bidding_follows_the_hand():
    strong, weak, kitty = "2222AAAAKKKKQQQQJ", "33456689TJ3457899", "BR3"
    hands = [strong, weak, rest_of_deck(strong, weak, kitty)]
    assert DoudizhuPlayer(2, seed=3).choose(dealt(hands, kitty, bidding="auction", first=1)) == PASS
    assert DoudizhuPlayer(4, seed=3).choose(dealt(hands, kitty, bidding="auction", first=0)) == bid_action(3)
    assert DoudizhuPlayer(2, seed=3).choose(dealt(hands, kitty, bidding="auction", first=0)) == bid_action(3)


def test_a_master_move_takes_at_most_a_second():
    player = DoudizhuPlayer(4, seed=2)
    player.prepare()
    slowest = 0.0
    for seed in range(3):
        state = random_position(seed, plies=0)
        started = time.perf_counter()
        action = player.choose(state)
        slowest = max(slowest, time.perf_counter() - started)
        assert action in state.legal_actions()
    assert slowest < 1.3, slowest


def test_hints_name_a_legal_move_and_the_odds():
    state = random_position(7, plies=0)
    hint = DoudizhuPlayer(3, seed=1, worlds=30).hint(state)
    assert hint.best in state.legal_actions() and hint.values and "of the playouts" in hint.summary
    assert all(a in state.legal_actions() for a in hint.values)


def test_candidates_keep_few_kickers_per_main_part():
    state = dealt(HANDS, "ABR")
    legal = state.legal_actions()
    kept = candidates(state.array, 0, legal)
    per_part = {}
    for m in kept:
        key = (int(moves.MOVE_CLASS[m]), int(moves.MOVE_RANK[m]))
        per_part[key] = per_part.get(key, 0) + 1
    assert len(legal) > 100 and len(kept) <= 24 and max(per_part.values()) <= 2 and set(kept) <= set(legal)


def test_the_rule_player_beats_random_play():
    buffer = np.empty(rules.MAX_ACTIONS, np.int64)
    scratch = np.empty(15, np.int64), np.empty(15, np.int64)
    wins = 0
    games = 60
    for seed in range(games):
        state = SPEC.new(seed=seed, bidding="rlcard")
        rng = random.Random(seed)
        state.resolve_chance()
        while not state.is_terminal:
            seat = state.current_player
            if (seat == 0) == (seed % 2 == 0):
                state.apply(int(strategy.rule_move(state.array, seat, buffer, *scratch)))
            else:
                state.apply(rng.choice(state.legal_actions()))
        wins += state.returns()[0 if seed % 2 == 0 else 1] == 1.0
    assert wins >= 0.85 * games
