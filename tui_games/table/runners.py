"""How AI moves and hints are worked out: a plain, picklable request, the AI players that answer it
(built once per seat), and the runners that run it off the owner's loop.

A runner is given a :class:`MoveRequest` and two callbacks, ``done(value)`` and ``failed(error)``,
which it calls from wherever it ran the search (a worker thread); the table posts them back to its
own loop. :class:`ThreadRunner` runs each search in a thread of this process (the app);
:class:`InlineRunner` runs it at once on the caller's thread (tests, scripts); :class:`PoolRunner`
sends the request (plain data: :meth:`MoveRequest.to_wire`) to the engine pool of a server, which
runs it in a worker process (a session process of ``tui-games serve``: see :func:`default_runner`).
"""

from __future__ import annotations

import itertools
import numbers
import secrets
import threading
import time
import weakref
from functools import partial
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from tui_games.core.hints import Hint
from tui_games.core.players import SIMULTANEOUS
from tui_games.core.registry import get
from tui_games.core.remote_kernels import REMOTE, transport
from tui_games.engine.seeds import derive_seed

def seat_seed(match_seed: int, seat: int) -> int:
    """The seed of the AI player of ``seat`` in a match seeded ``match_seed``."""
    return derive_seed(match_seed, 7919 * (seat + 1))


