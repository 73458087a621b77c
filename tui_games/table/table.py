"""A table: one match and the controllers of its seats, and every rule of who is asked to move next.

The table is single-threaded: everything it does runs on its owner's loop (the app's, a server
room's, a test's queue). Searches run elsewhere (see :mod:`tui_games.table.runners`) and come back
through ``post(callable)``, which the owner provides: ``app.call_from_thread`` in the app,
``loop.call_soon_threadsafe`` on a server, a list a test drains.

After every change of position (a move, undo, redo, a new deal, a seat handed to the AI, the
start) the table works out what happens next and says so to its listeners (see
:mod:`tui_games.table.events`): at a decision node the mover's controller is asked for a move; at a
simultaneous node every seat still to choose is asked (the AIs' choices stay hidden until all are
in; the people at this screen choose one by one, the device passed between them); in hotseat with
hidden information a hand-over is asked for before a seat's secrets may be shown; once a deal of a
series is over, the next one waits for :meth:`Table.next_deal`. Answers carry the position's token,
so one that comes after the position changed is dropped.

Storage faults never raise out of a table call: the match reports its own in ``storage_problem``,
and one that a match call raises anyway is kept and reported the same way.
"""

from __future__ import annotations

import sqlite3
from functools import partial
from pathlib import Path
from typing import Any, Callable

from tui_games.core.errors import IllegalActionError, StorageError
from tui_games.core.words import counted
from tui_games.engine.kernel_state import seat_number
from tui_games.table.controllers import AISeat, SeatController, controllers_for
from tui_games.table.events import (AIFailed, ChoiceMade, Event, HandedOver, HandoverNeeded, HintFailed, HintReady,
                                    MoveRefused, PositionChanged, StorageProblem, ThinkingStarted, ThinkingStopped)
from tui_games.table.runners import MoveRequest


