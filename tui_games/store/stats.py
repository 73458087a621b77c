"""Statistics of finished games in SQLite (WAL), one transaction per finished game.

Each finished game (or match of many deals) writes one row per human seat: the game, the opponent
label ("hotseat", or the strongest AI opponent's level), the outcome, place and points of that seat,
how many deals the match had, and the figures the game declares (SeatFigures: score, best tile, chips
won). A game is recorded at most once, under its ``game_key``. Nothing here names a game: what a
game's figures are called comes from its spec (``GameSpec.figure_labels``).

The file carries its schema version (``PRAGMA user_version``); an older file is migrated when it is
first opened for writing, keeping every row (:data:`MIGRATIONS`).

Faults never lose a result: a busy database is waited for and the transaction retried; a damaged
file (garbage, truncated, emptied to zero bytes) is moved aside beside itself (``stats.sqlite3.damaged-<time>``), a fresh one
is started and refilled from the finished saves, and a notice says so (:func:`take_notices`); a
database that cannot be written (read-only, disk full) raises :class:`StorageError` and the caller
keeps the result in its save to record later (:mod:`tui_games.store.pending`).
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable, TypeVar

from tui_games.core.errors import StorageError, UnknownGameError
from tui_games.core.outcome import ordinal
from tui_games.core.locations import stats_db
from tui_games.core.registry import get
from tui_games.core.words import counted
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
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
"""The tables as schema version 0 made them; a new file starts from it and is migrated like an old one."""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 0 -> 1: places and points, and how many deals a match had
        "ALTER TABLE results ADD COLUMN place INTEGER",
        "ALTER TABLE results ADD COLUMN points REAL",
        "ALTER TABLE results ADD COLUMN deals INTEGER",
        # Rows of version 0 were single deals: a round against the house (chips), a solo score, or
        # a two-seat game won, lost or drawn (whose return was +1, -1 or 0).
        "UPDATE results SET deals = 1, points = COALESCE(chips, score,"
        " CASE outcome WHEN 'won' THEN 1 WHEN 'lost' THEN -1 ELSE 0 END)",
        "UPDATE results SET place = CASE WHEN outcome = 'lost' THEN 2 ELSE 1 END"
        " WHERE chips IS NULL AND score IS NULL",
        "UPDATE results SET place = 1 WHERE score IS NOT NULL",
    ),
    (  # 1 -> 2: a game's own tallies and peaks (poker's hands won, biggest pot), as JSON
        "ALTER TABLE results ADD COLUMN tallies TEXT",
    ),
    (  # 2 -> 3: a timed solo game's time and its number of moves (a puzzle's solve)
        "ALTER TABLE results ADD COLUMN seconds REAL",
        "ALTER TABLE results ADD COLUMN moves INTEGER",
    ),
)
"""The statements that take the file from version N to N+1 (MIGRATIONS[N]), each run in one transaction."""
SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this program writes (``PRAGMA user_version``)."""

BUSY_TIMEOUT_S = 5.0
"""How long SQLite itself waits for another process's lock before answering 'database is locked'."""
RETRY_FOR_S = 30.0
"""How long a transaction that met a locked database is retried (with growing pauses) before giving up."""

_REBUILD = "rebuild_from_saves"
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY, _SQLITE_IOERR = 5, 6, 8, 10
_SQLITE_CORRUPT, _SQLITE_FULL, _SQLITE_CANTOPEN, _SQLITE_NOTADB = 11, 13, 14, 26
_FAULT_WORDS = {
    _SQLITE_READONLY: "read-only", _SQLITE_FULL: "disk full", _SQLITE_IOERR: "disk I/O error",
    _SQLITE_CANTOPEN: "cannot open the file", _SQLITE_BUSY: "busy for too long",
    _SQLITE_LOCKED: "busy for too long", 3: "permission denied",
}
_checked: set[tuple[str, int]] = set()
_notices: list[str] = []
T = TypeVar("T")


