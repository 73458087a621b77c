"""The "Play online" screens at 80x24, driven by keys (and a click or two) in apps whose lobby is a
LocalLobby over one in-process RoomRegistry on the test's loop (no network): creating a room and
joining it by its code typed in lower case, playing to the end, quick match, the rooms list and a
spectator who never sees a hidden card, the chat line, refusals shown with their reason, the room
code in the environment at start, and the ladder from a RatingStore."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import DataTable, Input, OptionList, Select
from textual.widgets._footer import FooterKey

from tui_games.online import RoomTable
from tui_games.online.local_lobby import LocalLobby, call_now, runner_on
from tui_games.ratings.variants import default_variant
from tui_games.online.online_lobby import ROOM_VARIABLE, LobbyError
from tui_games.ratings.store import RatingStore
from tui_games.ratings.variants import variant_of
from tui_games.serve.rooms import AsyncioClock, ManualClock
from tui_games import catalog
from tui_games.store.settings import Settings
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.screens.confirm import ConfirmScreen
from tui_games.ui.screens.game import GameScreen
from tui_games.ui.screens.keys import KeysScreen
from tui_games.ui.screens.ladder import LadderScreen
from tui_games.ui.screens.menu import MenuScreen
from tui_games.ui.screens import online as online_screen
from tui_games.ui.screens.online import OnlineScreen
from tui_games.ui.screens.online_create import CreateRoomScreen
from tui_games.ui.screens.online_rooms import RoomChoiceScreen
from tui_games.ui.widgets.room_panel import RoomPanel
from tui_games.ui.widgets.room_seats import room_status_text
from online_helpers import make_lobby, online_app, play_together, screen_text
from test_room_screens import card_forms, frame_text, leduc_cards, until

SIZE = (80, 24)
FAST = Settings(ai_think_time=0.1, animation="off")


def registry_here(tmp_path, **settings):
    """A lobby on the running loop (the apps' own)."""
    return make_lobby(tmp_path, clock=AsyncioClock(asyncio.get_running_loop()), **settings)[0]


def game_screen(app) -> GameScreen | None:
    return app.screen if isinstance(app.screen, GameScreen) else None


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def open_online(app, pilot) -> OnlineScreen:
    """Press p on the menu; the online screen, once it has listed the rooms."""
    await until(lambda: isinstance(app.screen, MenuScreen), "the menu")
    await pilot.press("p")
    await until(lambda: isinstance(app.screen, OnlineScreen) and app.screen._listed, "the online screen")
    return app.screen


def highlight_game(screen: OnlineScreen, game_id: str) -> None:
    games = screen.query_one("#online-games", OptionList)
    games.highlighted = next(i for i in range(games.option_count) if games.get_option_at_index(i).id == game_id)


async def create_room(app, pilot, game_id: str, seats: dict | None = None, rated: bool = False) -> GameScreen:
    """From the online screen: c on ``game_id``, the seats set (seat -> 'human' / 'ai:N'), rated or not,
    Open room."""
    screen = app.screen
    highlight_game(screen, game_id)
    await pilot.press("c")
    await until(lambda: isinstance(app.screen, CreateRoomScreen) and app.screen.query("#create-progress"),
                "the room's options")
    for seat, value in (seats or {}).items():
        app.screen.query_one(f"#seat-{seat}", Select).value = value
    app.screen.query_one("#rated", Select).value = "yes" if rated else "no"
    await pilot.pause()
    await pilot.click("#start")
    await until(lambda: game_screen(app) is not None, "the room's game screen")
    return app.screen


async def join_by_code(app, pilot, code: str) -> None:
    """From the online screen: j, the code typed, Enter."""
    await pilot.press("j", *code, "enter")


async def wait_in_room(app) -> GameScreen:
    """The room's game screen, once its game is drawn and has the keys."""
    await until(lambda: game_screen(app) is not None and app.screen.view is not None
                and app.focused is app.screen.view, "the room's game")
    return app.screen


async def play_cells(app, pilot, cells: list[str]) -> None:
    """Play Tic Tac Toe by its digit keys: each of ``cells`` at this seat's turn, until the end."""
    screen = await wait_in_room(app)
    match = screen.match
    for cell in cells:
        await until(lambda: match.human_to_move or match.is_over, "my turn")
        if match.is_over:
            return
        before = len(match.log_entries)
        await pilot.press(cell)
        await until(lambda: len(match.log_entries) > before, f"cell {cell} to be played")
    await until(lambda: match.is_over, "the end")
    await pilot.pause()


# ----- the menu --------------------------------------------------------------------------------------------

async def test_the_menu_offers_play_online_only_with_a_lobby(tmp_path, home):
    local = TuiGamesApp(settings=FAST)
    async with local.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert local.screen.check_action("online", ()) is False
        assert "Play online" not in screen_text(local)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(local.screen, MenuScreen)
    registry = registry_here(tmp_path)
    app = online_app(registry, "id-a", "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "p Play online" in screen_text(app)  # in the footer at 80 columns
        key = next(k for k in app.screen.query(FooterKey) if k.action == "online")
        await pilot.click(key)  # the mouse way
        await until(lambda: isinstance(app.screen, OnlineScreen), "the online screen")
        text = screen_text(app)
        for words in ("Play online as Ann", "Games", "Open rooms", "Room code", "c Create", "m Quick match",
                      "j Join code", "l Ladder", "Esc Back"):
            assert words in text, words
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, MenuScreen), "the menu again")


