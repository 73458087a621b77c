"""Faults injected into the saves, the statistics and the config folder: a named pipe or a link to a
device posing as a save, oversized saves, one save open in two sessions, a result written into a
save by hand, an emptied statistics file, temp files left by killed writers."""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import resource
import subprocess
import sys
import time

import pytest

from tui_games import catalog
from tui_games.core.errors import SaveFileError, SaveInUseError
from tui_games.core.locations import config_dir, quarantine_dir, saves_dir, stats_db
from tui_games.match import Match, Seat, record_pending_results
from tui_games.store import atomic, locks, recent, saves, settings, stats

fcntl = pytest.importorskip("fcntl")

TTT = catalog.get("tic-tac-toe")
X_WINS = [0, 3, 1, 4, 2]


def _hotseat() -> Match:
    return Match.new(TTT, {}, [Seat(), Seat()], seed=1)


def _doctor(path, **fields) -> None:
    raw = json.loads(path.read_text())
    raw.update(fields)
    path.write_text(json.dumps(raw))


def _table() -> list[tuple[str, int, int, int]]:
    """The statistics list's rows (results waiting in saves recorded first, as the list does)."""
    record_pending_results()
    return [(row.opponent, row.won, row.lost, row.drawn) for row in stats.summary()]


# ----- only regular files, and only so much of them ----------------------------------------------------
def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize(("make", "kind"), [(os.mkfifo, "a named pipe"),
                                            (lambda path: os.symlink("/dev/zero", path), "a device")])
def test_a_pipe_or_a_device_named_like_a_save_is_moved_aside_not_read(home, make, kind):
    folder = saves_dir()
    folder.mkdir(parents=True)
    make(folder / "odd.json")
    script = ("from tui_games.store import saves\n"
              "print([(e.path.name, e.error) for e in saves.list_saves()])\n")
    env = {**os.environ, "TUI_GAMES_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=30,
                          preexec_fn=_limit_memory)  # without the fix: a hang, or every byte of /dev/zero
    assert done.returncode == 0, done.stderr
    assert f"not a regular file ({kind})" in done.stdout
    assert not os.path.lexists(folder / "odd.json") and os.path.lexists(quarantine_dir() / "odd.json")
    with pytest.raises(SaveFileError, match=f"not a regular file \\({kind}\\)"):
        saves.read_save(quarantine_dir() / "odd.json")


def test_a_save_over_the_size_cap_is_refused(home, monkeypatch):
    match = _hotseat()
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 200, raising=False)
    with pytest.raises(SaveFileError, match="too large"):
        saves.read_save(match.save_path)


def test_a_deal_longer_than_the_game_allows_is_refused_before_any_replay(home):
    cube = catalog.get("rubiks-cube")
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = folder / "cube.json"
    path.write_text(json.dumps({"format": 2, "game": cube.id, "params": {"size": 3}, "seed": 1, "seats": ["human"],
                                "history": [0] * (cube.max_plies + 1)}))
    started = time.monotonic()
    with pytest.raises(SaveFileError, match=f"too many moves: a deal holds {cube.max_plies + 1:,}"):
        Match.resume(path)
    assert time.monotonic() - started < 5  # a replay of them takes a few seconds more than reading
    assert not path.exists() and (quarantine_dir() / "cube.json").exists()


