"""`tui-games ladder GAME`: the ladder of a server's data folder as text and as JSON, through
tui_games.cli.main."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("openskill")

from tui_games import catalog  # noqa: E402
from tui_games.cli import main  # noqa: E402
from tui_games.ratings.ai_seeds import level_ratings  # noqa: E402
from tui_games.ratings.model import Rating  # noqa: E402
from tui_games.ratings.store import RatingStore  # noqa: E402
from tui_games.ratings.variants import variant_of  # noqa: E402

ALICE = "SHA256:" + "a" * 43
BOB = "SHA256:" + "b" * 43


def _played(folder) -> dict[str, Rating]:
    """Three rated Tic Tac Toe games in ``folder``: alice beats bob twice and draws with the Perfect AI."""
    store = RatingStore(folder)
    variant = variant_of(catalog.get("tic-tac-toe"))
    for _ in range(2):
        store.record_game(variant, [ALICE, BOB], [1, -1], names={ALICE: "alice"})
    store.record_game(variant, ["ai:3", ALICE], [0, 0])
    return {entry.player: entry.rating for entry in store.ladder(variant)}


def test_json_lists_players_and_ai_levels_best_first(tmp_path, capsys):
    ratings = _played(tmp_path)
    assert main(["ladder", "tic-tac-toe", "--data", str(tmp_path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    by_id = {row["id"]: row for row in rows}
    assert set(by_id) == {ALICE, BOB, "ai:1", "ai:2", "ai:3"}
    assert by_id[ALICE] == {"name": "alice", "kind": "player", "id": ALICE,
                            "mu": round(ratings[ALICE].mu, 4), "sigma": round(ratings[ALICE].sigma, 4),
                            "rating": round(ratings[ALICE].conservative, 4), "games": 3}
    assert by_id[BOB]["name"] == BOB and by_id[BOB]["games"] == 2
    assert by_id["ai:3"]["name"] == "AI Perfect (3)" and by_id["ai:3"]["kind"] == "ai" and by_id["ai:3"]["games"] == 1
    seeded = level_ratings("tic-tac-toe")
    assert by_id["ai:1"]["mu"] == round(seeded[1].mu, 4) and by_id["ai:1"]["games"] == 0
    values = [row["rating"] for row in rows]
    assert values == sorted(values, reverse=True)
    assert main(["ladder", "tic-tac-toe", "--data", str(tmp_path), "--json", "--top", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == rows[:2]


def test_text_marks_the_ai_levels_and_shortens_unnamed_keys(tmp_path, capsys):
    _played(tmp_path)
    assert main(["ladder", "tic-tac-toe", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Tic Tac Toe ladder" in out and str(tmp_path) in out.replace("\n", "")
    lines = [line for line in out.splitlines() if "│" in line]
    assert any("alice" in line and "player" in line and " 3 " in line for line in lines)
    assert any("AI Perfect (3)" in line and " AI " in line for line in lines)
    assert any("AI Beginner (1)" in line and "0 (seeded)" in line for line in lines)
    assert any("SHA256:bbbbbbbbbbbb…" in line for line in lines) and BOB not in out


def test_an_empty_ladder_says_so_and_shows_where_the_ai_levels_start(tmp_path, capsys):
    assert main(["ladder", "tic-tac-toe", "--data", str(tmp_path / "none")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"No rated games of Tic Tac Toe yet in {tmp_path / 'none'}.")
    assert "AI Perfect (3)" in out and "seeded" in out
    assert main(["ladder", "nim", "--variant", "heaps=7", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "No rated games of Nim [heaps=7, max_take=3, size=5] yet" in out and "not seeded" in out
    assert main(["ladder", "nim", "--variant", "heaps=7", "--data", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_unknown_games_unrated_games_and_bad_variants_are_refused(tmp_path, capsys):
    assert main(["ladder", "chess", "--data", str(tmp_path)]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert main(["ladder", "2048", "--data", str(tmp_path)]) == 2
    assert "2048 is a one-player game, so it has no ladder" in capsys.readouterr().err
    assert main(["ladder", "blackjack", "--data", str(tmp_path)]) == 2
    assert "every seat plays the dealer" in capsys.readouterr().err
    assert main(["ladder", "nim", "--variant", "heaps=99", "--data", str(tmp_path)]) == 2
    assert "heaps must be at most 8" in capsys.readouterr().err
    assert not (tmp_path / "ratings.sqlite3").exists()


def test_the_default_folder_is_the_servers(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUI_GAMES_HOME", str(tmp_path))
    from tui_games.serve.config import default_data_dir

    _played(default_data_dir())
    assert main(["ladder", "tic-tac-toe", "--json"]) == 0
    assert any(row["name"] == "alice" for row in json.loads(capsys.readouterr().out))


def test_reading_a_ladder_imports_neither_numba_nor_textual_nor_openskill(tmp_path):
    code = ("import sys\n"
            "from tui_games.cli import main\n"
            f"assert main(['ladder', 'doudizhu', '--data', {str(tmp_path)!r}, '--json']) == 0\n"
            "import tui_games.ratings.store, tui_games.ratings.model, tui_games.ratings.variants\n"
            "bad = [m for m in ('numba', 'llvmlite', 'textual', 'openskill') if m in sys.modules]\n"
            "assert not bad, bad\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "TUI_GAMES_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
