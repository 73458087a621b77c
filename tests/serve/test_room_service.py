"""The server's rooms over real control channels: each session is a ChannelClient on its link's
socketpair with a ChannelLobby and RoomTables, as a session process has them (no SSH, no process).

Two sessions meet in a room and play it to the end, a spectator's move is refused and no frame it
gets holds a hidden card, the list and the ladder answer, refusals come back as LobbyError sentences,
bad fields are refused, a session whose channel ends keeps its seat and gets it back with the same
identity, entering a room leaves the one a session was in, and a room's AI seats play in the engine
pool; over SSH, ``ssh CODE@host`` sits the player in room CODE under a neutral name. Every wait is
bounded."""

from __future__ import annotations

import asyncio
import os
import random
import socket
import threading
from types import SimpleNamespace

import asyncssh
import numpy as np
import pytest

from room_helpers import FakeConnection, make_lobby, play_randomly
from ssh_helpers import Terminal, make_key
from waiting import until
from tui_games import catalog
from tui_games.core.players import CHANCE
from tui_games.engine.observer import PUBLIC_VIEW, UNSEEN
from tui_games.online import LeftRoom, NoticeReceived, RatingsChanged, RoomTable
from tui_games.online.channel_lobby import ChannelLobby
from tui_games.online.online_lobby import ROOM_VARIABLE, LobbyError
from tui_games.serve import ssh_session
from tui_games.serve.channel import RemoteError
from tui_games.serve.channel_client import ChannelClient
from tui_games.serve.config import ServeConfig
from tui_games.serve.engine_pool import EnginePool
from tui_games.serve.kernel_service import KernelService
from tui_games.serve.room_service import RoomService
from tui_games.serve.rooms import RoomSettings, RoomStatus
from tui_games.serve.ssh_server import GameServer
from tui_games.table import events

WAIT_S = 60.0
"""The longest any one wait of these tests may take."""


class Session:
    """One session process's side of its channel, in this process: a ChannelClient on the link's
    child end, its own listeners of pushed messages, and a ChannelLobby over it."""

    def __init__(self, link) -> None:
        self.link = link
        self._listeners: dict[str, list] = {}
        self.client = ChannelClient(socket.socket(fileno=os.dup(link.child_fd)), on_push=self._pushed,
                                    name=f"test session {link.name}")
        link.release_child()
        self.lobby = ChannelLobby(self.client, listen=self._listen)

    def _listen(self, op: str, callback) -> None:
        self._listeners.setdefault(op, []).append(callback)

    def _pushed(self, op: str, value) -> None:
        for callback in self._listeners.get(op, []):
            callback(value)


class Seat:
    """A RoomTable as a game screen holds it: everything it does runs under one lock (its 'screen
    loop'), and every event it emits is kept."""

    def __init__(self, game_id: str) -> None:
        self.lock = threading.RLock()
        self.table = RoomTable(game_id, self._post)
        self.table.match.use_template(catalog.get(game_id).new(seed=0))
        self.events: list = []
        self.views: list = []
        self.table.listen(self.events.append)
        self.table.start()
        self.sent_at: int | None = None

    def _post(self, call) -> None:
        with self.lock:
            call()
            view = self.table.match.view
            if view and (not self.views or self.views[-1] is not view):
                self.views.append(view)

    def of(self, kind) -> list:
        """The events of type ``kind`` emitted so far."""
        with self.lock:
            return [event for event in self.events if isinstance(event, kind)]

    @property
    def view(self) -> dict:
        """The latest view (as a dict of its fields)."""
        with self.lock:
            return self.table.match.view

    def move_randomly(self, rng: random.Random) -> bool:
        """Send a random legal move when this seat is to move at a position it has not moved at yet."""
        with self.lock:
            match = self.table.match
            if not match.legal or match.position == self.sent_at or match.view.get("over"):
                return False
            self.sent_at = match.position
            return self.table.submit(match.viewer, rng.choice(match.legal))



