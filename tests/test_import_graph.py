"""The package's imports form no circle and no game imports another (shared code lives in the engine
or the UI); one module, not two, answers to a name outside the game folders and the screens.

Every import statement counts, wherever it stands: at the top of a module, inside a function (a lazy
import still ties the two modules together) or under ``if TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tui_games"

SHARED_NAMES = {"players"}
"""Module names two modules share today, left as they are: ``core.players`` (seat ids) and
``engine.players`` (the AI players)."""


def module_name(path: Path, root: Path = PACKAGE) -> str:
    """The dotted name of the module at ``path`` under the package folder ``root``."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def _imported(node: ast.AST, current: str, is_package: bool, known: dict[str, Path]) -> list[str]:
    """The known modules an import statement names (``from a import b`` names a.b when that is a
    module, else a; relative imports resolved against ``current``)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = current.split(".") if is_package else current.split(".")[:-1]
            package = package[:len(package) - node.level + 1]
            base = ".".join(package + ([base] if base else []))
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
    found = []
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != current:
            found.append(name)
    return found


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of the package at ``root`` -> the modules of that package it imports anywhere."""
    known = _modules(root)
    graph = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {target for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                       for target in _imported(node, name, path.name == "__init__.py", known)}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected groups of more than one module
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_circle_finder_finds_a_circle(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.sub import b\n")
    (package / "sub" / "b.py").write_text("def f():\n    from ..c import x\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n")
    (package / "d.py").write_text("import pkg.a\n")
    assert circles(import_graph(package)) == [["pkg.a", "pkg.c", "pkg.sub.b"]]


def test_no_import_circles(graph):
    assert circles(graph) == []


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    """The package's import graph, read once."""
    return import_graph()


@pytest.mark.parametrize("folder", sorted(p.name for p in (PACKAGE / "games").iterdir()
                                          if p.is_dir() and p.name != "__pycache__"))
def test_no_game_imports_another(graph, folder):
    own = f"tui_games.games.{folder}"
    for module, targets in graph.items():
        if module == own or module.startswith(own + "."):
            others = [t for t in targets if t.startswith("tui_games.games.") and t.split(".")[2] != folder]
            assert not others, f"{module} imports {others}: shared code belongs to the engine (or the UI)"


KERNEL_MODULES = ("rules", "game", "ai")
"""A game's modules that load the kernels (numba), which its view must never import."""


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """The modules ``start`` imports, directly or through others, at any depth (``start`` excluded)."""
    seen: set[str] = set()
    work = [start]
    while work:
        for target in graph.get(work.pop(), ()):
            if target not in seen and target != start:
                seen.add(target)
                work.append(target)
    return seen


def _imports_by_name_or_numba(path: Path) -> list[str]:
    """What in the module at ``path`` the import graph cannot vouch for: an import of numba, or an
    import by a computed name (``importlib.import_module``, ``__import__``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] in ("numba", "importlib")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in ("numba", "importlib"):
                found.append(node.module)
        elif isinstance(node, ast.Name) and node.id == "__import__":
            found.append("__import__")
    return found


def view_violations(graph: dict[str, set[str]], view: str, root: Path = PACKAGE) -> list[str]:
    """Why the view module ``view`` (``<package>.games.<game>.view``) might load its game's kernels:
    it reaches, at any depth and through lazy imports too, its game's rules, game or ai module, or the
    engine's jit module; or a module of its game folder it reaches imports numba or imports by name."""
    folder = view.rpartition(".")[0]
    engine_jit = f"{view.split('.')[0]}.engine.jit"
    reached = reachable(graph, view)
    problems = sorted(name for name in reached if name == engine_jit
                      or name in {f"{folder}.{kernel}" for kernel in KERNEL_MODULES})
    known = _modules(root)
    for name in sorted(reached | {view}):
        if name == folder or name.startswith(folder + "."):
            problems += [f"{name} imports {what}" for what in _imports_by_name_or_numba(known[name])]
    return problems


def test_the_view_check_finds_a_lazy_import_of_the_kernels_at_any_depth(tmp_path):
    package = tmp_path / "pkg"
    game = package / "games" / "toy"
    game.mkdir(parents=True)
    (package / "engine").mkdir()
    for folder in (package, package / "games", game, package / "engine"):
        (folder / "__init__.py").write_text("")
    (package / "engine" / "jit.py").write_text("import numba\n")
    (game / "rules.py").write_text("from pkg.engine import jit\n")
    (game / "constants.py").write_text("SIZE = 3\n")
    (game / "helper.py").write_text("def names():\n    from . import game\n")
    (game / "game.py").write_text("from . import rules\n")
    (game / "view.py").write_text("from .constants import SIZE\n\ndef draw():\n    from .helper import names\n")
    graph = import_graph(package)
    assert view_violations(graph, "pkg.games.toy.view", package) == [
        "pkg.engine.jit", "pkg.games.toy.game", "pkg.games.toy.rules"]
    (game / "helper.py").write_text("import importlib\n\ndef names():\n    return importlib.import_module('x')\n")
    assert view_violations(import_graph(package), "pkg.games.toy.view", package) == [
        "pkg.games.toy.helper imports importlib"]
    (game / "view.py").write_text("from .constants import SIZE\n")
    assert view_violations(import_graph(package), "pkg.games.toy.view", package) == []


@pytest.mark.parametrize("folder", sorted(p.parent.name for p in (PACKAGE / "games").glob("*/view.py")))
def test_no_view_imports_its_games_kernels(graph, folder):
    """A view reads numbers its rules share from the folder's ``constants.py`` (and names from other
    numba-free modules there), never from rules.py, game.py or ai.py, not even lazily: the rules screen
    and the menu import views without compiling anything."""
    assert view_violations(graph, f"tui_games.games.{folder}.view") == []


def test_one_module_per_name_outside_the_game_folders_and_the_screens():
    names = Counter(path.stem for path in PACKAGE.rglob("*.py")
                    if "games" not in path.relative_to(PACKAGE).parts[:1]
                    and path.relative_to(PACKAGE).parts[:2] != ("ui", "screens")
                    and path.stem not in ("__init__", "__main__"))
    assert sorted(name for name, count in names.items() if count > 1) == sorted(SHARED_NAMES)
