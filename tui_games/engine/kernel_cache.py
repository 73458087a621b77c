"""The on-disk cache of compiled kernels: one folder per game, checked entries, and compiling in
memory when the cache cannot be written.

Numba checks a cached kernel against its own source file only, so a kernel that inlines code from
another file (a game's rules calling the engine's helpers) could load stale. Each source file's cache
therefore lives in a folder named by a hash of the engine's sources plus, for a file of
``games/<folder>/``, that game folder's sources: editing one game recompiles that game only, editing
the engine recompiles everything. The folders sit under ``NUMBA_CACHE_DIR`` (set here, before numba is
first imported, to ``<user cache>/numba-<version>`` unless already set).

Every index and data file carries a SHA-256 of its place in the cache (folder and file name) and of
its content, so a truncated or overwritten entry, and a whole file that belongs elsewhere (another
kernel's, another game's, swapped or copied over), is detected on load; so is a folder standing where
a file should be. The entry is then removed and the kernel recompiled (and cached afresh). When no
cache folder can be written (read-only home or cache) kernels are compiled in memory, and a one-line
notice says so (on stderr, and in :func:`cache_notices`).
"""

from __future__ import annotations

import glob
import hashlib
import os
import pickle
import shutil
import sys
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from tui_games import __version__
from tui_games.core.locations import cache_dir

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent
_NOT_JITTED = {"spec.py", "view.py", "look.py", "__init__.py"}
_KERNEL_INPUTS = {".py", ".json", ".npz", ".npy"}
"""Files of a game folder whose contents may end up inside its kernels: sources, and the tables they
load at import (weights, books, hand values), which compiled kernels hold as constants."""


def cache_root() -> Path:
    """The folder holding every cache folder: ``NUMBA_CACHE_DIR``."""
    return Path(os.environ["NUMBA_CACHE_DIR"])


if "NUMBA_CACHE_DIR" not in os.environ:
    os.environ["NUMBA_CACHE_DIR"] = str(cache_dir() / f"numba-{__version__}")

from numba.core import caching  # noqa: E402  (must follow the cache set-up above)
from numba.core.dispatcher import Dispatcher  # noqa: E402


def _digest(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(_PACKAGE_ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@lru_cache(maxsize=None)
def engine_sources_hash() -> str:
    """A short hash of the engine's sources (every kernel may inline them)."""
    return _digest(sorted(_PACKAGE_ROOT.joinpath("engine").rglob("*.py")))


@lru_cache(maxsize=None)
def game_sources_hash(folder: str) -> str:
    """A short hash of the engine's sources and the files of ``games/<folder>/`` that can hold kernels
    or feed them (a regenerated table recompiles the game's kernels, as an edited source does)."""
    game_files = sorted(p for p in _PACKAGE_ROOT.joinpath("games", folder).rglob("*")
                        if p.suffix in _KERNEL_INPUTS and p.name not in _NOT_JITTED
                        and "__pycache__" not in p.parts)
    return _digest(sorted(_PACKAGE_ROOT.joinpath("engine").rglob("*.py")) + game_files)


def cache_key(source_file: str | os.PathLike) -> str:
    """The cache folder name for kernels defined in ``source_file``: '<game folder>-<hash>' for a
    game's file, 'engine-<hash>' for anything else."""
    path = Path(source_file).resolve()
    try:
        parts = path.relative_to(_PACKAGE_ROOT).parts
    except ValueError:
        parts = ()
    if len(parts) >= 3 and parts[0] == "games":
        return f"{parts[1]}-{game_sources_hash(parts[1])}"
    return f"engine-{engine_sources_hash()}"


def kernel_cache_dir(game_id: str | None = None) -> Path:
    """The cache folder of a game's kernels (``game_id`` as in the catalogue), or of the engine's.

    It changes whenever those kernels' sources do, so a marker file kept in it ("this game was
    compiled") goes stale with them.
    """
    if game_id is None:
        return cache_root() / f"engine-{engine_sources_hash()}"
    from tui_games.core.registry import get

    folder = get(game_id).package.rsplit(".", 1)[-1]
    return cache_root() / f"{folder}-{game_sources_hash(folder)}"


_notices: list[str] = []


def _notice(message: str) -> None:
    """Say ``message`` once per process: on stderr and in :func:`cache_notices`."""
    if message not in _notices:
        _notices.append(message)
        print(f"tui-games: {message}", file=sys.stderr)


def cache_notices() -> list[str]:
    """What went wrong with the kernel cache in this process (each problem once), for a screen to show."""
    return list(_notices)


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
            _notice(f"a damaged kernel cache entry was cleared and is compiled again "
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
        _notice(f"kernels cannot be cached in {cache_root()} ({getattr(failure, 'strerror', None) or failure}): "
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
        _notice(f"kernels cannot be cached in {cache_root()} (not writable): compiling them in memory")
    return dispatcher
