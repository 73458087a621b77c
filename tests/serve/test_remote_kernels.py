"""Remote kernels: a session process started as the server starts one (``TUI_GAMES_KERNELS=remote``, a
control channel to a real kernel service and its engine pool) imports every game and plays random
moves in lockstep with the same games played here, and never loads numba or llvmlite; an AI module
cannot be imported there; and what a session sends that is not a kernel call of the package (another
name, a malformed message) is refused while the server goes on serving."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import struct
import sys
import textwrap

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.locations import cache_dir
from tui_games.serve.channel import ChannelClosed, RemoteError
from tui_games.serve.channel_client import ChannelClient
from tui_games.serve.kernel_service import KernelService
from tui_games.serve.session_process import linked_fds, session_environment, with_link
from tui_games.serve.wire import encode

MOVES = 25
"""Random moves played in each game."""

PLAY_EVERY_GAME = textwrap.dedent('''
    import json, random, sys
    from tui_games.serve.session_kernels import connect_from_env
    connect_from_env()
    from tui_games import catalog
    from tui_games.core.players import SIMULTANEOUS

    played = {}
    for spec in catalog.all_specs():
        spec.module("game")
        state = spec.new(seed=7)
        rng = random.Random(spec.id)
        for _ in range(MOVES):
            if state.is_terminal:
                break
            if state.is_chance_node:
                state.apply(state.sample_chance())
            elif state.current_player == SIMULTANEOUS:
                state.apply_joint([rng.choice(state.legal_actions(seat)) for seat in range(state.num_players)])
            else:
                state.apply(rng.choice(state.legal_actions()))
        seat = max(state.current_player, 0)
        played[spec.id] = {"history": state.history, "array": [int(x) for x in state.array],
                           "observation": str(state.observation(seat)), "returns": state.returns(),
                           "legal": state.legal_actions(seat) if state.current_player == SIMULTANEOUS
                                    else state.legal_actions()}
    try:
        import tui_games.games.tic_tac_toe.ai  # noqa: F401
        ai = "imported"
    except ImportError as error:
        ai = str(error)
    loaded = [name for name in ("numba", "llvmlite") if name in sys.modules]
    print(json.dumps({"played": played, "ai": ai, "loaded": loaded}))
''').replace("MOVES", str(MOVES))


async def run_session_code(service: KernelService, code: str, home, timeout: float = 600) -> dict:
    """Run ``code`` as the server runs a session process (an environment built from nothing, remote
    kernels, its channel inherited); the JSON it prints."""
    link = await service.open_link()
    env = with_link(session_environment("xterm", {}, home, cache_dir()), link)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, env=env, pass_fds=linked_fds(link), cwd=str(home),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    link.release_child()
    out, err = await asyncio.wait_for(process.communicate(), timeout)
    assert process.returncode == 0, err.decode()[-3000:]
    return json.loads(out)


@pytest.fixture
async def service():
    """A kernel service with a one-worker pool (stopped after the test)."""
    from tui_games.serve.engine_pool import EnginePool

    service = KernelService(EnginePool(1))
    yield service
    await service.close()


async def test_every_game_plays_in_remote_mode_in_lockstep_and_without_numba(service, tmp_path):
    report = await run_session_code(service, PLAY_EVERY_GAME, tmp_path)
    assert report["loaded"] == []
    assert "engine pool" in report["ai"]
    assert sorted(report["played"]) == sorted(catalog.ids())
    for game, seen in report["played"].items():
        spec = catalog.get(game)
        state = spec.new(seed=7)
        for entry in seen["history"]:
            state.apply_entry(entry)  # checked: every move the session played was legal here too
        assert len(seen["history"]) >= min(MOVES, 5) or state.is_terminal, game
        assert [int(x) for x in state.array] == seen["array"], game
        seat = max(state.current_player, 0)
        assert str(state.observation(seat)) == seen["observation"], game
        assert state.returns() == seen["returns"], game
        legal = state.legal_actions(seat) if state.current_player == -2 else state.legal_actions()
        assert legal == seen["legal"], game


ASK_ONCE = textwrap.dedent('''
    import json
    from tui_games.serve.session_kernels import connect_from_env
    client = connect_from_env()
    asked = []
    real_call = client.call

    def counting(op, body=None, **options):
        if op == "kernel":
            asked.append(body["fn"])
        return real_call(op, body, **options)

    client.call = counting
    import numpy as np
    from tui_games.games.ropasci360 import rules
    before = len(asked)
    cells = [(player, symbol, hex_) for player in range(2) for symbol in range(3) for hex_ in range(rules.N_HEXES)]
    first = [rules.slot(*cell) for cell in cells]
    first_asked = len(asked) - before
    again = [rules.slot(*cell) for cell in cells]
    again_asked = len(asked) - before - first_asked
    typed = [rules.slot(np.int64(p), np.int64(s), np.int64(h)) for p, s, h in cells]
    typed_asked = len(asked) - before - first_asked - again_asked
    before = len(asked)
    a, b = rules.initial_state(), rules.initial_state()
    a[0] = 99
    print(json.dumps({"cells": cells, "first": first, "again": again, "typed": typed, "first_asked": first_asked,
                      "again_asked": again_asked, "typed_asked": typed_asked, "arrays_asked": len(asked) - before,
                      "separate_arrays": int(b[0]) != 99}))
''')


async def test_a_call_whose_arguments_and_answer_are_numbers_is_asked_once(service, tmp_path):
    from tui_games.games.ropasci360 import rules

    report = await run_session_code(service, ASK_ONCE, tmp_path)
    expected = [rules.slot(*cell) for cell in report["cells"]]
    assert report["first"] == report["again"] == report["typed"] == expected
    assert (report["first_asked"], report["again_asked"]) == (len(expected), 0)  # each cell asked once
    assert report["typed_asked"] == len(expected)  # numpy scalars are other keys (np.uint64 is not int to numba)
    assert report["arrays_asked"] == 2 and report["separate_arrays"]  # an array answer is never shared


def _client(link) -> ChannelClient:
    """A channel client in this process on the session's end of ``link`` (as a session process would
    hold it)."""
    sock = socket.socket(fileno=os.dup(link.child_fd))
    link.release_child()
    return ChannelClient(sock, name="test session")


def _send_raw(client: ChannelClient, payload: bytes) -> None:
    client._send(struct.pack("!I", len(payload)) + payload)


TTT_LEGAL = "tui_games.games.tic_tac_toe.rules:legal_actions"


async def test_only_the_packages_kernels_run_and_malformed_calls_are_refused(service):
    from tui_games.games.tic_tac_toe import rules

    client = _client(await service.open_link())

    def refused(body) -> str:
        with pytest.raises((RemoteError, LookupError, ValueError)) as caught:
            client.call("kernel", body, timeout=60)
        return str(caught.value)

    assert "UnknownKernel" in await asyncio.to_thread(refused, {"fn": "os:system", "args": ["true"]})
    assert "UnknownKernel" in await asyncio.to_thread(refused, {"fn": "tui_games.serve.runner:serve", "args": []})
    assert "not a kernel" in await asyncio.to_thread(refused, {"fn": "tui_games.engine.jit:kernel", "args": []})
    assert "not a kernel" in await asyncio.to_thread(refused, {"fn": "tui_games.games.nim.view:NimView",
                                                               "args": []})
    assert "UnknownKernel" in await asyncio.to_thread(
        refused, {"fn": "tui_games.games.nim.rules:__builtins__.eval", "args": ["1"]})
    assert "not a kernel" in await asyncio.to_thread(refused, {"fn": "tui_games.games.nope:legal", "args": []})
    assert "UnknownKernel" in await asyncio.to_thread(refused, {"args": []})
    assert "kernel call" in await asyncio.to_thread(refused, {"fn": TTT_LEGAL})
    with pytest.raises(RemoteError, match="Refused"):
        await asyncio.to_thread(client.call, "shell", {"command": "id"}, timeout=60)

    def malformed_answers() -> list[str]:
        """Well-framed requests whose values are not the format: each answered with an error."""
        answers = []
        for ident, value_json, blobs in [
            (901, b'{"fn":"%s","args":[{"$a":["|O",[1],0,8]}]}' % TTT_LEGAL.encode(), bytes(16)),
            (902, b'{"fn":"%s","args":[{"$a":["<i8",[1000000],0,8]}]}' % TTT_LEGAL.encode(), bytes(16)),
            (903, b'{"fn":"%s","args":[{"$z":1}]}' % TTT_LEGAL.encode(), b""),
            (904, b'{"fn": [[[[', b""),
        ]:
            waiter = _Waiter(client, ident)
            header = value_json + b" " * (-(10 + 6 + 4 + len(value_json)) % 16)
            _send_raw(client, struct.pack("!BQB", 1, ident, 6) + b"kernel" + struct.pack("!I", len(header))
                      + header + blobs)
            answers.append(waiter.wait())
        return answers

    answers = await asyncio.to_thread(malformed_answers)
    assert all(answer.startswith("WireError") for answer in answers), answers

    state = rules.initial_state()
    out = np.zeros(9, np.int64)
    answer = await asyncio.to_thread(client.call, "kernel", {"fn": TTT_LEGAL, "args": [state, out]},
                                    timeout=60)
    expected = np.zeros(9, np.int64)
    assert answer["r"] == rules.legal_actions(state.copy(), expected) == 9
    assert [path for path, _array in answer["w"]] == [[1]] and np.array_equal(answer["w"][0][1], expected)
    assert service.pool.started == 1
    client.close()


class _Waiter:
    """Registers a request id on a test client, as :meth:`ChannelClient.call` does, to wait for the answer
    to a frame sent by hand."""

    def __init__(self, client: ChannelClient, ident: int) -> None:
        from tui_games.serve.channel_client import _Call

        self.client, self.ident, self.call = client, ident, _Call(None)
        client._pending[ident] = self.call

    def wait(self) -> str:
        """The error the answer carried, as 'Kind: message'."""
        assert self.call.done.wait(60), "no answer"
        del self.client._pending[self.ident]
        error = self.call.error
        return f"{getattr(error, 'kind', type(error).__name__)}: {error}"


async def test_a_session_that_breaks_the_framing_is_cut_off_and_the_others_are_served(service):
    from tui_games.games.tic_tac_toe import rules

    broken, fine = _client(await service.open_link()), _client(await service.open_link())
    await asyncio.to_thread(_send_raw, broken, b"")  # shorter than any route: answered, not fatal
    broken._send(struct.pack("!I", 2**31))  # a frame longer than any may be: the channel ends
    with pytest.raises(ChannelClosed):
        await asyncio.to_thread(broken.call, "kernel", {"fn": TTT_LEGAL, "args": []}, timeout=30)
    state, out = rules.initial_state(), np.zeros(9, np.int64)
    answer = await asyncio.to_thread(fine.call, "kernel", {"fn": TTT_LEGAL, "args": [state, out]}, timeout=60)
    assert answer["r"] == 9
    assert len(service.links) == 1
    fine.close()


def test_a_message_frame_round_trips_numpy_values_and_refuses_what_it_cannot_carry():
    from tui_games.serve.wire import WireError, decode, peek

    value = {"a": [np.arange(5), np.uint64(2**64 - 1), (1, 2.5, True), np.zeros((2, 3)), np.zeros(0, np.int8),
                   np.arange(6).reshape(2, 3)[:, 1], None, "x"]}
    frame = encode("req", 5, "kernel", value)
    payload = bytearray(frame[4:])
    assert peek(payload) == ("req", 5, "kernel")
    back = decode(payload)["a"]
    assert back[0].tolist() == [0, 1, 2, 3, 4] and back[0].flags.writeable and back[0].flags.aligned
    assert type(back[1]) is np.uint64 and back[1] == 2**64 - 1
    assert back[2] == (1, 2.5, True) and back[3].shape == (2, 3) and back[4].dtype == np.int8
    assert back[5].tolist() == [1, 4] and back[6:] == [None, "x"]
    for bad in (object(), np.array(["text"]), {"$a": 1}, {1: 2}, np.array([1 + 2j])):
        with pytest.raises(WireError):
            encode("req", 1, "kernel", bad)


async def test_preparing_a_game_reports_its_progress_and_refuses_levels_it_has_not(service):
    client = _client(await service.open_link())
    parts: list = []
    await asyncio.to_thread(client.call, "prepare", {"game": "nim", "levels": [1]}, on_part=parts.append,
                            timeout=120)
    await asyncio.sleep(0.2)  # parts are handed to the dispatch thread
    assert parts and parts[-1]["message"] == "Nim is ready" and parts[-1]["step"] == parts[-1]["steps"]
    with pytest.raises(RemoteError, match="Refused: Nim's AI levels are 1"):
        await asyncio.to_thread(client.call, "prepare", {"game": "nim", "levels": [99]}, timeout=60)
    with pytest.raises(KeyError):
        await asyncio.to_thread(client.call, "prepare", {"game": "no-such-game", "levels": []}, timeout=60)
    client.close()
