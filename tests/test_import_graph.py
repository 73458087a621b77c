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


def test_one_module_per_name_outside_the_game_folders_and_the_screens():
    names = Counter(path.stem for path in PACKAGE.rglob("*.py")
                    if "games" not in path.relative_to(PACKAGE).parts[:1]
                    and path.relative_to(PACKAGE).parts[:2] != ("ui", "screens")
                    and path.stem not in ("__init__", "__main__"))
    assert sorted(name for name, count in names.items() if count > 1) == sorted(SHARED_NAMES)
