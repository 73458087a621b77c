"""The server's engine pool: a move request crosses the wire exactly (and one that is not a request is
refused); a match's players keep their state from move to move in the pool; the pool runner plays a
table as the thread runner does (its pace, its stop); a worker killed or stuck mid-call fails that call
with a clear error and the next call is served by a new worker."""

from __future__ import annotations

import asyncio
import os
import queue
import signal
import socket
import time

import numpy as np
import pytest

from tui_games import catalog
from tui_games.match import Match, Seat
from tui_games.serve.channel import RemoteError
from tui_games.serve.channel_client import ChannelClient
from tui_games.serve.engine_pool import EnginePool, EngineWorkerError
from tui_games.serve.kernel_service import KernelService
from tui_games.serve.wire import KernelRef, decode, encode
from tui_games.table import MoveRequest, PlayerCache, Table
from tui_games.table import events
from tui_games.table.runners import PoolRunner
from played_matches import played

TTT = catalog.get("tic-tac-toe")


def through_the_wire(value):
    """``value`` encoded and read back as a channel carries it."""
    return decode(bytearray(encode("req", 1, "move", value)[4:]))


@pytest.mark.parametrize("game", catalog.ids())
def test_every_games_request_crosses_the_wire_and_rebuilds_the_position(home, game):
    match = played(game, moves=3)
    seat = max(match.to_move, 0) if not match.at_simultaneous_node else match.seats_to_choose[0]
    sent = MoveRequest.for_seat(match, seat, level=1)
    request = MoveRequest.from_wire(through_the_wire(sent.to_wire()))
    state = request.position()
    assert (request.game_id, request.seat, request.level, request.player_seed) == \
        (sent.game_id, sent.seat, sent.level, sent.player_seed)
    assert type(state) is type(match.state) and np.array_equal(state.array, match.state.array)
    assert state.history == match.state.history and state.params == match.state.params


@pytest.mark.parametrize("change, why", [
    (lambda body: body.pop("seat"), "exactly the fields"),
    (lambda body: body.update(extra=1), "exactly the fields"),
    (lambda body: body.update(seat=7), "seat"),
    (lambda body: body.update(level=99), "level"),
    (lambda body: body.update(seat=True), "seat"),
    (lambda body: body.update(history=[0, "rm -rf"]), "history"),
    (lambda body: body.update(array=np.zeros(3, np.float64)), "array"),
    (lambda body: body.update(params={"x": object()}), "params"),
    (lambda body: body.update(hint="yes"), "flags"),
])
def test_a_request_that_is_not_one_is_refused(home, change, why):
    body = MoveRequest.for_seat(Match.new(TTT, {}, [Seat(), Seat("ai", 1)], seed=1), 0, level=1).to_wire()
    change(body)
    with pytest.raises(ValueError, match=why):
        MoveRequest.from_wire(body)
    body = MoveRequest.for_seat(Match.new(TTT, {}, [Seat(), Seat("ai", 1)], seed=1), 0, level=1).to_wire()
    body["game_id"] = "no-such-game"
    with pytest.raises(KeyError):
        MoveRequest.from_wire(body)


@pytest.fixture
async def pool():
    """A one-worker pool (stopped after the test)."""
    pool = EnginePool(1)
    yield pool
    await pool.close()


TTT_LEGAL = "tui_games.games.tic_tac_toe.rules:legal_actions"


def _perft(depth: int) -> dict:
    """A kernel call that runs for a long time: Connect Four's perft, the game's kernels passed by name."""
    from tui_games.games.connect_four import rules

    return {"fn": "tui_games.engine.perft:perft_kernel",
            "args": [KernelRef("tui_games.games.connect_four.rules:legal_actions"),
                     KernelRef("tui_games.games.connect_four.rules:apply_action"), rules.initial_state(), depth, 16]}


