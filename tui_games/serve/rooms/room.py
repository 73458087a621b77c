"""A room: one game on the server, the people at its seats, its spectators, its chat.

The room owns a :class:`~tui_games.match.Match` (the record) and a :class:`~tui_games.table.Table`
(who is asked to move next). Each seat is an AI (:class:`~tui_games.table.AISeat`, worked out by the
room's runner) or a person on their own screen (:class:`~tui_games.serve.rooms.remote_seat.RemoteSeat`);
nobody plays at the table's screen, so the table never asks for a hand-over, and each person sees
the game through their own seat's observation (:mod:`~tui_games.serve.rooms.seat_view`), never
through ``match.observer_seat``, which is for one shared screen.

Life of a room: it *waits* until every seat meant for a person has one (the AI seats are filled
at once), then *plays*; a match of many deals goes on to the next deal on its own after a pause (the
views sent meanwhile say how long: ``next_deal_s``); once the match is over it is *finished*. Its
people may then play again at the same table, the seats moved round by one (the rule, and who is
waited for, in :mod:`~tui_games.serve.rooms.room_rematch`); else the lobby closes it once nobody is
left to ask, or a while later (see :meth:`Room.expired`).

The room's parts: :class:`Room` here (joining, the game, what people do and see, closing);
:mod:`~tui_games.serve.rooms.room_presence` (reconnects, leaving, drops and their grace period);
:mod:`~tui_games.serve.rooms.room_turns` (turn timers, AI seats that fail);
:mod:`~tui_games.serve.rooms.room_deals` (the deals of a match, ratings);
:mod:`~tui_games.serve.rooms.room_rematch` (playing again).

A room's game is saved on every move (in ``saves_dir``) but counts nothing in the server process's
own statistics: the statistics belong to each identity's home and are for the sessions to keep.
Everything here runs on the room's :class:`~tui_games.serve.rooms.room_clock.Clock`; nothing blocks
on a search.
"""

from __future__ import annotations

import secrets
from collections import deque
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Callable

from tui_games.core.seats import Seat
from tui_games.core.spec import GameSpec
from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.match import Match
from tui_games.ratings.store import RatingStore
from tui_games.ratings.variants import variant_of
from tui_games.serve import session_log
from tui_games.serve.rooms.remote_seat import RemoteSeat
from tui_games.serve.printable import display_name
from tui_games.serve.rooms.room_chat import ChatLimiter, clean_line
from tui_games.serve.rooms.room_clock import Clock, TimerHandle
from tui_games.serve.rooms.room_members import Member, SeatSlot
from tui_games.serve.rooms.room_messages import ChatLine, Detached, MoveRefused, SeatConnection, SeatInfo, SeatView
from tui_games.serve.rooms.room_presence import RoomPresence
from tui_games.serve.rooms.room_deals import RoomDeals
from tui_games.serve.rooms.room_rematch import RoomRematch
from tui_games.serve.rooms.room_settings import (RoomError, RoomOptions, RoomSettings, RoomStatus, check_options,
                                                 room_params)
from tui_games.serve.rooms.room_turns import RoomTurns
from tui_games.serve.rooms.seat_view import observed_fields
from tui_games.table import AISeat, Table
from tui_games.table import events as table_events


