"""One SSH session: a terminal is required, then the player's UI process runs on a pty of the client's
size until the app quits, the client goes, the session idles or runs too long, or the server stops.

Between the channel and the pty's master, bytes go both ways on the event loop. Input is limited to
the session's byte rate: what comes faster is held (never dropped, so no escape sequence is cut in
two) and the channel stops reading until the rate allows more, which pushes back on the client through
SSH's flow control. Output the client cannot take yet stops the reading of the pty the same way.

The player's display name is the user name they logged in with (cleaned); a user name that is the
code of an open room (``ssh ABCD@host``) joins that room at once instead (the app is started with
``TUI_GAMES_ROOM=ABCD``) under a neutral name made from the key ('Player-' and four of its characters),
or, for a player coming back to a seat they hold there, under the name they sat down with.

When the session ends the client's terminal is put back as it was (mouse reporting off, cursor shown,
main screen, attributes reset), whatever state the app left it in, and a line says why it ended.
A failure inside one session is logged and ends that session only.
"""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path
from typing import Protocol

import asyncssh

from tui_games.online.online_lobby import ROOM_VARIABLE
from tui_games.serve.config import ServeConfig
from tui_games.serve.identity import player_home
from tui_games.serve.rate_limits import SessionCaps, TokenBucket
from tui_games.serve.session_log import LOGGER, log
from tui_games.serve.session_process import SessionProcess, session_command, session_environment, terminal_type

