"""The server's life as a command: log set-up, start the front ends (SSH, web or both), wait for SIGTERM
or Ctrl-C, stop them cleanly."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys

from tui_games.core.errors import TuiGamesError
from tui_games.serve.config import ServeConfig
from tui_games.serve.session_log import LOGGER, log


def setup_logging() -> None:
    """Send the server's lines to standard error with a time stamp; keep asyncssh's own to warnings."""
    if not LOGGER.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.INFO)
    LOGGER.propagate = False
    logging.getLogger("asyncssh").setLevel(logging.WARNING)


async def _listen(server, config: ServeConfig, port: int) -> int:
    try:
        return await server.start()
    except OSError as error:
        raise TuiGamesError(f"cannot listen on {config.host}:{port}: {error.strerror or error}") from None


async def start_front_ends(config: ServeConfig) -> list:
    """Start the SSH front end, the web one or both (sharing the session caps, the connection rate, the
    engine pool and the rooms), each logging where it listens; the started servers (each has
    ``sessions``, ``engines`` and ``stop``)."""
    servers: list = []
    try:
        ssh = None
        if config.ssh_port is not None:
            from tui_games.serve.identity import fingerprint
            from tui_games.serve.ssh_server import GameServer

            ssh = GameServer(config)
            port = await _listen(ssh, config, config.ssh_port)
            servers.append(ssh)
            log("listening", host=config.host, port=port, data=str(config.data_dir),
                host_key=fingerprint(ssh.host_key), max_sessions=config.max_sessions,
                allow_keys=str(config.allow_keys) if config.allow_keys else "any")
        if config.web_port is not None:
            from tui_games.serve.room_service import attach_rooms
            from tui_games.serve.web_server import WebServer

            web = WebServer(config, caps=ssh.caps if ssh else None, rate=ssh.rate if ssh else None,
                            engines=ssh.engines if ssh else None)
            attach_rooms(web.engines, config.data_dir)
            port = await _listen(web, config, config.web_port)
            servers.append(web)
            log("listening", host=config.host, port=port, web=web.url, data=str(config.data_dir),
                max_sessions=config.max_sessions, origin=config.public_url or "page",
                proxy="trusted" if config.behind_proxy else "none")
    except BaseException:
        for server in servers:
            await server.stop()
        raise
    return servers


async def serve_until_stopped(config: ServeConfig, stop: asyncio.Event | None = None) -> int:
    """Run the server until SIGTERM, SIGINT or ``stop`` is set, then stop it; the exit status."""
    stop = stop or asyncio.Event()
    servers = await start_front_ends(config)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        log("warning", why="running as root: every session runs as root too; use an unprivileged user")
    try:
        await stop.wait()
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
        log("stopping", sessions=sum(len(server.sessions) for server in servers))
        rooms = servers[0].engines.rooms if servers else None
        if rooms is not None:  # every room's game saved and its people told, while they are connected
            rooms.close()
        await asyncio.gather(*(server.stop() for server in servers))
        log("stopped")
    return 0


def serve(config: ServeConfig) -> int:
    """``tui-games serve``: run the SSH front end, the web one or both in the foreground; the exit status."""
    needed = ["asyncssh"] + (["aiohttp", "textual_serve"] if config.web_port is not None else [])
    for module in needed:
        try:
            __import__(module)
        except ImportError:
            raise TuiGamesError(f"`tui-games serve` needs {module.replace('_', '-')}: "
                                "pip install 'tui-games[serve]'") from None
    setup_logging()
    return asyncio.run(serve_until_stopped(config))
