"""UNO AI: the worlds a seat samples keep what it sees and what the table learnt, the rule player's rules on
written positions, and the search level's moves and hints."""

from __future__ import annotations

import json

import numpy as np
from project_scripts import load_script
from test_uno import SPEC, dealt, play, position
from tui_games.engine.header import PLAYER, TERMINAL
from tui_games.engine.observer import redacted_array
from tui_games.engine.rng import make_rng
from tui_games.games.uno import hand_values, rules
from tui_games.games.uno.ai import DRAW_EVIDENCE, UnoAI, best_action, mean_and_error
from tui_games.games.uno.game import KERNELS
from tui_games.games.uno.search import playout
from tui_games.games.uno.worlds import sample_world


def sampled(state, player: int, seed: int, redacted: bool = True) -> np.ndarray:
    source = redacted_array(KERNELS, state.array, player) if redacted else state.array.copy()
    out = np.empty_like(state.array)
    sample_world(source, player, make_rng(seed), out)
    return out


def cards_by_type(array: np.ndarray, players: int, official: bool) -> np.ndarray:
    total = array[rules.PILE:rules.PILE + rules.NUM_TYPES] + array[rules.PLAYED:rules.PLAYED + rules.NUM_TYPES]
    for seat in range(players):
        total = total + array[rules.HANDS + seat * rules.NUM_TYPES:rules.HANDS + (seat + 1) * rules.NUM_TYPES]
    if official:
        total[int(rules.top_type(array))] += 1
    return total


def test_a_sampled_world_keeps_what_the_seat_sees_and_deals_the_rest_again():
    for reading in ("official", "rlcard"):
        state = dealt(7, players=4, rules=reading)
        for _ in range(6):
            state.apply(state.legal_actions()[0])
            state.resolve_chance()
        player = state.current_player
        worlds = [sampled(state, player, seed) for seed in range(5)]
        assert np.array_equal(worlds[0], sampled(state, player, 0, redacted=False))  # reads no secret
        mine = slice(rules.HANDS + player * rules.NUM_TYPES, rules.HANDS + (player + 1) * rules.NUM_TYPES)
        for world in worlds:
            assert np.array_equal(world[mine], state.array[mine])
            assert np.array_equal(world[rules.SIZES:rules.SIZES + 4], state.array[rules.SIZES:rules.SIZES + 4])
            assert world[rules.PILE_SIZE] == state.draw_pile_size
            assert np.array_equal(cards_by_type(world, 4, reading == "official"), rules.TYPE_COUNTS)
            for seat in range(4):
                hand = world[rules.HANDS + seat * rules.NUM_TYPES:rules.HANDS + (seat + 1) * rules.NUM_TYPES]
                assert hand.sum() == state.hand_sizes[seat] and hand.min() >= 0
        other = (player + 1) % 4
        assert len({tuple(world[rules.HANDS + other * rules.NUM_TYPES:][:rules.NUM_TYPES]) for world in worlds}) > 1


def test_a_seat_that_had_to_draw_and_kept_the_card_lacks_the_colour_in_every_world():
    state = position([["y-9", "g-2"], ["b-2", "b-3", "g-4"]], "r-5", "rlcard", turn=1, pile=["g-7"] + ["r-1"] * 9)
    play(state, "draw", "g-7")
    voids = int(state.array[rules.VOIDS + 1])
    assert int(state.array[rules.VOID_COUNT + 1]) == 4
    assert all(voids >> kind & 1 for kind in range(13)) and voids >> rules.WILD_TYPE & 1 and voids >> rules.WILD4_TYPE & 1
    assert not voids >> 13 & 1  # green is still possible
    for seed in range(30):
        world = sampled(state, 0, seed)
        hand = world[rules.HANDS + rules.NUM_TYPES:rules.HANDS + 2 * rules.NUM_TYPES]
        assert hand[:13].sum() == 0 and hand[rules.WILD_TYPE] == hand[rules.WILD4_TYPE] == 0 and hand.sum() == 4


def test_the_rule_player_keeps_wilds_names_its_colour_and_never_bluffs():
    ai = UnoAI(2, seed=0)
    keep_wild = position([["wild", "g-3", "g-8", "b-3"], ["y-1", "y-2", "y-3"]], "g-5")
    assert ai.choose(keep_wild) in (keep_wild.parse_action("g-3"), keep_wild.parse_action("g-8"))
    wild = position([["wild", "b-3", "b-8", "y-1"], ["y-1", "y-2", "y-3"]], "g-5")
    assert ai.choose(wild) == wild.parse_action("b-wild")
    bluff = position([["wild_draw_4", "r-1", "b-8"], ["y-1", "y-2", "y-3"]], "r-wild")
    assert bluff.action_to_string(ai.choose(bluff)) == "r-1"
    stuck = position([["wild_draw_4", "b-8"], ["y-1", "y-2", "y-3"]], "r-5")
    assert stuck.action_to_string(ai.choose(stuck)) == "b-wild_draw_4"
    challenged = position([["wild_draw_4", "b-8"], ["y-1", "y-2", "y-3"]], "r-5")
    play(challenged, "b-wild_draw_4")
    assert challenged.action_to_string(ai.choose(challenged)) == "accept"


