"""The server's rooms, offered to its sessions over their control channels.

One :class:`RoomService` per server (:func:`attach_rooms`), on the server's loop: a
:class:`~tui_games.serve.rooms.RoomRegistry` whose rooms play their AI seats in the engine pool
(:meth:`EnginePool.runner <tui_games.serve.engine_pool.EnginePool.runner>`), rate games in the
server's ratings file (the one ``tui-games ladder`` reads) and save them under ``DATA/rooms``. It adds
to the :class:`~tui_games.serve.kernel_service.KernelService` these requests (each answered, or
refused with a sentence for the person; a body is an object of the fields named):

- ``room_whoami`` ``{}``: ``{"name", "rooms"}``: the session's display name, and whether it may use
  rooms (it has an identity);
- ``room_create`` ``{"entry", "game", "params", "seats", "rated", "turn_timer_s"}``, ``room_join``
  ``{"entry", "code"}``, ``room_watch`` ``{"entry", "code"}``, ``room_quick`` ``{"entry", "game",
  "params", "players", "rated"}``: ``{"code", "seat"}`` (seat None: watching);
- ``room_list`` ``{"game", "joinable"}``: the open rooms, oldest first, as the records of
  :class:`~tui_games.serve.rooms.RoomInfo`;
- ``room_ladder`` ``{"game", "variant", "top"}``: ``{"game_id", "variant", "rules", "variants",
  "rows"}`` (see :meth:`OnlineLobby.ladder <tui_games.online.online_lobby.OnlineLobby.ladder>`; no
  variant: the one a new room of the game plays, as the in-process lobby has it);

and these pushed messages, which act in the session's room: ``room_move`` ``{"entry", "action",
"position"}``, ``room_chat`` ``{"entry", "text"}``, ``room_rematch`` ``{"entry"}`` (once the game is
over, ask to play again: see :mod:`~tui_games.serve.rooms.room_rematch`), ``room_leave`` ``{"entry"}``.

``entry`` is a number the session picks for each time it enters a room: everything that room sends
it is pushed as ``room`` ``{"entry", "to": "view" | "event" | "chat" | "notice", "body":
to_payload(...)}``, so the session tells a room it is entering from one it is leaving (the first view
comes before the answer), and a push naming an entry that is not the session's room now is ignored.

A session is in one room at a time: entering another leaves the one it was in (once the new one took
it). Only a session with an identity may enter a room. When a session's channel ends (its process is
gone), its seat is kept for the grace period (``Member.disconnect``); the same identity gets it back
by joining again. So it is when the server ends a session (its client is gone, a limit): the app then
leaves its room on its way out, which counts as that drop (see ``SessionLink.ending``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from tui_games.core.errors import TuiGamesError, UnknownGameError
from tui_games.core.players import SIMULTANEOUS
from tui_games.core.registry import get
from tui_games.core.spec import GameSpec
from tui_games.core.words import counted
from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.ratings.ladder import ladder_rows
from tui_games.ratings.store import RatingStore
from tui_games.ratings.variants import default_variant, parse_variant, unrated_reason
from tui_games.serve.channel import ChannelClosed, Refused, Request
from tui_games.serve.kernel_service import KernelService, SessionLink
from tui_games.serve.printable import DEFAULT_NAME
from tui_games.serve.rooms import (AsyncioClock, Detached, Member, MoveRefused, RoomRegistry, RoomSettings,
                                   RoomStatus, to_payload)
from tui_games.serve.rooms.room_codes import normalise_code
from tui_games.serve.session_log import LOGGER
from tui_games.serve.wire import WireError

ROOMS_FOLDER = "rooms"
"""Where rooms' games are saved, in the server's data folder."""

MAX_ENTRY = 2**31
MAX_ACTION = 2**31
MAX_GAME_ID = 64
MAX_CODE = 16
MAX_VARIANT = 400
MAX_CHAT = 2000
MAX_PARAMS = 32
MAX_PARAM_NAME = 40
MAX_PARAM_TEXT = 80
MAX_LISTED = 200
"""The most rooms a list answers with."""

MAX_TOP = 500
"""The most rows a ladder answers with."""

TIMER_RANGE_S = (1.0, 3600.0)
"""The turn timers a room may have (seconds)."""

WARM_PLIES = 200
"""The longest test game :func:`load_rules` plays."""


# ----- the session's fields, checked ---------------------------------------------------------------------
def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < high


def _fields(request: Request) -> dict:
    body = request.body
    if body is None:
        return {}
    if not isinstance(body, dict):
        raise Refused("a room request is an object of fields")
    return body


def _entry(body: dict) -> int:
    entry = body.get("entry")
    if not _whole(entry, 0, MAX_ENTRY):
        raise Refused("entering a room names its entry (a whole number)")
    return entry


def _flag(body: dict, key: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise Refused(f"{key} is true or false")
    return value


def _game(body: dict) -> GameSpec:
    game = body.get("game")
    if not isinstance(game, str) or not 0 < len(game) <= MAX_GAME_ID:
        raise Refused("a room names its game")
    try:
        return get(game)
    except (UnknownGameError, KeyError):
        raise Refused(f"There is no game {game!r}") from None


def _code(body: dict) -> str:
    code = body.get("code")
    if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE:
        raise Refused("A room code is four letters")
    return code


def _param_value(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str) and len(value) <= MAX_PARAM_TEXT


def _params(body: dict) -> dict | None:
    params = body.get("params")
    if params is None:
        return None
    if not isinstance(params, dict) or len(params) > MAX_PARAMS or not all(
            isinstance(name, str) and 0 < len(name) <= MAX_PARAM_NAME and _param_value(value)
            for name, value in params.items()):
        raise Refused("a game's parameters are a few names with short values")
    return dict(params)


def _seats(body: dict, spec: GameSpec) -> list[int | None] | None:
    seats = body.get("seats")
    if seats is None:
        return None
    if not isinstance(seats, list) or not spec.min_players <= len(seats) <= spec.max_players:
        raise Refused(f"{spec.title} is played by {spec.min_players} to {counted(spec.max_players, 'seat')}")
    top = max(spec.max_level, 1)
    if not all(seat is None or _whole(seat, 1, top + 1) for seat in seats):
        raise Refused(f"each seat is a person's or an AI level of {spec.title} (1..{top})")
    return list(seats)


def _players(body: dict, spec: GameSpec) -> int | None:
    players = body.get("players")
    if players is not None and not _whole(players, spec.min_players, spec.max_players + 1):
        raise Refused(f"{spec.title} is played by {spec.min_players} to {counted(spec.max_players, 'player')}")
    return players


def _timer(body: dict) -> float | None:
    timer = body.get("turn_timer_s")
    if timer is None:
        return None
    low, high = TIMER_RANGE_S
    if isinstance(timer, bool) or not isinstance(timer, (int, float)) or not low <= timer <= high:
        raise Refused(f"a turn timer is {low:g} to {high:g} seconds")
    return float(timer)


def room_record(info) -> dict:
    """A :class:`~tui_games.serve.rooms.RoomInfo` as the session gets it: its fields, each seat a dict."""
    return dataclasses.asdict(info)


def load_rules(spec: GameSpec, plies: int = WARM_PLIES) -> None:
    """Run ``spec``'s rules once in this process, as a room reads them (every viewer's observation, the
    moves' names, the returns), so that their kernels are loaded (from the cache the pool filled)
    before a room's game runs them on the server's loop."""
    state = spec.new(seed=0)
    viewers = [PUBLIC_VIEW, *range(state.num_players)]
    for _ in range(plies):
        for viewer in viewers:
            str(state.observation(viewer))
        state.returns()
        if state.is_terminal:
            return
        if state.is_chance_node:
            state.apply(state.sample_chance())
        elif state.current_player == SIMULTANEOUS:
            choices = [state.legal_actions(seat)[0] for seat in range(state.num_players)]
            for seat, action in enumerate(choices):
                state.action_to_string(action, observer=seat)
            state.apply_joint(choices)
        else:
            action = state.legal_actions()[0]
            state.action_to_string(action, observer=state.current_player)
            state.apply(action)


# ----- a session's place in a room ------------------------------------------------------------------------
class LinkConnection:
    """The room's :class:`~tui_games.serve.rooms.SeatConnection` for one session's ``entry``: each call
    becomes a ``room`` message pushed over the session's channel. A channel that is gone (or does not
    read) drops it: the session's seat is let go of when its channel's end is noticed."""

    def __init__(self, link: SessionLink, entry: int, on_detached: Callable[["LinkConnection"], None]) -> None:
        self.link = link
        """The session's link."""
        self.entry = entry
        """The session's number for this entry into a room."""
        self._on_detached = on_detached

    def _push(self, to: str, body: Any) -> None:
        channel = self.link.channel
        if channel.closed.is_set():
            return
        try:
            channel.push("room", {"entry": self.entry, "to": to, "body": to_payload(body)})
        except ChannelClosed:
            pass
        except WireError:
            LOGGER.exception("session link %s: a room message could not be sent", self.link.name)

    def send_view(self, view) -> None:
        """Push ``view``."""
        self._push("view", view)

    def send_event(self, event) -> None:
        """Push ``event``; a :class:`Detached` also ends the session's membership."""
        self._push("event", event)
        if isinstance(event, Detached):
            self._on_detached(self)

    def send_chat(self, line) -> None:
        """Push a chat line."""
        self._push("chat", line)

    def send_notice(self, text: str) -> None:
        """Push a notice."""
        self._push("notice", text)


