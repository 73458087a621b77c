"""What one browser session's process runs: the tui-games app at its menu, drawn by Textual's web driver.

The server starts it as ``python -m tui_games.serve.web_session_main`` (no shell, an environment built
from nothing: :func:`~tui_games.serve.session_process.session_environment` plus
``TEXTUAL_DRIVER`` naming Textual's ``WebDriver``), in a session of its own, with pipes for its standard
streams: the driver reads the browser's keys and sizes from standard input and writes the screen to
standard output, both in the packets textual-serve speaks. There is no terminal, so no kernel hang-up:
the server sends SIGHUP when the browser is gone and SIGTERM when it ends the session; the app's
terminal guard saves the game and exits on either. As an SSH session's, its kernels and AI run in the
server's engine pool over its control channel (:func:`~tui_games.serve.session_main.connect_to_server`).
"""

from __future__ import annotations

import os
import sys

WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The Textual driver a browser session runs with (``TEXTUAL_DRIVER``)."""


def main() -> int:
    """Run the app until the player quits or a signal comes; the exit status."""
    if os.environ.get("TEXTUAL_DRIVER") != WEB_DRIVER:
        print(f"tui-games: a browser session runs with TEXTUAL_DRIVER={WEB_DRIVER}", file=sys.stderr)
        return 2
    from tui_games.serve.session_main import connect_to_server, run_app

    if not connect_to_server():
        return 2
    return run_app()


if __name__ == "__main__":
    sys.exit(main())