class Room(RoomPresence, RoomTurns, RoomDeals, RoomRematch):
    """A room of ``spec`` with ``params``: ``seats`` holds one entry per seat, an AI level or None (a
    seat for a person). ``runner`` works out its AI moves (one runner per room: stopping it stops
    only this room's searches); ``ratings`` is the store rated games go to."""

    def __init__(self, code: str, spec: GameSpec, params: dict | None, seats: list[int | None],
                 options: RoomOptions, settings: RoomSettings, clock: Clock, runner,
                 ratings: RatingStore | None = None, chat_limiter: ChatLimiter | None = None,
                 on_closed: Callable[["Room"], None] | None = None) -> None:
        self.code = code
        """The room's code (four letters)."""
        self.spec = spec
        """The game."""
        self.params = room_params(spec, params, seats)
        """The game's parameters, resolved (the seats parameter set from the seats)."""
        self.options = check_options(spec, options, ratings)
        """What the room's creator chose (rated, turn timer)."""
        self.settings = settings
        """The server's rules for rooms."""
        self.clock = clock
        """The loop the room runs on."""
        self.runner = runner
        """What works out this room's AI moves."""
        self.ratings = ratings
        """Where rated games go (None: the server keeps no ratings)."""
        self.variant = variant_of(spec, self.params, seats=len(seats))
        """The rated variant the room plays (quick match pairs people by it)."""
        self.uid = secrets.token_hex(6)
        """Unique to this room (codes come back once a room is closed): names its saves and rated games."""
        self.created_at = clock.time()
        """When the room was opened (the clock's time)."""
        self.status = RoomStatus.WAITING
        """Where the room is in its life."""
        self.slots = [SeatSlot(seat, level) for seat, level in enumerate(seats)]
        """Who sits in each seat."""
        self.spectators: list[Member] = []
        """The spectators attached now."""
        self.table: Table | None = None
        """The table of the game being played (None while waiting)."""
        self.game_number = 0
        """The room's games started so far."""
        self.thinking: str | None = None
        """What the AI seats are doing ('Bob (AI Medium) is thinking...'), or None."""
        self.chat_lines: deque[ChatLine] = deque(maxlen=max(1, settings.chat_history))
        """The last chat lines, shown to whoever comes in."""
        self.handovers_asked = 0
        """Hand-overs the table asked for (a room never should: each person has their own screen)."""
        self.deals_played = 0
        """Deals finished in this room (a one-deal game's deal included)."""
        self.rated_games: list = []
        """The games (or deals) this room rated, as the store returned them."""
        self._chat_limit = chat_limiter or ChatLimiter(settings.chat_rate, clock=clock.time)
        self._on_closed = on_closed
        self._turn_timers: dict[int, tuple[TimerHandle, float]] = {}
        self._timed_out: set[int] = set()
        self._ai_failures: dict[int, int] = {}
        self._pending_takeover: set[int] = set()
        self._deals_done: set[tuple[int, int]] = set()
        self._deal_timer: TimerHandle | None = None
        self._next_deal_at: float | None = None
        self._flush_posted = False
        self._finished_at: float | None = None
        self._empty_since: float | None = None

    # ----- who is here ---------------------------------------------------------------------------------
    @property
    def members(self) -> list[Member]:
        """Everyone attached: the seated people, then the spectators."""
        seated = [slot.member for slot in self.slots if slot.member is not None]
        return seated + list(self.spectators)

    @property
    def open_seats(self) -> list[int]:
        """The seats waiting for a person (only while the room waits)."""
        if self.status is not RoomStatus.WAITING:
            return []
        return [slot.seat for slot in self.slots if slot.open]

    def seat_of(self, identity: str) -> int | None:
        """The seat ``identity`` holds (connected or within the grace), or None."""
        slot = self._slot_of(identity)
        return None if slot is None else slot.seat

    def _slot_of(self, identity: str) -> SeatSlot | None:
        return next((slot for slot in self.slots if slot.identity == identity and slot.taken_over is None), None)

    # ----- coming in -----------------------------------------------------------------------------------
    def join(self, identity: str, name: str, connection: SeatConnection) -> Member:
        """Seat ``identity``: back in the seat they hold (a reconnect, or another session of theirs
        taking over from the first), else in the first open seat; the game starts once every seat is
        filled. RoomError when the room has no seat for them (it may still be watched)."""
        self._check_open()
        name = display_name(name)
        slot = self._slot_of(identity)
        if slot is not None:
            return self._reattach(slot, name, connection)
        if self.status is not RoomStatus.WAITING:
            raise RoomError(f"Room {self.code} has started: you may watch it")
        slot = next((slot for slot in self.slots if slot.open), None)
        if slot is None:
            raise RoomError(f"Room {self.code} is full: you may watch it")
        slot.identity, slot.name = identity, name
        member = self._seat_member(slot, identity, name, connection)
        self._notice_others(member, f"{name} sits down as {self.spec.seat_name(slot.seat)}")
        session_log.log("room-join", room=self.code, seat=slot.seat, identity=identity)
        if not self.open_seats:
            self._start()
        self._changed()
        return member

    def watch(self, identity: str, name: str, connection: SeatConnection) -> Member:
        """Let ``identity`` watch: they see the public view only, and any move of theirs is refused."""
        self._check_open()
        member = Member(self, identity, display_name(name), connection, None)
        self.spectators.append(member)
        self._send_recent_chat(member)
        self._changed()
        return member

    def _check_open(self) -> None:
        if self.status is RoomStatus.CLOSED:
            raise RoomError(f"Room {self.code} is closed")

    def _seat_member(self, slot: SeatSlot, identity: str, name: str, connection: SeatConnection) -> Member:
        member = Member(self, identity, name, connection, slot.seat)
        slot.member = member
        self._send_recent_chat(member)
        return member

    # ----- the game ------------------------------------------------------------------------------------
    def _start(self) -> None:
        """Every seat is filled (or everyone asked to play again): make the match and the table and ask
        for the first move."""
        previous = self.table
        if previous is not None:  # a rematch: the last game is saved and let go of
            previous.unlisten(self._on_table_event)
            previous.save()
            previous.close()
        self.game_number += 1
        self._reset_game_state()
        seats = [Seat("ai", slot.ai_level) if slot.ai_level is not None else Seat() for slot in self.slots]
        match = Match(self.spec, self.params, seats, secrets.randbelow(2**31), save_path=self._save_path())
        match.stats_recorded = True  # the server process keeps no statistics of rooms (see the module notes)
        match.save()
        controllers = [AISeat(slot.ai_level) if slot.ai_level is not None else RemoteSeat(self._turn)
                       for slot in self.slots]
        pace = self.settings.ai_pace_s
        self.table = Table(match, controllers, self.runner, self.clock.post, pace=lambda _match: pace)
        if previous is not None:  # positions go on counting: a move sent for the last game is refused
            self.table.token = previous.token + 1
        self.table.listen(self._on_table_event)
        self.status = RoomStatus.PLAYING
        self._rated_seats()
        self._notice_all(f"The game starts: {self.spec.title}")
        session_log.log("room-start", room=self.code, game=self.spec.id, number=self.game_number)
        self.table.prepare_ais()
        self.table.start()

    def _reset_game_state(self) -> None:
        self._stop_turn_timers()
        self._timed_out.clear()
        self._ai_failures.clear()
        self._pending_takeover.clear()
        if self._deal_timer is not None:
            self._deal_timer.cancel()
        self._deal_timer = self._next_deal_at = self._finished_at = None
        self.thinking = None

    def _save_path(self) -> Path | None:
        folder = self.settings.saves_dir
        if folder is None:
            return None
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        return Path(folder) / f"room-{self.code}-{self.uid}-{self.game_number}-{stamp}.json"

    def _on_table_event(self, event) -> None:
        if isinstance(event, table_events.PositionChanged):
            self._position_changed()
        elif isinstance(event, table_events.ChoiceMade):
            self._stop_turn_timer(event.seat)
            self._changed()
        elif isinstance(event, table_events.ThinkingStarted):
            self.thinking = event.text
            self._changed()
        elif isinstance(event, table_events.ThinkingStopped):
            self.thinking = None
            self._changed()
        elif isinstance(event, table_events.MoveRefused):
            member = self.slots[event.seat].member
            if member is not None:
                self._send(member, "send_event", MoveRefused(event.reason))
        elif isinstance(event, table_events.AIFailed):
            self._ai_failed(event.seat, event.reason)
        elif isinstance(event, table_events.HandoverNeeded):
            self.handovers_asked += 1
            session_log.log("room-handover-asked", room=self.code, seat=event.seat)
        elif isinstance(event, table_events.StorageProblem) and event.message:
            session_log.log("room-storage", room=self.code, problem=event.message)

    def _position_changed(self) -> None:
        self._stop_turn_timers()
        self._timed_out.clear()
        self._ai_failures.clear()
        if self.table.match.is_over:
            self._deal_over()
        self._changed()

    # ----- what people do --------------------------------------------------------------------------------
    def play_for(self, member: Member, action, position: int | None) -> bool:
        """:meth:`Member.move`: ``member`` plays ``action`` at ``position``."""
        if not member.attached:
            return False
        reason = self._why_not_move(member, position)
        if reason is not None:
            self._send(member, "send_event", MoveRefused(reason))
            return False
        return self.table.submit(member.seat, action, self.table.token)

    def _why_not_move(self, member: Member, position: int | None) -> str | None:
        if member.seat is None:
            return "spectators cannot move"
        table = self.table
        if self.status is RoomStatus.WAITING or table is None:
            return "the game has not started: seats are still open"
        if self.status is not RoomStatus.PLAYING or table.closed:
            return "the game is over"
        if self.slots[member.seat].taken_over is not None:
            return "the AI plays this seat now"
        if position is not None and position != table.token:
            return "the position changed before your move arrived: look again"
        if member.seat in self._timed_out:
            return "time is up: the move is being made for you"
        return None

    def chat_from(self, member: Member, text: str) -> bool:
        """:meth:`Member.chat`: ``member`` says ``text``."""
        if not member.attached or self.status is RoomStatus.CLOSED:
            return False
        line = clean_line(text)
        if not line:
            self._send(member, "send_notice", "Nothing to send: a chat line needs some printable text")
            return False
        if not self._chat_limit.allow(member.identity):
            wait = self._chat_limit.retry_after(member.identity)
            self._send(member, "send_notice", f"Slow down: you may chat again in {max(1, round(wait))} s")
            return False
        chat = ChatLine(member.name, -1 if member.seat is None else member.seat, line, self.clock.time())
        self.chat_lines.append(chat)
        for other in self.members:
            self._send(other, "send_chat", chat)
        return True

    def _send_recent_chat(self, member: Member) -> None:
        for line in list(self.chat_lines):
            self._send(member, "send_chat", line)

    # ----- what people see -------------------------------------------------------------------------------
    def _changed(self) -> None:
        """Something people see changed: send fresh views once the current call is done."""
        self._track_empty()
        if not self._flush_posted and self.status is not RoomStatus.CLOSED:
            self._flush_posted = True
            self.clock.post(self._flush)

    def _flush(self) -> None:
        self._flush_posted = False
        if self.status is RoomStatus.CLOSED:
            return
        views: dict[int, SeatView] = {}
        for member in self.members:
            viewer = PUBLIC_VIEW if member.seat is None else member.seat
            if viewer not in views:
                views[viewer] = self.view_for(viewer)
            self._send(member, "send_view", views[viewer])

    def view_for(self, viewer: int) -> SeatView:
        """The room as seat ``viewer`` (or PUBLIC_VIEW, a spectator) may see it now."""
        fields = {}
        table = self.table
        if table is not None:
            slot = self.slots[viewer] if viewer >= 0 else None
            may_move = (slot is not None and slot.taken_over is None and viewer not in self._timed_out
                        and self.status is RoomStatus.PLAYING)
            fields = observed_fields(table.match, viewer, may_move)
            fields["position"] = table.token
            if self._next_deal_at is not None and self.status is RoomStatus.PLAYING:
                fields["next_deal_s"] = max(0.0, self._next_deal_at - self.clock.time())
        return SeatView(code=self.code, game_id=self.spec.id, title=self.spec.title, params=dict(self.params),
                        status=self.status.value, viewer=viewer, seats=self.seat_infos(), rated=self.options.rated,
                        turn_timer_s=self.options.turn_timer_s, spectators=len(self.spectators),
                        game_number=self.game_number, thinking=self.thinking, **fields)

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        """What everyone may know of each seat now."""
        now = self.clock.time()
        match = self.table.match if self.table is not None else None
        infos = []
        for slot in self.slots:
            to_move = chosen = False
            if match is not None and not match.is_over:
                if match.at_simultaneous_node:
                    chosen = match.has_chosen(slot.seat)
                    to_move = not chosen
                else:
                    to_move = match.to_move == slot.seat
            infos.append(SeatInfo(
                seat=slot.seat, label=self.spec.seat_name(slot.seat), name=self._seat_name(slot.seat),
                kind="ai" if slot.ai_level is not None else ("open" if slot.open else "person"),
                level=slot.ai_level, connected=slot.member is not None,
                away_seconds=None if slot.away_until is None else max(0.0, slot.away_until - now),
                to_move=to_move, chosen=chosen, seconds_left=self._seconds_left(slot.seat), rematch=slot.rematch))
        return tuple(infos)

    def _seat_name(self, seat: int) -> str:
        slot = self.slots[seat]
        if slot.planned_ai is not None:
            return f"AI ({self.spec.level_name(slot.planned_ai)})"
        if slot.taken_over is not None:
            return f"{slot.name} (AI {self.spec.level_name(slot.taken_over)})"
        return slot.name or "Open seat"

    # ----- sending ----------------------------------------------------------------------------------------
    def _send(self, member: Member, method: str, payload) -> None:
        """Call ``member``'s connection; a connection that raises is taken as lost."""
        try:
            getattr(member.connection, method)(payload)
        except Exception as error:  # a broken connection must not break the room
            session_log.log("room-send-failed", room=self.code, identity=member.identity, error=repr(error))
            if member.attached:
                self.clock.post(partial(self.lost, member))

    def _notice_all(self, text: str) -> None:
        for member in self.members:
            self._send(member, "send_notice", text)

    def _notice_others(self, member: Member, text: str) -> None:
        for other in self.members:
            if other is not member:
                self._send(other, "send_notice", text)

    # ----- ending --------------------------------------------------------------------------------------------
    def expired(self, now: float | None = None) -> bool:
        """True when the lobby should close the room: closed already; nobody in it (no person
        connected or within the grace, no spectator) for ``empty_linger_s``; finished with no person
        left in its seats to ask for a rematch; or finished for ``finished_linger_s``."""
        now = self.clock.time() if now is None else now
        if self.status is RoomStatus.CLOSED:
            return True
        self._track_empty()
        if self._empty_since is not None and now - self._empty_since >= self.settings.empty_linger_s:
            return True
        if self.status is not RoomStatus.FINISHED:
            return False
        return not self.rematch_people() or (self._finished_at is not None
                                             and now - self._finished_at >= self.settings.finished_linger_s)

    def close(self, reason: str = "the room is closed") -> None:
        """Close the room: stop its searches and timers, save and let go of its game, tell everyone in
        it (:class:`Detached`). Calling it again does nothing."""
        if self.status is RoomStatus.CLOSED:
            return
        self._stop_turn_timers()
        for slot in self.slots:
            self._cancel_grace(slot)
        if self._deal_timer is not None:
            self._deal_timer.cancel()
        self._next_deal_at = None
        members = self.members
        self.status = RoomStatus.CLOSED
        if self.table is not None:
            self.table.save()
            self.table.close()
        for member in members:
            member.attached = False
            self._send(member, "send_event", Detached(reason))
        for slot in self.slots:
            slot.member = None
        self.spectators.clear()
        session_log.log("room-closed", room=self.code, reason=reason)
        if self._on_closed is not None:
            self._on_closed(self)


__all__ = ["Room"]