@dataclass(frozen=True, eq=False)
class MoveRequest:
    """One question for an AI player, as plain data (it pickles): the game and the deal being
    played, the position (its array and history), the seat asked and the player that answers.

    ``hint`` asks for a :class:`~tui_games.core.hints.Hint` from the strongest level instead of a
    move; ``simultaneous`` marks a secret choice at a simultaneous node (``choose(state, player=seat)``).
    """

    game_id: str
    params: dict
    """The deal's parameters, resolved (a series' deal has its own: the button, the blinds)."""
    seed: int
    """The deal's seed: ``spec.new(seed=seed, **params)`` is where its history starts."""
    history: list
    """Every action of the deal so far, chance outcomes included (a joint move is a list)."""
    array: np.ndarray = field(repr=False)
    """The position's state array (so that no worker has to replay the history)."""
    seat: int
    level: int
    player_seed: int
    """The seed of the player that answers (one per seat and match, see :func:`seat_seed`)."""
    simultaneous: bool = False
    hint: bool = False

    @classmethod
    def for_seat(cls, match, seat: int, level: int | None = None) -> "MoveRequest":
        """The move (or secret choice) of ``match``'s AI seat ``seat`` at its current position."""
        level = match.seats[seat].level if level is None else level
        return cls._of(match, seat, level, seat_seed(match.seed, seat), hint=False)

    @classmethod
    def for_hint(cls, match, seat: int) -> "MoveRequest":
        """The strongest AI's suggestion for ``seat`` (the human to move, or choosing)."""
        return cls._of(match, seat, match.spec.max_level, int(match.seed), hint=True)

    @classmethod
    def for_position(cls, state, level: int, player_seed: int, seat: int = 0) -> "MoveRequest":
        """Level ``level``'s hint for ``seat`` at any position ``state`` of a game (a view asking the AI
        about a position other than the match's, e.g. a puzzle's start)."""
        return cls(game_id=state.spec.id, params=dict(state.params), seed=state.seed,
                   history=[list(entry) if isinstance(entry, list) else entry for entry in state.history],
                   array=state.array.copy(), seat=int(seat), level=int(level), player_seed=int(player_seed),
                   simultaneous=state.current_player == SIMULTANEOUS, hint=True)

    @classmethod
    def _of(cls, match, seat: int, level: int, player_seed: int, hint: bool) -> "MoveRequest":
        state = match.state
        return cls(game_id=match.spec.id, params=dict(state.params), seed=state.seed,
                   history=[list(entry) if isinstance(entry, list) else entry for entry in state.history],
                   array=state.array.copy(), seat=int(seat), level=int(level), player_seed=player_seed,
                   simultaneous=state.current_player == SIMULTANEOUS, hint=hint)

    @property
    def player_key(self) -> tuple:
        """Which player answers: the same one for every request of this seat, level and match."""
        return self.game_id, self.hint, self.seat if not self.hint else None, self.level, self.player_seed

    def position(self):
        """The position as a fresh state of the game (its own copy of the array and history)."""
        state = get(self.game_id).new(seed=self.seed, **self.params)
        state.array[:] = self.array
        state.history[:] = [list(entry) if isinstance(entry, list) else entry for entry in self.history]
        return state

    def to_wire(self) -> dict:
        """The request as plain data for a channel (see :mod:`tui_games.serve.wire`)."""
        return {"game_id": self.game_id, "params": dict(self.params), "seed": int(self.seed),
                "history": [[int(a) for a in entry] if isinstance(entry, list) else int(entry)
                            for entry in self.history],
                "array": np.ascontiguousarray(self.array, dtype=np.int64), "seat": int(self.seat),
                "level": int(self.level), "player_seed": int(self.player_seed),
                "simultaneous": bool(self.simultaneous), "hint": bool(self.hint)}

    @classmethod
    def from_wire(cls, body: Any) -> "MoveRequest":
        """The request :meth:`to_wire` made, checked field by field (it may come from a session
        process): ValueError (UnknownGameError for a game not in the catalogue) when it is not one."""
        if not isinstance(body, dict) or set(body) != _WIRE_FIELDS:
            raise ValueError("a move request has exactly the fields of MoveRequest")
        spec = get(_text(body["game_id"], "game_id"))
        params = body["params"]
        if not isinstance(params, dict) or len(params) > 64 or not all(
                isinstance(value, (int, float, str)) and (not isinstance(value, str) or len(value) <= 200)
                for value in params.values()):
            raise ValueError("a move request's params are at most 64 numbers or short texts")
        history = body["history"]
        if not isinstance(history, list) or len(history) > MAX_WIRE_HISTORY or not all(
                _whole(entry) or (isinstance(entry, list) and len(entry) <= 64 and all(map(_whole, entry)))
                for entry in history):
            raise ValueError("a move request's history is a list of actions (a joint move: a list of them)")
        array = body["array"]
        if not (isinstance(array, np.ndarray) and array.dtype == np.int64 and array.ndim == 1
                and 0 < array.size <= MAX_WIRE_STATE):
            raise ValueError("a move request's array is a flat int64 state")
        level = _number(body["level"], "level", 1, spec.max_level)
        return cls(game_id=spec.id, params=dict(params), seed=_number(body["seed"], "seed"), history=history,
                   array=array, seat=_number(body["seat"], "seat", 0, spec.max_players - 1), level=level,
                   player_seed=_number(body["player_seed"], "player_seed"),
                   simultaneous=_flag(body["simultaneous"]), hint=_flag(body["hint"]))


MAX_WIRE_HISTORY = 100_000
"""The longest history a move request from a channel may hold."""

MAX_WIRE_STATE = 1 << 16
"""The longest state array a move request from a channel may hold."""

_WIRE_FIELDS = {"game_id", "params", "seed", "history", "array", "seat", "level", "player_seed", "simultaneous",
                "hint"}


def _whole(value) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool) and -2**63 <= value < 2**63


def _number(value, name: str, low: int = -2**63, high: int = 2**63 - 1) -> int:
    if not _whole(value) or not low <= value <= high:
        raise ValueError(f"a move request's {name} must be a whole number from {low} to {high}")
    return int(value)


def _text(value, name: str) -> str:
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError(f"a move request's {name} must be a short text")
    return value


def _flag(value) -> bool:
    if not isinstance(value, bool):
        raise ValueError("a move request's flags are true or false")
    return value


