"""How AI moves are worked out: the request is plain data that pickles and rebuilds the position
exactly, each seat's player is built once, the thread runner keeps the pace and stops a search that
became stale, and the table layer imports no UI."""

from __future__ import annotations

import ast
import pickle
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from table_helpers import Recorder
from tui_games import catalog
from tui_games.match import Match, Seat
from tui_games.table import MoveRequest, PlayerCache, Table, ThreadRunner
from tui_games.table import events
from tui_games.table.runners import seat_seed
from played_matches import played

PACKAGE = Path(__file__).resolve().parents[2] / "tui_games"
TTT = catalog.get("tic-tac-toe")


@pytest.mark.parametrize("game, params, seats, moves, deals", [
    ("tic-tac-toe", {}, [Seat(), Seat("ai", 2)], 3, 1),
    ("leduc-holdem", {}, [Seat(), Seat("ai", 1)], 2, 2),  # a sitting's second hand: its own seed and stacks
    ("ropasci360", {}, [Seat(), Seat("ai", 1)], 2, 1),
    ("blackjack", {"rules": "american"}, [Seat(), Seat("ai", 1)], 1, 3),
])
def test_a_request_pickles_and_rebuilds_the_position_exactly(home, game, params, seats, moves, deals):
    match = played(game, params, seats, moves, deals)
    assert not match.is_over
    seat = match.seats_to_choose[-1] if match.at_simultaneous_node else match.to_move
    request = pickle.loads(pickle.dumps(MoveRequest.for_seat(match, seat, level=1)))
    state = request.position()
    assert request.game_id == game and request.seat == seat and request.simultaneous == match.at_simultaneous_node
    assert (request.seed, request.params) == (match.state.seed, match.state.params)
    assert np.array_equal(state.array, match.state.array) and state.history == match.state.history
    assert state.array is not match.state.array and state.current_player == match.state.current_player
    assert state.legal_actions(seat if request.simultaneous else None) == match.state.legal_actions(
        seat if request.simultaneous else None)
    assert request.player_seed == seat_seed(17, seat)
    hint = MoveRequest.for_hint(match, 0)
    assert hint.hint and hint.level == match.spec.max_level and hint.player_seed == 17


@pytest.mark.parametrize("game", catalog.ids())
def test_every_game_rebuilds_a_position_from_a_request(home, game):
    match = played(game, moves=3)
    seat = max(match.to_move, 0) if not match.at_simultaneous_node else match.seats_to_choose[0]
    state = pickle.loads(pickle.dumps(MoveRequest.for_seat(match, seat, level=1))).position()
    assert type(state) is type(match.state) and np.array_equal(state.array, match.state.array)
    assert state.history == match.state.history and state.params == match.state.params


def test_each_seat_has_one_player_built_once_even_when_asked_at_once(home):
    match = Match.new(TTT, {}, [Seat("ai", 1), Seat("ai", 1)], seed=3)
    players = PlayerCache()
    requests = [MoveRequest.for_seat(match, seat) for seat in (0, 1)]
    built = []
    real_ai = type(TTT).ai

    def counting_ai(spec, level, seed=0):
        built.append((level, seed))
        time.sleep(0.05)  # slow to build: other askers must wait for this one, not build their own
        return real_ai(spec, level, seed=seed)

    import unittest.mock

    with unittest.mock.patch.object(type(TTT), "ai", counting_ai):
        found = []
        threads = [threading.Thread(target=lambda r=r: found.append(players.player(r))) for r in requests * 3]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert sorted(built) == sorted([(1, seat_seed(3, 0)), (1, seat_seed(3, 1))])
    assert len({id(player) for player in found}) == 2
    assert players.for_seat(match, 0) is players.player(requests[0])
    assert players.player(MoveRequest.for_seat(match, 0, level=3)) is not players.player(requests[0])


def _thread_table(match: Match, pace: float = 0.0) -> tuple[Table, "queue.Queue", Recorder]:
    posted: queue.Queue = queue.Queue()
    table = Table(match, None, ThreadRunner(), posted.put, pace=lambda _match: pace)
    return table, posted, Recorder(table)


