"""Two people and a spectator at one room's table, each on their own app and game screen, driven by
keys: every frame each screen draws shows its own card and never another seat's hidden one; the
spectator sees no hole card before the showdown and its move is refused with the reason; a move out
of turn is refused; undo and hints are not offered; a simultaneous game plays between two screens.

The room runs in this process on the test's loop (no network): each screen's RoomTable is the
room's connection for its seat, as the server's channel will be."""

from __future__ import annotations

import asyncio

from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.online import RoomTable
from tui_games.serve.rooms import AsyncioClock
from tui_games.store.settings import Settings
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.messages import MoveChosen
from tui_games.ui.screens.game import GameRequest, GameScreen
import waiting
from online_helpers import make_lobby

SIZE = (100, 30)
SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
FAST = Settings(ai_think_time=0.1, animation="off")


def card_forms(name: str) -> list[str]:
    """How the table draws card ``name`` ('Kd'): a chip '[K♦]' or inside a framed card 'K ♦'."""
    rank = "10" if name[0] == "T" else name[0]
    return [f"[{rank}{SUITS[name[1]]}]", f"{rank} {SUITS[name[1]]}" if len(rank) == 1 else f"{rank}{SUITS[name[1]]}"]


def frame_text(app) -> str:
    """What the app's terminal shows now."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


APP_WAIT_S = 120.0
"""The longest these tests wait for Textual apps sharing a loaded machine."""

async def until(condition, what: str, timeout: float = APP_WAIT_S) -> None:
    """Wait (letting every app and the room run) until ``condition()``: :func:`waiting.until` with a
    longer bound."""
    await waiting.until(condition, what, timeout)


class Seat:
    """One person's app on a game screen over their RoomTable; every frame it draws is checked: it may
    show none of the other seats' private cards that the viewer may not see at that moment."""

    def __init__(self, room_getter, viewer_cards) -> None:
        self.app = TuiGamesApp(settings=FAST)
        self.room_getter = room_getter
        self.viewer_cards = viewer_cards
        self.table: RoomTable | None = None
        self.frames = 0
        self.own_shown = 0
        self.problems: list[str] = []

    def watch_frames(self) -> None:
        original = self.app._display

        def display(screen, renderable) -> None:
            original(screen, renderable)
            try:
                self.check_frame()
            except Exception as error:
                self.problems.append(f"check failed: {error!r}")

        self.app._display = display

    def check_frame(self) -> None:
        room = self.room_getter()
        screen = self.app.screen
        if room is None or room.table is None or not isinstance(screen, GameScreen) or screen.view is None:
            return
        self.frames += 1
        text = frame_text(self.app)
        hidden, own = self.viewer_cards(room.table.match.state, self.table.match.viewer)
        for card in hidden:
            if any(form in text for form in card_forms(card)):
                self.problems.append(f"frame {self.frames} of seat {self.table.match.viewer} shows {card}:\n{text}")
        self.own_shown += bool(own) and all(any(form in text for form in card_forms(card)) for card in own)

    @property
    def screen(self) -> GameScreen | None:
        return self.app.screen if isinstance(self.app.screen, GameScreen) else None

    def notices(self) -> list[str]:
        return [str(n.message) for n in self.app._notifications]


def leduc_cards(full, viewer: int) -> tuple[set, set]:
    """(the private cards ``viewer`` may not see now, ``viewer``'s own) in the room's whole state."""
    public = full.observed(PUBLIC_VIEW)
    hidden, own = set(), set()
    for seat in range(full.num_players):
        secret = set(full.private_cards(seat)) - set(public.private_cards(seat))
        (own if seat == viewer else hidden).update(secret)
    return hidden, own


async def run_seat(seat: Seat, make_table, play, done: asyncio.Event) -> None:
    """Run ``seat``'s app (in its own task: each app has its own context) with its game screen on the
    table ``make_table(app)`` gives, then ``play(seat, pilot)``; stay up until ``done``."""
    async with seat.app.run_test(size=SIZE) as pilot:
        seat.watch_frames()
        seat.table = make_table(seat.app)
        await seat.app.push_screen(GameScreen(GameRequest(room=seat.table)))
        await until(lambda: seat.screen is not None and seat.screen.view is not None, "the game screen")
        await pilot.pause()
        await play(seat, pilot)
        await done.wait()


