"""One browser session: a websocket speaking textual-serve's browser protocol, and the player's UI
process behind it, under the same limits as an SSH session.

The browser sends JSON arrays: ``["stdin", text]`` (keys), ``["resize", {"width": W, "height": H}]``,
``["ping", text]`` (answered ``["pong", text]``), ``["focus"]`` and ``["blur"]``; it receives the
terminal output as binary messages. Every text message counts against the session's input byte rate:
one that comes faster is held, and the websocket is not read until the rate allows it (TCP then pushes
back on the browser); nothing is dropped. Only keys count as input for the idle timeout.

The session ends when the app quits, the browser goes, the session idles or runs too long, the browser
breaks the protocol, or the server stops. The app is told with SIGHUP (the browser is gone) or SIGTERM
(the server ends the session) and saves its game; then the browser's terminal is reset, a line says
why the session ended, and the websocket is closed. A failure inside one session ends that session only.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path
from typing import Protocol

from aiohttp import WSMsgType, web

from tui_games.serve.config import ServeConfig
from tui_games.serve.rate_limits import SessionCaps, TokenBucket
from tui_games.serve.session_log import LOGGER, log
from tui_games.serve.ssh_session import FAILED_MESSAGE, SAVED, TERMINAL_RESET, clamp_size
from tui_games.serve.web_identity import WebIdentity, web_home
from tui_games.serve.web_process import WebAppProcess

RETRY_S = 0.05
"""The shortest wait for the input rate to allow more."""

CLOSE_S = 2.0
"""How long closing the websocket may take."""

PING_ECHO = 64
"""The most characters of a ping echoed back."""

CLOSE_NORMAL, CLOSE_POLICY, CLOSE_TRY_LATER, CLOSE_GOING_AWAY, CLOSE_ERROR = 1000, 1008, 1013, 1001, 1011
"""Websocket close codes (RFC 6455, 7.4.1)."""


class Server(Protocol):
    """What a session needs of its server (:class:`~tui_games.serve.web_server.WebServer`)."""

    config: ServeConfig
    caps: SessionCaps
    sessions: set
    shared_cache: Path


def guest_name(identity: WebIdentity) -> str:
    """A browser's display name: 'Guest-' and the first four hex digits of its identity's token."""
    return f"Guest-{identity.token[:4]}"


class ProtocolError(Exception):
    """The browser sent something that is not textual-serve's protocol."""


