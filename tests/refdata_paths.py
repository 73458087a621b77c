"""Where the tests' reference data lives (a module of its own: a test cannot import names from
``conftest``, since tests/serve has a conftest too and the name then means either)."""

from __future__ import annotations

from pathlib import Path

SHARED_REFDATA = Path(__file__).resolve().parents[2] / "shared" / "refdata"
"""The shared reference data folder (../shared/refdata beside the repository)."""
VENDORED_REFDATA = Path(__file__).resolve().parent / "refdata"
"""The copy of the folders of the shared reference data that the tests read (see its README)."""
