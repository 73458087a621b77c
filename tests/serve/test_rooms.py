"""Rooms and the lobby: codes, creating, joining, quick match, watching, listing, refusals, chat,
closing, and what a view holds."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from room_helpers import FakeConnection, make_lobby, play_randomly, settle
from tui_games.core.errors import InvalidParameterError
from tui_games.core.registry import get
from tui_games.serve.rooms import Detached, RoomError, RoomStatus, SeatView, from_payload, to_payload
from tui_games.serve.printable import display_name
from tui_games.serve.rooms.room_chat import LINE_LIMIT, clean_line
from tui_games.serve.rooms.room_codes import ALPHABET, LENGTH, new_code, normalise_code
from tui_games.store import saves, stats


# ----- codes -----------------------------------------------------------------------------------------
def test_codes_are_four_unambiguous_letters_unique_among_open_rooms(tmp_path):
    assert len(ALPHABET) == len(set(ALPHABET)) == 18
    assert not set("ILOBSZUV0125") & set(ALPHABET)
    lobby, _ = make_lobby(tmp_path)
    codes = [lobby.create("nim", f"id-{n}", "P", FakeConnection()).room.code for n in range(120)]
    assert len(set(codes)) == 120
    assert all(len(code) == LENGTH and set(code) <= set(ALPHABET) for code in codes)
    assert sorted(lobby.rooms) == sorted(codes)


def test_code_draws_are_not_sequential_and_skip_taken_codes():
    drawn = [new_code(()) for _ in range(200)]
    assert len(set(drawn)) > 190  # 200 draws from 104,976 codes: a repeat or two at most
    assert sorted(drawn) != drawn
    taken = {code for code in (new_code(()) for _ in range(50))}
    assert all(new_code(taken) not in taken for _ in range(200))


def test_typed_codes_are_made_canonical():
    assert normalise_code(" kh-tw ") == "KHTW"
    assert normalise_code("KH TW") == "KHTW"
    assert normalise_code("KHT") is None and normalise_code("KHTWA") is None
    assert normalise_code("KHTO") is None  # O is not in the alphabet
    assert normalise_code(None) is None


# ----- creating and joining -------------------------------------------------------------------------
def test_a_room_waits_for_its_people_then_starts(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    alice, bob = FakeConnection(), FakeConnection()
    first = lobby.create("tic-tac-toe", "id-a", "Alice", alice)
    room = first.room
    clock.drain()
    assert room.status is RoomStatus.WAITING and room.table is None and room.open_seats == [1]
    assert alice.view.status == "waiting" and alice.view.state is None and not alice.view.legal
    assert [info.kind for info in alice.view.seats] == ["person", "open"]
    assert first.move(4) is False and "has not started" in alice.refusals[-1]
    second = lobby.join(room.code.lower(), "id-b", "Bob", bob)
    clock.drain()
    assert room.status is RoomStatus.PLAYING and second.seat == 1
    assert alice.view.your_turn and not bob.view.your_turn
    assert [a.action for a in alice.view.legal] == list(range(9))
    assert "Bob sits down as O" in alice.notices and "The game starts: Tic Tac Toe" in bob.notices
    assert [info.name for info in bob.view.seats] == ["Alice", "Bob"]


def test_join_refusals(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    room = lobby.create("tic-tac-toe", "id-a", "Alice", FakeConnection()).room
    with pytest.raises(RoomError, match="no open room"):
        lobby.join("QQQQ" if room.code != "QQQQ" else "WWWW", "id-b", "Bob", FakeConnection())
    with pytest.raises(RoomError, match="no open room"):
        lobby.join("not a code", "id-b", "Bob", FakeConnection())
    lobby.join(room.code, "id-b", "Bob", FakeConnection())
    with pytest.raises(RoomError, match="started: you may watch"):
        lobby.join(room.code, "id-c", "Carol", FakeConnection())
    full = lobby.create("nim", "id-d", "Dan", FakeConnection(), seats=[None, 1]).room
    assert full.status is RoomStatus.PLAYING
    with pytest.raises(RoomError, match="you may watch"):
        lobby.join(full.code, "id-e", "Eve", FakeConnection())


def test_creation_refusals(tmp_path):
    lobby, _ = make_lobby(tmp_path)
    with pytest.raises(RoomError, match="no game"):
        lobby.create("chess", "id-a", "A", FakeConnection())
    with pytest.raises(RoomError, match="seat for you"):
        lobby.create("nim", "id-a", "A", FakeConnection(), seats=[1, 2])
    with pytest.raises(InvalidParameterError):
        lobby.create("nim", "id-a", "A", FakeConnection(), params={"heaps": 99})
    with pytest.raises(InvalidParameterError):
        lobby.create("nim", "id-a", "A", FakeConnection(), seats=[None, 9])  # no AI level 9
    with pytest.raises(InvalidParameterError):
        lobby.create("uno", "id-a", "A", FakeConnection(), params={"players": 3}, seats=[None, None])
    with pytest.raises(RoomError, match="turn timer"):
        lobby.create("nim", "id-a", "A", FakeConnection(), turn_timer_s=0)
    with pytest.raises(RoomError, match="keeps no ratings"):
        lobby.create("nim", "id-a", "A", FakeConnection(), rated=True)
    assert lobby.rooms == {}


def test_seats_param_follows_the_seats(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    room = lobby.create("uno", "id-a", "A", FakeConnection(), seats=[None, 1, 1]).room
    assert room.params["players"] == 3 and room.variant.key.startswith("uno:players=3")
    assert room.status is RoomStatus.PLAYING and len(room.table.match.seats) == 3
    waiting = lobby.create("uno", "id-b", "B", FakeConnection(), params={"players": 4}).room
    assert len(waiting.slots) == 4 and waiting.open_seats == [1, 2, 3]


def test_quick_match_fills_waiting_rooms_of_the_same_variant_first(tmp_path):
    lobby, _ = make_lobby(tmp_path)
    first = lobby.quick_match("tic-tac-toe", "id-a", "A", FakeConnection())
    assert first.room.status is RoomStatus.WAITING and first.seat == 0
    again = lobby.quick_match("tic-tac-toe", "id-a", "A", FakeConnection())
    assert again.room is not first.room  # nobody is paired with themselves
    second = lobby.quick_match("tic-tac-toe", "id-b", "B", FakeConnection())
    assert second.room is first.room and second.seat == 1 and first.room.status is RoomStatus.PLAYING
    third = lobby.quick_match("tic-tac-toe", "id-c", "C", FakeConnection())
    assert third.room is again.room  # the longest-waiting open room
    other_variant = lobby.quick_match("nim", "id-d", "D", FakeConnection(), params={"heaps": 4})
    same_game = lobby.quick_match("nim", "id-e", "E", FakeConnection(), params={"heaps": 3})
    assert same_game.room is not other_variant.room
    same_variant = lobby.quick_match("nim", "id-f", "F", FakeConnection(), params={"heaps": 4})
    assert same_variant.room is other_variant.room


def test_the_lobby_lists_open_rooms(tmp_path):
    lobby, _ = make_lobby(tmp_path)
    waiting = lobby.create("tic-tac-toe", "id-a", "A", FakeConnection()).room
    playing = lobby.create("nim", "id-b", "B", FakeConnection(), seats=[None, 2]).room
    listed = lobby.open_rooms()
    assert [info.code for info in listed] == [waiting.code, playing.code]
    assert [info.code for info in lobby.open_rooms(joinable=True)] == [waiting.code]
    assert [info.code for info in lobby.open_rooms("nim")] == [playing.code]
    info = listed[0]
    assert (info.game_id, info.status, info.open_seats, info.rated, info.turn_timer_s) == (
        "tic-tac-toe", "waiting", 1, False, None)
    assert [seat.name for seat in listed[1].seats] == ["B", f"AI ({get('nim').level_name(2)})"]


# ----- moves -----------------------------------------------------------------------------------------
def test_refused_moves_are_told_only_to_the_one_who_sent_them(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    alice, bob, carol = FakeConnection(), FakeConnection(), FakeConnection()
    a = lobby.create("tic-tac-toe", "id-a", "Alice", alice)
    b = lobby.join(a.room.code, "id-b", "Bob", bob)
    watcher = lobby.watch(a.room.code, "id-c", "Carol", carol)
    clock.drain()
    assert b.move(4) is False and "not O's turn" in bob.refusals[-1]
    assert a.move(99) is False and alice.refusals
    assert a.move("b2") is False and a.move(None) is False and len(alice.refusals) == 3
    assert watcher.move(4) is False and carol.refusals == ["spectators cannot move"]
    assert not carol.view.legal and carol.view.viewer == -1
    position = alice.view.position
    assert a.move(4, position)
    assert b.move(0, position) is False and "position changed" in bob.refusals[-1]
    clock.drain()
    assert b.move(0, bob.view.position)
    assert alice.refusals[:1] and not any("spectators" in r for r in alice.refusals)
    assert len(bob.refusals) == 2 and len(carol.refusals) == 1
    clock.drain()
    assert carol.view.log == ("X: b2", "O: a1")


def test_a_room_never_asks_for_a_handover_and_each_seat_sees_its_own_cards(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    one, two = FakeConnection(), FakeConnection()
    a = lobby.create("leduc-holdem", "id-a", "A", one)
    b = lobby.join(a.room.code, "id-b", "B", two)
    room = a.room
    handovers = []
    room.table.listen(lambda event: handovers.append(event) if type(event).__name__.startswith("Hand") else None)
    play_randomly(lobby, clock, [a, b], random.Random(4), until=lambda room: room.deals_played >= 3)
    assert room.handovers_asked == 0 and handovers == [] and room.table.handover is None
    assert (one.view.viewer, two.view.viewer) == (0, 1)


def test_views_and_events_travel_as_json(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    alice = FakeConnection()
    member = lobby.create("ropasci360", "id-a", "Alice", alice, seats=[None, 1])
    clock.drain()
    member.move(alice.view.legal[0].action, alice.view.position)
    member.chat("hello")
    clock.drain()
    for message in [alice.view, *alice.events, *alice.chat]:
        wire = json.dumps(to_payload(message))
        assert from_payload(json.loads(wire)) == message
    assert isinstance(from_payload(json.loads(json.dumps(to_payload(alice.view)))), SeatView)
    with pytest.raises(ValueError):
        from_payload({"type": "Nothing"})


# ----- chat ------------------------------------------------------------------------------------------
def test_chat_text_is_cleaned():
    assert clean_line("hi \x1b[31mred\x1b[0m there") == "hi red there"
    assert clean_line("title\x1b]0;owned\x07!") == "title!"
    assert clean_line("a\nb\tc\r\nd") == "a b c d"
    assert clean_line("bidi \u202eevil\u202c zero\u200bwidth") == "bidi evil zerowidth"
    assert clean_line("\x9b2Jx \x07bell\x00") == "x bell"
    assert clean_line("x" * 1000) == "x" * LINE_LIMIT
    assert clean_line("   ") == "" and clean_line(42) == ""
    assert display_name("\x1b[2J") == "player" and len(display_name("n" * 99)) == 24


def test_chat_reaches_everyone_and_is_rate_limited_per_identity(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    alice, bob, carol = FakeConnection(), FakeConnection(), FakeConnection()
    a = lobby.create("tic-tac-toe", "id-a", "Alice", alice)
    lobby.join(a.room.code, "id-b", "Bob", bob)
    c = lobby.watch(a.room.code, "id-c", "Carol", carol)
    assert a.chat("good \x1b[5mluck\x1b[0m")
    assert c.chat("go Bob")
    for connection in (alice, bob, carol):
        assert [(line.name, line.seat, line.text) for line in connection.chat] == [
            ("Alice", 0, "good luck"), ("Carol", -1, "go Bob")]
    assert not a.chat("\x1b[2J\x07") and "Nothing to send" in alice.notices[-1]
    elsewhere = lobby.create("nim", "id-a", "Alice", FakeConnection())
    sent = [a.chat(f"line {n}") for n in range(4)] + [elsewhere.chat("one more")]
    assert sent == [True, True, True, True, False]  # a burst of 5 per identity, over every room
    assert "Slow down" in elsewhere.connection.notices[-1]
    clock.advance(2.0)
    assert a.chat("later")
    latecomer = FakeConnection()
    lobby.watch(a.room.code, "id-d", "Dan", latecomer)
    assert latecomer.chat[0].text == "good luck" and latecomer.chat[-1].text == "later"


# ----- closing ---------------------------------------------------------------------------------------
def test_finished_and_empty_rooms_are_swept(tmp_path):
    lobby, clock = make_lobby(tmp_path, finished_linger_s=120, empty_linger_s=60, sweep_s=10)
    lobby.start_sweeping()
    alice = FakeConnection()
    done = lobby.create("tic-tac-toe", "id-a", "Alice", alice, seats=[None, 1])
    play_randomly(lobby, clock, [done], random.Random(1))
    assert done.room.status is RoomStatus.FINISHED
    result = done.room.table.match.result_text
    level = get("tic-tac-toe").level_name(1)
    assert f"Game over: {result} (X: Alice, O: AI {level})" in alice.notices  # who played, not only the marks
    waiting = lobby.create("tic-tac-toe", "id-b", "Bob", FakeConnection())
    waiting.disconnect()
    watched = lobby.create("nim", "id-c", "Carol", FakeConnection(), seats=[None, 1])
    lobby.watch(watched.room.code, "id-d", "Dan", FakeConnection())
    clock.advance(50)
    assert set(lobby.rooms) == {done.room.code, waiting.room.code, watched.room.code}
    clock.advance(20)
    assert set(lobby.rooms) == {done.room.code, watched.room.code}
    clock.advance(60)
    assert set(lobby.rooms) == {watched.room.code}
    assert done.room.status is RoomStatus.CLOSED and not done.attached
    assert alice.of(Detached)[-1].reason == "the room closed: the game is over"
    assert done.room.table.closed and done.room.table.match.closed


def test_close_all_saves_every_game_and_tells_everyone(tmp_path, home):
    lobby, clock = make_lobby(tmp_path)
    alice, watcher = FakeConnection(), FakeConnection()
    member = lobby.create("connect-four", "id-a", "Alice", alice, seats=[None, 1])
    lobby.watch(member.room.code, "id-b", "Bob", watcher)
    clock.drain()
    member.move(alice.view.legal[3].action)
    settle(lobby, clock)
    room = member.room
    lobby.close_all()
    assert lobby.rooms == {} and room.status is RoomStatus.CLOSED
    assert [event.reason for event in alice.of(Detached)] == ["the server is shutting down"]
    assert watcher.of(Detached) and not member.chat("still here?") and member.move(0) is False
    saved = list((tmp_path / "rooms").glob(f"room-{room.code}-*.json"))
    assert len(saved) == 1
    record = saves.read_save(saved[0])
    assert record.game == "connect-four" and record.history == room.table.match.state.history
    assert record.seats == ["human", "ai:1"]
    assert stats.results() == []  # the server process keeps no statistics of rooms


def test_a_connection_that_raises_is_taken_as_lost(tmp_path):
    lobby, clock = make_lobby(tmp_path, grace_s=30)

    class Broken(FakeConnection):
        def send_view(self, view):
            raise BrokenPipeError("gone")

    bob = FakeConnection()
    a = lobby.create("tic-tac-toe", "id-a", "Alice", Broken())
    lobby.join(a.room.code, "id-b", "Bob", bob)
    clock.drain()
    assert not a.attached and a.room.slots[0].away_until is not None
    assert any("Alice dropped" in notice for notice in bob.notices)


def test_the_rooms_import_no_ui_no_front_end_and_no_numba(tmp_path):
    code = ("import sys\n"
            "import tui_games.serve.rooms\n"
            "bad = [m for m in ('textual', 'asyncssh', 'aiohttp', 'numba') if m in sys.modules]\n"
            "assert not bad, bad\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={"TUI_GAMES_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
