"""Write a new game folder and its test, a small working game to grow into yours.

    python scripts/new_game.py NAME [--title TITLE]

writes ``tui_games/games/NAME/`` (``__init__.py``, ``spec.py``, ``rules.py``, ``game.py``, ``ai.py``,
``view.py``, ``help.md``) and ``tests/games/test_NAME.py`` from ``scripts/new_game_template/``, then
rewrites the README's games table. The game it writes (a race to a target total for 2-4 players, with
a random and a max-n AI) registers and passes the all-games test as it is; docs/adding-a-game.md says
what each file holds and the rules a game folder must keep.

``--games-dir DIR --package PKG --tests-dir DIR`` write it elsewhere (the tests write it into a
throw-away package, so the menu never shows it).
"""

from __future__ import annotations

import argparse
import importlib.util
import keyword
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).resolve().parent / "new_game_template"
"""The template files: ``<file>.tmpl`` for each file the game folder gets, ``test_game.py.tmpl`` for
its test."""
GAMES_DIR = ROOT / "tui_games" / "games"
GAMES_PACKAGE = "tui_games.games"
TESTS_DIR = ROOT / "tests" / "games"
TEST_TEMPLATE = "test_game.py.tmpl"


def placeholders(name: str, title: str | None, package: str) -> dict[str, str]:
    """What the templates' ``{{...}}`` stand for: the folder ``name``, the game ``id`` (dashes for
    underscores), its ``title``, its ``package`` and the ``Class`` prefix of its state and view."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name) or keyword.iskeyword(name):
        raise ValueError(f"{name!r} is not a game folder name: lower-case letters, digits and _, "
                         "starting with a letter")
    words = name.split("_")
    return {"name": name, "id": name.replace("_", "-"), "title": title or " ".join(w.capitalize() for w in words),
            "package": f"{package}.{name}", "Class": "".join(w.capitalize() for w in words)}


def render(text: str, values: dict[str, str]) -> str:
    """``text`` with every ``{{key}}`` replaced by its value; a key without a value is an error."""
    def value(found: re.Match) -> str:
        return values[found[1]]

    return re.sub(r"\{\{(\w+)\}\}", value, text)


def write_game(name: str, title: str | None = None, games_dir: Path = GAMES_DIR,
               package: str = GAMES_PACKAGE, tests_dir: Path = TESTS_DIR) -> list[Path]:
    """Write the game folder ``games_dir/name`` (a package of ``package``) and its test in
    ``tests_dir``; returns the files written. Refuses (FileExistsError) a folder or test that exists."""
    values = placeholders(name, title, package)
    folder = Path(games_dir) / name
    test = Path(tests_dir) / f"test_{name}.py"
    for path in (folder, test):
        if path.exists():
            raise FileExistsError(f"{path} exists already: choose another name")
    folder.mkdir(parents=True)
    written = []
    for template in sorted(TEMPLATE.glob("*.tmpl")):
        target = test if template.name == TEST_TEMPLATE else folder / template.name.removesuffix(".tmpl")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render(template.read_text(encoding="utf-8"), values), encoding="utf-8")
        written.append(target)
    return written


def _update_readme() -> None:
    """Rewrite the README's games table (scripts/readme_games.py) so that it lists the new game."""
    found = importlib.util.spec_from_file_location("readme_games", ROOT / "scripts" / "readme_games.py")
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    module.main([])


def main(argv: list[str] | None = None) -> int:
    """Write the game named on the command line; 0 on success, 1 (saying why) otherwise."""
    parser = argparse.ArgumentParser(description="Write a new game folder and its test.")
    parser.add_argument("name", help="the game's folder name (lower case, digits and _): race_to_21")
    parser.add_argument("--title", help="the title the menu shows (default: from the name)")
    parser.add_argument("--games-dir", type=Path, default=GAMES_DIR, help="the games package's folder")
    parser.add_argument("--package", default=GAMES_PACKAGE, help="the games package's dotted name")
    parser.add_argument("--tests-dir", type=Path, default=TESTS_DIR, help="where the game's test goes")
    args = parser.parse_args(argv)
    shipped = args.games_dir.resolve() == GAMES_DIR.resolve()
    if shipped:
        from tui_games import catalog

        game_id = args.name.replace("_", "-")
        if game_id in catalog.ids():
            print(f"the catalogue has a game {game_id!r} already: choose another name", file=sys.stderr)
            return 1
    try:
        written = write_game(args.name, args.title, args.games_dir, args.package, args.tests_dir)
    except (ValueError, FileExistsError) as error:
        print(error, file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    if shipped:
        _update_readme()
        game_id = args.name.replace("_", "-")
        print(f"next: pytest tests/games/test_{args.name}.py tests/test_all_games.py -k '{args.name} or {game_id}'"
              " (then read docs/adding-a-game.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