def _run_loop(posted: "queue.Queue", until, timeout: float = 60.0) -> None:
    """Be the owner's loop: run what the runner's threads post until ``until()`` holds."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "timed out"
        try:
            posted.get(timeout=0.05)()
        except queue.Empty:
            pass


def test_the_thread_runner_plays_ai_against_ai_to_the_end(home):
    match = Match.new(TTT, {}, [Seat("ai", 2), Seat("ai", 3)], seed=8)
    table, posted, seen = _thread_table(match)
    table.start()
    _run_loop(posted, lambda: match.is_over)
    assert len(seen.of(events.PositionChanged)) == len(match.state.history) + 1
    assert all(event.by_ai for event in seen.of(events.PositionChanged)[1:])


class SlowPlayer:
    """A player that thinks until it is stopped (or 10 s), then answers its first legal action."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.stopped = threading.Event()

    def choose(self, state, player=None):
        self.started.set()
        self.stopped.wait(10)
        return state.legal_actions()[0]

    def stop(self) -> None:
        self.stopped.set()


def test_undo_stops_the_running_search_and_drops_its_answer(home):
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 1)], seed=8)
    table, posted, seen = _thread_table(match)
    slow = SlowPlayer()
    table.runner.players.player = lambda request: slow
    table.start()
    table.submit(0, 4)
    assert slow.started.wait(5)
    started = time.monotonic()
    assert table.undo()
    assert slow.stopped.is_set() and match.state.history == []
    _run_loop(posted, lambda: table.runner.running == 0, timeout=5)
    assert time.monotonic() - started < 2  # stopped, not run out
    while not posted.empty():
        posted.get()()
    assert match.state.history == [] and table.screen_seat == 0 and not seen.of(events.AIFailed)


def test_an_ai_move_waits_out_the_pace_and_a_cancelled_wait_answers_nothing(home):
    runner = ThreadRunner()
    match_request = MoveRequest.for_seat(Match.new(TTT, {}, [Seat("ai", 1), Seat()], seed=1), 0)
    answers: queue.Queue = queue.Queue()

    class Instant:
        def choose(self, state, player=None):
            return 7

    runner.players.player = lambda request: Instant()
    started = time.monotonic()
    runner.choose(match_request, lambda action: answers.put((action, time.monotonic() - started)), print, 0.3)
    action, waited = answers.get(timeout=5)
    assert action == 7 and 0.3 <= waited < 2
    job = runner.choose(match_request, answers.put, print, 5.0)
    time.sleep(0.1)
    job.cancel()
    deadline = time.monotonic() + 2
    while runner.running and time.monotonic() < deadline:
        time.sleep(0.02)
    assert runner.running == 0 and answers.empty()


def test_a_failing_search_is_reported_and_the_game_waits(home):
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 1)], seed=8)
    table, posted, seen = _thread_table(match)

    class Broken:
        def choose(self, state, player=None):
            raise RuntimeError("out of ideas")

    table.runner.players.player = lambda request: Broken()
    table.start()
    table.submit(0, 4)
    _run_loop(posted, lambda: seen.of(events.AIFailed))
    assert seen.of(events.AIFailed) == [events.AIFailed(1, "RuntimeError: out of ideas")]
    assert seen.events[-2:] == [events.ThinkingStopped(), events.AIFailed(1, "RuntimeError: out of ideas")]
    assert match.state.history == [4] and not table.thinking


def test_the_table_layer_imports_no_ui():
    """No import statement of the table package (lazy ones included) names Textual or the UI, and
    importing it loads neither (nor numba: a room can be set up before any game is compiled)."""
    modules = sorted((PACKAGE / "table").glob("*.py"))
    assert {path.stem for path in modules} >= {"__init__", "table", "controllers", "runners", "events"}
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith(("textual", "tui_games.ui")), (path.name, name)
    code = ("import sys\nimport tui_games.table\n"
            "bad = [m for m in ('textual', 'tui_games.ui', 'numba') if m in sys.modules]\nassert not bad, bad\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_view_consults_an_ai_level_about_any_position_and_a_planned_line_survives_the_wire():
    """Table.consult asks a level's hint at a position other than the match's (the cube's start, as
    its view does for a random position's scramble); the hint's planned line comes through the
    channel's plain-data form unchanged, so a served session gets the same answer."""
    from tui_games.table import InlineRunner
    from tui_games.table.runners import hint_from_wire, hint_to_wire

    match = Match.new(catalog.get("rubiks-cube"), {"size": 2}, [Seat()], seed=5)
    match.play(match.state.legal_actions()[0])
    start = match.state.replayed([])
    answers: list = []
    table = Table(match, None, InlineRunner(), lambda call: call())
    table.consult(start, 3, answers.append, answers.append)
    assert len(answers) == 1 and not isinstance(answers[0], Exception), answers
    hint = answers[0]
    assert hint.line and hint.best == hint.line[0]
    solved = start.clone()
    for action in hint.line:
        solved.apply(action)
    assert solved.is_terminal  # the line solves the start, not the position the match is at
    assert hint_from_wire(hint_to_wire(hint)).line == hint.line
