"""The bytes of a channel between the server and its session processes or engine workers: framed
messages with a safe encoding (JSON, plus numeric numpy arrays as dtype, shape and raw bytes).

Nothing is ever unpickled: a session process handles remote users' input, so whatever comes from it is
data of a few known kinds, checked as it is read. A frame is::

    length (4 bytes, big-endian: the bytes that follow)
    route: kind (1 byte) | id (8 bytes) | op length (1 byte) | op (ASCII)
    header length (4 bytes) | header: JSON, padded with spaces | blobs: the arrays' bytes

The route says what the message is and where it goes without reading its value: its kind (a request,
an answer, an error, a part of an answer, a pushed message), its id (a request's, answered under the
same id) and its op (what is asked); a server passes a message on from one channel to another by
changing its id alone (:func:`reroute`). The header is the value, JSON (null,
booleans, numbers, text, lists, objects with text keys not starting with ``$``) where an object with
one ``$`` key stands for what JSON lacks:

- ``{"$a": [dtype, shape, offset, size]}``: a numpy array whose bytes are ``size`` bytes of the blobs
  from ``offset`` (aligned to :data:`ALIGN`); only the numeric dtypes of :data:`DTYPES`;
- ``{"$n": [dtype, number]}``: a numpy scalar (an ``np.uint64`` stays one, as kernels tell them apart);
- ``{"$t": [...]}``: a tuple;
- ``{"$k": "module:name"}``: a kernel of this package (a :class:`KernelRef` when read; only an engine
  worker looks it up, and only among the package's registered kernels).
"""

from __future__ import annotations

import json
import math
import socket
import struct
from typing import Any

import numpy as np

from tui_games.core.remote_kernels import KernelProxy

MAX_FRAME = 64 * 1024 * 1024
"""The largest frame sent or believed (a longer one ends the channel: the stream cannot be trusted)."""

MAX_DEPTH = 32
"""How deeply values may nest."""

MAX_DIMS = 8
"""The most dimensions of an array."""

ALIGN = 16
"""Blobs start at multiples of this (from the start of the frame after its length), so that arrays
read in place are aligned as numba requires."""

DTYPES = {np.dtype(code).str: np.dtype(code) for code in ("?", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8",
                                                          "f4", "f8")}
"""The array and scalar types a message may carry, by their ``dtype.str``."""

_LENGTH = struct.Struct("!I")


class WireError(ValueError):
    """Bytes that are not a message of this format, or a value it cannot carry."""


class KernelRef(str):
    """A kernel named in a message ('module:name'), to be looked up by an engine worker."""

    __slots__ = ()


# ----- values ------------------------------------------------------------------------------------------
_DTYPE_NAMES = {dtype: name for name, dtype in DTYPES.items()}
_PLAIN = frozenset({int, float, str, bool, type(None)})
_JSON = json.JSONEncoder(separators=(",", ":"), allow_nan=True, check_circular=False)


def _dtype(name) -> np.dtype:
    dtype = DTYPES.get(name) if isinstance(name, str) else None
    if dtype is None:
        raise WireError(f"{str(name)[:20]!r} is not a dtype a message may carry")
    return dtype


def _dtype_name(dtype: np.dtype) -> str:
    name = _DTYPE_NAMES.get(dtype)
    if name is None:
        raise WireError(f"{dtype} is not a dtype a message may carry")
    return name


