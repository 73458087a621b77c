"""Test-wide set-up: isolated user folders, a shared kernel cache, and NumbaWarning as an error."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

_SESSION_HOME = Path(tempfile.mkdtemp(prefix="tui-games-test-home-"))


def pytest_configure(config):
    """Point data/config at a throw-away folder; keep compiled kernels in the real cache."""
    if "NUMBA_CACHE_DIR" not in os.environ:
        os.environ.pop("TUI_GAMES_HOME", None)
        from tui_games.engine.jit import kernel_cache_dir  # noqa: F401  (sets NUMBA_CACHE_DIR)
    os.environ["TUI_GAMES_HOME"] = str(_SESSION_HOME)
    config.addinivalue_line("filterwarnings", "error::numba.core.errors.NumbaWarning")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh TUI_GAMES_HOME for one test (saves, stats and settings start empty)."""
    monkeypatch.setenv("TUI_GAMES_HOME", str(tmp_path))
    return tmp_path


from refdata_paths import SHARED_REFDATA, VENDORED_REFDATA  # noqa: E402


@pytest.fixture(scope="session")
def refdata() -> Path:
    """../shared/refdata when it exists, else the repository's copy in tests/refdata."""
    folder = SHARED_REFDATA if SHARED_REFDATA.is_dir() else VENDORED_REFDATA
    assert (folder / "connect4").is_dir(), f"reference data not found at {folder}"
    return folder
