"""Statistics: one transaction per finished game, totals, streaks, places and points, figures named
by each game, and the schema version with its migrations."""

from __future__ import annotations

import sqlite3

import pytest

from tui_games import catalog
from tui_games.core.errors import StorageError
from tui_games.core.locations import stats_db
from tui_games.match import Match, Seat
from tui_games.store import stats
from seat_ais import seat_ai


def _finish_ttt(moves: list[int], seats=None) -> Match:
    match = Match.new(catalog.get("tic-tac-toe"), {}, seats or [Seat(), Seat()], seed=1)
    for action in moves:
        match.play(action)
    assert match.is_over
    return match


X_WINS = [0, 3, 1, 4, 2]
O_WINS = [0, 3, 1, 4, 8, 5]
DRAW = [0, 4, 2, 1, 7, 3, 5, 8, 6]


def test_a_hotseat_game_counts_once_for_each_seat(home):
    """One hotseat game is one game: each seat's row says played 1 (not 'Played 2, Won 1, Lost 1')."""
    _finish_ttt(X_WINS)
    rows = [(r.game_id, r.opponent, r.played, r.won, r.lost, r.drawn) for r in stats.summary()]
    assert rows == [("tic-tac-toe", "hotseat, as O", 1, 0, 1, 0), ("tic-tac-toe", "hotseat, as X", 1, 1, 0, 0)]
    _finish_ttt(DRAW)
    _finish_ttt(O_WINS)
    by_seat = {r.opponent: (r.played, r.won, r.lost, r.drawn) for r in stats.summary()}
    assert by_seat == {"hotseat, as X": (3, 1, 1, 1), "hotseat, as O": (3, 1, 1, 1)}
    connection = sqlite3.connect(stats_db())
    assert connection.execute("SELECT COUNT(DISTINCT game_key) FROM results").fetchone()[0] == 3


def test_game_against_ai_counts_for_the_human_only(home):
    match = Match.new(catalog.get("tic-tac-toe"), {}, [Seat(), Seat("ai", 3)], seed=2)
    while not match.is_over:
        match.play(seat_ai(match, 1).choose(match.state.clone()) if match.ai_to_move else match.state.legal_actions()[0])
    (row,) = stats.summary()
    assert row.opponent == "AI Perfect (3)"
    assert row.played == 1 and row.won == 0


def test_a_finished_game_is_recorded_once_even_if_saved_again(home):
    match = _finish_ttt(X_WINS, seats=[Seat(), Seat("ai", 1)])
    match.save()
    match.undo()
    match.play(2)
    assert stats.summary()[0].played == 1


def test_streaks_and_win_percentage(home):
    for moves in (X_WINS, X_WINS, O_WINS, DRAW, X_WINS, X_WINS, X_WINS):
        _finish_ttt(moves, seats=[Seat(), Seat("ai", 2)])
    (row,) = stats.summary()
    assert (row.played, row.won, row.lost, row.drawn) == (7, 5, 1, 1)
    assert row.current_streak == 3 and row.best_streak == 3
    assert row.win_pct == pytest.approx(500 / 7)


def test_figures_are_shown_per_game_with_the_names_the_game_gives_them(home):
    stats.record_game("2048", "solo", [stats.SeatResult(0, "lost", score=1200, best_tile=128)])
    stats.record_game("2048", "solo", [stats.SeatResult(0, "won", score=30000, best_tile=2048)])
    stats.record_game("blackjack", "dealer", [stats.SeatResult(0, "won", chips=1.5, deals=4)])
    stats.record_game("blackjack", "dealer", [stats.SeatResult(0, "lost", chips=-2.0, deals=3)])
    stats.record_game("nim", "hotseat", [stats.SeatResult(0, "won", place=1), stats.SeatResult(1, "lost", place=2)])
    g2048, blackjack = stats.game_figures()  # by game id; nim recorded no figure: it has no line
    assert (g2048.game_id, g2048.best_score, g2048.best_tile) == ("2048", 30000, 2048)
    assert g2048.lines() == ["best score 30000", "best tile 2048"]
    assert blackjack.chips_history == [1.5, -0.5] and blackjack.chips_deals == 7
    assert blackjack.lines() == ["bankroll -0.5 over 7 rounds in 2 sittings"]  # Blackjack's spec names them


def test_places_and_points_are_recorded_and_counted(home):
    three_seats = [stats.SeatResult(0, "won", place=1, points=102.0, deals=9),
                   stats.SeatResult(1, "lost", place=3, points=40.0, deals=9)]
    stats.record_game("nim", "hotseat", three_seats, game_key="g1")
    stats.record_game("nim", "hotseat", [stats.SeatResult(0, "lost", place=2, points=88.0, deals=7),
                                         stats.SeatResult(1, "won", place=1, points=100.0, deals=7)], game_key="g2")
    by_seat = {row.opponent: row for row in stats.summary()}
    nim = catalog.get("nim")
    first, second = (by_seat[f"hotseat, as {nim.seat_name(seat)}"] for seat in (0, 1))
    assert (first.places, first.best_points, first.deals) == ({1: 1, 2: 1}, 102.0, 16)
    assert (second.places, second.best_points) == ({3: 1, 1: 1}, 100.0)
    (figures,) = stats.game_figures()
    assert figures.lines() == ["best points 102", "places 1st x2, 2nd x1, 3rd x1"]
    with sqlite3.connect(stats_db()) as connection:
        stored = connection.execute("SELECT place, points, deals FROM results ORDER BY id").fetchall()
    assert stored == [(1, 102.0, 9), (3, 40.0, 9), (2, 88.0, 7), (1, 100.0, 7)]


