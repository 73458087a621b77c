"""Contract Bridge AI: legal calls and cards at every level over random deals, an ending only one card
makes (solved by hand), the sampler's deals against what the seat has seen (its hand, the dummy, the
cards played, the voids shown) and the auction's ranges, the lead rules, the signals, the hints, and
the IMP table."""

from __future__ import annotations

import random

import pytest

from bridge_deals import bid, deal, hand_cards
from tui_games import catalog
from tui_games.engine.observer import redacted_array
from tui_games.engine.rng import make_rng
from tui_games.games.bridge import rules
from tui_games.games.bridge.ai import BEGINNER, CLUB_PLAYER, EXPERT, constraints_of
from tui_games.games.bridge.constants import NUM_SUITS, parse_action
from tui_games.games.bridge.game import KERNELS
from tui_games.games.bridge.imps import imps
from tui_games.games.bridge.play import PlayView, cards_in
from tui_games.games.bridge.sampling import FULL_DECK, open_constraints, sample_worlds, violation
from tui_games.games.bridge.signals import UNLIKELY_LEAD, lead_card, lead_weights, pick_among

SPEC = catalog.get("bridge")

# South declares 3NT and has won 6 of the first 10 tricks; on lead with S K42 H 2 left as S K2 H2,
# dummy S AQ3, West H AKQ and East S T98 (West showed out of spades at trick 5, East out of hearts at
# trick 1: the split is known). Only the king first takes the last three tricks: after the S2 the king
# falls under dummy's ace or wins the second spade, and dummy's S3 or South's H2 loses the last trick;
# a heart lets West cash three.
ENDING_HANDS = ("S AQJ3 H 876 D AK9 C KT6", "S T98765 H - D 8762 C A54",
                "S K42 H 5432 D QJT C QJ7", "S - H AKQJT9 D 543 C 9832")
"""N E S W."""
ENDING_PLAY = ("HJ H6 S6 H3  HT H7 S5 H4  H9 H8 D2 H5  C3 C6 CA C7  S7 S4 C2 SJ  "
               "CK C4 CJ C8  DA D6 DT D3  DK D7 DJ D4  CT C5 CQ C9  DQ D5 D9 D8")
"""The first ten tricks, each from its leader: West three times, West, East, North four times, South."""


def ending_state():
    """The ending of :data:`ENDING_HANDS`: South (the declarer) to lead to trick 11."""
    state = SPEC.new(seed=3, scoring="duplicate", dealer=2)
    deal(state, ENDING_HANDS)
    bid(state, "1NT pass 3NT pass pass pass")
    for card in ENDING_PLAY.split():
        state.apply(parse_action(card, play=True))
    return state


def quick(ai):
    """``ai`` with the sampling cut to a few deals a card (for the tests' time)."""
    sampler = ai.sampler
    sampler.seconds, sampler.lead_seconds = 0.2, 0.3
    sampler.min_worlds, sampler.max_worlds, sampler.lead_min, sampler.lead_max = 2, 6, 2, 2
    return ai


