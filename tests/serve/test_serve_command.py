"""`tui-games serve` as a command: it listens, logs, and on SIGTERM stops every session and exits 0."""

from __future__ import annotations

import asyncio
import re
import signal
import stat
import sys

import pytest

from tui_games.serve.ssh_server import STOP_MESSAGE
from ssh_helpers import WAIT_S, Terminal, make_key


@pytest.mark.slow
async def test_serve_runs_until_sigterm_then_tells_the_players_and_exits_cleanly(tmp_path):
    data = tmp_path / "data"
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui_games", "serve", "--ssh", "0", "--data", str(data),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    try:
        first = (await asyncio.wait_for(server.stderr.readline(), WAIT_S)).decode()
        assert " listening host=127.0.0.1 " in first and " host_key=SHA256:" in first
        port = int(re.search(r" port=(\d+)", first).group(1))
        assert stat.S_IMODE((data / "ssh_host_ed25519_key").stat().st_mode) == 0o600
        term = await Terminal.open(port, make_key(), user="Dora")
        await term.wait_for("Tic Tac Toe")
        server.send_signal(signal.SIGTERM)
        await term.wait_closed(timeout=15)
        assert STOP_MESSAGE.encode() in bytes(term.raw)
        assert await asyncio.wait_for(server.wait(), 15) == 0
        log = (await server.stderr.read()).decode()
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
    lines = log.splitlines()
    assert any(" stopping sessions=1" in line for line in lines)
    [session] = [line for line in lines if re.match(r"\S+ \S+ session ", line)]  # after the time stamp
    assert "user=Dora" in session and 'reason="server stopping"' in session
    assert lines[-1].endswith(" stopped")
    await term.close()