def _encode(value, blobs: list, offset: list, depth: int):
    kind = type(value)
    if kind in _PLAIN:
        return value
    if depth > MAX_DEPTH:
        raise WireError("a value nested too deeply")
    if kind is list:
        return [_encode(item, blobs, offset, depth + 1) for item in value]
    if kind is dict:
        out = {}
        for key, item in value.items():
            if type(key) is not str or key.startswith("$"):
                raise WireError(f"a message's keys are text not starting with '$' (got {str(key)[:20]!r})")
            out[key] = _encode(item, blobs, offset, depth + 1)
        return out
    if kind is np.ndarray:
        name = _dtype_name(value.dtype)
        data = value.tobytes()
        start = offset[0]
        padding = -len(data) % ALIGN
        blobs.append(data + bytes(padding) if padding else data)
        offset[0] += len(data) + padding
        return {"$a": [name, list(value.shape), start, len(data)]}
    if kind is tuple:
        return {"$t": [_encode(item, blobs, offset, depth + 1) for item in value]}
    if isinstance(value, np.generic):
        return {"$n": [_dtype_name(value.dtype), value.item()]}
    if isinstance(value, KernelRef):
        return {"$k": str(value)}
    if isinstance(value, KernelProxy):
        return {"$k": value.key}
    for plain in (bool, int, float, str):  # a subclass (an IntEnum) as the plain value
        if isinstance(value, plain):
            return plain(value)
    if isinstance(value, np.ndarray):
        return _encode(np.asarray(value), blobs, offset, depth)
    raise WireError(f"a {kind.__name__} cannot be sent")


def _whole(value, high: int = MAX_FRAME) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise WireError("a malformed array")
    return value


def _array(spec, blobs: memoryview) -> np.ndarray:
    if type(spec) is not list or len(spec) != 4 or type(spec[1]) is not list or len(spec[1]) > MAX_DIMS:
        raise WireError("a malformed array")
    dtype = _dtype(spec[0])
    shape = tuple([_whole(n) for n in spec[1]])
    offset, size = _whole(spec[2]), _whole(spec[3])
    count = math.prod(shape)
    if count * dtype.itemsize != size or offset + size > len(blobs) or offset % ALIGN:
        raise WireError("an array's shape, dtype and bytes do not agree")
    if count == 0:
        return np.zeros(shape, dtype)
    array = np.frombuffer(blobs, dtype, count, offset)
    if len(shape) != 1:
        array = array.reshape(shape)
    return array if array.flags.aligned else array.copy()


def _decode(value, blobs: memoryview, depth: int):
    kind = type(value)
    if kind is list:
        if depth > MAX_DEPTH:
            raise WireError("a value nested too deeply")
        return [_decode(item, blobs, depth + 1) for item in value]
    if kind is not dict:
        return value
    if depth > MAX_DEPTH:
        raise WireError("a value nested too deeply")
    if len(value) == 1:
        (key, item), = value.items()
        if key == "$a":
            return _array(item, blobs)
        if key == "$n":
            if type(item) is not list or len(item) != 2 or type(item[1]) not in (bool, int, float):
                raise WireError("a malformed number")
            try:
                return _dtype(item[0]).type(item[1])
            except (OverflowError, ValueError, TypeError):
                raise WireError("a number out of its dtype's range") from None
        if key == "$t":
            if type(item) is not list:
                raise WireError("a malformed tuple")
            return tuple([_decode(part, blobs, depth + 1) for part in item])
        if key == "$k":
            if type(item) is not str or len(item) > 200:
                raise WireError("a malformed kernel name")
            return KernelRef(item)
    out = {}
    for key, item in value.items():
        if key.startswith("$"):
            raise WireError("an unknown '$' object")
        out[key] = _decode(item, blobs, depth + 1)
    return out


# ----- frames --------------------------------------------------------------------------------------------
KINDS = ("req", "res", "err", "part", "push")
"""The kinds of message, by their code (1 + index)."""

_CODES = {kind: code for code, kind in enumerate(KINDS, 1)}
_ROUTE = struct.Struct("!BQB")  # kind, id, length of the op
MAX_OP = 64
"""The longest op name."""


def encode(kind: str, ident: int, op: str, value: Any = None) -> bytes:
    """The frame (length included) of a message: ``kind`` (one of :data:`KINDS`), ``ident`` (0 for a
    push), ``op`` (ASCII, at most :data:`MAX_OP` characters; empty for answers) and ``value``; WireError
    when the value holds something the format cannot carry or the frame is larger than :data:`MAX_FRAME`."""
    blobs: list[bytes] = []
    op_bytes = op.encode("ascii")
    if len(op_bytes) > MAX_OP:
        raise WireError(f"an op name of {len(op_bytes)} characters")
    route = _ROUTE.pack(_CODES[kind], ident, len(op_bytes)) + op_bytes
    header = _JSON.encode(_encode(value, blobs, [0], 0)).encode()
    header += b" " * (-(len(route) + 4 + len(header)) % ALIGN)
    size = len(route) + 4 + len(header) + sum(len(blob) for blob in blobs)
    if size > MAX_FRAME:
        raise WireError(f"a message of {size} bytes is larger than a frame may be")
    return b"".join([_LENGTH.pack(size), route, _LENGTH.pack(len(header)), header, *blobs])


