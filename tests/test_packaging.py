"""Packaging: every package is listed for the wheel, and the bundled data is found from source and installed."""

from __future__ import annotations

import runpy
import tomllib
from pathlib import Path

from tui_games.core import locations

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _setup_arguments(monkeypatch) -> dict:
    """What setup.py hands to setuptools."""
    import setuptools

    captured: dict = {}
    monkeypatch.setattr(setuptools, "setup", lambda **arguments: captured.update(arguments))
    runpy.run_path(str(ROOT / "setup.py"))
    return captured


def test_every_package_folder_goes_into_the_wheel(monkeypatch):
    packages = set(_setup_arguments(monkeypatch)["packages"])
    on_disk = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "tui_games").rglob("__init__.py")
    }
    assert on_disk <= packages, on_disk - packages


def test_the_top_level_data_folders_are_shipped_inside_the_package(monkeypatch):
    arguments = _setup_arguments(monkeypatch)
    assert arguments["package_dir"] == {"tui_games.themes": "themes", "tui_games.saves": "saves"}
    assert {"tui_games.themes", "tui_games.saves"} <= set(arguments["packages"])
    data = _pyproject()["tool"]["setuptools"]["package-data"]["*"]
    assert "*.json" in data and "*.tcss" in data
    assert (ROOT / "themes" / "app.tcss").is_file()
    assert sorted(p.name for p in (ROOT / "saves").glob("*.json"))
    assert not list(ROOT.joinpath("tui_games").glob("*/*.tcss")) and not list(ROOT.glob("tui_games/saves/*"))


def test_bundled_data_is_found_in_a_checkout_and_in_an_installed_layout(tmp_path, monkeypatch):
    assert locations.bundled_themes_dir() == ROOT / "themes"
    assert locations.bundled_saves_dir() == ROOT / "saves"
    # An installed wheel: site-packages/tui_games/{themes,saves}, no pyproject.toml beside the package.
    package = tmp_path / "site-packages" / "tui_games"
    (package / "themes").mkdir(parents=True)
    (package / "saves").mkdir()
    monkeypatch.setattr(locations, "_PACKAGE_DIR", package)
    assert locations.bundled_themes_dir() == package / "themes"
    assert locations.bundled_saves_dir() == package / "saves"


def test_bundled_example_saves_are_found_and_readable(home):
    from tui_games.store.saves import bundled_examples

    examples = bundled_examples()
    assert {e.path.name for e in examples} == {p.name for p in (ROOT / "saves").glob("*.json")}
    assert all(e.record is not None and e.error is None for e in examples), [e.error for e in examples]
