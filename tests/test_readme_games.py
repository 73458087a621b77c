"""The README's games table is the catalogue's: written by scripts/readme_games.py, so a game missing
from it (or a table edited by hand) fails here. Its promises about compiling and SSH stay honest."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tui_games import catalog

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def script():
    """scripts/readme_games.py as a module."""
    found = importlib.util.spec_from_file_location("readme_games", ROOT / "scripts" / "readme_games.py")
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    return module


def _table_lines(text: str, script) -> list[str]:
    return text[text.index(script.BEGIN):text.index(script.END)].splitlines()[1:]


def test_the_readme_table_is_the_one_the_script_writes(script):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert script.with_table(text) == text, "the games table is out of date: run python scripts/readme_games.py"
    assert script.main(["--check"]) == 0


def test_every_game_has_a_row_with_its_levels_and_strongest_ai(script):
    rows = _table_lines((ROOT / "README.md").read_text(encoding="utf-8"), script)[2:]
    specs = catalog.all_specs()
    assert [row.split(" | ")[0].removeprefix("| ") for row in rows] == [spec.title for spec in specs]
    for row, spec in zip(rows, specs):
        assert spec.top_ai and f"| {spec.top_ai} |" in row, spec.id
        assert spec.level_name(spec.max_level) in row
    assert "| 1-3 against the dealer |" in next(row for row in rows if row.startswith("| Blackjack |"))


def test_a_game_the_table_lacks_fails_the_check(script, tmp_path):
    from tui_games.games.nim.spec import SPEC as NIM

    readme = tmp_path / "README.md"
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    readme.write_text(text.replace(f"| {NIM.title} |", "| Nim (renamed by hand) |"), encoding="utf-8")
    assert script.main(["--check", "--readme", str(readme)]) == 1
    assert script.main(["--readme", str(readme)]) == 0
    assert readme.read_text(encoding="utf-8") == text


def test_the_readme_says_how_long_compiling_takes_and_how_to_play_over_ssh():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "a few seconds" not in text and "tens of seconds" in text
    assert "all over SSH" not in text and "ssh -t" in text