async def play(seats: list[Seat], done, rng: random.Random, what: str) -> int:
    """Let each seat play random legal moves until ``done()``; the moves sent."""
    moves = 0

    def step() -> bool:
        nonlocal moves
        for seat in seats:
            moves += seat.move_randomly(rng)
        return done()

    await until(step, what)
    return moves


@pytest.fixture
async def server(tmp_path):
    """A kernel service (its pool never started) with a room service on the test's loop: (engines,
    rooms, open_session(identity, name))."""
    engines = KernelService(EnginePool(1))
    engines.pool.warm = lambda: None  # no worker unless a test's room needs the pool
    rooms = RoomService(engines, tmp_path / "data", prepare_in_pool=False,
                        settings=RoomSettings(ai_pace_s=0.0, deal_pause_s=600.0, saves_dir=tmp_path / "rooms"))
    sessions: list[Session] = []

    async def open_session(identity: str | None = None, name: str | None = None) -> Session:
        session = Session(await engines.open_link(identity, name))
        sessions.append(session)
        return session

    yield engines, rooms, open_session
    for session in sessions:
        session.client.close()
    await engines.close()


def private_deals(match) -> dict[int, int]:
    """The deal's private cards in ``match``'s log: index in the history -> the seat that may see it."""
    return {index: entry.audience for index, entry in enumerate(match.log_entries)
            if entry.mover == CHANCE and isinstance(entry.audience, int) and entry.audience >= 0}


async def two_at_tic_tac_toe(rooms, open_session, **options):
    """Ann's session opens a Tic Tac Toe room (with ``options``) and Ben's joins it:
    (ann, ben, Ann's seat, Ben's seat, the room)."""
    ann, ben = await open_session("id-ann", "Ann"), await open_session("id-ben", "Ben")
    first, second = Seat("tic-tac-toe"), Seat("tic-tac-toe")
    entered = await asyncio.to_thread(ann.lobby.create, first.table, "tic-tac-toe", **options)
    await asyncio.to_thread(ben.lobby.join, second.table, entered.code)
    return ann, ben, first, second, rooms.registry.rooms[entered.code]


async def test_two_sessions_play_leduc_over_their_channels_and_a_spectator_sees_no_hidden_card(server):
    engines, rooms, open_session = server
    ann, ben, wes = [await open_session(f"id-{n}", n) for n in ("Ann", "Ben", "Wes")]
    first, second, watcher = Seat("leduc-holdem"), Seat("leduc-holdem"), Seat("leduc-holdem")
    entered = await asyncio.to_thread(ann.lobby.create, first.table, "leduc-holdem")
    assert entered.seat == 0 and len(entered.code) == 4
    assert await asyncio.to_thread(wes.lobby.watch, watcher.table, entered.code.lower()) == \
        type(entered)(entered.code, None)
    listed = await asyncio.to_thread(ben.lobby.rooms, "leduc-holdem", True)
    assert [(room["code"], room["status"], room["open_seats"]) for room in listed] == [(entered.code, "waiting", 1)]
    assert (await asyncio.to_thread(ben.lobby.join, second.table, entered.code)).seat == 1
    assert await asyncio.to_thread(lambda: ann.lobby.player_name) == "Ann"
    room = rooms.registry.rooms[entered.code]

    await until(lambda: first.view.get("state") is not None and watcher.view.get("state") is not None,
                "the first views")
    assert watcher.table.submit(PUBLIC_VIEW, 1)
    await until(lambda: watcher.of(events.MoveRefused), "the spectator's refusal")
    assert watcher.of(events.MoveRefused)[0].reason == "spectators cannot move"
    assert first.table.send_chat("good luck")
    await until(lambda: any(getattr(event, "text", "") == "good luck" for event in watcher.table.chat),
                "the chat line at the spectator's")

    moves = await play([first, second], lambda: room.deals_played >= 1 and all(
        seat.view.get("over") for seat in (first, second, watcher)), random.Random(5), "the first deal's end")
    assert moves >= 2 and room.status is RoomStatus.PLAYING
    match = room.table.match
    history = list(match.state.history)
    private = private_deals(match)
    assert sorted(private.values()) == [0, 1]
    layout = match.state.kernels.layout
    for seat, viewer in ((first, 0), (second, 1), (watcher, PUBLIC_VIEW)):
        playing = [view for view in seat.views if view.get("state") is not None and not view.get("over")]
        assert playing and all(view["viewer"] == viewer for view in playing)
        checked = 0
        for view in playing:
            cards = layout.value(np.array(view["state"], dtype=np.int64), "cards")
            for index, owner in private.items():
                if index < len(view["history"]):
                    if owner == viewer != PUBLIC_VIEW:
                        assert view["history"][index] == history[index] and cards[owner] == history[index]
                    else:
                        assert view["history"][index] == -1 and cards[owner] == UNSEEN
                        checked += 1
        assert checked >= (2 if viewer == PUBLIC_VIEW else 1)  # frames with a hidden card were checked
        last = seat.views[-1]
        assert last["over"] and last["result"] == match.result_text
        assert 599.0 < last["next_deal_s"] <= 600.0  # the room says when it deals the next hand
        assert 0 < seat.table.match.next_deal_s <= 600.0
    assert first.views[-1]["returns"] == second.views[-1]["returns"]


