"""Playing again in a finished room: both people ask and the next game starts with the seats moved
round by one (views, ratings, refused stale moves); one asks and the other leaves (the AI takes the
absent person's seat); AI seats move round with their levels; who may not ask; and a finished room
is swept only once nobody is left to ask, or after its keep time."""

from __future__ import annotations

import random

import pytest

from room_helpers import FakeConnection, make_lobby, play_randomly
from tui_games.core.registry import get
from tui_games.ratings.model import ai_player
from tui_games.ratings.store import RatingStore
from tui_games.ratings.variants import variant_of
from tui_games.serve.rooms import Detached, RatingsUpdated, RoomError, RoomStatus
from tui_games.serve.rooms.room_rematch import rotated
from tui_games.serve.rooms.room_members import SeatSlot

TTT = variant_of(get("tic-tac-toe"), {}, seats=2)


@pytest.fixture
def store(tmp_path):
    """A ratings store with no seeded AI ratings."""
    return RatingStore(tmp_path / "data", seeds=lambda variant, level: None)


def finished(room) -> bool:
    return room.status is RoomStatus.FINISHED


def seated_pair(lobby, rated=False):
    """Alice and Bob in a room of Tic Tac Toe, each connection checking that every view it gets is
    of its member's seat at that moment (a seat only ever gets its own view)."""
    members: dict = {}

    def own_seat(name):
        def check(view):
            member = members.get(name)
            if member is not None and view.viewer != member.seat:
                raise AssertionError(f"{name} (seat {member.seat}) was sent the view of seat {view.viewer}")
        return check

    alice, bob = FakeConnection(on_view=own_seat("a")), FakeConnection(on_view=own_seat("b"))
    members["a"] = a = lobby.create("tic-tac-toe", "id-a", "Alice", alice, rated=rated)
    members["b"] = b = lobby.join(a.room.code, "id-b", "Bob", bob)
    return a, b, alice, bob


def test_seats_move_round_by_one_with_their_occupants():
    slots = [SeatSlot(0, None, "id-a", "Alice"), SeatSlot(1, 3), SeatSlot(2, None, "id-c", "Cat", taken_over=2)]
    moved = rotated(slots)
    assert [slot.seat for slot in moved] == [0, 1, 2]
    assert [(slot.identity, slot.planned_ai, slot.taken_over) for slot in moved] == [
        ("id-c", None, 2), ("id-a", None, None), (None, 3, None)]


def test_both_ask_and_the_next_game_starts_with_the_seats_swapped(tmp_path, store):
    lobby, clock = make_lobby(tmp_path, ratings=store)
    watcher = FakeConnection()
    a, b, alice, bob = seated_pair(lobby, rated=True)
    room = a.room
    lobby.watch(room.code, "id-w", "Wes", watcher)
    play_randomly(lobby, clock, [a, b], random.Random(3), until=finished)
    assert len(store.games(TTT)) == 1 and room.game_number == 1
    last_position = alice.view.position

    assert a.rematch() is True
    clock.drain()
    assert "Alice wants to play again (1 of 2)" in bob.notices and "Alice wants to play again (1 of 2)" in watcher.notices
    assert [info.rematch for info in bob.view.seats] == [True, False] and room.status is RoomStatus.FINISHED
    assert a.rematch() is False and "You asked already" in alice.notices[-1]

    assert b.rematch() is True
    clock.drain()
    assert "Bob wants to play again (2 of 2)" in alice.notices
    assert room.status is RoomStatus.PLAYING and room.game_number == 2
    assert [slot.name for slot in room.slots] == ["Bob", "Alice"] and (a.seat, b.seat) == (1, 0)
    assert any(text.startswith("Game 2: everyone moves one seat on (Bob plays X, Alice plays O)")
               for text in watcher.notices)
    assert (bob.view.viewer, alice.view.viewer, watcher.view.viewer) == (0, 1, -1)
    assert bob.view.game_number == alice.view.game_number == 2 and bob.view.history == ()
    assert [x.action for x in bob.view.legal] == list(range(9)) and not alice.view.legal
    assert [info.name for info in alice.view.seats] == ["Bob", "Alice"]
    assert not any(info.rematch for info in alice.view.seats)
    assert bob.view.position > last_position
    assert b.move(4, last_position) is False and "position changed" in bob.refusals[-1]  # a move for the last game
    assert b.move(4, bob.view.position) is True

    play_randomly(lobby, clock, [a, b], random.Random(4), until=finished)
    games = store.games(TTT)
    assert len(games) == 2 and len(room.rated_games) == 2
    assert [seat.player for seat in games[0].seats] == ["id-b", "id-a"]  # newest first: game 2, Bob is X
    assert [seat.player for seat in games[1].seats] == ["id-a", "id-b"]
    assert [[change.name for change in update.changes] for update in alice.of(RatingsUpdated)] == [
        ["Alice", "Bob"], ["Bob", "Alice"]]
    assert not alice.failures and not bob.failures