@dataclass
class StatsRow:
    """Totals for one game against one kind of opponent (for hotseat games, one seat's view).

    ``played`` counts games: a hotseat game is one game, shown once per seat as 'hotseat, as X'.
    """

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
    places: dict[int, int] = field(default_factory=dict)
    """How often each place (1-based) was reached, over the games that recorded one."""
    best_points: float | None = None
    deals: int = 0
    """Deals played over these games (a game of many deals counts each)."""
    counts: dict[str, float] = field(default_factory=dict)
    """The game's own tallies added up over these games (SeatFigures.counts)."""
    peaks: dict[str, float] = field(default_factory=dict)
    """The game's own records, the highest over these games (SeatFigures.peaks)."""
    tallied_deals: int = 0
    """Deals played over the games that recorded tallies (what rates are per 100 of)."""
    many_seats: bool = False
    """True when some of these games ranked more than two seats (places then say more than won/lost)."""

    @property
    def win_pct(self) -> float:
        """Games won as a percentage of games played (0 when none)."""
        return 100.0 * self.won / self.played if self.played else 0.0

    def lines(self) -> list[str]:
        """The game's own figures against this opponent in words, named as the game names them: its
        net chips, tallies (rates per 100 deals where the game says so), peaks and places (with more
        than two seats); empty for a game that records none of them."""
        places = [places_text(self.places)] if _places_worth_showing(self.places, self.many_seats) else []
        if not self.counts and not self.peaks:
            return places
        try:
            spec = get(self.game_id)
            order, rates = [name for name, _ in spec.figure_labels], spec.rate_figures
        except UnknownGameError:
            order, rates = [], ()
        label = lambda name: figure_label(self.game_id, name)  # noqa: E731
        parts = []
        if self.chips_history:
            parts.append(f"{label('chips')} {self.chips_history[-1]:+g}")
        named = {**self.counts, **self.peaks}
        for name in sorted(named, key=lambda name: (order.index(name) if name in order else len(order), name)):
            if name in rates and name in self.counts:
                per_hundred = 100.0 * self.counts[name] / self.tallied_deals if self.tallied_deals else 0.0
                parts.append(f"{label(name)} {per_hundred:+.1f}")
            else:
                parts.append(f"{label(name)} {named[name]:g}")
        return parts + places


DEFAULT_LABELS = {"score": "best score", "best_tile": "best tile", "chips": "chips", "points": "points",
                  "deals": "deal", "games": "game", "seconds": "best time", "moves": "fewest moves"}
"""What statistics call a game's figures unless its spec names them (``GameSpec.figure_labels``); the
counted ones ('deals', 'games') are named by one noun, which :func:`counted` makes plural."""


def figure_label(game_id: str, name: str) -> str:
    """What game ``game_id`` calls figure ``name`` ('chips' may be a 'bankroll'; a tally it does not
    name is called by its name, 'hands_won' as 'hands won')."""
    try:
        labels = dict(get(game_id).figure_labels)
    except UnknownGameError:
        labels = {}
    return labels.get(name, DEFAULT_LABELS.get(name, name.replace("_", " ")))


@dataclass
class GameFigures:
    """One game's figures over all its recorded games, whoever the opponent: the best score and
    tile, the running total of chips, places and points."""

    game_id: str
    games: int = 0
    deals: int = 0
    best_score: float | None = None
    best_tile: int | None = None
    chips_history: list[float] = field(default_factory=list)
    """The running chip total after each game that recorded chips (a bankroll's history)."""
    chips_deals: int = 0
    """Deals those chips were won or lost over."""
    places: dict[int, int] = field(default_factory=dict)
    best_points: float | None = None
    series_points: bool = False
    """True when games of many deals recorded points apart from chips (a race to a target)."""
    times: list[float] = field(default_factory=list)
    """The times of the games that recorded one, oldest first (a puzzle's solve times)."""
    fewest_moves: int | None = None
    """The fewest moves a game took, of those that counted them."""
    many_seats: bool = False
    """True when some of these games ranked more than two seats (places then say more than won/lost)."""

    def lines(self) -> list[str]:
        """The figures in words, named as the game names them; empty when it has none."""
        label = lambda name: figure_label(self.game_id, name)  # noqa: E731
        parts = []
        if self.best_score is not None:
            parts.append(f"{label('score')} {self.best_score:g}")
        if self.best_tile is not None:
            parts.append(f"{label('best_tile')} {self.best_tile}")
        if self.chips_history:
            parts.append(f"{label('chips')} {self.chips_history[-1]:+g} over {counted(self.chips_deals, label('deals'))}"
                         f" in {counted(len(self.chips_history), label('games'))}")
        if self.series_points and self.best_points is not None:
            parts.append(f"best {label('points')} {self.best_points:g}")
        if _places_worth_showing(self.places, self.many_seats):
            parts.append(places_text(self.places))
        if self.times:
            parts.append(f"{counted(len(self.times), label('games'))}, {label('seconds')} "
                         f"{clock_text(min(self.times))}")
            for count in (5, 12):
                average = trimmed_average(self.times[-count:]) if len(self.times) >= count else None
                if average is not None:
                    parts.append(f"average of {count} {clock_text(average)}")
        if self.fewest_moves is not None:
            parts.append(f"{label('moves')} {self.fewest_moves}")
        return parts


