"""The server's side of every session process's control channel: what a session may ask (kernel
calls, AI moves and hints, preparing a game), checked, and run by the engine pool.

Each session process gets a :class:`SessionLink` before it starts (:meth:`KernelService.open_link`):
a socketpair whose child end the process inherits (``pass_fds``), named in its environment with
``TUI_GAMES_KERNELS=remote`` (:meth:`SessionLink.environment`), and whose server end is a
:class:`~tui_games.serve.channel.Channel` answering:

- ``kernel`` ``{"fn": "module:name", "args": [...]}``: one kernel call, passed on unread to the least
  busy worker, which reads it as safely and runs only the package's own kernels;
- ``move`` / ``hint`` ``{"match": key, "tag": n, "request": MoveRequest}``: an AI move or a hint, run by
  the worker that plays the match (the session's match keys are its own: the pool sees them prefixed
  with the session's link name); ``prepare_players`` ``{"match": key, "request": ...}``;
- ``prepare`` ``{"game": id, "levels": [...]}``: the game compiled or loaded in the pool, with
  progress parts;
- pushed ``cancel`` ``{"match": key, "tag": n}`` (stop that search) and ``forget`` ``{"match": key}``.

More requests (the rooms') are added to :attr:`KernelService.handlers`, shared by every channel;
``request.channel.context["link"]`` is the asking session's link, which says who the session is
(:attr:`SessionLink.identity` and :attr:`SessionLink.display_name`, given to
:meth:`KernelService.open_link`). A running session's link is ``session.process.link`` (SSH and
browser sessions alike); ``link.channel.push(op, value)`` sends it a message, which the session
process hands to its listeners of ``op``
(:func:`tui_games.serve.session_kernels.listen`). When a session's channel ends (its process is gone),
its searches are cancelled and its matches forgotten, and each of :attr:`KernelService.link_closed` is
called with its link (the rooms let go of its seat).
"""

from __future__ import annotations

import asyncio
import itertools
import socket
from typing import Any, Callable

from tui_games.core.registry import get
from tui_games.core.remote_kernels import MODE_VARIABLE
from tui_games.serve.channel import Channel, Refused, Request
from tui_games.serve.engine_pool import EnginePool
from tui_games.serve.session_kernels import CHANNEL_FD_VARIABLE
from tui_games.serve.session_log import LOGGER

MAX_MATCH_KEY = 32
"""The longest match key a session may name."""

WARM_AFTER_S = 2.0
"""A new session's pool starts its first worker this long after the session (the menu is drawn
first; the worker is ready when a game is chosen)."""


class SessionLink:
    """One session process's control channel, the server's end (see the module docstring)."""

    def __init__(self, service: "KernelService", channel: Channel, child: socket.socket, name: str,
                 identity: str | None = None, display_name: str | None = None) -> None:
        self.service = service
        """The service answering this session."""
        self.channel = channel
        """The server's end of the channel (push to the session with ``channel.push``)."""
        self.name = name
        """The link's name, unique in this server (its matches' prefix in the pool)."""
        self.identity = identity
        """Who the session is: an SSH key's fingerprint, a browser's ``web:<token>``; None for a session
        with no identity (it may not use the rooms)."""
        self.display_name = display_name
        """The name the session's person is shown by (cleaned by the front end), or None."""
        self.ending = False
        """Set by the front end once it ends the session (the client is gone, a limit, the server
        stopping): what the session does on its way out is not its person's choice (leaving its room
        then counts as a drop, and the seat is kept)."""
        self.matches: set[str] = set()
        """The pool's keys of this session's matches."""
        self.jobs: dict[tuple[str, int], int] = {}
        """(match, tag) -> the pool's job id, for the searches running now."""
        self._child: socket.socket | None = child

    @property
    def child_fd(self) -> int:
        """The descriptor the session process inherits (``pass_fds``)."""
        return self._child.fileno()

    def environment(self) -> dict[str, str]:
        """What the session process's environment adds: remote kernels, and its channel's descriptor."""
        return {MODE_VARIABLE: "remote", CHANNEL_FD_VARIABLE: str(self.child_fd)}

    def release_child(self) -> None:
        """Close the server's copy of the child end (once the process has it, or failed to start), so
        that the channel ends when the process does."""
        if self._child is not None:
            self._child.close()
            self._child = None

    async def close(self) -> None:
        """End the channel (the session's searches are stopped)."""
        self.release_child()
        await self.channel.close()