@dataclass
class Membership:
    """Where one session is: its room's member and the connection that room sends through."""

    member: Member
    connection: LinkConnection


# ----- the service -----------------------------------------------------------------------------------------
class RoomService:
    """The server's rooms for ``engines``' sessions (see the module docstring). Made on the server's
    loop; ``data_dir`` is the server's data folder. Tests may give ``settings``, a ``runner_factory``
    (default: the engine pool's runner) and ``prepare_in_pool=False`` (no game is prepared in the pool
    before a room of it opens: the rules are loaded here alone)."""

    def __init__(self, engines: KernelService, data_dir: Path, *, settings: RoomSettings | None = None,
                 runner_factory: Callable[[], Any] | None = None, prepare_in_pool: bool = True) -> None:
        self.engines = engines
        """The kernel service whose sessions use the rooms."""
        self.ratings = RatingStore(Path(data_dir))
        """The server's ratings (``tui-games ladder --data DATA`` reads the same file)."""
        self.registry = RoomRegistry(AsyncioClock(), runner_factory or engines.pool.runner, ratings=self.ratings,
                                     settings=settings or RoomSettings(saves_dir=Path(data_dir) / ROOMS_FOLDER))
        """The rooms."""
        self.members: dict[SessionLink, Membership] = {}
        """Each session's room now."""
        self.prepare_in_pool = prepare_in_pool
        """Prepare a game in the engine pool before a room of it opens."""
        self._prepared: set[tuple[str, tuple[int, ...]]] = set()
        self._rules: dict[str, asyncio.Future] = {}
        engines.handlers.update({
            "room_whoami": self._whoami, "room_create": self._create, "room_join": self._join,
            "room_watch": self._watch, "room_quick": self._quick, "room_list": self._list,
            "room_ladder": self._ladder})
        engines.push_handlers.update({"room_move": self._move, "room_chat": self._chat, "room_rematch": self._rematch,
                                      "room_leave": self._leave})
        engines.link_closed.append(self._link_closed)
        engines.closing.append(self.close)
        engines.rooms = self
        self.registry.start_sweeping()

    # ----- the SSH user name -----------------------------------------------------------------------------
    def open_code(self, text: str) -> str | None:
        """The code of the open room ``text`` names ('abcd', 'AB-CD'), or None."""
        code = normalise_code(text)
        room = self.registry.rooms.get(code) if code is not None else None
        return code if room is not None and room.status is not RoomStatus.CLOSED else None

    def held_name(self, code: str, identity: str) -> str | None:
        """The name ``identity`` sits under in open room ``code`` (a player coming back), or None."""
        room = self.registry.rooms.get(code)
        seat = room.seat_of(identity) if room is not None else None
        return room.slots[seat].name or None if seat is not None else None

    # ----- entering ----------------------------------------------------------------------------------------
    @staticmethod
    def _person(request: Request) -> SessionLink:
        link: SessionLink = request.channel.context["link"]
        if not link.identity:
            raise Refused("Rooms are for players this server knows: this session has no identity")
        return link

    def _enter(self, link: SessionLink, entry: int, enter: Callable[[LinkConnection], Member]) -> dict:
        """Enter a room with ``enter(connection)``; once in, leave the room the session was in."""
        if link.channel.closed.is_set():
            raise Refused("This session has ended")
        connection = LinkConnection(link, entry, self._detached)
        try:
            member = enter(connection)
        except TuiGamesError as error:  # RoomError, InvalidParameterError: the sentence is for the person
            raise Refused(str(error)) from None
        previous = self.members.get(link)
        self.members[link] = Membership(member, connection)
        if previous is not None and previous.member is not member:
            previous.member.leave()
        return {"code": member.room.code, "seat": member.seat}

    async def _ready(self, spec: GameSpec, levels: list[int]) -> None:
        """``spec``'s game ready for a room: prepared in the pool (compiled the first time) with its AI
        ``levels``, and its rules loaded here (off the loop)."""
        wanted = (spec.id, tuple(sorted(set(levels))) or (1,))
        if self.prepare_in_pool and wanted not in self._prepared:
            try:
                await self.engines.pool.prepare(spec.id, list(wanted[1]))
            except Exception as error:  # noqa: BLE001  (the person is told; the server goes on)
                raise Refused(f"{spec.title} could not be prepared on this server ({error})") from None
            self._prepared.add(wanted)
        loading = self._rules.get(spec.id)
        if loading is None:
            loading = self._rules[spec.id] = asyncio.ensure_future(asyncio.to_thread(load_rules, spec))
        try:
            await asyncio.shield(loading)
        except Exception as error:  # noqa: BLE001
            self._rules.pop(spec.id, None)
            raise Refused(f"{spec.title} could not be loaded on this server ({error})") from None

    async def _create(self, request: Request) -> dict:
        link, body = self._person(request), _fields(request)
        entry, spec = _entry(body), _game(body)
        params, seats, timer = _params(body), _seats(body, spec), _timer(body)
        rated = _flag(body, "rated")
        await self._ready(spec, [level for level in seats or () if level is not None])
        return self._enter(link, entry, lambda connection: self.registry.create(
            spec.id, link.identity, link.display_name or DEFAULT_NAME, connection, params=params, seats=seats,
            rated=rated, turn_timer_s=timer))

    def _join(self, request: Request) -> dict:
        link, body = self._person(request), _fields(request)
        entry, code = _entry(body), _code(body)
        return self._enter(link, entry, lambda connection: self.registry.join(
            code, link.identity, link.display_name or DEFAULT_NAME, connection))

    def _watch(self, request: Request) -> dict:
        link, body = self._person(request), _fields(request)
        entry, code = _entry(body), _code(body)
        return self._enter(link, entry, lambda connection: self.registry.watch(
            code, link.identity, link.display_name or DEFAULT_NAME, connection))

    async def _quick(self, request: Request) -> dict:
        link, body = self._person(request), _fields(request)
        entry, spec = _entry(body), _game(body)
        params, players, rated = _params(body), _players(body, spec), _flag(body, "rated")
        await self._ready(spec, [])
        return self._enter(link, entry, lambda connection: self.registry.quick_match(
            spec.id, link.identity, link.display_name or DEFAULT_NAME, connection, params=params,
            players=players, rated=rated))

    # ----- reading -----------------------------------------------------------------------------------------
    @staticmethod
    def _whoami(request: Request) -> dict:
        link: SessionLink = request.channel.context["link"]
        return {"name": link.display_name or DEFAULT_NAME, "rooms": bool(link.identity)}

    def _list(self, request: Request) -> list[dict]:
        body = _fields(request)
        game = body.get("game")
        if game is not None and (not isinstance(game, str) or len(game) > MAX_GAME_ID):
            raise Refused("a list of rooms names a game, or none")
        rooms = self.registry.open_rooms(game, _flag(body, "joinable"))
        return [room_record(info) for info in rooms[:MAX_LISTED]]

    async def _ladder(self, request: Request) -> dict:
        body = _fields(request)
        spec = _game(body)
        reason = unrated_reason(spec)
        if reason:
            raise Refused(f"{reason}, so it has no ladder")
        text, top = body.get("variant"), body.get("top", 50)
        if text is not None and (not isinstance(text, str) or len(text) > MAX_VARIANT):
            raise Refused("a variant is a short text of NAME=VALUE pairs")
        if not _whole(top, 1, MAX_TOP + 1):
            raise Refused(f"a ladder shows 1 to {MAX_TOP} rows")
        try:
            variant = parse_variant(spec, text) if text else default_variant(spec)
        except (TuiGamesError, ValueError) as error:
            raise Refused(str(error)) from None

        def read() -> tuple[list[dict], list[str]]:
            return ladder_rows(self.ratings, spec, variant, top), self.ratings.variants(spec.id)

        try:
            rows, variants = await asyncio.to_thread(read)
        except TuiGamesError as error:  # StorageError: the file cannot be read
            raise Refused(str(error)) from None
        return {"game_id": spec.id, "variant": variant.key, "rules": variant.describe(), "variants": variants,
                "rows": rows}

    # ----- acting in the room (pushed) ---------------------------------------------------------------------
    def _current(self, link: SessionLink, value: dict) -> Membership | None:
        membership = self.members.get(link)
        if membership is None or value.get("entry", membership.connection.entry) != membership.connection.entry:
            return None
        return membership

    def _move(self, link: SessionLink, value: dict) -> None:
        membership = self._current(link, value)
        if membership is None:
            return
        action, position = value.get("action"), value.get("position")
        if not _whole(action, 0, MAX_ACTION) or not (position is None or _whole(position, 0, 2**62)):
            membership.connection.send_event(MoveRefused("a move is an action's number at a position"))
            return
        membership.member.move(action, position)

    def _chat(self, link: SessionLink, value: dict) -> None:
        membership = self._current(link, value)
        text = value.get("text")
        if membership is not None and isinstance(text, str) and len(text) <= MAX_CHAT:
            membership.member.chat(text)

    def _rematch(self, link: SessionLink, value: dict) -> None:
        membership = self._current(link, value)
        if membership is not None and _whole(value.get("entry"), 0, MAX_ENTRY):
            membership.member.rematch()

    def _leave(self, link: SessionLink, value: dict) -> None:
        membership = self._current(link, value)
        if membership is not None:
            del self.members[link]
            if link.ending:  # the app leaves because the server ends its session: a drop
                membership.member.disconnect()
            else:
                membership.member.leave()

    # ----- ends --------------------------------------------------------------------------------------------
    def _detached(self, connection: LinkConnection) -> None:
        """The room let go of ``connection``: the session is in no room (unless it entered another)."""
        membership = self.members.get(connection.link)
        if membership is not None and membership.connection is connection:
            del self.members[connection.link]

    def _link_closed(self, link: SessionLink) -> None:
        membership = self.members.pop(link, None)
        if membership is not None:
            membership.member.disconnect()

    def close(self) -> None:
        """Close every room (each game saved, everyone in it told): the server is stopping."""
        self.registry.close_all()
        self.members.clear()


def attach_rooms(engines: KernelService, data_dir: Path) -> RoomService:
    """The room service of the server whose kernel service is ``engines`` (made, on the running loop,
    the first time)."""
    return engines.rooms if engines.rooms is not None else RoomService(engines, data_dir)


__all__ = ["LinkConnection", "Membership", "ROOMS_FOLDER", "RoomService", "attach_rooms", "load_rules",
           "room_record"]
