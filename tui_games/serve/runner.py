"""The server's life as a command: log set-up, start, wait for SIGTERM or Ctrl-C, stop cleanly."""

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


async def serve_until_stopped(config: ServeConfig, stop: asyncio.Event | None = None) -> int:
    """Run the server until SIGTERM, SIGINT or ``stop`` is set, then stop it; the exit status."""
    from tui_games.serve.identity import fingerprint
    from tui_games.serve.ssh_server import GameServer

    stop = stop or asyncio.Event()
    server = GameServer(config)
    try:
        port = await server.start()
    except OSError as error:
        raise TuiGamesError(f"cannot listen on {config.host}:{config.ssh_port}: {error.strerror or error}") \
            from None
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    log("listening", host=config.host, port=port, data=str(config.data_dir),
        host_key=fingerprint(server.host_key), max_sessions=config.max_sessions,
        allow_keys=str(config.allow_keys) if config.allow_keys else "any")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        log("warning", why="running as root: every session runs as root too; use an unprivileged user")
    try:
        await stop.wait()
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
        log("stopping", sessions=len(server.sessions))
        await server.stop()
        log("stopped")
    return 0


def serve(config: ServeConfig) -> int:
    """``tui-games serve``: run the SSH server in the foreground; the exit status."""
    try:
        import asyncssh  # noqa: F401
    except ImportError:
        raise TuiGamesError("`tui-games serve` needs asyncssh: pip install 'tui-games[serve]'") from None
    setup_logging()
    return asyncio.run(serve_until_stopped(config))
