"""Ending the app when its terminal goes away, or when it is told to stop.

An SSH disconnect or a closed tmux pane hangs up the terminal: the kernel sends SIGHUP and SIGCONT,
reads then return end-of-file and writes fail. Left to itself the app could stay in shutdown for ever:
Textual's SIGCONT handler starts its terminal threads again on the dead terminal, its output thread
dies on the first failed write and the next write waits for ever on that thread's full queue; and
asyncio waits for every thread worker (an AI search, its pacing) to finish, which nothing can cancel.

:class:`TerminalGuard` turns SIGHUP, SIGTERM and a terminal that stopped answering (checked twice a
second, for a hang-up whose signal never came) into one way out: a dead terminal's descriptors are
pointed at /dev/null (nothing blocks or fails on them any more), the game is saved and the app asked to
exit; a watchdog ends the process ``grace_s`` seconds later if it is still there, saving first if that
had not happened yet.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from typing import Callable

try:
    import termios
except ImportError:  # pragma: no cover - Windows: no terminal to watch
    termios = None

GRACE_S = 3.0
"""How long the orderly exit may take, after the terminal went away or SIGTERM came, before the
watchdog ends the process."""

POLL_S = 0.5
"""How often the terminal is checked for a hang-up that sent no signal."""

SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))
"""The signals that end the app (saving first)."""


def terminal_fds() -> list[int]:
    """The standard descriptors (0, 1, 2) open on a terminal now (none where terminals cannot be watched)."""
    return [fd for fd in (0, 1, 2) if termios is not None and os.isatty(fd)]


def terminal_gone(fds: list[int]) -> bool:
    """True when the terminal behind any of ``fds`` no longer answers (hung up, or closed)."""
    for fd in fds:
        try:
            termios.tcgetattr(fd)
        except (termios.error, OSError):
            return True
    return False


class TerminalGuard:
    """Saves and ends the app on SIGHUP, SIGTERM or a terminal gone quiet (see the module docstring).

    ``save`` saves the game and stops helpers (quick; it may run on the watchdog's thread when the
    app's loop is stuck); ``leave`` asks the app to exit (on the app's loop, after ``save``);
    ``stopping`` runs at once in the signal handler or the watching thread (quick, thread-safe).
    ``fds`` are the terminal's descriptors to watch and, once it is gone, to point at /dev/null (none
    for a headless app); ``watchdog`` lets the guard end the process (never in a test process).
    """

    def __init__(self, save: Callable[[], None], leave: Callable[[], None], *,
                 stopping: Callable[[], None] = lambda: None, fds: list[int] | None = None,
                 watchdog: bool = False, grace_s: float = GRACE_S) -> None:
        self._save, self._leave, self._stopping = save, leave, stopping
        self._fds = list(fds or [])
        self._watchdog = watchdog
        self._grace_s = grace_s
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._save_lock = threading.Lock()
        self._saved = False
        self._previous: dict[int, object] = {}
        self._unwatched = threading.Event()
        self._quiet_input: int | None = None
        self.signum: int | None = None
        """The signal that started the way out (SIGHUP for a terminal that went quiet), or None."""

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        """Take over SIGHUP and SIGTERM (from the main thread) and watch the terminal, if any."""
        self._loop = loop
        for signum in SIGNALS:
            try:
                self._previous[signum] = signal.signal(signum, self._signalled)
            except (ValueError, OSError):  # not the main thread
                pass
        if self._fds:
            threading.Thread(target=self._watch, name="tui-games terminal watch", daemon=True).start()

    def uninstall(self) -> None:
        """Give the signals back to their earlier handlers and stop watching (a started way out goes on)."""
        self._unwatched.set()
        for signum, handler in self._previous.items():
            try:
                signal.signal(signum, handler)
            except (ValueError, OSError, TypeError):
                pass
        self._previous.clear()

    def _signalled(self, signum: int, frame) -> None:
        self.trigger(signum)

    def _watch(self) -> None:
        while not self._unwatched.wait(POLL_S):
            if terminal_gone(self._fds):
                self.trigger(signal.SIGHUP)
                return

    def trigger(self, signum: int) -> None:
        """Start the way out (once): quiet a dead terminal, arm the watchdog, save and leave on the loop."""
        with self._lock:
            if self.signum is not None:
                return
            self.signum = signum
        if self._fds and terminal_gone(self._fds):
            self._quiet_terminal()
        try:
            self._stopping()
        except Exception:  # noqa: BLE001  (nothing may stop the way out)
            pass
        if self._watchdog:
            timer = threading.Timer(self._grace_s, self._last_resort)
            timer.daemon = True
            timer.start()
        try:
            if self._loop is not None:
                self._loop.call_soon_threadsafe(self._orderly)
        except RuntimeError:  # the loop is closed: the app is past its exit already
            pass

    def _quiet_terminal(self) -> None:
        """Point the dead terminal's descriptors at /dev/null, and input at a pipe that never speaks
        (an end-of-file on every read would keep Textual's input thread spinning)."""
        null = os.open(os.devnull, os.O_RDWR)
        quiet_input, self._quiet_input = os.pipe()
        try:
            for fd in self._fds:
                os.dup2(quiet_input if fd == 0 else null, fd)
        except OSError:
            pass
        finally:
            os.close(null)
            os.close(quiet_input)

    def save_once(self, wait_s: float = -1) -> None:
        """Run ``save`` unless it ran already (waiting up to ``wait_s`` for a save under way; -1: no limit)."""
        if not self._save_lock.acquire(timeout=wait_s):
            return
        try:
            if not self._saved:
                self._saved = True
                self._save()
        except Exception:  # noqa: BLE001  (saving on the way out must never stop the exit)
            pass
        finally:
            self._save_lock.release()

    def _orderly(self) -> None:
        self.save_once()
        self._leave()

    def _last_resort(self) -> None:
        self.save_once(wait_s=self._grace_s)
        os._exit(128 + (self.signum or 0))
