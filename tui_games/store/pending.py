"""Results kept in finished saves but not yet in the statistics, recorded from there exactly once.

A Match writes its save (with the result) before the statistics. When the statistics could not be
written then (read-only or damaged file, full disk, a kill between the two writes), the save says
``stats_recorded: false``; :func:`record_pending` records such results when the statistics are
reachable again (:func:`tui_games.match.record_pending_results` calls it with the match's replay when
a new game starts and before the statistics are shown). Recording goes by the
game's key, so a result is never counted twice. A match of many deals has one result, kept once its
series is over (its places, points and number of deals), and is recorded the same way.

The result recorded is never the one the save states (anyone can write one into a file): it is
computed again by replaying the save's moves, and a save whose moves do not end the game has none.
A save another session has open is left to that session.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from tui_games.core.errors import SaveFileError, SaveInUseError
from tui_games.core.locations import saves_dir
from tui_games.store import locks, stats
from tui_games.store.saves import SaveRecord, outcome_results, read_save, write_save

Replay = Callable[[SaveRecord], dict]
"""Replays a save and gives its game's result in the save's form (:attr:`SaveRecord.outcome`), {} when
its moves do not end the game; SaveFileError when they do not replay."""


def record_pending(replay: Replay) -> int:
    """Record every finished save's result the statistics lack, each computed by ``replay``; returns
    how many were recorded.

    After a damaged statistics file was replaced, every finished save is recorded again (the fresh
    file starts empty; a save another session has open keeps that request until it is recorded).
    Raises StorageError when the statistics still cannot be written.
    """
    folder = saves_dir()
    if not folder.is_dir():
        return 0
    rebuild = stats.rebuild_requested()
    recorded = 0
    every_save_seen = True
    for path in sorted(folder.glob("*.json")):
        try:
            record = read_save(path)
        except SaveFileError:
            continue  # list_saves reports it and moves it aside
        if not record.outcome or (record.stats_recorded and not rebuild):
            continue
        try:
            lock = locks.claim(path)
        except SaveInUseError:
            every_save_seen = False  # the session that has it open records it
            continue
        try:
            recorded += _record_replayed(path, record, replay)
        finally:
            if lock is not None:
                lock.release()
    if rebuild and every_save_seen:
        stats.rebuild_done()
    return recorded


def _record_replayed(path: Path, record: SaveRecord, replay: Replay) -> int:
    """Record the result ``replay`` computes for the save ``path`` holding ``record`` and mark the
    save recorded (a stated result its moves do not bear out is removed); 1 when it was recorded."""
    try:
        outcome = replay(record)
    except SaveFileError:
        return 0  # resuming it reports why and moves it aside
    recorded = 0
    if outcome:
        opponent, results = outcome_results(outcome)
        if results and stats.record_game(record.game, opponent, results, record.params,
                                         record.game_key or path.stem, record.updated or None):
            recorded = 1
    else:
        record.finished, record.result = False, ""
    if record.outcome != outcome or not record.stats_recorded:
        record.outcome, record.stats_recorded = outcome, bool(outcome)
        try:
            write_save(path, record, touch=False)
        except OSError:
            pass  # recording again later finds the key and changes nothing
    return recorded