class KernelService:
    """Answers every session's channel with the engine ``pool`` (see the module docstring)."""

    def __init__(self, pool: EnginePool | None = None) -> None:
        self.pool = pool or EnginePool()
        """The workers that run everything."""
        self.handlers = {"kernel": self._kernel, "move": self._move, "hint": self._hint,
                         "prepare_players": self._prepare_players, "prepare": self._prepare}
        """The requests sessions may make, by op (shared by every channel: add to it)."""
        self.push_handlers = {"cancel": self._cancel, "forget": self._forget}
        """The messages sessions may push, by op: ``handler(link, value)``."""
        self.links: set[SessionLink] = set()
        """The sessions' links open now."""
        self.link_closed: list[Callable[[SessionLink], None]] = []
        """Called with each link whose channel ended (its session process is gone), after the pool let
        go of its searches."""
        self.closing: list[Callable[[], None]] = []
        """Called first when the service closes (the server stops), while the links are still open."""
        self.rooms: Any = None
        """The server's :class:`~tui_games.serve.room_service.RoomService`, once one is attached."""
        self._names = itertools.count(1)

    async def open_link(self, identity: str | None = None, display_name: str | None = None) -> SessionLink:
        """A new session's channel (see :class:`SessionLink`) for the person ``identity`` shown as
        ``display_name``; the pool starts a worker soon if it has none."""
        parent, child = socket.socketpair()
        name = f"s{next(self._names)}"
        try:
            channel = await Channel.over(parent, self.handlers, on_push=self._pushed, on_close=self._closed,
                                         name=f"session channel {name}")
        except BaseException:
            parent.close()
            child.close()
            raise
        link = SessionLink(self, channel, child, name, identity, display_name)
        channel.context["link"] = link
        self.links.add(link)
        asyncio.get_running_loop().call_later(WARM_AFTER_S, self.pool.warm)
        return link

    async def close(self) -> None:
        """Run :attr:`closing`, end every session's channel and stop the pool."""
        for callback in list(self.closing):
            try:
                callback()
            except Exception:  # noqa: BLE001  (the links and the pool must still be closed)
                LOGGER.exception("closing the kernel service: %r failed", callback)
        for link in list(self.links):
            await link.close()
        await self.pool.close()

    # ----- requests ------------------------------------------------------------------------------------------
    @staticmethod
    def _link(request: Request) -> SessionLink:
        return request.channel.context["link"]

    def _kernel(self, request: Request) -> Any:
        """Passed on unread to a worker, which reads it with the same checks and runs only the package's
        own kernels (reading it here too would double the cost of the most frequent call)."""
        return self.pool.forward_kernel(request)

    def _match(self, request: Request) -> tuple[str, dict]:
        body = request.body
        match = body.get("match") if isinstance(body, dict) else None
        if not isinstance(match, str) or not 0 < len(match) <= MAX_MATCH_KEY:
            raise Refused("a search names its match (a short text)")
        from tui_games.table.runners import MoveRequest

        MoveRequest.from_wire(body.get("request"))  # checked here, before any worker sees it
        key = f"{self._link(request).name}/{match}"
        self._link(request).matches.add(key)
        return key, body

    async def _search(self, request: Request, op: str) -> Any:
        key, body = self._match(request)
        tag = body.get("tag")
        if not isinstance(tag, int) or isinstance(tag, bool):
            raise Refused("a search has a tag (a whole number)")
        link = self._link(request)
        job = self.pool.new_job()
        link.jobs[(body["match"], tag)] = job
        try:
            return await self.pool.job(op, key, body["request"], job)
        except asyncio.CancelledError:
            self.pool.cancel(job)
            raise
        finally:
            link.jobs.pop((body["match"], tag), None)

    async def _move(self, request: Request) -> Any:
        return await self._search(request, "move")

    async def _hint(self, request: Request) -> Any:
        return await self._search(request, "hint")

    async def _prepare_players(self, request: Request) -> None:
        key, body = self._match(request)
        await self.pool.job("prepare_players", key, body["request"])

    async def _prepare(self, request: Request) -> None:
        body = request.body
        if not isinstance(body, dict) or not isinstance(body.get("game"), str) or len(body["game"]) > 64:
            raise Refused("preparing names a game")
        spec = get(body["game"])
        levels = body.get("levels")
        if not isinstance(levels, list) or len(levels) > 16 or not all(
                isinstance(level, int) and not isinstance(level, bool) and 1 <= level <= max(spec.max_level, 1)
                for level in levels):
            raise Refused(f"{spec.title}'s AI levels are 1..{spec.max_level}")
        await self.pool.prepare(spec.id, levels, on_part=request.progress)

    # ----- pushed messages and the end -------------------------------------------------------------------
    def _pushed(self, channel: Channel, op: str, value: Any) -> None:
        handler = self.push_handlers.get(op)
        if handler is not None and isinstance(value, dict):
            handler(channel.context["link"], value)

    def _cancel(self, link: SessionLink, value: dict) -> None:
        job = link.jobs.get((value.get("match"), value.get("tag")))
        if job is not None:
            self.pool.cancel(job)

    def _forget(self, link: SessionLink, value: dict) -> None:
        key = f"{link.name}/{value.get('match')}"
        if key in link.matches:
            link.matches.discard(key)
            self.pool.forget([key])

    def _closed(self, channel: Channel) -> None:
        link: SessionLink | None = channel.context.get("link")
        if link is None:
            return
        self.links.discard(link)
        link.release_child()
        for job in list(link.jobs.values()):
            self.pool.cancel(job)
        self.pool.forget(sorted(link.matches))
        link.matches.clear()
        for callback in list(self.link_closed):
            try:
                callback(link)
            except Exception:  # noqa: BLE001  (one listener's fault must not stop the others)
                LOGGER.exception("session link %s: a close listener failed", link.name)


__all__ = ["KernelService", "SessionLink"]
