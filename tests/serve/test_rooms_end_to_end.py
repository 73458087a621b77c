"""Rooms end to end with real clients on loopback, driven by keys only.

Two SSH clients (two keys) meet in a rated Tic Tac Toe room by its code (read off the creator's
screen, typed in lower case by the other) and play it to the end: both screens show the result, a
third client watching from the open rooms list has its move refused with the reason on its screen,
the ratings move in the server's ratings file and ``tui-games ladder --json`` lists both players.
In Leduc Hold'em, no frame a spectator received shows either private card before the showdown, nor
one player's screen the other's card; a player whose connection is cut keeps the seat (the other
sees them away, then back), their session process is gone, and reconnecting as ``CODE@host`` with
the same key gives the seat back. A browser (the web front end's websocket) joins a room an SSH
client opened and its move shows on the SSH screen. Every wait is bounded."""

from __future__ import annotations

import json
import re

import pytest

from ssh_helpers import Terminal, make_key, process_gone
from waiting import until
from tui_games import catalog
from tui_games.cli import main as cli_main
from tui_games.engine.cards.names import card_label, parse_card
from tui_games.games.leduc_holdem.game import leduc_card, rank_word
from tui_games.ratings.ladder import ladder_rows
from tui_games.serve.config import ServeConfig
from tui_games.serve.runner import start_front_ends
from web_helpers import WebTerminal

DOWN, SHIFT_TAB, CTRL_J = b"\x1b[B", b"\x1b[Z", b"\n"
"""Keys as a terminal sends them (ctrl+j opens the room from any field of its dialog)."""

PREPARE_S = 120.0
"""The longest the first room of a game may take to open: the server prepares the game in its pool."""

LISTED = re.compile(r"Open rooms( \(\d+\)|: none yet)")
"""The rooms list's title once the list has come (before that, keys that call the lobby are ignored)."""


class Recorder(Terminal):
    """A :class:`Terminal` that also keeps every screen it showed: after each chunk it read, the raw
    bytes' length and the screen's text."""

    def __init__(self, *args, **kwargs) -> None:
        self.frames: list[tuple[int, str]] = []
        super().__init__(*args, **kwargs)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.raw += data
                self._stream.feed(data)
                self.frames.append((len(self.raw), self.text))
        finally:
            self.closed.set()

    def frames_until(self, offset: int) -> tuple[list[str], bytes]:
        """The screens drawn by the first ``offset`` raw bytes, and those bytes."""
        return [shown for end, shown in self.frames if end <= offset], bytes(self.raw[:offset])


async def wait_match(term: Terminal, pattern: re.Pattern, timeout: float = 30.0) -> re.Match:
    """Wait until ``pattern`` matches the screen; the match."""
    try:
        await until(lambda: pattern.search(term.text), f"{pattern.pattern!r} on screen", timeout)
    except AssertionError as error:
        raise AssertionError(f"{error}; the screen:\n{term.text}") from None
    return pattern.search(term.text)


async def go_online(term: Terminal) -> None:
    """From the menu to Play online, its rooms listed."""
    await term.wait_for("tui-games", "Tic Tac Toe")
    term.send(b"p")
    await wait_match(term, LISTED)
    await term.wait_for("c Create", "j Join code")  # the games list has the keys


async def create_room(term: Terminal, game_id: str, *, rated: bool = False) -> str:
    """Open a room of ``game_id`` from the online screen (its dialog, Rated Yes when ``rated``); the
    room's code as the waiting screen shows it."""
    spec = catalog.get(game_id)
    term.send(DOWN * [s.id for s in catalog.all_specs()].index(game_id) + b"c")
    await term.wait_for(f"New room: {spec.title}", "Open room           Cancel")  # the dialog, set up
    if rated:
        term.send(SHIFT_TAB * 4 + b"\r")  # from Open room back to Rated: its choices
        await wait_match(term, re.compile(r"│ No +│[^\n]*\n[^\n]*│ Yes +│"))
        term.send(DOWN + b"\r")
        await wait_match(term, re.compile(r"Rated +Yes"))
    term.send(CTRL_J)
    found = await wait_match(term, re.compile(r"Waiting for the players of room ([A-Z]{4})"), PREPARE_S)
    return found.group(1)


