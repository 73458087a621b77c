"""Chicago sessions written out by hand: each deal dealt, bid and played through the real series (its
dealer and vulnerability, the replay of each finished deal, the standing), the scores worked out on
paper beside it."""

from __future__ import annotations

import random

import pytest

from bridge_deals import bid, deal, play_to
from tui_games import catalog
from tui_games.core.series import Series
from tui_games.games.bridge.game import SERIES, DealResult, chicago_points
from tui_games.series_replay import finished_deal

SPEC = catalog.get("bridge")


def play_session(deals: list[tuple[str, int | None]], seed: int = 5) -> tuple[Series, list[dict]]:
    """A Chicago session of ``deals``, each (the auction, the declaring side's tricks; None when passed
    out), all on the split deal; returns the series and each deal's parameters."""
    series = Series(SERIES, 4, seed, {"scoring": "chicago", "dealer": 0, "vulnerability": "none"})
    params_seen = []
    for calls, tricks in deals:
        deal_seed, params = series.next_setup()
        params_seen.append(params)
        state = SPEC.new(seed=deal_seed, **params)
        deal(state)
        bid(state, calls)
        if tricks is not None:
            play_to(state, tricks)
        assert state.is_terminal
        series.add(finished_deal(SPEC, state))
    return series, params_seen


def side_scores(series: Series) -> tuple[float, float]:
    """(North-South, East-West) running scores, checked equal for partners."""
    scores = series.standing.scores
    assert scores[0] == scores[2] and scores[1] == scores[3]
    return scores[0], scores[1]


def test_a_60_and_a_40_part_score_make_game_and_a_passed_out_deal_is_dealt_again():
    series, params = play_session([
        ("2H pass pass pass", 8),             # deal 1, N deals, none vul: NS 2H= 60, part-score 60
        ("pass 1NT pass pass pass", 7),       # deal 2, E deals, EW vul: S 1NT= 40 -> game, 40 + 300
        ("pass pass pass pass", None),        # deal 3, S deals, NS vul: passed out, dealt again
        ("pass 2D pass pass pass", 9),        # deal 3 again: W 2D+1 = 40 + 20, EW part-score 40
        ("pass 1S pass pass pass", 7),        # deal 4, W deals, both vul: N 1S= 30, no game: +100
    ])
    assert [(p["dealer"], p["vulnerability"]) for p in params] == [
        (0, "none"), (1, "ew"), (2, "ns"), (2, "ns"), (3, "both")]
    assert side_scores(series) == (60 + 340 + 130, 60)
    assert series.standing.deals == 4 and len(series.deals) == 5 and series.over
    assert series.standing.facts["passed_out"] == 1
    assert series.standing.facts["partscores"] == [30, 40]
    assert series.outcome().places[0] == series.outcome().places[2] == 1


def test_a_part_score_on_the_fourth_deal_that_completes_game_scores_the_premium_not_100():
    series, _ = play_session([
        ("pass 3C pass pass pass", 9),         # deal 1, N deals: E 3C= 60, EW part-score 60
        ("pass 4S X pass pass pass", 8),       # deal 2, E deals, EW vul: S 4SX-2, NS not vul: 300 to EW
        ("3NT pass pass pass", 8),             # deal 3, S deals, NS vul: S 3NT-1 vulnerable: 100 to EW
        ("2D pass pass pass", 8),              # deal 4, W deals, both vul: W 2D= 40 on 60: game, 40 + 500
    ])
    assert side_scores(series) == (0, 60 + 300 + 100 + 540)
    assert series.standing.facts["partscores"] == [0, 0]


def test_a_vulnerable_game_on_the_fourth_deal_wipes_both_part_scores():
    series, _ = play_session([
        ("1H pass pass pass", 7),               # deal 1, N deals: N 1H= 30, NS part-score 30
        ("pass pass 2C pass pass pass", 8),     # deal 2, E deals: W 2C= 40, EW part-score 40
        ("pass pass pass 2D pass pass pass", 8),  # deal 3, S deals: E 2D= 40, EW part-score 80
        ("pass 3H pass pass pass", 9),          # deal 4, W deals, both vul: N 3H= 90 on 30: game, 90 + 500
    ])
    assert side_scores(series) == (30 + 590, 80)
    assert series.standing.facts["partscores"] == [0, 0]