def hint_to_wire(hint: Hint) -> dict:
    """A hint as plain data for a channel."""
    return {"best": int(hint.best), "values": [[int(action), str(text)] for action, text in hint.values.items()],
            "summary": str(hint.summary), "line": [int(action) for action in hint.line]}


def hint_from_wire(body: Any) -> Hint:
    """The hint :func:`hint_to_wire` made; ValueError when ``body`` is not one."""
    try:
        return Hint(int(body["best"]), {int(action): str(text) for action, text in body["values"]},
                    str(body["summary"]), line=[int(action) for action in body.get("line", ())])
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not a hint ({type(error).__name__})") from None


def compute_move(player, request: MoveRequest) -> int:
    """``player``'s move (or secret choice) for ``request``; blocking."""
    state = request.position()
    if request.simultaneous:
        return player.choose(state, player=request.seat)
    return player.choose(state)


def compute_hint(player, request: MoveRequest) -> Hint:
    """``player``'s suggestion for ``request``'s seat: its own hint where it has one (values per
    action), else its move alone; blocking."""
    state = request.position()
    extra = {"player": request.seat} if request.simultaneous else {}
    if hasattr(player, "hint"):
        return player.hint(state, **extra)
    return Hint(player.choose(state, **extra), {}, "")


class PlayerCache:
    """The AI players of a table, built once each (a seat's player keeps its tables, books and random
    stream from move to move); safe to use from several threads: a player is built once however many
    ask for it at the same time."""

    def __init__(self) -> None:
        self._players: dict[tuple, Any] = {}
        self._building: dict[tuple, threading.Lock] = {}
        self._lock = threading.Lock()

    def player(self, request: MoveRequest):
        """The player that answers ``request`` (built now if it is the first ask; can be slow)."""
        key = request.player_key
        with self._lock:
            if key in self._players:
                return self._players[key]
            building = self._building.setdefault(key, threading.Lock())
        with building:
            with self._lock:
                if key in self._players:
                    return self._players[key]
            player = get(request.game_id).ai(request.level, seed=request.player_seed)
            with self._lock:
                self._players[key] = player
                self._building.pop(key, None)
            return player

    def for_seat(self, match, seat: int):
        """The player AI seat ``seat`` of ``match`` moves with (the one a table's runner asks)."""
        return self.player(MoveRequest.for_seat(match, seat))

    def move(self, request: MoveRequest) -> int:
        """The answer to ``request`` (blocking)."""
        return compute_move(self.player(request), request)

    def hint(self, request: MoveRequest) -> Hint:
        """The hint ``request`` asks for (blocking)."""
        return compute_hint(self.player(request), request)

    def prepare(self, request: MoveRequest) -> None:
        """Build the player that answers ``request`` and get it ready to answer at once (tables and
        books loaded, kernels compiled or loaded); blocking."""
        from tui_games.engine.players import prepare_player

        prepare_player(self.player(request), request.position())


class Job:
    """One search a runner runs; :meth:`cancel` drops its answer and asks its search to stop."""

    def __init__(self) -> None:
        self.cancelled = False
        """True once cancelled: its callbacks are not called any more."""
        self._player = None  # set while the search runs, so that cancel() can stop it
        self._lock = threading.Lock()

    def cancel(self) -> None:
        """Drop this job's answer; a running search is asked to stop (it answers with what it has,
        which is dropped). A player is never stopped while idle: its next search would be cut short."""
        with self._lock:
            self.cancelled = True
            player = self._player
        if player is not None and hasattr(player, "stop"):
            player.stop()

    def searching(self, player) -> bool:
        """Mark ``player`` as searching for this job (None: done); False when already cancelled."""
        with self._lock:
            self._player = player
            return not self.cancelled


Done = Callable[[Any], None]
"""Called with a job's answer (a move, or a hint), on the thread that worked it out."""
Failed = Callable[[Exception], None]
"""Called with the error that ended a job's search, on the thread that ran it."""


