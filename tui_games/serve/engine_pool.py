"""The server's pool of engine workers: the processes that run every session's kernels, AI moves and
hints, so that no session process imports numba.

A worker is ``python -m tui_games.serve.engine_worker`` (a fresh interpreter, as multiprocessing's
spawn would start, but with nothing pickled), in a session of its own, talking to the pool over a
socketpair (:class:`~tui_games.serve.channel.Channel`). The pool starts workers as they are needed,
up to :attr:`EnginePool.size` (the cores, at least one): the first with the first request, another
whenever every worker is busy.

- A kernel call goes to the least busy worker; workers answer them on their reader thread, one
  after another, while searches run beside them in threads of their own.
- An AI move, a hint or a player's preparation goes to the worker that plays its match (chosen at
  the match's first request, the least busy), whose :class:`~tui_games.table.runners.PlayerCache` for
  that match keeps the seats' players from move to move; :meth:`EnginePool.forget` lets them go.
- :meth:`EnginePool.prepare` compiles (the first time) or loads a game in one worker, then loads its
  rules in every other worker, and in each worker started later.
- :meth:`EnginePool.runner` makes a table runner for a table on the server's loop (a room's): its AI
  moves and hints go to the pool as a session's do.

A worker that dies (a crash, a kill) fails the calls it was running with :class:`EngineWorkerError`
saying so, and the next call starts another; a call that runs past its time limit has its worker
killed the same way. The server itself never runs a kernel.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import socket
import sys
from typing import Any, Callable

from tui_games.core.remote_kernels import MODE_VARIABLE
from tui_games.serve.channel import LATER, Channel, ChannelClosed, Forwarded, Request
from tui_games.serve.session_log import log

KERNEL_TIMEOUT_S = 60.0
"""The longest one kernel call may run (it is only ever a fraction of a second: a longer one is stuck)."""

JOB_TIMEOUT_S = 600.0
"""The longest an AI move or hint may run."""

PREPARE_TIMEOUT_S = 1800.0
"""The longest preparing a game may take (compiling everything the first time)."""


class EngineWorkerError(RuntimeError):
    """The worker running a call died, or was stopped for running too long."""


def worker_command() -> list[str]:
    """What a worker runs: this Python, the worker module."""
    return [sys.executable, "-m", "tui_games.serve.engine_worker"]


def worker_environment() -> dict[str, str]:
    """A worker's environment: the server's own (its caches, its home), never in remote-kernel mode."""
    env = dict(os.environ)
    env.pop(MODE_VARIABLE, None)
    return env


def _how_it_ended(returncode: int | None) -> str:
    if returncode is None:
        return "its channel closed"
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exit status {returncode}"


class _Worker:
    """One worker process and its channel; ``load`` counts the calls it is running."""

    def __init__(self, process: asyncio.subprocess.Process, channel: Channel) -> None:
        self.process = process
        self.channel = channel
        self.pid = process.pid
        self.load = 0
        self.jobs = 0
        self.killed_for: str | None = None

    @property
    def alive(self) -> bool:
        """True while the process runs, its channel is open and it is not being killed."""
        return self.process.returncode is None and not self.channel.closed.is_set() and self.killed_for is None

    def kill(self, why: str) -> None:
        """SIGKILL the process (its calls then fail, saying ``why``)."""
        self.killed_for = why
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class EnginePool:
    """Worker processes running kernels and searches for every session (see the module docstring)."""

    def __init__(self, size: int | None = None, *, kernel_timeout_s: float = KERNEL_TIMEOUT_S,
                 job_timeout_s: float = JOB_TIMEOUT_S, command: list[str] | None = None) -> None:
        self.size = max(1, size if size is not None else (os.cpu_count() or 1))
        """The most workers at once."""
        self.kernel_timeout_s = kernel_timeout_s
        self.job_timeout_s = job_timeout_s
        self._command = command or worker_command()
        self._workers: list[_Worker] = []
        self._starting: list[asyncio.Task] = []
        self._affinity: dict[str, _Worker] = {}
        self._job_workers: dict[int, _Worker] = {}
        self._job_ids = itertools.count(1)
        self._prepared: set[str] = set()
        self._preparing: dict[str, asyncio.Lock] = {}
        self._closed = False
        self.started = 0
        """Workers started so far (replacements included)."""

    @property
    def pids(self) -> list[int]:
        """The process ids of the workers running now."""
        return [worker.pid for worker in self._workers if worker.alive]

    # ----- workers -----------------------------------------------------------------------------------------
    async def _spawn(self) -> _Worker:
        parent, child = socket.socketpair()
        try:
            process = await asyncio.create_subprocess_exec(
                *self._command, str(child.fileno()), pass_fds=(child.fileno(),), env=worker_environment(),
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, start_new_session=True)
        except BaseException:
            parent.close()
            raise
        finally:
            child.close()
        channel = await Channel.over(parent, name=f"engine worker {process.pid}")
        worker = _Worker(process, channel)
        self.started += 1
        log("engine-worker", pid=process.pid, workers=len(self._workers) + 1)
        for game in sorted(self._prepared):
            asyncio.ensure_future(self._quietly(worker.channel.request("load", {"game": game})))
        asyncio.ensure_future(self._reap(worker))
        return worker

    async def _reap(self, worker: _Worker) -> None:
        await worker.channel.closed.wait()
        if worker in self._workers:
            self._workers.remove(worker)
        for key, owner in list(self._affinity.items()):
            if owner is worker:
                del self._affinity[key]
        try:
            status = await asyncio.wait_for(asyncio.shield(worker.process.wait()), 2.0)
        except asyncio.TimeoutError:  # alive without its channel: of no use any more
            worker.kill("its channel closed")
            status = await worker.process.wait()
        if not self._closed:
            log("engine-worker-ended", pid=worker.pid, why=worker.killed_for or _how_it_ended(status))

    @staticmethod
    async def _quietly(awaitable) -> None:
        try:
            await awaitable
        except Exception:  # noqa: BLE001  (a warm-up that fails leaves the first real call to say why)
            pass

    def _start_one(self) -> asyncio.Task:
        task = asyncio.ensure_future(self._spawn())
        self._starting.append(task)

        def started(done: asyncio.Task) -> None:
            self._starting.remove(done)
            if not done.cancelled() and done.exception() is None:
                worker = done.result()
                if self._closed:
                    worker.kill("the pool is closed")
                else:
                    self._workers.append(worker)

        task.add_done_callback(started)
        return task

    def warm(self) -> None:
        """Start a worker now if none runs or is starting (so that the first call finds one)."""
        if not self._closed and not self._workers and not self._starting:
            self._start_one()

    def _choose(self) -> _Worker | None:
        """The least busy live worker, or None while none is running yet; another one is started when
        every worker is busy (up to :attr:`size`), or none runs or starts."""
        if self._closed:
            raise EngineWorkerError("the engine pool is closed")
        live = [worker for worker in self._workers if worker.alive]
        if (not live and not self._starting) or (
                len(live) + len(self._starting) < self.size and all(worker.load for worker in live)):
            self._start_one()
        return min(live, key=lambda worker: (worker.load, worker.jobs)) if live else None

    async def _pick(self) -> _Worker:
        """The least busy live worker, waiting for one to start if none runs."""
        worker = self._choose()
        while worker is None:
            if not self._starting:
                raise EngineWorkerError("no engine worker could be started")
            await asyncio.wait(list(self._starting), return_when=asyncio.FIRST_COMPLETED)
            live = [worker for worker in self._workers if worker.alive]
            worker = min(live, key=lambda worker: worker.load) if live else None
        return worker

    async def _call(self, worker: _Worker, op: str, body: Any, timeout: float, what: str,
                    on_part: Callable | None = None) -> Any:
        """Request ``op`` of ``worker``, turning a dead or stuck worker into EngineWorkerError."""
        worker.load += 1
        try:
            return await worker.channel.request(op, body, on_part=on_part, timeout=timeout)
        except asyncio.TimeoutError:
            worker.kill(f"{what} ran longer than {timeout:g} s")
            raise EngineWorkerError(f"{what} ran longer than {timeout:g} s: its engine worker was stopped") from None
        except ChannelClosed:
            raise await self._death(worker, what) from None
        finally:
            worker.load -= 1

    # ----- calls ---------------------------------------------------------------------------------------------
    async def kernel(self, body: Any) -> Any:
        """Run a kernel call (``body`` as :mod:`~tui_games.serve.engine_worker` describes it) in the
        least busy worker; the answer's value."""
        worker = await self._pick()
        return await self._call(worker, "kernel", body, self.kernel_timeout_s, "a kernel call")

    def forward_kernel(self, request: Request) -> Any:
        """Pass a session's kernel call on, unread, to the least busy worker (which reads it with the
        same checks) and answer it with the worker's answer as it came (:class:`Forwarded`). This is
        every session's most frequent request, so it makes no future and no task: the worker's answer
        is written back from the callback that reads it. Returns :data:`LATER` (or, while no worker
        runs yet, a coroutine that waits for one)."""
        worker = self._choose()
        if worker is None:
            return self._forward_when_started(request)
        self._forward(worker, request)
        return LATER

    async def _forward_when_started(self, request: Request) -> Forwarded:
        worker = await self._pick()
        done = asyncio.get_running_loop().create_future()
        self._forward(worker, request, lambda value, error: done.done() or (
            done.set_result(value) if error is None else done.set_exception(error)))
        return await done

    def _forward(self, worker: _Worker, request: Request, answer: Callable | None = None) -> None:
        loop = asyncio.get_running_loop()
        answer = answer or request.answer
        what = "a kernel call"
        worker.load += 1
        timer = loop.call_later(self.kernel_timeout_s, worker.kill,
                                f"{what} ran longer than {self.kernel_timeout_s:g} s")

        def replied(payload) -> None:
            timer.cancel()
            worker.load -= 1
            if isinstance(payload, ChannelClosed):
                asyncio.ensure_future(self._answer_dead(answer, worker, what))
            elif isinstance(payload, Exception):
                answer(None, payload)
            else:
                answer(Forwarded(payload), None)

        worker.channel.forward_to(request, replied)

    async def _answer_dead(self, answer: Callable, worker: _Worker, what: str) -> None:
        answer(None, await self._death(worker, what))

    async def _death(self, worker: _Worker, what: str) -> EngineWorkerError:
        """The error of a call whose worker died (how, once the process is reaped)."""
        status = worker.process.returncode
        if status is None:
            try:
                status = await asyncio.wait_for(asyncio.shield(worker.process.wait()), 2.0)
            except asyncio.TimeoutError:
                pass
        why = worker.killed_for or _how_it_ended(status)
        return EngineWorkerError(f"the engine worker running {what} stopped ({why}); the next call starts another")

    def new_job(self) -> int:
        """A fresh job id (for :meth:`job` and :meth:`cancel`)."""
        return next(self._job_ids)

    async def job(self, op: str, match: str, request: Any, job: int | None = None,
                  on_part: Callable | None = None) -> Any:
        """Run ``op`` (``move``, ``hint`` or ``prepare_players``) for match ``match`` in the worker
        that plays it; ``job`` names it for :meth:`cancel`."""
        job = self.new_job() if job is None else job
        worker = self._affinity.get(match)
        if worker is None or not worker.alive:
            worker = await self._pick()
            self._affinity[match] = worker
        worker.jobs += 1
        self._job_workers[job] = worker
        try:
            return await self._call(worker, op, {"job": job, "match": match, "request": request},
                                    self.job_timeout_s, f"an AI {op.replace('_', ' ')}", on_part)
        finally:
            worker.jobs -= 1
            self._job_workers.pop(job, None)

    def cancel(self, job: int) -> None:
        """Ask the worker running job ``job`` to stop its search (nothing if it is not running)."""
        worker = self._job_workers.get(job)
        if worker is not None and worker.alive:
            try:
                worker.channel.push("cancel", {"job": job})
            except ChannelClosed:
                pass

    def forget(self, matches: list[str]) -> None:
        """Let go of the players of ``matches`` (their sessions are done with them)."""
        by_worker: dict[_Worker, list[str]] = {}
        for match in matches:
            worker = self._affinity.pop(match, None)
            if worker is not None:
                by_worker.setdefault(worker, []).append(match)
        for worker, keys in by_worker.items():
            if worker.alive:
                try:
                    worker.channel.push("forget", {"matches": keys})
                except ChannelClosed:
                    pass

    async def prepare(self, game: str, levels: list[int], on_part: Callable | None = None) -> None:
        """Compile (the first time) or load ``game``'s rules and AI ``levels`` in a worker, reporting
        progress parts to ``on_part``; then load its rules in every other worker."""
        lock = self._preparing.setdefault(game, asyncio.Lock())
        async with lock:
            worker = await self._pick()
            await self._call(worker, "prepare", {"game": game, "levels": list(levels)}, PREPARE_TIMEOUT_S,
                             f"preparing {game}", on_part)
        self._prepared.add(game)
        others = [other for other in self._workers if other is not worker and other.alive]
        await asyncio.gather(*(self._quietly(self._call(other, "load", {"game": game}, PREPARE_TIMEOUT_S,
                                                        f"loading {game}")) for other in others))

    def runner(self):
        """A table runner whose AI moves and hints this pool works out, for a table on the server's own
        loop (a room's): see :class:`~tui_games.serve.loop_runner.LoopRunner`."""
        from tui_games.serve.loop_runner import LoopRunner

        return LoopRunner(self)

    async def close(self) -> None:
        """Stop every worker (their calls fail) and wait for them."""
        self._closed = True
        for task in list(self._starting):
            task.cancel()
        workers, self._workers = list(self._workers), []
        for worker in workers:
            await worker.channel.close()
        for worker in workers:
            try:
                await asyncio.wait_for(worker.process.wait(), 2.0)
            except asyncio.TimeoutError:
                worker.kill("the pool is closed")
                await worker.process.wait()


__all__ = ["EnginePool", "EngineWorkerError", "JOB_TIMEOUT_S", "KERNEL_TIMEOUT_S", "worker_command",
           "worker_environment"]
