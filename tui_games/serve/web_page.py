"""The web front end's page: a terminal (textual-serve's browser script, xterm.js) filling the window.

The page, its style sheet and its small script are this project's own; ``textual.js``, ``xterm.css``
and the Roboto Mono font are textual-serve's, served from its package as they are. Nothing is loaded
from anywhere else (textual-serve's own page pulls a font from a font service). The script makes the
websocket's address from the page's own (so it is right behind any proxy, under any path); when the
session ends a bar says so and offers a new one, while the terminal keeps the server's last line.
"""

from __future__ import annotations

from pathlib import Path

STATIC_PREFIX = "static"
"""Where textual-serve's files are served, under the page."""

PAGE_TITLE = "tui-games"
"""The page's title."""

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                           "img-src 'self' data:; font-src 'self'; connect-src 'self'; "
                           "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
"""Only this server's files and websocket; xterm.js sets inline styles; no framing by other sites."""

PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{PAGE_TITLE}</title>
<link rel="preload" href="{STATIC_PREFIX}/fonts/RobotoMono-VariableFont_wght.ttf" as="font" type="font/ttf" crossorigin>
<link rel="stylesheet" href="{STATIC_PREFIX}/css/xterm.css">
<link rel="stylesheet" href="tui-games.css">
<script src="tui-games.js"></script>
<script src="{STATIC_PREFIX}/js/textual.js"></script>
</head>
<body>
<div id="terminal" class="textual-terminal" data-font-size="16"></div>
<div class="ended" role="status">Session ended. <button type="button" id="again">Start again</button></div>
</body>
</html>
"""
"""The page (``/``)."""

STYLE = f"""@font-face {{
  font-family: "Roboto Mono";
  src: url("{STATIC_PREFIX}/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
  font-weight: 100 700;
}}
html, body {{ margin: 0; height: 100%; background: #0c181f; overflow: hidden; }}
#terminal {{ position: absolute; inset: 0; }}
.ended {{
  display: none; position: fixed; left: 0; right: 0; bottom: 0; padding: 8px 16px; z-index: 10;
  font: 16px "Roboto Mono", monospace; color: #fff; background: #5e0ba7;
}}
body.-closed .ended {{ display: block; }}
.ended button {{ margin-left: 16px; font: inherit; }}
"""
"""The page's style sheet (``/tui-games.css``)."""

SCRIPT = """"use strict";
// The websocket beside the page: ws(s)://<this host>/<this path's folder>/ws
document.addEventListener("DOMContentLoaded", function () {
  var terminal = document.getElementById("terminal");
  var scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  var folder = window.location.pathname.replace(/[^/]*$/, "");
  terminal.dataset.sessionWebsocketUrl = scheme + "//" + window.location.host + folder + "ws";
  document.getElementById("again").addEventListener("click", function () { window.location.reload(); });
});
"""
"""The page's script (``/tui-games.js``); textual.js reads the address on the window's load."""


def static_dir() -> Path:
    """textual-serve's folder of browser files (its script, style sheet and fonts)."""
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent / "static"
