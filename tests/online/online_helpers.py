"""Shared pieces of the online tests: a lobby on a manual clock (no network), and seats in its rooms
as the session sees them (a RoomTable connected straight to the room)."""

from __future__ import annotations

from tui_games.online import RoomTable
from tui_games.serve.rooms import ManualClock, RoomRegistry, RoomSettings
from tui_games.table import InlineRunner


def make_lobby(tmp_path, clock=None, **settings):
    """A lobby on ``clock`` (default: a ManualClock) with no AI pace and no pause between deals, saving
    its rooms' games under ``tmp_path``: (lobby, clock)."""
    clock = clock or ManualClock()
    settings.setdefault("ai_pace_s", 0.0)
    settings.setdefault("deal_pause_s", 0.0)
    settings.setdefault("saves_dir", tmp_path / "rooms")
    return RoomRegistry(clock, runner_factory=InlineRunner, settings=RoomSettings(**settings)), clock


class Events:
    """Everything a RoomTable emits, kept in order."""

    def __init__(self, table: RoomTable) -> None:
        self.seen: list = []
        table.listen(self.seen.append)

    def of(self, kind) -> list:
        """The events of type ``kind``."""
        return [event for event in self.seen if isinstance(event, kind)]


def seat_tables(lobby, game_id: str, post, seats=None, params=None, watchers: int = 0):
    """A room of ``game_id`` with a RoomTable for each person's seat (created and joined in order) and
    ``watchers`` spectators' RoomTables: (room, [tables of the seats], [tables of the spectators])."""
    first = RoomTable(game_id, post)
    member = lobby.create(game_id, "id-0", "Ann", first.connection, seats=seats, params=params)
    first.attach(member)
    room = member.room
    watching = []
    for number in range(watchers):
        table = RoomTable(game_id, post)
        table.attach(lobby.watch(room.code, f"id-w{number}", f"Wes{number}", table.connection))
        watching.append(table)
    tables = [first]
    names = ["Ben", "Cat", "Dan", "Eve"]
    for number in range(len(room.slots) - 1):
        if not room.open_seats:
            break
        table = RoomTable(game_id, post)
        table.attach(lobby.join(room.code, f"id-{number + 1}", names[number], table.connection))
        tables.append(table)
    return room, tables, watching


# ----- apps with a lobby (the online screens' tests) ----------------------------------------------------

def online_app(registry, identity: str, name: str, ratings=None, settings=None):
    """The app of the session ``identity`` (shown as ``name``) with a LocalLobby over ``registry``, which
    lives on the running loop (the app's own): its screens reach the lobby from worker threads."""
    import asyncio

    from tui_games.online.local_lobby import LocalLobby, runner_on
    from tui_games.store.settings import Settings
    from tui_games.ui.app import TuiGamesApp

    lobby = LocalLobby(registry, identity, name, runner_on(asyncio.get_running_loop()), ratings=ratings)
    return TuiGamesApp(settings=settings or Settings(ai_think_time=0.1, animation="off"), lobby=lobby)


async def play_together(scripts, size=(80, 24), timeout: float = 240.0) -> None:
    """Run each ``(app, script)``: the app in its own task (each app has its own context), then
    ``await script(app, pilot)`` there; every app stays up until all scripts are done. A script that
    fails, or ``timeout`` seconds, ends them all with the error."""
    import asyncio

    done = asyncio.Event()
    finished: list = []

    async def run(app, script) -> None:
        async with app.run_test(size=size) as pilot:
            await script(app, pilot)
            finished.append(app)
            await done.wait()

    tasks = [asyncio.create_task(run(app, script)) for app, script in scripts]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        while len(finished) < len(tasks):
            failed = [task for task in tasks if task.done() and task.exception() is not None]
            if failed:
                raise failed[0].exception()
            if loop.time() > deadline:
                raise AssertionError(f"the apps' scripts did not finish in {timeout:g} s")
            await asyncio.sleep(0.02)
    finally:
        done.set()
        if len(finished) < len(tasks):  # a script failed or hangs: stop the others' scripts too
            for task in tasks:
                task.cancel()
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 60)


def screen_text(app) -> str:
    """What the app's terminal shows now, as plain text, through the app's filters (ASCII mode ...)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, color_system="truecolor",
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)
