"""The repository's copy of the reference data matches ../shared/refdata where both exist."""

from __future__ import annotations

import pytest

from refdata_paths import SHARED_REFDATA, VENDORED_REFDATA


def test_the_vendored_reference_data_equals_the_shared_folders():
    if not SHARED_REFDATA.is_dir():
        pytest.skip("no ../shared/refdata beside this clone: the copy is all there is")
    own_readme = VENDORED_REFDATA / "README.md"
    copied = sorted(p for p in VENDORED_REFDATA.rglob("*") if p.is_file() and p != own_readme)
    assert len(copied) >= 8
    for path in copied:
        original = SHARED_REFDATA / path.relative_to(VENDORED_REFDATA)
        assert original.read_bytes() == path.read_bytes(), path


def test_the_copy_holds_the_othello_files_the_tests_and_benchmarks_read():
    folder = VENDORED_REFDATA / "othello"
    for name in ("README.md", "perft.txt", "fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf",
                 "fforum-60-79.obf"):
        assert (folder / name).is_file(), name
    assert len((folder / "fforum-1-19.obf").read_text().splitlines()) == 19
