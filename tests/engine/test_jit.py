"""Kernel cache set-up: the folder is chosen before numba loads, kernels really cache, and numba's
own warnings fail the tests."""

from __future__ import annotations

import subprocess
import sys
import warnings

import pytest
from numba.core.errors import NumbaWarning

from tui_games import __version__


def test_numba_warnings_are_errors_in_tests():
    with pytest.raises(NumbaWarning):
        warnings.warn(NumbaWarning("Cannot cache compiled function"))


def test_cache_folder_is_named_by_version_and_sources_and_kernels_land_in_it(tmp_path):
    code = (
        "import os, sys\n"
        "from tui_games.engine.jit import kernel_cache_dir\n"
        "assert os.environ['NUMBA_CACHE_DIR'] == str(kernel_cache_dir())\n"
        "from tui_games import catalog\n"
        "state = catalog.get('nim').new()\n"
        "state.apply(state.legal_actions()[0])\n"
        "print(os.environ['NUMBA_CACHE_DIR'])\n"
    )
    env = {"TUI_GAMES_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-W", "error::numba.core.errors.NumbaWarning", "-c", code],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    folder = done.stdout.strip()
    assert folder.startswith(str(tmp_path / "cache" / f"numba-{__version__}-"))
    cached = list((tmp_path / "cache").rglob("*.nbi"))
    assert any("nim" in path.parent.name or "rules" in path.name for path in cached), cached