async def join_by_code(term, typed: str) -> None:
    """Type ``typed`` in the online screen's code field and press Enter (``term``: either client)."""
    await term.wait_for("j Join code")
    await send(term, "j")
    await until(lambda: "j Join code" not in term.text, what="the code field focused")
    await send(term, typed)
    await term.wait_for(f"Room code {typed}")
    await send(term, "\r")


async def send(term, keys: str) -> None:
    """Type ``keys`` on an SSH or a browser client."""
    if isinstance(term, WebTerminal):
        await term.send(keys)
    else:
        term.send(keys.encode())


def session_pid(server, key) -> int:
    """The UI process of the SSH session logged in with ``key``."""
    fingerprint = key.get_fingerprint("sha256")
    (session,) = [s for s in server.sessions if s.connection.fingerprint == fingerprint]
    return session.process.pid


async def close_all(server, *terms: Terminal) -> None:
    """Close every client; then no session and none of their processes is left."""
    pids = [session.process.pid for session in server.sessions if session.process is not None]
    for term in terms:
        await term.close()
    await until(lambda: not server.sessions, what="every session's end")
    await until(lambda: all(process_gone(pid) for pid in pids), what="every session process gone")


# ----- 1. two players by code, a spectator, a rated game to its end, the ladder --------------------------
TIC_TAC_TOE_GAME = [(0, "1", "X: a1"), (1, "4", "O: a2"), (0, "2", "X: b1"), (1, "5", "O: b2"), (0, "3", "X: c1")]
"""(seat, key, moves-list line): X takes the top row."""


async def test_two_players_meet_by_code_a_spectator_is_refused_and_the_rated_game_moves_the_ladder(
        start_server, capsys):
    server = await start_server()
    rooms = server.engines.rooms
    keys = [make_key() for _ in range(3)]
    ann, ben, cat = [await Terminal.open(server.port, key, user=name) for key, name in zip(keys, ("ann", "ben", "cat"))]
    fingerprints = [key.get_fingerprint("sha256") for key in keys[:2]]
    data = server.config.data_dir
    assert cli_main(["ladder", "tic-tac-toe", "--data", str(data), "--json"]) == 0
    assert {row["kind"] for row in json.loads(capsys.readouterr().out)} == {"ai"}  # nobody rated yet

    await go_online(ann)
    code = await create_room(ann, "tic-tac-toe", rated=True)
    room = rooms.registry.rooms[code]
    assert room.options.rated and room.slots[0].identity == fingerprints[0]
    await go_online(ben)
    await join_by_code(ben, code.lower())
    await ann.wait_for("X: ann (you)", "O: ben", "Your move: X")
    await ben.wait_for("X: ann", "O: ben (you)", f"Room {code}")

    await go_online(cat)  # the room is listed now: watch it (the highlighted, only room)
    await cat.wait_for(code, "ann, ben")
    cat.send(b"w")
    await cat.wait_for("You are watching", "X: ann", "O: ben")
    cat.send(b"5")  # the centre: refused
    await cat.wait_for("spectators cannot move")
    assert room.table.match.state.history == []
    await ann.wait_for("1 watching")

    players = (ann, ben)
    for number, (seat, key, line) in enumerate(TIC_TAC_TOE_GAME, 1):
        await players[seat].wait_for(f"Your move: {'XO'[seat]}")
        players[seat].send(key.encode())
        for term in (ann, ben, cat):
            await term.wait_for(f"{number}. {line}")
    for term in (ann, ben, cat):
        await term.wait_for("Game over: X wins")
    assert room.table.match.result_text == "X wins"

    for term in players:  # each seat is told how the ratings moved
        await term.wait_for("Ratings:")
    spec = catalog.get("tic-tac-toe")
    await until(lambda: len([r for r in ladder_rows(rooms.ratings, spec, room.variant) if r["games"]]) == 2,
                     what="both players rated")
    winner, loser = (rooms.ratings.rating(room.variant, fp) for fp in fingerprints)
    assert winner.mu > 25.0 > loser.mu  # openskill's start is 25: X won
    assert cli_main(["ladder", "tic-tac-toe", "--data", str(data), "--json"]) == 0
    people = {row["id"]: row for row in json.loads(capsys.readouterr().out) if row["kind"] == "player"}
    assert sorted(people) == sorted(fingerprints)
    assert [people[fp]["name"] for fp in fingerprints] == ["ann", "ben"]
    assert all(row["games"] == 1 for row in people.values())
    assert people[fingerprints[0]]["rating"] > people[fingerprints[1]]["rating"]
    await close_all(server, ann, ben, cat)


