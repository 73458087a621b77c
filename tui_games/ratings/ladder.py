"""A game variant's ladder as rows for ``tui-games ladder`` (text or JSON) and the ladder screen.

Each row: ``name`` (an identity's display name, else its id; 'AI Club (3)' for an AI level), ``kind``
('player' or 'ai'), ``id`` (the fingerprint, or 'ai:3'), ``mu``, ``sigma``, ``rating`` (the
conservative value, mu - 3 sigma, by which the rows are sorted) and ``games`` (rated games played on
this server; an AI level with none shows its seeded rating).
"""

from __future__ import annotations

from pathlib import Path

from tui_games.core.spec import GameSpec
from tui_games.ratings.model import ai_level
from tui_games.ratings.store import LadderEntry, RatingStore
from tui_games.ratings.variants import Variant

SHORT_ID = 20
"""How many characters of an unnamed identity's id the text ladder shows."""


def entry_name(spec: GameSpec, entry: LadderEntry) -> str:
    """'AI Club (3)' for an AI level; an identity's display name, else its id."""
    level = ai_level(entry.player)
    if level is not None:
        return f"AI {spec.level_name(level)} ({level})"
    return entry.name or entry.player


def ladder_rows(store: RatingStore, spec: GameSpec, variant: Variant, top: int | None = None) -> list[dict]:
    """The ladder of ``variant`` (AI levels of ``spec`` included), best first, the first ``top`` rows."""
    entries = store.ladder(variant, levels=range(1, spec.max_level + 1))
    rows = [{"name": entry_name(spec, entry), "kind": "ai" if entry.level is not None else "player",
             "id": entry.player, "mu": round(entry.rating.mu, 4), "sigma": round(entry.rating.sigma, 4),
             "rating": round(entry.rating.conservative, 4), "games": entry.games} for entry in entries]
    return rows[:top] if top is not None else rows


def heading(spec: GameSpec, variant: Variant, folder: Path) -> str:
    """'Tic Tac Toe ladder (server data: DIR)' with the variant's parameters, if any."""
    rules = f" [{variant.describe()}]" if variant.params else ""
    return f"{spec.title}{rules} ladder (server data: {folder})"


def table_cells(rows: list[dict]) -> list[list[str]]:
    """The text ladder's cells: place, name (AI levels marked), kind, rating, mu, sigma, games."""
    cells = []
    for place, row in enumerate(rows, 1):
        name = row["name"]
        if row["kind"] == "player" and name == row["id"] and len(name) > SHORT_ID:
            name = name[:SHORT_ID - 1] + "…"
        games = str(row["games"]) if row["games"] or row["kind"] == "player" else "0 (seeded)"
        cells.append([str(place), name, "AI" if row["kind"] == "ai" else "player", f"{row['rating']:.1f}",
                      f"{row['mu']:.1f}", f"{row['sigma']:.2f}", games])
    return cells


COLUMNS = ["#", "name", "kind", "rating", "mu", "sigma", "games"]
"""The text ladder's column titles."""

__all__ = ["COLUMNS", "SHORT_ID", "entry_name", "heading", "ladder_rows", "table_cells"]
