"""One writer per save: a lock file beside each save, held by the process whose game has it open.

The lock (``flock`` on ``.<save name>.lock`` in the save's folder) belongs to the operating system,
so it goes with the process: a kill, a crash or a lost terminal never leaves a save closed to the
next session. Within one process a save may be held by several matches at once (resuming a game this
process has open takes it over, and an earlier match of it may still be alive); the process lets go
when the last of them does. Where the system has no ``flock`` (Windows) or the folder refuses the
lock file (read-only), saves go unlocked: the write then fails or works as it would have.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from tui_games.core.errors import SaveInUseError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

LOCK_SUFFIX = ".lock"
"""A save's lock file is named ``.<save name>.lock`` (hidden, beside the save)."""


@dataclass
class _Hold:
    fd: int
    lock_file: Path
    holders: int = 1


_holds: dict[str, _Hold] = {}
_guard = threading.Lock()


def lock_file(path: Path) -> Path:
    """The lock file of the save ``path``: ``.<name>.lock`` beside it."""
    path = Path(path)
    return path.with_name(f".{path.name}{LOCK_SUFFIX}")


class SaveLock:
    """One holder's share of this process's lock on a save; :meth:`release` gives it up."""

    def __init__(self, path: Path, key: str) -> None:
        self.path = Path(path)
        """The save this lock is for."""
        self._key = key
        self._released = False

    @property
    def held(self) -> bool:
        """True until :meth:`release` is called."""
        return not self._released

    def release(self) -> None:
        """Give up this share; the process lets go of the save when no other share is left. Calling
        it again does nothing."""
        with _guard:
            if self._released:
                return
            self._released = True
            hold = _holds.get(self._key)
            if hold is None:
                return
            hold.holders -= 1
            if hold.holders > 0:
                return
            del _holds[self._key]
            try:
                os.unlink(hold.lock_file)  # while still locked: see _lock for the other side
            except OSError:
                pass
            os.close(hold.fd)


def _lock(target: Path, save: Path) -> int | None:
    """A descriptor holding the lock on ``target``; None where it cannot be locked here."""
    while True:
        try:
            fd = os.open(target, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SaveInUseError(f"this game is open in another session ({save.name}); close it there "
                                 "first") from None
        except OSError:  # a file system without locks
            os.close(fd)
            return None
        try:
            opened, named = os.fstat(fd), os.stat(target)
            if (opened.st_dev, opened.st_ino) == (named.st_dev, named.st_ino):
                return fd
        except OSError:
            pass
        os.close(fd)  # its last holder removed it between our open and our lock: lock the new one


def claim(path: Path) -> SaveLock | None:
    """Hold the save ``path`` for this process (several holders in one process share it).

    Raises SaveInUseError when another live process holds it. Returns None where it cannot be
    locked (no ``flock``, a folder that refuses the lock file): the save then goes unlocked.
    """
    if fcntl is None:
        return None
    path = Path(path)
    key = str(path.resolve())
    with _guard:
        hold = _holds.get(key)
        if hold is not None:
            hold.holders += 1
            return SaveLock(path, key)
        target = lock_file(path)
        fd = _lock(target, path)
        if fd is None:
            return None
        _holds[key] = _Hold(fd, target)
        return SaveLock(path, key)


def open_elsewhere(path: Path) -> bool:
    """True when another live process holds the save ``path`` now (for a list to mark it; opening it
    still raises SaveInUseError if that is so by then)."""
    try:
        lock = claim(path)
    except SaveInUseError:
        return True
    if lock is not None:
        lock.release()
    return False
