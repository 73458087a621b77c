"""Storage faults injected around a game: damaged, read-only and full statistics, a full disk under
the saves, a kill between the two writes of a finished game, a locked database. Nothing may crash
and nothing may be lost: the save is written first and holds the result, and a result the statistics
missed is recorded later, exactly once."""

from __future__ import annotations

import errno
import json
import os
import re
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tui_games import catalog
from tui_games.core.locations import quarantine_dir, saves_dir, stats_db
from tui_games.match import Match, Seat, record_pending_results
from tui_games.store import atomic, saves, stats

TTT = catalog.get("tic-tac-toe")
X_WINS = [0, 3, 1, 4, 2]
REAL_CONNECT = sqlite3.connect


def _new_ttt(seats=None) -> Match:
    return Match.new(TTT, {}, seats or [Seat(), Seat("ai", 1)], seed=5)


def _play(match: Match, moves) -> None:
    for action in moves:
        match.play(action)


def _counted() -> int:
    """Games the statistics list shows (results waiting in saves recorded first, as the list does)."""
    record_pending_results()
    return sum(row.played for row in stats.summary())


def _rows_in(path: Path) -> int:
    with REAL_CONNECT(path) as connection:
        return connection.execute("SELECT COUNT(*) FROM results").fetchone()[0]


class _DiskFullConnection(sqlite3.Connection):
    """A connection whose writes fail as SQLite's do on a full disk."""

    def _refuse(self, sql: str) -> None:
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorcode = 13
            raise error

    def execute(self, sql, *args):
        self._refuse(sql)
        return super().execute(sql, *args)

    def executemany(self, sql, *args):
        self._refuse(sql)
        return super().executemany(sql, *args)


class _Faults:
    """Faults switched on and off within one test (apart from the test's own monkeypatch, which
    also holds its TUI_GAMES_HOME)."""

    def __init__(self) -> None:
        self.patch = pytest.MonkeyPatch()

    def stats(self, kind: str) -> None:
        """Every new statistics connection meets ``kind``: 'read-only' (SQLite itself opens the file
        read-only) or 'full' (writes fail with SQLITE_FULL)."""
        stats.summary()  # the file exists, as it would after earlier games

        def connect(database, *args, **kwargs):
            if kwargs.get("uri"):
                return REAL_CONNECT(database, *args, **kwargs)
            if kind == "read-only":
                return REAL_CONNECT(f"{Path(database).resolve().as_uri()}?mode=ro", *args, uri=True, **kwargs)
            return REAL_CONNECT(database, *args, factory=_DiskFullConnection, **kwargs)

        self.patch.setattr(stats.sqlite3, "connect", connect)

    def full_disk(self) -> None:
        """Every atomic write fails the way a full disk does (the write raises ENOSPC)."""
        real_fdopen = os.fdopen

        def fdopen(fd, *args, **kwargs):
            handle = real_fdopen(fd, *args, **kwargs)

            def write(text):
                raise OSError(errno.ENOSPC, "No space left on device")

            handle.write = write
            return handle

        self.patch.setattr(atomic.os, "fdopen", fdopen)

    def clear(self) -> None:
        """Every fault gone: the disk has room, the files are writable again."""
        self.patch.undo()


@pytest.fixture
def faults():
    """Switchable storage faults (see :class:`_Faults`)."""
    injected = _Faults()
    yield injected
    injected.clear()