# ----- create, join by code, play ---------------------------------------------------------------------------

async def test_a_rated_room_made_in_one_app_is_joined_by_its_code_in_lower_case_and_played_to_the_end(
        tmp_path, home):
    store = RatingStore(tmp_path / "ratings")
    registry = registry_here(tmp_path)
    registry.ratings = store
    shared: dict = {}

    async def ann(app, pilot) -> None:
        await open_online(app, pilot)
        screen = await create_room(app, pilot, "tic-tac-toe", rated=True)
        table = screen.request.room
        await until(lambda: table.match.view.get("code"), "the room's view")
        code = table.match.view["code"]
        await until(lambda: f"Give them the code {code}" in screen_text(app) and "O: Open seat" in screen_text(app),
                    "the code and the seats on screen")  # the seats panel may come a tick later
        text = screen_text(app)
        assert f"Room {code}" in text and "Waiting for 1 player" in text and "O: Open seat" in text
        assert "X: Ann (you)" in text
        shared["code"] = code  # only now may Ben join
        await play_cells(app, pilot, ["1", "2", "3"])
        shared["ann"] = screen.match
        await until(lambda: "Ratings: Ann" in screen_text(app), "the ratings moved, in the room's panel")
        assert "Game over: " in screen_text(app) and "q leave the room" in screen_text(app)

    async def ben(app, pilot) -> None:
        online = await open_online(app, pilot)
        await until(lambda: "code" in shared, "Ann's room")
        await join_by_code(app, pilot, shared["code"].lower())
        screen = await wait_in_room(app)
        assert online.query_one("#room-code", Input).value == shared["code"].lower()
        await until(lambda: "X: Ann" in screen_text(app) and "O: Ben (you)" in screen_text(app), "the names")
        await play_cells(app, pilot, ["4", "5"])
        shared["ben"] = screen.match

    await play_together([(online_app(registry, "id-a", "Ann"), ann), (online_app(registry, "id-b", "Ben"), ben)])
    ann_match, ben_match = shared["ann"], shared["ben"]
    assert ann_match.is_over and ben_match.is_over
    assert ann_match.state.returns() == ben_match.state.returns() == [1.0, -1.0]  # X took the top row
    assert [e.action for e in ann_match.log_entries] == [0, 3, 1, 4, 2]
    assert ann_match.result_text == ben_match.result_text and "X" in ann_match.result_text
    assert ann_match.status == "finished"
    ladder = {row["name"]: row for row in LocalLobby(registry, "id-c", "Cat", call_now).ladder("tic-tac-toe")["rows"]}
    assert ladder["Ann"]["games"] == ladder["Ben"]["games"] == 1
    assert ladder["Ann"]["rating"] > ladder["Ben"]["rating"]