def _code_without_docstrings(source: str) -> str:
    """``source`` as code alone: docstrings and comments left out (they may name a game as an example)."""
    import ast
    import textwrap

    tree = ast.parse(textwrap.dedent(source))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):  # a bare string statement is a docstring (of a module, class, attribute)
            body[:] = [ast.Pass() if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                       and isinstance(statement.value.value, str) else statement for statement in body]
    return ast.unparse(tree)


def test_shared_statistics_saves_and_series_code_names_no_game():
    import inspect
    import re

    from tui_games import cli, series_replay as series
    from tui_games.core import series as series_rules
    from tui_games.store import pending, saves
    from tui_games.ui.screens import stats as stats_screen

    modules = (stats, pending, saves, series, series_rules, stats_screen)
    sources = {module.__name__: _code_without_docstrings(inspect.getsource(module)) for module in modules}
    sources["cli.cmd_stats"] = _code_without_docstrings(inspect.getsource(cli.cmd_stats))
    example = 'def f():\n    """about 2048"""\n    x = 1\n    """2048 too"""\n    return "blackjack"  # 2048\n'
    assert _code_without_docstrings(example).count("2048") == 0 and "blackjack" in _code_without_docstrings(example)
    for game_id in catalog.ids():
        spec = catalog.get(game_id)
        for name in {game_id, spec.title, spec.package.rsplit(".", 1)[-1]}:
            for where, source in sources.items():
                assert not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", source, re.IGNORECASE), (where, name)


def _version_0_file(path, rows) -> None:
    """A statistics file as version 0 of the program made it (its CREATE TABLE, no user_version)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as connection:
        connection.executescript(stats.SCHEMA)
        connection.executemany("INSERT INTO results (game, opponent, seat, outcome, score, best_tile, chips,"
                               " game_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    connection.close()


OLD_ROWS = [("tic-tac-toe", "hotseat", 0, "won", None, None, None, "a"),
            ("tic-tac-toe", "hotseat", 1, "lost", None, None, None, "a"),
            ("2048", "solo", 0, "lost", 5000.0, 512, None, "b"),
            ("blackjack", "dealer", 0, "won", None, None, 1.5, "c"),
            ("nim", "AI Casual (2)", 0, "drawn", None, None, None, "d")]


def test_a_version_0_file_is_migrated_keeping_its_rows(home):
    path = stats_db()
    _version_0_file(path, OLD_ROWS)
    with sqlite3.connect(path) as connection:
        assert stats.schema_version(connection) == 0
    rows = {(r.game_id, r.opponent): r for r in stats.summary()}
    assert len(rows) == 5 and rows[("2048", "solo")].best_score == 5000
    with sqlite3.connect(path) as connection:
        assert stats.schema_version(connection) == stats.SCHEMA_VERSION
        migrated = connection.execute("SELECT game, outcome, place, points, deals FROM results ORDER BY id").fetchall()
    assert migrated == [("tic-tac-toe", "won", 1, 1.0, 1), ("tic-tac-toe", "lost", 2, -1.0, 1),
                        ("2048", "lost", 1, 5000.0, 1), ("blackjack", "won", None, 1.5, 1),
                        ("nim", "drawn", 1, 0.0, 1)]
    assert stats.record_game("nim", "hotseat", [stats.SeatResult(0, "won", place=1, points=1, deals=1)], game_key="e")
    assert not stats.record_game("tic-tac-toe", "hotseat", [stats.SeatResult(0, "won")], game_key="a")
    stats.summary()  # opening a migrated file again changes nothing
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 6


def test_a_version_0_file_that_cannot_be_written_is_read_as_it_stands(home, monkeypatch):
    path = stats_db()
    _version_0_file(path, OLD_ROWS)
    real_connect = sqlite3.connect

    def read_only(database, *args, **kwargs):
        if kwargs.get("uri"):
            return real_connect(database, *args, **kwargs)
        return real_connect(f"{path.resolve().as_uri()}?mode=ro", *args, uri=True, **kwargs)

    monkeypatch.setattr(stats.sqlite3, "connect", read_only)
    rows = {(r.game_id, r.opponent): r for r in stats.summary()}
    assert rows[("blackjack", "dealer")].chips_history == [1.5] and rows[("blackjack", "dealer")].places == {}
    monkeypatch.undo()
    with sqlite3.connect(path) as connection:
        assert stats.schema_version(connection) == 0


def test_a_file_of_a_newer_version_is_read_but_not_written(home):
    stats.record_game("nim", "hotseat", [stats.SeatResult(0, "won")], game_key="k")
    with sqlite3.connect(stats_db()) as connection:
        connection.execute(f"PRAGMA user_version = {stats.SCHEMA_VERSION + 1}")
    with pytest.raises(StorageError, match="newer tui-games"):
        stats.record_game("nim", "hotseat", [stats.SeatResult(0, "won")], game_key="k2")
    assert [row.played for row in stats.summary()] == [1]


def test_database_uses_wal_and_rejects_bad_outcomes(home):
    assert stats.summary() == []
    with pytest.raises(ValueError, match="outcome"):
        stats.record_game("nim", "hotseat", [stats.SeatResult(0, "victory")])
    connection = sqlite3.connect(stats_db())
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 0
