"""Atomic file writes (temp file in the same folder, fsync, rename), and clearing the temp files a
killed writer leaves behind."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"
"""Temp files are named ``.<target name>.<random>.tmp`` beside their target."""
STALE_AFTER_S = 600.0
"""A temp file older than this belongs to a writer that died (a write takes milliseconds)."""


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file whole.

    A failed write (full disk, read-only folder) raises OSError, leaves the old file as it was and
    removes its temp file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
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


def remove_stale_temp_files(folder: Path, older_than_s: float = STALE_AFTER_S) -> list[Path]:
    """Delete the ``.*.tmp`` files in ``folder`` last changed more than ``older_than_s`` seconds ago
    (left by a writer that was killed); returns those removed. Files it cannot remove stay."""
    removed = []
    cutoff = time.time() - older_than_s
    try:
        candidates = list(Path(folder).glob(f".*{TEMP_SUFFIX}"))
    except OSError:
        return removed
    for path in candidates:
        try:
            if path.is_file() and path.stat().st_mtime < cutoff:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed
