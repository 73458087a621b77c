"""A seat in a room, as the game screen drives it: what a local :class:`~tui_games.table.Table` offers,
answered by a room elsewhere.

The room (on the server) owns the game; this end only shows the views it sends and passes on the
person's moves. :class:`RoomTable` gives the game screen the table's methods and events
(:mod:`tui_games.table.events`) over a :class:`~tui_games.online.seat_match.SeatMatch`; its
:attr:`RoomTable.connection` is the room's :class:`SeatConnection` for this person (the room calls
it on its own loop; each call is handed to the screen's loop through ``post``). Hints, undo, redo,
saving, a new game and letting the AI play are not offered in a room (the ``offers_*`` flags say so);
once the room's game is over, its people may ask to play again (:meth:`RoomTable.rematch`, offered
while :attr:`RoomTable.offers_rematch`): the next game's views then come to the same table, perhaps
for another seat (the seats move round by one), and the screen draws them as it draws any new
position.

Typical use (``post`` runs a callable on the screen's loop, from any thread or from that loop)::

    table = RoomTable("leduc-holdem", post)
    member = lobby.join(code, identity, name, table.connection)   # or through the server's channel
    table.attach(member)
    app.push_screen(GameScreen(GameRequest(room=table)))
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, TuiGamesError
from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.online.seat_match import SeatMatch, view_record
from tui_games.table import events

FIRST_VIEW_S = 10.0
"""How long loading waits for the room's first view (sent as one joins) to show its code."""

CHAT_KEPT = 50
"""Chat lines and notices a room table keeps for the screen."""


@dataclass(frozen=True)
class ChatReceived:
    """A chat line: ``name`` (of seat ``seat``, -1 a spectator) said ``text``."""

    name: str
    seat: int
    text: str


@dataclass(frozen=True)
class NoticeReceived:
    """One sentence about the room ('Ben sits down as Player 2', 'Ann ran out of time ...')."""

    text: str


@dataclass(frozen=True)
class RatingsChanged:
    """A rated game was rated: (name, before, after) for each seat."""

    changes: tuple[tuple[str, float, float], ...]


@dataclass(frozen=True)
class LeftRoom:
    """This seat is no longer in the room; ``reason`` says why."""

    reason: str


class _Controller:
    """How the screen asks 'is this seat played here?' of a seat of the room."""

    is_ai = False

    def __init__(self, at_screen: bool) -> None:
        self.at_screen = at_screen


class _Controllers:
    """The seats' controllers as the screen reads them: only the viewer's seat (a spectator's -1
    included) is played at this screen."""

    def __init__(self, table: "RoomTable") -> None:
        self._table = table

    def __getitem__(self, seat: int) -> _Controller:
        match = self._table.match
        return _Controller(match.view != {} and seat == match.viewer)

    def __len__(self) -> int:
        return len(self._table.match.seats)


class RoomConnection:
    """The room's :class:`SeatConnection` for one RoomTable: every call is passed to the table on the
    screen's loop (never handled here, never calling back into the room)."""

    def __init__(self, table: "RoomTable") -> None:
        self._table = table

    def send_view(self, view) -> None:
        """Show ``view``."""
        self._table.post(partial(self._table._on_view, view))

    def send_event(self, event) -> None:
        """Tell the person ``event``."""
        self._table.post(partial(self._table._on_room_event, event))

    def send_chat(self, line) -> None:
        """Show a chat line."""
        self._table.post(partial(self._table._on_chat, line))

    def send_notice(self, text: str) -> None:
        """Show a notice."""
        self._table.post(partial(self._table._on_notice, str(text)))


def _room_call_now(call: Callable[[], Any]) -> None:
    call()


