"""SSH sessions end to end: a real asyncssh client with a pty, the screen read through pyte.

Each test starts the server in this process on an ephemeral loopback port; the UI processes are real
(`python -m tui_games.serve.session_main` on a pty)."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from pathlib import Path

from tui_games.serve.config import Rate
from tui_games.serve.identity import folder_name
from tui_games.serve.ssh_session import GameSession, TERMINAL_RESET
from tui_games.serve.ssh_server import STOP_MESSAGE
from tui_games.ui.screens.too_small import too_small_text
from ssh_helpers import Terminal, make_key, proc_environ, process_gone
from waiting import until

MENU = ("tui-games", "Tic Tac Toe")
"""Text the menu always shows: the title and the first game."""


def only_session(server) -> GameSession:
    """The one session the server runs."""
    assert len(server.sessions) == 1
    return next(iter(server.sessions))


async def test_menu_renders_and_redraws_at_a_new_size(start_server, monkeypatch):
    monkeypatch.setenv("SERVE_TEST_SECRET", "hunter2")
    server = await start_server()
    key = make_key()
    term = await Terminal.open(server.port, key, cols=100, rows=30, env={"COLORTERM": "truecolor"})
    await term.wait_for(*MENU)
    # the footer may paint a frame after the menu's title and list
    await until(lambda: "Commands" in term.screen.display[29], what="the footer on the last row of 30")
    session = only_session(server)
    pid = session.process.pid
    # the UI process: this Python running the session module, a direct child (no shell between)
    cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:3]
    assert cmdline == [sys.executable.encode(), b"-m", b"tui_games.serve.session_main"]
    assert int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) == os.getpid()
    env = proc_environ(pid)
    assert env["TERM"] == "xterm-256color" and env["COLORTERM"] == "truecolor"
    assert "SERVE_TEST_SECRET" not in env
    assert env["TUI_GAMES_HOME"] == str(server.config.players_dir / folder_name(session.connection.key))
    assert env["TUI_GAMES_CACHE"] == str(server.shared_cache)

    term.resize(120, 40)
    await until(lambda: "Commands" in term.screen.display[39], what="the footer on row 40")
    assert "Commands" not in term.screen.display[29]
    assert session.cols == 120 and session.rows == 40
    await term.close()


async def test_too_small_terminal_shows_the_notice_until_it_grows(start_server):
    server = await start_server()
    term = await Terminal.open(server.port, make_key(), cols=60, rows=20)
    await term.wait_for(too_small_text(60, 20))
    term.resize(100, 30)
    await term.wait_for(*MENU)
    assert "too small" not in term.text
    await term.close()


async def test_quitting_ends_the_session_and_resets_the_terminal(start_server, caplog):
    caplog.set_level(logging.INFO, logger="tui_games.serve")
    server = await start_server()
    term = await Terminal.open(server.port, make_key(), user="Quitter")
    await term.wait_for(*MENU)
    pid = only_session(server).process.pid
    term.send(b"q")
    await term.wait_closed()
    assert term.process.exit_status == 0
    assert bytes(term.raw).endswith(TERMINAL_RESET)
    await until(lambda: not server.sessions, what="the session's end")
    assert process_gone(pid)
    [record] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("session ")]
    for field in ("fp=SHA256:", "user=Quitter", "addr=127.0.0.1", "term=xterm-256color", "size=100x30",
                  "duration=", "reason=quit"):
        assert field in record
    await term.close()


async def test_a_disconnect_leaves_no_process_behind(start_server, caplog):
    caplog.set_level(logging.INFO, logger="tui_games.serve")
    server = await start_server()
    term = await Terminal.open(server.port, make_key())
    await term.wait_for(*MENU)
    session = only_session(server)
    pid = session.process.pid
    term.conn.abort()  # the client vanishes
    await asyncio.wait_for(session.finished.wait(), 15)
    assert process_gone(pid)
    assert session.process.returncode == 0  # told by SIGHUP, the app saved and exited by itself
    assert any("reason=disconnected" in r.getMessage() for r in caplog.records)
    assert server.caps.count == 0


async def test_idle_timeout_ends_the_session(start_server):
    server = await start_server(idle_timeout_s=1.0)
    term = await Terminal.open(server.port, make_key())
    started = time.monotonic()
    await term.wait_closed(timeout=15)
    assert time.monotonic() - started >= 1.0
    assert "No input for 1 s" in bytes(term.raw).decode(errors="replace")
    assert TERMINAL_RESET in bytes(term.raw)
    assert term.process.exit_status == 1
    await term.close()


async def test_a_session_ends_at_the_length_limit_even_while_the_player_types(start_server):
    server = await start_server(max_session_s=1.5)
    term = await Terminal.open(server.port, make_key())
    started = time.monotonic()
    while not term.closed.is_set():
        assert time.monotonic() - started < 15
        term.send(b"x")
        await asyncio.sleep(0.1)
    assert time.monotonic() - started >= 1.5
    assert "the longest a session may last (1.5 s)" in bytes(term.raw).decode(errors="replace")
    await term.close()


async def test_input_faster_than_the_rate_waits_and_none_is_lost(start_server):
    server = await start_server(input_rate=Rate(200, 1))  # 200 bytes at once, then 200 a second
    term = await Terminal.open(server.port, make_key())
    await term.wait_for(*MENU)
    session = only_session(server)
    sent_at = time.monotonic()
    term.send(b"x" * 600)
    await until(lambda: session.bytes_in >= 200, timeout=5, what="the first 200 bytes")
    elapsed = time.monotonic() - sent_at
    assert session.bytes_in <= 200 + 200 * elapsed + 64
    assert session.throttled >= 1
    await until(lambda: session.bytes_in == 600, timeout=10, what="all 600 bytes")
    assert time.monotonic() - sent_at >= 1.5  # 400 bytes past the burst at 200 a second
    await term.wait_for(*MENU)  # the app took the input and is still there
    await term.close()


async def test_stopping_the_server_stops_every_app_and_tells_the_players(start_server):
    server = await start_server()
    terms = [await Terminal.open(server.port, make_key()) for _ in range(2)]
    for term in terms:
        await term.wait_for(*MENU)
    processes = [session.process for session in server.sessions]
    await server.stop()
    for term in terms:
        await term.wait_closed(timeout=5)
        tail = bytes(term.raw)[-300:]
        assert TERMINAL_RESET in tail and STOP_MESSAGE.encode() in tail
    assert all(process.returncode == 0 for process in processes)  # each app saved and exited on SIGTERM
    assert all(process_gone(process.pid) for process in processes)


async def test_a_failing_session_is_closed_and_the_server_goes_on(start_server, monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger="tui_games.serve")
    server = await start_server()
    real_start = GameSession._start_process
    calls = []

    async def failing_once(self):
        calls.append(self)
        if len(calls) == 1:
            raise RuntimeError("boom")
        return await real_start(self)

    monkeypatch.setattr(GameSession, "_start_process", failing_once)
    first = await Terminal.open(server.port, make_key())
    await first.wait_closed(timeout=10)
    assert b"this session failed on the server's side" in bytes(first.raw)
    assert any('reason="error: RuntimeError"' in r.getMessage() for r in caplog.records)
    second = await Terminal.open(server.port, make_key())
    await second.wait_for(*MENU)
    assert server.caps.count == 1
    await first.close()
    await second.close()
