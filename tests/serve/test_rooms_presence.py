"""People coming and going, and the clock: drops and reconnects, the grace period, leaving, turn
timers, an AI that fails, and a room on a real asyncio loop."""

from __future__ import annotations

import asyncio
import random

from room_helpers import FakeConnection, make_lobby, play_randomly, settle
from tui_games.serve.rooms import (AsyncioClock, Detached, RoomError, RoomRegistry, RoomSettings, RoomStatus,
                                   TimeUp, YourTurn)
from tui_games.table import InlineRunner, ThreadRunner


class HeldRunner(InlineRunner):
    """Answers nothing until the test says so (:meth:`answer`); records what it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list = []

    def choose(self, request, done, failed, pace: float = 0.0):
        self.asked.append((request, done, failed))

    def answer(self) -> None:
        request, done, failed = self.asked.pop(0)
        done(self.players.move(request))


class FailingRunner(InlineRunner):
    """Every search fails."""

    def __init__(self) -> None:
        super().__init__()
        self.failures = 0

    def choose(self, request, done, failed, pace: float = 0.0):
        self.failures += 1
        failed(RuntimeError("the worker died"))


def two_people(tmp_path, game="tic-tac-toe", runner=None, timer=None, **settings):
    """A room of ``game`` with Alice (seat 0) and Bob (seat 1), started: (lobby, clock, alice, bob)."""
    lobby, clock = make_lobby(tmp_path, **settings)
    if runner is not None:
        lobby.runner_factory = lambda: runner
    alice, bob = FakeConnection(), FakeConnection()
    a = lobby.create(game, "id-a", "Alice", alice, turn_timer_s=timer)
    b = lobby.join(a.room.code, "id-b", "Bob", bob)
    clock.drain()
    return lobby, clock, a, b


# ----- drops and reconnects --------------------------------------------------------------------------
def test_a_drop_before_the_game_frees_the_seat(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    alice, bob = FakeConnection(), FakeConnection()
    a = lobby.create("nim3p", "id-a", "Alice", alice)
    b = lobby.join(a.room.code, "id-b", "Bob", bob)
    b.disconnect()
    assert a.room.open_seats == [1, 2] and "Bob left: the seat is open again" in alice.notices
    c = lobby.join(a.room.code, "id-c", "Carol", FakeConnection())
    assert c.seat == 1


def test_a_player_who_drops_gets_the_seat_back_within_the_grace(tmp_path):
    lobby, clock, a, b = two_people(tmp_path, grace_s=300)
    alice, bob = a.connection, b.connection
    a.disconnect()
    clock.drain()
    assert "Alice dropped: the seat is kept for 5:00" in bob.notices
    away = bob.view.seats[0]
    assert away.kind == "person" and not away.connected and away.away_seconds == 300
    clock.advance(299)
    assert a.room.seat_infos()[0].away_seconds == 1 and a.room.slots[0].taken_over is None
    back = FakeConnection()
    again = lobby.join(a.room.code, "id-a", "Alice", back)
    clock.drain()
    assert again.seat == 0 and again is not a and not a.attached
    assert "Alice is back" in bob.notices and back.of(YourTurn) and back.view.your_turn
    clock.advance(10)
    assert again.room.slots[0].taken_over is None
    assert again.move(4, back.view.position) and a.move(0) is False


def test_after_the_grace_the_ai_takes_the_seat_and_the_player_may_only_watch(tmp_path):
    lobby, clock, a, b = two_people(tmp_path, grace_s=300, takeover_level=2)
    alice, bob = a.connection, b.connection
    assert a.move(4, alice.view.position)
    clock.drain()
    b.disconnect()
    clock.advance(300)
    settle(lobby, clock)
    room = a.room
    assert room.table.match.seats[1].to_text() == "ai:2" and room.slots[1].taken_over == 2
    assert any("Bob's seat (O) is played by the AI" in notice for notice in alice.notices)
    assert alice.view.seats[1].kind == "ai" and alice.view.seats[1].name.startswith("Bob (AI ")
    assert len(room.table.match.state.history) == 2  # the AI answered Alice's move
    try:
        lobby.join(room.code, "id-b", "Bob", FakeConnection())
    except RoomError as error:
        assert "watch" in str(error)
    else:
        raise AssertionError("the seat went back to Bob")
    watcher = FakeConnection()
    lobby.watch(room.code, "id-b", "Bob", watcher)
    clock.drain()
    assert watcher.view.viewer == -1


def test_another_session_of_the_same_identity_takes_the_seat_over(tmp_path):
    lobby, clock, a, b = two_people(tmp_path)
    newer = FakeConnection()
    again = lobby.join(a.room.code, "id-a", "Alice", newer)
    assert again.seat == 0 and not a.attached
    assert a.connection.of(Detached)[-1].reason == "another session of yours took this seat"
    assert a.move(4) is False and again.move(4)


def test_leaving_on_purpose_hands_the_seat_to_the_ai_at_once(tmp_path):
    lobby, clock, a, b = two_people(tmp_path, takeover_level=1)
    b.leave()
    assert b.connection.of(Detached)[-1].reason == "you left the room"
    assert a.room.slots[1].taken_over == 1 and "Bob left the table" in a.connection.notices
    a.move(4)
    settle(lobby, clock)
    assert len(a.room.table.match.state.history) == 2


def test_a_seat_given_up_between_deals_goes_to_the_ai_with_the_next_deal(tmp_path):
    lobby, clock, a, b = two_people(tmp_path, game="leduc-holdem", grace_s=5, deal_pause_s=30)
    room = a.room
    play_randomly(lobby, clock, [a, b], random.Random(3))
    assert room.table.match.is_over and room.deals_played == 1
    b.disconnect()
    clock.advance(6)
    assert room.slots[1].taken_over is not None and not room.table.match.seats[1].is_ai
    clock.advance(30)
    settle(lobby, clock)
    assert room.table.match.seats[1].is_ai and room.table.match.deal_number == 2
    assert sum("Bob's seat" in notice for notice in a.connection.notices) == 1


# ----- turn timers -----------------------------------------------------------------------------------
def test_without_a_timer_a_room_waits(tmp_path):
    lobby, clock, a, b = two_people(tmp_path)
    clock.advance(3600)
    assert a.connection.view.your_turn and not a.connection.of(TimeUp)
    assert a.connection.of(YourTurn)[-1].seconds is None and a.connection.view.seats[0].seconds_left is None


def test_a_player_out_of_time_is_told_and_the_lowest_ai_moves_for_them(tmp_path):
    runner = HeldRunner()
    lobby, clock, a, b = two_people(tmp_path, runner=runner, timer=20.0)
    alice, bob = a.connection, b.connection
    assert alice.of(YourTurn)[-1].seconds == 20.0 and alice.view.seats[0].seconds_left == 20.0
    clock.advance(19)
    assert not runner.asked and alice.view.seats[0].seconds_left is not None
    clock.advance(1.5)
    assert alice.of(TimeUp) and len(runner.asked) == 1 and runner.asked[0][0].level == 1
    assert any("Alice ran out of time" in notice for notice in bob.notices)
    assert not alice.view.legal
    assert a.move(4) is False and "time is up" in alice.refusals[-1]
    runner.answer()
    clock.drain()
    assert len(a.room.table.match.state.history) == 1 and bob.view.your_turn
    assert bob.of(YourTurn)[-1].seconds == 20.0
    assert b.move(bob.view.legal[0].action, bob.view.position)
    clock.advance(15)
    assert not alice.of(TimeUp)[1:] and a.move(alice.view.legal[0].action, alice.view.position)


def test_a_timer_at_a_simultaneous_node_chooses_for_the_late_seat_only(tmp_path):
    lobby, clock, a, b = two_people(tmp_path, game="ropasci360", timer=10.0)
    alice, bob = a.connection, b.connection
    assert a.move(alice.view.legal[0].action, alice.view.position)
    clock.advance(5)
    history = len(a.room.table.match.state.history)
    clock.advance(6)
    assert bob.of(TimeUp) and not alice.of(TimeUp)
    assert len(a.room.table.match.state.history) == history + 1  # the joint move was played


def test_an_ai_that_keeps_failing_is_retried_then_plays_its_first_legal_action(tmp_path):
    runner = FailingRunner()
    lobby, clock = make_lobby(tmp_path, ai_retry_s=1.0, ai_retries=2)
    lobby.runner_factory = lambda: runner
    alice = FakeConnection()
    a = lobby.create("tic-tac-toe", "id-a", "Alice", alice, seats=[None, 1])
    clock.drain()
    assert a.move(4, alice.view.position)
    clock.drain()
    assert runner.failures == 1 and any("could not move" in notice for notice in alice.notices)
    clock.advance(1.0)
    clock.advance(1.0)
    assert runner.failures == 3 and len(a.room.table.match.state.history) == 1
    clock.advance(1.0)
    assert a.room.table.match.state.history == [4, 0] and alice.view.your_turn


# ----- a real loop -----------------------------------------------------------------------------------
async def test_a_room_on_an_asyncio_loop_with_threaded_ai(tmp_path):
    lobby = RoomRegistry(AsyncioClock(), runner_factory=ThreadRunner,
                         settings=RoomSettings(ai_pace_s=0.0, saves_dir=tmp_path / "rooms"))
    alice = FakeConnection()
    member = lobby.create("tic-tac-toe", "id-a", "Alice", alice, seats=[None, 1])
    rng = random.Random(7)
    async with asyncio.timeout(60):
        while not (alice.views and alice.views[-1].match_over):
            await asyncio.sleep(0.005)
            view = alice.views[-1] if alice.views else None
            if view is not None and view.legal and view.position == member.room.table.token:
                member.move(rng.choice(view.legal).action, view.position)
    assert member.room.status is RoomStatus.FINISHED and alice.view.result and not alice.refusals
    lobby.close_all()
    assert alice.of(Detached)