async def test_quick_match_seats_two_apps_in_one_room_and_leaving_a_running_game_asks_first(tmp_path, home):
    registry = registry_here(tmp_path)
    tables: dict = {}

    def script(name: str):
        async def run(app, pilot) -> None:
            online = await open_online(app, pilot)
            if name == "Ben":
                await until(lambda: "Ann" in tables, "Ann's quick match")
            highlight_game(online, "tic-tac-toe")
            await pilot.press("m")
            await until(lambda: game_screen(app) is not None, "the room's game screen")
            tables[name] = table = app.screen.request.room
            await until(lambda: table.match.status == "playing", "the game to start")
            screen = await wait_in_room(app)
            if name == "Ann":
                await pilot.press("q")
                await until(lambda: isinstance(app.screen, ConfirmScreen), "the question")
                await pilot.press("n")
                await until(lambda: app.screen is screen, "the game again")
                assert not table.closed
                await pilot.press("q")
                await until(lambda: isinstance(app.screen, ConfirmScreen), "the question")
                await pilot.press("y")
                await until(lambda: isinstance(app.screen, OnlineScreen), "the online screen")
                assert table.closed
                tables["left"] = True
            else:
                await until(lambda: "left" in tables, "Ann to leave")
                await until(lambda: "Ann left the table" in screen.query_one(RoomPanel).chat_text().plain,
                            "the notice in my room panel")
        return run

    await play_together([(online_app(registry, "id-a", "Ann"), script("Ann")),
                         (online_app(registry, "id-b", "Ben"), script("Ben"))])
    assert len(registry.rooms) == 1
    (room,) = registry.rooms.values()
    assert [slot.name for slot in room.slots] == ["Ann", "Ben"]
    assert tables["Ann"].match.view["code"] == tables["Ben"].match.view["code"] == room.code
    assert (tables["Ann"].match.viewer, tables["Ben"].match.viewer) == (0, 1)
    assert room.slots[0].taken_over is not None  # the AI plays Ann's seat now


# ----- watching: the rooms list and a spectator's screen ------------------------------------------------------

async def test_the_rooms_list_shows_a_room_and_its_spectator_sees_no_hidden_card(tmp_path, home, monkeypatch):
    monkeypatch.setattr(online_screen, "REFRESH_S", 600.0)  # the list changes on r alone
    registry = registry_here(tmp_path, deal_pause_s=600)
    shared: dict = {"problems": [], "frames": 0}
    room_of = lambda: next(iter(registry.rooms.values()), None)  # noqa: E731

    async def player(app, pilot, create: bool) -> None:
        await open_online(app, pilot)
        if create:
            screen = await create_room(app, pilot, "leduc-holdem")
            await until(lambda: screen.request.room.match.view.get("code"), "the code")
            shared["code"] = screen.request.room.match.view["code"]
        else:
            await until(lambda: "code" in shared, "the room")
            await join_by_code(app, pilot, shared["code"].lower())
        screen = await wait_in_room(app)
        match = screen.match
        await until(lambda: shared.get("watching"), "the spectator")
        while not match.is_over:
            await until(lambda: match.human_to_move or match.is_over, "my turn")
            if match.is_over:
                break
            before = len(match.log_entries)
            await pilot.press("c")  # check or call: to the showdown
            await until(lambda: len(match.log_entries) > before or match.is_over, "the move")
        await pilot.pause()

    async def watcher(app, pilot) -> None:
        original = app._display

        def display(screen, renderable) -> None:
            original(screen, renderable)
            room = room_of()
            if room is None or room.table is None or not isinstance(app.screen, GameScreen) or app.screen.view is None:
                return
            shared["frames"] += 1
            text = frame_text(app)
            hidden, _ = leduc_cards(room.table.match.state, -1)
            shown = [card for card in hidden if any(form in text for form in card_forms(card))]
            if shown:
                shared["problems"].append(f"the spectator's frame shows {shown}:\n{text}")

        app._display = display
        online = await open_online(app, pilot)
        await until(lambda: room_of() is not None and room_of().status.value == "playing", "the game")
        table = online.query_one("#online-rooms", DataTable)
        await pilot.press("r")  # the room may have been listed while it waited: list it again
        await until(lambda: any(r["code"] == shared["code"] and r["status"] == "playing" for r in online.rooms),
                    "the room in the list", 10)
        row = [r["code"] for r in online.rooms].index(shared["code"])
        cells = [str(c) for c in table.get_row_at(row)]
        assert cells[:4] == [shared["code"], "Leduc Hold'em", "playing", "2/2"] and "Ann, Ben" in cells[4]
        assert online.check_action("sit", ()) is False  # no free seat: watch only
        table.move_cursor(row=row)
        table.focus()
        await pilot.press("w")
        screen = await wait_in_room(app)
        assert screen.request.room.spectator
        shared["watching"] = True
        await until(lambda: screen.match.is_over, "the showdown", 240)
        await pilot.pause()
        await until(lambda: "are watching" in screen_text(app), "the room's line")  # wrapped in the panel
        if screen.match.view.get("next_deal_s") is not None:  # a room that says when it deals again
            await until(lambda: "Next hand in 10:00" in screen_text(app) or "Next hand in 9:5" in screen_text(app),
                        "the countdown to the next hand (deal_pause_s=600)", 10)

    await play_together([(online_app(registry, "id-a", "Ann"), lambda a, p: player(a, p, True)),
                         (online_app(registry, "id-b", "Ben"), lambda a, p: player(a, p, False)),
                         (online_app(registry, "id-c", "Cat"), watcher)], timeout=300)
    room = room_of()
    assert room.table.match.state.is_terminal and room.table.match.state.showdown
    assert shared["frames"] > 5
    assert not shared["problems"], shared["problems"][0]