async def test_a_rated_game_to_the_end_then_the_ladder_and_the_list(server):
    _engines, rooms, open_session = server
    ann, ben, first, second, room = await two_at_tic_tac_toe(rooms, open_session, seats=[None, None], rated=True)
    await play([first, second], lambda: first.view.get("match_over") and second.view.get("match_over"),
               random.Random(2), "the end of the game")
    assert room.status is RoomStatus.FINISHED and len(room.rated_games) == 1
    await until(lambda: first.of(RatingsChanged) and second.of(RatingsChanged), "the ratings at both seats")
    (changes,) = first.of(RatingsChanged)[0:1]
    assert [name for name, _before, _after in changes.changes] == ["Ann", "Ben"]

    ladder = await asyncio.to_thread(ben.lobby.ladder, "tic-tac-toe")
    assert (ladder["game_id"], ladder["variant"], ladder["rules"], ladder["variants"]) == \
        ("tic-tac-toe", "tic-tac-toe", "", ["tic-tac-toe"])
    people = {row["name"]: row for row in ladder["rows"] if row["kind"] == "player"}
    assert sorted(people) == ["Ann", "Ben"] and all(row["games"] == 1 for row in people.values())
    assert {row["id"] for row in people.values()} == {"id-ann", "id-ben"}
    assert [row["rating"] for row in ladder["rows"]] == sorted((row["rating"] for row in ladder["rows"]), reverse=True)
    assert len((await asyncio.to_thread(ben.lobby.ladder, "tic-tac-toe", None, 1))["rows"]) == 1

    listed = await asyncio.to_thread(ann.lobby.rooms)
    assert [(info["code"], info["status"], info["rated"]) for info in listed] == [(room.code, "finished", True)]
    assert [seat["name"] for seat in listed[0]["seats"]] == ["Ann", "Ben"]
    assert await asyncio.to_thread(ann.lobby.rooms, "tic-tac-toe", True) == []
    assert await asyncio.to_thread(ann.lobby.rooms, "leduc-holdem") == []