class InlineRunner:
    """Runs every search at once on the caller's thread, ignoring the pace: for tests and scripts.
    Its callbacks are called before :meth:`choose` returns, so a table using it needs a ``post`` that
    queues them (the table must never be entered again from inside its own call)."""

    def __init__(self, players: PlayerCache | None = None) -> None:
        self.players = players or PlayerCache()
        """The AI players this runner asks."""

    def choose(self, request: MoveRequest, done: Done, failed: Failed, pace: float = 0.0) -> Job:
        """Work out ``request``'s move now and call ``done(action)`` (``failed(error)`` if it fails)."""
        return self._run(self.players.move, request, done, failed)

    def hint(self, request: MoveRequest, done: Done, failed: Failed) -> Job:
        """Work out ``request``'s hint now and call ``done(hint)`` (``failed(error)`` if it fails)."""
        return self._run(self.players.hint, request, done, failed)

    @staticmethod
    def _run(work, request: MoveRequest, done: Done, failed: Failed) -> Job:
        job = Job()
        try:
            value = work(request)
        except Exception as error:  # the table reports it; a failing AI must not end the game
            failed(error)
        else:
            done(value)
        return job

    def prepare(self, requests: list[MoveRequest]) -> None:
        """Get the players of ``requests`` ready now."""
        for request in requests:
            self.players.prepare(request)

    def stop(self) -> None:
        """Nothing runs between calls: nothing to stop."""


class _PacedRunner:
    """What :class:`ThreadRunner` and :class:`PoolRunner` share: each search in a thread of its own,
    its answer held back until the AI's pace has passed since it was asked (so that a person can
    follow the play), every running job cancellable. A subclass says how one search starts
    (:meth:`_begin`) and how a player is got ready (:meth:`_prepare_one`)."""

    POLL_S = 0.02
    """How often a pace wait looks whether its job was cancelled."""

    def __init__(self) -> None:
        self._jobs: set[Job] = set()
        self._lock = threading.Lock()

    def choose(self, request: MoveRequest, done: Done, failed: Failed, pace: float = 0.0) -> Job:
        """Work out ``request``'s move; ``done(action)`` is called (on a thread of this runner) once it
        is found and ``pace`` seconds have passed since this call, ``failed(error)`` if the search fails."""
        return self._start("move", request, done, failed, pace)

    def hint(self, request: MoveRequest, done: Done, failed: Failed) -> Job:
        """Work out ``request``'s hint; ``done(hint)`` or ``failed(error)`` is called on a thread of this runner."""
        return self._start("hint", request, done, failed, 0.0)

    def prepare(self, requests: list[MoveRequest]) -> None:
        """Get the players of ``requests`` ready in a background thread (errors are left for the
        moves themselves to report)."""
        def work() -> None:
            for request in requests:
                try:
                    self._prepare_one(request)
                except Exception:  # the move that needs this player reports the fault
                    pass

        threading.Thread(target=work, name="tui-games-prepare", daemon=True).start()

    def stop(self) -> None:
        """Cancel every job running now (see :meth:`Job.cancel`)."""
        with self._lock:
            jobs = list(self._jobs)
        for job in jobs:
            job.cancel()

    @property
    def running(self) -> int:
        """How many jobs are running (searching or waiting out their pace)."""
        with self._lock:
            return len(self._jobs)

    def _prepare_one(self, request: MoveRequest) -> None:
        raise NotImplementedError

    def _begin(self, kind: str, request: MoveRequest):
        """(what stops the search, a callable doing it) for a 'move' or a 'hint' (may be slow)."""
        raise NotImplementedError

    def _start(self, kind: str, request: MoveRequest, done: Done, failed: Failed, pace: float) -> Job:
        job = Job()
        with self._lock:
            self._jobs.add(job)
        threading.Thread(target=self._run, args=(job, kind, request, done, failed, pace),
                         name=f"tui-games-ai-{request.seat}", daemon=True).start()
        return job

    def _run(self, job: Job, kind: str, request: MoveRequest, done: Done, failed: Failed, pace: float) -> None:
        started = time.monotonic()
        try:
            try:
                search, work = self._begin(kind, request)  # building a player can be slow: never on the owner's loop
                if not job.searching(search):
                    return
                value = work()
            except Exception as error:  # reported to the table; a failing AI must not end the app
                if job.searching(None):
                    failed(error)
                return
            if not job.searching(None):
                return
            while time.monotonic() - started < pace and not job.cancelled:
                time.sleep(self.POLL_S)
            if not job.cancelled:
                done(value)
        finally:
            with self._lock:
                self._jobs.discard(job)


