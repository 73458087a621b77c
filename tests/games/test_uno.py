"""UNO rules on written positions: the deck, every special card in both readings, the first card, the
challenge, drawing and keeping, the pile refilled, scoring, the match, names and what each seat sees."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidMoveError
from tui_games.core.series import Series, TargetKind
from tui_games.engine.observer import EVERYONE, audience_of
from tui_games.games.uno import rules
from tui_games.games.uno.game import DEFINITION, KERNELS, TRAITS, UnoState
from seat_ais import seat_ai

SPEC = catalog.get("uno")
COLOURS = "rgby"


# ----- written positions -----------------------------------------------------------------------------
def kind_of(name: str) -> int:
    """The card type of a card as a hand names it ('r-7', 'wild', 'wild_draw_4')."""
    if name in ("wild", "wild_draw_4"):
        return rules.WILD_TYPE if name == "wild" else rules.WILD4_TYPE
    colour, trait = name.split("-")
    return COLOURS.index(colour) * 13 + TRAITS.index(trait)


def position(hands: list[list[str]], top: str, reading: str = "official", turn: int = 0,
             pile: list[str] | None = None, played: tuple[str, ...] = (), direction: int = 1) -> UnoState:
    """Seat ``turn`` to play on ``top`` ('r-5', 'g-wild') with these hands; ``played`` lie under the top
    card; the draw pile holds ``pile`` (default: every other card of the deck)."""
    a = rules.initial_state(len(hands), rules.OFFICIAL if reading == "official" else rules.RLCARD)
    colour, trait = top.split("-")
    top_kind = kind_of(trait if trait.startswith("wild") else top)
    a[rules.TOP_TRAIT] = TRAITS.index(trait)
    a[rules.TOP_COLOUR] = COLOURS.index(colour)
    a[rules.DIRECTION] = direction
    left = np.array(rules.TYPE_COUNTS)
    for seat, hand in enumerate(hands):
        for name in hand:
            a[rules.HANDS + seat * rules.NUM_TYPES + kind_of(name)] += 1
            left[kind_of(name)] -= 1
        a[rules.SIZES + seat] = len(hand)
    left[top_kind] -= 1
    discards = [kind_of(name) for name in played] + ([top_kind] if reading == "rlcard" else [])
    for kind in discards:
        a[rules.PLAYED + kind] += 1
    left -= np.bincount([kind_of(name) for name in played], minlength=rules.NUM_TYPES)
    a[rules.PLAYED_SIZE] = len(discards)
    assert left.min() >= 0, "more cards than the deck holds"
    stack = left if pile is None else np.bincount([kind_of(name) for name in pile], minlength=rules.NUM_TYPES)
    a[rules.PILE:rules.PILE + rules.NUM_TYPES] = stack
    a[rules.PILE_SIZE] = stack.sum()
    if reading == "official":
        a[rules.DEALER] = (turn - 1) % len(hands)
    rules.to_move(a, turn)
    params = {"players": len(hands), "rules": reading, "target": 500}
    return UnoState(SPEC, KERNELS, 0, params, array=a)


def names(state) -> list[str]:
    """The legal actions (the chance outcomes at a chance node) by name."""
    return [state.action_to_string(x) for x in state.legal_actions()]


def play(state, *moves: str) -> None:
    """Apply moves and chance outcomes by name."""
    for move in moves:
        state.apply(state.parse_action(move))


def dealt(seed: int = 0, **params) -> UnoState:
    """A new hand with the deal and the first card drawn from the seed."""
    state = SPEC.new(seed=seed, **params)
    while state.is_chance_node:
        state.apply(state.sample_chance())
    return state


# ----- the deck and the deal -----------------------------------------------------------------------------
def test_the_deck_holds_108_cards_25_a_colour_and_8_wilds():
    state = SPEC.new(seed=0)
    assert state.draw_pile_size == 108 == int(rules.TYPE_COUNTS.sum())
    counts = rules.TYPE_COUNTS
    for colour in range(4):
        row = counts[colour * 13:(colour + 1) * 13]
        assert row.sum() == 25 and row[0] == 1 and all(row[1:] == 2)
    assert counts[rules.WILD_TYPE] == counts[rules.WILD4_TYPE] == 4


@pytest.mark.parametrize("reading,players", [("official", 2), ("official", 10), ("rlcard", 2), ("rlcard", 4)])
def test_the_deal_gives_seven_cards_each_and_turns_one(reading, players):
    state = SPEC.new(seed=3, players=players, rules=reading)
    if reading == "official":
        assert state.phase == "dealer" and state.chance_outcomes() == [(seat, 1 / players) for seat in range(players)]
    while state.phase in ("dealer", "deal"):
        state.apply(state.sample_chance())
    assert state.hand_sizes == [7] * players and state.draw_pile_size == 108 - 7 * players
    assert [a for a, _ in state.chance_outcomes()] == [a for a in state.legal_actions()]
    assert rules.WILD_DRAW_4 not in state.legal_actions()  # a Wild Draw Four turned first goes back
    odds = dict(state.chance_outcomes())
    pile = state.array[rules.PILE:rules.PILE + rules.NUM_TYPES]
    turnable = state.draw_pile_size - pile[rules.WILD4_TYPE]
    assert abs(sum(odds.values()) - 1) < 1e-12 and odds.get(7, 0) == pile[7] / turnable


def test_a_dealt_card_is_seen_by_its_taker_only_and_the_first_card_by_all():
    state = SPEC.new(seed=1, players=3)
    state.apply(2)  # Player 3 deals
    assert audience_of(state, state.legal_actions()[0]) == 0
    while state.phase == "deal":
        state.apply(state.sample_chance())
    assert audience_of(state, state.legal_actions()[0]) == EVERYONE


# ----- the first card ----------------------------------------------------------------------------------
def first_card(card: str, reading: str = "official", players: int = 3, dealer: int = 1) -> UnoState:
    state = SPEC.new(seed=5, players=players, rules=reading)
    if reading == "official":
        state.apply(dealer)
    while state.phase == "deal":
        state.apply(state.sample_chance())
    play(state, card)
    return state


def test_official_first_card_number_skip_reverse():
    assert first_card("g-7").current_player == 2 and first_card("g-7").target == "g-7"
    assert first_card("g-skip").current_player == 0
    reverse = first_card("g-reverse")
    assert reverse.current_player == 1 and reverse.direction == -1  # the dealer, then the other way
    assert first_card("g-reverse", players=2, dealer=1).current_player == 1  # two players: the dealer


def test_official_first_draw_two_makes_the_first_player_draw_two_and_lose_the_turn():
    state = first_card("b-draw_2")
    assert state.is_chance_node and state.turn == 2
    play(state, "r-1", "r-2")
    assert state.hand_sizes == [7, 7, 9] and state.current_player == 0


def test_official_first_wild_lets_the_first_player_name_the_colour_then_play():
    state = first_card("wild")
    assert state.phase == "name colour" and state.current_player == 2 and state.target == "wild"
    assert names(state) == ["r-wild", "g-wild", "b-wild", "y-wild"]
    play(state, "b-wild")
    assert state.target == "b-wild" and state.colour == "blue"
    assert state.phase == "play" and state.current_player == 2


def test_rlcard_first_cards():
    assert first_card("g-7", "rlcard").current_player == 0
    assert first_card("g-skip", "rlcard").current_player == 1
    reverse = first_card("g-reverse", "rlcard", players=4)
    assert reverse.current_player == 3 and reverse.direction == -1
    draw = first_card("y-draw_2", "rlcard")
    assert draw.is_chance_node and draw.turn == 0
    play(draw, "r-3", "r-4")
    assert draw.hand_sizes == [9, 7, 7] and draw.current_player == 0  # seat 0 draws 2 and still plays
    wild = first_card("wild", "rlcard")
    assert wild.is_chance_node and names(wild) == ["r-wild", "g-wild", "b-wild", "y-wild"]
    assert dict(wild.chance_outcomes()) == {13: 0.25, 28: 0.25, 43: 0.25, 58: 0.25}
    play(wild, "g-wild")
    assert wild.target == "g-wild" and wild.current_player == 0


# ----- matching and the action cards ---------------------------------------------------------------------
def test_a_card_matches_by_colour_or_symbol_and_a_wild_by_colour_only():
    hands = [["r-1", "g-5", "g-skip", "b-9", "wild", "wild_draw_4"], ["y-1"]]
    state = position(hands, "g-9")
    assert names(state) == ["r-wild", "r-wild_draw_4", "g-5", "g-skip", "g-wild", "g-wild_draw_4",
                            "b-9", "b-wild", "b-wild_draw_4", "y-wild", "y-wild_draw_4", "draw"]
    state = position(hands, "r-wild")
    assert [n for n in names(state) if not n.endswith(("wild", "wild_draw_4"))] == ["r-1", "draw"]
    with pytest.raises(IllegalActionError, match="you hold no b-5"):
        state.apply(state.parse_action("b-5"))
    with pytest.raises(IllegalActionError, match="does not go on r-wild"):
        state.apply(state.parse_action("g-5"))


@pytest.mark.parametrize("reading", ["official", "rlcard"])
def test_skip_passes_over_the_next_player(reading):
    state = position([["r-skip", "r-1"], ["r-2"], ["r-3"]], "r-5", reading)
    play(state, "r-skip")
    assert state.current_player == 2 and state.target == "r-skip"
    two = position([["r-skip", "r-1"], ["r-2"]], "r-5", reading)
    play(two, "r-skip")
    assert two.current_player == 0


@pytest.mark.parametrize("reading", ["official", "rlcard"])
def test_reverse_turns_play_around(reading):
    state = position([["r-reverse", "r-1"], ["r-2", "r-3"], ["r-3", "r-4"]], "r-5", reading)
    play(state, "r-reverse")
    assert state.direction == -1 and state.current_player == 2
    play(state, "r-3")
    assert state.current_player == 1


def test_reverse_between_two_is_a_skip_officially_and_passes_the_turn_in_rlcard():
    official = position([["r-reverse", "r-1"], ["r-2"]], "r-5")
    play(official, "r-reverse")
    assert official.current_player == 0
    rlcard = position([["r-reverse", "r-1"], ["r-2"]], "r-5", "rlcard")
    play(rlcard, "r-reverse")
    assert rlcard.current_player == 1 and rlcard.direction == -1


@pytest.mark.parametrize("reading", ["official", "rlcard"])
def test_draw_two_makes_the_next_player_draw_two_and_lose_the_turn(reading):
    state = position([["b-draw_2", "b-1"], ["y-2"], ["y-3"]], "b-5", reading)
    play(state, "b-draw_2")
    assert state.is_chance_node and state.turn == 1
    for _ in range(2):
        assert audience_of(state, state.legal_actions()[0]) == 1
        state.apply(state.sample_chance())
    assert state.hand_sizes == [1, 3, 1] and state.current_player == 2


def test_a_wild_names_any_colour():
    state = position([["wild", "r-1"], ["y-2"]], "g-5")
    play(state, "y-wild")
    assert state.target == "y-wild" and state.colour == "yellow" and state.current_player == 1
    assert "y-2" in names(state)


# ----- the Wild Draw Four --------------------------------------------------------------------------------
def test_official_wild_draw_four_may_be_bluffed_and_is_then_open_to_a_challenge():
    state = position([["wild_draw_4", "g-1", "r-2"], ["y-2", "y-3"]], "g-5")
    assert "b-wild_draw_4" in names(state)  # a bluff: the player holds g-1
    play(state, "b-wild_draw_4")
    assert state.phase == "challenge" and state.current_player == 1 and state.offender == 0
    assert names(state) == ["challenge", "accept"]


def test_a_guilty_wild_draw_four_makes_its_player_draw_four_and_the_challenger_plays_on():
    state = position([["wild_draw_4", "g-1", "r-2"], ["y-2", "y-3"]], "g-5")
    play(state, "b-wild_draw_4", "challenge")
    assert state.turn == 0 and state.is_chance_node
    for _ in range(4):
        state.apply(state.sample_chance())
    assert state.hand_sizes == [6, 2] and state.current_player == 1 and state.target == "b-wild_draw_4"


def test_an_innocent_wild_draw_four_makes_the_challenger_draw_six_and_lose_the_turn():
    state = position([["wild_draw_4", "b-1", "r-2"], ["y-2", "y-3"], ["y-4"]], "g-5")
    play(state, "y-wild_draw_4", "challenge")
    assert state.turn == 1
    for _ in range(6):
        state.apply(state.sample_chance())
    assert state.hand_sizes == [2, 8, 1] and state.current_player == 2


def test_an_accepted_wild_draw_four_makes_the_next_player_draw_four_and_lose_the_turn():
    state = position([["wild_draw_4", "b-1"], ["y-2", "y-3"], ["y-4"]], "g-5")
    play(state, "y-wild_draw_4", "accept")
    for _ in range(4):
        state.apply(state.sample_chance())
    assert state.hand_sizes == [1, 6, 1] and state.current_player == 2


def test_rlcard_wild_draw_four_only_when_nothing_else_goes_and_never_challenged():
    hand = ["wild_draw_4", "wild", "r-1"]
    state = position([hand, ["y-2", "y-3"]], "g-5", "rlcard")
    assert names(state) == ["r-wild", "g-wild", "b-wild", "y-wild"]
    with pytest.raises(IllegalActionError, match="only legal when no other card of yours is playable"):
        state.apply(state.parse_action("r-wild_draw_4"))
    state = position([["wild_draw_4", "r-1"], ["y-2", "y-3"]], "g-5", "rlcard")
    assert names(state) == ["r-wild_draw_4", "g-wild_draw_4", "b-wild_draw_4", "y-wild_draw_4"]
    play(state, "r-wild_draw_4")
    assert state.is_chance_node and state.turn == 1
    for _ in range(4):
        state.apply(state.sample_chance())
    assert state.hand_sizes == [1, 6] and state.current_player == 0 and state.target == "r-wild_draw_4"


# ----- drawing ------------------------------------------------------------------------------------------
def test_official_a_playable_drawn_card_may_be_played_or_kept():
    state = position([["r-1", "y-9"], ["b-2"]], "r-5", pile=["r-7"] * 2)
    assert "draw" in names(state)  # even with r-1 playable
    play(state, "draw")
    assert state.is_chance_node and audience_of(state, 7) == 0
    play(state, "r-7")
    assert state.phase == "play or keep" and state.drawn_card == "r-7" and names(state) == ["r-7", "keep"]
    with pytest.raises(IllegalActionError, match="you drew r-7"):
        state.apply(state.parse_action("r-1"))
    kept = state.clone()
    play(kept, "keep")
    assert kept.current_player == 1 and kept.hand(0) == ["r-1", "r-7", "y-9"]
    play(state, "r-7")
    assert state.current_player == 1 and state.target == "r-7" and state.hand(0) == ["r-1", "y-9"]


def test_official_an_unplayable_drawn_card_is_kept_and_the_turn_passes():
    state = position([["r-1"], ["b-2"]], "r-5", pile=["g-7"])
    play(state, "draw", "g-7")
    assert state.current_player == 1 and state.hand(0) == ["r-1", "g-7"]


def test_rlcard_draws_only_when_nothing_goes_and_plays_a_matching_draw_at_once():
    state = position([["r-1", "y-9"], ["b-2"]], "r-5", "rlcard", pile=["r-7", "g-7", "wild"])
    assert names(state) == ["r-1"]
    with pytest.raises(IllegalActionError, match="draw only when you cannot play"):
        state.apply(rules.DRAW)
    stuck = position([["y-9"], ["b-2"]], "r-5", "rlcard", pile=["r-7", "g-7", "wild"])
    assert names(stuck) == ["draw"]
    play(stuck, "draw")
    kept, played, wild = stuck.clone(), stuck.clone(), stuck.clone()
    assert audience_of(kept, kept.parse_action("g-7")) == 0
    assert audience_of(played, played.parse_action("r-7")) == EVERYONE
    play(kept, "g-7")  # same symbol, other colour: RLCard keeps it
    assert kept.hand(0) == ["g-7", "y-9"] and kept.current_player == 1
    play(played, "r-7")
    assert played.hand(0) == ["y-9"] and played.target == "r-7" and played.current_player == 1
    play(wild, "wild")
    assert wild.is_chance_node and names(wild) == ["r-wild", "g-wild", "b-wild", "y-wild"]
    play(wild, "b-wild")
    assert wild.target == "b-wild" and wild.hand(0) == ["y-9"] and wild.current_player == 1


def test_rlcard_a_drawn_wild_draw_four_makes_nobody_draw():
    state = position([["y-9"], ["b-2"]], "r-5", "rlcard", pile=["wild_draw_4"])
    play(state, "draw", "wild_draw_4", "g-wild_draw_4")
    assert state.current_player == 1 and state.hand_sizes == [1, 1] and state.target == "g-wild_draw_4"


def test_rlcard_a_drawn_action_card_of_the_colour_takes_effect():
    state = position([["y-9"], ["b-2", "b-3"]], "r-5", "rlcard", pile=["r-draw_2", "g-1", "g-2"])
    play(state, "draw", "r-draw_2")
    assert state.turn == 1 and state.is_chance_node
    play(state, "g-1", "g-2")
    assert state.current_player == 0 and state.hand_sizes == [1, 4]


# ----- the pile runs out --------------------------------------------------------------------------------
def test_official_refill_takes_the_discards_less_the_top_card():
    state = position([["y-9"], ["b-2"]], "r-5", pile=[], played=("g-1", "g-2"))
    assert state.draw_pile_size == 0 and state.discard_size == 2
    play(state, "draw")
    assert state.draw_pile_size == 2 and state.discard_size == 0
    assert sorted(names(state)) == ["g-1", "g-2"]
    play(state, "g-1")
    assert state.target == "r-5" and state.hand(0) == ["g-1", "y-9"]


def test_rlcard_refill_takes_every_played_card_the_top_one_too():
    state = position([["y-9"], ["b-2"]], "r-5", "rlcard", pile=[], played=("g-1",))
    assert state.discard_size == 2
    play(state, "draw")
    assert state.draw_pile_size == 2 and sorted(names(state)) == ["g-1", "r-5"]
    refill = position([["b-draw_2", "b-1"], ["y-2"]], "b-5", "rlcard", pile=["g-3"], played=("g-1",))
    play(refill, "b-draw_2")  # one card left, two needed: every played card goes back first
    assert refill.draw_pile_size == 4 and refill.discard_size == 0


def test_official_nothing_left_to_draw_makes_draw_a_pass_only_when_nothing_goes():
    state = position([["y-9", "r-1"], ["b-2"]], "r-5", pile=[])
    assert names(state) == ["r-1"]
    stuck = position([["y-9"], ["b-2"]], "r-5", pile=[])
    assert names(stuck) == ["draw"]
    play(stuck, "draw")
    assert stuck.current_player == 1 and stuck.hand_sizes == [1, 1]


# ----- the end of a hand and scoring -------------------------------------------------------------------
def test_official_scoring_counts_the_cards_left_in_the_other_hands():
    state = position([["r-7"], ["b-9", "g-skip", "wild"], ["y-3", "wild_draw_4", "r-reverse"]], "r-5")
    play(state, "r-7")
    assert state.is_terminal and state.winner == 0
    assert state.returns() == [79.0 + 73.0, -79.0, -73.0]
    assert DEFINITION.result_text(state) == "Player 1 wins the hand: 152 points"


def test_official_a_last_draw_two_still_makes_the_next_player_draw():
    state = position([["r-draw_2"], ["b-9"]], "r-5", pile=["g-1", "g-2"])
    play(state, "r-draw_2")
    assert not state.is_terminal and state.is_chance_node
    play(state, "g-1", "g-2")
    assert state.is_terminal and state.returns() == [12.0, -12.0]


def test_rlcard_scoring_is_one_for_the_winner_and_minus_one_for_every_other_seat():
    state = position([["r-7"], ["b-9"], ["b-1"]], "r-5", "rlcard")
    play(state, "r-7")
    assert state.is_terminal and state.returns() == [1.0, -1.0, -1.0]
    assert DEFINITION.result_text(state) == "Player 1 wins"


def test_a_match_races_to_the_target_and_target_0_or_rlcard_play_one_hand():
    match = DEFINITION.series
    race = Series(match, 3, 1, {"players": 3, "rules": "official", "target": 200})
    assert race.target.kind is TargetKind.POINTS and race.target.value == 200
    race.add(_deal((150.0, -100.0, -50.0)))
    assert race.standing.scores == (150.0, 0.0, 0.0) and not race.over
    race.add(_deal((-10.0, 60.0, -50.0)))
    assert race.standing.scores == (150.0, 60.0, 0.0) and not race.over
    race.add(_deal((70.0, -20.0, -50.0)))
    assert race.over and match.places(race.standing) == (1, 2, 3)
    for params in ({"rules": "official", "target": 0}, {"rules": "rlcard", "target": 500}):
        one = Series(match, 2, 1, {"players": 2, **params})
        assert one.target.kind is TargetKind.DEALS and not one.over
        one.add(_deal((1.0, -1.0)))
        assert one.over and one.standing.scores == (1.0, -1.0)


def _deal(returns):
    from tui_games.core.series import Deal

    return Deal(seed=0, params={}, history=[], returns=returns)


def test_figures_count_hands_won_and_points():
    state = position([["r-7"], ["b-9"]], "r-5")
    play(state, "r-7")
    assert DEFINITION.figures(state, 0).counts == {"hands_won": 1, "points": 9.0}
    assert DEFINITION.figures(state, 1).counts == {"hands_won": 0, "points": 0.0}


# ----- names --------------------------------------------------------------------------------------------
def test_action_names_are_rlcards_and_read_back():
    state = position([["r-1"], ["b-2"]], "r-5")
    pinned = {7: "r-7", 25: "g-skip", 42: "b-draw_2", 58: "y-wild", 14: "r-wild_draw_4", 60: "draw", 61: "keep",
              62: "challenge", 63: "accept"}
    for action, name in pinned.items():
        assert state.action_to_string(action) == name and state.parse_action(name) == action
    for action in range(rules.MAX_ACTIONS):
        assert state.parse_action(state.action_to_string(action)) == action
    assert state.parse_action("Red 7") == 7 and state.parse_action("y-wild_draw_4") == 59
    for bad in ("wild", "r-10", "purple-3"):
        with pytest.raises(InvalidMoveError):
            state.parse_action(bad)
    with pytest.raises(IllegalActionError):
        state.action_to_string(64)


def test_chance_outcomes_are_named_and_read_back():
    state = SPEC.new(seed=2, players=3)
    assert names(state) == ["dealer 1", "dealer 2", "dealer 3"]
    state.apply(0)
    assert "wild" in names(state) and "wild_draw_4" in names(state) and "r-0" in names(state)
    for action in state.legal_actions():
        assert state.parse_action(state.action_to_string(action)) == action


def test_why_illegal_gives_the_reason():
    state = position([["r-1", "g-3"], ["b-2"]], "r-5")
    for action, reason in ((61, "keep is for a card you have just drawn"), (62, "no Wild Draw Four"),
                           (22, "you hold no g-7"), (18, "g-3 does not go on r-5"), (99, "there is no action 99")):
        with pytest.raises(IllegalActionError, match=reason):
            state.apply(action)


# ----- accessors and what each seat sees ------------------------------------------------------------------
def test_accessors_show_hands_target_sizes_and_pile():
    state = position([["wild_draw_4", "r-7", "wild", "b-skip"], ["y-1"]], "g-wild", pile=["r-1"] * 3)
    assert state.hand(0) == ["r-7", "b-skip", "wild", "wild_draw_4"]
    assert state.target == "g-wild" and state.hand_sizes == [4, 1] and state.draw_pile_size == 3


def test_a_seat_sees_its_hand_the_sizes_and_the_table_but_no_other_hand_nor_the_pile():
    state = dealt(4, players=3)
    view = state.observed(1)
    assert view.hand(1) == state.hand(1) and view.hand(0) == [] and view.hand(2) == []
    assert view.hand_sizes == state.hand_sizes and view.target == state.target
    assert view.draw_pile_size == state.draw_pile_size
    assert all(x == -1 for x in view.array[rules.PILE:rules.PILE + rules.NUM_TYPES])
    text = str(state.observation(1))
    assert " ".join(state.hand(1)) in text and " ".join(state.hand(0)) not in text


def test_a_drawn_card_is_hidden_from_the_others_until_played():
    state = position([["r-1"], ["b-2"]], "r-5", pile=["r-7"])
    play(state, "draw")
    assert state.action_to_string(7, observer=1) == KERNELS.hidden_name
    play(state, "r-7")
    assert state.observed(1).drawn_card is None and state.observed(0).drawn_card == "r-7"


def test_random_hands_keep_every_card_and_end():
    for reading, players in (("official", 2), ("official", 5), ("rlcard", 2), ("rlcard", 10)):
        for seed in range(20):
            state = SPEC.new(seed=seed, players=players, rules=reading)
            rng = random.Random(seed)
            while not state.is_terminal:
                state.apply(state.sample_chance() if state.is_chance_node else rng.choice(state.legal_actions()))
                on_table = int(state.array[rules.PHASE]) > rules.PHASE_FLIP and reading == "official"
                limbo = state.phase == "drawn colour"  # RLCard's drawn wild, between the pile and the discards
                assert sum(state.hand_sizes) + state.draw_pile_size + state.discard_size + on_table + limbo == 108
            assert sum(1 for r in state.returns() if r > 0) == 1


# ----- a match through the match layer -------------------------------------------------------------------
def finish_hand(match, ai) -> None:
    """Play the current hand to its end, every seat by ``ai`` (the match resolves chance)."""
    while not match.is_over:
        match.play(ai.choose(match.state.clone()))


def test_a_match_to_the_target_resumes_mid_hand_and_counts_hands_won_and_points(home):
    from tui_games.games.uno.ai import UnoAI
    from tui_games.match import Match, Seat
    from tui_games.store import stats

    ai = UnoAI(2, seed=4)
    match = Match.new(SPEC, {"target": 60}, [Seat(), Seat()], seed=5)
    finish_hand(match, ai)
    first = match.state.returns()
    assert match.standing.scores == tuple(max(r, 0.0) for r in first) and not match.match_over
    match.next_deal()
    for _ in range(3):
        match.play(ai.choose(match.state.clone()))
    resumed = Match.resume(match.save())
    assert resumed.deal_number == 2 and resumed.state.history == match.state.history
    assert np.array_equal(resumed.state.array, match.state.array) and resumed.standing == match.standing
    hands = 1
    while not resumed.match_over:
        finish_hand(resumed, ai)
        hands += 1
        if not resumed.match_over:
            resumed.next_deal()
    scores = resumed.standing.scores
    assert max(scores) >= 60 and resumed.deal_number == hands
    rows = stats.summary()  # hotseat: one row for each seat's view
    assert len(rows) == 2 and all(row.played == 1 and row.deals == hands for row in rows)
    assert sum(row.counts["hands_won"] for row in rows) == hands
    assert sum(row.counts["points"] for row in rows) == sum(scores)


def test_an_rlcard_game_is_one_hand(home):
    from tui_games.games.uno.ai import UnoAI
    from tui_games.match import Match, Seat

    match = Match.new(SPEC, {"rules": "rlcard"}, [Seat(), Seat("ai", 1)], seed=2)
    ai = UnoAI(1, seed=2)
    while not match.match_over:
        seat = match.to_move
        player = seat_ai(match, seat) if match.seats[seat].is_ai else ai
        match.play(player.choose(match.state.clone()))
    assert sorted(match.standing.scores) == [-1.0, 1.0] and match.deal_number == 1