async def test_refusals_come_back_as_lobby_error_sentences(server):
    _engines, rooms, open_session = server
    ann, ben, cat = [await open_session(f"id-{n}", n) for n in ("ann", "ben", "cat")]
    nobody = await open_session()  # a session without an identity

    async def refused(call, *args, **kwargs) -> str:
        with pytest.raises(LobbyError) as caught:
            await asyncio.to_thread(call, *args, **kwargs)
        return str(caught.value)

    table = Seat("tic-tac-toe").table
    assert await refused(ann.lobby.join, table, "ZZZZ") == "There is no open room 'ZZZZ'"
    assert await refused(ann.lobby.create, table, "no-such-game") == "There is no game 'no-such-game'"
    assert "seat for you" in await refused(ann.lobby.create, table, "tic-tac-toe", seats=[1, 1])
    assert "no identity" in await refused(nobody.lobby.create, table, "tic-tac-toe")
    assert await asyncio.to_thread(lambda: nobody.lobby.player_name) == "player"
    entered = await asyncio.to_thread(ann.lobby.create, Seat("tic-tac-toe").table, "tic-tac-toe")
    await asyncio.to_thread(ben.lobby.join, Seat("tic-tac-toe").table, entered.code)
    assert await refused(cat.lobby.join, table, entered.code) == f"Room {entered.code} has started: you may watch it"
    assert "no ladder" in await refused(ann.lobby.ladder, "blackjack")
    assert "NAME=VALUE" in await refused(ann.lobby.ladder, "tic-tac-toe", "nonsense")
    assert len(rooms.registry.rooms) == 1  # nothing refused opened a room


@pytest.mark.parametrize("op, body, says", [
    ("room_create", {"entry": 1, "game": 7}, "names its game"),
    ("room_create", {"entry": "x", "game": "tic-tac-toe"}, "entry"),
    ("room_create", {"entry": 1, "game": "tic-tac-toe", "seats": [None] * 40}, "2 to 2 seats"),
    ("room_create", {"entry": 1, "game": "tic-tac-toe", "seats": [None, 99]}, "AI level"),
    ("room_create", {"entry": 1, "game": "tic-tac-toe", "seats": [None, True]}, "AI level"),
    ("room_create", {"entry": 1, "game": "tic-tac-toe", "rated": "yes"}, "true or false"),
    ("room_create", {"entry": 1, "game": "tic-tac-toe", "turn_timer_s": -5}, "turn timer"),
    ("room_create", {"entry": 1, "game": "tic-tac-toe", "params": {"x" * 99: 1}}, "parameters"),
    ("room_create", {"entry": 1, "game": "tic-tac-toe", "params": {"size": "y" * 500}}, "parameters"),
    ("room_create", {"entry": 1, "game": "tic-tac-toe", "params": {"size": 3}}, "size"),
    ("room_create", [1, 2], "object of fields"),
    ("room_join", {"entry": 1, "code": "A" * 100}, "four letters"),
    ("room_quick", {"entry": 1, "game": "tic-tac-toe", "players": 9}, "2 to 2 players"),
    ("room_list", {"game": ["x"]}, "names a game"),
    ("room_ladder", {"game": "tic-tac-toe", "top": 10**6}, "rows"),
])
async def test_bad_fields_are_refused(server, op, body, says):
    engines, rooms, open_session = server
    session = await open_session("id-ann", "Ann")
    with pytest.raises(RemoteError) as caught:
        await asyncio.to_thread(session.client.call, op, body, timeout=WAIT_S)
    assert caught.value.kind == "Refused" and says in str(caught.value), str(caught.value)
    assert not rooms.registry.rooms


async def test_bad_pushes_are_ignored_or_refused_and_stale_ones_touch_nothing(server):
    _engines, rooms, open_session = server
    ann, ben, first, second, room = await two_at_tic_tac_toe(rooms, open_session)
    await until(lambda: first.table.match.legal, "Ann's turn")
    entry = first.table.member.entry
    ann.client.push("room_move", {"entry": entry, "action": "four", "position": 1})
    await until(lambda: first.of(events.MoveRefused), "the refusal of a malformed move")
    ann.client.push("room_move", {"entry": entry + 100, "action": 4})  # another entry: not this room's
    ann.client.push("room_leave", {"entry": entry + 100})
    ann.client.push("room_chat", {"entry": entry, "text": 5})
    ann.client.push("room_move", [4])
    assert first.table.submit(0, 4)
    await until(lambda: len(room.table.match.state.history) == 1, "Ann's real move")
    assert room.table.match.state.history == [4] and room.slots[0].member is not None
    assert not ann.client.closed.is_set()  # malformed pushes do not end the channel


