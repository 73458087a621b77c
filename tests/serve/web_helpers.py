"""A test client for the web front end: aiohttp's websocket client speaking textual-serve's browser
protocol on loopback, its output fed into a `pyte` screen so that tests read what a player would see;
and the fixture that starts the web front end in the test's process."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from ssh_helpers import WAIT_S, ScreenReader, proc_environ, process_gone  # noqa: F401  (web tests import them from here)

from tui_games.serve.config import ServeConfig
from tui_games.serve.web_identity import COOKIE_NAME
from tui_games.serve.web_server import WebServer

GAME_WAIT_S = 120.0
"""The longest a test waits for a game to start: the first time, its kernels are compiled (10 s here)."""


@pytest.fixture
async def start_web(tmp_path):
    """``await start_web(**config)``: a started :class:`WebServer` on an ephemeral loopback port
    (stopped after the test)."""
    servers = []

    async def start(**overrides) -> WebServer:
        overrides.setdefault("data_dir", tmp_path / "data")
        server = WebServer(ServeConfig(host="127.0.0.1", ssh_port=None, web_port=0, **overrides))
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await server.stop()


def origin(server: WebServer) -> str:
    """The page's own origin."""
    return f"http://127.0.0.1:{server.port}"


class WebTerminal(ScreenReader):
    """One browser session: the websocket, the raw output, and a pyte screen drawn from it."""

    def __init__(self, http: aiohttp.ClientSession, websocket: aiohttp.ClientWebSocketResponse,
                 cols: int, rows: int) -> None:
        super().__init__(cols, rows)
        self.http = http
        self.websocket = websocket
        self.texts: list = []
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, server: WebServer, cols: int = 100, rows: int = 30, *, cookie: str | None = None,
                   origin_header: str | None = None, headers: dict | None = None) -> "WebTerminal":
        """Connect as a browser of ``cols`` x ``rows`` would (``cookie``: the identity cookie's value;
        ``headers``: more request headers, as a proxy adds)."""
        http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        if cookie is not None:
            http.cookie_jar.update_cookies({COOKIE_NAME: cookie}, aiohttp.client.URL(origin(server)))
        try:
            websocket = await http.ws_connect(f"{origin(server)}/ws?width={cols}&height={rows}",
                                              headers={"Origin": origin_header or origin(server),
                                                       **(headers or {})},
                                              autoping=True)
        except BaseException:
            await http.close()
            raise
        return cls(http, websocket, cols, rows)

    async def _read(self) -> None:
        try:
            async for message in self.websocket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.raw += message.data
                    self._stream.feed(message.data)
                elif message.type == aiohttp.WSMsgType.TEXT:
                    self.texts.append(json.loads(message.data))
        finally:
            self.closed.set()

    @property
    def cookie(self) -> str | None:
        """The identity cookie this client holds now."""
        for morsel in self.http.cookie_jar:
            if morsel.key == COOKIE_NAME:
                return morsel.value
        return None

    @property
    def close_code(self) -> int | None:
        """The code the server closed the websocket with."""
        return self.websocket.close_code

    async def send(self, keys: str) -> None:
        """Type ``keys``."""
        await self.websocket.send_str(json.dumps(["stdin", keys]))

    async def resize(self, cols: int, rows: int) -> None:
        """Change the terminal's size (the screen and what the server is told)."""
        self.screen.resize(rows, cols)
        await self.websocket.send_str(json.dumps(["resize", {"width": cols, "height": rows}]))

    async def close(self) -> None:
        """Close the websocket (as a browser closing its tab) and the client."""
        await self.websocket.close()
        await self._reader
        await self.http.close()

