"""An :class:`~tui_games.online.online_lobby.OnlineLobby` over a lobby in this process: :class:`LocalLobby`.

For the tests and for trying the online screens without a server: the session's lobby calls go
straight to a :class:`~tui_games.serve.rooms.RoomRegistry` here, through ``run``, a function that
runs a callable where the registry lives and returns its result (blocking). A registry that lives
on an asyncio loop (an :class:`~tui_games.serve.rooms.AsyncioClock`, perhaps the app's own loop) is
reached with :func:`runner_on`, which calls at once when it is already on that loop's thread: the
screens call the lobby from a worker thread (the call waits there while the loop runs the
registry), and a room table's moves and chat come from the screen's loop (called directly when the
registry shares it). A registry driven by hand (a ManualClock) is reached with :func:`call_now`.

Typical use (a test on the app's loop)::

    registry = RoomRegistry(AsyncioClock(loop), runner_factory=InlineRunner)
    app = TuiGamesApp(lobby=LocalLobby(registry, "id-ann", "Ann", runner_on(loop), ratings=store))
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
from typing import Any, Callable, TypeVar

from tui_games.core.errors import TuiGamesError
from tui_games.core.registry import get
from tui_games.online.online_lobby import LobbyError, RoomEntered
from tui_games.ratings.ladder import ladder_rows
from tui_games.ratings.store import RatingStore
from tui_games.ratings.variants import default_variant, parse_variant, unrated_reason
from tui_games.serve.rooms import RoomRegistry

T = TypeVar("T")

ANSWER_TIMEOUT_S = 30.0
"""How long a call waits for the registry's loop to run it."""


def call_now(call: Callable[[], T]) -> T:
    """Run ``call`` here and now (a registry on this thread, driven by hand)."""
    return call()


def runner_on(loop: asyncio.AbstractEventLoop, timeout: float = ANSWER_TIMEOUT_S) -> Callable[[Callable[[], T]], T]:
    """A ``run`` for a registry on ``loop``: from the loop's own thread it calls at once; from any
    other thread it hands the call to the loop and waits up to ``timeout`` seconds for its result
    (TimeoutError after that)."""

    def run(call: Callable[[], T]) -> T:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            return call()
        future: concurrent.futures.Future = concurrent.futures.Future()

        def step() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(call())
            except BaseException as error:  # handed back to the waiting thread
                future.set_exception(error)

        loop.call_soon_threadsafe(step)
        return future.result(timeout)

    return run


class LocalLobby:
    """The lobby ``registry`` as the session of ``identity`` (shown as ``name``) uses it; ``run``
    runs a callable where the registry lives (see the module notes); the ladder comes from
    ``ratings`` (default: the registry's store). Every refusal (RoomError, a bad parameter, a
    registry that does not answer in time) raises LobbyError with the sentence to show."""

    def __init__(self, registry: RoomRegistry, identity: str, name: str,
                 run: Callable[[Callable[[], Any]], Any] = call_now, ratings: RatingStore | None = None) -> None:
        self.registry = registry
        """The lobby in this process."""
        self.identity = identity
        """Who this session is (a fingerprint on a server)."""
        self._name = name
        self._run = run
        self._ratings = ratings

    @property
    def player_name(self) -> str:
        """The name this session plays under."""
        return self._name

    # ----- reaching the registry -----------------------------------------------------------------------
    def _call(self, call: Callable[[], T]) -> T:
        try:
            return self._run(call)
        except LobbyError:
            raise
        except TuiGamesError as error:
            raise LobbyError(str(error)) from None
        except (TimeoutError, concurrent.futures.TimeoutError):
            raise LobbyError("The lobby did not answer in time: try again") from None

    def _to_room(self, call: Callable[[], Any]) -> None:
        """A room table's way to its member (moves, chat, leaving); a refusal there is the room's to
        send back, so nothing is raised here."""
        try:
            self._run(call)
        except (TuiGamesError, TimeoutError, concurrent.futures.TimeoutError):
            pass

    def _enter(self, table, enter: Callable[[Any], Any]) -> RoomEntered:
        table.to_room = self._to_room
        member = self._call(lambda: enter(table.connection))
        table.attach(member)
        return RoomEntered(member.room.code, member.seat)

    # ----- the lobby -------------------------------------------------------------------------------------
    def create(self, table, game_id: str, *, params: dict | None = None, seats: list[int | None] | None = None,
               rated: bool = False, turn_timer_s: float | None = None) -> RoomEntered:
        """Open a room of ``game_id`` and sit in its first seat for a person."""
        return self._enter(table, lambda connection: self.registry.create(
            game_id, self.identity, self._name, connection, params=params, seats=seats, rated=rated,
            turn_timer_s=turn_timer_s))

    def join(self, table, code: str) -> RoomEntered:
        """Sit in room ``code``."""
        return self._enter(table, lambda connection: self.registry.join(code, self.identity, self._name, connection))

    def watch(self, table, code: str) -> RoomEntered:
        """Watch room ``code``."""
        return self._enter(table, lambda connection: self.registry.watch(code, self.identity, self._name, connection))

    def quick_match(self, table, game_id: str, *, params: dict | None = None, players: int | None = None,
                    rated: bool = False) -> RoomEntered:
        """The next free seat in a waiting room of that game and variant, else a new room."""
        return self._enter(table, lambda connection: self.registry.quick_match(
            game_id, self.identity, self._name, connection, params=params, players=players, rated=rated))

    def rooms(self, game_id: str | None = None, joinable: bool = False) -> list[dict]:
        """The open rooms, oldest first, as records of RoomInfo."""
        infos = self._call(lambda: self.registry.open_rooms(game_id, joinable=joinable))
        return [dataclasses.asdict(info) for info in infos]

    def ladder(self, game_id: str, variant: str | None = None, top: int = 50) -> dict:
        """The ladder of ``game_id``'s ``variant`` (None: the variant a new room plays by default)."""
        store = self._ratings if self._ratings is not None else self.registry.ratings
        try:
            spec = get(game_id)
            reason = unrated_reason(spec)
            if reason is not None:
                raise LobbyError(f"{reason}, so it has no ladder")
            if store is None:
                raise LobbyError("This server keeps no ratings")
            chosen = default_variant(spec) if not variant else parse_variant(spec, variant)
            return {"game_id": spec.id, "variant": chosen.key, "rules": chosen.describe(),
                    "variants": store.variants(spec.id),
                    "rows": ladder_rows(store, spec, chosen, top)}
        except LobbyError:
            raise
        except (TuiGamesError, KeyError) as error:
            raise LobbyError(str(error)) from None


__all__ = ["ANSWER_TIMEOUT_S", "LocalLobby", "call_now", "runner_on"]
