"""What the SSH server refuses, and the limits that close the door: checked with a real asyncssh client
on loopback."""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pytest
from asyncssh.packet import Boolean, String, UInt32

from tui_games.serve.config import Rate
from ssh_helpers import Terminal, connect, make_key
from waiting import until


async def no_pty_session(conn: asyncssh.SSHClientConnection) -> tuple[bytes, int]:
    """Open a shell without a pty: what it printed and its exit status."""
    process = await conn.create_process(encoding=None)
    output = await process.stdout.read()
    await process.wait_closed()
    return output, process.exit_status


async def test_exec_subsystems_and_port_forwarding_are_refused(start_server, caplog):
    caplog.set_level("INFO", logger="tui_games.serve")
    server = await start_server()
    async with await connect(server.port, make_key()) as conn:
        with pytest.raises(asyncssh.ChannelOpenError, match="Session request failed"):
            await conn.create_process("id", term_type="xterm")
        with pytest.raises(asyncssh.ChannelOpenError, match="Session request failed"):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError, match="Session request failed"):
            await conn.create_process(subsystem="scp", encoding=None)
        with pytest.raises(asyncssh.ChannelOpenError):  # local forwarding (ssh -L)
            await conn.open_connection("127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):  # remote forwarding (ssh -R)
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
    refusals = {r.getMessage().split(" fp=")[0] for r in caplog.records if r.getMessage().startswith("refused")}
    assert refusals == {"refused what=exec", "refused what=subsystem:sftp", "refused what=subsystem:scp",
                        'refused what="local port forwarding"', 'refused what="remote port forwarding"'}
    assert not server.sessions and server.caps.count == 0


async def test_agent_and_x11_forwarding_are_refused(start_server):
    server = await start_server()
    term = await Terminal.open(server.port, make_key())
    channel = term.process.channel
    # OpenSSH's client asks for these without wanting a reply; asking with one shows the server's answer.
    assert await channel._make_request(b"auth-agent-req@openssh.com") is False
    assert await channel._make_request(b"x11-req", Boolean(False), String(b"MIT-MAGIC-COOKIE-1"),
                                       String(b"0" * 32), UInt32(0)) is False
    await until(lambda: server.sessions, what="the session")
    session = next(iter(server.sessions))
    assert session._chan.get_agent_path() is None and session._chan.get_x11_display() is None
    await term.close()


async def test_a_session_without_a_terminal_is_told_and_closed(start_server):
    server = await start_server()
    async with await connect(server.port, make_key()) as conn:
        output, status = await no_pty_session(conn)
    assert b"this server needs a terminal" in output and b"ssh -t" in output
    assert status == 1
    assert server.caps.count == 0


async def test_password_and_keyboard_interactive_logins_are_not_offered(start_server):
    server = await start_server()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", server.port, username="alice", password="secret", client_keys=None,
                               known_hosts=None, agent_path=None, config=None)


async def test_connections_from_one_address_are_rate_limited(start_server):
    server = await start_server(connect_rate=Rate(2, 60))
    key = make_key()
    for _ in range(2):
        conn = await connect(server.port, key)
        conn.close()
        await conn.wait_closed()
    with pytest.raises(asyncssh.DisconnectError, match="too many connections from your address: please wait 30 s"):
        await connect(server.port, key)


async def test_open_connections_are_capped(start_server):
    server = await start_server(max_sessions=1, connect_rate=Rate(1000, 1))
    key = make_key()
    conns = [await connect(server.port, key) for _ in range(server.config.max_connections)]
    with pytest.raises(asyncssh.DisconnectError, match="too many connections to this server"):
        await connect(server.port, key)
    for conn in conns:
        conn.close()
    await until(lambda: not server.connections, timeout=10, what="every connection closed")
    (await connect(server.port, key)).close()


@pytest.mark.slow
async def test_session_caps_in_all_and_per_key(start_server):
    server = await start_server(max_sessions=2, per_identity=1)
    alice, bob, carol = make_key(), make_key(), make_key()
    first = await Terminal.open(server.port, alice)
    await until(lambda: server.caps.count == 1, what="alice's session")
    again = await Terminal.open(server.port, alice)
    await again.wait_closed()
    assert b"Your key already has 1 session open here" in bytes(again.raw) and again.process.exit_status == 1
    second = await Terminal.open(server.port, bob)
    await until(lambda: server.caps.count == 2, what="bob's session")
    third = await Terminal.open(server.port, carol)
    await third.wait_closed()
    assert b"The server is full (2 sessions)" in bytes(third.raw) and third.process.exit_status == 1
    assert server.caps.count == 2
    for term in (first, again, second, third):
        await term.close()


async def test_allow_keys_lets_in_only_the_listed_keys(start_server, tmp_path):
    listed, unlisted = make_key(), make_key()
    allow = tmp_path / "authorized_keys"
    allow.write_bytes(listed.export_public_key())
    server = await start_server(allow_keys=allow)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, unlisted)
    async with await connect(server.port, listed) as conn:
        output, _ = await no_pty_session(conn)
    assert b"needs a terminal" in output  # logged in


async def test_a_client_that_never_logs_in_is_dropped_after_the_login_timeout(start_server):
    server = await start_server(login_timeout_s=1.0)
    started = time.monotonic()
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    banner = await asyncio.wait_for(reader.read(), 10)  # until the server closes
    assert time.monotonic() - started >= 0.9
    assert banner == b"SSH-2.0-tui-games\r\n"  # the server's version line, then nothing until it hangs up
    writer.close()
