"""Games written by scripts/new_game.py into throw-away packages, for the tests of the script and of
the all-games checks (which plant bugs in such a game)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "new_game.py"


def new_game_script() -> ModuleType:
    """scripts/new_game.py as a module."""
    spec = importlib.util.spec_from_file_location("new_game", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def scaffold(root: Path, package: str, name: str, title: str | None = None) -> tuple[Path, Path]:
    """Write game ``name`` with the script into a new package ``package`` under ``root`` (put on
    ``sys.path`` for the rest of the session); returns (the game folder, its test file)."""
    (root / package).mkdir(parents=True)
    (root / package / "__init__.py").write_text(f'"""Games written by the tests ({package})."""\n')
    new_game_script().write_game(name, title, root / package, package, root / "tests")
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    return root / package / name, root / "tests" / f"test_{name}.py"


__all__ = ["new_game_script", "scaffold"]
