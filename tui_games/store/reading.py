"""Reading the user's files safely: regular files only, and never more than a cap.

A named pipe, a device (a link to /dev/zero) or a folder named like a save or a settings file would
hang a plain read or fill the memory. These readers refuse them, and a file over its cap, with an
OSError that says why, so callers that already treat an unreadable file as damaged need nothing more.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISDIR, "a folder"), (stat.S_ISSOCK, "a socket"))


class NotARegularFile(OSError):
    """The path names a named pipe, a device, a folder or a socket, not a file."""


class FileTooLarge(OSError):
    """The file holds more than the reader's cap."""


def _check_regular(mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "something else")
        raise NotARegularFile(f"not a regular file ({kind})")


def read_bytes_capped(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (a link to one is followed), at most ``limit`` of them.

    Raises NotARegularFile for anything but a regular file (nothing is read from it, and opening a
    named pipe does not wait for a writer), FileTooLarge when it holds more than ``limit`` bytes, and
    OSError as a plain read would (FileNotFoundError ...).
    """
    _check_regular(os.stat(path).st_mode)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        _check_regular(os.fstat(fd).st_mode)  # it may have been swapped since the first look
        chunks, remaining = [], limit + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    finally:
        os.close(fd)
    if remaining <= 0:
        raise FileTooLarge(f"too large (over {limit:,} bytes)")
    return b"".join(chunks)


def read_text_capped(path: Path, limit: int) -> str:
    """:func:`read_bytes_capped` decoded as UTF-8 (UnicodeDecodeError when it is not text)."""
    return read_bytes_capped(path, limit).decode("utf-8")
