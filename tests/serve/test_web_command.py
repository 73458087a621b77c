"""One server process with both front ends: one set of caps and one connection rate for SSH and the
browser, and SIGTERM stops both."""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import stat
import sys

import pytest

from tui_games.core.errors import TuiGamesError
from tui_games.serve.config import ServeConfig
from tui_games.serve.runner import start_front_ends
from tui_games.serve.ssh_server import STOP_MESSAGE, GameServer
from tui_games.serve.web_server import WebServer
from ssh_helpers import Terminal, make_key
from web_helpers import WAIT_S, WebTerminal


async def test_both_front_ends_share_the_caps_and_the_rate_and_web_alone_makes_no_host_key(tmp_path):
    both = await start_front_ends(ServeConfig(data_dir=tmp_path / "both", ssh_port=0, web_port=0))
    try:
        ssh, web = both
        assert isinstance(ssh, GameServer) and isinstance(web, WebServer)
        assert web.caps is ssh.caps and web.rate is ssh.rate
        assert web.port != ssh.port
    finally:
        for server in both:
            await server.stop()
    [web_only] = await start_front_ends(ServeConfig(data_dir=tmp_path / "web", ssh_port=None, web_port=0))
    await web_only.stop()
    assert isinstance(web_only, WebServer)
    assert sorted(p.name for p in (tmp_path / "web").iterdir()) == ["players", "web_cookie_key"]


async def test_a_web_port_in_use_is_said_and_stops_the_started_ssh_front_end(tmp_path, monkeypatch):
    stopped = []
    real_stop = GameServer.stop

    async def stop(self, *args):
        stopped.append(self)
        await real_stop(self, *args)

    monkeypatch.setattr(GameServer, "stop", stop)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(TuiGamesError, match=f"cannot listen on 127.0.0.1:{port}"):
            await start_front_ends(ServeConfig(data_dir=tmp_path, ssh_port=0, web_port=port))
    assert len(stopped) == 1


@pytest.mark.slow
async def test_one_process_serves_ssh_and_the_browser_under_one_cap_and_stops_both_on_sigterm(tmp_path):
    data = tmp_path / "data"
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui_games", "serve", "--ssh", "0", "--web", "0", "--data", str(data),
        "--max-sessions", "2", stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE)
    terms = []
    try:
        ssh_line = (await asyncio.wait_for(server.stderr.readline(), WAIT_S)).decode()
        web_line = (await asyncio.wait_for(server.stderr.readline(), WAIT_S)).decode()
        assert " listening host=127.0.0.1 " in ssh_line and " host_key=SHA256:" in ssh_line
        assert " listening host=127.0.0.1 " in web_line and " web=http://127.0.0.1:" in web_line
        ssh_port = int(re.search(r" port=(\d+)", ssh_line).group(1))
        web_port = int(re.search(r" port=(\d+)", web_line).group(1))
        assert stat.S_IMODE((data / "web_cookie_key").stat().st_mode) == 0o600

        class Address:  # what WebTerminal needs of a server
            port = web_port

        ssh_term = await Terminal.open(ssh_port, make_key())
        web_term = await WebTerminal.open(Address)
        terms = [ssh_term, web_term]
        await ssh_term.wait_for("Tic Tac Toe")
        await web_term.wait_for("Tic Tac Toe")
        third = await WebTerminal.open(Address)  # the cap is 2 for both front ends together
        await third.wait_closed()
        assert "The server is full (2 sessions)" in bytes(third.raw).decode()
        await third.close()

        server.send_signal(signal.SIGTERM)
        await ssh_term.wait_closed(timeout=15)
        await web_term.wait_closed(timeout=15)
        assert STOP_MESSAGE.encode() in bytes(ssh_term.raw)
        assert STOP_MESSAGE.encode() in bytes(web_term.raw) and web_term.close_code == 1001
        assert await asyncio.wait_for(server.wait(), 15) == 0
        log = (await server.stderr.read()).decode()
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
        for term in terms:
            await term.close()
    lines = log.splitlines()
    stopping = [re.search(r" stopping sessions=(\d+)$", line) for line in lines]
    counts = [int(found.group(1)) for found in stopping if found]
    # the two playing; the refused third is counted until its websocket has finished closing
    assert len(counts) == 1 and counts[0] in (2, 3), counts
    sessions = [line for line in lines if re.match(r"\S+ \S+ session ", line)]
    assert sum("term=web" in line for line in sessions) == 2  # the refused one, and the one stopped
    assert sum('reason="server stopping"' in line for line in sessions) == 2
    assert lines[-1].endswith(" stopped")