async def test_two_sessions_ask_to_play_again_over_their_channels_and_the_seats_swap(server):
    _engines, rooms, open_session = server
    ann, ben, first, second, room = await two_at_tic_tac_toe(rooms, open_session)
    assert not first.table.offers_rematch and not first.table.rematch()  # not before the game is over
    await play([first, second], lambda: first.view.get("status") == "finished" == second.view.get("status"),
               random.Random(3), "the end of game 1")
    entry = first.table.member.entry
    ann.client.push("room_rematch", {"entry": entry + 100})  # another entry: touches nothing
    ann.client.push("room_rematch", {"entry": "one"})
    with first.lock:
        assert first.table.offers_rematch and first.table.rematch()
        assert first.table.rematch_asked and not first.table.rematch()  # asked once
    await until(lambda: [info["rematch"] for info in second.table.match.seat_infos] == [True, False],
                "Ann's ask in Ben's view")
    assert any("Ann wants to play again (1 of 2)" == getattr(e, "text", "") for e in second.of(NoticeReceived))
    assert room.status is RoomStatus.FINISHED and room.game_number == 1
    with second.lock:
        assert second.table.rematch()
    await until(lambda: first.view.get("game_number") == second.view.get("game_number") == 2
                and first.view.get("state") is not None and second.view.get("state") is not None, "game 2's views")
    assert (first.table.match.viewer, second.table.match.viewer) == (1, 0)  # Ben is X now and moves first
    assert [slot.identity for slot in room.slots] == ["id-ben", "id-ann"]
    assert second.table.match.legal and not first.table.match.legal and second.table.match.log_entries == []
    assert not first.table.offers_rematch and not first.table.rematch_asked
    assert all(view["viewer"] == (1 if view.get("game_number") == 2 else 0) for view in first.views)
    await play([first, second], lambda: first.view.get("status") == "finished" == second.view.get("status"),
               random.Random(4), "the end of game 2")
    assert len(room.table.match.state.history) >= 5 and room.game_number == 2


async def test_a_session_whose_channel_ends_keeps_its_seat_and_gets_it_back_with_the_same_identity(server):
    engines, rooms, open_session = server
    ann, ben, first, second, room = await two_at_tic_tac_toe(rooms, open_session)
    await until(lambda: first.table.match.legal, "Ann's turn")
    assert first.table.submit(0, 4)
    await until(lambda: second.table.match.legal, "Ben's turn")

    ann.client.close()  # Ann's session process is gone
    await until(lambda: room.slots[0].member is None, "the server noticing Ann's drop")
    assert room.slots[0].away_until is not None and room.slots[0].identity == "id-ann"
    assert ann.link not in rooms.members
    await until(lambda: any(isinstance(event, NoticeReceived) and "Ann dropped" in event.text
                            for event in second.events), "Ben told of the drop")
    assert second.table.submit(1, 0)
    await until(lambda: len(room.table.match.state.history) == 2, "Ben's move while Ann is away")

    eve = await open_session("id-eve", "Eve")
    with pytest.raises(LobbyError, match="has started"):
        await asyncio.to_thread(eve.lobby.join, Seat("tic-tac-toe").table, room.code)
    again = await open_session("id-ann", "Ann")
    back = Seat("tic-tac-toe")
    assert (await asyncio.to_thread(again.lobby.join, back.table, room.code)).seat == 0
    assert room.slots[0].away_until is None and room.slots[0].member is not None
    await until(lambda: back.table.match.legal, "Ann's turn again, on her new session")
    assert list(back.view["history"]) == [4, 0]
    assert back.table.submit(0, 8)
    await until(lambda: len(room.table.match.state.history) == 3, "Ann's move from the new session")