def test_the_rule_player_wins_the_turn_when_the_next_seat_is_about_to_go_out():
    ai = UnoAI(2, seed=0)
    state = position([["r-skip", "r-3", "r-4", "r-6"], ["y-1"]], "r-5")
    assert state.action_to_string(ai.choose(state)) == "r-skip"


def test_the_search_level_chooses_a_legal_action_and_hints_with_values():
    ai = UnoAI(3, seed=1, seconds=None, worlds=60)
    for reading in ("official", "rlcard"):
        state = dealt(11, players=3, rules=reading)
        legal = state.legal_actions()
        assert ai.choose(state) in legal
        hint = ai.hint(state)
        assert hint.best in legal and set(hint.values) == set(legal) and ai.last_worlds == 60
        assert all(("%" in text) == (reading == "rlcard") for text in hint.values.values())


def test_the_search_level_finds_the_skip_that_wins():
    ai = UnoAI(3, seed=1, seconds=None, worlds=40)
    state = position([["r-7", "r-skip"], ["y-1"]], "r-5", "rlcard")  # r-skip, then r-7 goes out
    values = ai.values(state)
    assert values[state.parse_action("r-skip")][0] == 1.0 > values[7][0]
    assert state.action_to_string(ai.choose(state)) == "r-skip"


def test_the_search_level_plays_a_card_rather_than_draw_at_the_start_of_a_plain_hand():
    """r-7 and r-reverse go on r-5: drawing instead trails them by 1-4 points a hand at 20,000 worlds,
    within the noise of a few hundred, where the plain best mean drew in 3 of these 30 searches."""
    state = position([["r-7", "r-reverse", "g-3", "b-8", "y-2", "g-skip", "b-4"],
                      ["y-1", "y-3", "g-4", "g-9", "b-1", "r-2", "y-7"]], "r-5")
    cards = {state.parse_action("r-7"), state.parse_action("r-reverse")}
    assert set(state.legal_actions()) == cards | {rules.DRAW}
    choices = [UnoAI(3, seed=seed, seconds=None, worlds=400).choose(state) for seed in range(30)]
    assert set(choices) <= cards
    stats = UnoAI(3, seed=11, seconds=None, worlds=400).statistics(state)
    assert max(stats, key=lambda action: stats[action][0]) == rules.DRAW  # drawing did best by a hair here
    hint = UnoAI(3, seed=11, seconds=None, worlds=400).hint(state)
    assert hint.best == choices[11] == best_action(stats) and hint.best in cards
    assert "drawing did a little better, within the noise" in hint.summary
    assert "within the noise" not in UnoAI(3, seed=0, seconds=None, worlds=400).hint(state).summary


def test_the_search_level_draws_to_keep_a_lone_wild_draw_four_when_that_does_clearly_better():
    state = position([["r-5", "r-6", "r-reverse", "b-8", "y-9", "wild_draw_4"],
                      ["y-1", "y-3", "g-4", "g-9", "b-1", "r-2", "y-7", "b-5", "g-0"]], "g-draw_2")
    assert len(state.legal_actions()) == 5  # the Wild Draw Four in each colour, or draw
    for seed in range(3):
        ai = UnoAI(3, seed=seed, seconds=None, worlds=3000)
        stats = ai.statistics(state)
        card = max((mean, action) for action, (mean, _, _) in stats.items() if action != rules.DRAW)
        assert stats[rules.DRAW][0] - card[0] > 3.0  # 3.6-6.4 points a hand better, to about 1.4 points
        assert best_action(stats) == rules.DRAW


def test_a_draw_must_beat_the_best_card_by_the_margin_of_error():
    r7, r8 = 7, 8
    margin = DRAW_EVIDENCE * 2 ** 0.5  # two actions each known to 1 point
    assert best_action({r7: (5.0, 100, 1.0), r8: (1.0, 100, 1.0), rules.DRAW: (5.0 + margin + 0.1, 100, 1.0)}) \
        == rules.DRAW
    assert best_action({r7: (5.0, 100, 1.0), r8: (1.0, 100, 1.0), rules.DRAW: (5.0 + margin - 0.1, 100, 1.0)}) == r7
    assert best_action({r7: (5.0, 100, 1.0), rules.DRAW: (4.0, 100, 1.0)}) == r7
    assert best_action({rules.DRAW: (-3.0, 100, 1.0)}) == rules.DRAW
    assert best_action({rules.KEEP: (2.0, 100, 1.0), r7: (1.0, 100, 1.0)}) == rules.KEEP  # only a draw waits
    returns = np.array([3.0, -1.0, 4.0, 1.0, -5.0])
    mean, worlds, error = mean_and_error(returns.sum(), (returns ** 2).sum(), len(returns))
    assert (mean, worlds) == (returns.mean(), 5) and abs(error - returns.std(ddof=1) / 5 ** 0.5) < 1e-12
    assert mean_and_error(0.0, 0.0, 0)[:2] == (-1e9, 0)