async def _legal_still_answers(pool: EnginePool) -> None:
    from tui_games.games.tic_tac_toe import rules

    answer = await pool.kernel({"fn": TTT_LEGAL, "args": [rules.initial_state(), np.zeros(9, np.int64)]})
    assert answer["r"] == 9 and answer["w"][0][1].tolist() == list(range(9))


async def test_a_worker_killed_mid_call_fails_that_call_clearly_and_the_next_call_works(pool):
    assert (await pool.kernel(_perft(2)))["r"] == 49
    (first,) = pool.pids
    call = asyncio.ensure_future(pool.kernel(_perft(12)))
    await asyncio.sleep(1.0)
    assert not call.done(), "the long call is still running"
    os.kill(first, signal.SIGKILL)
    with pytest.raises(EngineWorkerError, match=r"running a kernel call stopped \(killed by SIGKILL\).*next call"):
        await asyncio.wait_for(call, 30)
    await _legal_still_answers(pool)
    assert pool.started == 2 and pool.pids and pool.pids != [first]


async def test_a_kernel_call_past_its_time_limit_stops_its_worker(pool):
    await _legal_still_answers(pool)
    pool.kernel_timeout_s = 1.0
    started = time.monotonic()
    with pytest.raises(EngineWorkerError, match="ran longer than 1 s"):
        await pool.kernel(_perft(12))
    assert time.monotonic() - started < 15
    pool.kernel_timeout_s = 60.0  # the next worker's start counts too
    await _legal_still_answers(pool)
    assert pool.started == 2


async def test_a_matchs_players_keep_their_state_from_move_to_move(home, pool):
    """Beginner Tic Tac Toe plays at random from its own stream: the pool's answers for one match follow
    one player's stream, as a local PlayerCache's do (a player rebuilt for each move would repeat its
    first answer)."""
    request = MoveRequest.for_seat(Match.new(TTT, {}, [Seat("ai", 1), Seat()], seed=5), 0)
    local = PlayerCache()
    expected = [local.move(request) for _ in range(8)]
    assert len(set(expected)) > 1
    answers = [await pool.job("move", "match-a", request.to_wire()) for _ in range(8)]
    assert answers == expected
    assert await pool.job("move", "match-b", request.to_wire()) == expected[0]  # another match: its own player
    hint = await pool.job("hint", "match-a", MoveRequest.for_hint(Match.new(TTT, {}, [Seat(), Seat("ai", 1)],
                                                                           seed=5), 0).to_wire())
    assert hint["best"] in range(9) and hint["values"]
    pool.forget(["match-a"])
    assert await pool.job("move", "match-a", request.to_wire()) == expected[0]  # forgotten: built afresh


@pytest.fixture
async def link_client():
    """A kernel service on a one-worker pool and a channel client in this process on one session's link."""
    service = KernelService(EnginePool(1))
    link = await service.open_link()
    client = ChannelClient(socket.socket(fileno=os.dup(link.child_fd)), name="test session")
    link.release_child()
    yield service, client
    client.close()
    await service.close()


