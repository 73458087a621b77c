"""The app ends within seconds when its terminal goes away or SIGTERM comes, and saves the game first.

The real command runs in a pseudo-terminal: a human has moved, and the AI's thread worker is busy
(pacing its answer for 30 s, as no worker can be cancelled). Then the terminal is closed (the kernel
sends SIGHUP and SIGCONT), closed while the app has SIGHUP blocked (only end-of-file and failed writes
tell), or left open while SIGHUP or SIGTERM comes. The save is deleted just before, to prove the way
out writes it.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

import pytest

from tui_games import catalog
from tui_games.core.locations import saves_dir
from tui_games.store.settings import Settings, save_settings
from tui_games.warmup import prepare

EXIT_WITHIN_S = 10.0
"""How soon after losing its terminal (or SIGTERM) the process must have ended."""
START_WITHIN_S = 120.0
"""How long the app may take to show the game (generous: kernels may load from a cold cache)."""


class _Terminal:
    """The app's pseudo-terminal, read continually (a terminal nobody reads would block the app)."""

    def __init__(self, block_sighup: bool) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child becomes the app
            try:
                if block_sighup:
                    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
                os.execv(sys.executable, [sys.executable, "-m", "tui_games", "play", "tic-tac-toe",
                                          "--seat", "human", "--seat", "ai:1", "--seed", "4"])
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.shown = b""
        self.status: int | None = None

    def read(self, seconds: float) -> None:
        """Take what the app drew during ``seconds``."""
        if self.fd < 0:
            time.sleep(seconds)
            return
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if ready:
            try:
                self.shown = (self.shown + os.read(self.fd, 1 << 16))[-(1 << 16):]
            except OSError:
                time.sleep(seconds)

    def wait_until(self, condition, seconds: float, what: str) -> None:
        """Read until ``condition()`` holds; fail after ``seconds``."""
        deadline = time.monotonic() + seconds
        while not condition():
            assert self.exited() is None, f"the app ended early ({self.status}) waiting for {what}"
            assert time.monotonic() < deadline, f"timed out waiting for {what}"
            self.read(0.05)

    def close(self) -> None:
        """Close the terminal's master side, as an SSH server or tmux does when the client goes."""
        os.close(self.fd)
        self.fd = -1

    def exited(self) -> int | None:
        """The app's wait status once it has ended, else None."""
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
        return self.status

    def end(self) -> None:
        """Kill the app and anything it started, if still there, and close the terminal."""
        if self.exited() is None:
            os.killpg(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        if self.fd >= 0:
            self.close()


def _history(path) -> list | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))["history"]
    except (OSError, ValueError, KeyError):
        return None


@pytest.mark.parametrize("fault", ["terminal closed", "terminal closed, SIGHUP blocked", "SIGHUP", "SIGTERM"])
def test_the_app_saves_and_ends_when_its_terminal_goes(home, monkeypatch, fault):
    monkeypatch.setenv("TERM", "xterm-256color")
    save_settings(Settings(ai_think_time=30.0, animation="off"))
    prepare(catalog.get("tic-tac-toe"), [1], isolated=False)  # the app then loads the kernels from the cache
    terminal = _Terminal(block_sighup=fault == "terminal closed, SIGHUP blocked")
    try:
        terminal.wait_until(lambda: list(saves_dir().glob("*.json")), START_WITHIN_S, "the game to start")
        (save,) = saves_dir().glob("*.json")
        terminal.wait_until(lambda: b"Tic Tac Toe" in terminal.shown, START_WITHIN_S, "the board")
        for _ in range(100):
            if _history(save) == [4]:
                break
            os.write(terminal.fd, b"5")
            terminal.read(0.2)
        assert _history(save) == [4], "the human's move"
        terminal.wait_until(lambda: b"thinking" in terminal.shown, 10, "the AI to think")
        save.unlink()

        lost = time.monotonic()
        if fault.startswith("terminal closed"):
            terminal.close()
        else:
            os.kill(terminal.pid, signal.SIGHUP if fault == "SIGHUP" else signal.SIGTERM)
        while terminal.exited() is None and time.monotonic() - lost < EXIT_WITHIN_S:
            terminal.read(0.05)
        took = time.monotonic() - lost
        assert terminal.exited() is not None, f"still running {took:.1f} s after: {fault}"
        assert _history(save) == [4], "the game is saved before the app ends"
    finally:
        terminal.end()
