"""Control channels: requests with answers, and pushed messages, both ways over one stream socket (a
socketpair the server makes for each session process and each engine worker), in the safe frames of
:mod:`~tui_games.serve.wire`.

Messages: ``req`` (a request: ``op``, ``id``, value) is answered by ``res`` (its value) or ``err``
(``{"type": ..., "message": ...}``), possibly after ``part`` messages (progress, same ``id``);
``push`` (``op``, value) is answered by nothing. Ids are per sender, so several threads or tasks of
each side may have requests out at once.

The server's side runs on its asyncio loop, :class:`Channel`::

    channel = await Channel.over(sock, handlers={"kernel": serve_kernel}, on_push=pushed, on_close=gone)
    value = await channel.request("ask", {...}, timeout=5)   # a request to the other side; its answer
    channel.push("table", {...})                              # a message for the other side, no answer
    async def serve_kernel(request: Request): ...             # answers the other side's "kernel" requests
        request.body                                          #   its value (read when first asked for)
        request.progress({...})                               #   (a part message on the way)
        return value                                          #   the answer (raise Refused("why") to refuse)
        return Forwarded(await other.forward(request))        #   or: passed on to another channel as it is

A session process (or an engine worker) uses the threaded
:class:`~tui_games.serve.channel_client.ChannelClient`::

    client = ChannelClient(sock, on_push=lambda op, value: ..., handlers={...})
    value = client.call("kernel", {...}, on_part=print, timeout=None)   # blocking, from any thread
    client.push("cancel", {...})

Its reader thread never runs a caller's code: pushed messages and progress parts are handed, in the
order they came, to one dispatch thread, so a callback may block (wait for a UI thread that is itself
waiting for an answer) without stopping the answers.

An error the other side raised comes back as the same exception where it is one of the builtin
lookup and value errors or one of tui-games' own (:mod:`tui_games.core.errors`), else as
:class:`RemoteError`; a channel that ends fails every request still out with :class:`ChannelClosed`.
"""

from __future__ import annotations

import asyncio
import itertools
import socket
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from tui_games.core import errors as core_errors
from tui_games.serve.wire import MAX_FRAME, WireError, decode, encode, frame_length, peek, reroute

MAX_IN_FLIGHT = 32
"""Requests of the other side a :class:`Channel` serves at once (it reads no more meanwhile)."""

MAX_PROTOCOL_ERRORS = 100
"""Malformed messages a :class:`Channel` answers before it ends the channel."""

MAX_BUFFERED = 4 * MAX_FRAME
"""Bytes a :class:`Channel` may have waiting for the other side to read; past that it ends the channel
(the other side does not read)."""


class ChannelClosed(ConnectionError):
    """The channel ended (the other side is gone, or broke the protocol): no answer will come."""


class RemoteError(RuntimeError):
    """The other side refused or failed a request with an error that is not re-raised as itself."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        """The name of the other side's error."""


class Refused(Exception):
    """Raised by a request handler: the request is refused with this message (no traceback logged)."""


_SAME_ERRORS = {error.__name__: error for error in (
    ValueError, TypeError, IndexError, KeyError, LookupError, OverflowError, ZeroDivisionError,
    ArithmeticError, AssertionError, TimeoutError)}


def error_body(error: BaseException) -> dict:
    """What an ``err`` message says of ``error``."""
    return {"type": type(error).__name__, "message": str(error)[:2000]}


def error_from(body: Any) -> Exception:
    """The exception an ``err`` message stands for (see the module docstring)."""
    body = body if isinstance(body, dict) else {}
    kind, message = str(body.get("type", "Error"))[:60], str(body.get("message", ""))[:2000]
    own = getattr(core_errors, kind, None)
    if isinstance(own, type) and issubclass(own, core_errors.TuiGamesError):
        return own(message)
    if kind in _SAME_ERRORS:
        return _SAME_ERRORS[kind](message)
    return RemoteError(kind, message)


