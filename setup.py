"""The package list for setuptools (everything else is in pyproject.toml).

Every package under tui_games/ is found by itself; the repository's top-level themes/ and saves/
folders are shipped inside the package as tui_games/themes and tui_games/saves, where an installed copy
finds them (tui_games/core/locations.py).
"""

from setuptools import find_packages, setup

BUNDLED = {"tui_games.themes": "themes", "tui_games.saves": "saves"}
"""Data packages of the wheel and the top-level folders they are made of."""

setup(
    packages=find_packages(include=["tui_games", "tui_games.*"]) + list(BUNDLED),
    package_dir=BUNDLED,
)
