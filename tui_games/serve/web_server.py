"""The web front end of ``tui-games serve`` (aiohttp): the page, textual-serve's browser files, and one
websocket per session, each running the player's app in a process of its own.

A websocket request is refused before anything runs for it when:

- its ``Origin`` is not the page's own origin (``--public-url``'s when given): 403, so that no other
  site's page can open a session with a visitor's cookie;
- its address has opened too many sessions lately (the SSH front end's ``--rate``, shared with it when
  both run): 429 with ``Retry-After``.

Then the browser's identity cookie is read (:mod:`~tui_games.serve.web_identity`): a valid one keeps
its identity, a missing or forged one gets a new identity (and the cookie, on the page and on the
websocket's answer). The session (:class:`~tui_games.serve.web_session.WebSession`) counts against the
same caps as SSH's (one :class:`~tui_games.serve.rate_limits.SessionCaps` when both run).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from aiohttp import web

from tui_games.core.locations import cache_dir
from tui_games.serve.config import ServeConfig
from tui_games.serve.kernel_service import KernelService
from tui_games.serve.rate_limits import AddressRateLimiter, SessionCaps
from tui_games.serve.session_log import log
from tui_games.serve.ssh_server import STOP_MESSAGE
from tui_games.serve.web_identity import COOKIE_MAX_AGE_S, COOKIE_NAME, CookieSigner, WebIdentity, \
    load_or_create_secret
from tui_games.serve.web_page import CONTENT_SECURITY_POLICY, PAGE, SCRIPT, STATIC_PREFIX, STYLE, static_dir
from tui_games.serve.web_request import client_address, origin_allowed, page_origin
from tui_games.serve.web_session import CLOSE_GOING_AWAY, WebSession

MAX_MESSAGE = 65536
"""The largest websocket message taken from a browser (a longer one closes the session)."""

SERVER_NAME = "tui-games"
"""The ``Server`` header (no software versions told)."""

SHUTDOWN_S = 2.0
"""After the sessions ended, how long open HTTP connections have to finish."""


def _size(text: str | None, default: int) -> int:
    try:
        return int(text or default)
    except ValueError:
        return default


class WebServer:
    """The web front end: :meth:`start`, then :meth:`stop`.

    ``caps`` and ``rate`` are the SSH front end's when both run in one process (one count of sessions,
    one budget of new connections per address); by default the web front end has its own.
    """

    def __init__(self, config: ServeConfig, *, caps: SessionCaps | None = None,
                 rate: AddressRateLimiter | None = None, engines: KernelService | None = None) -> None:
        self.config = config
        """The settings and limits."""
        self.engines = engines or KernelService()
        """Runs every session's kernels, AI moves and hints in its engine pool (the SSH front end's when
        both run)."""
        self._own_engines = engines is None
        self.caps = caps or SessionCaps(config.max_sessions, config.per_identity)
        """Sessions open, against their caps."""
        self.rate = rate or AddressRateLimiter(config.connect_rate)
        """New sessions per address."""
        self.shared_cache: Path = cache_dir()
        """The cache every session shares (compiled kernels): this process's own."""
        self.sessions: set[WebSession] = set()
        """The sessions running now."""
        self.port: int | None = None
        """The port listened on (after :meth:`start`)."""
        self.signer: CookieSigner | None = None
        """Signs and checks identity cookies (after :meth:`start`)."""
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None

    @property
    def url(self) -> str:
        """Where the page is: ``--public-url``, else ``http://HOST:PORT/`` (after :meth:`start`)."""
        if self.config.public_url:
            return self.config.public_url + "/"
        host = self.config.host
        return f"http://{f'[{host}]' if ':' in host else host}:{self.port}/"

    async def start(self) -> int:
        """Make the data folder and cookie key if needed, and listen; the port."""
        config = self.config
        for folder in (config.data_dir, config.players_dir):
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.signer = CookieSigner(load_or_create_secret(config.cookie_key_file))
        app = web.Application(middlewares=[self._headers], client_max_size=MAX_MESSAGE)
        app.add_routes([
            web.get("/", self.page),
            web.get("/tui-games.css", self._text(STYLE, "text/css")),
            web.get("/tui-games.js", self._text(SCRIPT, "text/javascript")),
            web.get("/ws", self.websocket),
            web.get("/favicon.ico", self._no_content),
            web.static(f"/{STATIC_PREFIX}", static_dir(), show_index=False, follow_symlinks=False),
        ])
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=SHUTDOWN_S)
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, config.host, config.web_port)
        try:
            await self._site.start()
        except BaseException:
            await self._runner.cleanup()
            raise
        self.port = self._runner.addresses[0][1]
        return self.port

    # ----- requests ------------------------------------------------------------------------------------
    @web.middleware
    async def _headers(self, request: web.Request, handler) -> web.StreamResponse:
        response = await handler(request)
        headers = response.headers
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("Referrer-Policy", "no-referrer")
        headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        headers["Server"] = SERVER_NAME
        return response

    @staticmethod
    async def _no_content(request: web.Request) -> web.Response:
        return web.Response(status=204)

    @staticmethod
    def _text(text: str, content_type: str):
        async def handler(request: web.Request) -> web.Response:
            return web.Response(text=text, content_type=content_type)
        return handler

    def address(self, request: web.Request) -> str:
        """The client's IP address (the proxy's word for it only when behind one)."""
        return client_address(request.remote, request.headers, self.config.behind_proxy)

    def _secure(self, request: web.Request) -> bool:
        origin = page_origin(request.scheme, request.host, request.headers, behind_proxy=self.config.behind_proxy,
                             public_url=self.config.public_url)
        return bool(origin and origin.startswith("https:"))

    def identity(self, request: web.Request, response: web.StreamResponse) -> WebIdentity:
        """The browser's identity from its cookie; a new one (its cookie set on ``response``) when the
        cookie is missing or not this server's."""
        identity = self.signer.identity(request.cookies.get(COOKIE_NAME))
        if identity is None:
            identity = self.signer.new()
            response.set_cookie(COOKIE_NAME, self.signer.cookie_value(identity), max_age=COOKIE_MAX_AGE_S,
                                path="/", httponly=True, samesite="Lax", secure=self._secure(request))
        return identity

    async def page(self, request: web.Request) -> web.Response:
        """The page; it gives a browser its identity cookie if it has none yet."""
        response = web.Response(text=PAGE, content_type="text/html", headers={"Cache-Control": "no-store"})
        self.identity(request, response)
        return response

    def refused(self, request: web.Request, what: str, **fields) -> None:
        """Log one refused websocket."""
        log("refused", what=what, addr=self.address(request), **fields)

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        """A session: checked (origin, rate), given its identity, then run until it ends."""
        websocket = web.WebSocketResponse(heartbeat=self.config.keepalive_interval_s, max_msg_size=MAX_MESSAGE)
        if not websocket.can_prepare(request).ok:
            raise web.HTTPBadRequest(text="a websocket is expected here\n")
        config = self.config
        expected = page_origin(request.scheme, request.host, request.headers, behind_proxy=config.behind_proxy,
                               public_url=config.public_url)
        if not origin_allowed(request.headers.get("Origin"), expected):
            self.refused(request, "origin", origin=request.headers.get("Origin", "-"))
            raise web.HTTPForbidden(text="this server takes websockets from its own page only\n")
        address = self.address(request)
        if not self.rate.allow(address):
            wait_s = max(1, round(self.rate.retry_after(address)))
            self.refused(request, "connection", why="rate")
            raise web.HTTPTooManyRequests(text=f"too many connections from your address: please wait {wait_s} s.\n",
                                          headers={"Retry-After": str(wait_s)})
        identity = self.identity(request, websocket)
        await websocket.prepare(request)
        session = WebSession(self, websocket, identity, address, _size(request.query.get("width"), 80),
                             _size(request.query.get("height"), 24))
        await session.run()
        return websocket

    # ----- stopping ------------------------------------------------------------------------------------
    async def stop(self, message: str = STOP_MESSAGE) -> None:
        """Stop listening, end every session (each app saves its game; each player reads ``message``),
        wait for them, and close every connection."""
        if self._site is not None:
            await self._site.stop()
            self._site = None
        sessions = list(self.sessions)
        for session in sessions:
            session.request_end("server stopping", message, code=CLOSE_GOING_AWAY)
        if sessions:
            await asyncio.wait([asyncio.ensure_future(session.finished.wait()) for session in sessions],
                               timeout=self.config.hangup_grace_s + 5)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._own_engines:
            await self.engines.close()