async def test_a_click_on_a_room_with_a_free_seat_asks_whether_to_sit_or_watch(tmp_path, home):
    registry = registry_here(tmp_path)
    shared: dict = {}

    async def ann(app, pilot) -> None:
        await open_online(app, pilot)
        screen = await create_room(app, pilot, "tic-tac-toe")
        await until(lambda: screen.request.room.match.view.get("code"), "the code")
        shared["code"] = screen.request.room.match.view["code"]
        await until(lambda: screen.request.room.match.status == "playing", "Ben")

    async def ben(app, pilot) -> None:
        online = await open_online(app, pilot)
        await until(lambda: "code" in shared, "Ann's room")
        await pilot.press("r")
        await until(lambda: any(room["code"] == shared["code"] for room in online.rooms), "the room listed")
        assert online.check_action("sit", ()) and online.check_action("watch", ())
        assert "s Sit" in screen_text(app) and "w Watch" in screen_text(app)
        await pilot.click("#online-rooms", offset=(3, 2))  # the first row, under the column titles
        await until(lambda: isinstance(app.screen, RoomChoiceScreen), "the question")
        await pilot.click("#sit")
        screen = await wait_in_room(app)
        assert screen.match.viewer == 1 and screen.match.view["code"] == shared["code"]

    await play_together([(online_app(registry, "id-a", "Ann"), ann), (online_app(registry, "id-b", "Ben"), ben)])


# ----- chat ------------------------------------------------------------------------------------------------

async def test_a_chat_line_typed_in_one_app_shows_in_the_others_panel_and_no_game_key_fires(tmp_path, home):
    registry = registry_here(tmp_path)
    shared: dict = {}

    async def ann(app, pilot) -> None:
        await open_online(app, pilot)
        screen = await create_room(app, pilot, "tic-tac-toe")
        await until(lambda: screen.request.room.match.view.get("code"), "the code")
        shared["code"] = screen.request.room.match.view["code"]
        match = (await wait_in_room(app)).match
        await until(lambda: match.human_to_move, "my turn")
        await pilot.press("slash")
        panel = screen.query_one(RoomPanel)
        assert panel.chatting and isinstance(app.focused, Input)
        await pilot.press(*"5 q", "escape")  # cell 5 and Quit: typed, not played; Esc closes
        assert not panel.chatting and isinstance(app.screen, GameScreen) and not match.log_entries
        await pilot.press("slash")
        assert app.focused.value == "5 q"  # kept for next time
        await pilot.press("enter")
        await until(lambda: "Ann: 5 q" in panel.chat_text().plain, "my line back from the room")
        assert not match.log_entries and match.human_to_move
        assert app.focused is screen.view  # the keys are the game's again
        await until(lambda: shared.get("seen"), "Ben to read it")
        await pilot.press("5")
        await until(lambda: len(match.log_entries) == 1, "cell 5 to be played")
        shared["played"] = [e.action for e in match.log_entries]

    async def ben(app, pilot) -> None:
        await open_online(app, pilot)
        await until(lambda: "code" in shared, "the room")
        await join_by_code(app, pilot, shared["code"])
        await wait_in_room(app)
        await until(lambda: "Ann: 5 q" in screen_text(app), "Ann's line in my chat panel")
        shared["seen"] = True
        await until(lambda: "played" in shared, "Ann's move")

    await play_together([(online_app(registry, "id-a", "Ann"), ann), (online_app(registry, "id-b", "Ben"), ben)])
    assert shared["played"] == [4]
    (room,) = registry.rooms.values()
    assert [line.text for line in room.chat_lines] == ["5 q"]


