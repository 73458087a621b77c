"""Write the README's games table from the catalogue: every game's title, players, AI levels (weakest
first) and how the strongest plays (``GameSpec.top_ai``), between the table's marker comments.

    python scripts/readme_games.py            # rewrite the table in README.md
    python scripts/readme_games.py --check    # exit 1 (saying so) when README.md's table is out of date

Reading the catalogue compiles nothing, so this runs in a moment.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tui_games import catalog
from tui_games.core.spec import GameSpec

README = Path(__file__).resolve().parents[1] / "README.md"
"""The README this script keeps up to date."""
BEGIN = "<!-- games table: written by scripts/readme_games.py from the catalogue; edit the specs, not this -->"
"""The marker line above the table."""
END = "<!-- end of the games table -->"
"""The marker line below the table."""


def players_text(spec: GameSpec) -> str:
    """'2', '2-3', or '1-3 against the dealer' for a game whose seats play the house."""
    count = str(spec.min_players) if spec.min_players == spec.max_players else f"{spec.min_players}-{spec.max_players}"
    return f"{count} against the {spec.house}" if spec.house else count


def games_table() -> str:
    """The games table in Markdown, one row per game in menu order."""
    rows = ["| game | players | AI levels, weakest first | the strongest level |", "|---|---|---|---|"]
    for spec in catalog.all_specs():
        levels = ", ".join(spec.level_name(level) for level in range(1, spec.max_level + 1))
        rows.append(f"| {spec.title} | {players_text(spec)} | {levels} | {spec.top_ai or '-'} |")
    return "\n".join(rows)


def with_table(text: str) -> str:
    """``text`` (the README) with the lines between the markers replaced by :func:`games_table`;
    ValueError when the markers are missing or out of order."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the README needs the lines {BEGIN!r} and, below it, {END!r}")
    return f"{text[:start]}{BEGIN}\n{games_table()}\n{text[end:]}"


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or with --check, compare) the README's table; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether the table is up to date")
    parser.add_argument("--readme", type=Path, default=README, help="the README to update (default: the repository's)")
    args = parser.parse_args(argv)
    text = args.readme.read_text(encoding="utf-8")
    updated = with_table(text)
    if args.check:
        if updated != text:
            print(f"{args.readme}: the games table is out of date; run python scripts/readme_games.py")
            return 1
        return 0
    if updated != text:
        args.readme.write_text(updated, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
