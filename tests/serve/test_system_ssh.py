"""A smoke test with the system's OpenSSH client (`ssh -tt`), where there is one."""

from __future__ import annotations

import asyncio
import os
import shutil
import time

import pyte
import pytest

from ssh_helpers import WAIT_S, make_key

SSH = shutil.which("ssh") or "/usr/bin/ssh"

pytestmark = pytest.mark.skipif(not os.path.exists(SSH), reason="no OpenSSH client (ssh) on this machine")


def ssh_command(server, tmp_path, *extra: str) -> list[str]:
    """``ssh`` to the test server with a fresh key, checking the server's host key strictly against
    the key file the server made, and reading no user configuration or agent."""
    key = make_key()
    identity = tmp_path / "id_ed25519"
    identity.write_bytes(key.export_private_key())
    identity.chmod(0o600)
    known_hosts = tmp_path / "known_hosts"
    known_hosts.write_bytes(f"[127.0.0.1]:{server.port} ".encode() + server.host_key.export_public_key())
    return [SSH, "-F", "/dev/null", "-p", str(server.port), "-i", str(identity), "-l", "player",
            "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=yes",
            "-o", "StrictHostKeyChecking=yes", "-o", f"UserKnownHostsFile={known_hosts}",
            "-o", "LogLevel=ERROR", *extra, "127.0.0.1"]


@pytest.mark.slow
async def test_openssh_client_reaches_the_menu_and_quits(start_server, tmp_path):
    server = await start_server()
    ssh = await asyncio.create_subprocess_exec(*ssh_command(server, tmp_path, "-tt"), stdin=asyncio.subprocess.PIPE,
                                               stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    screen = pyte.Screen(80, 24)  # ssh sends no size without a local terminal: the server assumes 80x24
    stream = pyte.ByteStream(screen)
    deadline = time.monotonic() + WAIT_S
    try:
        while "Tic Tac Toe" not in "\n".join(screen.display):
            assert time.monotonic() < deadline, "\n".join(screen.display)
            try:
                data = await asyncio.wait_for(ssh.stdout.read(65536), 1)
            except asyncio.TimeoutError:
                continue
            assert data, (await ssh.stderr.read()).decode()
            stream.feed(data)
        ssh.stdin.write(b"q")
        await ssh.stdin.drain()
        await asyncio.wait_for(ssh.stdout.read(), 15)
        assert await asyncio.wait_for(ssh.wait(), 15) == 0
    finally:
        if ssh.returncode is None:
            ssh.kill()
            await ssh.wait()


@pytest.mark.slow
async def test_openssh_client_cannot_run_a_command(start_server, tmp_path):
    server = await start_server()
    ssh = await asyncio.create_subprocess_exec(*ssh_command(server, tmp_path), "id", stdin=asyncio.subprocess.DEVNULL,
                                               stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(ssh.communicate(), 15)
    assert ssh.returncode != 0 and out == b""
    assert b"exec request failed" in err