async def test_leaving_while_the_server_ends_the_session_is_a_drop_and_keeps_the_seat(server):
    _engines, rooms, open_session = server
    ann, ben, first, second, room = await two_at_tic_tac_toe(rooms, open_session)
    await until(lambda: first.table.match.legal, "the game's start")
    ann.link.ending = True  # the server ends Ann's session (her client is gone): her app leaves on its way out
    first.table.close()
    await until(lambda: room.slots[0].member is None, "Ann's seat let go of")
    assert room.slots[0].away_until is not None and room.slots[0].taken_over is None
    second.table.close()  # Ben leaves on purpose: the AI plays his seat at once
    await until(lambda: room.slots[1].taken_over is not None, "Ben's seat handed to the AI")
    assert room.slots[1].away_until is None


async def test_entering_another_room_leaves_the_first(server):
    _engines, rooms, open_session = server
    ann = await open_session("id-ann", "Ann")
    old, new = Seat("tic-tac-toe"), Seat("leduc-holdem")
    first = await asyncio.to_thread(ann.lobby.create, old.table, "tic-tac-toe")
    second = await asyncio.to_thread(ann.lobby.create, new.table, "leduc-holdem")
    assert first.code != second.code
    assert rooms.registry.rooms[first.code].open_seats == [0, 1]  # the waiting room's seat is free again
    await until(lambda: old.of(LeftRoom), "the first room letting go")
    assert old.of(LeftRoom)[0].reason == "you left the room" and not new.of(LeftRoom)
    assert rooms.members[ann.link].member.room.code == second.code
    with pytest.raises(LobbyError):
        await asyncio.to_thread(ann.lobby.join, Seat("tic-tac-toe").table, "QQQQ")
    assert rooms.members[ann.link].member.room.code == second.code  # a refused join leaves nothing
    new.table.close()  # the screen leaves the room
    await until(lambda: ann.link not in rooms.members, "the room service forgetting Ann's room")
    assert rooms.registry.rooms[second.code].open_seats == [0, 1]


async def test_a_rooms_ai_seat_plays_in_the_engine_pool(tmp_path, home):
    engines = KernelService(EnginePool(1))
    try:
        rooms = RoomService(engines, tmp_path / "data",
                            settings=RoomSettings(ai_pace_s=0.0, saves_dir=tmp_path / "rooms"))
        session = Session(await engines.open_link("id-ann", "Ann"))
        seat = Seat("tic-tac-toe")
        entered = await asyncio.to_thread(session.lobby.create, seat.table, "tic-tac-toe", seats=[None, 1])
        room = rooms.registry.rooms[entered.code]
        assert type(room.runner).__name__ == "LoopRunner" and engines.pool.started == 1
        await play([seat], lambda: seat.view.get("match_over"), random.Random(3), "the game against the pool's AI")
        assert room.status is RoomStatus.FINISHED and room.table.match.state.history[1] in range(9)
        session.client.close()
    finally:
        await engines.close()
    assert not rooms.registry.rooms  # the service closed its rooms with the kernel service


def test_the_view_between_deals_says_when_the_next_deal_comes(tmp_path):
    lobby, clock = make_lobby(tmp_path, deal_pause_s=30.0)
    one, two = FakeConnection(), FakeConnection()
    a = lobby.create("leduc-holdem", "id-a", "A", one)
    b = lobby.join(a.room.code, "id-b", "B", two)
    clock.drain()
    assert one.view.next_deal_s is None
    play_randomly(lobby, clock, [a, b], random.Random(6))
    assert one.view.over and one.view.next_deal_s == 30.0 and two.view.next_deal_s == 30.0
    clock.advance(12)
    lobby.watch(a.room.code, "id-w", "W", FakeConnection())  # something changes: fresh views
    clock.drain()
    assert one.view.next_deal_s == 18.0
    clock.advance(18)
    assert not one.view.over and one.view.next_deal_s is None and one.view.deal_number == 2