@pytest.mark.parametrize("result, partscores, fourth, points, after", [
    (DealResult(2, 2, 0, 0, 8, False), (0, 0), False, (60, 0), (60, 0)),        # 2H= part-score
    (DealResult(1, 4, 0, 2, 7, False), (60, 0), False, (340, 0), (0, 0)),       # 1NT= on 60: game 300
    (DealResult(2, 2, 1, 1, 8, True), (0, 40), False, (0, 670), (0, 0)),        # 2HX= vul: 120+50+500
    (DealResult(6, 4, 0, 2, 13, True), (0, 70), False, (1470, 0), (0, 0)),      # 6NT+1 vul slam
    (DealResult(4, 3, 1, 0, 8, True), (20, 0), False, (0, 500), (20, 0)),       # 4SX-2 vul: 500 to EW
    (DealResult(1, 0, 0, 3, 7, False), (0, 0), True, (0, 120), (0, 20)),        # 1C= deal 4: +100
    (DealResult(1, 0, 0, 3, 6, False), (0, 0), True, (50, 0), (0, 0)),         # 1C-1 on deal 4: no bonus
    (DealResult(0, 0, 0, -1, 0, False), (30, 40), True, (0, 0), (30, 40)),     # passed out
])
def test_chicago_points_worked_out_by_hand(result, partscores, fourth, points, after):
    assert chicago_points(result, partscores, fourth) == (points, after)


def test_a_duplicate_match_is_one_deal_scored_as_duplicate():
    series = Series(SERIES, 4, 3, {"scoring": "duplicate", "dealer": 2, "vulnerability": "both"})
    seed, params = series.next_setup()
    assert params["dealer"] == 2 and params["vulnerability"] == "both"
    state = SPEC.new(seed=seed, **params)
    deal(state)
    bid(state, "1H pass 3H pass pass pass")
    play_to(state, 9)
    series.add(finished_deal(SPEC, state))
    assert series.over and series.standing.scores == (140.0, -140.0, 140.0, -140.0)  # the 50 part-score bonus


def test_a_chicago_match_resumes_mid_deal_and_mid_session_and_counts(home):
    from tui_games.games.bridge.game import deal_result, replay_deal
    from tui_games.games.bridge.openspiel_mirror import choose
    from tui_games.match import Match, Seat
    from tui_games.store import stats

    rng = random.Random(4)

    def finish(match) -> None:
        while not match.is_over:
            match.play(choose(match.state.legal_actions(), rng, match.state.phase == "auction"))

    match = Match.new(SPEC, {}, [Seat()] * 4, seed=11)
    finish(match)
    match.next_deal()
    for _ in range(8):
        match.play(choose(match.state.legal_actions(), rng, match.state.phase == "auction"))
    resumed = Match.resume(match.save())
    assert resumed.state.history == match.state.history and resumed.standing == match.standing
    while not resumed.match_over:
        finish(resumed)
        if not resumed.match_over:
            resumed.next_deal()
    partscores, totals, counted = (0, 0), [0, 0], 0
    for deal_record in resumed.series.deals:
        assert (deal_record.params["dealer"], deal_record.params["vulnerability"]) == (
            counted, ("none", "ew", "ns", "both")[counted])
        result = deal_result(replay_deal(deal_record))
        if result.level == 0:
            continue
        points, partscores = chicago_points(result, partscores, counted == 3)
        totals = [total + gain for total, gain in zip(totals, points)]
        counted += 1
    assert counted == 4 and resumed.standing.scores == (totals[0], totals[1]) * 2
    rows = stats.summary()
    assert rows and all(row.played == 1 for row in rows)


def test_each_deal_counts_each_sides_imps_against_double_dummy_par():
    from tui_games.games.bridge.double_dummy import dd_table, par
    from tui_games.games.bridge.imps import imps
    from bridge_deals import SPLIT_DEAL, hand_cards

    series, _ = play_session([("2H pass pass pass", 8), ("pass pass pass pass", None)])
    table = dd_table([hand_cards(hand) for hand in SPLIT_DEAL])
    for number, (dealer, vulnerability, ns_score) in enumerate([(0, "none", 110), (1, "ew", 0)]):
        par_ns = par(table, vulnerability, dealer).score
        counted = [figures.counts["imps_vs_par"] for figures in series.deals[number].figures]
        assert counted == [imps(ns_score - par_ns), imps(par_ns - ns_score)] * 2
    assert series.figures(0).counts["imps_vs_par"] == sum(deal.figures[0].counts["imps_vs_par"]
                                                          for deal in series.deals)
