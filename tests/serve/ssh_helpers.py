"""A test client for the SSH server: asyncssh on loopback with a pseudo-terminal, its output fed into a
`pyte` screen so that tests read what a player would see."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import asyncssh
import pyte

WAIT_S = 30.0
"""The longest a test waits for a screen (a first start on a loaded machine can take seconds)."""


def make_key() -> asyncssh.SSHKey:
    """A fresh ed25519 client key."""
    return asyncssh.generate_private_key("ssh-ed25519")


async def connect(port: int, key: asyncssh.SSHKey, user: str = "alice", **options) -> asyncssh.SSHClientConnection:
    """An SSH connection to the test server, logged in with ``key`` (no agent, no config files)."""
    return await asyncssh.connect("127.0.0.1", port, username=user, client_keys=[key], known_hosts=None,
                                  agent_path=None, config=None, preferred_auth="publickey", **options)


class ScreenReader:
    """What a test client of either front end holds: the raw bytes received, a pyte screen drawn from
    them, and an event set once the server closed the session (subclasses feed ``_stream``)."""

    def __init__(self, cols: int, rows: int) -> None:
        self.raw = bytearray()
        self.screen = pyte.Screen(cols, rows)
        self._stream = pyte.ByteStream(self.screen)
        self.closed = asyncio.Event()

    @property
    def text(self) -> str:
        """The screen's lines, joined."""
        return "\n".join(self.screen.display)

    async def wait_for(self, *texts: str, timeout: float = WAIT_S) -> None:
        """Wait until every one of ``texts`` is on the screen."""
        deadline = time.monotonic() + timeout
        while not all(text in self.text for text in texts):
            if time.monotonic() > deadline:
                raise AssertionError(f"{texts!r} not on screen after {timeout} s:\n{self.text}")
            await asyncio.sleep(0.05)

    async def wait_closed(self, timeout: float = WAIT_S) -> None:
        """Wait until the server closed the session."""
        await asyncio.wait_for(self.closed.wait(), timeout)


class Terminal(ScreenReader):
    """One session of a client with a pty: the raw bytes received, and a pyte screen drawn from them."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess,
                 cols: int, rows: int) -> None:
        super().__init__(cols, rows)
        self.conn = conn
        self.process = process
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, port: int, key: asyncssh.SSHKey, cols: int = 100, rows: int = 30, *,
                   user: str = "alice", env: dict | None = None) -> "Terminal":
        """Connect, ask for a pty of ``cols`` x ``rows`` and a shell."""
        conn = await connect(port, key, user)
        process = await conn.create_process(term_type="xterm-256color", term_size=(cols, rows), encoding=None,
                                            env=env or {})
        return cls(conn, process, cols, rows)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.raw += data
                self._stream.feed(data)
        finally:
            self.closed.set()

    def resize(self, cols: int, rows: int) -> None:
        """Change the terminal's size (the screen and what the server is told)."""
        self.screen.resize(rows, cols)
        self.process.change_terminal_size(cols, rows)

    def send(self, data: bytes) -> None:
        """Type ``data``."""
        self.process.stdin.write(data)

    async def close(self) -> None:
        """Drop the connection."""
        self.conn.close()
        await self.conn.wait_closed()



def process_gone(pid: int) -> bool:
    """True when no process ``pid`` and no process of its group are left (reaped, not a zombie)."""
    for probe in (lambda: os.kill(pid, 0), lambda: os.killpg(pid, 0)):
        try:
            probe()
            return False
        except ProcessLookupError:
            pass
    return True


def proc_environ(pid: int) -> dict[str, str]:
    """The environment process ``pid`` was started with."""
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.split("=", 1) for item in raw.decode().split("\0") if "=" in item)