def peek(payload: bytes | bytearray) -> tuple[str, int, str]:
    """A frame's ``(kind, id, op)`` (its value is left unread); WireError unless its start is one."""
    try:
        code, ident, op_size = _ROUTE.unpack_from(payload)
        op = bytes(payload[_ROUTE.size:_ROUTE.size + op_size]).decode("ascii")
    except (struct.error, UnicodeDecodeError):
        raise WireError("a frame that does not start as one") from None
    if not 1 <= code <= len(KINDS) or len(op) != op_size:
        raise WireError("a frame of no known kind")
    return KINDS[code - 1], ident, op


def decode(payload: bytes | bytearray) -> Any:
    """The value of the message in a frame's ``payload`` (the bytes after its length); WireError unless
    it is one. Arrays are read in place: writable exactly when ``payload`` is a bytearray."""
    view = memoryview(payload)
    start = _ROUTE.size + (view[_ROUTE.size - 1] if len(view) >= _ROUTE.size else 0)
    if len(view) < start + 4:
        raise WireError("a frame too short for its header")
    (size,) = _LENGTH.unpack(view[start:start + 4])
    start += 4
    if size > len(view) - start:
        raise WireError("a header longer than its frame")
    try:
        header = json.loads(bytes(view[start:start + size]))
    except (ValueError, RecursionError) as error:
        raise WireError(f"a header that is not JSON ({type(error).__name__})") from None
    try:
        return _decode(header, view[start + size:], 0)
    except RecursionError:
        raise WireError("a value nested too deeply") from None


def reroute(payload: bytes | bytearray, ident: int) -> bytes:
    """The frame (length included) of ``payload``'s message with its id replaced by ``ident`` (a message
    passed on from one channel to another, its value neither read nor copied into new objects)."""
    code, _old, op_size = _ROUTE.unpack_from(payload)
    return b"".join([_LENGTH.pack(len(payload)), _ROUTE.pack(code, ident, op_size), payload[_ROUTE.size:]])


def frame_length(prefix: bytes) -> int:
    """The payload length a frame's 4-byte prefix announces; WireError when over :data:`MAX_FRAME`."""
    (size,) = _LENGTH.unpack(prefix)
    if size > MAX_FRAME:
        raise WireError(f"a frame of {size} bytes announced (at most {MAX_FRAME})")
    return size


class FrameReader:
    """Reads frames from a blocking socket, as much as has come at once (one system call for a small
    frame, not one for its length and one for the rest)."""

    CHUNK = 65536

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._buffer = bytearray()

    def _fill(self, size: int) -> bool:
        """Read until the buffer holds ``size`` bytes; False at the end of the stream."""
        while len(self._buffer) < size:
            data = self._sock.recv(max(self.CHUNK, size - len(self._buffer)))
            if not data:
                return False
            self._buffer += data
        return True

    def read(self) -> bytearray | None:
        """The next frame's payload (a bytearray of its own: arrays decoded from it are writable);
        None at the end of the stream. WireError when the frame announced is too long."""
        if not self._fill(4):
            return None
        size = frame_length(bytes(self._buffer[:4]))
        if not self._fill(4 + size):
            return None
        payload = self._buffer[4:4 + size]
        del self._buffer[:4 + size]
        return payload


__all__ = ["ALIGN", "DTYPES", "FrameReader", "KINDS", "KernelRef", "MAX_FRAME", "MAX_OP", "WireError", "decode",
           "encode", "frame_length", "peek", "reroute"]
