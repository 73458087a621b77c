"""The shipped AI ratings (tui_games/ratings/ai_ratings.json): their shape, and that
scripts/seed_ai_ratings.py made them (its recorded command gives the same entries again for games
whose AIs do not play on a clock)."""

from __future__ import annotations

import importlib.util
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("openskill")

from tui_games import catalog  # noqa: E402
from tui_games.ratings.ai_seeds import FORMAT, level_ratings, read_seeds, seed_rating  # noqa: E402
from tui_games.ratings.variants import unrated_reason, variant_of  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "seed_ai_ratings.py"
REPLAYED = ("tic-tac-toe", "nim")
"""Games whose AIs choose the same moves for the same seed, whatever the machine's speed."""


def _script():
    """The script as a module (for its option parser)."""
    spec = importlib.util.spec_from_file_location("seed_ai_ratings", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["seed_ai_ratings"] = module
    spec.loader.exec_module(module)
    return module


def _run(argv: list[str]) -> None:
    """Run the script as the command line would."""
    done = subprocess.run([sys.executable, str(SCRIPT), *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr


def test_the_shipped_file_seeds_every_rated_game_or_says_why_not():
    data = read_seeds()
    assert data["format"] == FORMAT
    made = data["made_by"]
    assert made["command"].startswith("python scripts/seed_ai_ratings.py")
    assert len(made["date"]) == 10 and made["date"][4] == "-" and made["games_per_pair"] >= 1
    assert data["model"]["name"] == "PlackettLuce"
    rated = {spec.id for spec in catalog.all_specs() if unrated_reason(spec) is None}
    seeded = {entry["game"] for entry in data["variants"].values()}
    assert seeded | set(data["skipped"]) == rated and not seeded & set(data["skipped"])
    for key, entry in data["variants"].items():
        spec = catalog.get(entry["game"])
        assert key == variant_of(spec).key
        levels = {int(level) for level in entry["levels"]}
        assert levels and levels <= set(range(1, spec.max_level + 1))
        assert levels == set(range(1, spec.max_level + 1)) or "note" in entry, key
        for level, value in entry["levels"].items():
            assert value["sigma"] > 0 and value["games"] > 0
            assert value["rating"] == pytest.approx(value["mu"] - 3 * value["sigma"], abs=1e-3)
        means = [value["mu"] for value in entry["levels"].values()]
        assert sum(means) / len(means) == pytest.approx(25.0, abs=1e-3)  # the fit's gauge
        for table in entry["tables"]:
            assert table["games"] >= 1 and set(table["levels"]) <= levels
            results = table["results"]
            if len(table["levels"]) == 2:
                assert results["a_wins"] + results["b_wins"] + results["draws"] == table["games"]
            else:
                assert all(sum(places) == table["games"] for places in results["places"])
            if "role_games" in results:  # a game with sides: a place per side, not per seat
                roles = len(entry["role_offsets"])
                assert all(len(places) == roles for places in results["places"])
                assert all(sum(games) == table["games"] for games in results["role_games"])
                assert all(0 <= won <= games for wins, played in zip(results["role_wins"], results["role_games"])
                           for won, games in zip(wins, played))
        played = {level: sum(t["games"] for t in entry["tables"] if level in t["levels"]) for level in levels}
        assert played == {int(level): value["games"] for level, value in entry["levels"].items()}


def test_seeds_are_read_per_variant_and_level():
    ratings = level_ratings("tic-tac-toe")
    assert set(ratings) == {1, 2, 3}
    assert ratings[1].mu < ratings[3].mu  # the perfect player is above the beginner
    assert seed_rating("tic-tac-toe", 3) == ratings[3]
    assert seed_rating("tic-tac-toe", 9) is None and seed_rating("tic-tac-toe:size=9", 1) is None


def test_the_recorded_command_makes_the_same_entries_again(tmp_path):
    data = read_seeds()
    parser = _script().build_parser()
    for game in REPLAYED:
        key = variant_of(catalog.get(game)).key
        command = data["variants"][key].get("made_by", data["made_by"])["command"]
        recorded = parser.parse_args(shlex.split(command)[2:])
        out = tmp_path / f"{game}.json"
        assert not any(table["cut_short"] for table in data["variants"][key]["tables"])
        argv = ["--games", str(recorded.games), "--seed", str(recorded.seed), "--table-seconds", "1e6",
                "--jobs", "1", "--quiet", "--out", str(out), "--only", game]  # no clock: every game, however slow
        _run(argv)
        again = read_seeds(out)
        assert again["made_by"]["command"] == "python scripts/seed_ai_ratings.py " + shlex.join(argv)
        for part in ("levels", "tables"):
            shipped = data["variants"][key][part]
            made = again["variants"][key][part]
            if part == "tables":
                shipped = [{k: v for k, v in t.items() if k != "seconds"} for t in shipped]
                made = [{k: v for k, v in t.items() if k != "seconds"} for t in made]
            assert made == shipped, (game, part)


def test_a_tiny_run_is_the_same_twice_and_fits_what_it_played(tmp_path):
    files = []
    for name in ("one", "two"):
        files.append(tmp_path / f"{name}.json")
        _run(["--games", "2", "--jobs", "1", "--quiet", "--only", "nim3p", "--out", str(files[-1])])
    one, two = (read_seeds(path) for path in files)
    key = variant_of(catalog.get("nim3p")).key
    assert one["variants"][key]["levels"] == two["variants"][key]["levels"]
    tables = one["variants"][key]["tables"]
    assert [t["levels"] for t in tables] == [[1, 2, 1], [2, 1, 2], [2, 3, 2], [3, 2, 3], [1, 3, 1], [3, 1, 3]]
    assert all(t["games"] == 3 for t in tables)  # one rotation of three seats covers 2 games a pair
    assert set(one["skipped"]) == {spec.id for spec in catalog.all_specs()
                                   if unrated_reason(spec) is None and spec.id != "nim3p"}
    _run(["--games", "2", "--jobs", "1", "--quiet", "--only", "nim", "--out", str(files[0]), "--update"])
    merged = read_seeds(files[0])
    nim = variant_of(catalog.get("nim")).key
    assert set(merged["variants"]) == {key, nim}
    assert merged["variants"][key] == one["variants"][key]  # kept, with the command that made it
    assert "--only nim3p" in merged["variants"][key]["made_by"]["command"]
    assert "--only nim --out" in merged["variants"][nim]["made_by"]["command"] == merged["made_by"]["command"]
    assert "nim" not in merged["skipped"] and "nim3p" not in merged["skipped"] and "uno" in merged["skipped"]
