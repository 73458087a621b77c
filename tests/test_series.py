"""Matches of many deals: the series rules (targets, button, blinds, eliminations, places), a
Blackjack sitting of rounds, a 'first to 2' Tic Tac Toe match with undo across a deal's end, saves of
the whole series (format 2, format 1 still loading) and undo from a stack of positions."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, SaveFileError
from tui_games.core.locations import quarantine_dir, saves_dir
from tui_games.core.outcome import SeatOutcome, Termination
from tui_games.core.series import Deal, Series, SeriesRules, SeriesTarget, Standing, TargetKind, derived_seed
from tui_games.engine.kernel_state import KernelState
from tui_games.match import Match, Seat, record_pending_results
from tui_games.store import saves, stats
from tui_games.table import PlayerCache

TTT = catalog.get("tic-tac-toe")
BLACKJACK = catalog.get("blackjack")
X_WINS = [0, 3, 1, 4, 2]
FIXTURES = Path(__file__).parent / "store" / "fixtures"


def _deal(*returns: float) -> Deal:
    return Deal(seed=0, params={}, history=[], returns=tuple(returns))


# ----- the rules, as pure data --------------------------------------------------------------------------
def test_a_points_target_ends_the_series_after_the_deal_that_reaches_it():
    series = Series(SeriesRules(SeriesTarget.points(100)), seats=2, seed=5, params={})
    for returns in [(40, 10), (30, 50), (20, 45)]:
        assert not series.over
        series.add(_deal(*returns))
    assert series.standing.scores == (90.0, 105.0) and series.over
    outcome = series.outcome()
    assert outcome.places == (2, 1) and outcome.winners == (1,) and outcome.termination is Termination.SCORE
    with pytest.raises(ValueError, match="series is over"):
        series.add(_deal(1, 1))
    assert series.target.describe() == "first to 100 points"


def test_the_target_can_come_from_a_game_parameter_and_the_lowest_score_can_win():
    rules = SeriesRules(SeriesTarget.points(100), target_param="to", lower_wins=True)
    series = Series(rules, seats=3, seed=1, params={"to": 50})
    assert series.target == SeriesTarget(TargetKind.POINTS, 50.0)
    series.add(_deal(26, 20, 51))
    assert series.over and series.outcome().places == (2, 1, 3)


def test_a_number_of_deals_with_a_game_kept_fact_and_the_button_going_round():
    def chicago(standing: Standing, returns: tuple[float, ...]) -> Standing:
        after = SeriesRules(SeriesTarget.deals(4)).default_add(standing, returns)
        vulnerable = ["none", "north-south", "east-west", "both"][after.deals % 4]
        return dataclasses.replace(after, facts={"vulnerable": vulnerable})

    def params_of(standing: Standing, params: dict) -> dict:
        return {**params, "dealer": standing.button, "vulnerable": standing.facts.get("vulnerable", "none")}

    rules = SeriesRules(SeriesTarget.deals(4), add_deal=chicago, next_params=params_of)
    series = Series(rules, seats=4, seed=9, params={"size": 1})
    setups = []
    while not series.over:
        setups.append(series.next_setup())
        series.add(_deal(1, -1, 1, -1))
    assert [params["dealer"] for _, params in setups] == [0, 1, 2, 3]
    assert [params["vulnerable"] for _, params in setups] == ["none", "north-south", "east-west", "both"]
    assert [seed for seed, _ in setups] == [derived_seed(9, n) for n in range(4)]
    assert series.standing.deals == 4 and series.standing.scores == (4.0, -4.0, 4.0, -4.0)
    assert series.outcome().places == (1, 3, 1, 3)


def test_eliminations_blinds_and_the_button_skip_seats_that_are_out():
    rules = SeriesRules(SeriesTarget.last_standing(), starting_score=10, eliminate_at=0, blinds_every=2)
    series = Series(rules, seats=3, seed=2, params={})
    series.add(_deal(5, -10, 5))  # seat 1 is out
    assert series.standing.eliminated == (1,) and series.standing.button == 2
    assert series.standing.blind_level == 0
    series.add(_deal(-5, 0, 5))
    assert series.standing.button == 0 and series.standing.blind_level == 1 and not series.over
    series.add(_deal(-10, 0, 10))  # seat 0 is out: seat 2 is the last one left
    assert series.over and series.standing.eliminated == (1, 0)
    outcome = series.outcome()
    assert outcome.places == (2, 3, 1) and outcome.termination is Termination.ELIMINATION
    assert outcome.seat_outcome(2) is SeatOutcome.WON and outcome.seat_outcome(0) is SeatOutcome.LOST


def test_an_open_ended_series_ends_only_when_the_player_leaves_and_a_deal_can_be_taken_back():
    series = Series(SeriesRules(SeriesTarget.open_ended()), seats=1, seed=3, params={})
    for gain in (1.5, -1, 2):
        series.add(_deal(gain))
    assert series.standing.scores == (2.5,) and not series.over
    assert series.pop().returns == (2.0,)
    assert series.standing.scores == (0.5,) and series.standing.deals == 2
    series.left = True
    assert series.over
    outcome = series.outcome(against_house=True)
    assert outcome.returns == (0.5,) and outcome.seat_outcome(0) is SeatOutcome.WON


def test_deal_seeds_follow_from_the_series_seed():
    assert derived_seed(123, 0) == 123  # so a one-deal save of format 1 is deal 1 of its series
    later = [derived_seed(123, n) for n in range(1, 50)]
    assert later == [derived_seed(123, n) for n in range(1, 50)]
    assert len(set(later)) == len(later) and all(0 <= seed < 2**32 for seed in later)
    assert derived_seed(124, 1) != derived_seed(123, 1)


@settings(max_examples=150, deadline=None)
@given(seats=st.integers(1, 5), data=st.data())
def test_standings_add_up_and_places_rank_the_seats_still_in_first(seats, data):
    rules = SeriesRules(SeriesTarget.open_ended(), starting_score=5, eliminate_at=0 if seats > 1 else None,
                        blinds_every=data.draw(st.integers(0, 3)))
    series = Series(rules, seats=seats, seed=1, params={})
    deals = data.draw(st.lists(st.tuples(*[st.integers(-4, 4)] * seats), max_size=12))
    totals = [5.0] * seats
    for returns in deals:
        before = series.standing
        series.add(_deal(*returns))
        if seats > 1:
            assert series.pop().returns == tuple(float(r) for r in returns) and series.standing == before
            series.add(_deal(*returns))
        totals = [total + gain for total, gain in zip(totals, returns)]
        standing = series.standing
        assert standing.scores == tuple(totals) and standing.deals == len(series.deals)
        assert standing.active and standing.button in standing.active
        assert all(standing.scores[seat] > 0 for seat in standing.active) or len(standing.active) == 1
        places = rules.places(standing)
        assert sorted(places)[0] == 1 and all(1 <= place <= seats for place in places)
        worst_in = max(places[seat] for seat in standing.active)
        assert all(places[seat] > worst_in for seat in standing.eliminated)
        best = max(standing.scores[seat] for seat in standing.active)
        assert all(places[seat] == 1 for seat in standing.active if standing.scores[seat] == best)


# ----- a Blackjack sitting ------------------------------------------------------------------------------
def _finish_round(match: Match) -> None:
    while not match.is_over:
        legal = match.state.legal_actions()
        match.play(1 if 1 in legal else legal[0])  # stand (or bet / decline insurance)


def test_a_blackjack_sitting_adds_up_its_rounds_and_counts_once_when_the_player_leaves(home):
    match = Match.new(BLACKJACK, {"rules": "american"}, [Seat()], seed=21)
    assert match.series is not None and match.series_lines() == ["Round 1", "Bankroll +0"]
    gains = []
    for number in range(1, 5):
        _finish_round(match)
        gains.append(match.state.returns()[0])
        assert match.deal_number == number and match.can_next_deal and match.can_leave
        assert match.standing.scores == (pytest.approx(sum(gains)),)
        assert not match.match_over and stats.summary() == []
        if number < 4:
            match.next_deal()
            assert match.state.seed == derived_seed(21, number) and match.state.history == []
    match.leave()
    assert match.match_over and not match.can_next_deal
    assert match.result_text == f"Bankroll {sum(gains):+g} after 4 rounds"
    (row,) = stats.summary()
    assert (row.played, row.deals, row.chips_history) == (1, 4, [pytest.approx(sum(gains))])
    expected = "won" if sum(gains) > 0 else ("lost" if sum(gains) < 0 else "drawn")
    assert (row.won, row.lost, row.drawn) == tuple(int(expected == word) for word in ("won", "lost", "drawn"))
    Match.resume(match.save_path)
    assert [r.played for r in stats.summary()] == [1]


def test_next_round_and_leaving_are_refused_in_the_middle_of_a_round(home):
    match = Match.new(BLACKJACK, {"rules": "simple"}, [Seat()], seed=4)
    assert not match.can_next_deal and not match.can_leave  # nothing played yet: nothing to leave
    with pytest.raises(IllegalActionError, match="finish this deal first"):
        match.next_deal()
    _finish_round(match)
    match.next_deal()
    match.play(match.state.legal_actions()[0])
    if not match.is_over:
        with pytest.raises(IllegalActionError, match="between deals"):
            match.leave()


def test_leaving_before_the_next_round_begins_drops_it(home):
    match = Match.new(BLACKJACK, {"rules": "simple"}, [Seat()], seed=8)
    _finish_round(match)
    first = list(match.state.history)
    match.next_deal()
    assert match.deal_number == 2 and match.can_leave
    match.leave()
    assert match.deal_number == 1 and match.state.history == first and match.match_over
    (row,) = stats.summary()
    assert row.deals == 1


def test_a_sitting_is_saved_whole_and_resumes_where_it_was(home):
    match = Match.new(BLACKJACK, {"rules": "american", "decks": 2}, [Seat(), Seat("ai", 1)], seed=33)
    players = PlayerCache()
    for _ in range(3):
        while not match.is_over:
            if match.human_to_move:
                match.play(match.state.legal_actions()[0])
            else:
                match.play(players.for_seat(match, match.to_move).choose(match.state.clone()))
        match.next_deal()
    match.play(match.state.legal_actions()[0])  # the human bets in round 4
    raw = json.loads(match.save_path.read_text())
    assert raw["format"] == saves.SAVE_FORMAT == 2
    series = raw["series"]
    assert len(series["deals"]) == 3 and [deal["seed"] for deal in series["deals"]] == [
        derived_seed(33, n) for n in range(3)]
    assert series["current"]["seed"] == derived_seed(33, 3) and raw["history"] == match.state.history
    assert series["standing"]["scores"] == pytest.approx(list(match.standing.scores))
    resumed = Match.resume(match.save_path)
    assert resumed.deal_number == 4 and resumed.standing == match.standing
    assert np.array_equal(resumed.state.array, match.state.array) and resumed.state.history == match.state.history
    assert resumed.series_lines() == match.series_lines()
    assert saves.read_save(match.save_path).started and not saves.read_save(match.save_path).finished


def _tampered(home, change) -> tuple[Path, str]:
    match = Match.new(BLACKJACK, {"rules": "simple"}, [Seat()], seed=12)
    for _ in range(2):
        _finish_round(match)
        match.next_deal()
    raw = json.loads(match.save_path.read_text())
    change(raw)
    match.save_path.write_text(json.dumps(raw))
    return match.save_path, raw


@pytest.mark.parametrize(("change", "reason"), [
    (lambda raw: raw["series"]["standing"].update(scores=[99]), "saved scores [99] are not what the deals give"),
    (lambda raw: raw["series"]["deals"][1].update(seed=7), "deal 2 of the series has seed 7"),
    (lambda raw: raw["series"]["deals"][0]["history"].pop(), "deal 1 of the series did not finish"),
    (lambda raw: raw["series"]["deals"][0]["history"].insert(1, 99), "deal 1 of the series does not replay"),
    (lambda raw: raw["series"]["current"].update(params={"rules": "american", "decks": 6, "seats": 1}),
     "the current deal has parameters"),
    (lambda raw: raw["series"]["standing"].update(button=1), "saved button 1 is not what the deals give"),
    (lambda raw: raw["series"].update(left=True), "left the table in the middle of a deal"),
    (lambda raw: raw["series"]["standing"].update(scores=["1"]), "scores[0] is not a finite number"),
    (lambda raw: raw["series"].pop("standing"), "series has no 'standing'"),
    (lambda raw: raw["series"]["standing"].update(scores=[0, 0]), "the series has 2 scores for 1 seats"),
])
def test_a_series_that_does_not_hold_together_is_refused_and_moved_aside(home, change, reason):
    path, _ = _tampered(home, change)
    with pytest.raises(SaveFileError, match="moved aside to") as raised:
        Match.resume(path)
    assert reason in str(raised.value)
    assert not path.exists() and (quarantine_dir() / path.name).exists()


def test_a_series_in_the_save_of_a_one_deal_game_is_refused(home):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=1)
    raw = json.loads(match.save_path.read_text())
    assert raw["series"] is None
    raw["series"] = {"deals": [], "current": {"seed": 1, "params": {}}, "left": False,
                     "standing": {"scores": [0, 0], "deals": 0, "button": 0, "blind_level": 0, "eliminated": [],
                                  "facts": {}}}
    match.save_path.write_text(json.dumps(raw))
    with pytest.raises(SaveFileError, match="played one deal at a time"):
        Match.resume(match.save_path)


# ----- format 1 still loads -----------------------------------------------------------------------------
def test_a_format_1_blackjack_round_loads_as_the_first_round_of_a_sitting(home):
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = folder / "blackjack-format-1.json"
    shutil.copy(FIXTURES / "blackjack-format-1.json", path)
    assert json.loads(path.read_text())["format"] == 1 and "series" not in json.loads(path.read_text())
    record = saves.read_save(path)
    assert record.format == 1 and record.series is None and record.history == [7, 10, 46, 50, 7]
    match = Match.resume(path)
    assert match.deal_number == 1 and match.state.history == [7, 10, 46, 50, 7]
    assert match.state.seed == 11 and match.params["decks"] == 2
    match.play(1)  # stand: the round goes on from where the old save left it
    rewritten = json.loads(path.read_text())
    assert rewritten["format"] == 2 and rewritten["series"]["deals"] == []
    assert rewritten["series"]["current"] == {"seed": 11, "params": {"rules": "american", "decks": 2, "seats": 1}}


def test_the_bundled_format_1_examples_load_and_are_saved_as_format_2(home):
    examples = [entry for entry in saves.bundled_examples()
                if json.loads(entry.path.read_text())["format"] == 1]
    assert examples, "the bundled examples are format 1 files"
    for entry in examples:
        match = Match.from_example(entry.path)
        assert match.state.history[:len(entry.record.history)] == entry.record.history
        saved = json.loads(match.save_path.read_text())
        assert saved["format"] == 2 and saved["history"] == match.state.history


# ----- a 'first to 2' Tic Tac Toe match: a series in a game with undo -------------------------------------
@pytest.fixture
def first_to_two(monkeypatch):
    """Tic Tac Toe played as a match: the first to 2 points (a win is +1) wins it."""
    from tui_games.games.tic_tac_toe import game

    rules = SeriesRules(SeriesTarget.points(2), deal_name="game")
    monkeypatch.setattr(game, "DEFINITION", dataclasses.replace(game.DEFINITION, series=rules))
    return rules


def test_a_points_match_records_places_and_points_and_undo_reopens_a_finished_deal(home, first_to_two):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=6)
    for action in X_WINS:
        match.play(action)
    assert match.standing.scores == (1.0, -1.0) and match.can_next_deal
    assert match.undo() and match.standing.scores == (0.0, 0.0) and match.deal_number == 1
    assert match.redo() and match.standing.scores == (1.0, -1.0)
    match.next_deal()
    assert match.state.seed == derived_seed(6, 1) and match.state.history == [] and not match.can_undo
    for action in X_WINS:
        match.play(action)
    assert match.match_over and match.result_text == "X wins: X 2, O -2 after 2 games"
    by_seat = {row.opponent: row for row in stats.summary()}
    x, o = by_seat["hotseat, as X"], by_seat["hotseat, as O"]
    assert (x.won, x.places, x.best_points, x.deals) == (1, {1: 1}, 2.0, 2)
    assert (o.lost, o.places, o.best_points) == (1, {2: 1}, -2.0)
    resumed = Match.resume(match.save_path)
    assert resumed.match_over and resumed.standing.scores == (2.0, -2.0) and resumed.stats_recorded


def test_a_points_match_resumes_in_its_second_deal(home, first_to_two):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=6)
    for action in X_WINS:
        match.play(action)
    match.next_deal()
    match.play(4)
    resumed = Match.resume(match.save_path)
    assert resumed.deal_number == 2 and resumed.state.history == [4] and resumed.standing.scores == (1.0, -1.0)
    assert resumed.series_lines() == ["Game 2", "Target: first to 2 points", "X: 1", "O: -1"]


# ----- undo comes from a stack of positions, not a replay -------------------------------------------------
def test_undo_after_many_moves_restores_positions_without_replaying(home):
    connect_four = catalog.get("connect-four")
    match = Match.new(connect_four, {}, [Seat(), Seat()], seed=2)
    moves = [3, 3, 2, 4, 4, 2, 5, 1, 1, 5, 0, 6, 6, 0, 3, 3, 2, 2, 4, 4]
    for action in moves:
        match.play(action)
    assert not match.is_over and len(match.state.history) == len(moves)
    applied: list[int] = []
    real_apply = KernelState.apply

    def counting_apply(state, action):
        applied.append(action)
        return real_apply(state, action)

    def no_new_state(*args, **kwargs):
        raise AssertionError("undo rebuilt the game from its start")

    with pytest.MonkeyPatch.context() as patch:  # (the home fixture's own monkeypatch holds TUI_GAMES_HOME)
        patch.setattr(KernelState, "apply", counting_apply)
        patch.setattr(type(connect_four), "new", no_new_state)
        for undone in range(1, 16):
            assert match.undo()
            assert match.state.history == moves[:len(moves) - undone]
    assert applied == []  # not one action was replayed
    replayed = connect_four.new(seed=2)
    for action in moves[:5]:
        replayed.apply(action)
    assert np.array_equal(match.state.array, replayed.array) and match.state.history == replayed.history
    assert match.move_log == Match(connect_four, {}, [Seat(), Seat()], seed=2, history=moves[:5]).move_log
    assert match.redo() and match.state.history == moves[:6]
    match.play(0)
    assert match.undo() and match.state.history == moves[:6]


def test_a_sitting_left_while_the_statistics_cannot_be_written_is_counted_later_once(home):
    from tui_games.core.errors import StorageError

    match = Match.new(BLACKJACK, {"rules": "simple"}, [Seat()], seed=17)
    for _ in range(3):
        _finish_round(match)
        if match.deal_number < 3:
            match.next_deal()
    bankroll = match.standing.scores[0]

    def refuse(*args, **kwargs):
        raise StorageError("the statistics cannot be used (disk full)", "disk full")

    with pytest.MonkeyPatch.context() as patch:  # (the home fixture's own monkeypatch holds TUI_GAMES_HOME)
        patch.setattr(stats, "record_game", refuse)
        match.leave()
    assert match.match_over and "could not be written (disk full)" in match.storage_problem
    saved = saves.read_save(match.save_path)
    assert saved.finished and saved.result_pending
    assert saved.outcome["seats"][0]["points"] == bankroll and saved.outcome["seats"][0]["deals"] == 3
    assert record_pending_results() == 1  # as the statistics list does first
    (row,) = stats.summary()  # recorded from the save
    assert (row.played, row.deals, row.chips_history) == (1, 3, [bankroll])
    assert [r.played for r in stats.summary()] == [1]