# ----- the server's side: asyncio (the threaded side is tui_games.serve.channel_client) -----------------
class Request:
    """A request from the other side, as its handler gets it: its op, id and (read when first asked
    for) body."""

    __slots__ = ("channel", "id", "op", "payload", "_body", "_read")

    def __init__(self, channel: "Channel", ident: int, op: str, payload: bytes) -> None:
        self.channel = channel
        """The channel it came on."""
        self.id = ident
        """Its id on that channel."""
        self.op = op
        """What it asks."""
        self.payload = payload
        """Its frame as it came (see :meth:`Channel.forward`)."""
        self._body = None
        self._read = False

    @property
    def body(self) -> Any:
        """Its value; WireError when it is malformed (the request is then answered with that error)."""
        if not self._read:
            self._body = decode(self.payload)
            self._read = True
        return self._body

    def progress(self, value: Any) -> None:
        """Send ``value`` as a part of the answer (the caller's ``on_part`` gets it)."""
        self.channel._write(encode("part", self.id, "", value))

    def answer(self, value: Any = None, error: BaseException | None = None) -> None:
        """Answer now with ``value`` (a :class:`Forwarded` frame passes back as it is) or ``error``:
        for a handler that returned :data:`LATER` (a later answer is ignored)."""
        if self.channel._answering.pop(self.id, None) is self:
            self.channel._answer(self, value, error)


@dataclass(frozen=True)
class Forwarded:
    """An answer that came from another channel (:meth:`Channel.forward`), passed back as it is."""

    payload: bytes


Handler = Callable[[Request], Awaitable[Any]]
"""Answers one kind of request: returns (a coroutine or a future of) the answer's value, or raises (the
error goes back). A handler that returns a future is answered when it is done, with no task made;
one that returns :data:`LATER` answers itself with :meth:`Request.answer` (the quickest path, for a
request passed on to another channel: see :meth:`Channel.forward_to`)."""

LATER = object()
"""What a handler returns when it calls :meth:`Request.answer` itself later."""