# ----- refusals ----------------------------------------------------------------------------------------------

async def test_a_refused_code_or_room_is_shown_with_its_reason_and_nothing_is_lost(tmp_path, home):
    registry = registry_here(tmp_path)  # keeps no ratings: a rated room is refused

    async def script(app, pilot) -> None:
        online = await open_online(app, pilot)
        await join_by_code(app, pilot, "zzzz")
        progress = online.query_one("#online-progress")
        await until(lambda: not progress.busy and progress.message, "the answer")
        assert progress.message == "There is no open room 'ZZZZ'"
        assert "There is no open room 'ZZZZ'" in screen_text(app)
        assert isinstance(app.screen, OnlineScreen) and online.query_one("#room-code", Input).value == "zzzz"
        online.query_one("#room-code", Input).value = "ab"
        await pilot.press("enter")
        await until(lambda: not progress.busy and "4 letters" in progress.message, "the answer")
        await pilot.press("escape")  # out of the code field
        highlight_game(online, "tic-tac-toe")
        await pilot.press("c")
        await until(lambda: isinstance(app.screen, CreateRoomScreen) and app.screen.query("#create-progress"),
                    "the room's options")
        dialog = app.screen
        dialog.query_one("#rated", Select).value = "yes"
        dialog.query_one("#seat-1", Select).value = "ai:2"
        await pilot.pause()
        await pilot.click("#start")
        await until(lambda: not dialog.progress.busy and dialog.progress.message, "the answer")
        assert dialog.progress.message == "This server keeps no ratings"
        assert app.screen is dialog and dialog.query_one("#seat-1", Select).value == "ai:2"
        assert not registry.rooms

    await play_together([(online_app(registry, "id-a", "Ann"), script)])


# ----- the room code at start ---------------------------------------------------------------------------------

async def test_the_room_variable_joins_at_start_and_a_bad_one_leaves_the_menu_with_the_reason(
        tmp_path, home, monkeypatch):
    registry = registry_here(tmp_path)
    first = RoomTable("tic-tac-toe", lambda call: asyncio.get_running_loop().call_soon(call))
    first.attach(registry.create("tic-tac-toe", "id-a", "Ann", first.connection))
    code = first.member.room.code
    monkeypatch.setenv(ROOM_VARIABLE, code.lower())

    async def joins(app, pilot) -> None:
        screen = await wait_in_room(app)
        assert screen.match.viewer == 1 and screen.match.view["code"] == code

    await play_together([(online_app(registry, "id-b", "Ben"), joins)])
    assert registry.rooms[code].slots[1].name == "Ben"

    monkeypatch.setenv(ROOM_VARIABLE, "QQQQ")

    async def refused(app, pilot) -> None:
        await until(lambda: any("There is no open room 'QQQQ'" in n for n in notices(app)), "the reason")
        assert isinstance(app.screen, MenuScreen)

    await play_together([(online_app(registry, "id-c", "Cat"), refused)])
    local = TuiGamesApp(settings=FAST)  # no lobby: the variable means nothing
    async with local.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        assert isinstance(local.screen, MenuScreen) and not notices(local)


# ----- the ladder ------------------------------------------------------------------------------------------

