"""The ratings file: WAL mode, one transaction per rated game, round trips, seeded AI levels, and
two processes rating games into one file at once."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("openskill")

from tui_games import catalog  # noqa: E402
from tui_games.core.errors import StorageError  # noqa: E402
from tui_games.ratings.model import Rating, rate_game  # noqa: E402
from tui_games.ratings.store import FILE_NAME, RatingStore  # noqa: E402
from tui_games.ratings.variants import variant_of  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NIM = variant_of(catalog.get("nim"))
SEEDS = {(NIM.key, 1): Rating(18.0, 1.5), (NIM.key, 3): Rating(33.0, 1.0)}


def _seeds(key: str, level: int) -> Rating | None:
    return SEEDS.get((key, level))


def test_the_file_is_in_wal_mode_with_its_tables(tmp_path):
    store = RatingStore(tmp_path / "server", seeds=_seeds)
    assert store.journal_mode() == "wal"
    assert store.path == tmp_path / "server" / FILE_NAME
    query = "SELECT name FROM sqlite_master WHERE type = 'table'"
    tables = {row[0] for row in sqlite3.connect(store.path).execute(query)}
    assert {"ratings", "rated_games", "rated_seats", "players"} <= tables


def test_a_rated_game_round_trips_with_ratings_before_and_after(tmp_path):
    store = RatingStore(tmp_path, seeds=_seeds)
    game = store.record_game(NIM, ["SHA256:alice", "ai:3"], [1.0, -1.0], names={"SHA256:alice": "alice"},
                             game_key="room-ABCD-1", finished_at="2025-01-02T03:04:05Z")
    expected = rate_game({"ai:3": Rating(33.0, 1.0)}, ["SHA256:alice", "ai:3"], [1.0, -1.0])
    assert game is not None and game.variant == NIM.key and game.finished_at == "2025-01-02T03:04:05Z"
    alice, ai = game.seats
    assert (alice.player, alice.place, alice.result, alice.before) == ("SHA256:alice", 1, 1.0, Rating())
    assert ai.before == Rating(33.0, 1.0)  # the AI level starts from its seed
    assert alice.after == expected["SHA256:alice"] and ai.after == expected["ai:3"]
    assert store.rating(NIM, "SHA256:alice") == expected["SHA256:alice"]
    assert store.games(NIM) == [game]
    assert store.record_game(NIM, ["SHA256:alice", "ai:3"], [1.0, -1.0], game_key="room-ABCD-1") is None
    assert len(store.games(NIM)) == 1
    ladder = store.ladder(NIM, levels=[1, 2, 3])
    assert [(e.player, e.games, e.name) for e in ladder] == [
        ("ai:3", 1, None), ("ai:1", 0, None), ("SHA256:alice", 1, "alice")]
    assert ladder[1].rating == Rating(18.0, 1.5)  # seeded, no games here; level 2 has no seed
    assert ladder[0].rating.conservative > ladder[1].rating.conservative > ladder[2].rating.conservative


def test_each_variant_has_its_own_ratings(tmp_path):
    store = RatingStore(tmp_path, seeds=_seeds)
    bigger = variant_of(catalog.get("nim"), {"heaps": 5})
    store.record_game(NIM, ["a", "b"], [1, -1])
    assert store.rating(bigger, "a") == Rating()
    assert store.ladder(bigger) == []
    assert store.rating(bigger, "ai:3") == Rating()  # not seeded there


def test_a_failed_rating_writes_nothing(tmp_path):
    store = RatingStore(tmp_path, seeds=_seeds)
    with pytest.raises(ValueError):
        store.record_game(NIM, ["a", "b", "c"], [1, 0, 0], sides=[[0], [1]])
    assert store.games(NIM) == [] and store.ladder(NIM) == []


def test_sides_and_places_are_stored_per_seat(tmp_path):
    store = RatingStore(tmp_path, seeds=lambda key, level: None)
    doudizhu = variant_of(catalog.get("doudizhu"))
    game = store.record_game(doudizhu, ["x", "y", "z"], [2.0, -4.0, 2.0], sides=[[1], [0, 2]])
    assert [(s.side, s.place) for s in game.seats] == [(1, 1), (0, 2), (1, 1)]
    assert store.games(doudizhu)[0] == game


WRITER = """
import sys
import time
from tui_games import catalog
from tui_games.ratings.store import RatingStore
from tui_games.ratings.variants import variant_of
store = RatingStore(sys.argv[1], seeds=lambda key, level: None)
variant = variant_of(catalog.get("nim"))
me, games = sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
sys.stdin.readline()
for n in range(games):
    store.record_game(variant, [me, "common"], [1.0, -1.0] if n % 2 else [-1.0, 1.0], game_key=f"{me}-{n}")
    time.sleep(0.01)  # a room between two games: the other process gets the lock in between
print("done", flush=True)
"""


def test_two_processes_rating_at_once_lose_no_update(tmp_path):
    games = 80
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), name, str(games)], cwd=ROOT,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for name in ("p1", "p2")]
    for writer in writers:
        assert writer.stdout.readline().strip() == "ready", writer.stderr.read()
    for writer in writers:  # both start writing together
        writer.stdin.write("go\n")
        writer.stdin.flush()
    for writer in writers:
        out, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err
        assert out.strip() == "done"
    store = RatingStore(tmp_path, seeds=lambda key, level: None)
    rated = list(reversed(store.games(NIM, limit=1000)))
    assert len(rated) == 2 * games
    counts = {entry.player: entry.games for entry in store.ladder(NIM)}
    assert counts == {"p1": games, "p2": games, "common": 2 * games}
    # Serialised: each game started from the ratings the one before it left, whichever process wrote it.
    current: dict[str, Rating] = {}
    for game in rated:
        for seat in game.seats:
            assert seat.before == current.get(seat.player, Rating())
        players = [seat.player for seat in game.seats]
        expected = rate_game(current, players, [seat.result for seat in game.seats])
        for seat in game.seats:
            assert seat.after == expected[seat.player]
        current.update(expected)
    assert {p: store.rating(NIM, p) for p in current} == current
    order = [game.seats[0].player for game in rated]
    switches = sum(1 for a, b in zip(order, order[1:]) if a != b)
    assert switches >= 2, order  # the two really wrote at the same time (A ... B ... A at least)


def test_a_file_that_cannot_be_used_raises_storage_error(tmp_path):
    (tmp_path / FILE_NAME).write_bytes(b"this is no database" * 100)
    store = RatingStore(tmp_path, seeds=_seeds)
    with pytest.raises(StorageError, match="cannot be used"):
        store.record_game(NIM, ["a", "b"], [1, -1])
    newer = RatingStore(tmp_path / "newer", seeds=_seeds)
    newer.journal_mode()
    sqlite3.connect(newer.path).execute("PRAGMA user_version = 99").connection.commit()
    with pytest.raises(StorageError, match="newer tui-games"):
        newer.ladder(NIM)