def test_one_asks_and_the_other_leaves_then_the_ai_plays_the_absent_seat(tmp_path, store):
    lobby, clock = make_lobby(tmp_path, ratings=store, takeover_level=1)
    a, b, alice, bob = seated_pair(lobby, rated=True)
    room = a.room
    play_randomly(lobby, clock, [a, b], random.Random(5), until=finished)
    assert a.rematch()
    clock.drain()
    assert room.status is RoomStatus.FINISHED
    b.leave()
    clock.drain()
    assert "Bob left: a rematch does not wait for them" in alice.notices
    assert room.status is RoomStatus.PLAYING and room.game_number == 2
    assert a.seat == 1 and room.slots[0].identity == "id-b" and room.slots[0].taken_over == 1
    assert any("Bob is not here: the AI" in text and "(X) in this game" in text for text in alice.notices)
    assert alice.view.seats[0].kind == "ai" and alice.view.seats[0].name.startswith("Bob (AI")
    play_randomly(lobby, clock, [a], random.Random(6), until=finished)
    newest = store.games(TTT)[0]
    assert [seat.player for seat in newest.seats] == [ai_player(1), "id-a"]  # Bob is not rated for it
    with pytest.raises(RoomError, match="you may watch"):  # the AI's seat for the whole of game 2
        lobby.join(room.code, "id-b", "Bob", FakeConnection())


def test_ai_seats_move_round_with_their_levels_and_one_person_starts_alone(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    alice = FakeConnection()
    a = lobby.create("tic-tac-toe", "id-a", "Alice", alice, seats=[None, 2])
    play_randomly(lobby, clock, [a], random.Random(7), until=finished)
    assert a.rematch()
    play_randomly(lobby, clock, [a], random.Random(8), until=lambda room: room.game_number == 2 and finished(room))
    room = a.room
    assert "Alice wants to play again (1 of 1)" in alice.notices
    assert [slot.planned_ai for slot in room.slots] == [2, None] and a.seat == 1
    assert room.table.match.seats[0].level == 2 and alice.views[-1].viewer == 1
    assert len(room.table.match.state.history) >= 5  # game 2 was played, the AI (X) first


def test_who_may_not_ask_to_play_again(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    a, b, alice, bob = seated_pair(lobby)
    watcher = FakeConnection()
    spectator = lobby.watch(a.room.code, "id-w", "Wes", watcher)
    clock.drain()
    assert a.rematch() is False and "once the game is over" in alice.notices[-1]
    play_randomly(lobby, clock, [a, b], random.Random(9), until=finished)
    assert spectator.rematch() is False and "Spectators" in watcher.notices[-1]
    b.leave()
    assert b.rematch() is False  # gone
    assert a.room.status is RoomStatus.FINISHED and a.room.rematch_people() == [a.room.slots[0]]


def test_a_finished_room_is_swept_only_once_nobody_can_ask_or_after_its_keep_time(tmp_path):
    lobby, clock = make_lobby(tmp_path, finished_linger_s=300, empty_linger_s=60, sweep_s=10)
    lobby.start_sweeping()
    kept = seated_pair(lobby)
    play_randomly(lobby, clock, kept[:2], random.Random(10), until=finished)
    left = seated_pair(lobby)
    play_randomly(lobby, clock, left[:2], random.Random(11), until=finished)
    again = seated_pair(lobby)
    play_randomly(lobby, clock, again[:2], random.Random(12), until=finished)
    codes = {name: pair[0].room.code for name, pair in (("kept", kept), ("left", left), ("again", again))}
    left[0].leave()
    clock.advance(20)
    assert set(lobby.rooms) == set(codes.values())  # Bob is still in the room Alice left: he may ask
    left[1].disconnect()
    clock.advance(10)
    assert set(lobby.rooms) == {codes["kept"], codes["again"]}  # nobody left to ask: swept at once
    assert again[0].rematch() and again[1].rematch()
    clock.advance(250)
    assert set(lobby.rooms) == {codes["kept"], codes["again"]}  # still within the keep time
    clock.advance(40)
    assert set(lobby.rooms) == {codes["again"]}  # kept 300 s, though both are still in it
    assert kept[2].of(Detached)[-1].reason == "the room closed: the game is over"
    assert again[0].room.status is RoomStatus.PLAYING
