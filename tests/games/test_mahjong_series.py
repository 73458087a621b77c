"""Mahjong games of many hands (tui_games/games/mahjong/match.py): written hands played through the
catalogue's spec and counted by the series rules, so that each of Tenhou's rules shows (the dealer's
repeat, honba and riichi sticks carried over, a seat below zero, the West round and its sudden death,
agari-yame and tenpai-yame, the sticks left going to the first place, equal points ranked by seat order),
then whole games through a real match, saved in the middle of a hand and resumed."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import InvalidParameterError
from tui_games.core.players import SIMULTANEOUS
from tui_games.core.series import Series, Standing
from tui_games.games.mahjong.constants import (CHI, END_EXHAUSTIVE, PASS, RIICHI, RON, TSUMO, action_name,
                                               parse_action, read_type, type_kind)
from tui_games.games.mahjong.game import figures, limit_name, result_text
from tui_games.games.mahjong.match import MATCH, ended_text, in_last_hands, ranking
from tui_games.games.mahjong.shanten import shanten_search
from tui_games.games.mahjong.tiles import RED_FIVES, parse
from tui_games.series_replay import finished_deal

SPEC = catalog.get("mahjong")
WINDS = ("east", "south", "west", "north")

# Hands written for the dealer first, then the seats after it (see tests/games/test_mahjong_rules.py).
DEALER_TSUMO = (["123m456p789s1122z", "444m777m111p222s6z", "555m888m222p333p7z", "666m999m777p888p5z"],
                ["draw 3z", "discard 3z", "draw 3z", "discard 3z", "draw 3z", "discard 3z", "draw 4z", "discard 4z",
                 "draw 2z", "tsumo"])
"""The dealer wins by tsumo on its second turn (700 all in the East round)."""
THIRD_SEAT_RON = (["19m19p19s1234z28m8p", "234m567p345s66s45m", "268m268p268s6777z", "12m456p789p555z77s"],
                  ["draw 1z", "discard 1z", "draw 6m", "discard 6m", "draw 3m", "discard 3m", "s3=ron"])
"""The seat before the dealer (dealer + 3) rons the seat across (dealer + 2): haku, 1,300."""
FOUR_RIICHI = (["123m456p789s1123s", "234m567p345s66s45m", "345m678p789s33p78s", "123p456p789p11z22z"],
               ["draw 5z", "riichi 5z", "draw 5z", "riichi 5z", "draw 5z", "riichi 5z", "draw 6z", "riichi 6z"])
"""Four riichi: the hand is aborted with four sticks on the table."""
TENPAI = ("123m456p789s1122z", "234m567p345s66s45m", "345m678p789s33p78s")
NOTEN = ("19m19p19s1234z28m8p", "268m268p268s6777z", "379m379p379s3455z")


def types_of(text):
    """The tile types of a hand in the notation."""
    return [34 + RED_FIVES.index(t) if t in RED_FIVES else t // 4 for t in parse(text)]


def play_hand(params, hands, steps, dora="6z", seed=0):
    """A hand of ``params`` dealt with ``hands`` (``hands[j]``: the j-th seat from the dealer), then
    ``steps``: "draw 5m" a tile, "s3=ron" an answer (the others pass), else the mover's action by name;
    a call window before a step is passed by all. ``"to the draw"`` plays the wall out, each seat
    discarding the tile it draws and passing every call."""
    state = SPEC.new(seed=seed, **params)
    dealer = state.dealer
    for j in range(4):
        for t in types_of(hands[j]):
            state.apply(t)
    state.apply(read_type(dora))
    rng = np.random.default_rng(seed)
    for step in steps:
        if state.current_player == SIMULTANEOUS and "=" not in step:
            state.apply_joint([PASS] * 4)
        if step == "to the draw":
            while not state.is_terminal:
                if state.current_player == SIMULTANEOUS:
                    state.apply_joint([PASS] * 4)
                else:
                    outcomes = state.chance_outcomes()
                    tile = int(rng.choice([a for a, _ in outcomes], p=[p for _, p in outcomes]))
                    state.apply(tile)
                    state.apply(parse_action(f"discard {action_name(tile).split()[1]}"))
            assert state.field("end") == END_EXHAUSTIVE
        elif "=" in step:
            seat, answer = step.split("=")
            joint = [PASS] * 4
            joint[(dealer + int(seat[1:])) % 4] = parse_action(answer)
            state.apply_joint(joint)
        elif step.startswith("draw ") and step != "draw nine terminals":
            state.apply(read_type(step[5:]))
        else:
            state.apply(parse_action(step))
    assert state.is_terminal
    return state


def standing(round_wind="east", dealer=0, scores=(25000,) * 4, honba=0, sticks=0, length="hanchan", deals=3):
    """A standing between hands of a riichi game."""
    facts = {"rules": "riichi", "length": length, "dealer": dealer, "round": round_wind, "hand": dealer + 1,
             "honba": honba, "sticks": sticks, "over": False, "ended": ""}
    assert sum(scores) + 1000 * sticks == 100000
    return Standing(scores=tuple(float(s) for s in scores), deals=deals, button=dealer, facts=facts)


def next_hand(before, hands, steps, **kwargs):
    """Plays the hand the series deals after ``before`` and counts it: (hand state, standing after)."""
    params = MATCH.deal_params(before, SPEC.resolve_params({"length": before.facts["length"]}))
    state = play_hand(params, hands, steps, **kwargs)
    assert state.field("start_scores") == [int(s) for s in before.scores]
    after = MATCH.add_finished(before, finished_deal(SPEC, state))
    return state, after


def where(after):
    """(round, dealer, honba, sticks, over, why) of a standing."""
    f = after.facts
    return f["round"], f["dealer"], f["honba"], f["sticks"], f["over"], f["ended"]


def test_a_game_starts_east_1_with_25000_each():
    opening = MATCH.start(4, SPEC.resolve_params({}))
    assert opening.scores == (25000.0,) * 4 and where(opening) == ("east", 0, 0, 0, False, "")
    params = MATCH.deal_params(opening, SPEC.resolve_params({}))
    assert params["dealer"] == 0 and params["round_wind"] == "east" and params["score_3"] == 25000
    state = SPEC.new(seed=1, **params)
    assert state.scores == [25000] * 4 and state.round_wind == "east" and state.dealer == 0


def test_the_dealer_repeats_on_a_win_and_honba_count():
    state, after = next_hand(standing(), *DEALER_TSUMO)
    assert state.returns() == [2100, -700, -700, -700] and state.renchan
    assert after.scores == (27100, 24300, 24300, 24300) and where(after) == ("east", 0, 1, 0, False, "")
    params = MATCH.deal_params(after, SPEC.resolve_params({}))
    assert (params["dealer"], params["honba"], params["score_0"]) == (0, 1, 27100)
    state, again = next_hand(after, *THIRD_SEAT_RON)
    assert state.returns() == [0, 0, -1600, 1600]  # 1,300 and one honba
    assert where(again) == ("east", 1, 0, 0, False, "") and again.facts["hand"] == 2
    assert again.scores == (27100, 24300, 22700, 25900)


def test_a_hands_result_and_figures():
    state, _ = next_hand(standing(), *DEALER_TSUMO)
    assert result_text(state) == "Player 1 wins by tsumo: 1 han 40 fu, +2,100"
    state, _ = next_hand(standing(honba=1), *THIRD_SEAT_RON)
    assert result_text(state) == "Player 4 wins by ron from Player 3: 1 han 40 fu, +1,600"
    assert figures(state, 2).counts == {"hands_won": 0, "dealt_in": 1, "points": -1600, "riichi": 0}
    assert figures(state, 3).peaks == {"best_hand": 1600} and figures(state, 2).peaks == {}
    hands = [NOTEN[0], TENPAI[1], NOTEN[1], NOTEN[2]]
    state, _ = next_hand(standing(), hands, ["to the draw"], seed=3)
    assert result_text(state) == "Drawn hand: exhaustive draw; tenpai: Player 2"
    assert [limit_name(*hand) for hand in ((4, 30, 0), (4, 40, 0), (3, 70, 0), (7, 30, 0), (13, 30, 0),
                                           (13, 0, 2))] == ["", "mangan", "mangan", "haneman", "counted yakuman",
                                                            "2x yakuman"]


def test_draws_add_honba_and_riichi_sticks_wait_for_the_next_winner():
    before = standing(dealer=1, honba=0)
    state, after = next_hand(before, *FOUR_RIICHI)
    assert state.end == "four riichi" and after.scores == (24000,) * 4
    assert where(after) == ("east", 1, 1, 4, False, "")  # an abortive draw: the dealer stays
    hands = [NOTEN[0], TENPAI[1], NOTEN[1], NOTEN[2]]  # seat 1 deals, noten; seat 2 alone tenpai
    state, after = next_hand(after, hands, ["to the draw"], seed=3)
    assert state.tenpai == [2] and state.returns() == [-1000, -1000, 3000, -1000]
    assert where(after) == ("east", 2, 2, 4, False, "")  # the deal passes, honba + 1, the sticks stay
    state, after = next_hand(after, *THIRD_SEAT_RON)  # seat 2 deals; seat 1 rons seat 0
    assert state.returns() == [-1900, 5900, 0, 0]  # 1,300 + 2 honba, and the four sticks
    assert where(after) == ("east", 3, 0, 0, False, "") and after.scores == (21100, 28900, 27000, 23000)


@pytest.mark.parametrize("points, over", [(1300, False), (1200, True)])
def test_a_seat_below_zero_ends_the_game_at_once(points, over):
    rest = 100000 - points - 2 * 30000
    before = standing(dealer=2, scores=(points, 30000, 30000, rest))  # seat 0 deals in 1,300
    state, after = next_hand(before, *THIRD_SEAT_RON)
    assert after.scores[0] == points - 1300 and where(after)[4:] == ((True, "bust") if over else (False, ""))


def test_a_bust_at_the_draw_gives_the_sticks_to_the_first():
    before = standing(dealer=0, scores=(500, 30000, 32500, 35000), sticks=2)
    hands = [NOTEN[0], TENPAI[1], NOTEN[1], NOTEN[2]]  # seat 1 alone tenpai: seat 0 pays 1,000
    state, after = next_hand(before, hands, ["to the draw"], seed=5)
    assert where(after) == ("east", 0, 1, 0, True, "bust")
    assert after.scores == (-500, 33000, 31500, 36000)  # seat 3 was first: 34,000 and the two sticks
    assert MATCH.places(after) == (4, 2, 3, 1)


def test_the_west_round_when_nobody_has_30000_after_south_4():
    before = standing("south", 3, (26000, 25000, 25000, 24000))
    state, after = next_hand(before, *THIRD_SEAT_RON)  # seat 2 rons seat 1
    assert max(after.scores) < 30000 and where(after) == ("west", 0, 0, 0, False, "")
    before = standing("west", 0, (25000, 25000, 21300, 28700))
    state, after = next_hand(before, *THIRD_SEAT_RON)  # seat 3 rons seat 2: exactly 30,000
    assert after.scores[3] == 30000 and where(after) == ("west", 0, 0, 0, True, "sudden death")
    before = standing("west", 1, (25000, 25000, 25000, 25000))
    state, after = next_hand(before, *THIRD_SEAT_RON)
    assert where(after) == ("west", 2, 0, 0, False, "")
    before = standing("west", 3, (25000, 25000, 25000, 25000))
    state, after = next_hand(before, *THIRD_SEAT_RON)  # West 4 passes: the game is over at 26,300
    assert where(after) == ("west", 3, 0, 0, True, "final hand") and max(after.scores) == 26300


def test_south_4_ends_when_the_deal_passes_and_someone_has_30000():
    state, after = next_hand(standing("south", 3, (35000, 25000, 25000, 15000)), *THIRD_SEAT_RON)
    assert where(after)[4:] == (True, "last hand") and MATCH.places(after) == (1, 3, 2, 4)


def test_agari_yame_and_a_last_dealer_who_plays_on():
    state, after = next_hand(standing("south", 3, (24000, 24000, 24000, 28000)), *DEALER_TSUMO)
    assert state.winners == [3] and after.scores[3] >= 30000 and ranking(after.scores)[0] == 3
    assert where(after)[4:] == (True, "agari-yame")
    state, after = next_hand(standing("south", 3, (40000, 20000, 20000, 20000)), *DEALER_TSUMO)
    assert state.winners == [3] and ranking(after.scores)[0] == 0  # not first: South 4 again
    assert where(after) == ("south", 3, 1, 0, False, "")
    state, after = next_hand(standing("south", 3, (27000, 20000, 21000, 32000)), *DEALER_TSUMO)
    assert ranking(after.scores)[0] == 3 and where(after)[4:] == (True, "agari-yame")


def test_tenpai_yame_applies_and_a_tenpai_dealer_below_30000_plays_on():
    hands = [TENPAI[0], NOTEN[0], NOTEN[1], NOTEN[2]]  # the dealer (seat 3) alone tenpai: +3,000
    state, after = next_hand(standing("south", 3, (24000, 24000, 24000, 28000)), hands, ["to the draw"])
    assert state.tenpai == [3] and after.scores[3] == 31000 and where(after)[4:] == (True, "tenpai-yame")
    state, after = next_hand(standing("south", 3, (26000, 24000, 24000, 26000)), hands, ["to the draw"])
    assert after.scores == (25000, 23000, 23000, 29000) and where(after) == ("south", 3, 1, 0, False, "")


def test_equal_points_rank_by_seat_order_and_the_first_takes_the_sticks():
    hands = [NOTEN[0], TENPAI[0], TENPAI[1], NOTEN[1]]  # seat 3 deals; seats 0 and 1 tenpai
    before = standing("south", 3, (30000, 30000, 20000, 19000), sticks=1)
    state, after = next_hand(before, hands, ["to the draw"], seed=2)
    assert state.tenpai == [0, 1] and where(after)[4:] == (True, "last hand")
    assert after.scores == (32500, 31500, 18500, 17500) and MATCH.places(after) == (1, 2, 3, 4)
    series = Series(MATCH, 4, seed=1, params=SPEC.resolve_params({}))
    series.standing = replace_scores(after, (30000, 30000, 20000, 20000))
    assert series.outcome().places == (1, 2, 3, 4) and series.outcome().winners == (0,)


def replace_scores(before, scores):
    return Standing(scores=tuple(float(s) for s in scores), deals=before.deals, button=before.button,
                    facts=dict(before.facts))


def test_an_east_game_goes_into_the_south_round():
    state, after = next_hand(standing("east", 3, length="east"), *THIRD_SEAT_RON)
    assert where(after) == ("south", 0, 0, 0, False, "")
    state, after = next_hand(standing("south", 3, length="east"), *THIRD_SEAT_RON)
    assert where(after) == ("south", 3, 0, 0, True, "final hand")


def test_one_hand_gives_its_sticks_to_the_first():
    before = MATCH.start(4, SPEC.resolve_params({"length": "hand"}))
    state, after = next_hand(before, *FOUR_RIICHI)
    assert where(after) == ("east", 0, 1, 0, True, "one hand") and after.scores == (28000, 24000, 24000, 24000)
    assert MATCH.reached(after, MATCH.target_for({"length": "hand"}))


def test_hand_parameters_are_checked():
    with pytest.raises(InvalidParameterError):
        SPEC.new(score_0=30000)  # 105,000 points on the table
    with pytest.raises(InvalidParameterError):
        SPEC.new(dealer=4)
    state = SPEC.new(dealer=2, round_wind="south", honba=3, sticks=2, score_0=23000)
    assert (state.dealer, state.round_wind, state.honba, state.riichi_sticks) == (2, "south", 3, 2)
    assert state.scores == [23000, 25000, 25000, 25000]


def test_the_series_chains_hands_through_its_setups():
    params = SPEC.resolve_params({})
    series = Series(MATCH, 4, seed=9, params=params)
    for hands, steps, expected in ((*DEALER_TSUMO, (0, 1)), (*DEALER_TSUMO, (0, 2)), (*THIRD_SEAT_RON, (1, 0))):
        seed, setup = series.next_setup()
        state = play_hand(setup, hands, steps, seed=seed)
        series.add(finished_deal(SPEC, state))
        assert (series.standing.facts["dealer"], series.standing.facts["honba"]) == expected
    assert series.standing.deals == 3 and not series.over
    assert series.standing.scores[0] == 25000 + 2100 + 2400 and sum(series.standing.scores) == 100000


def test_the_last_hands_and_the_returns_alone_refused():
    assert not in_last_hands(standing("south", 2).facts) and in_last_hands(standing("south", 3).facts)
    assert in_last_hands(standing("west", 0).facts) and in_last_hands(standing("east", 3, length="east").facts)
    assert not in_last_hands(standing("east", 2, length="east").facts)
    with pytest.raises(TypeError):
        MATCH.add(standing(), (0.0, 0.0, 0.0, 0.0))  # a hand's returns cannot tell whether the dealer stays
    state, after = next_hand(standing("south", 3, (35000, 25000, 25000, 15000)), *THIRD_SEAT_RON)
    assert ended_text(after) == "the last hand is over" and ended_text(standing()) == ""


# ----- whole games through a match ------------------------------------------------------------------
def choose(state, rng):
    """A seat's move: win when it may, riichi when it may, else keep the least shanten (nine times in
    ten); at a call window ron when it may, else a call one time in five."""
    if state.current_player == SIMULTANEOUS:
        joint = []
        for seat in range(4):
            acts = state.legal_actions(seat)
            joint.append(RON if RON in acts else rng.choice(acts) if rng.random() < 0.2 else PASS)
        return joint
    acts = state.legal_actions()
    if TSUMO in acts:
        return TSUMO
    riichi = [a for a in acts if RIICHI <= a < CHI]
    if riichi:
        return rng.choice(riichi)
    discards = [a for a in acts if a < RIICHI]
    if rng.random() < 0.1:
        return rng.choice(acts)
    seat = state.current_player
    hand = np.array(state.field("hands")[seat * 34:seat * 34 + 34])

    def after(a):
        hand[type_kind(a)] -= 1
        value = shanten_search(hand) + rng.random()
        hand[type_kind(a)] += 1
        return value
    return min(discards, key=after)


def expected_next(state):
    """An independent reading of the next hand's setup after ``state`` (dealer, round, honba, sticks)."""
    dealer = state.dealer
    repeat = dealer in state.winners or dealer in state.tenpai or (not state.winners and state.end not in (
        "exhaustive draw", "nagashi mangan"))
    honba = state.honba + 1 if repeat or not state.winners else 0
    round_index = WINDS.index(state.round_wind)
    if not repeat:
        dealer = (dealer + 1) % 4
        round_index += dealer == 0
    return dealer, WINDS[round_index], honba, state.riichi_sticks