async def test_the_ladder_lists_the_ratings_of_a_rated_game_and_its_other_variants(tmp_path, home):
    store = RatingStore(tmp_path / "ratings")
    ttt = catalog.get("tic-tac-toe")
    store.record_game(variant_of(ttt, {}, seats=2), ["id-a", "ai:1"], [1.0, -1.0], names={"id-a": "Ann"})
    nim = catalog.get("nim")
    other = variant_of(nim, {"heaps": 4}, seats=2)
    store.record_game(other, ["id-b", "id-a"], [1.0, -1.0], names={"id-b": "Ben", "id-a": "Ann"})
    registry = registry_here(tmp_path)

    async def script(app, pilot) -> None:
        online = await open_online(app, pilot)
        highlight_game(online, "tic-tac-toe")
        await pilot.press("l")
        await until(lambda: isinstance(app.screen, LadderScreen) and app.screen.ladder is not None, "the ladder")
        ladder = app.screen
        table = ladder.query_one("#ladder-table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        ann = next(row for row in rows if row[1] == "Ann")
        assert ann[2] == "player" and ann[4] == "1"
        ai = next(row for row in rows if row[1].startswith("AI ") and row[1].endswith("(1)"))
        assert ai[2] == "AI" and ai[4] == "1"
        assert [row[0] for row in rows] == [str(n) for n in range(1, len(rows) + 1)]
        ratings = [float(row[3]) for row in rows]
        assert ratings == sorted(ratings, reverse=True)
        assert "Ann" in screen_text(app)
        ladder.query_one("#ladder-game", Select).value = "nim"
        await until(lambda: ladder.ladder["game_id"] == "nim" and not ladder.query_one("#ladder-progress").busy,
                    "Nim's ladder")
        assert ladder.ladder["variant"] == default_variant(nim).key and other.key in ladder.ladder["variants"]
        assert not any(r["kind"] == "player" for r in ladder.ladder["rows"])  # nobody rated by default rules
        ladder.query_one("#ladder-variant", Select).value = other.key
        await until(lambda: ladder.ladder["variant"] == other.key and not ladder.query_one("#ladder-progress").busy,
                    "the other variant")
        names = [r["name"] for r in ladder.ladder["rows"] if r["kind"] == "player"]
        assert names == ["Ben", "Ann"]
        assert "heaps=4" in screen_text(app)

    await play_together([(online_app(registry, "id-a", "Ann", ratings=store), script)])


# ----- 80x24, ASCII, monochrome, keys ------------------------------------------------------------------------

async def test_the_online_screens_fit_80x24_in_ascii_and_monochrome(tmp_path, home):
    registry = registry_here(tmp_path)
    settings = Settings(ai_think_time=0.1, animation="off", glyphs="ascii", colour="monochrome")

    async def script(app, pilot) -> None:
        online = await open_online(app, pilot)
        shown = {"online": screen_text(app)}
        highlight_game(online, "leduc-holdem")
        await pilot.press("c")
        await until(lambda: isinstance(app.screen, CreateRoomScreen) and app.screen.query("#create-progress"),
                    "the room's options")
        app.screen.query_one("#timer", Select).value = "on"
        await pilot.pause()
        shown["create"] = screen_text(app)
        await pilot.click("#start")
        await until(lambda: game_screen(app) is not None, "the waiting room")
        await until(lambda: "Give them the code" in screen_text(app), "the code")
        shown["waiting"] = screen_text(app)
        await pilot.press("q")  # nothing runs yet: no question, and the room is left
        await until(lambda: isinstance(app.screen, OnlineScreen), "the online screen again")
        await pilot.press("l")
        await until(lambda: isinstance(app.screen, LadderScreen) and app.screen.ladder is not None, "the ladder")
        shown["ladder"] = screen_text(app)
        for name, text in shown.items():
            assert text.isascii(), (name, {c for c in text if not c.isascii()})
            assert len(text.splitlines()) == SIZE[1] and max(map(len, text.splitlines())) <= SIZE[0], name
        assert "Turn timer" in shown["create"] and "Seconds" in shown["create"] and "Open room" in shown["create"]
        assert "Waiting for 1 player" in shown["waiting"] and "/ chat" in shown["waiting"]
        assert "Rating" in shown["ladder"] and "Esc Back" in shown["ladder"]
        colours = app_colours(app)
        assert colours and all(r == g == b for r, g, b in colours), colours

    await play_together([(online_app(registry, "id-a", "Ann", ratings=RatingStore(tmp_path / "ratings"),
                                     settings=settings), script)])
    assert not registry.rooms or all(not room.members for room in registry.rooms.values())


def app_colours(app) -> set:
    """Every colour on the app's screen now."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, color_system="truecolor",
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    found = set()
    for segment in console._record_buffer:
        for colour in (segment.style.color, segment.style.bgcolor) if segment.style else ():
            if colour is not None and colour.triplet is not None:
                found.add(tuple(colour.triplet))
    return found


async def test_the_keys_screen_lists_the_online_keys_only_where_the_app_plays_online(tmp_path, home):
    registry = registry_here(tmp_path)

    async def script(app, pilot) -> None:
        await until(lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.pause()
        app.open_keys()
        await until(lambda: isinstance(app.screen, KeysScreen), "the keys screen")
        await pilot.pause()
        ids = {key.id for key in app.screen._keys}
        assert {"menu.online", "game.chat", "online.create", "online.join_code", "ladder.refresh"} <= ids
        groups = {key.id: key.group for key in app.screen._keys}
        assert groups["online.create"] == "Play online" and groups["ladder.refresh"] == "Ladder"

    await play_together([(online_app(registry, "id-a", "Ann"), script)])
    local = TuiGamesApp(settings=FAST)
    async with local.run_test(size=SIZE) as pilot:
        await pilot.pause()
        local.open_keys()
        await until(lambda: isinstance(local.screen, KeysScreen), "the keys screen")
        await pilot.pause()
        assert not any(key.id.startswith(("online.", "ladder.")) for key in local.screen._keys)


# ----- pieces without a screen --------------------------------------------------------------------------------

def test_the_status_line_counts_down_to_the_next_deal_and_names_who_is_awaited():
    table = RoomTable("leduc-holdem", call_now)
    seats = [{"seat": 0, "label": "Player 1", "name": "Ann", "kind": "person", "connected": True},
             {"seat": 1, "label": "Player 2", "name": "Open seat", "kind": "open"},
             {"seat": 2, "label": "Player 3", "name": "Cat", "kind": "person", "connected": False,
              "away_seconds": 61.0, "seconds_left": 9.5}]
    table.match.update({"code": "ABCD", "status": "waiting", "viewer": 0, "seats": seats})
    assert room_status_text(table).plain == "Waiting for 1 player\nGive them the code ABCD"
    table.match.update({"code": "ABCD", "status": "playing", "viewer": -1, "seats": seats, "next_deal_s": 5.0,
                        "spectators": 2, "rated": True})
    assert room_status_text(table, elapsed=0.2).plain == "Next hand in 5 s · You are watching · rated · 2 watching"
    assert room_status_text(table, elapsed=3.5).plain.startswith("Next hand in 2 s")
    table.match.update({"code": "ABCD", "status": "playing", "viewer": 0, "seats": seats})
    assert room_status_text(table).plain == ""  # no countdown without next_deal_s
    from tui_games.ui.glyphs import ASCII
    from tui_games.ui.widgets.room_seats import room_seats_text

    lines = room_seats_text(table.match, ASCII, elapsed=2.0).plain.splitlines()
    assert lines[0].endswith("Player 1: Ann (you)")
    assert lines[1].endswith("Player 2: Open seat")
    assert lines[2].endswith("Player 3: Cat · away 59 s · 8 s")
    table.close()
    assert room_status_text(table).plain == "You left the room"


def test_the_local_lobby_turns_refusals_into_lobby_errors_and_lists_rooms(tmp_path):
    registry, _ = make_lobby(tmp_path, clock=ManualClock())
    lobby = LocalLobby(registry, "id-a", "Ann", call_now)
    table = RoomTable("tic-tac-toe", call_now)
    entered = lobby.create(table, "tic-tac-toe", seats=[None, 2])
    assert entered.seat == 0 and table.member is not None and table.member.room.code == entered.code
    (listed,) = lobby.rooms()
    assert listed["code"] == entered.code and listed["seats"][1]["kind"] == "ai"
    with pytest.raises(LobbyError, match="There is no open room 'qqqq'"):
        lobby.join(RoomTable("tic-tac-toe", call_now), "qqqq")
    with pytest.raises(LobbyError, match="has started: you may watch it"):
        LocalLobby(registry, "id-b", "Ben").join(RoomTable("tic-tac-toe", call_now), entered.code)
    with pytest.raises(LobbyError, match="keeps no ratings"):
        lobby.ladder("tic-tac-toe")
    with pytest.raises(LobbyError, match="one-player game"):
        lobby.ladder("2048")
    lobby = LocalLobby(registry, "id-a", "Ann", call_now, ratings=RatingStore(tmp_path / "none"))
    ladder = lobby.ladder("nim")
    assert ladder["variants"] == [] and ladder["variant"] == default_variant(catalog.get("nim")).key
    assert {row["kind"] for row in ladder["rows"]} <= {"ai"}  # nobody rated yet: the AI levels' seeds


async def test_runner_on_calls_at_once_on_its_loop_and_waits_from_a_thread():
    loop = asyncio.get_running_loop()
    run = runner_on(loop, timeout=5)
    here = run(lambda: asyncio.get_running_loop())
    assert here is loop
    elsewhere = await asyncio.to_thread(run, lambda: asyncio.get_running_loop())
    assert elsewhere is loop
    with pytest.raises(ZeroDivisionError):
        await asyncio.to_thread(run, lambda: 1 / 0)