def test_the_cap_comes_from_the_game_and_counts_each_deal_and_the_undone_moves(home, monkeypatch):
    short = dataclasses.replace(TTT, max_plies=3)
    monkeypatch.setattr(saves, "get", lambda game_id: short)
    record = {"format": 2, "game": TTT.id, "params": {}, "seed": 1, "seats": ["human", "human"]}
    saves.parse_record(json.dumps({**record, "history": [4, 0], "redo": [1]}))
    with pytest.raises(SaveFileError, match="a deal holds 4, and Tic Tac Toe has at most 3"):
        saves.parse_record(json.dumps({**record, "history": [4, 0], "redo": [1, 2]}))

    series = {"deals": [{"seed": 1, "params": {}, "history": [0] * 3}] * 3, "current": {"seed": 2, "params": {}},
              "standing": {"scores": [0], "deals": 3, "button": 0, "blind_level": 0, "eliminated": [], "facts": {}}}
    blackjack = {"format": 2, "game": "blackjack", "params": {"rules": "simple"}, "seed": 4, "seats": ["human"],
                 "history": [], "series": series}
    monkeypatch.setattr(saves, "get", lambda game_id: dataclasses.replace(catalog.get(game_id), max_plies=3))
    saves.parse_record(json.dumps(blackjack))
    long_deal = {**series, "deals": [*series["deals"][:2], {"seed": 1, "params": {}, "history": [0] * 4}]}
    with pytest.raises(SaveFileError, match="a deal holds 4"):
        saves.parse_record(json.dumps({**blackjack, "series": long_deal}))
    monkeypatch.setattr(saves, "MAX_SAVE_ACTIONS", 8)
    with pytest.raises(SaveFileError, match="9 in all"):
        saves.parse_record(json.dumps(blackjack))


# ----- one writer per save ---------------------------------------------------------------------------
def _free(path) -> bool:
    """True when a lock on ``path`` could be taken now from outside this process's own holds."""
    fd = os.open(locks.lock_file(path), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)
    return True


