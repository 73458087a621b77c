"""Atomic file writes (temp file in the same folder, fsync, rename), and clearing the temp files a
killed writer leaves behind: the first write into a folder in each process clears that folder's stale
ones (so do listing the saves and loading the settings)."""

from __future__ import annotations

import os
import re
import tempfile
import threading
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"
"""Temp files are named ``.<target name>.<random>.tmp`` beside their target."""
TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX) + "$")
"""What this module's temp files are called (only these are ever cleared)."""
STALE_AFTER_S = 600.0
"""A temp file older than this belongs to a writer that died (a write takes milliseconds)."""

_cleared: set[str] = set()
_cleared_guard = threading.Lock()


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file whole.

    A failed write (full disk, read-only folder) raises OSError, leaves the old file as it was and
    removes its temp file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    clear_stale_once(path.parent)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def clear_stale_once(folder: Path) -> None:
    """:func:`remove_stale_temp_files` in ``folder``, the first time this process asks for it."""
    key = os.path.abspath(folder)
    with _cleared_guard:
        if key in _cleared:
            return
        _cleared.add(key)
    remove_stale_temp_files(Path(folder))


def remove_stale_temp_files(folder: Path, older_than_s: float = STALE_AFTER_S) -> list[Path]:
    """Delete this module's temp files (``.<name>.<random>.tmp``, see :data:`TEMP_NAME`) in ``folder``
    last changed more than ``older_than_s`` seconds ago (left by a writer that was killed); returns
    those removed. Other files, and files it cannot remove, stay."""
    removed = []
    cutoff = time.time() - older_than_s
    try:
        candidates = list(Path(folder).glob(f".*{TEMP_SUFFIX}"))
    except OSError:
        return removed
    for path in candidates:
        if not TEMP_NAME.match(path.name):
            continue
        try:
            if path.is_file() and not path.is_symlink() and path.stat().st_mtime < cutoff:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed
