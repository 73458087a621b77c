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
    assert "takes 2-2 seats" in capsys.readouterr().err
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