def play_match(match, rng, hands_to_play=None):
    """Plays ``match`` on (every seat by :func:`choose`) until it is over or ``hands_to_play`` hands
    ended; checks each new hand's setup against :func:`expected_next`; returns the finished states."""
    finished = []
    while not match.match_over and (hands_to_play is None or len(finished) < hands_to_play):
        if match.is_over:
            last = match.state
            expected = expected_next(last)
            match.next_deal()
            state = match.state
            assert (state.dealer, state.round_wind, state.honba) == expected[:3]
            assert state.riichi_sticks == expected[3] and state.scores == last.scores
            continue
        move = choose(match.state.clone(), rng)
        if isinstance(move, list):
            match.play_joint(move)
        else:
            match.play(move)
        if match.is_over:
            finished.append(match.state.clone())
    return finished


@pytest.mark.parametrize("length, seed", [("east", 11), ("hanchan", 4)])
def test_whole_games_through_a_match(home, length, seed):
    from tui_games.match import Match, Seat
    from tui_games.store import stats

    rng = random.Random(seed)
    match = Match.new(SPEC, {"length": length}, [Seat()] * 4, seed=seed)
    finished = play_match(match, rng)
    standing = match.standing
    assert standing.facts["over"] and len(finished) == standing.deals == len(match.series.deals)
    last = finished[-1]
    final = list(map(float, last.scores))
    final[ranking(final)[0]] += 1000 * last.riichi_sticks
    assert standing.scores == tuple(final) and sum(standing.scores) == 100000
    assert standing.facts["ended"] in ("bust", "last hand", "agari-yame", "tenpai-yame", "sudden death",
                                       "final hand")
    outcome = match.series.outcome()
    assert outcome.places == MATCH.places(standing) and sorted(outcome.places) == [1, 2, 3, 4]
    assert match.result_text.startswith(SPEC.seat_name(ranking(standing.scores)[0]))
    rows = stats.summary()
    assert len(rows) == 4 and all(row.deals == len(finished) for row in rows)
    wins = sum(len(state.winners) for state in finished)
    assert sum(row.counts["hands_won"] for row in rows) == wins
    assert [figures(finished[0], seat).counts["points"] for seat in range(4)] == finished[0].returns()
    assert all(result_text(state) for state in finished)


def test_a_game_saved_in_the_middle_of_a_hand_resumes(home):
    from tui_games.match import Match, Seat

    rng = random.Random(5)
    match = Match.new(SPEC, {"length": "east"}, [Seat()] * 4, seed=21)
    play_match(match, rng, hands_to_play=3)
    match.next_deal()
    for _ in range(30):
        move = choose(match.state.clone(), rng)
        match.play_joint(move) if isinstance(move, list) else match.play(move)
    assert not match.is_over and match.deal_number == 4
    resumed = Match.resume(match.save())
    assert resumed.deal_number == 4 and resumed.state.history == match.state.history
    assert np.array_equal(resumed.state.array, match.state.array) and resumed.standing == match.standing
    assert resumed.state.params == match.state.params
    copy = random.Random(99)
    twin = random.Random(99)
    play_match(resumed, copy)
    play_match(match, twin)
    assert resumed.standing == match.standing and resumed.match_over
