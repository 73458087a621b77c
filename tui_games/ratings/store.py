"""The server's ratings in SQLite (WAL): every player's rating per variant, and every rated game.

One file, ``ratings.sqlite3`` in the server's data folder, shared by every process of the server:
WAL journal (readers never wait for the writer), a busy timeout, and one ``BEGIN IMMEDIATE``
transaction per rated game, which takes the write lock *before* it reads the ratings it updates, so
two processes rating games at once are serialised and neither update is lost.

Tables: ``ratings`` (variant, player, mu, sigma, games, when last updated), ``rated_games`` (the
variant, when it finished, an optional unique key so a game is rated at most once) and
``rated_seats`` (per seat: the player, their side and place, their return, their rating before and
after), and ``players`` (the display name last given for an identity). An AI level without a row
yet in a variant starts from its seeded rating (:mod:`tui_games.ratings.ai_seeds`), anyone else from
openskill's defaults.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Mapping, Sequence, TypeVar

from tui_games.core.errors import StorageError
from tui_games.ratings.model import Rating, ai_level, rate_game, side_places
from tui_games.ratings.variants import Variant

FILE_NAME = "ratings.sqlite3"
"""The ratings file's name in the server's data folder."""

BUSY_TIMEOUT_S = 30.0
"""How long a process waits for another's write lock before giving up."""

SCHEMA_VERSION = 1
"""The schema this program writes (``PRAGMA user_version``)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS ratings (
    variant TEXT NOT NULL,
    player TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (variant, player)
);
CREATE TABLE IF NOT EXISTS rated_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_key TEXT UNIQUE,
    variant TEXT NOT NULL,
    game TEXT NOT NULL,
    finished_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rated_games_by_variant ON rated_games (variant, id);
CREATE TABLE IF NOT EXISTS rated_seats (
    game_id INTEGER NOT NULL REFERENCES rated_games (id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    side INTEGER NOT NULL,
    place INTEGER NOT NULL,
    result REAL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS rated_seats_by_player ON rated_seats (player, game_id);
CREATE TABLE IF NOT EXISTS players (
    player TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    seen_at TEXT NOT NULL
);
"""

T = TypeVar("T")


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class RatedSeat:
    """One seat of a rated game: who sat there, their side (index into the game's sides) and place,
    their return, and their rating before and after the game."""

    seat: int
    player: str
    side: int
    place: int
    result: float | None
    before: Rating
    after: Rating


@dataclass(frozen=True)
class RatedGame:
    """A rated game as stored: its row id, variant key, when it finished, and its seats."""

    id: int
    variant: str
    finished_at: str
    seats: tuple[RatedSeat, ...]


@dataclass(frozen=True)
class LadderEntry:
    """One line of a ladder: a player, their rating, and how many rated games they played here (an AI
    level that has played none shows its seeded rating)."""

    player: str
    rating: Rating
    games: int
    name: str | None = None
    """The display name last given for an identity (None for an AI level or a player never named)."""

    @property
    def level(self) -> int | None:
        """The AI level, or None for an identity."""
        return ai_level(self.player)