# ----- 2. hidden cards, a cut connection, the seat back with the same key ------------------------------------
def card_texts(name: str) -> list[str]:
    """How a Leduc card named ``name`` ('Ks') can show: its face ('K♠') and its name in the moves list."""
    return [card_label(parse_card(name)), f"({name})"]


def hand_words(name: str) -> list[str]:
    """The hand names that would say the card's rank: 'King high', 'Pair of kings'."""
    word = rank_word(leduc_card(name))
    return [f"{word.capitalize()} high", f"Pair of {word}s"]


def face_bytes(name: str) -> re.Pattern:
    """The card's face in raw terminal output (its rank and suit may be styled apart)."""
    rank, suit = card_label(parse_card(name))
    return re.compile(re.escape(rank.encode()) + rb"(?:\x1b\[[0-9;:]*m)*" + re.escape(suit.encode()))


def assert_hidden(term: Recorder, offset: int, names: list[str], words: list[str], who: str) -> list[str]:
    """No screen ``term`` showed in its first ``offset`` bytes holds a text of ``names``' cards or
    ``words``, nor do those bytes hold their faces; the screens checked."""
    screens, raw = term.frames_until(offset)
    texts = [text for name in names for text in card_texts(name)] + words
    for screen in screens:
        leaked = [text for text in texts if text in screen]
        assert not leaked, f"{who} saw {leaked} before the showdown:\n{screen}"
    for name in names:
        assert not face_bytes(name).search(raw), f"{who} received {name}'s face before the showdown"
    return screens


def players_moves(room) -> int:
    """The moves the room's players made (chance's deals not counted)."""
    return sum(1 for entry in room.table.match.log_entries if entry.mover >= 0)


async def play_check(room, terms: dict[int, Terminal], sent: dict | None = None) -> None:
    """The seat to move checks or calls (``c``) on its own screen; back once the room has the move.
    ``sent``: each recorder's raw length when the key went is put there (what came before could not
    show the move's outcome)."""
    def state():
        return room.table.match.state

    await until(lambda: state().is_terminal or state().current_player in terms, what="a person to move")
    if state().is_terminal:
        return
    seat = state().current_player
    before = players_moves(room)
    await terms[seat].wait_for("Your move")
    if sent is not None:
        sent.update({term: len(term.raw) for term in sent})
    terms[seat].send(b"c")
    await until(lambda: players_moves(room) == before + 1, what=f"seat {seat}'s move in the room")