class ThreadRunner(_PacedRunner):
    """Runs each search in a thread of its own (the kernels release the GIL, so the UI stays
    responsive), then waits out the AI's pace: a move is answered no sooner than ``pace`` seconds
    after it was asked, so that a person can follow the play."""

    def __init__(self, players: PlayerCache | None = None) -> None:
        super().__init__()
        self.players = players or PlayerCache()
        """The AI players this runner asks."""

    def _prepare_one(self, request: MoveRequest) -> None:
        self.players.prepare(request)

    def _begin(self, kind: str, request: MoveRequest):
        player = self.players.player(request)
        work = self.players.move if kind == "move" else self.players.hint
        return player, partial(work, request)


class _RemoteSearch:
    """A search running in the server's pool, as a :class:`Job` sees it: stopping it asks the pool to."""

    def __init__(self, link, match: str, tag: int) -> None:
        self._link, self._match, self._tag = link, match, tag

    def stop(self) -> None:
        """Ask the pool to stop the search (its answer is dropped anyway)."""
        try:
            self._link.push("cancel", {"match": self._match, "tag": self._tag})
        except Exception:  # the channel is gone: the search ends with it
            pass


def _forget_match(link, match: str) -> None:
    try:
        link.push("forget", {"match": match})
    except Exception:  # the channel is gone: so are the players
        pass


class PoolRunner(_PacedRunner):
    """Runs each search in the engine pool of the server this process is a session of, over the
    session's channel (``link``: by default the one the session installed, see
    :func:`tui_games.core.remote_kernels.transport`), then waits out the AI's pace as
    :class:`ThreadRunner` does. A runner is one match for the pool: its seats' players keep their
    state from move to move in the worker that plays the match, and the pool lets them go when the
    runner is collected. A failing search reports the worker's error, or a clear one when the worker
    or the server is gone; cancelling a job stops its search in the pool."""

    def __init__(self, link=None) -> None:
        super().__init__()
        self.link = link if link is not None else transport()
        """The session's channel to the server (``call`` and ``push``)."""
        self.match = secrets.token_hex(8)
        """This runner's name for its match in the pool."""
        self._tags = itertools.count(1)
        weakref.finalize(self, _forget_match, self.link, self.match)

    def _prepare_one(self, request: MoveRequest) -> None:
        self.link.call("prepare_players", {"match": self.match, "request": request.to_wire()})

    def _begin(self, kind: str, request: MoveRequest):
        tag = next(self._tags)

        def work():
            answer = self.link.call(kind, {"match": self.match, "tag": tag, "request": request.to_wire()})
            return hint_from_wire(answer) if kind == "hint" else answer

        return _RemoteSearch(self.link, self.match, tag), work


def default_runner():
    """The runner of this process: a :class:`PoolRunner` in a server's session process (its kernels
    run in the server's pool too), else a :class:`ThreadRunner`."""
    return PoolRunner() if REMOTE else ThreadRunner()


__all__ = ["InlineRunner", "Job", "MoveRequest", "PlayerCache", "PoolRunner", "ThreadRunner", "compute_hint",
           "compute_move", "default_runner", "hint_from_wire", "hint_to_wire", "seat_seed"]