class WebSession:
    """One websocket of a browser (see the module docstring); :meth:`run` is its whole life."""

    def __init__(self, server: Server, websocket: web.WebSocketResponse, identity: WebIdentity, address: str,
                 cols: int, rows: int) -> None:
        self.server = server
        """The server this session belongs to."""
        self.websocket = websocket
        """The browser's websocket (prepared)."""
        self.identity = identity
        """The browser's pseudo-identity."""
        self.address = address
        """The browser's IP address."""
        self.cols, self.rows = clamp_size(cols, rows)
        """The terminal's size now (columns, rows)."""
        self.process: WebAppProcess | None = None
        """The UI process, once started."""
        self.reason: str | None = None
        """Why the session ended (or is ending)."""
        self.bytes_in = 0
        """Key bytes passed on to the UI process."""
        self.bytes_out = 0
        """Output bytes passed on to the browser."""
        self.throttled = 0
        """How many messages came faster than the input rate and were held."""
        self.finished = asyncio.Event()
        """Set when the session is over (process reaped, websocket closed, line logged)."""
        self._loop = asyncio.get_running_loop()
        self._started_at = time.monotonic()
        self._last_input = self._started_at
        self._bucket = TokenBucket(server.config.input_rate)
        self._end_requested: asyncio.Future = self._loop.create_future()
        self._timers: list[asyncio.TimerHandle] = []
        self._counted = False

    # ----- ending --------------------------------------------------------------------------------------
    def request_end(self, reason: str, message: str | None = None, *, hang_up: bool = False,
                    code: int = CLOSE_NORMAL) -> None:
        """End the session (once; later requests are ignored): the app is told to stop (SIGTERM, or
        SIGHUP when the browser is gone), then ``message``, if any, is shown in the browser and the
        websocket is closed with ``code``."""
        if not self._end_requested.done():
            self._end_requested.set_result((reason, message, hang_up, code))

    @property
    def player_name(self) -> str:
        """The name this browser is shown by in rooms: 'Guest-' and the start of its identity's token."""
        return guest_name(self.identity)

    @property
    def ending(self) -> bool:
        """True once the session's end was asked for."""
        return self._end_requested.done()

    def _arm_timers(self) -> None:
        config = self.server.config
        self._timers.append(self._loop.call_later(config.idle_timeout_s, self._check_idle))
        self._timers.append(self._loop.call_later(
            config.max_session_s, self.request_end, "session length limit",
            f"This session reached the longest a session may last ({config.max_session_s:g} s). {SAVED}"))

    def _check_idle(self) -> None:
        idle_s = self.server.config.idle_timeout_s
        left = self._last_input + idle_s - time.monotonic()
        if left > 0:
            self._timers.append(self._loop.call_later(left, self._check_idle))
            return
        self.request_end("idle", f"No input for {idle_s:g} s: this session has ended. {SAVED}")

    # ----- the session ---------------------------------------------------------------------------------
    async def run(self) -> None:
        """The whole session: check the caps, start the UI process, pass messages both ways until the
        end, stop the process, tidy up."""
        message, code = None, CLOSE_NORMAL
        self.server.sessions.add(self)
        reader = watcher = None
        try:
            refusal = self._open()
            if refusal is not None:
                self.reason, message, code = "session cap", refusal, CLOSE_TRY_LATER
                return
            home = web_home(self.server.config.players_dir, self.identity)
            self.process = await WebAppProcess.start(home, self.server.shared_cache, self.cols, self.rows,
                                                     on_output=self._output,
                                                     engines=getattr(self.server, "engines", None),
                                                     identity=self.identity.name, display_name=self.player_name)
            watcher = self._loop.create_task(self._watch_process(self.process))
            reader = self._loop.create_task(self._read_browser())
            self._arm_timers()
            self.reason, message, hang_up, code = await self._end_requested
            if self.process.link is not None:
                self.process.link.ending = True  # its room keeps the seat, as for a drop
            await self.process.end(signal.SIGHUP if hang_up else signal.SIGTERM,
                                   self.server.config.hangup_grace_s)
            if self.process.returncode not in (0, None) and self.process.stderr_tail.strip():
                log("session-stderr", fp=self.identity.name, pid=self.process.pid,
                    tail=self.process.stderr_tail.strip()[-1000:])
        except asyncio.CancelledError:  # the server gave up waiting for this session: its app goes too
            self.reason = self.reason or "cancelled"
            if self.process is not None:
                self.process.signal_group(signal.SIGKILL)
            raise
        except Exception as error:  # noqa: BLE001  (one session's failure must never reach the server)
            LOGGER.exception("web session failed: %s", error)
            failed = FAILED_MESSAGE.strip().removeprefix("tui-games: ")
            self.reason, message, code = f"error: {type(error).__name__}", failed, CLOSE_ERROR
            if self.process is not None:
                try:
                    await self.process.end(signal.SIGKILL, 0)
                except Exception:  # noqa: BLE001
                    LOGGER.exception("could not end the web session's process %s", self.process.pid)
        finally:
            if watcher is not None:
                watcher.cancel()
            await self._close(message, code, reader)

    def _open(self) -> str | None:
        """Count the session against the caps; the sentence for the browser when a cap is reached."""
        caps = self.server.caps
        refusal = caps.open(self.identity.name)
        if refusal is None:
            self._counted = True
            return None
        if caps.count < caps.total:  # the per-identity cap: say it of a browser, not a key
            n = caps.per_identity
            return f"This browser already has {n} session{'s' if n != 1 else ''} open here: close one first."
        return refusal

    async def _watch_process(self, process: WebAppProcess) -> None:
        status = await process.wait()
        self.request_end("quit" if status == 0 else f"app exited with status {status}")

    async def _close(self, message: str | None, code: int, reader: asyncio.Task | None) -> None:
        for timer in self._timers:
            timer.cancel()
        if self._counted:
            self.server.caps.close(self.identity.name)
            self._counted = False
        websocket = self.websocket
        try:
            if not websocket.closed:
                farewell = (TERMINAL_RESET if self.process is not None else b"") + \
                    (f"tui-games: {message}\r\n".encode() if message else b"")
                if farewell:
                    await asyncio.wait_for(websocket.send_bytes(farewell), CLOSE_S)
                await asyncio.wait_for(websocket.close(code=code, message=(self.reason or "").encode()[:120]),
                                       CLOSE_S)
        except (Exception, asyncio.TimeoutError):  # noqa: BLE001  (the browser may be gone meanwhile)
            pass
        if reader is not None:
            reader.cancel()
            await asyncio.gather(reader, return_exceptions=True)
        log("session", fp=self.identity.name, addr=self.address, term="web", size=f"{self.cols}x{self.rows}",
            duration=time.monotonic() - self._started_at, reason=self.reason,
            pid=self.process.pid if self.process else None, bytes_in=self.bytes_in, bytes_out=self.bytes_out,
            throttled=self.throttled or None)
        self.server.sessions.discard(self)
        self.finished.set()

    # ----- bytes ---------------------------------------------------------------------------------------
    async def _output(self, data: bytes) -> None:
        websocket = self.websocket
        if websocket.closed:
            return
        try:
            await websocket.send_bytes(data)
            self.bytes_out += len(data)
        except (ConnectionError, RuntimeError):  # the browser is gone; the reader notices
            pass

    async def _read_browser(self) -> None:
        """Read the browser's messages until it closes the websocket (then hang up on the app)."""
        try:
            async for message in self.websocket:
                if self.ending:
                    continue
                if message.type == WSMsgType.TEXT:
                    await self._take(len(message.data.encode("utf-8", "replace")))
                    await self._handle(message.data)
                elif message.type == WSMsgType.ERROR:  # e.g. a message over the size limit: closed
                    break
                else:
                    raise ProtocolError(f"a {message.type.name.lower()} message")
        except ProtocolError as error:
            self.request_end(f"protocol error: {error}", "The browser sent something this server does not "
                             "understand.", code=CLOSE_POLICY)
        self.request_end("disconnected", hang_up=True)

    async def _take(self, size: int) -> None:
        """Wait until the input rate allows ``size`` more bytes, and spend them."""
        left, held = float(size), False
        while left > 0:
            piece = min(left, self._bucket.rate.count)
            while not self._bucket.take(piece):
                held = True
                await asyncio.sleep(max(self._bucket.seconds_until(piece), RETRY_S))
            left -= piece
        if held:
            self.throttled += 1

    async def _handle(self, text: str) -> None:
        """Carry out one message of the browser."""
        try:
            envelope = json.loads(text)
        except ValueError:
            raise ProtocolError("a message that is not JSON") from None
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            raise ProtocolError("a message that is not [type, ...]")
        kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
        process = self.process
        if kind == "stdin":
            if not isinstance(body, str):
                raise ProtocolError("keys that are not text")
            self._last_input = time.monotonic()
            data = body.encode("utf-8", "replace")
            self.bytes_in += len(data)
            await process.send_keys(data)
        elif kind == "resize":
            if not isinstance(body, dict) or not all(isinstance(body.get(k), int) for k in ("width", "height")):
                raise ProtocolError("a size that is not {width, height}")
            self.cols, self.rows = clamp_size(body["width"], body["height"])
            await process.resize(self.cols, self.rows)
        elif kind == "ping":
            await self.websocket.send_json(["pong", str(body)[:PING_ECHO]])
        elif kind in ("focus", "blur"):
            await process.focus(kind == "focus")
        # anything else (a newer browser script's message) is ignored, as textual-serve does