async def test_ssh_code_at_host_joins_the_room_under_a_neutral_name(tmp_path, monkeypatch):
    engines = KernelService(EnginePool(1))
    try:
        rooms = RoomService(engines, tmp_path / "data", prepare_in_pool=False,
                            settings=RoomSettings(saves_dir=tmp_path / "rooms"))
        code = rooms.registry.create("tic-tac-toe", "id-a", "Ann", FakeConnection()).room.code
        ssh = GameServer(ServeConfig(host="127.0.0.1", ssh_port=0, data_dir=tmp_path / "data"), engines=engines)
        assert ssh.room_code(code.lower()) == code and ssh.room_code(f"{code[:2]}-{code[2:]}") == code
        assert ssh.room_code("alice") is None and ssh.room_code("QQQQ") is None
        started = []

        async def start(argv, env, cwd, cols, rows, **options):
            started.append((env, options))

        monkeypatch.setattr(ssh_session.SessionProcess, "start", start)
        key = asyncssh.generate_private_key("ssh-ed25519")
        fp = key.get_fingerprint("sha256")
        for user in (code.lower(), "alice"):
            player = SimpleNamespace(key=key, fingerprint=fp, user_name=user, display_name=user, address="::1")
            session = ssh_session.GameSession(ssh, player)
            session.term_type = "xterm"
            session._chan = SimpleNamespace(get_environment=dict)
            await session._start_process()
        (room_env, room_options), (plain_env, plain_options) = started
        neutral = "Player-" + "".join(c for c in fp.partition(":")[2] if c.isalnum())[:4]
        assert room_env[ROOM_VARIABLE] == code and room_options["display_name"] == neutral
        assert ROOM_VARIABLE not in plain_env and plain_options["display_name"] == "alice"
        assert room_options["identity"] == plain_options["identity"] == fp
    finally:
        await engines.close()


async def test_ssh_code_at_host_end_to_end_sits_the_player_and_a_drop_keeps_the_seat(start_server):
    server = await start_server()
    rooms = server.engines.rooms
    ann = FakeConnection()
    member = rooms.registry.create("tic-tac-toe", "id-ann", "Ann", ann)
    code = member.room.code
    key = make_key()
    neutral = "Player-" + "".join(c for c in key.get_fingerprint("sha256").partition(":")[2] if c.isalnum())[:4]
    term = await Terminal.open(server.port, key, user=code.lower())
    try:
        await until(lambda: member.room.table is not None, what="the room starting")
        assert ann.notices[0] == f"{neutral} sits down as O"
        await until(lambda: ann.views and ann.views[-1].legal, what="Ann's turn")
        assert member.move(4, ann.views[-1].position)
        await term.wait_for(neutral)
        (link,) = server.engines.links
        assert (link.identity, link.display_name) == (key.get_fingerprint("sha256"), neutral)
        assert rooms.members[link].member.seat == 1
    finally:
        await term.close()
    await until(lambda: member.room.slots[1].away_until is not None, what="the seat kept after the drop")
    assert member.room.slots[1].member is None and any(f"{neutral} dropped" in n for n in ann.notices)


def test_the_channel_lobby_imports_no_numba(tmp_path):
    import subprocess
    import sys

    code = ("import sys\n"
            "import tui_games.online.channel_lobby\n"
            "bad = [m for m in ('numba', 'llvmlite', 'textual', 'asyncssh', 'aiohttp') if m in sys.modules]\n"
            "assert not bad, bad\n")
    for remote in ("", "remote"):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                              env={"TUI_GAMES_HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
                                   "TUI_GAMES_KERNELS": remote})
        assert done.returncode == 0, done.stderr