class Table:
    """``match`` played by ``controllers`` (one per seat; None: the match's humans at this screen and
    its AIs), AI moves and hints worked out by ``runner``, answers brought back by ``post``.

    ``pace(match)``, when given, is the least seconds the coming AI move takes (the AI move pace
    setting), so that a person can follow the play.
    """

    def __init__(self, match, controllers: list[SeatController] | None, runner, post: Callable[[Callable], Any],
                 pace: Callable[[Any], float] | None = None) -> None:
        controllers = controllers_for(match) if controllers is None else list(controllers)
        if len(controllers) != len(match.seats):
            raise ValueError(f"{counted(len(match.seats), 'seat')} need as many controllers (got {len(controllers)})")
        for seat, (who, controller) in enumerate(zip(match.seats, controllers)):
            if bool(controller.is_ai) != who.is_ai or (who.is_ai and controller.level != who.level):
                raise ValueError(f"seat {seat} is {who.to_text()}, not played by {controller!r}")
        self.match = match
        """The match this table plays (its record: position, history, saves, results)."""
        self.controllers: list[SeatController] = controllers
        """Who plays each seat."""
        self.runner = runner
        """What works out AI moves and hints."""
        self.post = post
        """Runs a callable on the owner's loop (called from the runner's threads)."""
        self.pace = pace
        """The least seconds the coming AI move of a match takes, or None for no wait."""
        self.token = 0
        """Names the current position; changes with it (answers given for another token are dropped)."""
        self.thinking: set[int] = set()
        """The AI seats whose answer the table waits for."""
        self.handover: int | None = None
        """The seat the device must be passed to before it may move (see :meth:`handed_to`), or None."""
        self.closed = False
        """True once :meth:`close` was called: nothing is asked or accepted any more."""
        self._listeners: list[Callable[[Event], Any]] = []
        self._hint_job = None
        self._hint_token = 0
        self._storage_fault: str | None = None
        self._problem_sent: str | None = None

    # ----- listeners ---------------------------------------------------------------------------------
    def listen(self, listener: Callable[[Event], Any]) -> None:
        """Call ``listener(event)`` for every event from now on."""
        self._listeners.append(listener)

    def unlisten(self, listener: Callable[[Event], Any]) -> None:
        """Stop calling ``listener`` (a screen that is gone)."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def emit(self, event: Event) -> None:
        """Send ``event`` to every listener."""
        for listener in list(self._listeners):
            listener(event)

    # ----- starting ------------------------------------------------------------------------------------
    def start(self) -> None:
        """Show the position and ask for the first move (a new game, or one resumed)."""
        self._position_changed()

    def prepare_ais(self) -> None:
        """Get every AI seat's player ready to answer (tables, books, kernels), through the runner, so
        that no move's time goes to warming up. The hint's player gets ready on the first hint."""
        match = self.match
        self.runner.prepare([MoveRequest.for_seat(match, seat) for seat, controller in enumerate(self.controllers)
                             if controller.is_ai])

    # ----- whose turn ----------------------------------------------------------------------------------
    @property
    def screen_seat(self) -> int | None:
        """The seat whose move the person at this screen makes now: the human to move, or at a
        simultaneous node the first one here still to choose; None while a hand-over is pending, the
        game is over, or the turn is a seat's elsewhere (an AI, a remote person)."""
        match = self.match
        if self.handover is not None or self.closed or match.is_over:
            return None
        if match.at_simultaneous_node:
            return self._screen_chooser()
        seat = match.to_move
        return seat if seat >= 0 and self.controllers[seat].at_screen else None

    def _screen_chooser(self) -> int | None:
        return next((seat for seat in self.match.seats_to_choose if self.controllers[seat].at_screen), None)

    def _position_changed(self, by_ai: bool = False) -> None:
        """The position changed: drop what was asked at the old one, show the new one, ask next."""
        self.token += 1
        self._drop_searches()
        self.handover = None
        self.emit(PositionChanged(by_ai))
        self._report_storage()
        if not self.closed:
            self._ask_next()

    def _ask_next(self) -> None:
        match = self.match
        if match.is_over:
            return  # a finished deal of a series waits for next_deal()
        spec = match.spec
        if match.at_simultaneous_node:
            seats = match.seats_to_choose
            ais = [seat for seat in seats if self.controllers[seat].is_ai]
            if ais:
                names = ", ".join(spec.seat_name(seat) for seat in ais)
                self._thinking(ais, f"{names} (AI) choosing...")
            for seat in seats:
                if not self.controllers[seat].at_screen:
                    self.controllers[seat].your_turn(self, seat, self.token)
            self._next_chooser()
            return
        seat = match.to_move
        if seat < 0:
            return
        controller = self.controllers[seat]
        if controller.is_ai:
            level = controller.level
            self._thinking([seat], f"{spec.seat_name(seat)} (AI {spec.level_name(level)}) is thinking...")
        if controller.at_screen and match.needs_handoff(seat):
            self._ask_handover(seat, secret_choice=False)
            return
        controller.your_turn(self, seat, self.token)

    def _next_chooser(self) -> None:
        """At a simultaneous node: give the device to the next person here still to choose."""
        seat = self._screen_chooser()
        if seat is None or self.handover == seat:
            return
        if self.match.needs_joint_handoff(seat):
            self._ask_handover(seat, secret_choice=True)
            return
        self.controllers[seat].your_turn(self, seat, self.token)

    def _ask_handover(self, seat: int, secret_choice: bool) -> None:
        self.handover = seat
        self.emit(HandoverNeeded(seat, secret_choice))

    def handed_to(self, seat: int) -> None:
        """The person of ``seat`` has the device now (they confirmed the hand-over): show what it may
        see, and let it move if it was its turn."""
        self.match.handed_to(seat)
        pending = self.handover == seat
        if pending:
            self.handover = None
        self.emit(HandedOver(seat))
        if pending and not self.closed:
            self.controllers[seat].your_turn(self, seat, self.token)

    # ----- moves ---------------------------------------------------------------------------------------
    def submit(self, seat: int, action: int, token: int | None = None) -> bool:
        """``seat`` plays ``action`` (or chooses it in secret at a simultaneous node). ``token``, when
        given, is the position the move was asked at: an answer for another one is dropped silently.
        A refused move (not that seat's turn, an illegal action) is reported with its reason and
        changes nothing. True when the move was taken."""
        if self.closed or (token is not None and token != self.token):
            return False
        match = self.match
        seat = seat_number(seat, len(match.seats))
        controller = self.controllers[seat]
        name = match.spec.seat_name(seat)
        if match.is_over:
            return self._refuse(seat, "the game is over")
        if controller.at_screen and self.handover is not None:
            return self._refuse(seat, f"the device goes to {match.spec.seat_name(self.handover)} first")
        if match.at_simultaneous_node:
            return self._choose(seat, action)
        if seat != match.to_move:
            return self._refuse(seat, f"it is not {name}'s turn")
        try:
            self._write(match.play, action)
        except IllegalActionError as error:
            return self._refuse(seat, str(error))
        self._position_changed(by_ai=controller.is_ai)
        return True

    def _choose(self, seat: int, action: int) -> bool:
        match = self.match
        before = (match.state, len(match.state.history))
        try:
            self._write(match.choose_for, seat, action)
        except IllegalActionError as error:
            return self._refuse(seat, str(error))
        if (match.state, len(match.state.history)) != before:  # every seat was in: the joint move is played
            self._position_changed()
            return True
        self._seat_answered(seat)
        if not self.controllers[seat].is_ai:
            self._drop_hint()  # the next person must not read this one's hint
        self.emit(ChoiceMade(seat))
        if self.controllers[seat].at_screen:
            self._next_chooser()
        return True

    def _refuse(self, seat: int, reason: str) -> bool:
        if self.controllers[seat].is_ai:
            self._seat_answered(seat)
            self.emit(AIFailed(seat, reason))
        else:
            self.emit(MoveRefused(seat, reason))
        return False

    # ----- AI --------------------------------------------------------------------------------------------
    def compute_move(self, seat: int, level: int, token: int) -> None:
        """Ask the runner for AI seat ``seat``'s move at the position ``token`` names; it comes back
        through :meth:`submit` (a failure as :class:`AIFailed`)."""
        match = self.match
        request = MoveRequest.for_seat(match, seat, level)
        pace = self.pace(match) if self.pace is not None and not request.simultaneous else 0.0
        self.runner.choose(request, lambda action: self.post(partial(self.submit, seat, action, token)),
                           lambda error: self.post(partial(self._ai_failed, seat, token, error)), pace)

    def _ai_failed(self, seat: int, token: int, error: Exception) -> None:
        if self.closed or token != self.token:
            return
        self._seat_answered(seat)
        self.emit(AIFailed(seat, f"{type(error).__name__}: {error}"))

    def _thinking(self, seats: list[int], text: str) -> None:
        self.thinking.update(seats)
        self.emit(ThinkingStarted(tuple(seats), text))

    def _seat_answered(self, seat: int) -> None:
        if seat in self.thinking:
            self.thinking.discard(seat)
            if not self.thinking:
                self.emit(ThinkingStopped())

    def _drop_searches(self) -> None:
        """Ask every running search to stop; their answers are dropped (the token moved on)."""
        self._drop_hint()
        self.runner.stop()
        if self.thinking:
            self.thinking.clear()
            self.emit(ThinkingStopped())

    def hand_seat_to_ai(self, seat: int, level: int) -> None:
        """Let the AI of ``level`` play ``seat`` from now on (a puzzle's 'solve it'; see
        :meth:`Match.hand_seat_to_ai`); its moves follow at the AI's pace. IllegalActionError (or
        InvalidParameterError) when that cannot be, and then nothing changes."""
        match = self.match
        try:
            self._write(match.hand_seat_to_ai, seat, level)
        finally:
            for index, who in enumerate(match.seats):
                if who.is_ai and not self.controllers[index].is_ai:
                    self.controllers[index] = AISeat(who.level)
        self._position_changed()

    # ----- hints -----------------------------------------------------------------------------------------
    def hint(self) -> int | None:
        """Ask the strongest AI for a suggestion for the person at this screen (:attr:`screen_seat`);
        it comes as :class:`HintReady` (or :class:`HintFailed`). Returns the seat it is for, or None
        when there is nobody to suggest to or a hint is being worked out already."""
        seat = self.screen_seat
        if seat is None or self._hint_job is not None:
            return None
        token = self._hint_token
        request = MoveRequest.for_hint(self.match, seat)
        self._hint_job = self.runner.hint(request, lambda hint: self.post(partial(self._hint_done, token, seat, hint)),
                                          lambda error: self.post(partial(self._hint_failed, token, seat, error)))
        return seat

    def consult(self, state, level: int, done: Callable, failed: Callable) -> None:
        """Ask the AI of ``level`` for its hint at ``state``, any position of this game (a view's own
        question: a puzzle's explanation, the moves that made its start); ``done(hint)`` or
        ``failed(error)`` is called on the screen's loop, after the table closed too."""
        request = MoveRequest.for_position(state, level, int(self.match.seed or 0))
        self.runner.hint(request, lambda hint: self.post(partial(done, hint)),
                         lambda error: self.post(partial(failed, error)))

    @property
    def hint_pending(self) -> bool:
        """True while a hint is being worked out."""
        return self._hint_job is not None

    def _hint_done(self, token: int, seat: int, hint) -> None:
        if not self.closed and token == self._hint_token:
            self._hint_job = None
            self.emit(HintReady(seat, hint))

    def _hint_failed(self, token: int, seat: int, error: Exception) -> None:
        if not self.closed and token == self._hint_token:
            self._hint_job = None
            self.emit(HintFailed(seat, str(error)))

    def _drop_hint(self) -> None:
        self._hint_token += 1
        job, self._hint_job = self._hint_job, None
        if job is not None:
            job.cancel()

    # ----- undo, redo, deals -----------------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back moves to the last position where a human was to move (see :meth:`Match.undo`;
        a finished game's kept result is withdrawn: ask the person first). False when nothing was
        undone (nothing to undo, or the result could not be withdrawn: see :attr:`storage_problem`)."""
        if not self.match.can_undo:
            return False
        return self._change(self.match.undo)

    def redo(self) -> bool:
        """Replay the moves last undone, up to the next position where a human is to move."""
        if not self.match.can_redo:
            return False
        return self._change(self.match.redo)

    def next_deal(self) -> bool:
        """Start the series' next deal once the current one is over; False when there is none."""
        if not self.match.can_next_deal:
            return False
        self._change(self.match.next_deal)
        return True

    def leave(self) -> bool:
        """End an open-ended series between deals (its result is recorded); False when it cannot be left now."""
        if not self.match.can_leave:
            return False
        self._change(self.match.leave)
        return True

    def _change(self, call) -> bool:
        self._drop_searches()
        done = self._write(call)
        self._position_changed()
        return bool(done)

    # ----- saving and leaving ----------------------------------------------------------------------------
    def save(self) -> Path | None:
        """Write the save now; its path, or None when writing raised (see :attr:`storage_problem`).
        It tells no listener, so the app may call it on its way out from any thread."""
        try:
            path = self.match.save()
        except (OSError, sqlite3.Error, StorageError) as error:
            self._storage_fault = _fault_text(error)
            return None
        self._storage_fault = None
        return path

    @property
    def storage_problem(self) -> str | None:
        """What could not be written (the save, the statistics), or None."""
        return getattr(self.match, "storage_problem", None) or self._storage_fault

    def _write(self, call, *args) -> Any:
        """Run a match call that writes; a storage fault it raises is kept and reported, not raised."""
        try:
            result = call(*args)
        except (OSError, sqlite3.Error, StorageError) as error:
            self._storage_fault = _fault_text(error)
            result = None
        else:
            self._storage_fault = None
        self._report_storage()
        return result

    def _report_storage(self) -> None:
        problem = self.storage_problem
        if problem != self._problem_sent:
            self._problem_sent = problem
            self.emit(StorageProblem(problem))

    def stop_thinking(self) -> None:
        """Ask every running search to stop and drop every answer still to come (the table is being
        left; a later change of position asks again). It tells no listener and touches nothing but
        the token and the runner, so the app may call it on its way out from any thread."""
        self.token += 1
        self._hint_token += 1
        self.runner.stop()

    def close(self) -> None:
        """Leave the table: stop the searches, accept nothing more, let go of the save (see
        :meth:`Match.close`). Calling it again does nothing."""
        if self.closed:
            return
        self.token += 1
        self._drop_searches()
        self.closed = True
        self.match.close()


def _fault_text(error: Exception) -> str:
    """The warning for a storage fault a match call raised."""
    return f"Could not write to disk: {getattr(error, 'strerror', None) or error}"


__all__ = ["Table"]
