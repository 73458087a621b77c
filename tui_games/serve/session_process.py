"""One session's UI process on a pseudo-terminal: started without a shell, resized, hung up, reaped.

The process is ``sys.executable -m tui_games.serve.session_main``, started directly (no shell, an
environment built from nothing), in a session and process group of its own with the pty's slave as
its terminal; the server keeps the master and moves bytes between it and the SSH channel with the
event loop (``add_reader``/``add_writer`` on the non-blocking master). Started with the server's
kernel service, the process also inherits its end of a control channel to the server and runs its
kernels and AI in the server's engine pool (:mod:`~tui_games.serve.kernel_service`).

Ending it: :meth:`SessionProcess.end` sends a signal to the group (SIGHUP when the client is gone,
SIGTERM when the server ends the session; the app's terminal guard saves the game and exits on
either), waits up to a grace period, then SIGKILLs the group and reaps the process. The master stays
open and read meanwhile: the app leaves through its normal exit (a closed master would make its
terminal vanish under it, and it would take its watchdog's seconds to go). Nothing of the group is
left behind.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import signal
import struct
import sys
import termios
from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from tui_games.serve.kernel_service import KernelService, SessionLink

READ_SIZE = 65536
"""The most bytes read from the master at once."""

DRAIN_S = 1.0
"""After the process ended, how long its last output may take to come out of the pty."""


def set_size(fd: int, cols: int, rows: int) -> None:
    """Give the terminal behind ``fd`` the size ``cols`` x ``rows`` (TIOCSWINSZ; the kernel then sends
    SIGWINCH to the terminal's foreground process group)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def session_command() -> list[str]:
    """What a session runs: this Python, the session module, nothing else."""
    return [sys.executable, "-m", "tui_games.serve.session_main"]


_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
DEFAULT_TERM = "xterm-256color"
"""TERM when the client named none, or something that is not a terminal type."""

COLORTERMS = ("truecolor", "24bit")
"""The COLORTERM values passed on from the client (they say it draws 24-bit colour)."""


def terminal_type(requested: str | None) -> str:
    """The client's terminal type if it looks like one, else :data:`DEFAULT_TERM`."""
    return requested if requested and _TERM.fullmatch(requested) else DEFAULT_TERM


def session_environment(term: str, client_env: dict, home: Path, cache: Path) -> dict[str, str]:
    """The whole environment of a session's process, built from nothing (no variable of the server's
    own is inherited, so no secret either): the terminal, UTF-8, the player's folder as
    ``TUI_GAMES_HOME`` (and ``HOME``), the shared cache, and where this package is."""
    package_parent = str(Path(__file__).resolve().parents[2])
    env = {
        "TERM": terminal_type(term),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PATH": os.defpath,
        "HOME": str(home),
        "TUI_GAMES_HOME": str(home),
        "TUI_GAMES_CACHE": str(cache),
        "PYTHONPATH": package_parent,
        "PYTHONIOENCODING": "utf-8",
    }
    if os.environ.get("NUMBA_CACHE_DIR"):  # the operator's (or the tests') choice of kernel cache
        env["NUMBA_CACHE_DIR"] = os.environ["NUMBA_CACHE_DIR"]
    colorterm = str(client_env.get("COLORTERM", ""))
    if colorterm in COLORTERMS:
        env["COLORTERM"] = colorterm
    if client_env.get("NO_COLOR"):
        env["NO_COLOR"] = "1"
    return env


def with_link(env: dict[str, str], link: "SessionLink | None") -> dict[str, str]:
    """``env`` plus what tells the process of its control channel (remote kernels), if it has one."""
    return env if link is None else {**env, **link.environment()}


def linked_fds(link: "SessionLink | None") -> tuple[int, ...]:
    """The descriptors the process inherits: its end of the control channel, if it has one."""
    return () if link is None else (link.child_fd,)


class GroupLeader:
    """What an SSH and a browser session's process share: a child started as the leader of its own
    process group (``pid`` is the group's id too), signalled and awaited as a group."""

    pid: int
    _process: asyncio.subprocess.Process

    def signal_group(self, signum: int) -> None:
        """Send ``signum`` to the process's group (nothing when the group is gone)."""
        try:
            os.killpg(self.pid, signum)
        except (ProcessLookupError, PermissionError):
            pass

    async def wait(self) -> int:
        """Wait for the process to end; its exit status."""
        return await self._process.wait()

    async def end(self, signum: int, grace_s: float) -> int:
        """Send ``signum`` to the group, give the process ``grace_s`` seconds to end, then SIGKILL the
        group; reaps the process, waits for its last output (:meth:`drain`), and returns its exit status."""
        if self._process.returncode is None:
            self.signal_group(signum)
            try:
                await asyncio.wait_for(self._process.wait(), grace_s)
            except asyncio.TimeoutError:
                self.signal_group(signal.SIGKILL)
        status = await self._process.wait()
        self.signal_group(signal.SIGKILL)  # anything of its group still there (a compiling child)
        await self.drain()
        return status

    async def drain(self) -> None:
        """Wait (up to :data:`DRAIN_S`) for the process's last output; each kind of session says how."""
        raise NotImplementedError


class SessionProcess(GroupLeader):
    """A running UI process and the master side of its pty; made by :meth:`start`.

    ``on_output(data)`` gets every byte the process writes to its terminal.
    """

    def __init__(self, process: asyncio.subprocess.Process, master: int,
                 on_output: Callable[[bytes], None], link: "SessionLink | None" = None) -> None:
        self.link = link
        """The server's end of the process's control channel (None: it runs its kernels itself)."""
        self._process = process
        self._master: int | None = master
        self._on_output = on_output
        self._loop = asyncio.get_running_loop()
        self._pending = bytearray()
        self._reading = False
        self._writing = False
        self._eof = asyncio.Event()
        self.pid: int = process.pid
        """The process id (also its process group's id)."""

    @classmethod
    async def start(cls, argv: list[str], env: dict[str, str], cwd: Path, cols: int, rows: int, *,
                    on_output: Callable[[bytes], None], engines: "KernelService | None" = None,
                    identity: str | None = None, display_name: str | None = None) -> "SessionProcess":
        """Open a pty of ``cols`` x ``rows`` and run ``argv`` on it in a new session. With ``engines``
        (the server's kernel service) the process gets a control channel to the server (:attr:`link`),
        which knows the person as ``identity`` shown as ``display_name`` (for the rooms), and runs its
        kernels and AI in the server's engine pool, never importing numba."""
        link = await engines.open_link(identity, display_name) if engines is not None else None
        master, slave = os.openpty()
        try:
            set_size(slave, cols, rows)
            os.set_blocking(master, False)
            os.set_inheritable(master, False)
            process = await asyncio.create_subprocess_exec(
                *argv, stdin=slave, stdout=slave, stderr=slave, env=with_link(env, link), cwd=str(cwd),
                start_new_session=True, close_fds=True, pass_fds=linked_fds(link))
        except BaseException:
            os.close(master)
            if link is not None:
                await link.close()
            raise
        finally:
            os.close(slave)
            if link is not None:
                link.release_child()
        session = cls(process, master, on_output, link)
        session.resume_output()
        return session

    # ----- bytes -------------------------------------------------------------------------------------
    @property
    def pending(self) -> int:
        """Input bytes written but not yet taken by the pty."""
        return len(self._pending)

    @property
    def returncode(self) -> int | None:
        """The exit status (negative: killed by that signal), or None while it runs."""
        return self._process.returncode

    def write(self, data: bytes) -> None:
        """Send ``data`` to the process's terminal (what the pty cannot take now is kept and sent when
        it can; see :attr:`pending`)."""
        if self._master is None or not data:
            return
        self._pending += data
        self._flush()

    def _flush(self) -> None:
        if self._master is None:
            return
        while self._pending:
            try:
                written = os.write(self._master, self._pending)
            except BlockingIOError:
                break
            except OSError:  # the terminal is gone: nothing more will be read either
                self._pending.clear()
                break
            del self._pending[:written]
        want = bool(self._pending)
        if want and not self._writing:
            self._loop.add_writer(self._master, self._flush)
        elif not want and self._writing:
            self._loop.remove_writer(self._master)
        self._writing = want

    def pause_output(self) -> None:
        """Stop reading the process's output (the client is not keeping up)."""
        if self._reading and self._master is not None:
            self._loop.remove_reader(self._master)
        self._reading = False

    def resume_output(self) -> None:
        """Read the process's output again."""
        if not self._reading and self._master is not None:
            self._loop.add_reader(self._master, self._read)
            self._reading = True

    def _read(self) -> None:
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every holder of the slave side is gone
            data = b""
        if data:
            self._on_output(data)
        else:
            self._close_master()

    def _close_master(self) -> None:
        master, self._master = self._master, None
        if master is None:
            return
        if self._reading:
            self._loop.remove_reader(master)
        if self._writing:
            self._loop.remove_writer(master)
        self._reading = self._writing = False
        self._pending.clear()
        os.close(master)
        self._eof.set()

    # ----- size and life -----------------------------------------------------------------------------
    def resize(self, cols: int, rows: int) -> None:
        """Give the terminal a new size (the app redraws at it)."""
        if self._master is not None:
            set_size(self._master, cols, rows)

    async def drain(self) -> None:
        """Wait (up to :data:`DRAIN_S`) for the last output, then close the master."""
        if self._master is not None:
            try:
                await asyncio.wait_for(self._eof.wait(), DRAIN_S)
            except asyncio.TimeoutError:
                pass
        self._close_master()
