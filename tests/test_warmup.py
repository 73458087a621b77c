"""Getting games ready: per-part markers after precompile, parts prepared once per process, the
background warmer (preferred game first, pause, stop ending its child process), a foreground prepare
waiting for the warmer."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from tui_games import catalog, warmup

TTT = catalog.get("tic-tac-toe")
NIM = catalog.get("nim")


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """A process that has prepared nothing yet, markers in a throw-away folder, and a record of the
    child processes that would have been started."""
    monkeypatch.setattr(warmup, "_slots", {})
    monkeypatch.setattr(warmup, "marker", lambda spec, part: tmp_path / f"{spec.id}-{part}.ok")
    children: list[tuple[str, list[int]]] = []

    def fake_child(spec, levels, report, started=lambda child: None):
        children.append((spec.id, list(levels)))
        report(f"Preparing {spec.title}: rules", 0, 2)
        return True

    monkeypatch.setattr(warmup, "_compile_in_subprocess", fake_child)
    return children


def _new_process(monkeypatch):
    monkeypatch.setattr(warmup, "_slots", {})


def test_after_precompile_any_set_of_levels_opens_without_a_child_process(fresh, monkeypatch):
    warmup.prepare(TTT, [1, 2, 3], isolated=False)  # what `tui-games precompile` does
    for levels in ([2], [1], [3], [1, 3]):
        _new_process(monkeypatch)
        warmup.prepare(TTT, levels)  # what opening a game does
    assert fresh == []


def test_the_first_open_compiles_in_a_child_process_once(fresh, monkeypatch):
    warmup.prepare(TTT, [2])
    assert fresh == [("tic-tac-toe", [2])]
    _new_process(monkeypatch)
    warmup.prepare(TTT, [2])
    assert len(fresh) == 1
    _new_process(monkeypatch)
    warmup.prepare(TTT, [3])  # a level never compiled: the child process again, for that level only
    assert fresh[-1] == ("tic-tac-toe", [3])


def test_parts_prepared_in_this_process_are_not_prepared_again(fresh, monkeypatch):
    steps: list[str] = []
    warmup.prepare(TTT, [1, 3], lambda message, step, total: steps.append(message))
    assert warmup.is_ready(TTT, [1, 3]) and not warmup.is_ready(TTT, [2])
    assert any("AI Perfect" in message for message in steps)
    calls = []
    monkeypatch.setattr(warmup, "_prepare_parts", lambda *args, **kwargs: calls.append(args))
    again: list[tuple] = []
    warmup.prepare(TTT, [3], lambda message, step, total: again.append((message, step, total)))
    assert calls == []
    assert again == [("Preparing Tic Tac Toe", 0, 3), ("Tic Tac Toe is ready", 3, 3)]


def test_background_warmer_prepares_every_game_preferred_first(fresh):
    order: list[str] = []
    original = warmup._prepare_parts

    def recording(spec, parts, *args, **kwargs):
        order.append(spec.id)
        return original(spec, parts, *args, **kwargs)

    warmup._prepare_parts = recording
    try:
        warmer = warmup.BackgroundWarmer([TTT, NIM])
        warmer.prefer("nim")
        warmer.start()
        assert warmer.finished.wait(300)
    finally:
        warmup._prepare_parts = original
    assert warmer.errors == {}
    assert order[0] == "nim"
    assert warmup.is_ready(TTT, [1, 2, 3]) and warmup.is_ready(NIM, [1, 2, 3])
    assert {game for game, levels in fresh} == {"tic-tac-toe", "nim"}  # no markers: compiled aside first


def test_a_foreground_prepare_waits_for_the_warmer_and_hears_its_progress(fresh):
    warmup.prepare(TTT, [1], isolated=False)
    slot = warmup._slot(TTT.id)
    heard: list[str] = []
    with slot.lock:  # the warmer is busy with this game
        opener = threading.Thread(target=warmup.prepare,
                                  args=(TTT, [1], lambda message, step, total: heard.append(message)))
        opener.start()
        while not slot._listeners:
            time.sleep(0.01)
        slot.report("Preparing Tic Tac Toe: AI Casual", 1, 4)
    opener.join(60)
    assert heard[0] == "Preparing Tic Tac Toe: AI Casual"
    assert heard[-1] == "Tic Tac Toe is ready"


def test_a_paused_warmer_waits_and_a_stopped_one_ends_its_child_process(fresh, monkeypatch):
    children: list[subprocess.Popen] = []

    def slow_child(spec, levels, report, started=lambda child: None):
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        children.append(child)
        started(child)
        return child.wait() == 0

    monkeypatch.setattr(warmup, "_compile_in_subprocess", slow_child)
    warmer = warmup.BackgroundWarmer([NIM])
    warmer.pause()
    warmer.start()
    assert not warmer.finished.wait(0.5)
    assert children == []  # paused: nothing started
    warmer.pause(False)
    for _ in range(200):
        if children:
            break
        warmer.finished.wait(0.05)
    assert children, "the warmer did not start compiling"
    warmer.stop(timeout=10)
    assert children[0].wait(10) is not None
    assert warmer.finished.is_set() and not warmer.running


def test_no_child_process_when_the_kernel_cache_cannot_be_written(fresh, monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setattr(warmup, "marker", lambda spec, part: blocker / "cache" / f"{part}.ok")
    warmup.prepare(TTT, [2])  # compiles (or loads) here: a child's compiling could not be kept
    assert fresh == []
    assert warmup.is_ready(TTT, [2])


def test_precompile_command_vouches_for_the_rules_and_every_ai_level():
    parts = [warmup.RULES, *range(1, TTT.max_level + 1)]
    for part in parts:
        warmup.marker(TTT, part).unlink(missing_ok=True)
    done = subprocess.run([sys.executable, "-m", "tui_games", "precompile", "tic-tac-toe"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].endswith("Tic Tac Toe is ready")
    assert all(warmup.marker(TTT, part).exists() for part in parts)


def test_warmup_is_below_the_ui():
    import ast
    from pathlib import Path

    tree = ast.parse(Path(warmup.__file__).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not any(name.startswith(("textual", "tui_games.ui")) for name in imported), imported


def test_progress_counts_every_requested_part_even_when_some_are_ready(fresh):
    warmup.prepare(TTT, [3], isolated=False)
    reports: list[tuple[int, int, str]] = []
    warmup.prepare(TTT, [1, 3], lambda message, step, total: reports.append((step, total, message)),
                   isolated=False)
    assert reports[0] == (0, 4, "Preparing Tic Tac Toe")
    assert reports[1][:2] == (3, 4) and "AI Beginner" in reports[1][2]  # rules (2 steps), level 3: done
    assert reports[-1] == (4, 4, "Tic Tac Toe is ready")
    assert len(reports) == 3


def test_a_search_that_fails_only_because_the_warm_up_stopped_it_does_not_fail_the_preparation():
    class Player:
        def __init__(self, fail_before_stop: bool):
            self.fail_before_stop = fail_before_stop
            self.stopped = threading.Event()

        def stop(self):
            self.stopped.set()

        def choose(self, state):
            if self.fail_before_stop:
                raise ValueError("a real defect")
            self.stopped.wait(10)
            raise AssertionError("stopped before any result")

    state = TTT.new(seed=0)
    warmup._run_briefly(Player(fail_before_stop=False), "choose", state, 0.01)
    with pytest.raises(ValueError, match="a real defect"):
        warmup._run_briefly(Player(fail_before_stop=True), "choose", state, 5.0)


def test_end_compiling_ends_a_foreground_compile_child(monkeypatch):
    """The app on its way out (quit, lost terminal, SIGTERM) ends the child process a game's first
    open started, as well as the warmer's: it would otherwise compile on, orphaned, for minutes."""
    real_popen = subprocess.Popen

    def slow_popen(command, **kwargs):
        return real_popen([sys.executable, "-c", "import time; time.sleep(120)"], **kwargs)

    monkeypatch.setattr(warmup.subprocess, "Popen", slow_popen)
    results: list[bool] = []
    compiling = threading.Thread(target=lambda: results.append(
        warmup._compile_in_subprocess(TTT, [1], lambda *report: None)))
    compiling.start()
    deadline = time.monotonic() + 30
    while not warmup._children and time.monotonic() < deadline:
        time.sleep(0.02)
    warmup.end_compiling()
    compiling.join(10)
    assert not compiling.is_alive() and results == [False]
    assert not warmup._children