def random_state(seed: int, dealer: int = 0):
    """A duplicate deal dealt at random by ``seed``, the auction about to start."""
    state = SPEC.new(seed=seed, scoring="duplicate", dealer=dealer, vulnerability="none")
    rng = random.Random(seed)
    while state.current_player < 0:
        state.apply(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


# ----- the IMP table -------------------------------------------------------------------------------
@pytest.mark.parametrize("points, expected", [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (420, 9), (430, 10), (500, 11), (620, 12),
    (1440, 16), (2250, 20), (3990, 23), (4000, 24), (7600, 24), (-30, -1), (-450, -10), (-1100, -15),
])
def test_imp_table(points, expected):
    assert imps(points) == expected


# ----- legality over random deals ------------------------------------------------------------------
@pytest.mark.parametrize("level", [BEGINNER, CLUB_PLAYER, EXPERT])
def test_every_level_makes_only_legal_calls_and_cards(level):
    cards = 0
    for seed in range(2 if level == EXPERT else 3):
        state = random_state(100 * level + seed, dealer=seed % 4)
        ais = [quick(SPEC.ai(level, seed=seat)) for seat in range(4)]
        while not state.is_terminal:
            action = ais[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.score is not None
        cards += state.played
    assert cards >= 52


def test_every_level_answers_mid_auction_and_mid_play_and_stops():
    state = random_state(7)
    state.apply(parse_action("1C"))
    for level in (BEGINNER, CLUB_PLAYER, EXPERT):
        assert SPEC.ai(level, seed=1).choose(state) in state.legal_actions()
    play = random_state(8)
    bid(play, "1NT pass 3NT pass pass pass")
    for card in range(6):
        play.apply(play.legal_actions()[0])
    for level in (BEGINNER, CLUB_PLAYER, EXPERT):
        ai = SPEC.ai(level, seed=1)
        ai.stop()
        assert ai.choose(play) in play.legal_actions()


# ----- the ending ------------------------------------------------------------------------------------
def test_the_ending_is_set_up_as_written():
    state = ending_state()
    assert state.contract == "3NT by S" and state.tricks == (6, 4) and state.current_player == 2
    assert sorted(state.hand(2)) == ["H2", "S2", "SK"] and sorted(state.hand(0)) == ["S3", "SA", "SQ"]


@pytest.mark.parametrize("level", [BEGINNER, CLUB_PLAYER, EXPERT])
def test_every_level_takes_the_only_card_that_makes_the_contract(level):
    state = ending_state()
    assert state.action_to_string(SPEC.ai(level, seed=5).choose(state)) == "SK"


def test_the_ending_made_by_the_expert_in_all_four_seats():
    state = ending_state()
    ais = [SPEC.ai(EXPERT, seed=seat) for seat in range(4)]
    while not state.is_terminal:
        state.apply(ais[state.current_player].choose(state))
    assert state.result == "3NT= +400"


def test_the_card_hint_gives_the_mean_tricks():
    hint = SPEC.ai(EXPERT, seed=2).hint(ending_state())
    assert hint.best == parse_action("SK", play=True)
    assert hint.summary.startswith("SK: 9.0 tricks on average over ") and hint.summary.endswith(" deals")
    assert hint.values[parse_action("S2", play=True)] == "8.0 tricks"
    assert hint.values[parse_action("H2", play=True)] == "6.0 tricks"


def test_the_call_hint_explains_the_call():
    state = SPEC.new(seed=1, scoring="duplicate", dealer=0)
    deal(state, ("S AQ2 H KJ3 D Q84 C KJ72", "S KJ87 H Q92 D K7 C Q854",
                 "S T654 H A765 D JT2 C A6", "S 93 H T84 D A9653 C T93"))
    hint = SPEC.ai(EXPERT).hint(state)
    assert state.action_to_string(hint.best) == "1NT"
    assert hint.summary == "1NT: 15-17 balanced"


# ----- the sampler -----------------------------------------------------------------------------------
def _played_by(view) -> dict[int, int]:
    played = {seat: 0 for seat in range(4)}
    for i in range(int(view[rules.PLAYED])):
        played[int(view[rules.PLAYERS + i])] |= 1 << int(view[rules.PLAYS + i])
    return played


def _shown_voids(view) -> dict[int, set[int]]:
    voids = {seat: set() for seat in range(4)}
    for i in range(int(view[rules.PLAYED])):
        led = int(view[rules.PLAYS + i - i % 4]) % NUM_SUITS
        if int(view[rules.PLAYS + i]) % NUM_SUITS != led:
            voids[int(view[rules.PLAYERS + i])].add(led)
    return voids


def _check_worlds(state, player, worlds):
    view = redacted_array(KERNELS, state.array, player)
    played = _played_by(view)
    voids = _shown_voids(view)
    gone = sum(played.values())
    for deal_ in worlds.hands:
        masks = [int(mask) for mask in deal_]
        assert sum(masks) | gone == FULL_DECK and sum(bin(m).count("1") for m in masks) + bin(gone).count("1") == 52
        for seat in range(4):
            assert all(masks[seat] & masks[other] == 0 for other in range(4) if other != seat)
            assert bin(masks[seat]).count("1") == bin(state.hand_mask(seat)).count("1")
            if int(view[rules.HANDS + seat]) >= 0:
                assert masks[seat] == int(view[rules.HANDS + seat])
            assert not any((masks[seat] >> card) & 1 for card in range(52) if card % 4 in voids[seat])
    return voids


def test_sampled_deals_match_the_cards_seen_and_the_voids_shown():
    voids_seen = 0
    for seed in range(12):
        state = random_state(200 + seed, dealer=seed % 4)
        bid(state, "1S pass 4S pass pass pass")
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 45)):
            state.apply(rng.choice(state.legal_actions()))
        for player in range(4):
            view = redacted_array(KERNELS, state.array, player)
            worlds = sample_worlds(view, open_constraints(), 20, make_rng(seed))
            assert len(worlds) == 20 and worlds.inside == 20
            voids = _check_worlds(state, player, worlds)
            voids_seen += sum(len(v) for v in voids.values())
    assert voids_seen > 10


