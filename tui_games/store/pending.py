"""Results kept in finished saves but not yet in the statistics, recorded from there exactly once.

A Match writes its save (with the result) before the statistics. When the statistics could not be
written then (read-only or damaged file, full disk, a kill between the two writes), the save says
``stats_recorded: false``; :func:`record_pending` records such results when the statistics are
reachable again (the statistics list calls it, and so does a new game). Recording goes by the
game's key, so a result is never counted twice. A match of many deals has one result, kept once its
series is over (its places, points and number of deals), and is recorded the same way.
"""

from __future__ import annotations

from tui_games.core.errors import SaveFileError
from tui_games.core.locations import saves_dir
from tui_games.store import stats
from tui_games.store.saves import outcome_results, read_save, write_save


def record_pending() -> int:
    """Record every finished save's result the statistics lack; returns how many were recorded.

    After a damaged statistics file was replaced, every finished save is recorded again (the fresh
    file starts empty). Raises StorageError when the statistics still cannot be written.
    """
    folder = saves_dir()
    if not folder.is_dir():
        return 0
    rebuild = stats.rebuild_requested()
    recorded = 0
    for path in sorted(folder.glob("*.json")):
        try:
            record = read_save(path)
        except SaveFileError:
            continue  # list_saves reports it and moves it aside
        if not record.outcome or (record.stats_recorded and not rebuild):
            continue
        opponent, results = outcome_results(record.outcome)
        if results and stats.record_game(record.game, opponent, results, record.params,
                                         record.game_key or path.stem, record.updated or None):
            recorded += 1
        if not record.stats_recorded:
            record.stats_recorded = True
            try:
                write_save(path, record, touch=False)
            except OSError:
                pass  # recording again later finds the key and changes nothing
    if rebuild:
        stats.rebuild_done()
    return recorded