async def test_two_screens_play_a_leduc_hand_and_a_spectator_watches(tmp_path):
    loop = asyncio.get_running_loop()
    lobby, _ = make_lobby(tmp_path, clock=AsyncioClock(loop), deal_pause_s=600)
    rooms: list = []
    room_of = lambda: rooms[0] if rooms else None  # noqa: E731
    players = [Seat(room_of, leduc_cards), Seat(room_of, leduc_cards)]
    watcher = Seat(room_of, leduc_cards)
    joined = asyncio.Event()
    done = asyncio.Event()

    def table_for(index: int):
        def make(app) -> RoomTable:
            table = RoomTable("leduc-holdem", app.call_later)
            if index == 0:
                table.attach(lobby.create("leduc-holdem", "id-0", "Ann", table.connection))
                rooms.append(table.member.room)
            elif index == 1:
                table.attach(lobby.join(rooms[0].code, "id-1", "Ben", table.connection))
                joined.set()
            else:
                table.attach(lobby.watch(rooms[0].code, "id-w", "Wes", table.connection))
            return table
        return make

    refused_out_of_turn: list[str] = []

    async def play(seat: Seat, pilot) -> None:
        screen = seat.screen
        match = screen.match
        assert screen.check_action("undo", ()) is False and screen.check_action("hint", ()) is False
        assert screen.check_action("save", ()) is False and screen.check_action("redo", ()) is False
        assert not any(b.binding.action in ("undo", "hint", "save") for b in screen.active_bindings.values()
                       if screen.check_action(b.binding.action, ()))
        tried_early = False
        while not match.is_over:
            await until(lambda: match.human_to_move or match.is_over, "my turn")
            if match.is_over:
                break
            other = players[1 - match.viewer]
            if not tried_early:  # the other seat's screen sends a move now: the room refuses it
                tried_early = True
                before = len(other.notices())
                other.screen.post_message(MoveChosen(match.legal[0]))
                await until(lambda: len(other.notices()) > before, "the refusal")
                refused_out_of_turn.append(other.notices()[-1])
            before = len(match.log_entries)
            await pilot.press("c")  # check or call: to the showdown
            await until(lambda: len(match.log_entries) > before or match.is_over, "the move to be played")
            await pilot.pause()

    async def watch(seat: Seat, pilot) -> None:
        screen = seat.screen
        await until(lambda: screen.match.state is not None and not screen.match.is_over, "the hand")
        before = len(seat.notices())
        screen.post_message(MoveChosen(0))
        await until(lambda: len(seat.notices()) > before, "the spectator's refusal")
        assert seat.notices()[-1] == "spectators cannot move"
        await until(lambda: screen.match.is_over, "the showdown")
        await pilot.pause()

    async def second(index: int, seat: Seat, task) -> None:
        await until(lambda: rooms, "the room")
        await run_seat(seat, table_for(index), task, done)

    tasks = [asyncio.create_task(run_seat(players[0], table_for(0), play, done)),
             asyncio.create_task(second(2, watcher, watch)),
             asyncio.create_task(second(1, players[1], play))]
    try:
        await until(lambda: rooms and rooms[0].deals_played >= 1 and all(
            s.screen is not None and s.screen.match.is_over for s in (*players, watcher)), "the hand to end", 240)
        await asyncio.sleep(0.2)
        room = rooms[0]
        full = room.table.match.state
        assert full.is_terminal and full.showdown  # both called down: the cards were shown
        for seat in players:
            assert seat.frames > 5 and seat.own_shown > 0
            assert seat.screen.match.result_text == room.table.match.result_text
        assert watcher.frames > 5
        for seat in (*players, watcher):
            assert not seat.problems, "\n\n".join(seat.problems[:2])
        assert refused_out_of_turn and all("turn" in reason for reason in refused_out_of_turn)
    finally:
        done.set()
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=False), 60)


async def test_two_screens_choose_in_secret_at_ropasci360(tmp_path):
    loop = asyncio.get_running_loop()
    lobby, _ = make_lobby(tmp_path, clock=AsyncioClock(loop))
    rooms: list = []
    seats = [Seat(lambda: None, None), Seat(lambda: None, None)]
    done = asyncio.Event()
    turns = 3
    deadline = loop.time() + 120
    secret_seen: list[bool] = []

    def table_for(index: int):
        def make(app) -> RoomTable:
            table = RoomTable("ropasci360", app.call_later)
            if index == 0:
                table.attach(lobby.create("ropasci360", "id-0", "Ann", table.connection))
                rooms.append(table.member.room)
            else:
                table.attach(lobby.join(rooms[0].code, "id-1", "Ben", table.connection))
            return table
        return make

    async def play(seat: Seat, pilot) -> None:
        screen = seat.screen
        match = screen.match
        other = 1 - match.viewer
        joints = lambda: sum(isinstance(e.action, tuple) for e in match.log_entries)  # noqa: E731
        for _ in range(turns):
            await until(lambda: match.choosing_human is not None, "my choice")
            before = joints()
            screen.post_message(MoveChosen(match.legal[0]))
            while joints() == before:  # until both choices are in and the joint move is played
                if match.at_simultaneous_node and other in match.joint_choices:
                    secret_seen.append(match.joint_choices[other] != -1)  # another's choice stays secret
                await asyncio.sleep(0.01)
                assert loop.time() < deadline, "the joint move never came"

    async def second(seat: Seat) -> None:
        await until(lambda: rooms, "the room")
        await run_seat(seat, table_for(1), play, done)

    tasks = [asyncio.create_task(run_seat(seats[0], table_for(0), play, done)),
             asyncio.create_task(second(seats[1]))]
    try:
        await until(lambda: rooms and rooms[0].table is not None and sum(
            isinstance(a, list | tuple) for a in rooms[0].table.match.state.history) >= turns, "the turns", 240)
        await asyncio.sleep(0.2)
        full = rooms[0].table.match
        joint = [tuple(a) for a in full.state.history if isinstance(a, (list, tuple))]
        for seat in seats:
            mine = [e.action for e in seat.table.match.log_entries if isinstance(e.action, tuple)]
            assert mine == joint[:len(mine)] and len(mine) >= turns  # both choices known once revealed
        assert not any(secret_seen)
    finally:
        done.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 60)