def trimmed_average(times: list[float]) -> float:
    """The mean of ``times`` without the best and the worst (a speedcuber's 'average of 5')."""
    kept = sorted(times)[1:-1] if len(times) > 2 else list(times)
    return sum(kept) / len(kept)


def clock_text(seconds: float) -> str:
    """'12.34 s', or '1:02.50' from a minute up."""
    if seconds < 60:
        return f"{seconds:.2f} s"
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:05.2f}"


def _places_worth_showing(places: dict[int, int], many_seats: bool) -> bool:
    """True when places say more than won and lost: some game ranked three seats or more."""
    return bool(places) and (many_seats or max(places) > 2)


def _ranks_many_seats(result: dict) -> bool:
    """True when the recorded game of ``result`` (a row) ranked more than two seats against each other
    (not against the house): its seat count is the game's fixed one, or its parameter of seats."""
    try:
        spec = get(result["game"])
    except UnknownGameError:
        return False
    if spec.house:
        return False
    if spec.min_players == spec.max_players or not spec.seats_param:
        return spec.min_players > 2
    try:
        seats = json.loads(result["params"] or "{}").get(spec.seats_param, spec.min_players)
    except (ValueError, AttributeError):
        return False
    return isinstance(seats, int) and seats > 2


def places_text(places: dict[int, int]) -> str:
    """'places 1st x2, 3rd x1': how often each place was reached."""
    return "places " + ", ".join(f"{ordinal(place)} x{count}" for place, count in sorted(places.items()))


class _NewerSchema(Exception):
    """The statistics file was made by a newer version of the program."""


class _Damaged(Exception):
    """The statistics file fails SQLite's integrity check."""


def take_notices() -> list[str]:
    """Messages about faults handled since the last call (e.g. a damaged file moved aside); clears them."""
    taken = list(_notices)
    _notices.clear()
    return taken