class Channel(asyncio.Protocol):
    """The asyncio side of a channel (see the module docstring); made by :meth:`over`.

    ``handlers`` answer the other side's requests by ``op`` (the dict may be shared and grow later);
    ``on_push(channel, op, value)`` gets its pushed messages (a coroutine function or a plain one);
    ``on_close(channel)`` is called once when the channel ends. :attr:`context` is the owner's.
    """

    def __init__(self, handlers: dict[str, Handler] | None = None, *, on_push=None, on_close=None,
                 name: str = "channel", max_in_flight: int = MAX_IN_FLIGHT) -> None:
        self.handlers: dict[str, Handler] = handlers if handlers is not None else {}
        """The requests this side answers, by op."""
        self.name = name
        """What the log calls this channel."""
        self.context: dict = {}
        """Free for the channel's owner (a session's identity, its link ...)."""
        self.closed = asyncio.Event()
        """Set once the channel has ended."""
        self.close_reason = ""
        """Why the channel ended (once it has)."""
        self.protocol_errors = 0
        """Malformed messages received so far."""
        self._on_push = on_push
        self._on_close = on_close
        self._max_in_flight = max_in_flight
        self._in_flight = 0
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple[Any, Callable | None, bool]] = {}
        self._answering: dict[int, Request] = {}
        self._serving: set[asyncio.Future] = set()
        self._buffer = bytearray()
        self._transport: asyncio.Transport | None = None
        self._paused = False
        self._loop = asyncio.get_running_loop()

    @classmethod
    async def over(cls, sock: socket.socket, handlers: dict[str, Handler] | None = None, **options) -> "Channel":
        """A channel over the connected stream socket ``sock`` (this side owns it from now on)."""
        sock.setblocking(False)
        _transport, channel = await asyncio.get_running_loop().connect_accepted_socket(
            lambda: cls(handlers, **options), sock=sock)
        return channel

    # ----- asyncio's protocol ----------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.Transport) -> None:
        """Keep the transport."""
        self._transport = transport

    def data_received(self, data: bytes) -> None:
        """Take every whole frame that came."""
        buffer = self._buffer
        buffer += data
        while len(buffer) >= 4:
            try:
                size = frame_length(bytes(buffer[:4]))
            except WireError as error:
                self.abort(str(error))
                return
            if len(buffer) < 4 + size:
                break
            payload = bytes(buffer[4:4 + size])
            del buffer[:4 + size]
            self._received(payload)
            if self.closed.is_set():
                return

    def connection_lost(self, exc: Exception | None) -> None:
        """The other side is gone."""
        self._shut("closed by the other side")

    # ----- sending ---------------------------------------------------------------------------------------
    def _write(self, frame: bytes) -> None:
        if self.closed.is_set():
            raise ChannelClosed(f"{self.name} is closed")
        if self._transport.get_write_buffer_size() + len(frame) > MAX_BUFFERED:
            self._loop.call_soon(self.abort, "the other side does not read")
            raise ChannelClosed(f"{self.name}: the other side does not read")
        self._transport.write(frame)

    def _ask(self, frame_for: Callable[[int], bytes], raw: bool, on_part) -> asyncio.Future:
        """Send a request and return the future of its answer (its entry goes when it is done)."""
        ident = next(self._ids)
        future = self._loop.create_future()
        self._pending[ident] = (future, on_part, raw)
        future.add_done_callback(lambda _done: self._pending.pop(ident, None))
        try:
            self._write(frame_for(ident))
        except (ChannelClosed, WireError) as error:
            future.set_exception(error)
        return future

    async def request(self, op: str, body: Any = None, *, on_part: Callable[[Any], Any] | None = None,
                      timeout: float | None = None) -> Any:
        """Send request ``op`` and wait for its answer (``on_part(value)`` for each part on the way);
        raises what the other side raised (see the module docstring), TimeoutError after ``timeout``
        seconds, ChannelClosed when the channel ends first."""
        future = self._ask(lambda ident: encode("req", ident, op, body), False, on_part)
        if timeout is None:
            return await future
        return await asyncio.wait_for(future, timeout)

    def forward_to(self, request: Request, reply: Callable[[bytes | Exception], None]) -> None:
        """Pass ``request`` (from another channel) on to the other side as it is, unread; ``reply`` gets
        its answer's frame as it comes (parts are dropped), or ChannelClosed when the channel ends
        first. No future or task: the quick path of :meth:`forward`."""
        ident = next(self._ids)
        self._pending[ident] = (reply, None, True)
        try:
            self._write(reroute(request.payload, ident))
        except (ChannelClosed, WireError) as error:
            del self._pending[ident]
            reply(error)

    def forward(self, request: Request, *, on_part: Callable[[bytes], Any] | None = None) -> asyncio.Future:
        """Pass ``request`` (from another channel) on to the other side as it is, unread: the future of
        its answer's frame as it comes (for :class:`Forwarded`; parts, unread, to ``on_part``); it fails
        with ChannelClosed when the channel ends first (cancel it to stop waiting)."""
        return self._ask(lambda ident: reroute(request.payload, ident), True, on_part)

    def push(self, op: str, body: Any = None) -> None:
        """Send message ``op`` (no answer); ChannelClosed when the channel has ended."""
        self._write(encode("push", 0, op, body))

    # ----- receiving -------------------------------------------------------------------------------------
    def _malformed(self, why: str, ident: int | None = None) -> None:
        self.protocol_errors += 1
        if self.protocol_errors > MAX_PROTOCOL_ERRORS:
            self.abort("too many malformed messages")
            return
        if ident is not None:
            self._write_quietly(lambda: encode("err", ident, "", {"type": "WireError", "message": why}))
        else:
            self._write_quietly(lambda: encode("push", 0, "malformed", {"message": why}))

    def _received(self, payload: bytes) -> None:
        try:
            kind, ident, op = peek(payload)
        except WireError as error:
            self._malformed(str(error))
            return
        if kind == "req":
            self._serve(Request(self, ident, op, payload))
        elif kind == "push":
            try:
                value = decode(payload)
            except WireError as error:
                self._malformed(str(error))
                return
            self._pushed(op, value)
        else:
            self._answered(kind, ident, payload)

    def _answered(self, kind: str, ident: int, payload: bytes) -> None:
        future, on_part, raw = self._pending.get(ident, (None, None, False))
        if future is None:
            return  # an answer after its request was given up
        if not isinstance(future, asyncio.Future):  # forward_to's reply
            if kind != "part":
                del self._pending[ident]
                future(payload)
            return
        if future.done():
            return
        try:
            value = payload if raw else decode(payload)
        except WireError as error:
            future.set_exception(RemoteError("WireError", f"a malformed answer: {error}"))
            return
        if kind == "part":
            if on_part is not None:
                try:
                    on_part(value)
                except Exception:  # noqa: BLE001  (a progress listener's fault is not the request's)
                    pass
        elif kind == "res" or raw:
            future.set_result(value)
        else:
            future.set_exception(error_from(value))

    def _pushed(self, op: str, value: Any) -> None:
        if self._on_push is None:
            return
        try:
            result = self._on_push(self, op, value)
        except Exception:  # noqa: BLE001  (one bad message must not end the channel)
            self._log_failure(f"pushed {op!r}")
            return
        if asyncio.iscoroutine(result):
            task = self._loop.create_task(result)
            task.add_done_callback(lambda done: done.cancelled() or done.exception() is None
                                   or self._log_failure(f"pushed {op!r}", done.exception()))

    def _serve(self, request: Request) -> None:
        self._in_flight += 1
        if self._in_flight >= self._max_in_flight and not self._paused:
            self._paused = True
            self._transport.pause_reading()
        self._answering[request.id] = request
        try:
            handler = self.handlers.get(request.op)
            if handler is None:
                raise Refused(f"no request {request.op[:40]!r} here")
            result = handler(request)
        except Exception as error:  # noqa: BLE001  (every failure is answered, none ends the channel)
            request.answer(None, error)
            return
        if result is LATER:
            return
        self._answering.pop(request.id, None)
        if asyncio.iscoroutine(result):
            result = self._loop.create_task(result)
        elif not asyncio.isfuture(result):
            self._answer(request, result, None)
            return
        self._serving.add(result)
        result.add_done_callback(lambda done: self._done(request, done))

    def _done(self, request: Request, done: asyncio.Future) -> None:
        self._serving.discard(done)
        if done.cancelled():
            self._answer(request, None, ChannelClosed("the request was cancelled"))
        else:
            error = done.exception()
            self._answer(request, None if error else done.result(), error)

    def _answer(self, request: Request, value: Any, error: BaseException | None) -> None:
        self._in_flight -= 1
        if self._paused and self._in_flight < self._max_in_flight and not self.closed.is_set():
            self._paused = False
            self._transport.resume_reading()
        if error is None:
            if isinstance(value, Forwarded):
                self._write_quietly(lambda: reroute(value.payload, request.id))
                return
            try:
                self._write(encode("res", request.id, "", value))
                return
            except ChannelClosed:
                return
            except WireError as wire_error:
                error = Refused(f"the answer cannot be sent: {wire_error}")
        if isinstance(error, WireError):
            self.protocol_errors += 1
        elif not isinstance(error, (Refused, RemoteError, ValueError, LookupError, TimeoutError, ChannelClosed)):
            self._log_failure(f"request {request.op!r}", error)
        said = error_body(error)
        self._write_quietly(lambda: encode("err", request.id, "", said))

    def _log_failure(self, what: str, error: BaseException | None = None) -> None:
        from tui_games.serve.session_log import LOGGER

        LOGGER.error("%s: %s failed", self.name, what, exc_info=error or True)

    def _write_quietly(self, frame_for: Callable[[], bytes]) -> None:
        try:
            self._write(frame_for())
        except (ChannelClosed, WireError):
            pass

    # ----- ending ----------------------------------------------------------------------------------------
    def abort(self, why: str = "aborted") -> None:
        """End the channel now (requests still out fail with ChannelClosed)."""
        self._shut(why)

    def _shut(self, why: str) -> None:
        if self.closed.is_set():
            return
        self.closed.set()
        self.close_reason = why
        pending, self._pending = list(self._pending.values()), {}
        self._answering.clear()
        for future, _on_part, _raw in pending:
            if not isinstance(future, asyncio.Future):
                future(ChannelClosed(f"{self.name}: {why}"))
            elif not future.done():
                future.set_exception(ChannelClosed(f"{self.name}: {why}"))
        for serving in list(self._serving):
            serving.cancel()
        if self._transport is not None:
            self._transport.close()
        if self._on_close is not None:
            try:
                self._on_close(self)
            except Exception:  # noqa: BLE001
                self._log_failure("on_close")

    async def close(self) -> None:
        """End the channel and wait until the requests it was serving are done."""
        self.abort("closed")
        if self._serving:
            await asyncio.gather(*self._serving, return_exceptions=True)


__all__ = ["Channel", "ChannelClosed", "Forwarded", "Handler", "LATER", "Refused", "RemoteError", "Request",
           "error_body", "error_from"]
