"""The layers import one way: menus open without numba, and nothing below the UI imports Textual."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "tui_games"


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module)
    return roots


def _modules(*patterns: str) -> list[Path]:
    found = []
    for pattern in patterns:
        found.extend(PACKAGE.glob(pattern))
    assert found, patterns
    return sorted(found)


def test_core_imports_neither_numba_nor_textual_nor_other_layers():
    for path in _modules("core/*.py"):
        for name in _imported_roots(path):
            # The registry may import the bare ``tui_games.games`` package to discover folders.
            assert not name.startswith(("numba", "textual", "tui_games.engine", "tui_games.games.",
                                        "tui_games.store", "tui_games.ui")), (path, name)


def test_nothing_below_the_ui_imports_textual():
    below = _modules("core/*.py", "engine/**/*.py", "store/*.py", "match.py", "arena.py", "bench.py")
    below += [p for p in _modules("games/*/*.py") if p.name != "view.py"]
    for path in below:
        for name in _imported_roots(path):
            assert not name.startswith(("textual", "tui_games.ui")), (path, name)


def test_engine_imports_no_game():
    for path in _modules("engine/**/*.py"):
        for name in _imported_roots(path):
            assert not name.startswith("tui_games.games"), (path, name)


def test_game_spec_modules_import_only_core():
    for path in _modules("games/*/spec.py"):
        for name in _imported_roots(path):
            assert name.startswith("tui_games.core"), (path, name)


def test_listing_games_and_reading_saves_imports_no_numba_or_textual(tmp_path):
    code = (
        "import sys\n"
        "from tui_games import catalog\n"
        "from tui_games.store import saves, stats, settings\n"
        "from tui_games import match, cli\n"
        "specs = catalog.all_specs()\n"
        "assert specs\n"
        "for spec in specs: spec.help_text()\n"
        "saves.list_saves(); saves.bundled_examples(); stats.summary(); settings.load_settings()\n"
        "cli.build_parser()\n"
        "bad = [m for m in ('numba', 'llvmlite', 'textual') if m in sys.modules]\n"
        "assert not bad, bad\n"
        "print('clean', len(specs))\n"
    )
    env = {"TUI_GAMES_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("clean")


def test_every_game_ships_a_help_page():
    from tui_games import catalog

    for spec in catalog.all_specs():
        text = spec.help_text()
        assert text.startswith("# "), spec.id
        assert "level" in text.lower(), spec.id


def test_every_view_and_the_menu_import_no_numba(tmp_path):
    """The rules screen imports a game's view from the menu: no view may load numba (or its game's
    kernels), and neither may the menu, the rules and the settings screens."""
    code = (
        "import sys\n"
        "from tui_games import catalog\n"
        "from tui_games.ui.views import view_class\n"
        "import tui_games.ui.app, tui_games.ui.screens.menu, tui_games.ui.screens.rules\n"
        "import tui_games.ui.screens.settings, tui_games.ui.screens.stats, tui_games.ui.screens.resume\n"
        "names = [view_class(spec).__name__ for spec in catalog.all_specs()]\n"
        "bad = [m for m in ('numba', 'llvmlite') if m in sys.modules]\n"
        "bad += [m for m in sys.modules if m.startswith('tui_games.games.') and m.endswith(('.rules', '.game', '.ai'))]\n"
        "assert not bad, bad\n"
        "print('clean', len(names), 'ActionListView' not in names)\n"
    )
    env = {"TUI_GAMES_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    from tui_games import catalog

    assert done.stdout.split() == ["clean", str(len(catalog.ids())), "True"]
