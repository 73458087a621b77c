"""scripts/new_game.py writes a game folder that registers and passes the all-games test, and a test
of its own that passes; written into a throw-away games package, so the menu never shows it."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from all_games_checks import (check_every_ai_level, check_every_seat_gets_a_turn, check_every_setup,
                              check_folders_register, check_no_undo_over_hidden_chance, check_spec)
from scaffolding import new_game_script, scaffold
from tui_games import catalog
from tui_games.core.registry import games_from

ROOT = Path(__file__).resolve().parents[1]
FILES = ["__init__.py", "ai.py", "game.py", "help.md", "rules.py", "spec.py", "view.py"]


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """The game 'race_to_ten' written by the script into the package ``scaffold_games``."""
    return scaffold(tmp_path_factory.mktemp("scaffold"), "scaffold_games", "race_to_ten", "Race to Ten")


def test_the_script_writes_the_game_folder_and_its_test(written):
    folder, test = written
    assert sorted(path.name for path in folder.iterdir()) == FILES
    assert test.name == "test_race_to_ten.py" and test.is_file()
    assert "{{" not in "".join(path.read_text() for path in [*folder.iterdir(), test])


def test_the_written_spec_imports_only_core_and_the_view_no_kernels(written):
    folder, _ = written

    def imported(name: str) -> set[str]:
        tree = ast.parse((folder / name).read_text())
        return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}

    assert all(name.startswith("tui_games.core") for name in imported("spec.py"))
    assert not [name for name in imported("view.py") if not name.startswith(("textual", "tui_games.ui", "__future__"))]


def test_the_written_game_registers_and_passes_the_all_games_checks(written):
    with games_from("scaffold_games"):
        check_folders_register("scaffold_games")
        assert catalog.ids() == ["race-to-ten"]
        spec = catalog.get("race-to-ten")
        check_spec(spec)
        check_every_setup(spec)
        check_every_seat_gets_a_turn(spec)
        check_no_undo_over_hidden_chance(spec)
        check_every_ai_level(spec)
    assert "race-to-ten" not in catalog.ids()


async def test_the_written_games_view_passes_the_all_games_checks(written, home):
    from all_games_views import check_view

    with games_from("scaffold_games"):
        await check_view(catalog.get("race-to-ten"))


def test_the_written_games_own_test_passes(written):
    folder, test = written
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder.parents[1]), str(ROOT)])}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)],
                          capture_output=True, text=True, env=env, cwd=test.parent, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def test_the_script_refuses_a_bad_or_taken_name(tmp_path, capsys):
    script = new_game_script()
    assert script.main(["Tic-Tac", "--games-dir", str(tmp_path), "--tests-dir", str(tmp_path)]) == 1
    assert script.main(["tic_tac_toe"]) == 1
    assert "already" in capsys.readouterr().err
    (tmp_path / "games").mkdir()
    arguments = ["taken", "--games-dir", str(tmp_path / "games"), "--package", "g", "--tests-dir", str(tmp_path)]
    assert script.main(arguments) == 0
    assert script.main(arguments) == 1
    assert "exists already" in capsys.readouterr().err


def test_the_guide_names_only_files_that_exist():
    guide = (ROOT / "docs" / "adding-a-game.md").read_text()
    named = {word for word in re.findall(r"`([\w./-]+)`", guide) if "/" in word}
    missing = [word for word in sorted(named)
               if not (ROOT / word).exists() and not (ROOT / "tui_games" / word).exists()
               and not word.startswith(("tui_games/games/race", "tests/games/test_race"))]
    assert len(named) > 20 and not missing, missing
