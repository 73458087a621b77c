"""One engine worker of the server's pool: the process that runs kernels, AI moves and hints for the
sessions (see :mod:`~tui_games.serve.engine_pool`).

Started as ``python -m tui_games.serve.engine_worker FD`` with ``FD`` its end of a socketpair, it
answers the pool's requests over that channel (a
:class:`~tui_games.serve.channel_client.ChannelClient`):

- ``kernel`` ``{"fn": "module:name", "args": [...]}``: runs one of the package's registered kernels
  (:func:`~tui_games.core.remote_kernels.find_kernel`) on the arguments and answers
  ``{"r": result, "same": path or None, "w": [[path, array], ...]}``: the arrays it wrote into
  (``same``: the argument it returned). Runs on the reader thread, one call after another;
- ``move`` / ``hint`` ``{"job": n, "match": key, "request": MoveRequest}``: an AI move (an action)
  or a hint, each in a thread of its own, by the players of that match (a
  :class:`~tui_games.table.runners.PlayerCache` per match key, so a seat's player keeps its state
  from move to move); ``prepare_players`` gets a match's player ready;
- ``prepare`` ``{"game": id, "levels": [...]}``: compiles (the first time, in a child process) or
  loads a game's rules and AI levels, with progress parts; ``load`` ``{"game": id}`` loads its rules;
- pushed ``cancel`` ``{"job": n}`` stops a running search; ``forget`` ``{"matches": [...]}`` lets
  go of matches' players.

It ends when the channel does (the server closed it or is gone).
"""

from __future__ import annotations

import os
import socket
import sys
import threading
from collections import OrderedDict
from typing import Any, Callable

from tui_games.core.remote_kernels import MODE_VARIABLE, arrays_in, find_kernel
from tui_games.serve.channel_client import ChannelClient
from tui_games.serve.wire import KernelRef

MAX_MATCHES = 256
"""Matches whose players a worker keeps (the least recently used go first)."""


class Cancelled(Exception):
    """The job was cancelled before its search started."""


def _resolve(value):
    """``value`` with every kernel named in it looked up (tuples and lists too)."""
    if isinstance(value, KernelRef):
        return find_kernel(str(value))
    if isinstance(value, list):
        return [_resolve(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_resolve(item) for item in value)
    return value


def run_kernel(body: Any) -> dict:
    """Run the kernel ``body`` names on its arguments; the answer described in the module docstring."""
    if not isinstance(body, dict) or not isinstance(body.get("args"), list):
        raise ValueError("a kernel call is {'fn': 'module:name', 'args': [...]}")
    function = find_kernel(body.get("fn"))
    args = _resolve(body["args"])
    arrays = arrays_in(args)
    before = [array.tobytes() for _path, array in arrays]
    result = function(*args)
    written = [[list(path), array] for (path, array), old in zip(arrays, before) if array.tobytes() != old]
    same = next((list(path) for path, array in arrays if result is array), None)
    return {"r": None if same is not None else result, "same": same, "w": written}


class EngineWorker:
    """The requests a worker answers (see the module docstring)."""

    def __init__(self) -> None:
        self._matches: OrderedDict[str, Any] = OrderedDict()
        self._jobs: dict[int, Any] = {}
        self._lock = threading.Lock()

    def handlers(self) -> dict[str, Callable]:
        """The worker's requests, by op."""
        return {"kernel": lambda body, progress: run_kernel(body), "move": self.move, "hint": self.hint,
                "prepare_players": self.prepare_players, "prepare": self.prepare, "load": self.load}

    def pushed(self, op: str, body: Any) -> None:
        """A pushed ``cancel`` or ``forget``."""
        if not isinstance(body, dict):
            return
        if op == "cancel":
            with self._lock:
                job = self._jobs.get(body.get("job"))
            if job is not None:
                job.cancel()
        elif op == "forget":
            with self._lock:
                for key in body.get("matches") or ():
                    self._matches.pop(key, None)

    def _players(self, key: str):
        from tui_games.table.runners import PlayerCache

        with self._lock:
            players = self._matches.pop(key, None) or PlayerCache()
            self._matches[key] = players
            while len(self._matches) > MAX_MATCHES:
                self._matches.popitem(last=False)
        return players

    def _search(self, body: Any, work: str):
        from tui_games.table.runners import Job, MoveRequest

        request = MoveRequest.from_wire(body.get("request") if isinstance(body, dict) else None)
        players = self._players(str(body.get("match")))
        job, ident = Job(), body.get("job")
        with self._lock:
            self._jobs[ident] = job
        try:
            if not job.searching(players.player(request)):
                raise Cancelled("the search was cancelled")
            return getattr(players, work)(request)
        finally:
            job.searching(None)
            with self._lock:
                self._jobs.pop(ident, None)

    def move(self, body: Any, progress) -> Any:
        """An AI move: an action (a list for a joint move)."""
        action = self._search(body, "move")
        return [int(a) for a in action] if isinstance(action, (list, tuple)) else int(action)

    def hint(self, body: Any, progress) -> dict:
        """A hint, as plain data."""
        from tui_games.table.runners import hint_to_wire

        return hint_to_wire(self._search(body, "hint"))

    def prepare_players(self, body: Any, progress) -> None:
        """Build a match's player and get it ready to answer."""
        from tui_games.table.runners import MoveRequest

        request = MoveRequest.from_wire(body.get("request") if isinstance(body, dict) else None)
        self._players(str(body.get("match"))).prepare(request)

    @staticmethod
    def prepare(body: Any, progress) -> None:
        """Compile or load a game's rules and AI levels (as the local app prepares a game)."""
        from tui_games.core.registry import get
        from tui_games.warmup import prepare

        spec = get(str(body.get("game")))
        levels = [int(level) for level in body.get("levels") or []]
        prepare(spec, levels=levels, on_progress=lambda message, step, steps: progress(
            {"message": message, "step": step, "steps": steps}))

    @staticmethod
    def load(body: Any, progress) -> None:
        """Load a game's rules (its kernels, from the cache)."""
        from tui_games.core.registry import get

        get(str(body.get("game"))).definition()


def main(argv: list[str] | None = None) -> int:
    """Serve the pool over the socket whose descriptor is the first argument, until it closes."""
    argv = sys.argv[1:] if argv is None else argv
    if os.environ.get(MODE_VARIABLE) == "remote":
        print("tui-games: an engine worker runs its kernels itself (unset TUI_GAMES_KERNELS)", file=sys.stderr)
        return 2
    sock = socket.socket(fileno=int(argv[0]))
    worker = EngineWorker()
    channel = ChannelClient(sock, handlers=worker.handlers(), inline={"kernel"}, on_push=worker.pushed,
                            name=f"engine worker {os.getpid()}")
    channel.closed.wait()
    return 0


if __name__ == "__main__":
    os._exit(main())  # no interpreter teardown under searches still running in threads
