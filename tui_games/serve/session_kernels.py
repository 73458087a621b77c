"""A session process's end of its control channel to the server: its kernels, AI moves and hints go
there, and messages the server pushes (a room's table events) come from there.

The server starts a session process with ``TUI_GAMES_KERNELS=remote`` and ``TUI_GAMES_CHANNEL_FD``
naming its inherited end of a socketpair (see :mod:`~tui_games.serve.kernel_service`).
:func:`connect_from_env`, called before anything imports a game, opens that channel as a
:class:`~tui_games.serve.channel_client.ChannelClient`, installs it as the kernels' transport (every
kernel proxy and the :class:`~tui_games.table.runners.PoolRunner` use it), and makes sure no AI module
is imported here: AI players run in the server's engine pool.

Pushed messages go to the listeners of their op (:func:`listen`), on the channel's dispatch thread.
"""

from __future__ import annotations

import importlib.abc
import os
import socket
import sys
import threading
from typing import Any, Callable

from tui_games.core.remote_kernels import REMOTE, install_transport
from tui_games.serve.channel_client import ChannelClient

CHANNEL_FD_VARIABLE = "TUI_GAMES_CHANNEL_FD"
"""The environment variable naming the session process's end of its channel."""

_listeners: dict[str, list[Callable[[Any], None]]] = {}
_listeners_lock = threading.Lock()
_client: ChannelClient | None = None


class NoAIHere(importlib.abc.MetaPathFinder):
    """Refuses to import a game's AI module (``tui_games.games.<game>.ai``) in a session process."""

    def find_spec(self, name, path, target=None):
        """ImportError for an AI module; None (let the other finders look) for anything else."""
        parts = name.split(".")
        if len(parts) == 4 and parts[:2] == ["tui_games", "games"] and parts[3] == "ai":
            raise ImportError(f"{name}: AI players run in the server's engine pool, not in a session process",
                              name=name)
        return None


def listen(op: str, callback: Callable[[Any], None]) -> None:
    """Call ``callback(value)`` for every message ``op`` the server pushes (on the dispatch thread: a
    callback that touches the UI hands its work to the UI's own thread)."""
    with _listeners_lock:
        _listeners.setdefault(op, []).append(callback)


def unlisten(op: str, callback: Callable[[Any], None]) -> None:
    """Stop calling ``callback`` for ``op``."""
    with _listeners_lock:
        if callback in _listeners.get(op, []):
            _listeners[op].remove(callback)


def _pushed(op: str, value: Any) -> None:
    with _listeners_lock:
        callbacks = list(_listeners.get(op, []))
    for callback in callbacks:
        try:
            callback(value)
        except Exception:  # noqa: BLE001  (one listener's fault must not stop the others)
            pass


def client() -> ChannelClient | None:
    """This session's channel to the server, once connected."""
    return _client


def connect_from_env() -> ChannelClient | None:
    """Open the channel the environment names and route kernels and AI through it (remote mode only;
    None otherwise). ValueError when remote mode comes without a channel."""
    global _client
    if not REMOTE:
        return None
    if _client is not None:
        return _client
    try:
        fd = int(os.environ[CHANNEL_FD_VARIABLE])
        sock = socket.socket(fileno=fd)
    except (KeyError, ValueError, OSError) as error:
        raise ValueError(f"remote kernels need {CHANNEL_FD_VARIABLE}, a socket inherited from the server "
                         f"({type(error).__name__})") from None
    if not any(isinstance(finder, NoAIHere) for finder in sys.meta_path):
        sys.meta_path.insert(0, NoAIHere())
    _client = ChannelClient(sock, on_push=_pushed, name="the server's channel")
    install_transport(_client)
    return _client


__all__ = ["CHANNEL_FD_VARIABLE", "NoAIHere", "client", "connect_from_env", "listen", "unlisten"]
