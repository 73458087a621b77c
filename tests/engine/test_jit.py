"""Kernel cache set-up: the folder is chosen before numba loads, each game caches in a folder keyed by
its own sources and the engine's, kernels really cache, a damaged entry is cleared and recompiled, an
unwritable cache falls back to compiling in memory, and numba's own warnings fail the tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest
from numba.core.errors import NumbaWarning

from tui_games import __version__
from tui_games.engine import kernel_cache

PACKAGE = Path(kernel_cache.__file__).resolve().parent.parent


NUMBA_WARNINGS_FAIL = (  # after the cache set-up (a -W option naming numba's class would import it too early)
    "import warnings\n"
    "import tui_games.engine.jit\n"
    "from numba.core.errors import NumbaWarning\n"
    "warnings.simplefilter('error', NumbaWarning)\n"
)


def _python(code: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", NUMBA_WARNINGS_FAIL + code], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", **env}, timeout=600)


def test_numba_warnings_are_errors_in_tests():
    with pytest.raises(NumbaWarning):
        warnings.warn(NumbaWarning("Cannot cache compiled function"))


def test_each_game_caches_in_its_own_folder_under_the_versioned_root(tmp_path):
    code = (
        "import os\n"
        "from tui_games.engine.jit import kernel_cache_dir\n"
        "from tui_games import catalog\n"
        "state = catalog.get('nim').new()\n"
        "state.apply(state.legal_actions()[0])\n"
        "print(os.environ['NUMBA_CACHE_DIR'])\n"
        "print(kernel_cache_dir('nim'))\n"
        "print(kernel_cache_dir())\n"
    )
    done = _python(code, {"TUI_GAMES_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    root, nim_folder, engine_folder = (Path(line) for line in done.stdout.split())
    assert root == tmp_path / "cache" / f"numba-{__version__}"
    assert nim_folder.parent == root and nim_folder.name.startswith("nim-")
    assert engine_folder.parent == root and engine_folder.name.startswith("engine-")
    assert any(nim_folder.rglob("rules.*.nbi")), "nim's rules cache in nim's folder"
    assert any(engine_folder.rglob("*.nbi")), "the engine's shared kernels cache in the engine's folder"
    assert sorted(p.name.split("-")[0] for p in root.iterdir()) == ["engine", "nim"]


def test_editing_one_game_changes_that_games_cache_key_only(tmp_path, monkeypatch):
    copy = tmp_path / "tui_games"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.npy", "*.md"))
    monkeypatch.setattr(kernel_cache, "_PACKAGE_ROOT", copy)

    def keys() -> dict[str, str]:
        kernel_cache.engine_sources_hash.cache_clear()
        kernel_cache.game_sources_hash.cache_clear()
        return {name: kernel_cache.cache_key(copy / path) for name, path in [
            ("engine", "engine/negamax.py"), ("nim", "games/nim/rules.py"),
            ("ttt", "games/tic_tac_toe/rules.py"), ("c4", "games/connect_four/solver.py")]}

    try:
        before = keys()
        assert before["nim"].startswith("nim-") and before["ttt"].startswith("tic_tac_toe-")
        assert len(set(before.values())) == 4
        with (copy / "games/nim/rules.py").open("a") as handle:
            handle.write("\n# an edit\n")
        after_game_edit = keys()
        assert after_game_edit["nim"] != before["nim"]
        assert {k: v for k, v in after_game_edit.items() if k != "nim"} == {
            k: v for k, v in before.items() if k != "nim"}
        (copy / "games/nim/view.py").write_text("# views hold no kernels\n")
        assert keys() == after_game_edit
        (copy / "games/tic_tac_toe/table.json").write_text("[1, 2, 3]\n")  # a table kernels may load
        after_table = keys()
        assert after_table["ttt"] != after_game_edit["ttt"]
        assert {k: v for k, v in after_table.items() if k != "ttt"} == {
            k: v for k, v in after_game_edit.items() if k != "ttt"}
        after_game_edit = after_table
        with (copy / "engine/standard.py").open("a") as handle:
            handle.write("\n# an engine edit\n")
        after_engine_edit = keys()
        assert all(after_engine_edit[k] != after_game_edit[k] for k in after_game_edit)
    finally:
        monkeypatch.undo()
        kernel_cache.engine_sources_hash.cache_clear()
        kernel_cache.game_sources_hash.cache_clear()


SCRATCH_KERNEL = textwrap.dedent('''
    from tui_games.engine.jit import kernel

    @kernel()
    def add(a, b):
        return a + b
''')
USE_SCRATCH_KERNEL = "from scratch_kernels import add\nprint(add(2, 3), add.stats.cache_hits.get((__import__('numba').int64, __import__('numba').int64), 0))\n"


def _scratch(tmp_path: Path) -> tuple[dict, Path]:
    (tmp_path / "scratch_kernels.py").write_text(SCRATCH_KERNEL)
    root = tmp_path / "cache"
    env = {"NUMBA_CACHE_DIR": str(root), "TUI_GAMES_HOME": str(tmp_path / "home"),
           "PYTHONPATH": str(tmp_path)}
    return env, root


@pytest.mark.parametrize("damage", ["truncate data", "overwrite data", "garbage index", "empty index"])
def test_a_damaged_cache_entry_is_cleared_and_recompiled(tmp_path, damage):
    env, root = _scratch(tmp_path)
    first = _python(USE_SCRATCH_KERNEL, env)
    assert first.returncode == 0 and first.stdout.split() == ["5", "0"], first.stderr
    (index,) = root.rglob("scratch_kernels.add-*.nbi")
    (data,) = root.rglob("scratch_kernels.add-*.nbc")
    if damage == "truncate data":
        data.write_bytes(data.read_bytes()[: data.stat().st_size // 2])
    elif damage == "overwrite data":
        data.write_bytes(b"\x80\x04K\x01." + b"x" * 100)
    elif damage == "garbage index":
        index.write_bytes(b"garbage")
    else:
        index.write_bytes(b"")

    repaired = _python(USE_SCRATCH_KERNEL, env)
    assert repaired.returncode == 0, repaired.stderr
    assert repaired.stdout.split() == ["5", "0"]
    notice = repaired.stderr.strip().splitlines()
    assert len(notice) == 1 and notice[0].startswith(
        "tui-games: a damaged kernel cache entry was cleared and is compiled again (scratch_kernels.add")
    again = _python(USE_SCRATCH_KERNEL, env)
    assert again.stdout.split() == ["5", "1"] and again.stderr == "", (again.stdout, again.stderr)


def test_an_unwritable_cache_compiles_in_memory_with_one_notice(tmp_path):
    env, _ = _scratch(tmp_path)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would go: nothing can be created below it")
    env["NUMBA_CACHE_DIR"] = str(blocker / "cache")
    code = USE_SCRATCH_KERNEL + (
        "from tui_games import catalog\n"
        "state = catalog.get('tic-tac-toe').new()\n"
        "state.apply(4)\n"
        "print(state.history)\n"
    )
    done = _python(code, env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["5 0", "[4]"]
    assert done.stderr == (f"tui-games: kernels cannot be cached in {blocker / 'cache'} (not writable): "
                           "compiling them in memory\n")


def test_a_cache_that_fails_while_writing_compiles_in_memory(tmp_path, monkeypatch):
    """A cache folder that accepts the probe but then refuses the write (disk full) still compiles."""
    env, root = _scratch(tmp_path)
    code = (
        "import errno\n"
        "from numba.core import caching\n"
        "def full(*args, **kwargs):\n"
        "    raise OSError(errno.ENOSPC, 'No space left on device')\n"
        "caching.IndexDataCacheFile._save_data = full\n" + USE_SCRATCH_KERNEL
    )
    done = _python(code, env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["5", "0"]
    assert done.stderr == (f"tui-games: kernels cannot be cached in {root} (No space left on device): "
                           "compiling them in memory\n")


TWIN_KERNELS = textwrap.dedent('''
    from tui_games.engine.jit import kernel

    @kernel()
    def f(a):
        return a + {f}

    @kernel()
    def g(a):
        return a + {g}
''')
"""Two kernels with the same bytecode (only their constants differ): numba's own index key cannot tell
one's cache entry from the other's."""
USE_TWINS = ("import importlib\n"
             "m = importlib.import_module('{package}.twins')\n"
             "print(m.f(1), m.g(1), sum(m.f.stats.cache_hits.values()) + sum(m.g.stats.cache_hits.values()))\n")


def _swap(a: Path, b: Path) -> None:
    parked = a.with_name(a.name + ".parked")
    a.rename(parked)
    b.rename(a)
    parked.rename(b)


def _as_folder(path: Path) -> None:
    path.unlink()
    path.mkdir()
    (path / "left-here").write_text("a folder where a cache file should be")


@pytest.mark.parametrize("fault", ["swapped index files", "swapped data files", "another module's files",
                                   "folder for the index", "folder for a data file"])
def test_a_cache_file_of_another_kernel_or_a_folder_in_its_place_is_cleared_and_recompiled(tmp_path, fault):
    """Each cache file is bound to its place: a swapped or copied file of another kernel (another game's,
    with the same names) is refused instead of loaded, and a folder where a file goes is replaced."""
    root = tmp_path / "cache"
    env = {"NUMBA_CACHE_DIR": str(root), "TUI_GAMES_HOME": str(tmp_path / "home"), "PYTHONPATH": str(tmp_path)}
    for package, (f, g) in {"mine": (1, 2), "theirs": (2, 1)}.items():
        (tmp_path / package).mkdir()
        (tmp_path / package / "twins.py").write_text(TWIN_KERNELS.format(f=f, g=g))
        os.utime(tmp_path / package / "twins.py", ns=(10**18, 10**18))  # same size and time: same stamp
    for package in ("mine", "theirs"):
        first = _python(USE_TWINS.format(package=package), env)
        assert first.returncode == 0 and first.stderr == "", first.stderr
    mine = next(p for p in root.rglob("mine_*") if p.is_dir())
    theirs = next(p for p in root.rglob("theirs_*") if p.is_dir())
    (f_index,), (g_index,) = mine.glob("twins.f-*.nbi"), mine.glob("twins.g-*.nbi")
    (f_data,), (g_data,) = mine.glob("twins.f-*.nbc"), mine.glob("twins.g-*.nbc")
    if fault == "swapped index files":
        _swap(f_index, g_index)
    elif fault == "swapped data files":
        _swap(f_data, g_data)
    elif fault == "another module's files":
        for path in theirs.iterdir():
            shutil.copy2(path, mine / path.name)
    elif fault == "folder for the index":
        _as_folder(f_index)
    else:
        _as_folder(f_data)

    repaired = _python(USE_TWINS.format(package="mine"), env)
    assert repaired.returncode == 0, repaired.stderr
    assert repaired.stdout.split()[:2] == ["2", "3"], "mine's kernels, not another's"
    notices = repaired.stderr.strip().splitlines()
    assert notices and all(line.startswith("tui-games: a damaged kernel cache entry was cleared and is compiled "
                                           "again (twins.") for line in notices), notices
    again = _python(USE_TWINS.format(package="mine"), env)
    assert again.stdout.split() == ["2", "3", "2"] and again.stderr == "", (again.stdout, again.stderr)
