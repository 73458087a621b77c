"""Save files: round trip, atomic writes, damaged and newer-version files moved aside, never lost."""

from __future__ import annotations

import json
import os

import pytest

from tui_games import catalog
from tui_games.core.errors import SaveFileError
from tui_games.core.locations import quarantine_dir, saves_dir
from tui_games.match import Match, Seat
from tui_games.store import saves


def _ttt_match(moves=(4, 0)) -> Match:
    match = Match.new(catalog.get("tic-tac-toe"), {}, [Seat(), Seat()], seed=3)
    for action in moves:
        match.play(action)
    return match


def test_round_trip_replays_the_history(home):
    match = _ttt_match()
    loaded = Match.resume(match.save_path)
    assert loaded.state.history == [4, 0]
    assert loaded.state.observation(0) == match.state.observation(0)
    assert loaded.move_log == ["X: b2", "O: a1"]
    raw = json.loads(match.save_path.read_text())
    assert raw["format"] == saves.SAVE_FORMAT and raw["game"] == "tic-tac-toe"
    assert raw["history"] == [4, 0] and raw["seats"] == ["human", "human"]


def test_every_move_auto_saves(home):
    match = _ttt_match(moves=())
    match.play(8)
    assert saves.read_save(match.save_path).history == [8]
    match.undo()
    assert saves.read_save(match.save_path).history == []
    assert saves.read_save(match.save_path).redo == [8]


@pytest.mark.parametrize(
    ("content", "reason"),
    [("{not json", "not valid JSON"), ("[1, 2]", "not a save document"),
     ('{"format": 99, "game": "nim"}', "newer tui-games"), ('{"format": 1, "game": "nim"}', "malformed")],
)
def test_unreadable_saves_are_listed_with_the_reason_and_kept(home, content, reason):
    folder = saves_dir()
    folder.mkdir(parents=True)
    bad = folder / "bad.json"
    bad.write_text(content)
    entries = saves.list_saves()
    assert len(entries) == 1 and entries[0].record is None
    assert reason in entries[0].error
    assert not bad.exists()
    kept = quarantine_dir() / "bad.json"
    assert kept.read_text() == content
    assert saves.list_saves()[0].error == entries[0].error


def test_quarantine_never_overwrites_an_earlier_file(home):
    folder = saves_dir()
    folder.mkdir(parents=True)
    for content in ("first", "second"):
        (folder / "bad.json").write_text(content)
        saves.list_saves()
    kept = sorted(p.read_text() for p in quarantine_dir().iterdir() if p.suffix == ".json")
    assert kept == ["first", "second"]


def test_history_that_does_not_replay_is_refused_and_moved_aside(home):
    match = _ttt_match()
    raw = json.loads(match.save_path.read_text())
    raw["history"] = [4, 4]
    match.save_path.write_text(json.dumps(raw))
    with pytest.raises(SaveFileError, match="do not replay.*already taken"):
        Match.resume(match.save_path)
    assert not match.save_path.exists()
    assert (quarantine_dir() / match.save_path.name).exists()


def test_interrupted_write_keeps_the_previous_save(home):
    match = _ttt_match()
    before = match.save_path.read_text()

    def crash(*args, **kwargs):
        raise OSError("disk unplugged")

    fault = pytest.MonkeyPatch()
    fault.setattr(os, "replace", crash)
    match.play(8)  # a storage fault never raises out of a move
    assert match.state.history == [4, 0, 8]
    assert "could not be saved (disk unplugged)" in match.storage_problem
    assert match.save_path.read_text() == before
    assert [p.name for p in match.save_path.parent.glob(".*.tmp")] == []
    fault.undo()
    match.play(1)
    assert match.storage_problem is None
    assert saves.read_save(match.save_path).history == [4, 0, 8, 1]


def test_unknown_game_in_a_save_is_reported(home):
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = folder / "mystery.json"
    path.write_text(json.dumps({"format": 1, "game": "chess", "seed": 1, "seats": ["human"], "history": []}))
    with pytest.raises(Exception, match="unknown game 'chess'"):
        Match.resume(path)
    assert path.exists() or (quarantine_dir() / "mystery.json").exists()


def test_bundled_examples_all_load_and_replay(home):
    examples = saves.bundled_examples()
    assert examples, "the package ships example saves"
    for entry in examples:
        assert entry.error is None, (entry.path, entry.error)
        match = Match.from_example(entry.path)
        assert match.state.history[: len(entry.record.history)] == entry.record.history
        assert match.save_path.parent == saves_dir()
