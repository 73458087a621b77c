"""The table's turn logic, headless: an inline runner and a post queue the test drains stand in for
the app's threads and loop. AI against AI to the end, a person against the AI through submit, refused
moves, stale answers, secret choices at a simultaneous node, hand-overs in hotseat poker, a series'
next deal, a seat answering later from elsewhere, hints, and storage faults reported, not raised."""

from __future__ import annotations

import pytest

from table_helpers import make_table
from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.match import Match, Seat
from tui_games.table import AISeat, HumanSeat, Table
from tui_games.table import events

TTT = catalog.get("tic-tac-toe")
FOLD, CALL, RAISE = 0, 1, 2  # Leduc's actions


def ttt_winner_line(history: list[int]) -> bool:
    """True when the cells X (even plies) or O took in ``history`` hold a line."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    return any(set(line) <= set(history[start::2]) for line in lines for start in (0, 1))


# ----- AI seats --------------------------------------------------------------------------------------------
def test_ai_against_ai_plays_to_the_end(home):
    match = Match.new(TTT, {}, [Seat("ai", 1), Seat("ai", 3)], seed=3)
    table, posted, seen = make_table(match)
    assert [type(c) for c in table.controllers] == [AISeat, AISeat]
    table.start()
    assert seen.of(events.ThinkingStarted) == [events.ThinkingStarted((0,), "X (AI Beginner) is thinking...")]
    assert match.state.history == []  # the answer waits in the queue: nothing is played inside start()
    posted.drain()
    moves = len(match.state.history)
    assert match.is_over and 5 <= moves <= 9
    assert match.result_text in ("X wins", "O wins", "Draw") and (match.result_text == "Draw") != ttt_winner_line(
        match.state.history)
    assert len(seen.of(events.PositionChanged)) == moves + 1  # the start, then one a move
    assert all(event.by_ai for event in seen.of(events.PositionChanged)[1:])
    assert len(seen.of(events.ThinkingStarted)) == moves == len(seen.of(events.ThinkingStopped))
    assert not table.thinking and not seen.of(events.TurnStarted) and not seen.of(events.AIFailed)


def test_a_person_plays_the_ai_through_submit(home):
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 3)], seed=4)
    table, posted, seen = make_table(match)
    table.start()
    assert seen.take() == [events.PositionChanged(False), events.TurnStarted(0)] and table.screen_seat == 0
    assert table.submit(0, 4)
    assert seen.take() == [events.PositionChanged(False), events.ThinkingStarted((1,), "O (AI Perfect) is thinking...")]
    assert table.screen_seat is None and table.thinking == {1}
    posted.drain()
    assert len(match.state.history) == 2 and match.state.history[1] in (0, 2, 6, 8)  # the perfect reply to the centre
    assert seen.take() == [events.ThinkingStopped(), events.PositionChanged(True), events.TurnStarted(0)]
    while not match.is_over:
        table.submit(0, match.state.legal_actions()[0])
        posted.drain()
    assert match.result_text in ("O wins", "Draw") and match.stats_recorded  # the perfect player never loses


def test_an_illegal_or_early_move_is_refused_with_its_reason_and_nothing_is_lost(home):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=1)
    table, posted, seen = make_table(match)
    table.start()
    table.submit(0, 4)
    seen.take()
    token, saved = table.token, match.save_path.read_text()
    assert not table.submit(1, 4)
    assert not table.submit(0, 0)
    assert not table.submit(1, 99)
    refusals = seen.take()
    assert [type(event) for event in refusals] == [events.MoveRefused] * 3
    assert refusals == [events.MoveRefused(1, "cell b2 is already taken by X"),
                        events.MoveRefused(0, "it is not X's turn"),
                        events.MoveRefused(1, "there is no cell 99: cells are 0-8")]
    assert match.state.history == [4] and table.token == token and match.save_path.read_text() == saved
    assert table.submit(1, 0) and match.state.history == [4, 0]  # the same person tries again
    with pytest.raises(IllegalActionError, match="no seat 5"):
        table.submit(5, 1)


def test_a_stale_ai_answer_after_undo_is_dropped(home):
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 2)], seed=5)
    table, posted, seen = make_table(match)
    table.start()
    table.submit(0, 0)
    asked_at = table.token
    assert len(posted) == 1  # the AI's answer, queued
    assert table.undo() and match.state.history == [] and table.token > asked_at
    posted.drain()
    assert match.state.history == [] and match.human_to_move and table.screen_seat == 0
    assert not table.submit(1, 4, asked_at)  # an answer for an old position is dropped silently
    assert match.state.history == [] and not seen.of(events.AIFailed) and not seen.of(events.MoveRefused)
    assert table.redo() and match.state.history == [0]  # redo stops where the AI is to move: it is asked again
    posted.drain()
    assert len(match.state.history) == 2 and match.human_to_move


def test_a_seat_handed_to_the_ai_plays_on_and_a_bad_level_changes_nothing(home):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=2)
    table, posted, seen = make_table(match)
    table.start()
    with pytest.raises(InvalidParameterError, match="levels are 1..3"):
        table.hand_seat_to_ai(0, 9)
    assert [type(c) for c in table.controllers] == [HumanSeat, HumanSeat] and match.seats == [Seat(), Seat()]
    table.hand_seat_to_ai(0, 3)
    assert type(table.controllers[0]) is AISeat and match.seats[0] == Seat("ai", 3)
    posted.drain()
    assert match.state.history[0] is not None and match.to_move == 1 and table.screen_seat == 1


def test_controllers_must_agree_with_the_seats(home):
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 2)], seed=2)
    with pytest.raises(ValueError, match="seat 1 is ai:2"):
        Table(match, [HumanSeat(), HumanSeat()], None, print)
    with pytest.raises(ValueError, match="seat 1 is ai:2"):
        Table(match, [HumanSeat(), AISeat(3)], None, print)
    with pytest.raises(ValueError, match="2 seats need as many controllers"):
        Table(match, [HumanSeat()], None, print)


# ----- simultaneous nodes ----------------------------------------------------------------------------------
def test_a_person_and_the_ai_choose_in_secret_and_are_revealed_together(home):
    spec = catalog.get("ropasci360")
    match = Match.new(spec, {}, [Seat(), Seat("ai", 1)], seed=7)
    table, posted, seen = make_table(match)
    table.start()
    assert seen.take() == [events.PositionChanged(False), events.ThinkingStarted((1,), "Lower (AI) choosing..."),
                           events.TurnStarted(0)]
    posted.drain()
    assert seen.take() == [events.ThinkingStopped(), events.ChoiceMade(1)]
    ai_choice = match.joint_choices[1]
    assert match.state.history == [] and match.move_log == []  # hidden until every seat is in
    assert table.screen_seat == 0
    assert not table.submit(0, 10_000) and seen.take()[0].seat == 0  # refused; the AI's choice stands
    assert match.joint_choices == {1: ai_choice}
    mine = match.state.legal_actions(0)[0]
    assert table.submit(0, mine)
    assert match.state.history == [[mine, ai_choice]] and match.joint_choices == {}
    assert seen.take()[:2] == [events.PositionChanged(False), events.ThinkingStarted((1,), "Lower (AI) choosing...")]


def test_people_choosing_in_secret_pass_the_device(home):
    spec = catalog.get("ropasci360")
    match = Match.new(spec, {}, [Seat(), Seat()], seed=7)
    table, posted, seen = make_table(match)
    table.start()
    assert seen.take() == [events.PositionChanged(False), events.TurnStarted(0)]  # the first choice needs no hand-over
    table.submit(0, match.state.legal_actions(0)[0])
    assert seen.take() == [events.ChoiceMade(0), events.HandoverNeeded(1, secret_choice=True)]
    assert table.screen_seat is None and table.handover == 1
    assert not table.submit(1, match.state.legal_actions(1)[0])  # not before Lower has the device
    assert seen.take() == [events.MoveRefused(1, "the device goes to Lower first")]
    table.handed_to(1)
    assert seen.take() == [events.HandedOver(1), events.TurnStarted(1)]
    assert table.submit(1, match.state.legal_actions(1)[0]) and len(match.state.history) == 1
    assert seen.take() == [events.PositionChanged(False), events.HandoverNeeded(0, secret_choice=True)]


# ----- hotseat with hidden cards -------------------------------------------------------------------------
@pytest.mark.parametrize("game, params, seats", [
    ("leduc-holdem", {}, [Seat(), Seat()]),
    ("limit-holdem", {"players": 3}, [Seat(), Seat("ai", 1), Seat()]),
])
def test_every_turn_of_a_person_with_hidden_cards_comes_after_the_device_passed_to_them(home, game, params, seats):
    match = Match.new(catalog.get(game), params, seats, seed=12)
    table, posted, seen = make_table(match, confirm_handovers=True)
    holder = None
    turns = handovers = 0
    last_deal = match.deal_number

    def check(event) -> None:
        nonlocal holder, turns, handovers, last_deal
        if isinstance(event, events.PositionChanged) and match.deal_number != last_deal:
            holder, last_deal = None, match.deal_number  # a new hand: the whole table may be looking
        if isinstance(event, events.HandoverNeeded):
            handovers += 1
            assert event.seat != holder and not event.secret_choice
        elif isinstance(event, events.HandedOver):
            holder = event.seat
        elif isinstance(event, events.TurnStarted):
            turns += 1
            assert event.seat == holder == match.observer_seat, (event, holder)

    table.listen(check)
    table.start()
    for _ in range(3):  # three hands of the sitting
        while not match.is_over:
            posted.drain()
            seat = table.screen_seat
            if seat is not None:
                legal = match.state.legal_actions()
                table.submit(seat, CALL if CALL in legal else legal[0])
        assert not posted and table.screen_seat is None and not table.thinking  # the next hand waits for the player
        finished = match.deal_number
        assert table.next_deal() and match.deal_number == finished + 1 == last_deal
    assert turns >= 6 and handovers >= 4


# ----- a series' next deal ---------------------------------------------------------------------------------
def test_the_next_deal_of_a_series_waits_for_the_player(home):
    match = Match.new(catalog.get("blackjack"), {"rules": "american"}, [Seat(), Seat("ai", 2)], seed=21)
    table, posted, seen = make_table(match)
    table.start()
    assert not table.next_deal()  # not in the middle of a deal
    while not match.is_over:
        posted.drain()
        if table.screen_seat is not None:
            table.submit(table.screen_seat, match.state.legal_actions()[0])
    seen.take()
    posted.drain()
    assert seen.take() == [] and match.can_next_deal and match.deal_number == 1
    assert table.next_deal() and match.deal_number == 2 and not match.is_over
    assert isinstance(seen.events[0], events.PositionChanged) and table.screen_seat == 0
    assert table.leave()  # before the deal's first move: it is dropped, the sitting ends after one round
    assert match.match_over and match.deal_number == 1 and match.stats_recorded and table.screen_seat is None


# ----- a seat answering later, from elsewhere -------------------------------------------------------------
class LaterSeat:
    """A person who is not at this screen: told their turn, they answer later through submit."""

    at_screen = False
    is_ai = False

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []

    def your_turn(self, table, seat: int, token: int) -> None:
        self.asked.append((seat, token))


def test_a_seat_played_from_elsewhere_is_told_its_turn_and_answers_later(home):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=1)
    remote = LaterSeat()
    table, posted, seen = make_table(match, [HumanSeat(), remote])
    table.start()
    table.submit(0, 4)
    assert remote.asked == [(1, table.token)] and table.screen_seat is None
    assert not seen.of(events.HandoverNeeded) and not seen.of(events.TurnStarted)[1:]
    seat, token = remote.asked[-1]
    posted(lambda: table.submit(seat, 0, token))  # the answer arrives on the loop, later
    assert match.state.history == [4]
    posted.drain()
    assert match.state.history == [4, 0] and table.screen_seat == 0
    table.submit(0, 8)
    seat, token = remote.asked[-1]
    assert table.undo() and match.state.history == [4, 0]
    assert not table.submit(seat, 2, token) and match.state.history == [4, 0]  # asked at a position undone
    assert table.submit(0, 2) and remote.asked[-1] == (1, table.token)


def test_a_closed_table_takes_no_answer(home):
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 1)], seed=1)
    table, posted, seen = make_table(match)
    table.start()
    table.submit(0, 4)
    table.close()
    posted.drain()
    assert match.state.history == [4] and match.closed and table.closed
    assert not table.submit(0, 0) and table.screen_seat is None


# ----- hints ----------------------------------------------------------------------------------------------
def test_a_hint_comes_from_the_runner_and_is_void_once_the_position_changes(home):
    nim = catalog.get("nim")
    match = Match.new(nim, {"heaps": 3, "size": 5, "max_take": 7}, [Seat(), Seat()], seed=1)
    table, posted, seen = make_table(match)
    table.start()
    assert table.hint() == 0 and table.hint_pending
    assert table.hint() is None  # one at a time
    posted.drain()
    (ready,) = seen.of(events.HintReady)
    child = match.state.clone()
    child.apply(ready.hint.best)
    assert ready.seat == 0 and child.nim_sum == 0 and not table.hint_pending
    assert table.hint() == 0
    table.submit(0, ready.hint.best)
    posted.drain()
    assert len(seen.of(events.HintReady)) == 1  # asked at the old position: dropped


def test_a_hint_for_one_person_choosing_in_secret_is_never_shown_to_the_next(home):
    spec = catalog.get("ropasci360")
    match = Match.new(spec, {}, [Seat(), Seat()], seed=7)
    table, posted, seen = make_table(match)
    table.start()
    assert table.hint() == 0
    table.submit(0, match.state.legal_actions(0)[0])
    posted.drain()
    assert not seen.of(events.HintReady) and not table.hint_pending


# ----- storage faults ----------------------------------------------------------------------------------------
def test_a_storage_fault_a_match_call_raises_is_reported_not_raised(home, monkeypatch):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=1)
    table, posted, seen = make_table(match)
    table.start()
    table.submit(0, 4)

    def unplugged():
        raise OSError(5, "disk unplugged")

    monkeypatch.setattr(match, "undo", unplugged)
    table.undo()
    assert seen.of(events.StorageProblem) == [events.StorageProblem("Could not write to disk: disk unplugged")]
    assert table.storage_problem == "Could not write to disk: disk unplugged"
    monkeypatch.undo()
    assert table.save() == match.save_path and table.storage_problem is None  # quietly: safe from any thread
    assert len(seen.of(events.StorageProblem)) == 1
    assert table.submit(1, 0)  # the next change says the fault is over
    assert seen.of(events.StorageProblem) == [events.StorageProblem("Could not write to disk: disk unplugged"),
                                              events.StorageProblem(None)]


def test_a_save_that_cannot_be_written_is_reported_with_the_move(home, monkeypatch):
    from tui_games.store import saves

    match = Match.new(TTT, {}, [Seat(), Seat()], seed=1)
    table, posted, seen = make_table(match)
    table.start()

    def full_disk(path, record):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_save", full_disk)
    assert table.submit(0, 4) and match.state.history == [4]  # the game goes on in memory
    (problem,) = seen.of(events.StorageProblem)
    assert problem.message.startswith("The game could not be saved (") and problem.message == table.storage_problem
