"""Dou Dizhu AI: worlds sampled consistent with what a seat saw (and only from that), the rule player's
habits on written positions, bidding, the time a move takes, hints, and strength against random play."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import numpy as np
from project_scripts import load_script

from tui_games import catalog
from tui_games.engine.observer import redacted_array
from tui_games.engine.rng import make_rng
from tui_games.games.doudizhu import hand_strength, moves, rules, search, strategy
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


# ----- the hand-strength table (hand_strength.py, scripts/doudizhu_hand_strength.py) ----------------

SHIPPED_TABLE = Path(hand_strength.__file__).with_name(hand_strength.TABLE_FILE)
STRONG = "BR55559999346TJQK"  # the rocket and two bombs
WEAK = "3345567899TJJQKKA"  # low cards, no 2, no joker


def counts(text: str) -> np.ndarray:
    """Counts per rank of a card string."""
    return np.array(moves.counts_of(text), dtype=np.int64)


def test_the_shipped_hand_strength_table_loads_and_says_how_it_was_made():
    data = json.loads(SHIPPED_TABLE.read_text(encoding="utf-8"))
    assert data["command"].startswith("scripts/doudizhu_hand_strength.py")
    assert isinstance(data["seed"], int) and data["deals"] >= 100_000 and data["playouts"] == 3 * data["deals"]
    assert data["features"] == list(hand_strength.FEATURES)
    table = hand_strength.load_table()
    model = data[hand_strength.MODEL]
    assert np.array_equal(table.weights, model["weights"]) and len(model["weights"]) == len(data["features"])
    # the model of the 20 cards after the kitty valued the auctions the bids were tuned on: only its scores ship
    landlord = data["bidding"]["landlord_model"]
    assert "after_kitty" not in data and "weights" not in landlord
    for entry in (model, landlord):
        # the fits tell hands apart: clearly below the log-loss of one constant chance for every hand
        for play in ("rule_play", "search_play"):
            assert entry[play]["held_out"]["log_loss"] < entry[play]["held_out_constant_log_loss"] - 0.03
            assert entry[play]["held_out"]["accuracy"] > 0.6
        # rescaled to the search games, where the landlords win less often than the rule player's
        assert entry["search_play"]["shift"] < 0
    assert data["search_play_landlord_win_rate"] < data["rule_play_landlord_win_rate"]
    assert np.array(data["bidding"]["thresholds"]).shape == (3, 3, 3)
    assert table.thresholds == tuple(tuple(tuple(row) for row in turn) for turn in data["bidding"]["thresholds"])


def test_self_play_deals_are_whole_decks_that_the_game_replays_alike():
    script = load_script("doudizhu_hand_strength")
    hands, kitties, won, stakes = script.play_chunk((3, 40, 11, 0.0))
    again = script.play_chunk((3, 40, 11, 0.0))
    assert all(np.array_equal(a, b) for a, b in zip((hands, kitties, won, stakes), again))
    assert not np.array_equal(hands, script.play_chunk((4, 40, 11, 0.0))[0])
    assert (hands.sum(axis=2) == 17).all() and (kitties.sum(axis=1) == 3).all()
    assert (hands.sum(axis=1) + kitties == moves.DECK).all()
    buffer = np.empty(rules.MAX_ACTIONS, np.int64)
    scratch = np.empty(15, np.int64), np.empty(15, np.int64)
    for d in range(6):
        for seat in range(3):
            # the same deal in the game itself: ``seat`` bids 1, the others pass, the rule player everywhere
            state = dealt([moves.text_of(h) for h in hands[d]], moves.text_of(kitties[d]), bidding="auction",
                          first=seat, bids=[bid_action(1), PASS, PASS])
            assert state.landlord == seat
            while not state.is_terminal:
                state.apply(int(strategy.rule_move(state.array, state.current_player, buffer, *scratch)))
            assert state.landlord_won == bool(won[d, seat]) and state.stake == stakes[d, seat]


def test_regenerating_a_tiny_table_runs_end_to_end_in_the_shipped_format(tmp_path):
    script = load_script("doudizhu_hand_strength")
    out = tmp_path / "hand_strength.json"
    assert script.main(["--deals", "3000", "--games", "20", "--worlds", "8", "--jobs", "1", "--rounds", "2",
                        "--out", str(out)]) == 0
    tiny = json.loads(out.read_text(encoding="utf-8"))
    shipped = json.loads(SHIPPED_TABLE.read_text(encoding="utf-8"))
    assert tiny.keys() == shipped.keys()
    for part in (hand_strength.MODEL, "bidding"):
        assert tiny[part].keys() == shipped[part].keys()
    model = hand_strength.MODEL
    landlord = tiny["bidding"]["landlord_model"], shipped["bidding"]["landlord_model"]
    for tiny_entry, shipped_entry in ((tiny[model], shipped[model]), landlord):
        for play in ("rule_play", "search_play"):
            assert tiny_entry[play].keys() == shipped_entry[play].keys()
    assert tiny["deals"] == 3000 and tiny["playouts"] == 9000 and tiny["games"] == 20 and tiny["worlds"] == 8
    assert "--deals 3000" in tiny["command"]
    table = hand_strength.read_table(out)
    assert 0.0 < table.win_rate(counts(WEAK)) < table.win_rate(counts(STRONG)) < 1.0


def test_a_rocket_and_two_bombs_are_stronger_than_low_cards():
    table = hand_strength.load_table()
    assert table.win_rate(counts(STRONG)) > 0.75 > 0.4 > table.win_rate(counts(WEAK))
    # one more 2 in place of a 3 never hurts
    assert table.win_rate(counts(WEAK.replace("3", "2", 1))) > table.win_rate(counts(WEAK))


def auction_at(hand: str, turn: int, bids=()):
    """An auction where seat 0 holds ``hand`` and bids at bidding turn ``turn`` after ``bids``."""
    rest = rest_of_deck(hand)
    hands = [hand, rest[:17], rest[17:34]]
    return dealt(hands, rest[34:], bidding="auction", first=(3 - turn) % 3, bids=bids)


def test_bidding_follows_the_tables_prediction_on_written_hands():
    table = hand_strength.load_table()
    middling = "3456789TJQK334466"
    seen = set()
    for hand in (STRONG, WEAK, middling):
        chance = table.win_rate(counts(hand))
        for turn, bids in ((0, ()), (1, (PASS,)), (1, (bid_action(1),)), (2, (PASS, PASS)),
                           (2, (bid_action(1), bid_action(2)))):
            state = auction_at(hand, turn, bids)
            assert state.current_player == 0
            value = table.bid(chance, turn, state.bid)
            expected = bid_action(value) if value else PASS
            seen.add(expected == PASS)
            for level in (2, 3, 4):
                player = DoudizhuPlayer(level, seed=5)
                assert player.choose(state) == expected
            hint = DoudizhuPlayer(4, seed=5).hint(state)
            assert hint.best == expected and f"about {chance:.0%} to win" in hint.summary
    assert seen == {True, False}  # some pass, some bid


def test_bidding_reads_the_tables_thresholds_for_the_turn(monkeypatch):
    shipped = hand_strength.load_table()
    middling = "3456789TJQK334466"
    chance = shipped.win_rate(counts(middling))
    never = 2.0
    thresholds = (((chance - 0.01, chance + 0.01, never),) * 3,  # turn 0: bid 1
                  ((never, never, chance - 0.01),) * 3,  # turn 1: bid 3 over anything
                  ((chance + 0.01, never, never),) * 3)  # turn 2: pass
    written = hand_strength.HandStrength(shipped.weights, thresholds, {})
    monkeypatch.setattr(hand_strength, "load_table", lambda: written)
    player = DoudizhuPlayer(4, seed=2)
    assert player.choose(auction_at(middling, 0)) == bid_action(1)
    assert player.choose(auction_at(middling, 1, (bid_action(2),))) == bid_action(3)
    assert player.choose(auction_at(middling, 2, (PASS, PASS))) == PASS
    assert DoudizhuPlayer(4, seed=2, bidding="playouts").choose(auction_at(STRONG, 0)) == bid_action(3)
    state = auction_at(middling, 0)
    started = time.perf_counter()
    for _ in range(20):
        player.choose(state)
    assert (time.perf_counter() - started) / 20 < 0.02  # no playouts: a table lookup


def test_the_generators_bids_are_the_tables_bids():
    script = load_script("doudizhu_hand_strength")
    table = hand_strength.load_table()
    rng = np.random.default_rng(3)
    chance, high = rng.random(2000), rng.integers(0, 3, 2000)
    for turn in range(3):
        bids = script.policy_bids(np.array(table.thresholds), chance, turn, high)
        assert list(bids) == [table.bid(c, turn, int(h)) for c, h in zip(chance, high)]
    # a written auction: seat 0 bids 1 (0.55), seat 1 bids 3 over it (0.7) and ends it, seat 2 never bids
    chances = np.array([[0.55, 0.7, 0.2]])
    landlord, bid, over = script.auction(chances, np.array([0]), script.cautious())
    assert (landlord[0], bid[0], over[0]) == (1, 3, True)
    # seat 2 passes (0.2), seat 0 bids 1 (0.55), seat 1 passes (0.4)
    landlord, bid, over = script.auction(np.array([[0.55, 0.4, 0.2]]), np.array([2]), script.cautious())
    assert (landlord[0], bid[0], over[0]) == (0, 1, False)
    won, stakes = np.array([[1.0, 0.0, 0.0]]), np.array([[2, 2, 2]])
    returns = [script.seat_returns(np.array([s]), landlord, bid, won, stakes)[0] for s in range(3)]
    assert returns == [4.0, -2.0, -2.0]


def test_best_cuts_start_each_bid_where_it_pays():
    script = load_script("doudizhu_hand_strength")
    chance = np.linspace(0, 1, 201)
    none = np.zeros_like(chance)
    low, high = script.best_cuts(chance, np.column_stack([none, chance - 0.3, 2 * chance - 1.0]))
    assert abs(low - 0.3) <= 0.005 and abs(high - 0.7) <= 0.005
    assert script.best_cuts(chance, np.column_stack([none, chance - 2])) == [script.NEVER]
    assert script.best_cuts(chance, np.column_stack([none, chance + 1])) == [0.0]
