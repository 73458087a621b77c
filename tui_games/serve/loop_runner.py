"""A table runner for the server's own tables (a room's): AI moves and hints worked out by the engine
pool, asked from the server's event loop.

It has :class:`~tui_games.table.ThreadRunner`'s interface (``choose``, ``hint``, ``prepare``, ``stop``,
``running``) and pace: a move is answered no sooner than ``pace`` seconds after it was asked. It is
made by :meth:`EnginePool.runner() <tui_games.serve.engine_pool.EnginePool.runner>` and used on the
loop the pool runs on (``done`` and ``failed`` are called there); ``stop`` may be called from any
thread. Each runner is one match for the pool: its seats' players keep their state from move to move
in the worker that plays the match, and are let go when the runner is collected or :meth:`closed
<LoopRunner.close>`.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import weakref
from typing import Any, Callable

from tui_games.table.runners import Job, MoveRequest, hint_from_wire

_names = itertools.count(1)


def _forget(loop: asyncio.AbstractEventLoop, pool, match: str) -> None:
    """Let the pool forget ``match``'s players, on its loop (from whatever thread collected the runner)."""
    try:
        loop.call_soon_threadsafe(pool.forget, [match])
    except RuntimeError:  # the loop is closed: so is the pool
        pass


class _PoolSearch:
    """A search running in the pool, as a :class:`Job` sees it: stopping it asks the pool to."""

    def __init__(self, runner: "LoopRunner", job: int) -> None:
        self._runner, self._job = runner, job

    def stop(self) -> None:
        """Ask the pool to stop the search, from whatever thread."""
        self._runner._on_loop(self._runner.pool.cancel, self._job)


class LoopRunner:
    """Runs a table's searches in ``pool`` (an :class:`~tui_games.serve.engine_pool.EnginePool`) from
    the running event loop (see the module docstring)."""

    def __init__(self, pool) -> None:
        self.pool = pool
        """The engine pool that answers."""
        self.match = f"loop/{next(_names)}"
        """This runner's name for its match in the pool."""
        self._loop = asyncio.get_running_loop()
        self._jobs: dict[Job, asyncio.Task] = {}
        self._lock = threading.Lock()
        weakref.finalize(self, _forget, self._loop, pool, self.match)

    def choose(self, request: MoveRequest, done: Callable[[Any], None], failed: Callable[[Exception], None],
               pace: float = 0.0) -> Job:
        """Have the pool work out ``request``'s move; ``done(action)`` is called on the loop once it came
        and ``pace`` seconds have passed since this call (``failed(error)`` if it fails)."""
        return self._start("move", request, done, failed, pace)

    def hint(self, request: MoveRequest, done: Callable[[Any], None], failed: Callable[[Exception], None]) -> Job:
        """Have the pool work out ``request``'s hint; ``done(hint)`` or ``failed(error)`` on the loop."""
        return self._start("hint", request, done, failed, 0.0)

    def prepare(self, requests: list[MoveRequest]) -> None:
        """Have the pool get the players of ``requests`` ready (errors are left for the moves to report)."""
        async def work() -> None:
            for request in requests:
                try:
                    await self.pool.job("prepare_players", self.match, request.to_wire())
                except Exception:  # noqa: BLE001  (the move that needs this player reports the fault)
                    pass

        self._loop.create_task(work())

    def stop(self) -> None:
        """Cancel every job running now (the pool stops their searches; their answers are dropped)."""
        with self._lock:
            jobs = list(self._jobs)
        for job in jobs:
            job.cancel()

    def close(self) -> None:
        """Stop every job and let the pool forget this runner's players."""
        self.stop()
        _forget(self._loop, self.pool, self.match)

    @property
    def running(self) -> int:
        """How many jobs are running (searching or waiting out their pace)."""
        with self._lock:
            return len(self._jobs)

    def _on_loop(self, function: Callable, *args) -> None:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self._loop:
            function(*args)
        elif not self._loop.is_closed():
            self._loop.call_soon_threadsafe(function, *args)

    def _start(self, op: str, request: MoveRequest, done, failed, pace: float) -> Job:
        job = Job()
        task = self._loop.create_task(self._run(job, op, request, done, failed, pace))
        with self._lock:
            self._jobs[job] = task
        task.add_done_callback(lambda _task: self._forget_job(job))
        return job

    def _forget_job(self, job: Job) -> None:
        with self._lock:
            self._jobs.pop(job, None)

    async def _run(self, job: Job, op: str, request: MoveRequest, done, failed, pace: float) -> None:
        started = self._loop.time()
        ident = self.pool.new_job()
        if not job.searching(_PoolSearch(self, ident)):
            return
        try:
            answer = await self.pool.job(op, self.match, request.to_wire(), ident)
            value = hint_from_wire(answer) if op == "hint" else answer
        except Exception as error:  # noqa: BLE001  (reported to the table; a failing AI must not end the room)
            if job.searching(None):
                failed(error)
            return
        if not job.searching(None):
            return
        while not job.cancelled and self._loop.time() - started < pace:
            await asyncio.sleep(min(0.05, pace - (self._loop.time() - started)))
        if not job.cancelled:
            done(value)


__all__ = ["LoopRunner"]