def _serve_table(posted: "queue.Queue", until, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "timed out"
        try:
            posted.get(timeout=0.05)()
        except queue.Empty:
            pass


async def test_the_pool_runner_plays_a_table_of_ais_to_the_end(home, link_client):
    service, client = link_client
    match = Match.new(TTT, {}, [Seat("ai", 2), Seat("ai", 3)], seed=8)
    posted: queue.Queue = queue.Queue()
    table = Table(match, None, PoolRunner(client), posted.put)
    seen: list = []
    table.listen(seen.append)
    table.start()
    await asyncio.to_thread(_serve_table, posted, lambda: match.is_over)
    changes = [event for event in seen if isinstance(event, events.PositionChanged)]
    assert len(changes) == len(match.state.history) + 1 and all(event.by_ai for event in changes[1:])
    assert not [event for event in seen if isinstance(event, events.AIFailed)]
    (link,) = service.links
    assert len(link.matches) == 1 and next(iter(link.matches)).startswith(f"{link.name}/")


async def test_the_pool_runner_keeps_the_pace_and_a_stopped_search_answers_nothing(home, link_client):
    _service, client = link_client
    runner = PoolRunner(client)
    answers: queue.Queue = queue.Queue()
    request = MoveRequest.for_seat(Match.new(TTT, {}, [Seat("ai", 1), Seat()], seed=1), 0)
    started = time.monotonic()
    runner.choose(request, lambda action: answers.put((action, time.monotonic() - started)), answers.put, 0.5)
    action, waited = await asyncio.to_thread(answers.get, timeout=60)
    assert action in range(9) and waited >= 0.5

    hex_match = Match.new(catalog.get("hex"), {}, [Seat(), Seat()], seed=3)
    for _ in range(3):
        legal = hex_match.state.legal_actions()
        hex_match.play(legal[len(legal) // 3])
    slow = MoveRequest.for_seat(hex_match, hex_match.to_move, level=4)  # Expert: two seconds of search
    started = time.monotonic()
    runner.choose(slow, answers.put, answers.put)
    full = await asyncio.to_thread(answers.get, timeout=120)
    full_s = time.monotonic() - started
    assert full in hex_match.state.legal_actions() and full_s > 1.5, full_s

    job = runner.choose(slow, answers.put, answers.put)
    await asyncio.sleep(0.3)
    stopped = time.monotonic()
    job.cancel()
    while runner.running:
        await asyncio.sleep(0.02)
    assert time.monotonic() - stopped < full_s / 2, "the pool stopped the search"
    assert answers.empty()


async def test_a_killed_worker_reaches_the_session_as_a_clear_error_and_the_next_call_works(home, link_client):
    service, client = link_client
    from tui_games.games.tic_tac_toe import rules

    body = {"fn": TTT_LEGAL, "args": [rules.initial_state(), np.zeros(9, np.int64)]}
    assert (await asyncio.to_thread(client.call, "kernel", body, timeout=60))["r"] == 9
    call = asyncio.ensure_future(asyncio.to_thread(client.call, "kernel", _perft(12), timeout=60))
    await asyncio.sleep(1.0)
    os.kill(service.pool.pids[0], signal.SIGKILL)
    with pytest.raises(RemoteError, match="EngineWorkerError: the engine worker running a kernel call stopped"):
        await asyncio.wait_for(call, 30)
    assert (await asyncio.to_thread(client.call, "kernel", body, timeout=60))["r"] == 9


async def test_the_pool_runs_a_server_tables_ai_from_the_loop_at_its_pace(home, pool):
    match = Match.new(TTT, {}, [Seat("ai", 1), Seat("ai", 3)], seed=4)
    loop = asyncio.get_running_loop()
    table = Table(match, None, pool.runner(), loop.call_soon_threadsafe, pace=lambda _match: 0.2)
    seen: list = []
    table.listen(seen.append)
    started = loop.time()
    table.start()
    while not match.is_over:
        assert loop.time() - started < 60, "the table never finished"
        await asyncio.sleep(0.05)
    moves = len(match.state.history)
    assert loop.time() - started >= 0.2 * moves  # each move waited out the pace
    assert not [event for event in seen if isinstance(event, events.AIFailed)]

    runner = pool.runner()
    answers: list = []
    hex_match = Match.new(catalog.get("hex"), {}, [Seat(), Seat()], seed=3)
    for _ in range(3):
        legal = hex_match.state.legal_actions()
        hex_match.play(legal[len(legal) // 3])
    slow = MoveRequest.for_seat(hex_match, hex_match.to_move, level=4)  # two seconds of search
    runner.prepare([slow])
    job = runner.choose(slow, answers.append, answers.append)
    await asyncio.sleep(0.5)
    stopped = loop.time()
    job.cancel()
    while runner.running:
        await asyncio.sleep(0.02)
    assert loop.time() - stopped < 1.0 and answers == []
    runner.close()