def _code(error: sqlite3.Error) -> int:
    return (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def describe_fault(error: BaseException) -> str:
    """A short reason for a storage fault: 'disk full', 'read-only', ..."""
    if isinstance(error, sqlite3.Error):
        return _FAULT_WORDS.get(_code(error), str(error))
    if isinstance(error, OSError):
        return {28: "disk full", 30: "read-only", 13: "permission denied"}.get(
            error.errno or 0, error.strerror or str(error))
    return str(error)


def _move_aside(path: Path, reason: str) -> Path:
    """Rename a damaged database (with its WAL files) beside itself; raises StorageError if it cannot."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{time.time_ns() % 10**6}")
    try:
        os.replace(path, target)
        for suffix in ("-wal", "-shm", "-journal"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                os.replace(side, target.with_name(target.name + suffix))
    except OSError as error:
        raise StorageError(f"the statistics file {path} is damaged ({reason}) and could not be moved "
                           f"aside ({describe_fault(error)})", "damaged, and cannot be moved aside") from None
    _notices.append(f"The statistics file was damaged ({reason}); it was moved aside to {target} and "
                    "a fresh one started from the finished saves.")
    return target


def _open(path: Path, read_only: bool = False) -> sqlite3.Connection:
    """A connection with the schema in place, checked for damage once per process and file."""
    if read_only:  # read-only, else as a file that cannot change (when even the WAL index cannot be made)
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
        try:
            connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return connection
        except sqlite3.OperationalError:
            connection.close()
            return sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True, timeout=BUSY_TIMEOUT_S)
    path.parent.mkdir(parents=True, exist_ok=True)
    if _emptied(path):
        raise _Damaged("the file is empty")
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S)
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.executescript(SCHEMA)
        _migrate(connection)
        identity = (str(path), os.stat(path).st_ino)
        if identity not in _checked:
            verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
            if verdict != "ok":
                raise _Damaged(f"integrity check: {verdict}")
            _checked.add(identity)
    except BaseException:
        connection.close()
        raise
    return connection


def _emptied(path: Path) -> bool:
    """True for a statistics file of zero bytes, which SQLite would take for a new, empty database.

    This program's file is never empty once it exists (opening it writes its header straight away), so
    one is a file emptied by a fault, and the statistics it held are lost unless rebuilt.
    """
    try:
        info = os.stat(path)
    except OSError:
        return False
    return info.st_size == 0 and not os.path.exists(f"{path}-wal")


def schema_version(connection: sqlite3.Connection) -> int:
    """The schema version of the open file (``PRAGMA user_version``; 0 before versions were kept)."""
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def _migrate(connection: sqlite3.Connection) -> None:
    """Bring the file to :data:`SCHEMA_VERSION`, one version per transaction, keeping every row.

    Another process migrating at the same moment is waited for (the write lock is taken first and
    the version read again under it). A file of a newer version raises _NewerSchema.
    """
    version = schema_version(connection)
    if version > SCHEMA_VERSION:
        raise _NewerSchema(f"made by a newer tui-games (schema version {version}, this one knows up to "
                           f"{SCHEMA_VERSION})")
    while version < SCHEMA_VERSION:
        connection.execute("BEGIN IMMEDIATE")
        try:
            version = schema_version(connection)
            if version < SCHEMA_VERSION:
                for statement in MIGRATIONS[version]:
                    connection.execute(statement)
                version += 1
                connection.execute(f"PRAGMA user_version = {version}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise


def _run(operation: Callable[[sqlite3.Connection], T], read_only: bool = False) -> T:
    """Run ``operation`` in one transaction, retrying while the database is locked and moving a
    damaged file aside (then starting afresh, refilled from the saves); other faults raise StorageError."""
    path = stats_db()
    deadline = time.monotonic() + RETRY_FOR_S
    pause = 0.02
    moved = False
    while True:
        try:
            connection = _open(path, read_only)
            try:
                with connection:
                    return operation(connection)
            finally:
                connection.close()
        except (sqlite3.DatabaseError, _Damaged) as error:
            damaged = isinstance(error, _Damaged) or _code(error) in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
            if damaged and not moved and not read_only:
                _move_aside(path, str(error))
                moved = True
                _run(lambda c: c.execute("INSERT OR REPLACE INTO meta VALUES (?, '1')", (_REBUILD,)))
                continue
            if _code(error) in (_SQLITE_BUSY, _SQLITE_LOCKED) and time.monotonic() < deadline:
                time.sleep(pause * (0.5 + random.random()))
                pause = min(pause * 2, 0.5)
                continue
            reason = describe_fault(error)
            raise StorageError(f"the statistics at {path} cannot be used ({reason})", reason) from None
        except _NewerSchema as error:
            raise StorageError(f"the statistics at {path} cannot be written: {error}",
                               "made by a newer tui-games") from None
        except OSError as error:
            reason = describe_fault(error)
            raise StorageError(f"the statistics at {path} cannot be used ({reason})", reason) from None


def connect() -> sqlite3.Connection:
    """An open connection to the statistics database (created on first use), in WAL mode.

    A damaged file is moved aside first (see the module notes); other faults raise StorageError.
    """
    _run(lambda connection: None)
    return _open(stats_db())


def record_game(game_id: str, opponent: str, results: list[SeatResult], params: dict | None = None,
                game_key: str | None = None, finished_at: str | None = None) -> bool:
    """Store a finished game in one transaction; returns False if ``game_key`` was already recorded.

    Raises StorageError when the statistics cannot be written (the caller keeps the result).
    """
    for result in results:
        if result.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {OUTCOMES}, not {result.outcome!r}")
    rows = [(game_id, opponent, r.seat, r.outcome, r.score, r.best_tile, r.chips,
             json.dumps(params or {}, sort_keys=True), game_key, r.place, r.points, r.deals, _tallies_text(r),
             r.seconds, r.moves) for r in results]

    def insert(connection: sqlite3.Connection) -> bool:
        if game_key is not None and connection.execute(
                "SELECT 1 FROM results WHERE game_key = ? LIMIT 1", (game_key,)).fetchone():
            return False
        try:
            connection.executemany(
                "INSERT INTO results (game, opponent, seat, outcome, score, best_tile, chips, params,"
                " game_key, place, points, deals, tallies, seconds, moves)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        except sqlite3.IntegrityError:  # another process recorded it a moment ago
            connection.rollback()
            return False
        if finished_at:
            connection.execute("UPDATE results SET finished_at = ? WHERE game_key = ?", (finished_at, game_key))
        return True

    return _run(insert)


def withdraw_game(game_key: str) -> int:
    """Take the result recorded under ``game_key`` (every seat of it) out of the statistics, as when an
    undo reopens a finished game; the key may be recorded again when the game ends anew. Returns how
    many rows went (0: nothing was recorded). Raises StorageError when the statistics cannot be written.
    """
    return _run(lambda c: c.execute("DELETE FROM results WHERE game_key = ?", (game_key,)).rowcount)


def rebuild_requested() -> bool:
    """True after a damaged file was replaced: every finished save should be recorded again."""
    return _run(lambda c: c.execute("SELECT 1 FROM meta WHERE name = ?", (_REBUILD,)).fetchone() is not None)


def rebuild_done() -> None:
    """Clear the request :func:`rebuild_requested` reports."""
    _run(lambda c: c.execute("DELETE FROM meta WHERE name = ?", (_REBUILD,)))


def _read(operation: Callable[[sqlite3.Connection], T]) -> T:
    """Run a query; a database this process may not write is read as it stands (no WAL changes)."""
    try:
        return _run(operation)
    except StorageError:
        if not stats_db().is_file():
            raise
        return _run(operation, read_only=True)


def _seat_label(game_id: str, opponent: str, seat: int) -> str:
    try:
        name = get(game_id).seat_name(seat)
    except UnknownGameError:
        name = f"seat {seat + 1}"
    return f"{opponent}, as {name}"


_RESULT_COLUMNS = ("game", "opponent", "seat", "outcome", "score", "best_tile", "chips", "place", "points",
                   "deals", "tallies", "seconds", "moves", "params", "game_key")


def _tallies_text(result: SeatResult) -> str | None:
    """A seat result's tallies and peaks as the ``tallies`` column keeps them (JSON), None when none."""
    if not result.counts and not result.peaks:
        return None
    return json.dumps({"counts": result.counts or {}, "peaks": result.peaks or {}}, sort_keys=True)


def _read_tallies(text: str | None) -> tuple[dict, dict]:
    """(counts, peaks) back from the ``tallies`` column; empty for a row without them, or one that
    does not read as this program writes it."""
    try:
        data = json.loads(text) if text else {}
        counts, peaks = dict(data.get("counts", {})), dict(data.get("peaks", {}))
        if all(isinstance(v, (int, float)) for v in (*counts.values(), *peaks.values())):
            return counts, peaks
    except (ValueError, TypeError, AttributeError):
        pass
    return {}, {}


def _fetch_results(connection: sqlite3.Connection) -> list[dict]:
    """Every result row in order, as dicts; on a file of an older version read as it stands (read
    only, not migrated), the columns it lacks read as None."""
    present = {row[1] for row in connection.execute("PRAGMA table_info(results)")}
    columns = ", ".join(f"r.{name}" if name in present else f"NULL AS {name}" for name in _RESULT_COLUMNS)
    query = (f"SELECT {columns}, (SELECT COUNT(*) FROM results o WHERE o.game_key = r.game_key)"
             " FROM results r ORDER BY r.id")
    return [dict(zip((*_RESULT_COLUMNS, "humans"), row)) for row in connection.execute(query)]


def results() -> list[dict]:
    """Every recorded row, oldest first, as a dict of :data:`_RESULT_COLUMNS` and 'humans' (the human
    seats of its game). Results still waiting in finished saves are not among them until recorded
    (:func:`tui_games.match.record_pending_results`)."""
    return _read(_fetch_results)


def add_notice(message: str) -> None:
    """Keep ``message`` for the next :func:`take_notices` (a fault handled above this module)."""
    _notices.append(message)


def _best(current: float | None, value: float | None) -> float | None:
    if value is None:
        return current
    return value if current is None else max(current, value)


def summary(fetched: list[dict] | None = None) -> list[StatsRow]:
    """Totals per game and opponent, ordered by game then opponent.

    A game with several human seats (hotseat) counts once per seat row, each row being that seat's view:
    'hotseat, as X' played 1 won 1, 'hotseat, as O' played 1 lost 1. ``fetched``: rows already
    read (see :func:`overview`).
    """
    rows: dict[tuple[str, str], StatsRow] = {}
    for result in results() if fetched is None else fetched:
        game, opponent = result["game"], result["opponent"]
        label = _seat_label(game, opponent, result["seat"]) if result["humans"] > 1 else opponent
        row = rows.setdefault((game, label), StatsRow(game, label))
        row.played += 1
        outcome = result["outcome"]
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
        _add_bests(row, result)
        row.deals += result["deals"] or 1
        if result["chips"] is not None:
            previous = row.chips_history[-1] if row.chips_history else 0.0
            row.chips_history.append(previous + result["chips"])
        counts, peaks = _read_tallies(result["tallies"])
        if counts or peaks:
            row.tallied_deals += result["deals"] or 1
        for name, value in counts.items():
            row.counts[name] = row.counts.get(name, 0) + value
        for name, value in peaks.items():
            row.peaks[name] = max(row.peaks.get(name, value), value)
    return sorted(rows.values(), key=lambda r: (r.game_id, r.opponent))


def recorded_games(fetched: list[dict]) -> list[list[dict]]:
    """The rows grouped by recorded game: the rows of one game key (its human seats) together, in the
    order the games were recorded; a row without a key is a game of its own."""
    games: dict[object, list[dict]] = {}
    for index, result in enumerate(fetched):
        key = (result["game"], result["game_key"]) if result["game_key"] is not None else index
        games.setdefault(key, []).append(result)
    return list(games.values())


def game_figures(fetched: list[dict] | None = None) -> list[GameFigures]:
    """Each game's figures over all its recorded games (only games that recorded any figure), ordered
    by game id. A game with several human seats (a hotseat sitting) counts once: its deals once, its
    chips as the seats' total. ``fetched``: rows already read (see :func:`overview`)."""
    games: dict[str, GameFigures] = {}
    for seats in recorded_games(results() if fetched is None else fetched):
        figures = games.setdefault(seats[0]["game"], GameFigures(seats[0]["game"]))
        deals = max(result["deals"] or 1 for result in seats)
        figures.games += 1
        figures.deals += deals
        chips = [result["chips"] for result in seats if result["chips"] is not None]
        if chips:
            previous = figures.chips_history[-1] if figures.chips_history else 0.0
            figures.chips_history.append(previous + sum(chips))
            figures.chips_deals += deals
        elif deals > 1 and any(result["points"] is not None for result in seats):
            figures.series_points = True
        for result in seats:
            _add_seat_figures(figures, result)
    return [games[game] for game in sorted(games) if games[game].lines()]


def _add_bests(target, result: dict) -> None:
    """Add one seat's row to ``target`` (a summary row or a game's figures): its best score, tile and
    points, its place, and whether its game ranked many seats."""
    target.best_score = _best(target.best_score, result["score"])
    target.best_tile = _best(target.best_tile, result["best_tile"])
    target.best_points = _best(target.best_points, result["points"])
    if result["place"] is not None:
        target.places[result["place"]] = target.places.get(result["place"], 0) + 1
    target.many_seats = target.many_seats or _ranks_many_seats(result)


def _add_seat_figures(figures: GameFigures, result: dict) -> None:
    """Add one seat's row to ``figures``: its bests, place, time and moves."""
    _add_bests(figures, result)
    if result["seconds"] is not None:
        figures.times.append(float(result["seconds"]))
    if result["moves"] is not None:
        figures.fewest_moves = min(figures.fewest_moves or result["moves"], result["moves"])


def overview() -> tuple[list[StatsRow], list[GameFigures]]:
    """(:func:`summary`, :func:`game_figures`) from one reading of the file."""
    fetched = results()
    return summary(fetched), game_figures(fetched)
