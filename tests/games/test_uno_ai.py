"""UNO AI: the worlds a seat samples keep what it sees and what the table learnt, the rule player's rules on
written positions, and the search level's moves and hints."""

from __future__ import annotations

import numpy as np

from test_uno import SPEC, dealt, play, position
from tui_games.engine.observer import redacted_array
from tui_games.engine.rng import make_rng
from tui_games.games.uno import rules
from tui_games.games.uno.ai import UnoAI
from tui_games.games.uno.game import KERNELS
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


def test_every_level_answers_at_once_with_one_legal_action():
    state = position([["y-9"], ["b-2"]], "r-5", "rlcard")
    for level in (1, 2, 3):
        assert SPEC.ai(level, seed=0).choose(state) == rules.DRAW