def test_a_save_open_in_another_session_is_not_opened_and_not_written(home):
    match = _hotseat()
    match.play(4)
    match.close()
    path = match.save_path
    script = ("import sys\n"
              "from tui_games.match import Match\n"
              "match = Match.resume(sys.argv[1])\n"
              "print('holding', flush=True)\n"
              "sys.stdin.readline()\n")
    env = {**os.environ, "TUI_GAMES_HOME": str(home)}
    other = subprocess.Popen([sys.executable, "-c", script, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert other.stdout.readline().strip() == "holding", other.stderr.read()
        assert locks.open_elsewhere(path)
        before = path.read_bytes()
        with pytest.raises(SaveInUseError, match="this game is open in another session"):
            Match.resume(path)
        with pytest.raises(SaveFileError, match="open in another session"):
            saves.delete_save(path)
        stranger = Match(TTT, {}, [Seat(), Seat()], seed=1, save_path=path)
        assert stranger.save() == path and "open in another session" in stranger.storage_problem
        assert path.read_bytes() == before and [e.path for e in saves.list_saves()] == [path]
    finally:
        other.kill()  # the lock goes with the process, however it ends
        other.wait(timeout=60)
    assert not locks.open_elsewhere(path)
    resumed = Match.resume(path)
    resumed.play(0)
    assert saves.read_save(path).history == [4, 0]


def test_one_process_may_resume_a_save_it_holds_and_lets_go_when_its_matches_do(home):
    first = _hotseat()
    first.play(4)
    path = first.save_path
    second = Match.resume(path)
    second.play(0)
    first.play(1)  # both belong to this session: neither is refused
    assert not _free(path)
    first.close()
    assert first.closed and not _free(path)
    second.close()
    assert _free(path)
    first.play(3)
    assert saves.read_save(path).history == [4, 1]  # a closed match writes nothing more

    third = Match.resume(path)
    assert not _free(path)
    del third
    gc.collect()
    assert _free(path)


# ----- results come from the replay alone ------------------------------------------------------------
def test_a_result_written_into_an_unfinished_save_is_never_counted(home):
    match = _hotseat()
    match.play(0)
    match.play(3)
    match.close()
    forged = {"opponent": "hotseat", "seats": [{"seat": 7, "outcome": "won", "chips": 1e308}]}
    _doctor(match.save_path, outcome=forged, stats_recorded=False, finished=True, result="X wins")
    assert _table() == []
    resumed = Match.resume(match.save_path)
    assert resumed.outcome == {} and not resumed.stats_recorded
    for action in X_WINS[2:]:
        resumed.play(action)
    assert _table() == [("hotseat, as O", 0, 1, 0), ("hotseat, as X", 1, 0, 0)]


def _finished_with_a_swapped_result():
    match = _hotseat()
    for action in X_WINS:
        match.play(action)
    match.close()
    for suffix in ("", "-wal", "-shm"):
        stats_db().with_name(stats_db().name + suffix).unlink(missing_ok=True)
    stats._checked.clear()
    seats = [{**row, "outcome": {"won": "lost", "lost": "won"}[row["outcome"]], "chips": 1e308}
             for row in json.loads(match.save_path.read_text())["outcome"]["seats"]]
    _doctor(match.save_path, outcome={"opponent": "hotseat", "seats": seats}, stats_recorded=False)
    return match.save_path


def test_a_finished_save_whose_stated_result_is_false_counts_the_real_one(home):
    path = _finished_with_a_swapped_result()
    assert _table() == [("hotseat, as O", 0, 1, 0), ("hotseat, as X", 1, 0, 0)]
    saved = saves.read_save(path)
    assert saved.stats_recorded and [row["outcome"] for row in saved.outcome["seats"]] == ["won", "lost"]
    assert all(row["chips"] is None for row in saved.outcome["seats"])


def test_resuming_a_finished_save_records_the_replayed_result(home):
    path = _finished_with_a_swapped_result()
    resumed = Match.resume(path)
    assert [row["outcome"] for row in resumed.outcome["seats"]] == ["won", "lost"] and resumed.stats_recorded
    assert _table() == [("hotseat, as O", 0, 1, 0), ("hotseat, as X", 1, 0, 0)]


def test_only_a_timed_games_time_is_taken_from_a_save_and_only_when_the_rest_agrees():
    replayed = [stats.SeatResult(0, "won", place=1, points=1.0, deals=1, moves=20)]
    stated = saves.outcome_payload("solo", [dataclasses.replace(replayed[0], seconds=41.5)])
    assert saves.with_saved_times(replayed, stated)[0].seconds == 41.5
    forged = saves.outcome_payload("solo", [dataclasses.replace(replayed[0], seconds=1.0, moves=2)])
    assert saves.with_saved_times(replayed, forged) == replayed


# ----- an emptied statistics file --------------------------------------------------------------------
def test_an_empty_statistics_file_is_moved_aside_and_rebuilt_from_the_saves(home):
    match = _hotseat()
    for action in X_WINS:
        match.play(action)
    stats.take_notices()
    for suffix in ("-wal", "-shm"):
        stats_db().with_name(stats_db().name + suffix).unlink(missing_ok=True)
    stats_db().write_bytes(b"")
    assert _table() == [("hotseat, as O", 0, 1, 0), ("hotseat, as X", 1, 0, 0)]
    (aside,) = stats_db().parent.glob("stats.sqlite3.damaged-*")
    assert aside.stat().st_size == 0
    assert any("the file is empty" in notice for notice in stats.take_notices())


# ----- temp files left by killed writers --------------------------------------------------------------
@pytest.mark.parametrize("when", ["settings are loaded", "a file is written there"])
def test_stale_temp_files_in_the_config_folder_are_cleared(home, monkeypatch, when):
    monkeypatch.setattr(atomic, "_cleared", set(), raising=False)  # cleared once per process
    folder = config_dir()
    folder.mkdir(parents=True)
    stale, fresh = folder / ".settings.json.k2x_9qaz.tmp", folder / ".recent-options.json.a1b2c3d4.tmp"
    others = [folder / ".notes.tmp", folder / "draft.abc12345.tmp"]
    an_hour_ago = time.time() - 3600
    for path in [stale, fresh, *others]:
        path.write_text("half a file")
        if path is not fresh:
            os.utime(path, (an_hour_ago, an_hour_ago))
    if when == "settings are loaded":
        settings.load_settings()
    else:
        assert recent.remember_options(TTT.id, {"params": {}})
    assert not stale.exists() and fresh.exists() and all(path.exists() for path in others)
