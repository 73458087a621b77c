"""One browser session's UI process: started without a shell, on pipes, speaking Textual's web driver
protocol (the one textual-serve speaks to its apps); ended with a signal, killed after a grace period,
reaped.

The process is ``sys.executable -m tui_games.serve.web_session_main`` with the environment of an SSH
session (:func:`~tui_games.serve.session_process.session_environment`: built from nothing, the
player's folder, the shared cache) plus ``TEXTUAL_DRIVER`` naming Textual's ``WebDriver`` and the first
size, in a session and process group of its own. After a prelude line, ``__GANGLION__``, its standard
output is packets: a type byte (``D``: terminal output, ``M``: a JSON meta message, ``P``: packed data,
unused here), a 4-byte big-endian length, the payload. Its standard input takes packets of the same
form: ``D`` for the keys the browser sent, ``M`` for a resize, focus or blur. Its standard error is
kept (the last :data:`STDERR_KEEP` bytes) for the log. As an SSH session's, it inherits its end of a
control channel to the server when started with the server's kernel service, and runs its kernels
and AI in the engine pool.

Compared with textual-serve's ``AppService`` (read for the protocol, not used): no shell and none of
the server's own environment; a stop that cannot wait for ever (signal, grace, SIGKILL of the group);
a bounded standard error; no file downloads.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Awaitable, Callable

if TYPE_CHECKING:
    from tui_games.serve.kernel_service import KernelService, SessionLink

from tui_games.serve.session_process import DRAIN_S, GroupLeader, linked_fds, session_environment, with_link
from tui_games.serve.web_session_main import WEB_DRIVER

PRELUDE = b"__GANGLION__\n"
"""The line the web driver writes before its first packet."""

PRELUDE_LINES = 64
"""How many lines may come before the prelude (warnings printed at start) before the process is taken
for broken."""

MAX_PACKET = 16 * 1024 * 1024
"""The largest packet believed; a longer one ends the reading (the process is broken)."""

STDERR_KEEP = 4096
"""How much of the process's standard error is kept for the log (the end of it)."""

TERM = "xterm-256color"
"""The terminal type the app is told (the browser's terminal is xterm.js)."""


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of the driver's protocol: ``kind`` (``b"D"`` or ``b"M"``), length, payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


def web_session_command() -> list[str]:
    """What a browser session runs: this Python, the web session module, nothing else."""
    return [sys.executable, "-m", "tui_games.serve.web_session_main"]


def web_session_environment(home: Path, cache: Path, cols: int, rows: int) -> dict[str, str]:
    """The whole environment of a browser session's process: an SSH session's (built from nothing)
    with 24-bit colour, the web driver and its first size."""
    env = session_environment(TERM, {"COLORTERM": "truecolor"}, home, cache)
    env.update(TEXTUAL_DRIVER=WEB_DRIVER, TEXTUAL_COLOR_SYSTEM="truecolor", COLUMNS=str(cols), ROWS=str(rows))
    return env


