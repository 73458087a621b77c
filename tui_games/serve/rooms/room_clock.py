"""The loop a room runs on: posting work to it from any thread, timers, and the time.

A room is single-threaded, like the table it owns: every call into it runs on one loop. AI answers
come back from the runner's threads through :meth:`Clock.post`; grace periods, turn timers, the pause
between deals and the lobby's sweep are :meth:`Clock.call_later` timers. On the server the clock is
the asyncio loop's (:class:`AsyncioClock`); tests and scripts use :class:`ManualClock`, whose time
moves only when told, so a five-minute grace takes no time to test.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import threading
import time
from collections import deque
from typing import Callable, Protocol


class TimerHandle(Protocol):
    """A pending timer."""

    def cancel(self) -> None:
        """Do not run it (nothing happens if it ran already)."""


class Clock(Protocol):
    """What a room needs of the loop it runs on."""

    def post(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` soon on the loop; safe to call from any thread."""

    def call_later(self, delay: float, callback: Callable[[], object]) -> TimerHandle:
        """Run ``callback`` on the loop after ``delay`` seconds (called on the loop)."""

    def time(self) -> float:
        """Seconds on a monotonic clock."""


class AsyncioClock:
    """The clock of an asyncio loop (the server's): ``loop`` defaults to the running one."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.loop = loop or asyncio.get_running_loop()
        """The loop every room call runs on."""

    def post(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` on the loop (thread-safe); nothing happens once the loop is closed."""
        try:
            self.loop.call_soon_threadsafe(callback)
        except RuntimeError:  # the loop is closed: the server is going down
            pass

    def call_later(self, delay: float, callback: Callable[[], object]) -> TimerHandle:
        """Run ``callback`` after ``delay`` seconds."""
        return self.loop.call_later(max(0.0, delay), callback)

    def time(self) -> float:
        """The loop's time."""
        return self.loop.time()


class _ManualTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock whose time moves only with :meth:`advance` and whose posted work runs only when
    drained (:meth:`drain`, :meth:`settle`): rooms driven by a test or a script, step by step."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        """The time now."""
        self._posted: deque[Callable[[], object]] = deque()
        self._timers: list[tuple[float, int, _ManualTimer, Callable[[], object]]] = []
        self._order = itertools.count()
        self._lock = threading.Lock()

    def post(self, callback: Callable[[], object]) -> None:
        """Queue ``callback`` (thread-safe); it runs at the next drain."""
        with self._lock:
            self._posted.append(callback)

    def call_later(self, delay: float, callback: Callable[[], object]) -> TimerHandle:
        """Run ``callback`` once the time has moved ``delay`` seconds on."""
        timer = _ManualTimer()
        heapq.heappush(self._timers, (self.now + max(0.0, delay), next(self._order), timer, callback))
        return timer

    def time(self) -> float:
        """The time now."""
        return self.now

    def drain(self, limit: int = 100_000) -> int:
        """Run the posted callbacks (and those they post) until none is left, and the timers that are
        due; returns how many ran."""
        ran = 0
        while True:
            with self._lock:
                callback = self._posted.popleft() if self._posted else None
            if callback is None:
                callback = self._due_timer()
            if callback is None:
                return ran
            callback()
            ran += 1
            if ran >= limit:
                raise RuntimeError("the room never settles")

    def _due_timer(self) -> Callable[[], object] | None:
        while self._timers and self._timers[0][0] <= self.now:
            _, _, timer, callback = heapq.heappop(self._timers)
            if not timer.cancelled:
                return callback
        return None

    def advance(self, seconds: float) -> int:
        """Move the time on by ``seconds``, running every timer due on the way (in time order) and the
        work they post; returns how many callbacks ran."""
        end = self.now + seconds
        ran = self.drain()
        while self._timers and self._timers[0][0] <= end:
            self.now = max(self.now, self._timers[0][0])
            ran += self.drain()
        self.now = end
        return ran + self.drain()

    def settle(self, busy: Callable[[], bool], timeout: float = 60.0) -> int:
        """Drain until ``busy()`` is false and nothing is queued, waiting (in real time, up to
        ``timeout`` seconds) for work other threads will post (a ThreadRunner's AI moves); returns
        how many callbacks ran. TimeoutError when it does not settle in time."""
        deadline = time.monotonic() + timeout
        ran = 0
        while True:
            ran += self.drain()
            if not busy():
                with self._lock:
                    if not self._posted:
                        return ran
            if time.monotonic() > deadline:
                raise TimeoutError("the room did not settle")
            time.sleep(0.002)

    @property
    def pending_timers(self) -> int:
        """How many timers are still to run."""
        return sum(1 for *_, timer, _ in self._timers if not timer.cancelled)


__all__ = ["AsyncioClock", "Clock", "ManualClock", "TimerHandle"]
