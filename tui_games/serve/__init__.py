"""`tui-games serve`: the games over SSH and in the browser, one UI process per session.

The pieces, each in its own module:

- :mod:`~tui_games.serve.config`: the server's settings and limits (:class:`ServeConfig`) and the
  ``serve`` command's options;
- :mod:`~tui_games.serve.host_key`: the server's ed25519 host key, made on first start;
- :mod:`~tui_games.serve.identity`: a player is the SHA256 fingerprint of their SSH key; their folder,
  their display name, the ``--allow-keys`` list;
- :mod:`~tui_games.serve.rate_limits`: token buckets (connections per address, input bytes) and the
  session caps;
- :mod:`~tui_games.serve.ssh_server`: the listener and each connection's authentication and refusals;
- :mod:`~tui_games.serve.ssh_session`: one SSH session: its terminal, its timers, its limits, the bytes
  between the channel and the UI process;
- :mod:`~tui_games.serve.session_process`: the UI process on a pseudo-terminal (spawn, resize, hang up);
- :mod:`~tui_games.serve.session_main`: what that process runs (the app at its menu, nothing else);
- :mod:`~tui_games.serve.session_log`: the one line logged per session;
- :mod:`~tui_games.serve.web_server`: the web front end (aiohttp): the page, textual-serve's browser
  files, each websocket's checks (origin, rate) and identity;
- :mod:`~tui_games.serve.web_identity`: a browser is a random identity in a cookie the server signed;
- :mod:`~tui_games.serve.web_request`: the client's address and the page's origin (proxy headers
  believed only behind a proxy);
- :mod:`~tui_games.serve.web_session`: one browser session: its messages, timers and limits;
- :mod:`~tui_games.serve.web_process`: its UI process on pipes, in the web driver's packets;
- :mod:`~tui_games.serve.web_session_main`: what that process runs (the app with Textual's web driver);
- :mod:`~tui_games.serve.web_page`: the page, its style sheet and script;
- :mod:`~tui_games.serve.runner`: the server's life: start either front end or both (one set of
  caps), log, stop cleanly on SIGTERM.

Only :mod:`config` is imported by the command line's parser; everything else loads asyncssh, aiohttp
and textual-serve (the ``serve`` extra) when the server starts.
"""
