"""The command line, run as a player would (without the full-screen UI)."""

from __future__ import annotations

import json
import subprocess
import sys

from tui_games import __version__
from tui_games.cli import main


def test_version(capsys):
    try:
        main(["--version"])
    except SystemExit as exit_:
        assert exit_.code == 0
    assert capsys.readouterr().out.strip() == f"tui-games {__version__}"


def test_list_shows_every_game(capsys):
    from tui_games import catalog

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for spec in catalog.all_specs():
        assert spec.id in out


def test_bad_arguments_get_clear_messages(capsys, home):
    assert main(["play", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert main(["play", "nim", "--set", "heaps=0"]) == 2
    assert "heaps must be at least 1" in capsys.readouterr().err
    assert main(["play", "tic-tac-toe", "--seat", "human"]) == 2
    assert "Tic Tac Toe takes 2 players, not 1" in capsys.readouterr().err
    assert main(["play", "tic-tac-toe", "--seat", "human", "--seat", "ai:7"]) == 2
    assert "levels are 1..3" in capsys.readouterr().err
    assert main(["resume"]) == 1
    assert "No unfinished saved game" in capsys.readouterr().err


def test_arena_reports_a_confidence_interval(capsys):
    assert main(["arena", "tic-tac-toe", "--a", "ai:3", "--b", "ai:1", "--games", "6", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "6 games" in out and "95% CI" in out
    assert "B wins 0" in out


def test_stats_after_a_game(capsys, home):
    from tui_games import catalog
    from tui_games.match import Match, Seat

    match = Match.new(catalog.get("nim"), {"heaps": 1, "size": 2, "max_take": 2}, [Seat(), Seat()], seed=1)
    match.play(match.state.encode(0, 2))
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Nim" in out and "hotseat" in out


def test_bench_json_schema(home):
    done = subprocess.run(
        [sys.executable, "-m", "tui_games", "bench", "nim", "--json", "--seconds", "0.2", "--no-compare"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"nim"}
    assert data["nim"]["playouts_per_s"] > 0 and data["nim"]["games"] > 0


def test_stats_on_a_damaged_file_says_so_and_starts_afresh(capsys, home):
    from tui_games.core.locations import stats_db
    from tui_games.store import stats

    path = stats_db()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00garbage, not a database" * 100)
    stats._checked.clear()
    assert main(["stats"]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert "The statistics file was damaged (file is not a database); it was moved aside to " in captured.out
    aside = list(path.parent.glob("stats.sqlite3.damaged-*"))
    assert len(aside) == 1 and str(aside[0]) in captured.out
    assert aside[0].read_bytes().startswith(b"\x00garbage")
    assert "No finished games yet." in captured.out


def test_resume_of_a_bad_file_reports_the_reason_and_opens_no_app(capsys, home, monkeypatch, tmp_path):
    import types

    from tui_games.core.locations import quarantine_dir, saves_dir

    def no_app(*args, **kwargs):
        raise AssertionError("the app must not open for a bad save")

    monkeypatch.setitem(sys.modules, "tui_games.ui.app", types.SimpleNamespace(run_app=no_app))
    saves_dir().mkdir(parents=True)
    bad = saves_dir() / "bad.json"
    bad.write_text('{"format": 1, "game": "nim", "seed": 1e999, "seats": ["human", "human"], "history": []}')
    assert main(["resume", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "seed is not a whole number (inf)" in err and "moved aside to" in err
    assert not bad.exists() and (quarantine_dir() / "bad.json").exists()

    elsewhere = tmp_path / "mine.json"
    elsewhere.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["resume", str(elsewhere)]) == 2
    assert "nested too deeply" in capsys.readouterr().err
    assert elsewhere.exists()  # only files in the saves folder are moved aside

    assert main(["resume", str(tmp_path / "missing.json")]) == 2
    assert "no save file at" in capsys.readouterr().err


def _parse_error(capsys, argv: list[str]) -> str:
    try:
        main(argv)
    except SystemExit as exit_:
        assert exit_.code == 2
        return capsys.readouterr().err
    raise AssertionError(f"{argv} was accepted")


def test_arena_and_bench_refuse_zero_or_negative_counts_and_durations(capsys):
    for games in ("0", "-3", "two"):
        err = _parse_error(capsys, ["arena", "nim", "--a", "ai:1", "--b", "ai:2", "--games", games])
        assert f"argument --games: must be a whole number of at least 1 (got '{games}')" in err
    for seconds in ("0", "-1", "nan", "inf"):
        err = _parse_error(capsys, ["bench", "nim", "--seconds", seconds])
        assert f"argument --seconds: must be a number of seconds above 0 (got '{seconds}')" in err


def test_arena_and_the_library_accept_negative_seeds_and_refuse_no_games(capsys):
    import pytest

    from tui_games.arena import run_arena
    from tui_games.bench import run_bench
    from tui_games.core.errors import InvalidParameterError

    assert main(["arena", "2048", "--a", "ai:1", "--b", "ai:2", "--games", "1", "--seed", "-3", "--quiet"]) == 0
    assert "1 game each" in capsys.readouterr().out
    assert main(["arena", "tic-tac-toe", "--a", "ai:1", "--b", "ai:2", "--games", "2", "--seed", "-3",
                 "--quiet"]) == 0
    with pytest.raises(InvalidParameterError, match="at least 1"):
        run_arena("nim", 1, 2, 0)
    with pytest.raises(InvalidParameterError, match="above 0"):
        run_bench(["nim"], -1.0)


def test_bench_explains_its_missing_peer_column(capsys):
    assert main(["bench", "nim", "--seconds", "0.05", "--no-compare"]) == 0
    out = capsys.readouterr().out
    assert "- : no peer figure (comparison skipped with --no-compare)" in out
    assert main(["bench", "sim", "--seconds", "0.05"]) == 0
    assert "no other engine plays sim" in capsys.readouterr().out


def test_bench_times_the_peer_its_catalogue_entry_names(capsys):
    from tui_games.bench import run_bench

    results = run_bench(["hex", "leduc-holdem"], 0.05)
    assert results["hex"]["peer"] == "OpenSpiel hex" and results["hex"]["speedup_vs_peer"] > 0
    assert results["leduc-holdem"]["peer"] == "OpenSpiel leduc_poker"
    assert results["leduc-holdem"]["speedup_vs_openspiel"] == results["leduc-holdem"]["speedup_vs_peer"]


def test_seat_count_and_repeated_parameters_are_not_silently_changed(capsys, home):
    from tui_games.cli import _start_from_args, build_parser
    from tui_games.match import Seat

    assert main(["play", "blackjack", "--set", "seats=2", "--seat", "human"]) == 2
    assert "seats=2 but 1 seat given" in capsys.readouterr().err
    assert main(["play", "nim", "--set", "heaps=2", "--set", "heaps=3"]) == 2
    assert "--set heaps is given twice" in capsys.readouterr().err
    start = _start_from_args(build_parser().parse_args(["play", "blackjack", "--set", "seats=2"]))
    assert start["params"]["seats"] == 2 and start["seats"] == [Seat(), Seat("ai", 2)]
    start = _start_from_args(build_parser().parse_args(["play", "blackjack", "--seat", "human", "--seat", "ai:3"]))
    assert start["seats"] == [Seat(), Seat("ai", 3)] and start["params"]["seats"] == 2
    from tui_games import catalog
    from tui_games.match import Match

    match = Match(catalog.get("blackjack"), start["params"], start["seats"], seed=5)
    assert match.state.num_players == 2