class RoomTable:
    """This person's seat (or spectator's chair) in a room of ``game_id``, for the game screen.

    ``post(callable)`` runs a callable on the screen's loop (it must work from any thread and from
    that loop itself); ``to_room(callable)`` runs one where the room's :class:`Member` may be called
    (default: at once, for a room on the same loop; over a channel, a function sending the call).
    """

    offers_undo = False
    """Undo and redo are never offered in a room."""
    offers_hints = False
    """No hints in a room (the AI would play for the person)."""
    offers_save = False
    """The room saves the game on the server."""
    offers_new_game = False
    """A room's next game or deal is the room's to start (playing again is asked: :meth:`rematch`)."""
    offers_let_ai_play = False
    """The room hands a seat to the AI only when its person leaves."""

    def __init__(self, game_id: str, post: Callable[[Callable[[], Any]], Any],
                 to_room: Callable[[Callable[[], Any]], Any] = _room_call_now) -> None:
        self.spec = catalog.get(game_id)
        """The game."""
        self.post = post
        """Runs a callable on the screen's loop."""
        self.to_room = to_room
        """Runs a callable where the room may be called."""
        self.match = SeatMatch(self.spec)
        """The game as this seat sees it (the latest view)."""
        self.member = None
        """The room's :class:`Member` for this person (see :meth:`attach`)."""
        self.connection = RoomConnection(self)
        """What the room calls to reach this person."""
        self.controllers = _Controllers(self)
        """Which seat is played at this screen (the viewer's)."""
        self.chat: deque = deque(maxlen=CHAT_KEPT)
        """The recent chat lines and notices (ChatReceived / NoticeReceived), oldest first."""
        self.closed = False
        """True once the screen let go of the room (see :meth:`close`) or the room let go of it."""
        self.detached_reason: str | None = None
        """Why the room let go of this seat, once it did."""
        self.handover = None
        """Never a hand-over: each person has their own screen."""
        self.thinking: set[int] = set()
        """Never this end's: the room's AI seats think on the server (see :attr:`SeatMatch.thinking`)."""
        self.storage_problem = None
        """Nothing is written here."""
        self.hint_pending = False
        """No hints in a room."""
        self._listeners: list[Callable] = []
        self._ready = threading.Event()
        self._viewed = threading.Event()
        self._thinking_text: str | None = None
        self._started = False
        self._rematch_sent: int | None = None  # the game number this end asked to play again after

    # ----- joining ---------------------------------------------------------------------------------------
    def attach(self, member) -> None:
        """Act in the room through ``member`` (what joining or watching returned)."""
        self.member = member

    @property
    def spectator(self) -> bool:
        """True when this is a spectator's chair."""
        return self.match.view != {} and self.match.viewer == PUBLIC_VIEW

    def load(self, progress: Callable[[str, int, int], None] | None = None, timeout: float | None = None) -> SeatMatch:
        """Prepare the game's kernels, then wait until the room sends a view of its game (a waiting
        room sends none until its seats are filled); returns :attr:`match`. Run it off the screen's
        loop (a thread worker). TuiGamesError when the room let go of this seat first, or after
        ``timeout`` seconds."""
        from tui_games.warmup import prepare

        report = progress or (lambda message, step=0, total=0: None)
        prepared = threading.Lock()
        waiting = False

        def preparing(message: str, step: int = 0, total: int = 0) -> None:
            # a part of the preparation may come from another thread after it returned: never after
            # the line that says the room waits for its players
            with prepared:
                if not waiting:
                    report(message, step, total)

        prepare(self.spec, levels=[1], on_progress=preparing)
        template = self.spec.new(seed=0)
        self.post(partial(self._use_template, template))
        self._viewed.wait(FIRST_VIEW_S)  # the room's first view names its code
        with prepared:
            waiting = True
            report(f"Waiting for the players of room {self.match.view.get('code', '')}".rstrip(), 1, 1)
        if not self._ready.wait(timeout):
            raise TuiGamesError("The room sent no game in time")
        if self.detached_reason is not None and self.match.state is None:
            raise TuiGamesError(f"You are no longer in the room: {self.detached_reason}")
        return self.match

    def _use_template(self, template) -> None:
        self.match.use_template(template)
        self._check_ready()

    def _check_ready(self) -> None:
        if self.match.state is not None:
            self._ready.set()

    # ----- listeners (as Table) ----------------------------------------------------------------------
    def listen(self, listener: Callable) -> None:
        """Call ``listener(event)`` for every event from now on."""
        self._listeners.append(listener)

    def unlisten(self, listener: Callable) -> None:
        """Stop calling ``listener``."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def emit(self, event) -> None:
        """Send ``event`` to every listener."""
        for listener in list(self._listeners):
            listener(event)

    def prepare_ais(self) -> None:
        """Nothing: the room's AI seats are prepared on the server."""

    def start(self) -> None:
        """Show the latest view (the screen is ready to draw)."""
        self._started = True
        self.emit(events.PositionChanged())
        self._show_thinking()

    # ----- what the room sends (on the screen's loop) ---------------------------------------------------
    def _on_view(self, view) -> None:
        if self.closed:
            return
        before = self.match.position
        self.match.update(view)
        self._viewed.set()
        self._check_ready()
        if not self._started or self.match.state is None:
            return
        self.emit(events.PositionChanged())
        if self.match.position != before and (self.match.human_to_move or self.match.choosing_human is not None):
            self.emit(events.TurnStarted(self.match.viewer))
        self._show_thinking()

    def _show_thinking(self) -> None:
        text = self.match.thinking
        if text == self._thinking_text:
            return
        self._thinking_text = text
        if text:
            self.emit(events.ThinkingStarted((), text))
        else:
            self.emit(events.ThinkingStopped())

    def _on_room_event(self, event) -> None:
        record = view_record(event)
        kind = type(event).__name__ if not isinstance(event, dict) else str(event.get("type"))
        if kind == "MoveRefused":
            self.emit(events.MoveRefused(self.match.viewer, str(record["reason"])))
        elif kind == "TimeUp":
            self._note(NoticeReceived("Your time is up: the AI moves for you"))
        elif kind == "RatingsUpdated":
            changes = tuple((str(view_record(c)["name"]), float(view_record(c)["before"]),
                             float(view_record(c)["after"])) for c in record.get("changes") or ())
            self.emit(RatingsChanged(changes))
        elif kind == "Detached":
            self.detached_reason = str(record["reason"])
            self.closed = True
            self._ready.set()
            self.emit(LeftRoom(self.detached_reason))
        # YourTurn needs nothing more: the view that follows offers the moves

    def _on_chat(self, line) -> None:
        record = view_record(line)
        self._note(ChatReceived(str(record["name"]), int(record["seat"]), str(record["text"])))

    def _on_notice(self, text: str) -> None:
        self._note(NoticeReceived(text))

    def _note(self, event) -> None:
        self.chat.append(event)
        self.emit(event)

    # ----- what the person does ----------------------------------------------------------------------
    @property
    def token(self) -> int:
        """The position's token of the latest view."""
        return self.match.position

    @property
    def screen_seat(self) -> int | None:
        """The seat played at this screen (PUBLIC_VIEW for a spectator) while the game runs: its moves go
        to the room, which says why when it refuses one; None before the game or once this end left."""
        if self.closed or self.match.state is None or self.match.is_over:
            return None
        return self.match.viewer

    def submit(self, seat: int, action: int, token: int | None = None) -> bool:
        """Send ``action`` to the room as this seat's move at the latest view's position; the answer
        comes as a new view, or as :class:`~tui_games.table.events.MoveRefused` with the reason. True
        when it was sent."""
        member = self.member
        if self.closed or member is None:
            return False
        position = self.match.position if token is None else token
        self.to_room(partial(member.move, int(action), position))
        return True

    def send_chat(self, text: str) -> bool:
        """Say ``text`` to the room (it is cleaned and rate-limited there); True when it was sent."""
        member = self.member
        if self.closed or member is None or not text.strip():
            return False
        self.to_room(partial(member.chat, text))
        return True

    @property
    def offers_rematch(self) -> bool:
        """True while this person may play again here: the room's game is over and they still sit in
        their seat (not a spectator, not a seat the AI took over). See :attr:`rematch_asked`."""
        if self.closed or self.member is None or self.match.status != "finished":
            return False
        info = self._my_seat_info()
        return info is not None and info.get("kind") == "person"

    @property
    def rematch_asked(self) -> bool:
        """True once this person asked to play again (until the next game starts)."""
        info = self._my_seat_info()
        sent = self._rematch_sent is not None and self._rematch_sent == self.match.view.get("game_number")
        return sent or bool(info is not None and info.get("rematch"))

    def _my_seat_info(self) -> dict | None:
        viewer = self.match.observer_seat
        infos = self.match.seat_infos
        return infos[viewer] if viewer is not None and viewer < len(infos) else None

    def rematch(self) -> bool:
        """Ask the room to play again (it tells everyone, and starts the next game once everyone in it
        asked); True when it was sent."""
        member = self.member
        if not self.offers_rematch or self.rematch_asked:
            return False
        self._rematch_sent = self.match.view.get("game_number")
        self.to_room(member.rematch)
        return True

    # ----- what a room does not offer -----------------------------------------------------------------
    def hint(self) -> None:
        """No hints in a room."""
        return None

    def undo(self) -> bool:
        """Never in a room."""
        return False

    def redo(self) -> bool:
        """Never in a room."""
        return False

    def next_deal(self) -> bool:
        """The room deals the next hand on its own."""
        return False

    def leave(self) -> bool:
        """A series is not ended from a seat (leaving the room is :meth:`close`)."""
        return False

    def hand_seat_to_ai(self, seat: int, level: int) -> None:
        """Not in a room: IllegalActionError."""
        raise IllegalActionError("in a room the AI takes a seat only when its person leaves")

    def save(self) -> None:
        """Nothing to write: the room saves its game on the server."""
        return None

    def stop_thinking(self) -> None:
        """Nothing: no search runs here."""

    def handed_to(self, seat: int) -> None:
        """Nothing: a room never asks for a hand-over."""

    def close(self) -> None:
        """Leave the room (a seat in a game goes to the AI at once; see Member.leave) and take nothing
        more from it. Calling it again does nothing."""
        if self.closed:
            self._ready.set()
            return
        self.closed = True
        self._ready.set()
        member = self.member
        if member is not None:
            self.to_room(member.leave)


__all__ = ["CHAT_KEPT", "ChatReceived", "LeftRoom", "NoticeReceived", "RatingsChanged", "RoomConnection",
           "RoomTable"]