class WebAppProcess(GroupLeader):
    """A running UI process of a browser session; made by :meth:`start`.

    ``on_output(data)`` is awaited with each piece of terminal output (the process's output is not
    read meanwhile: a slow browser slows the app down rather than filling the server's memory); it
    must not raise (output for a browser that is gone is dropped).
    """

    def __init__(self, process: asyncio.subprocess.Process,
                 on_output: Callable[[bytes], Awaitable[None]], link: "SessionLink | None" = None) -> None:
        self.link = link
        """The server's end of the process's control channel (None: it runs its kernels itself)."""
        self._process = process
        self._on_output = on_output
        self._stderr = bytearray()
        self.pid: int = process.pid
        """The process id (also its process group's id)."""
        self.ready = asyncio.Event()
        """Set when the app's driver has started (its prelude came)."""
        self.exiting = False
        """True once the app said it is leaving (its ``exit`` meta message)."""
        self.protocol_error: str | None = None
        """Why the output could not be read, if it could not."""
        self._reader = asyncio.ensure_future(self._read_output())
        self._stderr_reader = asyncio.ensure_future(self._read_stderr())

    @classmethod
    async def start(cls, home: Path, cache: Path, cols: int, rows: int, *,
                    on_output: Callable[[bytes], Awaitable[None]],
                    argv: list[str] | None = None, engines: "KernelService | None" = None,
                    identity: str | None = None, display_name: str | None = None) -> "WebAppProcess":
        """Run the app (``argv``, by default :func:`web_session_command`) for a browser of ``cols`` x
        ``rows``, in ``home``, in a new session. With ``engines`` (the server's kernel service) the
        process gets a control channel to the server (:attr:`link`), which knows the person as
        ``identity`` shown as ``display_name`` (for the rooms), and runs its kernels and AI in the
        server's engine pool, never importing numba."""
        link = await engines.open_link(identity, display_name) if engines is not None else None
        try:
            process = await asyncio.create_subprocess_exec(
                *(argv or web_session_command()), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, env=with_link(web_session_environment(home, cache, cols, rows), link),
                cwd=str(home), start_new_session=True, close_fds=True, pass_fds=linked_fds(link))
        except BaseException:
            if link is not None:
                await link.close()
            raise
        finally:
            if link is not None:
                link.release_child()
        return cls(process, on_output, link)

    @property
    def returncode(self) -> int | None:
        """The exit status (negative: killed by that signal), or None while it runs."""
        return self._process.returncode

    @property
    def stderr_tail(self) -> str:
        """The end of what the process wrote to its standard error."""
        return self._stderr.decode("utf-8", "replace")

    # ----- input ---------------------------------------------------------------------------------------
    async def _send(self, data: bytes) -> None:
        stdin = self._process.stdin
        if stdin is None or stdin.is_closing() or self.returncode is not None:
            return
        try:
            stdin.write(data)
            await stdin.drain()
        except (ConnectionError, RuntimeError):  # the process is gone: nothing more to tell it
            pass

    async def send_keys(self, data: bytes) -> None:
        """Pass the browser's keys on (waits while the app's input pipe is full)."""
        if data:
            await self._send(packet(b"D", data))

    async def _send_meta(self, message: dict) -> None:
        await self._send(packet(b"M", json.dumps(message).encode()))

    async def resize(self, cols: int, rows: int) -> None:
        """Tell the app the browser's terminal has a new size."""
        await self._send_meta({"type": "resize", "width": cols, "height": rows})

    async def focus(self, focused: bool) -> None:
        """Tell the app its page gained (True) or lost the focus."""
        await self._send_meta({"type": "focus" if focused else "blur"})

    # ----- output --------------------------------------------------------------------------------------
    async def _read_output(self) -> None:
        stdout = self._process.stdout
        try:
            for _ in range(PRELUDE_LINES):
                line = await stdout.readline()
                if not line or line == PRELUDE:
                    break
            else:
                self.protocol_error = "no prelude"
                return
            if not line:
                return
            self.ready.set()
            while True:
                header = await stdout.readexactly(5)
                size = int.from_bytes(header[1:], "big")
                if size > MAX_PACKET:
                    self.protocol_error = f"a packet of {size} bytes"
                    return
                payload = await stdout.readexactly(size)
                kind = header[:1]
                if kind == b"D":
                    await self._on_output(payload)
                elif kind == b"M":
                    self._on_meta(payload)
        except asyncio.IncompleteReadError:
            pass  # the process closed its output: it ended
        except ValueError as error:  # a prelude line longer than the stream's limit
            self.protocol_error = str(error)

    def _on_meta(self, payload: bytes) -> None:
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if isinstance(message, dict) and message.get("type") == "exit":
            self.exiting = True

    async def _read_stderr(self) -> None:
        stderr = self._process.stderr
        while data := await stderr.read(4096):
            self._stderr += data
            del self._stderr[:-STDERR_KEEP]

    # ----- life ----------------------------------------------------------------------------------------
    async def drain(self) -> None:
        """Wait (up to :data:`DRAIN_S`) for the last output to be passed on, then stop reading."""
        readers = [self._reader, self._stderr_reader]
        _done, pending = await asyncio.wait(readers, timeout=DRAIN_S)
        for task in pending:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        stdin = self._process.stdin
        if stdin is not None and not stdin.is_closing():
            stdin.close()
