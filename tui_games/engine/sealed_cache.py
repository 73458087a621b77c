"""numba's side of the kernel cache: where a kernel's files go, and the sealed, checked files.

Every index and data file carries a SHA-256 of its place in the cache (folder and file name) and of
its content, so a truncated or overwritten entry, and a whole file that belongs elsewhere (another
kernel's, another game's, swapped or copied over), is detected on load; so is a folder standing where
a file should be. The entry is then removed and the kernel recompiled (and cached afresh).

Imported by :mod:`tui_games.engine.jit` only where kernels are compiled, after the cache folder is
set (``NUMBA_CACHE_DIR``, by :mod:`tui_games.engine.kernel_cache`), so that a process that runs no
kernel (a server's session process) never imports numba.
"""

from __future__ import annotations

import glob
import hashlib
import os
import pickle
import shutil
from typing import NamedTuple

from tui_games.engine.kernel_cache import cache_key, cache_root, notice

from numba.core import caching  # noqa: E402  (after the cache set-up in kernel_cache)
from numba.core.dispatcher import Dispatcher  # noqa: E402


class _PerGameLocator(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
    """Puts a source file's cache under ``NUMBA_CACHE_DIR/<cache_key(file)>/``."""

    def __init__(self, py_func, py_file):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = str(cache_root() / cache_key(py_file) / self.get_suitable_cache_subpath(py_file))

    def get_cache_path(self):
        """The folder of this source file's index and data files."""
        return self._cache_path


class _PerGameCacheImpl(caching.CompileResultCacheImpl):
    _locator_classes = [_PerGameLocator]


class DamagedCacheEntry(Exception):
    """A cache file that is not what was written there: truncated or overwritten, another entry's file,
    or not a file at all."""


def _remove(path: str) -> None:
    """Delete the file, link or folder at ``path`` (quietly: a later write reports what still fails)."""
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.unlink(path)
    except OSError:
        pass


class _ForFile(NamedTuple):
    """What is written to a data file, with the file's path (its seal names its place)."""

    path: str
    data: object


class _CheckedCacheFile(caching.IndexDataCacheFile):
    """Numba's index and data files, each sealed with a SHA-256 of its place and content, checked on load."""

    _MAGIC = b"tui-games kernel cache 2\n"

    def __init__(self, cache_path, filename_base, source_stamp):
        super().__init__(cache_path, filename_base, source_stamp)
        self._place = os.path.relpath(cache_path, cache_root()).replace(os.sep, "/")

    def _seal_digest(self, path: str, payload: bytes) -> bytes:
        place = f"{self._place}/{os.path.basename(path)}".encode()
        return hashlib.sha256(place + b"\0" + payload).digest()

    def _dump(self, obj) -> bytes:
        """``obj`` pickled and sealed for its file: a data file's (see :meth:`_save_data`), else the index."""
        path, obj = obj if isinstance(obj, _ForFile) else (self._index_path, obj)
        payload = super()._dump(obj)
        return self._MAGIC + self._seal_digest(path, payload) + payload

    def _unseal(self, blob: bytes, path: str):
        head = len(self._MAGIC)
        payload = blob[head + 32:]
        if not blob.startswith(self._MAGIC) or self._seal_digest(path, payload) != blob[head:head + 32]:
            raise DamagedCacheEntry(path)
        return pickle.loads(payload)

    @staticmethod
    def _read(path: str, index: bool = False):
        """The file's bytes (an index: its version and the rest); None when there is no file."""
        if os.path.lexists(path) and not os.path.isfile(path):
            raise DamagedCacheEntry(path)
        try:
            with open(path, "rb") as handle:
                return (pickle.load(handle), handle.read()) if index else handle.read()
        except FileNotFoundError:
            return None
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError, IsADirectoryError):
            raise DamagedCacheEntry(path) from None

    def _load_index(self):
        read = self._read(self._index_path, index=True)
        if read is None:
            return {}
        version, data = read
        if version != self._version:
            return {}
        stamp, overloads = self._unseal(data, self._index_path)
        return overloads if stamp == self._source_stamp else {}

    def _load_data(self, name):
        path = self._data_path(name)
        blob = self._read(path)
        if blob is None:
            raise FileNotFoundError(path)
        return self._unseal(blob, path)

    def _save_data(self, name, data):
        super()._save_data(name, _ForFile(self._data_path(name), data))


class _GuardedCache(caching.FunctionCache):
    """A function's cache that clears a damaged entry (then the kernel is recompiled) and treats a
    failed write as 'not cached' instead of failing the compile."""

    _impl_class = _PerGameCacheImpl

    def __init__(self, py_func):
        super().__init__(py_func)
        self._cache_file = _CheckedCacheFile(cache_path=self._cache_path,
                                             filename_base=self._impl.filename_base,
                                             source_stamp=self._impl.locator.get_source_stamp())

    def load_overload(self, sig, target_context):
        """The cached kernel for ``sig``, or None (also after clearing a damaged entry)."""
        try:
            return super().load_overload(sig, target_context)
        except Exception as error:  # noqa: BLE001  (any unreadable entry is rebuilt, never fatal)
            self.clear_entry()
            notice(f"a damaged kernel cache entry was cleared and is compiled again "
                    f"({self._impl.filename_base}: {type(error).__name__})")
            return None

    def save_overload(self, sig, data):
        """Cache the compiled kernel; a write that fails (disk full, read-only) leaves it in memory only.
        An entry in the way (a damaged index, a folder where a file goes) is cleared and the write retried."""
        for attempt in range(2):
            try:
                super().save_overload(sig, data)
                return
            except (OSError, DamagedCacheEntry) as error:
                failure = error
            in_the_way = isinstance(failure, DamagedCacheEntry) or any(
                os.path.isdir(path) and not os.path.islink(path) for path in self._entry_paths())
            if attempt or not in_the_way:
                break
            self.clear_entry()
        notice(f"kernels cannot be cached in {cache_root()} ({getattr(failure, 'strerror', None) or failure}): "
                "compiling them in memory")

    def _entry_paths(self) -> list[str]:
        """Everything in the cache folder under this function's names (index, data, unfinished writes)."""
        pattern = os.path.join(glob.escape(self._cache_path), glob.escape(self._impl.filename_base) + ".*")
        return glob.glob(pattern)

    def clear_entry(self) -> None:
        """Delete this function's index and data files, and anything else standing under their names."""
        for path in self._entry_paths():
            _remove(path)


def enable_cache(dispatcher):
    """Give ``dispatcher`` (a fresh, not yet compiled numba dispatcher) the per-game checked cache, or
    leave it compiling in memory with a notice when no cache folder can be written."""
    if not isinstance(dispatcher, Dispatcher):
        return dispatcher  # NUMBA_DISABLE_JIT: a plain Python function
    try:
        dispatcher._cache = _GuardedCache(dispatcher.py_func)
    except RuntimeError as error:  # numba: "cannot cache function ...: no locator available"
        if "no locator" not in str(error):
            raise
        notice(f"kernels cannot be cached in {cache_root()} (not writable): compiling them in memory")
    return dispatcher


__all__ = ["DamagedCacheEntry", "enable_cache"]
