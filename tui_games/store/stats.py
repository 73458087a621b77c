"""Statistics of finished games in SQLite (WAL), one transaction per finished game.

Each finished game writes one row per human seat: the game, the opponent label ("hotseat", or the
strongest AI opponent's level), the outcome for that seat, and game-specific figures (score, best tile,
chips won).
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field

from tui_games.core.locations import stats_db
from tui_games.core.results import OUTCOMES, SeatResult

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    finished_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    game TEXT NOT NULL,
    opponent TEXT NOT NULL,
    seat INTEGER NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'drawn')),
    score REAL,
    best_tile INTEGER,
    chips REAL,
    params TEXT NOT NULL DEFAULT '{}',
    game_key TEXT
);
CREATE INDEX IF NOT EXISTS results_by_game ON results (game, opponent, id);
CREATE UNIQUE INDEX IF NOT EXISTS results_once ON results (game_key, seat);
"""

@dataclass
class StatsRow:
    """Totals for one game against one kind of opponent."""

    game_id: str
    opponent: str
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_score: float | None = None
    best_tile: int | None = None
    chips_history: list[float] = field(default_factory=list)

    @property
    def win_pct(self) -> float:
        """Games won as a percentage of games played (0 when none)."""
        return 100.0 * self.won / self.played if self.played else 0.0


def connect() -> sqlite3.Connection:
    """An open connection to the statistics database (created on first use), in WAL mode."""
    path = stats_db()
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, timeout=10)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.executescript(SCHEMA)
    return connection


def record_game(game_id: str, opponent: str, results: list[SeatResult], params: dict | None = None,
                game_key: str | None = None) -> bool:
    """Store a finished game in one transaction; returns False if ``game_key`` was already recorded."""
    for result in results:
        if result.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {OUTCOMES}, not {result.outcome!r}")
    with closing(connect()) as connection:
        try:
            with connection:
                connection.executemany(
                    "INSERT INTO results (game, opponent, seat, outcome, score, best_tile, chips, params,"
                    " game_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(game_id, opponent, r.seat, r.outcome, r.score, r.best_tile, r.chips,
                      json.dumps(params or {}, sort_keys=True), game_key) for r in results],
                )
        except sqlite3.IntegrityError:
            return False
    return True


def summary() -> list[StatsRow]:
    """Totals per game and opponent, ordered by game then opponent."""
    rows: dict[tuple[str, str], StatsRow] = {}
    with closing(connect()) as connection:
        cursor = connection.execute(
            "SELECT game, opponent, outcome, score, best_tile, chips FROM results ORDER BY id"
        )
        for game, opponent, outcome, score, best_tile, chips in cursor:
            row = rows.setdefault((game, opponent), StatsRow(game, opponent))
            row.played += 1
            if outcome == "won":
                row.won += 1
                row.current_streak = row.current_streak + 1 if row.current_streak > 0 else 1
            elif outcome == "lost":
                row.lost += 1
                row.current_streak = row.current_streak - 1 if row.current_streak < 0 else -1
            else:
                row.drawn += 1
                row.current_streak = 0
            row.best_streak = max(row.best_streak, row.current_streak)
            if score is not None:
                row.best_score = score if row.best_score is None else max(row.best_score, score)
            if best_tile is not None:
                row.best_tile = best_tile if row.best_tile is None else max(row.best_tile, best_tile)
            if chips is not None:
                previous = row.chips_history[-1] if row.chips_history else 0.0
                row.chips_history.append(previous + chips)
    return sorted(rows.values(), key=lambda r: (r.game_id, r.opponent))


def records() -> dict:
    """Game-wide records: best 2048 score and tile, and the blackjack bankroll history (cumulative)."""
    result: dict = {"best_2048_score": None, "best_2048_tile": None, "blackjack_bankroll": []}
    with closing(connect()) as connection:
        best = connection.execute(
            "SELECT MAX(score), MAX(best_tile) FROM results WHERE game = '2048'"
        ).fetchone()
        result["best_2048_score"], result["best_2048_tile"] = best
        total = 0.0
        for (chips,) in connection.execute(
            "SELECT chips FROM results WHERE game = 'blackjack' AND chips IS NOT NULL ORDER BY id"
        ):
            total += chips
            result["blackjack_bankroll"].append(total)
    return result
