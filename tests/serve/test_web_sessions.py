"""Browser sessions end to end, with aiohttp's websocket client speaking textual-serve's protocol on
loopback and the screen read through pyte.

Each test starts the web front end in this process on an ephemeral loopback port; the UI processes are
real (`python -m tui_games.serve.web_session_main` on pipes)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from tui_games.serve.config import Rate
from tui_games.serve.ssh_server import STOP_MESSAGE
from tui_games.serve.ssh_session import TERMINAL_RESET
from tui_games.serve.web_identity import COOKIE_NAME
from tui_games.serve.web_process import WebAppProcess
from tui_games.serve.web_session import WebSession
from waiting import until
from web_helpers import GAME_WAIT_S, WebTerminal, origin, proc_environ, process_gone, start_web  # noqa: F401

MENU = ("tui-games", "Tic Tac Toe", "Commands")
"""Text the menu always shows: the title, the first game, the footer."""


def only_session(server) -> WebSession:
    """The one session the server runs."""
    assert len(server.sessions) == 1
    return next(iter(server.sessions))


async def started(server) -> WebSession:
    """The one session, once its process runs."""
    await until(lambda: len(server.sessions) == 1 and only_session(server).process is not None,
                     what="the session's process")
    return only_session(server)


async def test_the_menu_is_drawn_and_a_move_is_played(start_web, monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger="tui_games.serve")
    monkeypatch.setenv("SERVE_TEST_SECRET", "hunter2")
    server = await start_web()
    opened = time.monotonic()
    term = await WebTerminal.open(server, cols=100, rows=30)
    await term.wait_for(*MENU)
    first_screen_s = time.monotonic() - opened
    # the footer may paint a frame after the menu's title and list
    await until(lambda: "Commands" in term.screen.display[29], what="the footer on the last of 30 rows")
    session = only_session(server)
    pid = session.process.pid
    # the UI process: this Python running the web session module, a direct child (no shell between)
    cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:3]
    assert cmdline == [sys.executable.encode(), b"-m", b"tui_games.serve.web_session_main"]
    assert int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) == os.getpid()
    env = proc_environ(pid)
    assert "SERVE_TEST_SECRET" not in env
    assert env["TUI_GAMES_HOME"] == str(server.config.players_dir / session.identity.folder_name)
    rss_kib = int(next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                       if line.startswith("VmRSS")).split()[1])
    print(f"first screen after {first_screen_s:.2f} s; idle session at the menu: {rss_kib / 1024:.0f} MiB RSS")

    await term.send("\r")  # Tic Tac Toe is chosen: its new-game form
    await term.wait_for("New game: Tic Tac Toe")
    await term.send("\r")  # Start: X is the human, O the AI
    await term.wait_for("Your move: X", timeout=GAME_WAIT_S)
    await term.send("5")  # the centre
    await term.wait_for("1. X: b2")
    assert "╳" in term.text  # the X drawn on the board
    await term.close()
    await until(lambda: not server.sessions, what="the session's end")
    assert process_gone(pid)
    [record] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("session ")]
    for field in (f"fp=web:{session.identity.token}", "addr=127.0.0.1", "term=web", "size=100x30", "duration=",
                  "reason=disconnected", "bytes_in=3"):
        assert field in record


async def test_a_foreign_or_missing_origin_is_refused(start_web, caplog):
    caplog.set_level(logging.INFO, logger="tui_games.serve")
    server = await start_web()
    async with aiohttp.ClientSession() as http:
        url = f"{origin(server)}/ws"
        for headers in ({"Origin": "http://evil.example"}, {"Origin": f"http://127.0.0.1:{server.port + 1}"}, {}):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(url, headers=headers)
            assert refused.value.status == 403
        async with http.get(url) as plain:  # not a websocket at all
            assert plain.status == 400
    assert not server.sessions and server.caps.count == 0
    assert any("refused what=origin" in r.getMessage() and "evil.example" in r.getMessage() for r in caplog.records)


async def test_the_page_gives_a_cookie_that_keeps_the_identity_and_a_forged_one_gets_a_new_one(start_web):
    server = await start_web()
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(f"{origin(server)}/") as page:
            assert page.status == 200 and "textual.js" in await page.text()
            set_cookie = page.headers["Set-Cookie"]
            assert "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie and "Secure" not in set_cookie
            assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
            assert page.headers["Server"] == "tui-games"
        cookie = page.cookies[COOKIE_NAME].value
        async with http.get(f"{origin(server)}/") as again:
            assert "Set-Cookie" not in again.headers  # a valid cookie is kept as it is
        async with http.get(f"{origin(server)}/static/js/textual.js") as script:
            assert script.status == 200 and len(await script.read()) > 100_000

    first = await WebTerminal.open(server, cookie=cookie)
    home = (await started(server)).identity.folder_name
    assert home == f"web-{cookie.split('.')[0]}"
    assert (server.config.players_dir / home).is_dir()
    await first.close()
    await until(lambda: not server.sessions, what="the first session's end")

    again = await WebTerminal.open(server, cookie=cookie)
    assert (await started(server)).identity.folder_name == home  # the same home
    assert again.cookie == cookie
    await again.close()
    await until(lambda: not server.sessions, what="the second session's end")

    token, signature = cookie.split(".")
    forged = f"{token}.{signature[::-1]}"
    stranger = await WebTerminal.open(server, cookie=forged)
    new_home = (await started(server)).identity.folder_name
    assert new_home != home and stranger.cookie not in (cookie, forged)  # a new identity, and its cookie
    await stranger.close()
    anonymous = await WebTerminal.open(server)
    await until(lambda: len(server.sessions) == 1, what="the anonymous session")
    assert only_session(server).identity.folder_name not in (home, new_home)
    await anonymous.close()


async def test_session_caps_in_all_and_per_browser(start_web):
    server = await start_web(max_sessions=2, per_identity=1)
    alice = await WebTerminal.open(server)
    await until(lambda: server.caps.count == 1, what="alice's session")
    again = await WebTerminal.open(server, cookie=alice.cookie)
    await again.wait_closed()
    assert "This browser already has 1 session open here" in bytes(again.raw).decode()
    assert again.close_code == 1013  # try again later
    bob = await WebTerminal.open(server)
    await until(lambda: server.caps.count == 2, what="bob's session")
    carol = await WebTerminal.open(server)
    await carol.wait_closed()
    assert "The server is full (2 sessions)" in bytes(carol.raw).decode()
    assert server.caps.count == 2
    for term in (alice, again, bob, carol):
        await term.close()
    await until(lambda: server.caps.count == 0, what="every session's end")


async def test_new_sessions_from_one_address_are_rate_limited(start_web):
    server = await start_web(connect_rate=Rate(2, 60))
    for _ in range(2):
        term = await WebTerminal.open(server)
        await term.close()
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await WebTerminal.open(server)
    assert refused.value.status == 429 and refused.value.headers["Retry-After"] == "30"


async def test_forwarded_headers_are_believed_only_behind_a_proxy(start_web):
    direct = await start_web(connect_rate=Rate(1, 60))
    await (await WebTerminal.open(direct, headers={"X-Forwarded-For": "203.0.113.1"})).close()
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # the same peer, whatever it claims
        await WebTerminal.open(direct, headers={"X-Forwarded-For": "203.0.113.2"})
    assert refused.value.status == 429

    proxied = await start_web(connect_rate=Rate(1, 60), behind_proxy=True)
    public = {"Origin": "https://games.example.org",
              "X-Forwarded-Proto": "https", "X-Forwarded-Host": "games.example.org"}
    first = await WebTerminal.open(proxied, origin_header=public["Origin"],
                                   headers={**public, "X-Forwarded-For": "203.0.113.1"})
    await until(lambda: len(proxied.sessions) == 1, what="the first player's session")
    assert only_session(proxied).address == "203.0.113.1"
    await first.close()
    second = await WebTerminal.open(proxied, origin_header=public["Origin"],
                                    headers={**public, "X-Forwarded-For": "10.9.9.9, 203.0.113.2"})
    await second.close()  # another player behind the same proxy
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await WebTerminal.open(proxied, origin_header=public["Origin"],
                               headers={**public, "X-Forwarded-For": "203.0.113.1"})
    assert refused.value.status == 429
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # the proxy's page is another origin
        await WebTerminal.open(proxied, headers={"X-Forwarded-For": "203.0.113.3", **public,
                                                 "X-Forwarded-Host": "other.example.org"})
    assert refused.value.status == 403


async def test_public_url_is_the_only_origin_and_makes_the_cookie_secure(start_web):
    server = await start_web(public_url="https://games.example.org")
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await WebTerminal.open(server)  # the loopback address is not where players open the page
    assert refused.value.status == 403
    term = await WebTerminal.open(server, origin_header="https://games.example.org")
    await until(lambda: len(server.sessions) == 1, what="the session")
    await term.close()
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{origin(server)}/") as page:
            assert "Secure" in page.headers["Set-Cookie"]


async def test_idle_timeout_ends_the_session(start_web):
    server = await start_web(idle_timeout_s=1.0)
    term = await WebTerminal.open(server)
    started_at = time.monotonic()
    await term.wait_closed(timeout=15)
    assert time.monotonic() - started_at >= 1.0
    text = bytes(term.raw).decode(errors="replace")
    assert "No input for 1 s: this session has ended. Any game in progress has been saved." in text
    assert TERMINAL_RESET in bytes(term.raw)
    assert term.close_code == 1000
    await term.close()


async def test_a_session_ends_at_the_length_limit_even_while_the_player_types(start_web):
    server = await start_web(max_session_s=1.5)
    term = await WebTerminal.open(server)
    started_at = time.monotonic()
    while not term.closed.is_set():
        assert time.monotonic() - started_at < 15
        await term.send("x")
        await asyncio.sleep(0.1)
    assert time.monotonic() - started_at >= 1.5
    assert "the longest a session may last (1.5 s)" in bytes(term.raw).decode(errors="replace")
    await term.close()


async def test_a_closed_websocket_leaves_no_process_behind(start_web, caplog):
    caplog.set_level(logging.INFO, logger="tui_games.serve")
    server = await start_web()
    term = await WebTerminal.open(server)
    await term.wait_for(*MENU)
    session = only_session(server)
    pid = session.process.pid
    await term.close()  # the tab is closed
    await asyncio.wait_for(session.finished.wait(), 15)
    assert process_gone(pid)
    assert session.process.returncode == 0  # told by SIGHUP, the app saved and exited by itself
    assert any("reason=disconnected" in r.getMessage() for r in caplog.records)
    assert server.caps.count == 0 and not server.sessions


async def test_input_faster_than_the_rate_waits_and_none_is_lost(start_web):
    server = await start_web(input_rate=Rate(200, 1))  # 200 bytes at once, then 200 a second
    term = await WebTerminal.open(server)
    await term.wait_for(*MENU)
    session = only_session(server)
    sent_at = time.monotonic()
    message_bytes = len(json.dumps(["stdin", "x" * 80]))  # 93
    for _ in range(6):
        await term.send("x" * 80)
    await until(lambda: session.bytes_in >= 160, timeout=5, what="the first messages")
    await until(lambda: session.bytes_in == 480, timeout=10, what="every key")
    elapsed = time.monotonic() - sent_at
    assert elapsed >= (6 * message_bytes - 200) / 200 - 0.1  # past the burst, at 200 bytes a second
    assert session.throttled >= 1
    await term.wait_for(*MENU)  # the app took the keys and is still there
    await term.close()


async def test_a_message_that_is_not_the_protocol_ends_the_session(start_web, caplog):
    caplog.set_level(logging.INFO, logger="tui_games.serve")
    server = await start_web()
    term = await WebTerminal.open(server)
    await term.wait_for(*MENU)
    pid = only_session(server).process.pid
    await term.websocket.send_str("not json")
    await term.wait_closed(timeout=15)
    assert term.close_code == 1008
    assert "does not understand" in bytes(term.raw).decode()
    await until(lambda: not server.sessions, what="the session's end")
    assert process_gone(pid)
    assert any('reason="protocol error: a message that is not JSON"' in r.getMessage() for r in caplog.records)
    await term.close()


async def test_quitting_ends_the_session_and_resets_the_terminal(start_web, caplog):
    caplog.set_level(logging.INFO, logger="tui_games.serve")
    server = await start_web()
    term = await WebTerminal.open(server)
    await term.wait_for(*MENU)
    pid = only_session(server).process.pid
    await term.send("q")
    await term.wait_closed()
    assert term.close_code == 1000 and bytes(term.raw).endswith(TERMINAL_RESET)
    await until(lambda: not server.sessions, what="the session's end")
    assert process_gone(pid)
    assert any(r.getMessage().startswith("session ") and "reason=quit" in r.getMessage() for r in caplog.records)
    await term.close()


async def test_a_failing_session_is_closed_and_the_server_goes_on(start_web, monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger="tui_games.serve")
    server = await start_web()
    real_start = WebAppProcess.start.__func__
    calls = []

    async def failing_once(cls, *args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise RuntimeError("boom")
        return await real_start(cls, *args, **kwargs)

    monkeypatch.setattr(WebAppProcess, "start", classmethod(failing_once))
    first = await WebTerminal.open(server)
    await first.wait_closed(timeout=10)
    assert bytes(first.raw).decode().startswith("tui-games: this session failed on the server's side")
    assert first.close_code == 1011
    await until(lambda: not server.sessions, what="the failed session's end")
    assert any('reason="error: RuntimeError"' in r.getMessage() for r in caplog.records)
    second = await WebTerminal.open(server)
    await second.wait_for(*MENU)
    assert server.caps.count == 1
    await first.close()
    await second.close()


async def test_a_resize_redraws_at_the_new_size(start_web):
    server = await start_web()
    term = await WebTerminal.open(server, cols=100, rows=30)
    await term.wait_for(*MENU)
    await term.resize(120, 40)
    await until(lambda: "Commands" in term.screen.display[39], what="the footer on row 40")
    assert only_session(server).cols == 120
    await term.close()


async def test_stopping_the_server_stops_every_app_and_tells_the_browsers(start_web):
    server = await start_web()
    terms = [await WebTerminal.open(server) for _ in range(2)]
    for term in terms:
        await term.wait_for(*MENU)
    processes = [session.process for session in server.sessions]
    await server.stop()
    for term in terms:
        await term.wait_closed(timeout=5)
        assert STOP_MESSAGE in bytes(term.raw)[-300:].decode()
        assert term.close_code == 1001  # going away
        await term.close()
    assert all(process.returncode == 0 for process in processes)  # each app saved and exited on SIGTERM
    assert all(process_gone(process.pid) for process in processes)