def test_every_level_answers_at_once_with_one_legal_action():
    state = position([["y-9"], ["b-2"]], "r-5", "rlcard")
    for level in (1, 2, 3):
        assert SPEC.ai(level, seed=0).choose(state) == rules.DRAW


# ----- the hand values ---------------------------------------------------------------------------------
def numpy_chance(state, player: int, weights: np.ndarray) -> float:
    """The hand values' chance for ``player`` in ``state``, computed here from the features' definitions."""
    a = state.array
    hand = a[rules.HANDS + player * rules.NUM_TYPES:rules.HANDS + (player + 1) * rules.NUM_TYPES]
    sizes = [int(a[rules.SIZES + seat]) for seat in range(state.num_players)]
    smallest = min(size for seat, size in enumerate(sizes) if seat != player)
    by_colour = hand[:52].reshape(4, 13)
    top = int(a[rules.TOP_COLOUR])
    row = [1.0, sizes[player], 1.0 / max(sizes[player], 1), hand[rules.WILD_TYPE], hand[rules.WILD4_TYPE],
           by_colour[:, 10:].sum(), (by_colour.sum(axis=1) > 0).sum(), by_colour[top].sum() if top >= 0 else 0,
           smallest, 1.0 / smallest, state.num_players, float(state.current_player == player),
           float(a[rules.RULES] == rules.OFFICIAL)]
    return float(1.0 / (1.0 + np.exp(-np.dot(weights, row))))


def test_the_shipped_hand_values_load_and_record_how_they_were_made():
    table = hand_values.load_table()
    info = table.info
    assert info["format"] == hand_values.FORMAT and tuple(info["features"]) == hand_values.FEATURES
    assert table.weights.shape == (hand_values.NUM_FEATURES,)
    assert info["command"].startswith("scripts/uno_hand_values.py") and info["seed"] and info["hands"] >= 100_000
    held = info["held_out"]
    assert held["positions"] > 10_000 and held["log_loss"] < held["constant_log_loss"] - 0.02
    assert (hand_values.COLOURS * hand_values.TRAITS, hand_values.WILD_TYPE, hand_values.WILD4_TYPE) == (
        52, rules.WILD_TYPE, rules.WILD4_TYPE)


def test_evaluate_is_the_shipped_table_scaled_to_returns():
    weights = hand_values.load_table().weights
    for reading, players in (("rlcard", 2), ("official", 3), ("official", 4)):
        state = dealt(5, players=players, rules=reading)
        for _ in range(5):
            for player in range(players):
                expected = 2 * numpy_chance(state, player, weights) - 1
                assert abs(float(rules.evaluate(state.array, player)) - expected) < 1e-9
            state.apply(state.legal_actions()[0])
            state.resolve_chance()


def test_a_few_cards_with_wilds_are_worth_more_than_many_unmatched_cards():
    opponent = ["y-1", "y-2", "y-3", "y-4", "y-5"]
    strong = position([["wild", "wild_draw_4", "r-3"], opponent], "r-5", "rlcard")
    weak = position([["g-1", "g-2", "b-3", "b-4", "y-6", "y-7", "g-8", "b-9"], opponent], "r-5", "rlcard")
    assert float(rules.evaluate(strong.array, 0)) > 0.3 > -0.3 > float(rules.evaluate(weak.array, 0))
    assert float(rules.evaluate(strong.array, 1)) < float(rules.evaluate(weak.array, 1))


def test_the_generator_runs_end_to_end_on_a_few_hands(tmp_path):
    script = load_script("uno_hand_values")
    out = tmp_path / "values.json"
    assert script.main(["--hands", "1200", "--jobs", "1", "--seed", "3", "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["hands"] == 1200 and written["seed"] == 3 and "--hands 1200" in written["command"]
    assert written["held_out"]["positions"] > 0
    assert hand_values.read_table(out).weights.shape == (hand_values.NUM_FEATURES,)
    shipped = hand_values.load_table().info
    assert set(written) == set(shipped) and written["features"] == shipped["features"]


def test_a_playout_cut_short_in_rlcards_reading_returns_the_hand_values():
    actions, probs = np.empty(rules.MAX_ACTIONS, np.int64), np.empty(rules.MAX_ACTIONS)
    out = np.zeros(rules.MAX_SEATS)
    state = position([["r-7", "r-8", "g-1"], ["y-1", "y-2"]], "r-5", "rlcard")
    s = state.array.copy()
    value = playout(s, 0, make_rng(0), 0.0, actions, probs, out, 1)
    assert int(s[rules.SIZES]) == 2 and s[PLAYER] == 1  # one turn played: seat 0 played a red card
    assert value == float(rules.evaluate(s, 0)) and -1.0 < value < 1.0
    official = position([["r-7", "r-8", "g-1"], ["y-1", "y-2"]], "r-5", "official")
    s = official.array.copy()
    value = playout(s, 0, make_rng(0), 0.0, actions, probs, out, 1)
    assert s[PLAYER] == TERMINAL and value == out[0] and value != 0.0  # the official reading plays on to the end
