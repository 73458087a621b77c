"""A real headless Chromium opens the page, sees the menu and plays a move, driven through the Chrome
DevTools protocol (over its websocket, with aiohttp's client) on loopback.

What the browser shows is read from xterm.js itself: a script run before the page's own catches
textual.js's terminal object as it is made (the first time it sets its ``websocket_url``), and the
test reads the lines of that terminal's buffer. Keys are real key events sent to the page. The
screenshots are kept under the test's tmp folder, and copied to ``$TUI_GAMES_ARTEFACTS`` when set.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import re
import shutil
import signal
import time
from pathlib import Path

import aiohttp
import pytest

from waiting import until
from web_helpers import GAME_WAIT_S, process_gone, start_web  # noqa: F401

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
"""The names a Chromium may have on the PATH (Debian's package installs ``chromium``)."""

BROWSER = next((path for path in map(shutil.which, BROWSERS) if path), None)

pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium on this machine (Debian: apt-get install "
                                                        "chromium; .ci/run installs it where apt-get works)")

WAIT_S = 30.0
"""The longest a step waits (a browser's first start on a loaded machine can take seconds)."""

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "websocket_url", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "websocket_url", {value: value, writable: true, enumerable: true, configurable: true});
    window.__tuiGamesTerminal = this;
  },
});
"""
"""Run before the page's scripts: keeps textual.js's terminal object as ``window.__tuiGamesTerminal``."""

SCREEN_TEXT = """(() => {
  const holder = window.__tuiGamesTerminal;
  if (!holder || !holder.terminal) return null;
  const terminal = holder.terminal, buffer = terminal.buffer.active, lines = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return {cols: terminal.cols, rows: terminal.rows, text: lines.join("\\n")};
})()"""
"""The lines xterm.js shows now, and its size."""

KEYS = {"\r": ("Enter", "Enter", 13)}
"""Key name, code and key code of the special keys typed here; digits are typed as themselves."""


class DevTools:
    """A Chrome DevTools protocol session with one page."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.errors: list[str] = []
        """Exceptions thrown in the page and errors it logged."""
        self._ids = itertools.count(1)

    async def call(self, method: str, **params) -> dict:
        """Call ``method``; its result (events met on the way are looked at for errors)."""
        call_id = next(self._ids)
        await self.websocket.send_json({"id": call_id, "method": method, "params": params})
        while True:
            message = await asyncio.wait_for(self.websocket.receive_json(), WAIT_S)
            if message.get("id") == call_id:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message["result"]
            if message.get("method") == "Runtime.exceptionThrown":
                self.errors.append(json.dumps(message["params"]["exceptionDetails"])[:500])
            elif message.get("method") == "Log.entryAdded" and message["params"]["entry"]["level"] == "error":
                self.errors.append(message["params"]["entry"]["text"])

    async def evaluate(self, expression: str):
        """The value of ``expression`` in the page."""
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    async def screen(self) -> dict:
        """What the page's terminal shows: ``{"cols", "rows", "text"}`` (text empty before it exists)."""
        return await self.evaluate(SCREEN_TEXT) or {"cols": 0, "rows": 0, "text": ""}

    async def wait_for(self, *texts: str, timeout: float = WAIT_S) -> str:
        """Wait until the page's terminal shows every one of ``texts``; its text."""
        deadline = time.monotonic() + timeout
        while True:
            text = (await self.screen())["text"]
            if all(t in text for t in texts):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{texts!r} not in the browser after {timeout} s:\n{text}\n{self.errors}")
            await asyncio.sleep(0.1)

    async def type(self, key: str) -> None:
        """Press and release ``key`` (a digit or Enter) as a keyboard would."""
        name, code, key_code = KEYS.get(key, (key, f"Digit{key}", ord(key)))
        await self.call("Input.dispatchKeyEvent", type="keyDown", key=name, code=code,
                        windowsVirtualKeyCode=key_code, text=key)
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=name, code=code, windowsVirtualKeyCode=key_code)

    async def screenshot(self, path: Path) -> Path:
        """Save a PNG of the page to ``path`` (and to ``$TUI_GAMES_ARTEFACTS`` when set)."""
        data = base64.b64decode((await self.call("Page.captureScreenshot", format="png"))["data"])
        path.write_bytes(data)
        artefacts = os.environ.get("TUI_GAMES_ARTEFACTS")
        if artefacts:
            Path(artefacts).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(artefacts) / path.name)
        return path


async def start_browser(profile: Path) -> tuple[asyncio.subprocess.Process, int]:
    """Headless Chromium with a fresh profile and DevTools on a free loopback port; it and the port."""
    browser = await asyncio.create_subprocess_exec(
        BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
        "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", f"--user-data-dir={profile}",
        "--window-size=1200,800", "about:blank", stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        line = (await asyncio.wait_for(browser.stderr.readline(), WAIT_S)).decode(errors="replace")
        if not line:
            break
        found = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
        if found:
            asyncio.get_running_loop().create_task(browser.stderr.read())  # keep its pipe empty
            return browser, int(found.group(1))
    browser.kill()
    await browser.wait()
    raise AssertionError("Chromium did not start its DevTools")


async def stop_browser(browser: asyncio.subprocess.Process) -> None:
    """End Chromium and every process it started."""
    if browser.returncode is None:
        browser.terminate()
        try:
            await asyncio.wait_for(browser.wait(), 5)
        except asyncio.TimeoutError:
            pass
    try:
        os.killpg(browser.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    await browser.wait()


@pytest.mark.slow
async def test_headless_chromium_sees_the_menu_and_plays_a_move(start_web, tmp_path):
    server = await start_web()
    browser, port = await start_browser(tmp_path / "profile")
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/json/list") as listing:
                [page] = [target for target in await listing.json() if target["type"] == "page"]
            async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as websocket:
                devtools = DevTools(websocket)
                for domain in ("Page", "Runtime", "Log"):
                    await devtools.call(f"{domain}.enable")
                await devtools.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_TERMINAL)
                opened = time.monotonic()
                await devtools.call("Page.navigate", url=f"http://127.0.0.1:{server.port}/")
                await devtools.wait_for("tui-games", "Tic Tac Toe", "Commands")
                print(f"the browser showed the menu {time.monotonic() - opened:.2f} s after it opened the page")
                screen = await devtools.screen()
                [session] = server.sessions
                assert (screen["cols"], screen["rows"]) == (session.cols, session.rows)  # sized to the window
                assert screen["cols"] >= 80 and screen["rows"] >= 24
                await devtools.screenshot(tmp_path / "web-menu.png")
                await devtools.call("Emulation.setFocusEmulationEnabled", enabled=True)  # as a window in front
                await devtools.evaluate("window.__tuiGamesTerminal.terminal.focus()")  # as a click on it would

                await devtools.type("\r")  # Tic Tac Toe is chosen: its new-game form
                await devtools.wait_for("New game: Tic Tac Toe")
                await devtools.type("\r")  # Start: X is the human, O the AI
                await devtools.wait_for("Your move: X", timeout=GAME_WAIT_S)
                await devtools.type("5")  # the centre
                text = await devtools.wait_for("1. X: b2")
                assert "╳" in text
                shot = await devtools.screenshot(tmp_path / "web-move.png")
                assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
                assert not devtools.errors, devtools.errors
                pid = session.process.pid
    finally:
        await stop_browser(browser)
    await until(lambda: not server.sessions, what="the session's end when the browser went")
    assert process_gone(pid)