def test_sampled_deals_keep_to_the_auctions_ranges():
    state = random_state(31, dealer=0)
    bid(state, "1NT pass 2C pass 2H pass 4H pass pass pass")
    view = redacted_array(KERNELS, state.array, 1)
    constraints = constraints_of(view)
    assert tuple(constraints.hcp_lo[[0]]) == (15,) and tuple(constraints.hcp_hi[[0]]) == (17,)
    worlds = sample_worlds(view, constraints, 30, make_rng(4))
    _check_worlds(state, 1, worlds)
    assert worlds.inside == 30
    args = (constraints.hcp_lo, constraints.hcp_hi, constraints.len_lo, constraints.len_hi)
    for deal_ in worlds.hands:
        for seat in (0, 2, 3):
            assert violation(int(deal_[seat]), *args, seat) == 0
        north = cards_in(int(deal_[0]))
        assert 15 <= sum(max(card // 4 - 8, 0) for card in north) <= 17
        assert sum(1 for card in north if card % 4 == 2) >= 4


def test_deals_outside_impossible_ranges_miss_by_least():
    state = random_state(32)
    bid(state, "1NT pass 3NT pass pass pass")
    view = redacted_array(KERNELS, state.array, 1)
    constraints = open_constraints()
    constraints.hcp_lo[3] = 40
    worlds = sample_worlds(view, constraints, 10, make_rng(1), tries=500)
    assert len(worlds) == 10 and worlds.inside == 0
    west_hcp = [sum(max(card // 4 - 8, 0) for card in cards_in(int(d[3]))) for d in worlds.hands]
    assert list(worlds.misses) == [40 - hcp for hcp in west_hcp]


# ----- lead rules and signals ------------------------------------------------------------------------
@pytest.mark.parametrize("holding, expected, notrump", [
    ("S KQJ2", "SK", True), ("S AK52", "SA", True), ("S KJT3", "SJ", True), ("S Q873", "S3", True),
    ("S 873", "S8", True), ("S 87", "S8", True), ("S 8732", "S7", True), ("S K73", "S3", True),
    ("S KQ7", "SK", False), ("S KQ73", "S3", True), ("S 5", "S5", True), ("S QT92", "ST", True),
])
def test_lead_rules(holding, expected, notrump):
    assert lead_card(hand_cards(holding), notrump=notrump) == parse_action(expected, play=True)


SIGNAL_HANDS = ("S 9762 H AK2 D AQ3 C K72", "S Q84 H QJT D 8652 C 853",
                "S AK H 8743 D KJT7 C AQ4", "S JT53 H 965 D 94 C JT96")
"""N E S W: South declares 3NT, West leads; East holds S Q84, D 8652, C 853."""


def _east_to_play(cards: str):
    """The play of ``cards`` after South's 3NT, East (a defender) to play next."""
    state = SPEC.new(seed=1, scoring="duplicate", dealer=2)
    deal(state, SIGNAL_HANDS)
    bid(state, "1NT pass 3NT pass pass pass")
    for card in cards.split():
        state.apply(parse_action(card, play=True))
    assert state.current_player == 1
    return PlayView.of(redacted_array(KERNELS, state.array, 1), 1)


def test_a_defender_encourages_partners_lead_holding_an_honour():
    play = _east_to_play("SJ S2")
    assert pick_among(play, hand_cards("S Q84")) == parse_action("S8", play=True)


def test_a_defender_discourages_partners_lead_without_an_honour():
    play = _east_to_play("CJ C2")
    assert pick_among(play, hand_cards("C 853")) == parse_action("C3", play=True)


def test_a_defender_gives_count_on_the_declarers_lead():
    play = _east_to_play("CJ C2 C3 CQ D7 D4 DQ")
    assert play.leader == 2
    assert pick_among(play, hand_cards("D 8652")) == parse_action("D8", play=True)
    odd = _east_to_play("CJ C2 C3 CQ SA S3 S2")
    assert pick_among(odd, hand_cards("S Q84")) == parse_action("S4", play=True)


def test_the_declarer_plays_the_lowest_of_cards_alike():
    state = SPEC.new(seed=1, scoring="duplicate", dealer=2)
    deal(state, SIGNAL_HANDS)
    bid(state, "1NT pass 3NT pass pass pass")
    state.apply(parse_action("CJ", play=True))
    play = PlayView.of(redacted_array(KERNELS, state.array, 2), 2)
    assert play.to_play == 0 and play.declaring
    assert pick_among(play, hand_cards("C K72")) == parse_action("C2", play=True)


def test_the_defenders_read_an_honour_lead_as_the_top_of_a_sequence():
    play = _east_to_play("SJ S2")
    worlds = sample_worlds(play.view, open_constraints(), 40, make_rng(3))
    weights = lead_weights(play, worlds.hands)
    ten = parse_action("ST", play=True)
    west_has_it = [bool((int(deal_[3]) >> ten) & 1) for deal_ in worlds.hands]
    assert any(west_has_it) and not all(west_has_it)
    assert list(weights) == [1.0 if has else UNLIKELY_LEAD for has in west_has_it]
    spot = _east_to_play("S5 S2")
    assert list(lead_weights(spot, worlds.hands)) == [1.0] * 40


def test_the_ai_sees_only_what_its_seat_may_see():
    swapped = ("S 9762 H AK2 D AQ3 C K72", "S Q84 H QJT9 D 865 C 853",
               "S AK H 8743 D KJT7 C AQ4", "S JT53 H 65 D 942 C JT96")
    chosen = []
    for hands in (SIGNAL_HANDS, swapped):
        state = SPEC.new(seed=1, scoring="duplicate", dealer=2)
        deal(state, hands)
        bid(state, "1NT pass 3NT pass pass pass")
        for card in "CJ C2 C3".split():
            state.apply(parse_action(card, play=True))
        ai = SPEC.ai(EXPERT, seed=9)
        ai.sampler.seconds, ai.sampler.min_worlds, ai.sampler.max_worlds = 60.0, 12, 12  # no clock
        chosen.append((ai.choose(state), list(ai.last_values.tricks), ai.last_values.worlds))
    assert chosen[0] == chosen[1]
