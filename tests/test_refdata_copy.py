"""The repository's copy of the reference data matches ../shared/refdata where both exist."""

from __future__ import annotations

import pytest

from conftest import SHARED_REFDATA, VENDORED_REFDATA


def test_the_vendored_reference_data_equals_the_shared_folders():
    if not SHARED_REFDATA.is_dir():
        pytest.skip("no ../shared/refdata beside this clone: the copy is all there is")
    own_readme = VENDORED_REFDATA / "README.md"
    copied = sorted(p for p in VENDORED_REFDATA.rglob("*") if p.is_file() and p != own_readme)
    assert len(copied) >= 8
    for path in copied:
        original = SHARED_REFDATA / path.relative_to(VENDORED_REFDATA)
        assert original.read_bytes() == path.read_bytes(), path
