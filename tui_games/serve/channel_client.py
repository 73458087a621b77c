"""The threaded side of a control channel (see :mod:`~tui_games.serve.channel` for the messages and
the asyncio side): a session process's channel to the server, and an engine worker's to the pool.

A reader thread takes every message as it comes: an answer wakes the thread that asked, pushed
messages and progress parts go, in order, to one dispatch thread (so a callback may block, say until
a UI thread runs it, without stopping the answers), and the other side's requests are answered by
``handlers``.
"""

from __future__ import annotations

import itertools
import queue
import socket
import threading
from typing import Any, Callable

from tui_games.serve.channel import ChannelClosed, Refused, RemoteError, error_body, error_from
from tui_games.serve.wire import FrameReader, WireError, decode, encode, peek


class _Call:
    __slots__ = ("done", "value", "error", "on_part")

    def __init__(self, on_part) -> None:
        self.done = threading.Event()
        self.value = None
        self.error: Exception | None = None
        self.on_part = on_part


SyncHandler = Callable[[Any, Callable[[Any], None]], Any]
"""Answers one kind of request on a :class:`ChannelClient`: ``handler(value, progress)`` returns the
answer's value or raises."""


class ChannelClient:
    """The threaded side of a channel (see the module docstring), over the connected socket ``sock``.

    ``on_push(op, value)`` gets pushed messages, on the dispatch thread. ``handlers`` answer the other
    side's requests by op: those named in ``inline`` on the reader thread itself (quick work, in the
    order it came), the others each in a thread of its own.
    """

    def __init__(self, sock: socket.socket, *, on_push: Callable[[str, Any], None] | None = None,
                 handlers: dict[str, SyncHandler] | None = None, inline: frozenset | set = frozenset(),
                 name: str = "channel") -> None:
        sock.setblocking(True)
        self.name = name
        """What errors call this channel."""
        self.on_push = on_push
        """Gets ``(op, value)`` of each pushed message (may be set later)."""
        self.handlers: dict[str, SyncHandler] = dict(handlers or {})
        """The requests this side answers, by op."""
        self.closed = threading.Event()
        """Set once the channel has ended."""
        self._inline = frozenset(inline)
        self._sock = sock
        self._send_lock = threading.Lock()
        self._lock = threading.Lock()
        self._pending: dict[int, _Call] = {}
        self._ids = itertools.count(1)
        self._dispatch: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._read, name=f"{name} reader", daemon=True).start()
        threading.Thread(target=self._run_dispatch, name=f"{name} dispatch", daemon=True).start()

    def _send(self, frame: bytes) -> None:
        try:
            with self._send_lock:
                self._sock.sendall(frame)
        except OSError as error:
            raise ChannelClosed(f"{self.name}: {error.strerror or error}") from None

    def call(self, op: str, body: Any = None, *, on_part: Callable[[Any], None] | None = None,
             timeout: float | None = None) -> Any:
        """Send request ``op`` and wait for its answer (``on_part(value)`` on the dispatch thread for
        each part on the way); raises what the other side raised, TimeoutError after ``timeout``
        seconds, ChannelClosed when the channel ends first. Safe from any thread."""
        ident = next(self._ids)
        frame = encode("req", ident, op, body)
        call = _Call(on_part)
        with self._lock:
            if self.closed.is_set():
                raise ChannelClosed(f"{self.name} is closed")
            self._pending[ident] = call
        try:
            self._send(frame)
            if not call.done.wait(timeout):
                raise TimeoutError(f"no answer to {op!r} in {timeout:g} s")
        finally:
            with self._lock:
                self._pending.pop(ident, None)
        if call.error is not None:
            raise call.error
        return call.value

    def push(self, op: str, body: Any = None) -> None:
        """Send message ``op`` (no answer); ChannelClosed when the channel has ended."""
        self._send(encode("push", 0, op, body))

    def close(self) -> None:
        """End the channel (requests still out fail with ChannelClosed)."""
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    # ----- the reader thread -----------------------------------------------------------------------------
    def _read(self) -> None:
        why = "the other side closed the channel"
        frames = FrameReader(self._sock)
        try:
            while True:
                payload = frames.read()
                if payload is None:
                    break
                try:
                    kind, ident, op = peek(payload)
                    value = decode(payload)
                except WireError as error:
                    self._refuse(payload, error)
                    continue
                self._received(kind, ident, op, value)
        except (OSError, WireError) as error:
            why = str(error)
        finally:
            self._shut(why)

    def _refuse(self, payload: bytearray, error: WireError) -> None:
        """Answer a malformed request with the error (anything else malformed is dropped)."""
        try:
            kind, ident, _op = peek(payload)
        except WireError:
            return
        if kind == "req":
            self._send_quietly(lambda: encode("err", ident, "", {"type": "WireError", "message": str(error)}))
        elif kind in ("res", "err"):
            with self._lock:
                call = self._pending.get(ident)
            if call is not None:
                call.error = RemoteError("WireError", f"a malformed answer: {error}")
                call.done.set()

    def _received(self, kind: str, ident: int, op: str, value: Any) -> None:
        if kind in ("res", "err", "part"):
            with self._lock:
                call = self._pending.get(ident)
            if call is None:
                return
            if kind == "part":
                if call.on_part is not None:
                    self._dispatch.put((call.on_part, (value,)))
                return
            if kind == "res":
                call.value = value
            else:
                call.error = error_from(value)
            call.done.set()
        elif kind == "push":
            if self.on_push is not None:
                self._dispatch.put((self.on_push, (op, value)))
        elif op in self._inline:
            self._serve(ident, op, value)
        else:
            threading.Thread(target=self._serve, args=(ident, op, value), name=f"{self.name} {op[:20]}",
                             daemon=True).start()

    def _send_quietly(self, frame_for: Callable[[], bytes]) -> None:
        try:
            self._send(frame_for())
        except (ChannelClosed, WireError):
            pass

    def _serve(self, ident: int, op: str, value: Any) -> None:
        try:
            handler = self.handlers.get(op)
            if handler is None:
                raise Refused(f"no request {op[:40]!r} here")
            answer = handler(value, lambda part: self._send_quietly(lambda: encode("part", ident, "", part)))
            try:
                frame = encode("res", ident, "", answer)
            except WireError as error:
                raise Refused(f"the answer cannot be sent: {error}") from None
            self._send(frame)
        except ChannelClosed:
            pass  # the channel is gone: nobody to answer
        except Exception as error:  # noqa: BLE001  (every failure is answered)
            said = error_body(error)
            self._send_quietly(lambda: encode("err", ident, "", said))

    def _shut(self, why: str) -> None:
        with self._lock:
            self.closed.set()
            calls = list(self._pending.values())
        for call in calls:
            call.error = ChannelClosed(f"{self.name}: {why}")
            call.done.set()
        self._dispatch.put(None)
        try:
            self._sock.close()
        except OSError:
            pass

    def _run_dispatch(self) -> None:
        while True:
            item = self._dispatch.get()
            if item is None:
                return
            callback, args = item
            try:
                callback(*args)
            except Exception:  # noqa: BLE001  (a listener's fault must not stop the others)
                pass


__all__ = ["ChannelClient", "SyncHandler"]