# ----- a game that ends while the statistics cannot be written ---------------------------------------
@pytest.mark.parametrize(("fault", "reason"), [("read-only", "read-only"), ("full", "disk full")])
def test_game_end_with_unwritable_stats_keeps_the_result_and_counts_it_later(home, faults, fault, reason):
    match = _new_ttt(seats=[Seat(), Seat()])
    faults.stats(fault)
    _play(match, X_WINS)  # must not raise
    assert match.is_over and match.result_text == "X wins"
    assert match.storage_problem == (f"Statistics could not be written ({reason}); the game is kept and "
                                     "will be counted later")
    saved = saves.read_save(match.save_path)
    assert saved.history == X_WINS and saved.finished and saved.result == "X wins"
    assert saved.result_pending and saved.outcome["opponent"] == "hotseat"
    assert _rows_in(stats_db()) == 0
    assert record_pending_results() == 0  # as the statistics screen does before listing
    assert stats.summary() == []  # listing still works while the file cannot be written
    (notice,) = stats.take_notices()
    assert notice.startswith("Results waiting in saves could not be recorded yet:") and reason in notice

    faults.clear()  # the statistics can be written again
    assert record_pending_results() == 1
    assert [(r.opponent, r.played, r.won, r.lost) for r in stats.summary()] == [
        ("hotseat, as O", 1, 0, 1), ("hotseat, as X", 1, 1, 0)]
    assert saves.read_save(match.save_path).stats_recorded
    assert record_pending_results() == 0
    assert _rows_in(stats_db()) == 2


def test_a_pending_result_is_recorded_when_the_next_game_starts(home, faults):
    match = _new_ttt()
    faults.stats("read-only")
    _play(match, X_WINS)
    assert match.storage_problem and not match.stats_recorded
    faults.clear()
    _new_ttt()
    assert _rows_in(stats_db()) == 1
    assert saves.read_save(match.save_path).stats_recorded


def test_resuming_a_finished_game_with_a_pending_result_records_it_once(home, faults):
    match = _new_ttt()
    faults.stats("full")
    _play(match, X_WINS)
    faults.clear()
    resumed = Match.resume(match.save_path)
    assert resumed.stats_recorded and resumed.storage_problem is None
    Match.resume(match.save_path)
    assert _counted() == 1