def _switch_to_wal(connection: sqlite3.Connection) -> None:
    """Put a new ratings file in WAL mode. SQLite does not wait its busy timeout for this switch, so
    while another process holds the file (two servers, or two writers, opening it at once) it is
    tried again for up to :data:`BUSY_TIMEOUT_S`."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


class RatingStore:
    """The ratings file in ``folder`` (made on first write). ``seeds(variant_key, level)`` gives an AI
    level's starting rating (default: the shipped seeds); ``None`` from it means openskill's default."""

    def __init__(self, folder: str | Path,
                 seeds: Callable[[str, int], Rating | None] | None = None) -> None:
        self.folder = Path(folder)
        self.path = self.folder / FILE_NAME
        if seeds is None:
            from tui_games.ratings.ai_seeds import seed_rating as seeds
        self._seeds = seeds

    def _connect(self) -> sqlite3.Connection:
        self.folder.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            if connection.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                _switch_to_wal(connection)
            connection.execute("PRAGMA synchronous=NORMAL")
            version = int(connection.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"made by a newer tui-games: schema {version}")
            if version < SCHEMA_VERSION:
                connection.execute("BEGIN IMMEDIATE")
                for statement in filter(str.strip, SCHEMA.split(";")):
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                connection.execute("COMMIT")
        except BaseException:
            connection.close()
            raise
        return connection

    def _transaction(self, operation: Callable[[sqlite3.Connection], T], write: bool) -> T:
        """``operation`` in one transaction (the write lock taken first when ``write``); a file that
        cannot be used raises StorageError saying why."""
        try:
            connection = self._connect()
            try:
                connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    result = operation(connection)
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
                connection.execute("COMMIT")
                return result
            finally:
                connection.close()
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"the ratings at {self.path} cannot be used ({error})", str(error)) from None

    def journal_mode(self) -> str:
        """The file's journal mode ('wal')."""
        return self._transaction(lambda c: str(c.execute("PRAGMA journal_mode").fetchone()[0]), write=False)

    def _start(self, variant: str, player: str) -> Rating:
        level = ai_level(player)
        seeded = self._seeds(variant, level) if level is not None else None
        return seeded or Rating()

    def _current(self, connection: sqlite3.Connection, variant: str, player: str) -> tuple[Rating, int]:
        row = connection.execute("SELECT mu, sigma, games FROM ratings WHERE variant = ? AND player = ?",
                                 (variant, player)).fetchone()
        if row is None:
            return self._start(variant, player), 0
        return Rating(row[0], row[1]), int(row[2])

    def rating(self, variant: Variant, player: str) -> Rating:
        """``player``'s rating in ``variant`` now (their starting rating if they have none yet)."""
        return self._transaction(lambda c: self._current(c, variant.key, player)[0], write=False)

    def record_game(self, variant: Variant, players: Sequence[str], returns: Sequence[float] | None = None,
                    sides: Sequence[Sequence[int]] | None = None, places: Sequence[int] | None = None,
                    names: Mapping[str, str] | None = None, game_key: str | None = None,
                    finished_at: str | None = None) -> RatedGame | None:
        """Rate one finished game of ``variant`` and store it, in one transaction (see
        :func:`~tui_games.ratings.model.rate_game` for ``players``, ``returns``, ``sides`` and
        ``places``); ``names`` gives identities' display names. Returns the stored game, or None when
        ``game_key`` was rated already (by this process or another)."""
        seats = len(players)
        groups = [list(side) for side in sides] if sides is not None else [[seat] for seat in range(seats)]
        side_of = {seat: index for index, side in enumerate(groups) for seat in side}
        when = finished_at or _now()

        def rate(connection: sqlite3.Connection) -> RatedGame | None:
            if game_key is not None and connection.execute(
                    "SELECT 1 FROM rated_games WHERE game_key = ?", (game_key,)).fetchone():
                return None
            current = {player: self._current(connection, variant.key, player) for player in players}
            before = {player: rating for player, (rating, _) in current.items()}
            after = rate_game(before, players, returns, groups, places)
            ranks = side_places(returns, groups, places)
            cursor = connection.execute(
                "INSERT INTO rated_games (game_key, variant, game, finished_at) VALUES (?, ?, ?, ?)",
                (game_key, variant.key, variant.game_id, when))
            game_id = int(cursor.lastrowid)
            stored = []
            for seat, player in enumerate(players):
                result = None if returns is None else float(returns[seat])
                stored.append(RatedSeat(seat, player, side_of[seat], ranks[side_of[seat]], result,
                                        before[player], after[player]))
            connection.executemany(
                "INSERT INTO rated_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.player, s.side, s.place, s.result, s.before.mu, s.before.sigma,
                  s.after.mu, s.after.sigma) for s in stored])
            connection.executemany(
                "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (variant, player) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated_at = excluded.updated_at",
                [(variant.key, player, rating.mu, rating.sigma, current[player][1] + 1, when)
                 for player, rating in after.items()])
            if names:
                connection.executemany(
                    "INSERT INTO players VALUES (?, ?, ?) ON CONFLICT (player) DO UPDATE SET"
                    " name = excluded.name, seen_at = excluded.seen_at",
                    [(player, name, when) for player, name in names.items() if player in current])
            return RatedGame(game_id, variant.key, when, tuple(stored))

        return self._transaction(rate, write=True)

    def ladder(self, variant: Variant, levels: Sequence[int] = ()) -> list[LadderEntry]:
        """Everyone rated in ``variant``, best first by the conservative value (mu - 3 sigma), with
        their rated games here; each AI level of ``levels`` that has no row yet is listed with its
        seeded rating (AI levels without a seed and without games are left out)."""
        if not self.path.exists():
            rows = []
        else:
            rows = self._transaction(lambda c: c.execute(
                "SELECT r.player, r.mu, r.sigma, r.games, p.name FROM ratings r"
                " LEFT JOIN players p ON p.player = r.player WHERE r.variant = ?", (variant.key,)).fetchall(),
                write=False)
        entries = [LadderEntry(player, Rating(mu, sigma), games, name) for player, mu, sigma, games, name in rows]
        present = {entry.player for entry in entries}
        for level in levels:
            player = f"ai:{level}"
            seeded = self._seeds(variant.key, level)
            if player not in present and seeded is not None:
                entries.append(LadderEntry(player, seeded, 0))
        entries.sort(key=lambda e: (-e.rating.conservative, -e.rating.mu, e.player))
        return entries

    def variants(self, game_id: str) -> list[str]:
        """The keys of ``game_id``'s variants that have rated games here, in key order."""
        if not self.path.exists():
            return []
        return self._transaction(lambda c: [str(row[0]) for row in c.execute(
            "SELECT DISTINCT variant FROM rated_games WHERE game = ? ORDER BY variant", (game_id,))], write=False)

    def games(self, variant: Variant, limit: int = 20) -> list[RatedGame]:
        """The last ``limit`` rated games of ``variant``, newest first."""
        if not self.path.exists():
            return []

        def read(connection: sqlite3.Connection) -> list[RatedGame]:
            heads = connection.execute("SELECT id, variant, finished_at FROM rated_games WHERE variant = ?"
                                       " ORDER BY id DESC LIMIT ?", (variant.key, int(limit))).fetchall()
            found = []
            for game_id, key, when in heads:
                seats = connection.execute(
                    "SELECT seat, player, side, place, result, mu_before, sigma_before, mu_after, sigma_after"
                    " FROM rated_seats WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()
                found.append(RatedGame(game_id, key, when, tuple(
                    RatedSeat(s, p, side, place, result, Rating(mb, sb), Rating(ma, sa))
                    for s, p, side, place, result, mb, sb, ma, sa in seats)))
            return found

        return self._transaction(read, write=False)


__all__ = ["BUSY_TIMEOUT_S", "FILE_NAME", "LadderEntry", "RatedGame", "RatedSeat", "RatingStore",
           "SCHEMA_VERSION"]
