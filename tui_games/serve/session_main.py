"""What one SSH session's process runs: the tui-games app at its menu, and nothing else (never a shell).

The server starts it as ``python -m tui_games.serve.session_main`` on a pseudo-terminal, in a session
of its own, with ``TUI_GAMES_HOME`` set to the player's folder (their settings, saves and statistics)
and ``TUI_GAMES_CACHE`` to the server's shared cache (compiled kernels are made once for everyone).
It takes the pty as its controlling terminal, so that the kernel tells it of resizes (SIGWINCH) and
of a hang-up (SIGHUP); the app's terminal guard saves the game and exits on SIGHUP and SIGTERM.

Unlike the local ``tui-games``, it does not warm every game's kernels in the background. Started by
the server with ``TUI_GAMES_KERNELS=remote`` and a control channel (see
:mod:`~tui_games.serve.session_kernels`), it never imports numba: its kernels, AI moves and hints run
in the server's engine pool, so a session costs tens of MiB; the same channel reaches the server's
rooms (:class:`~tui_games.online.channel_lobby.ChannelLobby`, the app's ``lobby``). Without them (run
by hand) it runs its kernels itself, as the local app does, and has no rooms.
"""

from __future__ import annotations

import fcntl
import os
import sys
import termios
import threading


def take_terminal() -> None:
    """Make standard input's terminal this session's controlling terminal (if it is one)."""
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass  # not a session leader: the app still runs, without resize and hang-up signals


def connect_to_server() -> bool:
    """Open the control channel to the server when the environment names one (remote kernels); False,
    with the reason on standard error, when it names one that cannot be opened."""
    from tui_games.serve.session_kernels import connect_from_env

    try:
        connect_from_env()
    except ValueError as error:
        print(f"tui-games: {error}", file=sys.stderr)
        return False
    return True


def main() -> int:
    """Run the app until the player quits, the terminal goes away or SIGTERM comes; the exit status."""
    if not os.isatty(0):
        print("tui-games: a session needs a terminal", file=sys.stderr)
        return 2
    take_terminal()
    if not connect_to_server():
        return 2
    return run_app()


def server_lobby():
    """The server's lobby over the control channel, when this session has one; else None. The name the
    session plays under is asked for at once, beside the app's start, so the menu finds it known."""
    from tui_games.serve.session_kernels import client

    channel = client()
    if channel is None:
        return None
    from tui_games.online.channel_lobby import ChannelLobby

    lobby = ChannelLobby(channel)
    threading.Thread(target=lambda: lobby.player_name, name="player name", daemon=True).start()
    return lobby


def run_app() -> int:
    """Run the app (no background warm-up: the server's pool has the kernels; the server's rooms as its
    lobby) until the player quits, the terminal goes away or a signal comes, saving the game on the way
    out; the exit status."""
    from tui_games.ui.app import TuiGamesApp

    app = TuiGamesApp(None, warm_up=False, watchdog=True, lobby=server_lobby())
    try:
        app.run()
    finally:
        app.save_active_match()
        app.stop_warm_up()
    return 0


if __name__ == "__main__":
    sys.exit(main())