def test_statistics_that_can_only_be_read_are_still_listed(home, monkeypatch):
    _play(_new_ttt(), X_WINS)

    def connect(database, *args, **kwargs):  # the folder refuses the WAL files: only read-only opens work
        if kwargs.get("uri"):
            return REAL_CONNECT(database, *args, **kwargs)
        error = sqlite3.OperationalError("unable to open database file")
        error.sqlite_errorcode = 14
        raise error

    monkeypatch.setattr(stats.sqlite3, "connect", connect)
    assert [(r.opponent, r.played, r.won) for r in stats.summary()] == [("AI Beginner (1)", 1, 1)]
    assert stats.game_figures() == []


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_stats_file_is_moved_aside_and_the_game_still_counts(home, damage):
    earlier = _new_ttt()
    _play(earlier, X_WINS)
    path = stats_db()
    connection = REAL_CONNECT(path)  # make the file big enough to cut in half
    connection.execute("CREATE TABLE padding (b BLOB)")
    connection.executemany("INSERT INTO padding VALUES (randomblob(2000))", [()] * 50)
    connection.commit()
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    stats._checked.clear()  # as in a fresh process
    if damage == "garbage":
        path.write_bytes(b"this is not a database " * 200)
    else:
        content = path.read_bytes()
        path.write_bytes(content[: len(content) // 2])

    match = _new_ttt()
    assert match.storage_problem.startswith("The statistics file was damaged (")
    assert "moved aside to" in match.storage_problem and "a fresh one started" in match.storage_problem
    _play(match, X_WINS)
    assert match.stats_recorded and match.storage_problem is None
    kept_aside = list(path.parent.glob("stats.sqlite3.damaged-*"))
    assert len(kept_aside) == 1 and kept_aside[0].stat().st_size > 0
    # The fresh file is refilled from the finished saves: the earlier game is not lost either.
    assert _counted() == 2
    assert _counted() == 2


def test_a_damaged_stats_file_that_cannot_be_moved_is_reported_not_raised(home, monkeypatch):
    _new_ttt()
    stats_db().write_bytes(b"garbage" * 300)
    stats._checked.clear()

    class NoRenaming:  # the data folder refuses renames (read-only), for the statistics module only
        def __getattr__(self, name):
            return getattr(os, name)

        def replace(self, *args):
            raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(stats, "os", NoRenaming())
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=2)
    _play(match, X_WINS)
    assert match.storage_problem == ("Statistics could not be written (damaged, and cannot be moved aside); "
                                     "the game is kept and will be counted later")
    assert saves.read_save(match.save_path).result_pending


# ----- a full disk under the saves ---------------------------------------------------------------------
def test_moves_on_a_full_disk_go_on_and_are_saved_once_there_is_room(home, faults):
    match = _new_ttt(seats=[Seat(), Seat()])
    match.play(0)
    before = match.save_path.read_text()
    faults.full_disk()
    match.play(3)
    assert match.storage_problem == ("The game could not be saved (disk full); it goes on, and saving is "
                                     "tried again after each move")
    assert match.save_path.read_text() == before  # the last good save is whole
    assert list(saves_dir().glob(".*.tmp")) == []
    assert match.undo() and match.redo()  # undo and redo never raise either
    _play(match, [1, 4, 2])  # the game ends on the full disk: the statistics still get it
    assert match.is_over and _rows_in(stats_db()) == 2
    faults.clear()
    match.save()
    assert match.storage_problem is None
    saved = saves.read_save(match.save_path)
    assert saved.history == X_WINS and saved.finished and saved.stats_recorded
    assert _counted() == 2


def test_a_new_game_on_a_full_disk_still_starts(home, faults):
    faults.full_disk()
    match = _new_ttt()
    assert "could not be saved (disk full)" in match.storage_problem
    match.play(4)
    assert match.state.history[0] == 4


# ----- a kill between the save and the statistics ------------------------------------------------------
def test_a_kill_between_the_two_writes_is_recorded_on_the_next_start(home):
    script = (
        "import os, signal\n"
        "from tui_games import catalog\n"
        "from tui_games.match import Match, Seat\n"
        "from tui_games.store import stats\n"
        "match = Match.new(catalog.get('tic-tac-toe'), {}, [Seat(), Seat()], seed=1)\n"
        "for action in (0, 3, 1, 4):\n"
        "    match.play(action)\n"
        "print(match.save_path, flush=True)\n"
        "stats.record_game = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n"
        "match.play(2)\n"
    )
    env = {**os.environ, "TUI_GAMES_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == -9, done.stderr
    saved = saves.read_save(Path(done.stdout.strip()))
    assert saved.finished and saved.history == X_WINS and saved.result_pending
    assert _counted() == 2  # X's row and O's row of the one game
    assert _counted() == 2
    assert saves.read_save(Path(done.stdout.strip())).stats_recorded


# ----- a locked database -------------------------------------------------------------------------------
def test_a_locked_database_is_waited_for_and_the_write_retried(home, monkeypatch):
    stats.summary()
    monkeypatch.setattr(stats, "BUSY_TIMEOUT_S", 0.05)  # SQLite gives up quickly; the retry must not
    holder = REAL_CONNECT(stats_db(), isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    released = threading.Timer(0.6, lambda: holder.execute("COMMIT"))
    released.start()
    started = time.monotonic()
    try:
        assert stats.record_game("nim", "hotseat", [stats.SeatResult(0, "won")], game_key="locked-1")
    finally:
        released.join()
        holder.close()
    assert time.monotonic() - started >= 0.5
    assert _rows_in(stats_db()) == 1


def test_concurrent_writers_lose_nothing(home):
    stats.summary()
    script = (
        "import sys\n"
        "from tui_games.store import stats\n"
        "for i in range(40):\n"
        "    stats.record_game('nim', 'hotseat', [stats.SeatResult(0, 'won'), stats.SeatResult(1, 'lost')],"
        " game_key=f'{sys.argv[1]}-{i}')\n"
    )
    env = {**os.environ, "TUI_GAMES_HOME": str(home)}
    writers = [subprocess.Popen([sys.executable, "-c", script, f"w{n}"], env=env, stderr=subprocess.PIPE,
                                text=True) for n in range(4)]
    for writer in writers:
        assert writer.wait(timeout=300) == 0, writer.stderr.read()
    assert _rows_in(stats_db()) == 4 * 40 * 2


def test_recording_the_same_game_twice_counts_it_once(home):
    result = [stats.SeatResult(0, "won")]
    assert stats.record_game("nim", "AI Casual (2)", result, game_key="k")
    assert not stats.record_game("nim", "AI Casual (2)", result, game_key="k")
    assert _counted() == 1


# ----- damaged saves ------------------------------------------------------------------------------------
GOOD = {"format": 1, "game": "tic-tac-toe", "params": {}, "seed": 1, "seats": ["human", "human"],
        "history": [4, 0]}


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (json.dumps({**GOOD, "seed": 1e999}).replace("Infinity", "1e999"), "seed is not a whole number (inf)"),
        ('{"format": 1, "game": "tic-tac-toe", "seed": 1, "seats": ["human", "human"], "history": [1e999]}',
         "history[0] is not a whole number (inf)"),
        (json.dumps({**GOOD, "history": [0.7, 1.2]}), "history[0] is not a whole number (0.7)"),
        (json.dumps({**GOOD, "history": ["4"]}), "history[0] is not a whole number ('4')"),
        (json.dumps({**GOOD, "seed": True}), "seed is not a whole number (True)"),
        (json.dumps({**GOOD, "seed": 2**70}), "seed is not a whole number"),
        ("[" * 200_000 + "]" * 200_000, "nested too deeply"),
        ('{"format": 1, "game": ' + "[" * 200_000 + "]" * 200_000 + "}", "nested too deeply"),
        (json.dumps({**GOOD, "game": "chess"}), "unknown game 'chess'"),
        (json.dumps({**GOOD, "seats": ["human", "ai:99"]}), "AI levels are 1..3 (got 99)"),
        (json.dumps({**GOOD, "seats": ["human", "ai:x"]}), "a seat is 'human' or 'ai:LEVEL'"),
        (json.dumps({**GOOD, "seats": ["human"]}), "takes 2 players, not 1"),
        (json.dumps({**GOOD, "game": "nim", "params": {"heaps": 2.5}}), "heaps must be a whole number"),
        (json.dumps({**GOOD, "finished": "yes"}), "finished is not true or false"),
        (json.dumps({**GOOD, "rules_version": 7}), "newer Tic Tac Toe rules"),
        (b"\xff\xfe\x00garbage", "not a text file"),
    ],
)
def test_damaged_saves_are_reported_and_moved_aside(home, content, reason):
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = folder / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(saves.SaveFileError, match=re.escape(reason)):
        saves.read_save(path)
    (entry,) = saves.list_saves()
    assert entry.record is None and reason in entry.error
    assert not path.exists() and entry.path == quarantine_dir() / "bad.json"

    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(saves.SaveFileError, match="moved aside to") as raised:
        Match.resume(path)
    assert reason in str(raised.value)
    assert not path.exists()


def test_a_history_that_does_not_replay_or_a_bad_redo_is_refused(home):
    match = _new_ttt(seats=[Seat(), Seat()])
    _play(match, [4])
    raw = json.loads(match.save_path.read_text())
    raw["redo"] = [4]
    match.save_path.write_text(json.dumps(raw))
    with pytest.raises(saves.SaveFileError, match="do not replay.*already taken"):
        Match.resume(match.save_path)


def test_a_read_only_saves_folder_lists_unreadable_saves_in_place(home, monkeypatch):
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = folder / "bad.json"
    path.write_text(json.dumps({**GOOD, "seed": 0.5}))

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(saves.shutil, "move", refuse)
    (entry,) = saves.list_saves()
    assert entry.path == path and entry.record is None
    assert entry.error == ("missing or malformed field: seed is not a whole number (0.5) "
                           "(it could not be moved aside: Permission denied)")
    with pytest.raises(saves.SaveFileError, match=r"seed is not a whole number \(0.5\) \(it could not be moved"):
        Match.resume(path)
    assert path.exists()


def test_orphan_temp_files_of_killed_writers_are_removed_on_listing(home):
    match = _new_ttt()
    folder = saves_dir()
    old = folder / f".{match.save_path.name}.abc123.tmp"
    fresh = folder / f".{match.save_path.name}.def456.tmp"
    old.write_text("half a save")
    fresh.write_text("a write in progress")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    entries = saves.list_saves()
    assert [e.path for e in entries] == [match.save_path]
    assert not old.exists() and fresh.exists()
