"""The SSH server started in this process on an ephemeral loopback port, with a fresh data folder."""

from __future__ import annotations

import pytest

from tui_games.serve.config import ServeConfig
from tui_games.serve.ssh_server import GameServer


@pytest.fixture
async def start_server(tmp_path):
    """``await start_server(**config)``: a started :class:`GameServer` (stopped after the test)."""
    servers = []

    async def start(**overrides) -> GameServer:
        overrides.setdefault("data_dir", tmp_path / "data")
        server = GameServer(ServeConfig(host="127.0.0.1", ssh_port=0, **overrides))
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await server.stop()