async def test_leduc_hides_each_card_and_a_dropped_player_gets_the_seat_back_with_the_same_key(start_server):
    server = await start_server()
    rooms = server.engines.rooms
    ann_key, ben_key = make_key(), make_key()
    ann, ben, cat = [await Recorder.open(server.port, key, user=name)
                     for key, name in ((ann_key, "ann"), (ben_key, "ben"), (make_key(), "cat"))]
    await go_online(ann)
    code = await create_room(ann, "leduc-holdem")
    await go_online(ben)
    await join_by_code(ben, code.lower())
    await go_online(cat)
    await cat.wait_for(code)
    cat.send(b"w")
    await cat.wait_for("You are watching")
    room = rooms.registry.rooms[code]
    await until(lambda: room.table.match.state.current_player in (0, 1), what="the cards dealt")
    state = room.table.match.state
    cards = [state.private_cards(seat)[0] for seat in (0, 1)]
    await ann.wait_for(card_label(parse_card(cards[0])), "Player 1 (you)")  # each sees their own card
    await ben.wait_for(card_label(parse_card(cards[1])), "Player 2 (you)")

    while not (room.table.match.state.current_player == 1 and players_moves(room) >= 1):
        await play_check(room, {0: ann, 1: ben})  # until Ben is to move, a move or two into the hand
    ben_pid = session_pid(server, ben_key)
    ben.conn.abort()  # Ben's connection is cut
    await ann.wait_for("ben · away", "ben dropped: the seat")
    assert room.slots[1].member is None and room.slots[1].away_until is not None
    ben_id = ben_key.get_fingerprint("sha256")
    await until(lambda: not [s for s in server.sessions if s.connection.fingerprint == ben_id],
                     what="Ben's session ended")
    assert process_gone(ben_pid)  # no child process left behind

    again = await Recorder.open(server.port, ben_key, user=code)  # ssh CODE@host, the same key
    await again.wait_for("Player 2 (you)", card_label(parse_card(cards[1])), "Your move")
    await until(lambda: "ben is back" in ann.text and "away" not in ann.text, what="Ben back on Ann's screen")
    assert room.slots[1].member is not None and room.slots[1].away_until is None
    before_showdown = {ann: 0, again: 0, cat: 0}  # the raw lengths when the hand's last move was sent
    await play_check(room, {1: again}, before_showdown)  # his move, from the new connection
    while not room.table.match.state.is_terminal:
        await play_check(room, {0: ann, 1: again}, before_showdown)
    for term in (ann, again, cat):
        await term.wait_for("Hand over")
    await cat.wait_for(*(card_label(parse_card(card)) for card in cards))  # the showdown shows both

    both_words = [word for card in cards for word in hand_words(card)]
    screens = assert_hidden(cat, before_showdown[cat], cards, both_words, "the spectator")
    assert len(screens) > 10 and any(screen.count("[░░]") == 2 for screen in screens)  # both cards face down
    ben_words = hand_words(cards[1]) if rank_word(leduc_card(cards[0])) != rank_word(leduc_card(cards[1])) else []
    assert_hidden(ann, before_showdown[ann], [cards[1]], ben_words, "Ann")
    assert face_bytes(cards[0]).search(bytes(ann.raw))  # the check can fail: Ann's own card's face is there
    assert_hidden(ben, len(ben.raw), [cards[0]], [], "Ben")  # Ben, before and after his reconnect
    assert_hidden(again, before_showdown[again], [cards[0]], [], "Ben again")
    await close_all(server, ann, again, cat)


# ----- 3. a browser player in an SSH player's room -------------------------------------------------------------
@pytest.fixture
async def both_front_ends(tmp_path):
    """SSH and web front ends of one server, sharing its rooms (as ``tui-games serve --ssh --web``)."""
    servers = await start_front_ends(ServeConfig(host="127.0.0.1", ssh_port=0, web_port=0,
                                                 data_dir=tmp_path / "data"))
    yield servers
    for server in reversed(servers):
        await server.stop()


async def test_a_browser_player_joins_an_ssh_room_and_its_move_shows_on_the_ssh_screen(both_front_ends):
    ssh, web = both_front_ends
    assert web.engines is ssh.engines
    ann = await Terminal.open(ssh.port, make_key(), user="ann")
    browser = await WebTerminal.open(web)
    await go_online(ann)
    code = await create_room(ann, "tic-tac-toe")
    await browser.wait_for("tui-games", "Tic Tac Toe")
    await browser.send("p")
    await browser.wait_for("Open rooms (1)", code)
    await join_by_code(browser, code.lower())
    await ann.wait_for("Your move: X", "O: Guest-")
    room = ssh.engines.rooms.registry.rooms[code]
    (link,) = [link for link, membership in ssh.engines.rooms.members.items() if membership.member.seat == 1]
    (web_session,) = web.sessions  # the browser's identity: its cookie's
    assert link.identity == f"web:{web_session.identity.token}" == room.slots[1].identity

    ann.send(b"5")
    await browser.wait_for("1. X: b2", "Your move: O", "O: Guest-")
    await browser.send("1")
    await ann.wait_for("2. O: a1", "Your move: X")
    assert room.table.match.state.history == [4, 0]
    await browser.close()
    await ann.close()
    await until(lambda: not ssh.sessions and not web.sessions, what="both sessions' end")