TERMINAL_RESET = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1005l\x1b[?1006l\x1b[?1015l"  # mouse reporting off
    b"\x1b[?1004l\x1b[?2004l"  # focus reports and bracketed paste off
    b"\x1b[?2026l\x1b[<u"  # any synchronised update ended, the keyboard protocol popped
    b"\x1b[?1l\x1b>"  # cursor keys and keypad in normal mode
    b"\x1b[?1049l"  # the main screen buffer
    b"\x1b[0m\x1b[?25h"  # attributes reset, cursor shown
    b"\r\n"
)
"""Sent to the client when a session ends, whatever the app left its terminal like."""

NO_PTY_MESSAGE = ("tui-games: this server needs a terminal: connect with `ssh -t` "
                  "(no commands, no file transfer).\r\n")
"""What a session without a pseudo-terminal is told before it is closed."""

FAILED_MESSAGE = "tui-games: this session failed on the server's side; please try again later.\r\n"
"""What the client is told when its session failed on the server's side (the failure is logged)."""

SAVED = "Any game in progress has been saved."
"""The end of every line that tells a player the server ended their session."""

MAX_COLS, MAX_ROWS = 500, 200
"""The largest terminal a session lays out for (a bigger one is clipped to it)."""

PTY_BACKLOG = 16384
"""Input bytes that may wait for the pty before the channel stops reading."""

RETRY_S = 0.05
"""How soon held input is offered again when the pty is full."""


class Server(Protocol):
    """What a session needs of its server (:class:`~tui_games.serve.ssh_server.GameServer`)."""

    config: ServeConfig
    caps: SessionCaps
    sessions: set
    shared_cache: Path


class Player(Protocol):
    """What a session needs of its connection (:class:`~tui_games.serve.ssh_server.PlayerConnection`)."""

    key: asyncssh.SSHKey
    fingerprint: str
    user_name: str
    display_name: str
    address: str

    def refused(self, what: str) -> None:
        """Log a refused request."""


def neutral_name(fingerprint: str | None) -> str:
    """'Player-' and the first four letters or digits of a key's fingerprint (after 'SHA256:')."""
    digest = (fingerprint or "").partition(":")[2] or (fingerprint or "")
    return "Player-" + ("".join(char for char in digest if char.isalnum())[:4] or "anon")


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """The client's terminal size within 1..MAX (0 means unknown: 80 x 24)."""
    return (min(cols, MAX_COLS) if cols > 0 else 80), (min(rows, MAX_ROWS) if rows > 0 else 24)


class GameSession(asyncssh.SSHServerSession):
    """One session channel of a player's connection (see the module docstring)."""

    def __init__(self, server: Server, connection: Player) -> None:
        self.server = server
        """The server this session belongs to."""
        self.connection = connection
        """The player's connection (identity, address, display name)."""
        self.term_type: str | None = None
        """The client's terminal type; None until a pty is requested."""
        self.cols, self.rows = 80, 24
        """The terminal's size now (columns, rows)."""
        self.process: SessionProcess | None = None
        """The UI process, once started."""
        self.reason: str | None = None
        """Why the session ended (or is ending)."""
        self.bytes_in = 0
        """Input bytes passed on to the UI process."""
        self.bytes_out = 0
        """Output bytes passed on to the client."""
        self.throttled = 0
        """How many times input came faster than the rate and was held."""
        self.finished = asyncio.Event()
        """Set when the session is over (process reaped, channel closed, line logged)."""
        self._chan: asyncssh.SSHServerChannel | None = None
        self._loop = asyncio.get_running_loop()
        self._started_at = time.monotonic()
        self._last_input = self._started_at
        self._bucket = TokenBucket(server.config.input_rate)
        self._held = bytearray()
        self._retry: asyncio.TimerHandle | None = None
        self._reading_paused = False
        self._length_timer: asyncio.TimerHandle | None = None
        self._idle_timer: asyncio.TimerHandle | None = None
        self._end_requested: asyncio.Future = self._loop.create_future()
        self._task: asyncio.Task | None = None
        self._counted = False

    # ----- asyncssh callbacks --------------------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        """Keep the channel."""
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: tuple, term_modes: dict) -> bool:
        """Accept a pseudo-terminal (the only way in)."""
        self.term_type = terminal_type(term_type)
        self.cols, self.rows = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        """Accept; :meth:`session_started` checks for the terminal."""
        return True

    def exec_requested(self, command: str) -> bool:
        """Refuse: no command runs here."""
        self.connection.refused("exec")
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        """Refuse: no subsystem (sftp, ...) runs here."""
        self.connection.refused(f"subsystem:{subsystem}")
        return False

    def session_started(self) -> None:
        """Start the session's life (see :meth:`_run`)."""
        self._task = self._loop.create_task(self._run())

    def data_received(self, data: bytes, datatype: int | None) -> None:
        """Input from the client: held, then passed on as the rate allows."""
        self._last_input = time.monotonic()
        self._held += data
        self._release_input()

    def eof_received(self) -> bool:
        """The client sends no more input: end the session (the app saves first)."""
        self.request_end("client closed its input")
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """Pass the new size on to the pty (the app redraws at it)."""
        self.cols, self.rows = clamp_size(width, height)
        if self.process is not None:
            self.process.resize(self.cols, self.rows)

    def pause_writing(self) -> None:
        """The client is behind: stop reading the app's output."""
        if self.process is not None:
            self.process.pause_output()

    def resume_writing(self) -> None:
        """The client caught up: read the app's output again."""
        if self.process is not None:
            self.process.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        """The channel is closed (by the client, or after the session ended)."""
        self._chan = None
        self.request_end("disconnected", hang_up=True)

    # ----- ending --------------------------------------------------------------------------------------
    def request_end(self, reason: str, message: str | None = None, *, hang_up: bool = False) -> None:
        """End the session (once; later requests are ignored): the app is told to stop (SIGTERM, or
        SIGHUP when the client is gone), then ``message``, if any, is shown to the client."""
        if not self._end_requested.done():
            self._end_requested.set_result((reason, message, hang_up))

    def _arm_timers(self) -> None:
        config = self.server.config
        self._idle_timer = self._loop.call_later(config.idle_timeout_s, self._check_idle)
        self._length_timer = self._loop.call_later(
            config.max_session_s, self.request_end, "session length limit",
            f"This session reached the longest a session may last ({config.max_session_s:g} s). "
            f"{SAVED}")

    def _check_idle(self) -> None:
        idle_s = self.server.config.idle_timeout_s
        left = self._last_input + idle_s - time.monotonic()
        if left > 0:
            self._idle_timer = self._loop.call_later(left, self._check_idle)
            return
        self.request_end("idle", f"No input for {idle_s:g} s: this session has ended. {SAVED}")

    async def _watch_process(self, process: SessionProcess) -> None:
        status = await process.wait()
        self.request_end("quit" if status == 0 else f"app exited with status {status}")

    async def _run(self) -> None:
        """The whole session: check, start the UI process, wait for the end, stop it, tidy up."""
        status, message = 1, None
        self.server.sessions.add(self)
        try:
            if self.term_type is None:
                self.reason = "no pty"
                message = NO_PTY_MESSAGE
                return
            refusal = self.server.caps.open(self.connection.fingerprint)
            if refusal is not None:
                self.reason = "session cap"
                message = f"tui-games: {refusal}\r\n"
                return
            self._counted = True
            self.process = await self._start_process()
            watcher = self._loop.create_task(self._watch_process(self.process))
            self._arm_timers()
            self._release_input()
            self.reason, line, hang_up = await self._end_requested
            if self.process.link is not None:
                self.process.link.ending = True  # its room keeps the seat, as for a drop
            if self.process.returncode is not None:
                status = self.process.returncode
                await self.process.drain()
            else:
                await self.process.end(signal.SIGHUP if hang_up else signal.SIGTERM,
                                       self.server.config.hangup_grace_s)
            watcher.cancel()
            message = TERMINAL_RESET.decode() + (f"tui-games: {line}\r\n" if line else "")
        except Exception as error:  # noqa: BLE001  (one session's failure must never reach the server)
            LOGGER.exception("session failed: %s", error)
            self.reason = f"error: {type(error).__name__}"
            message = (TERMINAL_RESET.decode() if self.process is not None else "") + FAILED_MESSAGE
            if self.process is not None:
                try:
                    await self.process.end(signal.SIGKILL, 0)
                except Exception:  # noqa: BLE001
                    LOGGER.exception("could not end the session's process %s", self.process.pid)
        finally:
            self._close(status, message)

    async def _start_process(self) -> SessionProcess:
        connection = self.connection
        home = player_home(self.server.config.players_dir, connection.key)
        env = session_environment(self.term_type, dict(self._chan.get_environment()), home,
                                  self.server.shared_cache)
        name = connection.display_name
        finder = getattr(self.server, "room_code", None)
        code = finder(getattr(connection, "user_name", "")) if finder is not None else None
        if code is not None:
            env[ROOM_VARIABLE] = code
            returning = getattr(self.server, "returning_name", None)
            name = (returning(code, connection.fingerprint) if returning is not None else None
                    ) or neutral_name(connection.fingerprint)
        return await SessionProcess.start(session_command(), env, home, self.cols, self.rows,
                                          on_output=self._output, engines=getattr(self.server, "engines", None),
                                          identity=connection.fingerprint, display_name=name)

    def _close(self, status: int, message: str | None) -> None:
        for timer in (self._idle_timer, self._length_timer, self._retry):
            if timer is not None:
                timer.cancel()
        if self._counted:
            self.server.caps.close(self.connection.fingerprint)
            self._counted = False
        chan = self._chan
        if chan is not None:
            try:
                if message:
                    chan.write(message.encode())
                chan.exit(status)
            except Exception:  # noqa: BLE001  (the client may be gone meanwhile)
                chan.close()
        connection = self.connection
        log("session", fp=connection.fingerprint, user=connection.display_name, addr=connection.address,
            term=self.term_type, size=f"{self.cols}x{self.rows}",
            duration=time.monotonic() - self._started_at, reason=self.reason,
            pid=self.process.pid if self.process else None, bytes_in=self.bytes_in, bytes_out=self.bytes_out,
            throttled=self.throttled or None)
        self.server.sessions.discard(self)
        self.finished.set()

    # ----- bytes ---------------------------------------------------------------------------------------
    def _output(self, data: bytes) -> None:
        chan = self._chan
        if chan is not None and not chan.is_closing():
            self.bytes_out += len(data)
            chan.write(data)

    def _release_input(self) -> None:
        """Pass held input on, as much as the rate and the pty allow; hold the rest and stop reading
        the channel until more is allowed."""
        self._retry = None
        process = self.process
        if self._end_requested.done() or (process is not None and process.returncode is not None):
            self._held.clear()
            return
        if process is None:  # still starting: hold it, and read no more meanwhile
            self._set_reading(not self._held)
            return
        room = min(len(self._held), int(self._bucket.available()), PTY_BACKLOG - process.pending)
        if room > 0:
            self._bucket.take(room)
            process.write(bytes(self._held[:room]))
            del self._held[:room]
            self.bytes_in += room
        if self._held:
            if not self._reading_paused:
                self.throttled += 1
            self._set_reading(False)
            wait_s = max(self._bucket.seconds_until(min(len(self._held), 1024)), RETRY_S)
            self._retry = self._loop.call_later(wait_s, self._release_input)
        else:
            self._set_reading(True)

    def _set_reading(self, reading: bool) -> None:
        chan = self._chan
        if chan is None or reading == (not self._reading_paused):
            return
        if reading:
            chan.resume_reading()
        else:
            chan.pause_reading()
        self._reading_paused = not reading
